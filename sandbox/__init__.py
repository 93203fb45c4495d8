"""Running repository and model code in isolation, and the problem runner shared with evaluation.

Why it exists: the executable split runs code we did not write: a repository's test suite,
generated tests, and (in evaluation) model-written solutions. Every such run goes through a
:class:`Sandbox`:

- a private temporary copy of the repository (``<sandbox>/repo``); the run's working
  directory, ``HOME``, ``TMPDIR`` and caches all point inside the sandbox folder;
- the isolation of ``sandbox/isolation.py``: bubblewrap namespaces (filesystem
  read-only except the sandbox folder and a private ``/tmp``, homes and caches hidden, fresh
  pid namespace and ``/proc``, no network, no capabilities, every process gone when the run
  ends) and whole-tree memory and process limits from cgroups when available;
- rlimits per process (``RLIMIT_AS``, ``RLIMIT_CPU``, ``RLIMIT_FSIZE``; ``RLIMIT_NPROC`` where no
  pids cgroup exists) and a wall-clock time-out (:func:`analyzers.run.run`);
- an environment built from an allow-list (no credentials or tokens of the builder);
- test outcomes over a per-run channel (``sandbox/channel.py``), never from files the
  code under test could write.

Execution refuses to start (:class:`SandboxUnavailable`) when bubblewrap is missing or cannot
create its namespaces, unless the caller opted out explicitly (``CROSSFILE_SANDBOX=none``,
``--sandbox none``; loudly warned). :func:`run_problem_tests` is the one place that decides
whether a solution passes a problem's tests; the builder's gold gate and the evaluation of
model outputs both call it, so they measure the same thing.
"""

from __future__ import annotations

import functools
import os
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Sequence

from crossfile_datasets.analyzers.run import Limits, RunResult, RunStatus, run
from crossfile_datasets.core import constants as C
from crossfile_datasets.core.enums import StrEnum
from crossfile_datasets.sandbox.channel import ChannelRecords, ResultChannel, parse_records
from crossfile_datasets.sandbox.checks import (
    extract_function_source,
    locate_function,
    render_check,
    splice_solution,
)
from crossfile_datasets.sandbox.isolation import (
    SANDBOX_ENV,
    PeakWatch,
    SandboxUnavailable,
    TreeLimits,
    bwrap_argv,
    configure_isolation,
    interpreter_paths,
    isolation_mode,
    join_cgroups_argv,
    opt_out_warning,
    require_bwrap,
)

PLUGIN_SOURCE = Path(__file__).resolve().parent / "pytest_plugin.py"
PLUGIN_NAME = "crossfile_pytest_plugin"
_COPY_SKIP = frozenset({".git", ".hg", ".svn"}) | C.SKIP_DIRS
# processes of the run's tree that are not the program's: /bin/sh joining the cgroups (it
# execs bwrap), bwrap outside and bwrap's init inside the pid namespace
_HARNESS_PROCESSES = 3
# The pids controller counts tasks, threads included: a suite testing concurrency with a few
# dozen threads must not fail for it. pids.max = this many tasks per allowed process (+ the
# harness's); a fork bomb of the default 32 processes is stopped at 131 tasks.
TASKS_PER_PROCESS = 4


# ------------------------------------------------------------------------------ limits --
@dataclass(frozen=True)
class SandboxLimits:
    timeout: float = C.EXEC_RUN_TIMEOUT
    memory_bytes: int = C.EXEC_MEMORY_BYTES  # per process (RLIMIT_AS) and whole tree (cgroup)
    max_processes: int = C.EXEC_MAX_PROCESSES  # x TASKS_PER_PROCESS tasks (threads count) in a pids cgroup
    file_size_bytes: int = C.EXEC_FILE_SIZE_BYTES
    test_timeout: float = C.EXEC_TEST_TIMEOUT  # per test, inside a pytest run


@dataclass(frozen=True)
class SandboxRun:
    """One finished run of a sandbox."""

    result: RunResult
    process_limit_hit: bool  # the pids cgroup refused a fork
    peak_processes: int  # most live tasks (processes and threads) of the run seen at once (cgroup only; else 0)
    process_limit_mode: str  # how limits were enforced: "cgroup-v1-memory+cgroup-v1-pids" or "rlimit"
    leftovers_killed: int  # processes still in the run's cgroup after it ended (normally 0)
    memory_limit_hit: bool = False  # the whole-tree memory limit killed a process
    isolation: str = "bwrap"  # "bwrap" or "none" (explicit opt-out)

    @property
    def timed_out(self) -> bool:
        return self.result.status is RunStatus.TIMEOUT

    @property
    def ok(self) -> bool:
        return self.result.ok and not self.process_limit_hit and not self.memory_limit_hit


_WARNED: set[str] = set()


def _warn_opt_out() -> None:
    if "none" not in _WARNED:
        _WARNED.add("none")
        print(opt_out_warning(), file=sys.stderr, flush=True)


# ------------------------------------------------------------------------------ sandbox --
def copy_repository(source: Path, dest: Path) -> None:
    """Copy a repository for a run: no VCS folders, build outputs or virtual environments;
    symbolic links stay links (inside the sandbox, one that leaves the copy is read-only)."""

    def ignore(directory: str, names: list[str]) -> set[str]:
        return {n for n in names if n in _COPY_SKIP or n.endswith(".pyc")}

    shutil.copytree(source, dest, symlinks=True, ignore=ignore, ignore_dangling_symlinks=True)


class Sandbox:
    """A private temporary copy of a repository, and the way to run programs on it.

    Layout: ``<dir>/repo`` (the copy; working directory of runs), ``<dir>/control`` (support
    modules, check programs, coverage data), ``<dir>/home`` and ``<dir>/tmp``. Inside a run,
    ``<dir>`` and a private ``/tmp`` are the only writable places. Use as a context manager;
    the folder is removed on exit. ``isolation`` defaults to :func:`isolation_mode` (the
    ``CROSSFILE_SANDBOX`` variable); ``read_only``: more folders to show read-only when they
    lie under a hidden one (the interpreter's own folders are found automatically).
    """

    def __init__(
        self,
        source: Path | None,
        *,
        python: str,
        python_path: Sequence[str] = ("",),
        limits: SandboxLimits = SandboxLimits(),
        isolation: str | None = None,
        read_only: Sequence[str] = (),
    ) -> None:
        self.isolation = isolation or isolation_mode()
        if self.isolation == "bwrap":
            self.bwrap = require_bwrap()  # refuse before copying anything
        else:
            _warn_opt_out()
            self.bwrap = None
        self.dir = Path(tempfile.mkdtemp(prefix="crossfile-sandbox-")).resolve()
        self.root = self.dir / "repo"
        self.control = self.dir / "control"
        self.support = self.control / "support"
        self.python = python
        self.limits = limits
        self.read_only = tuple(read_only)
        self.python_path = [str((self.root / p).resolve()) if p else str(self.root) for p in python_path]
        try:
            if source is not None:
                copy_repository(Path(source), self.root)
            else:
                self.root.mkdir()
            for d in (self.support, self.dir / "home", self.dir / "tmp"):
                d.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(PLUGIN_SOURCE, self.support / f"{PLUGIN_NAME}.py")
        except BaseException:
            shutil.rmtree(self.dir, ignore_errors=True)
            raise

    def __enter__(self) -> "Sandbox":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        shutil.rmtree(self.dir, ignore_errors=True)

    def write(self, rel: str, text: str) -> Path:
        path = self.root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return path

    def environment(self, extra: dict[str, str] | None = None) -> dict[str, str]:
        """The run's whole environment: an allow-list, nothing inherited from the builder."""
        home, tmp = self.dir / "home", self.dir / "tmp"
        bin_dir = str(Path(self.python).parent)
        env = {
            "PATH": os.pathsep.join([bin_dir, "/usr/local/bin", "/usr/bin", "/bin"]),
            "HOME": str(home),
            "TMPDIR": str(tmp), "TEMP": str(tmp), "TMP": str(tmp),
            "XDG_CACHE_HOME": str(home / ".cache"), "XDG_CONFIG_HOME": str(home / ".config"),
            "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
            "PYTHONPATH": os.pathsep.join([str(self.support), *self.python_path]),
            "PYTHONDONTWRITEBYTECODE": "1",
            "PYTHONNOUSERSITE": "1",
            "PYTHONUNBUFFERED": "1",
            # only the plugins a run asks for (-p): see sandbox/environment.py:requirement_pytest_plugins
            "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1",
            "CROSSFILE_SANDBOX_ROOT": str(self.dir),
        }
        if extra:
            env.update(extra)
        return env

    def run(
        self,
        argv: Sequence[str],
        *,
        timeout: float | None = None,
        env: dict[str, str] | None = None,
        cwd: Path | None = None,
        memory_bytes: int | None = None,
        channel: ResultChannel | None = None,
    ) -> SandboxRun:
        """Run ``argv`` (its first element is normally ``self.python``) inside the sandbox.
        ``channel``: the verdict channel the run's pytest plugin reports through."""
        timeout = timeout if timeout is not None else self.limits.timeout
        memory = memory_bytes or self.limits.memory_bytes
        tree = TreeLimits.create(memory, self.limits.max_processes * TASKS_PER_PROCESS + _HARNESS_PROCESSES)
        has_pids = tree is not None and "pids" in tree.folders
        # RLIMIT_NPROC counts all of the user's processes (and binds nobody for root): a fallback
        nproc = None if has_pids or os.geteuid() == 0 else _user_process_count() + self.limits.max_processes
        limits = Limits(memory_bytes=memory, max_processes=nproc, cpu_seconds=int(timeout) + 5,
                        file_size_bytes=self.limits.file_size_bytes)
        workdir = cwd or self.root
        full_env = self.environment(env)
        pass_fds: tuple[int, ...] = ()
        if channel is not None:
            full_env.update(channel.environment())
            pass_fds = channel.child_fds
        command = list(argv)
        if self.bwrap is not None:
            full_env["CROSSFILE_SANDBOX_PIDNS"] = "1"  # /proc shows the run's processes only
            read_only = (*interpreter_paths(self.python), *self.read_only)
            command = [*bwrap_argv(self.bwrap, writable=self.dir, cwd=workdir, read_only=read_only), "--", *command]
        if tree is not None:
            command = [*join_cgroups_argv(tree.procs_files()), *command]
        watch = PeakWatch(tree) if tree is not None else None
        leftovers = 0
        if watch is not None:
            watch.start()
        try:
            result = run(command, timeout=timeout, cwd=workdir, env=full_env, limits=limits, pass_fds=pass_fds)
        finally:
            peak = watch.stop() if watch is not None else 0
            if tree is not None:  # never leave a cgroup behind
                process_hit, memory_hit = tree.process_limit_hit(), tree.memory_limit_hit()
                leftovers = tree.close()
            else:
                process_hit = memory_hit = False
        mode = tree.mode if tree is not None else "rlimit"
        return SandboxRun(result, process_hit, peak, mode, leftovers, memory_hit, self.isolation)


def _user_process_count() -> int:
    uid = os.getuid()
    count = 0
    try:
        for name in os.listdir("/proc"):
            if name.isdigit():
                try:
                    if os.stat(f"/proc/{name}").st_uid == uid:
                        count += 1
                except OSError:
                    pass
    except OSError:
        pass
    return count


# --------------------------------------------------------------------------- pytest runs --
@dataclass
class PytestRun:
    """Outcomes of one sandboxed pytest run, per node id."""

    run: SandboxRun
    outcomes: dict[str, Outcome]  # nodeid -> outcome
    messages: dict[str, str] = field(default_factory=dict)
    contexts: dict[str, dict[int, list[str]]] | None = None  # repo-relative file -> line -> nodeids
    complete: bool = False  # pytest's end-of-session record arrived over the channel
    forged_records: int = 0  # channel lines without the run's token (ignored)


class Outcome(StrEnum):
    """One test's outcome in a sandboxed pytest run (see :func:`summarize_outcomes`)."""
    PASSED = "passed"
    ASSERTION = "assertion"  # the test body failed with an AssertionError (repairable)
    ERROR = "error"  # any other failure: setup, teardown, collection, another exception, time-out
    SKIPPED = "skipped"
    XFAIL = "xfail"
    SANDBOX_VIOLATION = "sandbox_violation"  # wrote outside the sandbox or used the network


class VerdictStatus(StrEnum):
    """How a solution fared on a problem's tests (:func:`run_problem_tests`)."""
    PASSED = "passed"
    FAILED = "failed"  # assertions failed, nothing else went wrong
    ERROR = "error"
    TIMEOUT = "timeout"
    INCOMPLETE = "incomplete"  # no end-of-session record: killed, os._exit, a crash
    SANDBOX_VIOLATION = "sandbox_violation"
    NO_TESTS = "no_tests"
    INVALID_SOLUTION = "invalid_solution"  # the solution could not be put in place


# ranks of a node's outcome when its phases disagree: the worst wins
OUTCOME_RANK = {Outcome.SANDBOX_VIOLATION: 5, Outcome.ERROR: 4, Outcome.XFAIL: 3, Outcome.ASSERTION: 2,
                Outcome.SKIPPED: 1, Outcome.PASSED: 0}


def summarize_outcomes(records: Iterable[dict]) -> tuple[dict[str, Outcome], dict[str, str]]:
    """Plugin records -> (nodeid -> outcome, nodeid -> first failure message).

    ``assertion`` = the test body failed with an AssertionError (repairable); ``error`` = any
    other failure (setup, teardown, collection, another exception, the per-test time-out);
    ``sandbox_violation`` = the test tried to write outside the sandbox or use the network
    (whatever its outcome: such a test never becomes a problem's test).
    """
    outcomes: dict[str, Outcome] = {}
    messages: dict[str, str] = {}
    for rec in records:
        nodeid, when, outcome = rec["nodeid"], rec["when"], rec["outcome"]
        previous = outcomes.get(nodeid)
        if rec.get("violations"):
            new = Outcome.SANDBOX_VIOLATION
            messages.setdefault(nodeid, "sandbox violation: " + "; ".join(rec["violations"][:3]))
        elif rec.get("xfail"):
            new = Outcome.XFAIL
        elif outcome == "failed":
            new = Outcome.ASSERTION if when == "call" and rec.get("exc_type") == "AssertionError" else Outcome.ERROR
            messages.setdefault(nodeid, f"{rec.get('exc_type')}: {rec.get('message', '')}")
        elif outcome == "skipped":
            new = Outcome.SKIPPED
        elif when == "call":
            new = Outcome.PASSED
        else:
            continue  # setup/teardown passing says nothing on its own
        if previous is None or OUTCOME_RANK[new] > OUTCOME_RANK[previous]:
            outcomes[nodeid] = new
    return outcomes, messages


def program_outcome(outcomes: dict[str, Outcome], path: str) -> Outcome:
    """Outcome of one test program (file) from its tests' outcomes: all must pass."""
    mine = [o for nodeid, o in outcomes.items() if nodeid == path or nodeid.startswith(path + "::")]
    if not mine:
        return Outcome.ERROR  # nothing collected or the run died before it
    for worst in (Outcome.SANDBOX_VIOLATION, Outcome.ERROR, Outcome.XFAIL, Outcome.SKIPPED, Outcome.ASSERTION):
        if worst in mine:
            return worst
    return Outcome.PASSED


def plugin_args(plugins: Sequence[str]) -> list[str]:
    return [arg for name in plugins for arg in ("-p", name)]


def pytest_argv(sandbox: Sandbox, paths: Sequence[str], coverage_rc: Path | None = None,
                plugins: Sequence[str] = ()) -> list[str]:
    head = [sandbox.python]
    if coverage_rc is not None:
        head += ["-m", "coverage", "run", f"--rcfile={coverage_rc}", "-m", "pytest"]
    else:
        head += ["-m", "pytest"]
    return [*head, "-q", "-p", "no:cacheprovider", "-p", PLUGIN_NAME, *plugin_args(plugins),
            f"--rootdir={sandbox.root}", *paths]


def run_with_channel(sandbox: Sandbox, argv: Sequence[str], **kwargs) -> tuple[SandboxRun, ChannelRecords]:
    """Run a program that loads the pytest plugin; its verdict records come over a new channel."""
    channel = ResultChannel()
    try:
        srun = sandbox.run(argv, channel=channel, **kwargs)
    finally:
        records = channel.finish()
    return srun, records


def run_pytest(
    sandbox: Sandbox,
    paths: Sequence[str],
    *,
    coverage_files: Sequence[str] | None = None,
    timeout: float | None = None,
    extra_env: dict[str, str] | None = None,
    plugins: Sequence[str] = (),
) -> PytestRun:
    """Run pytest on ``paths`` (relative to the copy) with the outcome plugin.

    ``coverage_files`` (repo-relative): measure those files with one coverage context per
    test node id and return, per file and line, the node ids that executed it.
    ``extra_env`` values may name ``__CONTROL__``: the sandbox's control folder.
    """
    rc = None
    data_file = sandbox.control / "coverage.data"
    if coverage_files:
        include = "\n".join(f"    {sandbox.root / f}" for f in coverage_files)
        rc = sandbox.control / "coveragerc"
        rc.write_text(f"[run]\ndata_file = {data_file}\ninclude =\n{include}\n", encoding="utf-8")
    env = {k: v.replace("__CONTROL__", str(sandbox.control)) for k, v in (extra_env or {}).items()}
    env["CROSSFILE_TEST_TIMEOUT"] = str(sandbox.limits.test_timeout)
    srun, channel = run_with_channel(sandbox, pytest_argv(sandbox, paths, rc, plugins), timeout=timeout, env=env)
    outcomes, messages = summarize_outcomes(channel.records)
    contexts = None
    if coverage_files:
        contexts = read_coverage_contexts(data_file, sandbox.root)
    return PytestRun(srun, outcomes, messages, contexts, channel.complete, channel.forged)


def read_coverage_contexts(data_file: Path, root: Path) -> dict[str, dict[int, list[str]]]:
    """coverage.py data -> {repo-relative file: {line: [contexts that executed it]}}."""
    from coverage import CoverageData

    if not data_file.exists():
        return {}
    data = CoverageData(basename=str(data_file))
    data.read()
    out: dict[str, dict[int, list[str]]] = {}
    for measured in data.measured_files():
        try:
            rel = Path(measured).resolve().relative_to(root.resolve()).as_posix()
        except ValueError:
            continue
        by_line = data.contexts_by_lineno(measured)
        out[rel] = {line: [c for c in ctxs if c] for line, ctxs in by_line.items()}
    return out


# ---------------------------------------------------------------------- problem runner --
@functools.lru_cache(maxsize=64)
def _plugins_of(python: str, requirements: tuple[str, ...]) -> tuple[str, ...]:
    from crossfile_datasets.sandbox.environment import requirement_pytest_plugins

    return tuple(requirement_pytest_plugins(python, requirements))


VERDICT_STATUSES = ("passed", "failed", "error", "timeout", "incomplete", "sandbox_violation",
                    "invalid_solution", "no_tests")


def run_problem_tests(
    problem: dict,
    solution_code: str,
    timeout: float = C.EXEC_GOLD_TIMEOUT,
    *,
    repo_root: str | os.PathLike | None = None,
    python: str | None = None,
    limits: SandboxLimits | None = None,
    pytest_plugins: Sequence[str] | None = None,
    isolation: str | None = None,
) -> dict:
    """Run one problem's tests against ``solution_code``, isolated; the verdict of record.

    ``problem`` is a record of the executable split (``repository_root``, ``file``,
    ``qualname``, ``entry_point``, ``class_name``, ``python_path``, ``requirements``,
    ``check``). ``solution_code`` is the target function's code, or a whole prompt plus
    completion (the last ``def <entry_point>`` is used, dedented and re-indented in place).
    ``repo_root`` overrides the snapshot recorded in the problem (e.g. after moving the
    dataset); ``python`` overrides the interpreter (default: the virtual environment made for
    the problem's requirements, see sandbox/environment.py); ``pytest_plugins`` overrides the
    pytest plugins loaded (default: those the requirements provide; autoloading is off);
    ``isolation``: "bwrap" or "none" (default: :func:`isolation_mode`).

    Steps: copy the repository into a fresh sandbox, splice the solution into the module,
    run the problem's ``check`` program there (all limits of :class:`Sandbox`, wall clock
    ``timeout``), read each test's outcome from the run's verdict channel.

    Returns ``{"passed": bool, "status": one of VERDICT_STATUSES, "tests": {nodeid: outcome},
    "num_tests", "num_passed", "duration", "detail"}``: ``failed`` = only assertion failures;
    ``incomplete`` = the run ended before pytest's end-of-session record (killed, ``os._exit``,
    a crash: whatever was reported before, it is not a pass); ``sandbox_violation`` = a test
    tried to write outside the sandbox or reach the network; ``error`` = anything else went
    wrong (exceptions, the process or memory limit, the per-test time-out).
    """
    root = Path(repo_root or problem["repository_root"])
    requirements = tuple(sorted(problem.get("requirements") or []))
    if python is None:
        from crossfile_datasets.sandbox.environment import ensure_environment

        env = ensure_environment(requirements)
        python = env.python
        if pytest_plugins is None:
            pytest_plugins = env.pytest_plugins
    elif pytest_plugins is None:
        pytest_plugins = _plugins_of(python, requirements)
    base = limits or SandboxLimits()
    limits = SandboxLimits(timeout, base.memory_bytes, base.max_processes, base.file_size_bytes,
                           min(base.test_timeout, timeout))
    started = time.monotonic()
    verdict: dict = {"passed": False, "status": VerdictStatus.ERROR, "tests": {}, "num_tests": 0, "num_passed": 0,
                     "duration": 0.0, "detail": ""}
    with Sandbox(root, python=python, python_path=problem.get("python_path") or [""], limits=limits,
                 isolation=isolation) as box:
        module = box.root / problem["file"]
        try:
            text = module.read_text(encoding="utf-8")
        except OSError as exc:
            verdict["detail"] = f"cannot read {problem['file']}: {exc}"
            return verdict
        new_text, why = splice_solution(text, problem["qualname"], problem["entry_point"],
                                        problem.get("class_name") or None, solution_code)
        if new_text is None:
            verdict.update(status=VerdictStatus.INVALID_SOLUTION, detail=why)
            return verdict
        module.write_text(new_text, encoding="utf-8")
        check = box.control / "check.py"
        check.write_text(problem["check"], encoding="utf-8")
        env = {"CROSSFILE_TEST_TIMEOUT": str(limits.test_timeout)}
        argv = [python, str(check), "-p", PLUGIN_NAME, *plugin_args(pytest_plugins or ()), f"--rootdir={box.root}"]
        srun, channel = run_with_channel(box, argv, timeout=timeout, env=env)
    outcomes, messages = summarize_outcomes(channel.records)
    passed = sum(1 for o in outcomes.values() if o == Outcome.PASSED)
    detail = ""
    if srun.timed_out:
        status = VerdictStatus.TIMEOUT
    elif not channel.complete:
        status = VerdictStatus.INCOMPLETE
        detail = ("the run ended before pytest's end-of-session record (killed, os._exit or a crash"
                  + (", the memory limit" if srun.memory_limit_hit else "") + "): not a pass")
    elif Outcome.SANDBOX_VIOLATION in outcomes.values():
        status = VerdictStatus.SANDBOX_VIOLATION
    elif not outcomes:
        status = VerdictStatus.NO_TESTS
    elif passed == len(outcomes) and srun.ok:
        status = VerdictStatus.PASSED
    elif all(o in (Outcome.PASSED, Outcome.ASSERTION) for o in outcomes.values()) and srun.result.status is RunStatus.OK \
            and not (srun.process_limit_hit or srun.memory_limit_hit):
        status = VerdictStatus.FAILED
    else:
        status = VerdictStatus.ERROR
    if channel.forged:
        detail = f"{channel.forged} forged verdict lines ignored; " + detail
    detail = detail + "; ".join(f"{k}: {v}" for k, v in list(messages.items())[:5])
    if not detail and status != VerdictStatus.PASSED:
        detail = (srun.result.stderr or srun.result.stdout)[-2000:]
    verdict.update(passed=status == VerdictStatus.PASSED, status=status, tests=outcomes, num_tests=len(outcomes),
                   num_passed=passed, duration=round(time.monotonic() - started, 3), detail=detail[:2000])
    return verdict


__all__ = [
    "OUTCOME_RANK", "PLUGIN_NAME", "SANDBOX_ENV", "TASKS_PER_PROCESS", "VERDICT_STATUSES", "ChannelRecords", "PytestRun", "ResultChannel",
    "Sandbox", "SandboxLimits", "SandboxRun", "SandboxUnavailable", "configure_isolation", "copy_repository", "extract_function_source",
    "isolation_mode", "locate_function", "parse_records", "plugin_args", "program_outcome", "pytest_argv",
    "read_coverage_contexts", "render_check", "run_problem_tests", "run_pytest", "run_with_channel",
    "splice_solution", "summarize_outcomes",
]
