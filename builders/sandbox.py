"""Running repository code (tests) in isolation, and the problem runner shared with evaluation.

Why it exists: the executable split runs code we did not write: a repository's test suite,
generated tests, and (in evaluation) model-written solutions. Every such run goes through a
:class:`Sandbox`:

- a private temporary copy of the repository (``<sandbox>/repo``); the run's working
  directory, ``HOME``, ``TMPDIR`` and caches all point inside the sandbox folder;
- one child process started by :func:`analyzers.run.run` with a wall-clock time-out (the whole
  process group is killed on time-out), ``RLIMIT_AS`` (memory), ``RLIMIT_CPU``,
  ``RLIMIT_FSIZE`` and ``RLIMIT_NPROC``;
- because ``RLIMIT_NPROC`` counts every process of the user (and is not enforced for root),
  the number of live processes is bounded three more ways: a pids cgroup when the kernel lets
  us create one (hard limit, also for native code), the audit-hook guard in
  ``builders/exec_guard.py`` (refuses fork/subprocess past the limit in Python code), and a
  watchdog thread here that counts the processes carrying the sandbox's marker and kills all
  of them when the count runs away or when the run is over (daemons that left the group);
- the same guard refuses writes outside the sandbox folder.

The environment of the child is built from scratch (no credentials or tokens of the builder
leak into it). :func:`run_problem_tests` is the one place that decides whether a solution
passes a problem's tests; the builder's gold gate and the evaluation of model outputs both call
it, so they measure the same thing.
"""

from __future__ import annotations

import ast
import functools
import json
import os
import shutil
import signal
import tempfile
import textwrap
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Sequence

from analyzers.run import Limits, RunResult, RunStatus, run
from builders import constants as C

_HERE = Path(__file__).resolve().parent
GUARD_SOURCE = _HERE / "exec_guard.py"
PLUGIN_SOURCE = _HERE / "exec_pytest_plugin.py"
PLUGIN_NAME = "crossfile_pytest_plugin"
_COPY_SKIP = frozenset({".git", ".hg", ".svn"}) | C.SKIP_DIRS


# ------------------------------------------------------------------------------ limits --
@dataclass(frozen=True)
class SandboxLimits:
    timeout: float = C.EXEC_RUN_TIMEOUT
    memory_bytes: int = C.EXEC_MEMORY_BYTES
    max_processes: int = C.EXEC_MAX_PROCESSES
    file_size_bytes: int = C.EXEC_FILE_SIZE_BYTES
    test_timeout: float = C.EXEC_TEST_TIMEOUT  # per test, inside a pytest run


@dataclass(frozen=True)
class SandboxRun:
    """One finished child process of a sandbox."""

    result: RunResult
    process_limit_hit: bool  # the watchdog had to kill a runaway process tree
    peak_processes: int  # most live sandbox processes the watchdog saw at once
    process_limit_mode: str  # "cgroup" (kernel-enforced) or "guard" (audit hook + watchdog)
    leftovers_killed: int  # processes still alive after the run (escaped the group) and killed

    @property
    def timed_out(self) -> bool:
        return self.result.status is RunStatus.TIMEOUT

    @property
    def ok(self) -> bool:
        return self.result.ok and not self.process_limit_hit


# --------------------------------------------------------------------- process tracking --
def _marked_pids(marker: bytes) -> list[int]:
    """Live processes whose environment carries ``marker`` (forks and execs inherit it)."""
    out = []
    try:
        names = os.listdir("/proc")
    except OSError:
        return out
    me = os.getpid()
    for name in names:
        if not name.isdigit() or int(name) == me:
            continue
        try:
            with open(f"/proc/{name}/environ", "rb") as fh:
                if marker in fh.read():
                    out.append(int(name))
        except OSError:
            continue
    return out


def _kill_until_gone(list_pids, rounds: int = 200) -> int:
    """SIGKILL every listed process until none is left (a fork bomb refills the list)."""
    killed: set[int] = set()
    empty_rounds = 0
    for _ in range(rounds):
        pids = list_pids()
        if not pids:
            empty_rounds += 1
            if empty_rounds >= 2:
                break
            time.sleep(0.01)
            continue
        empty_rounds = 0
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
                killed.add(pid)
            except (ProcessLookupError, PermissionError):
                pass
        time.sleep(0.005)
    return len(killed)


class _PidsCgroup:
    """A child pids cgroup (v1 hierarchy) with ``pids.max``, when the kernel lets us make one."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @classmethod
    def create(cls, limit: int) -> "_PidsCgroup | None":
        if os.environ.get("CROSSFILE_NO_CGROUP") or not Path("/proc/self/cgroup").exists():
            return None
        try:
            lines = Path("/proc/self/cgroup").read_text().splitlines()
        except OSError:
            return None
        for line in lines:
            parts = line.split(":", 2)
            if len(parts) == 3 and "pids" in parts[1].split(","):
                base = Path("/sys/fs/cgroup/pids") / parts[2].lstrip("/")
                if not (base / "cgroup.procs").exists() or not os.access(base, os.W_OK):
                    return None
                path = base / f"crossfile-{uuid.uuid4().hex[:12]}"
                try:
                    path.mkdir()
                    (path / "pids.max").write_text(str(limit))
                except OSError:
                    try:
                        path.rmdir()
                    except OSError:
                        pass
                    return None
                return cls(path)
        return None  # cgroup v2 needs delegation we cannot assume: the guard and watchdog remain

    @property
    def procs_file(self) -> Path:
        return self.path / "cgroup.procs"

    def pids(self) -> list[int]:
        try:
            return [int(x) for x in self.procs_file.read_text().split()]
        except (OSError, ValueError):
            return []

    def close(self) -> int:
        killed = _kill_until_gone(self.pids)
        for _ in range(100):
            try:
                self.path.rmdir()
                break
            except OSError:
                time.sleep(0.02)
        return killed


class _ProcessWatch(threading.Thread):
    """Counts the sandbox's live processes while a run lasts; kills them all on a runaway."""

    def __init__(self, marker: bytes, limit: int, cgroup: _PidsCgroup | None, poll: float = 0.05) -> None:
        super().__init__(daemon=True)
        self.marker = marker
        # the guard refuses forks at ``limit``; only native code can go past it, so the watchdog
        # acts at twice the limit and the cgroup (when present) never lets it get there
        self.threshold = 2 * limit
        self.cgroup = cgroup
        self.poll = poll
        self.peak = 0
        self.limit_hit = False
        self._halt = threading.Event()

    def pids(self) -> list[int]:
        found = set(_marked_pids(self.marker))
        if self.cgroup is not None:
            found.update(self.cgroup.pids())
        return sorted(found)

    def run(self) -> None:
        while not self._halt.wait(self.poll):
            pids = self.pids()
            self.peak = max(self.peak, len(pids))
            if len(pids) > self.threshold:
                self.limit_hit = True
                _kill_until_gone(self.pids)

    def stop(self) -> int:
        self._halt.set()
        self.join(timeout=5)
        return _kill_until_gone(self.pids)


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


# ------------------------------------------------------------------------------ sandbox --
def copy_repository(source: Path, dest: Path) -> None:
    """Copy a repository for a run: no VCS folders, build outputs or virtual environments;
    symbolic links stay links (writing through one that leaves the copy is refused)."""

    def ignore(directory: str, names: list[str]) -> set[str]:
        return {n for n in names if n in _COPY_SKIP or n.endswith(".pyc")}

    shutil.copytree(source, dest, symlinks=True, ignore=ignore, ignore_dangling_symlinks=True)


class Sandbox:
    """A private temporary copy of a repository, and the way to run programs on it.

    Layout: ``<dir>/repo`` (the copy; working directory of runs), ``<dir>/control`` (support
    modules, result files), ``<dir>/home`` and ``<dir>/tmp``. Writes are allowed in ``<dir>``
    only. Use as a context manager; the folder is removed on exit.
    """

    def __init__(
        self,
        source: Path | None,
        *,
        python: str,
        python_path: Sequence[str] = ("",),
        limits: SandboxLimits = SandboxLimits(),
    ) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="crossfile-sandbox-")).resolve()
        self.root = self.dir / "repo"
        self.control = self.dir / "control"
        self.support = self.control / "support"
        self.python = python
        self.limits = limits
        self.python_path = [str((self.root / p).resolve()) if p else str(self.root) for p in python_path]
        try:
            if source is not None:
                copy_repository(Path(source), self.root)
            else:
                self.root.mkdir()
            for d in (self.support, self.dir / "home", self.dir / "tmp"):
                d.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(GUARD_SOURCE, self.support / "sitecustomize.py")
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

    def environment(self, marker: str, cgroup: _PidsCgroup | None, extra: dict[str, str] | None) -> dict[str, str]:
        home, tmp = self.dir / "home", self.dir / "tmp"
        bin_dir = str(Path(self.python).parent)
        env = {
            "PATH": os.pathsep.join([bin_dir, os.environ.get("PATH", os.defpath)]),
            "HOME": str(home),
            "TMPDIR": str(tmp), "TEMP": str(tmp), "TMP": str(tmp),
            "XDG_CACHE_HOME": str(home / ".cache"), "XDG_CONFIG_HOME": str(home / ".config"),
            "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
            "PYTHONPATH": os.pathsep.join([str(self.support), *self.python_path]),
            "PYTHONDONTWRITEBYTECODE": "1",
            "PYTHONNOUSERSITE": "1",
            "PYTHONUNBUFFERED": "1",
            # only the plugins a run asks for (-p): see builders/exec_env.py:requirement_pytest_plugins
            "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1",
            "CROSSFILE_SANDBOX_ROOT": str(self.dir),
            "CROSSFILE_SANDBOX_ID": marker,
            "CROSSFILE_SANDBOX_MAX_PROCS": str(self.limits.max_processes),
        }
        if cgroup is not None:
            env["CROSSFILE_SANDBOX_CGROUP_PROCS"] = str(cgroup.procs_file)
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
    ) -> SandboxRun:
        """Run ``argv`` (its first element is normally ``self.python``) inside the sandbox."""
        timeout = timeout if timeout is not None else self.limits.timeout
        marker = uuid.uuid4().hex
        cgroup = _PidsCgroup.create(self.limits.max_processes)
        watch = _ProcessWatch(f"CROSSFILE_SANDBOX_ID={marker}".encode(), self.limits.max_processes, cgroup)
        # RLIMIT_NPROC counts all of the user's processes: allow the current ones plus the budget
        nproc = None if os.geteuid() == 0 else _user_process_count() + self.limits.max_processes
        limits = Limits(
            memory_bytes=memory_bytes or self.limits.memory_bytes,
            max_processes=nproc,
            cpu_seconds=int(timeout) + 5,
            file_size_bytes=self.limits.file_size_bytes,
        )
        leftovers = 0
        watch.start()
        try:
            result = run(list(argv), timeout=timeout, cwd=cwd or self.root,
                         env=self.environment(marker, cgroup, env), limits=limits)
        finally:
            try:
                leftovers += watch.stop()
            finally:
                if cgroup is not None:  # never leave a cgroup behind, even if the watchdog failed
                    leftovers += cgroup.close()
        return SandboxRun(result, watch.limit_hit, watch.peak, "cgroup" if cgroup else "guard", leftovers)


# --------------------------------------------------------------------------- pytest runs --
@dataclass
class PytestRun:
    """Outcomes of one sandboxed pytest run, per node id."""

    run: SandboxRun
    outcomes: dict[str, str]  # nodeid -> passed | assertion | error | skipped | xfail
    messages: dict[str, str] = field(default_factory=dict)
    contexts: dict[str, dict[int, list[str]]] | None = None  # repo-relative file -> line -> nodeids


def summarize_outcomes(records: Iterable[dict]) -> tuple[dict[str, str], dict[str, str]]:
    """Plugin records -> (nodeid -> outcome, nodeid -> first failure message).

    ``assertion`` = the test body failed with an AssertionError (repairable); ``error`` = any
    other failure (setup, teardown, collection, another exception, the per-test time-out).
    """
    outcomes: dict[str, str] = {}
    messages: dict[str, str] = {}
    for rec in records:
        nodeid, when, outcome = rec["nodeid"], rec["when"], rec["outcome"]
        previous = outcomes.get(nodeid)
        if rec.get("xfail"):
            new = "xfail"
        elif outcome == "failed":
            new = "assertion" if when == "call" and rec.get("exc_type") == "AssertionError" else "error"
            messages.setdefault(nodeid, f"{rec.get('exc_type')}: {rec.get('message', '')}")
        elif outcome == "skipped":
            new = "skipped"
        elif when == "call":
            new = "passed"
        else:
            continue  # setup/teardown passing says nothing on its own
        rank = {"error": 4, "xfail": 3, "assertion": 2, "skipped": 1, "passed": 0}
        if previous is None or rank[new] > rank[previous]:
            outcomes[nodeid] = new
    return outcomes, messages


def program_outcome(outcomes: dict[str, str], path: str) -> str:
    """Outcome of one test program (file) from its tests' outcomes: all must pass."""
    mine = [o for nodeid, o in outcomes.items() if nodeid == path or nodeid.startswith(path + "::")]
    if not mine:
        return "error"  # nothing collected or the run died before it
    for worst in ("error", "xfail", "skipped", "assertion"):
        if worst in mine:
            return worst
    return "passed"


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
    results = sandbox.control / f"results-{uuid.uuid4().hex[:8]}.jsonl"
    rc = None
    data_file = sandbox.control / "coverage.data"
    if coverage_files:
        include = "\n".join(f"    {sandbox.root / f}" for f in coverage_files)
        rc = sandbox.control / "coveragerc"
        rc.write_text(f"[run]\ndata_file = {data_file}\ninclude =\n{include}\n", encoding="utf-8")
    env = {k: v.replace("__CONTROL__", str(sandbox.control)) for k, v in (extra_env or {}).items()}
    env.update({"CROSSFILE_RESULTS": str(results), "CROSSFILE_TEST_TIMEOUT": str(sandbox.limits.test_timeout)})
    srun = sandbox.run(pytest_argv(sandbox, paths, rc, plugins), timeout=timeout, env=env)
    outcomes, messages = summarize_outcomes(_read_jsonl(results))
    contexts = None
    if coverage_files:
        contexts = read_coverage_contexts(data_file, sandbox.root)
    return PytestRun(srun, outcomes, messages, contexts)


def _read_jsonl(path: Path) -> list[dict]:
    if not path.exists():
        return []
    out = []
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError:
            continue  # a line cut by a killed process
    return out


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


# ---------------------------------------------------------------------- check programs --
CHECK_HEADER = '''"""Executable check of {target} (crossfile-datasets, RepoExec-style).

Self-contained: the test programs are embedded below. Run it from the root of the repository
snapshot, after the candidate solution replaced the function in {file}:

    python check.py [extra pytest arguments]

It writes each test program at its path in the snapshot (next to the tests it came from, so
the repository's conftest.py fixtures apply) and runs them all with pytest; the exit status is
pytest's (0 = every test passed).
"""
'''

CHECK_BODY = '''
import os
import sys

TEST_PROGRAMS = [
{programs}
]


def main():
    import pytest

    paths = []
    for rel, source in TEST_PROGRAMS:
        folder = os.path.dirname(rel)
        if folder:
            os.makedirs(folder, exist_ok=True)
        with open(rel, "w", encoding="utf-8") as fh:
            fh.write(source)
        paths.append(rel)
    return int(pytest.main(["-q", "-p", "no:cacheprovider", *sys.argv[1:], *paths]))


if __name__ == "__main__":
    sys.exit(main())
'''


def render_check(target: str, file: str, test_paths: Sequence[str], test_list: Sequence[str]) -> str:
    """The self-contained check program of a problem (see CHECK_HEADER)."""
    programs = "\n".join(f"    ({path!r}, {source!r})," for path, source in zip(test_paths, test_list))
    return CHECK_HEADER.format(target=target, file=file) + CHECK_BODY.format(programs=programs)


# --------------------------------------------------------------------- solution splicing --
def _function_nodes(tree: ast.AST) -> list[tuple[str | None, ast.FunctionDef | ast.AsyncFunctionDef]]:
    out = []

    def visit(node: ast.AST, cls: str | None) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                out.append((cls, child))
                visit(child, cls)
            elif isinstance(child, ast.ClassDef):
                visit(child, child.name)
            else:
                visit(child, cls)

    visit(tree, None)
    return out


def _node_lines(node: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[int, int]:
    start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
    return start, node.end_lineno or node.lineno


def extract_function_source(code: str, entry_point: str, class_name: str | None = None) -> str | None:
    """The (dedented) source of the last ``def entry_point`` in ``code``, decorators included.

    ``code`` may be just the function, or a whole prompt plus completion: the last definition
    wins (the target comes after the context), one inside ``class_name`` is preferred.
    """
    try:
        tree = ast.parse(code)
    except SyntaxError:
        code = textwrap.dedent(code)
        try:
            tree = ast.parse(code)
        except SyntaxError:
            return None
    found = [(cls, node) for cls, node in _function_nodes(tree) if node.name == entry_point]
    if not found:
        return None
    preferred = [item for item in found if class_name and item[0] == class_name]
    _, node = (preferred or found)[-1]
    start, end = _node_lines(node)
    lines = code.split("\n")
    return textwrap.dedent("\n".join(lines[start - 1 : end])).rstrip() + "\n"


def locate_function(module_text: str, qualname: str) -> tuple[int, int, str] | None:
    """(first line incl. decorators, last line, indentation) of ``qualname`` ("f" or "Cls.m")."""
    try:
        tree = ast.parse(module_text)
    except SyntaxError:
        return None
    parts = qualname.split(".")
    body: list[ast.stmt] = tree.body
    node = None
    for i, part in enumerate(parts):
        kinds = (ast.ClassDef,) if i < len(parts) - 1 else (ast.FunctionDef, ast.AsyncFunctionDef)
        matches = [n for n in body if isinstance(n, kinds) and n.name == part]
        if not matches:
            return None
        node = matches[-1]
        body = node.body
    start, end = _node_lines(node)  # type: ignore[arg-type]
    first = module_text.split("\n")[start - 1]
    return start, end, first[: len(first) - len(first.lstrip())]


def splice_solution(module_text: str, qualname: str, entry_point: str, class_name: str | None,
                    solution_code: str) -> tuple[str | None, str]:
    """Replace the target function in ``module_text`` by the one in ``solution_code``.

    Returns (new module text, "") or (None, reason) when the solution has no such function
    or the result does not parse.
    """
    function = extract_function_source(solution_code, entry_point, class_name)
    if function is None:
        return None, f"the solution defines no function '{entry_point}' (or does not parse)"
    where = locate_function(module_text, qualname)
    if where is None:
        return None, f"'{qualname}' not found in the module"
    start, end, indent = where
    lines = module_text.split("\n")
    replacement = textwrap.indent(function.rstrip("\n"), indent).split("\n")
    new_text = "\n".join([*lines[: start - 1], *replacement, *lines[end:]])
    try:
        ast.parse(new_text)
    except SyntaxError as exc:
        return None, f"the module does not parse with the solution: {exc.msg} (line {exc.lineno})"
    return new_text, ""


# ---------------------------------------------------------------------- problem runner --
@functools.lru_cache(maxsize=64)
def _plugins_of(python: str, requirements: tuple[str, ...]) -> tuple[str, ...]:
    from builders.exec_env import requirement_pytest_plugins

    return tuple(requirement_pytest_plugins(python, requirements))


def run_problem_tests(
    problem: dict,
    solution_code: str,
    timeout: float = C.EXEC_GOLD_TIMEOUT,
    *,
    repo_root: str | os.PathLike | None = None,
    python: str | None = None,
    limits: SandboxLimits | None = None,
    pytest_plugins: Sequence[str] | None = None,
) -> dict:
    """Run one problem's tests against ``solution_code``, isolated; the verdict of record.

    ``problem`` is a record of the executable split (``repository_root``, ``file``,
    ``qualname``, ``entry_point``, ``class_name``, ``python_path``, ``requirements``,
    ``check``). ``solution_code`` is the target function's code, or a whole prompt plus
    completion (the last ``def <entry_point>`` is used, dedented and re-indented in place).
    ``repo_root`` overrides the snapshot recorded in the problem (e.g. after moving the
    dataset); ``python`` overrides the interpreter (default: the virtual environment made for
    the problem's requirements, see builders/exec_env.py); ``pytest_plugins`` overrides the
    pytest plugins loaded (default: those the requirements provide; autoloading is off).

    Steps: copy the repository into a fresh sandbox, splice the solution into the module,
    run the problem's ``check`` program there (all limits of :class:`Sandbox`, wall clock
    ``timeout``), read each test's outcome.

    Returns ``{"passed": bool, "status": "passed" | "failed" | "error" | "timeout" |
    "invalid_solution" | "no_tests", "tests": {nodeid: outcome}, "num_tests", "num_passed",
    "duration", "detail"}``; ``failed`` = only assertion failures, ``error`` = anything else
    went wrong (exceptions, process limit, the per-test time-out).
    """
    root = Path(repo_root or problem["repository_root"])
    requirements = tuple(sorted(problem.get("requirements") or []))
    if python is None:
        from builders.exec_env import ensure_environment

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
    verdict: dict = {"passed": False, "status": "error", "tests": {}, "num_tests": 0, "num_passed": 0,
                     "duration": 0.0, "detail": ""}
    with Sandbox(root, python=python, python_path=problem.get("python_path") or [""], limits=limits) as box:
        module = box.root / problem["file"]
        try:
            text = module.read_text(encoding="utf-8")
        except OSError as exc:
            verdict["detail"] = f"cannot read {problem['file']}: {exc}"
            return verdict
        new_text, why = splice_solution(text, problem["qualname"], problem["entry_point"],
                                        problem.get("class_name") or None, solution_code)
        if new_text is None:
            verdict.update(status="invalid_solution", detail=why)
            return verdict
        module.write_text(new_text, encoding="utf-8")
        check = box.control / "check.py"
        check.write_text(problem["check"], encoding="utf-8")
        results = box.control / "results.jsonl"
        env = {"CROSSFILE_RESULTS": str(results), "CROSSFILE_TEST_TIMEOUT": str(limits.test_timeout)}
        argv = [python, str(check), "-p", PLUGIN_NAME, *plugin_args(pytest_plugins or ()), f"--rootdir={box.root}"]
        srun = box.run(argv, timeout=timeout, env=env)
        outcomes, messages = summarize_outcomes(_read_jsonl(results))
    passed = sum(1 for o in outcomes.values() if o == "passed")
    if srun.timed_out:
        status = "timeout"
    elif not outcomes:
        status = "no_tests"
    elif passed == len(outcomes) and srun.ok:
        status = "passed"
    elif all(o in ("passed", "assertion") for o in outcomes.values()) and not srun.process_limit_hit:
        status = "failed"
    else:
        status = "error"
    detail = "; ".join(f"{k}: {v}" for k, v in list(messages.items())[:5])
    if not detail and status != "passed":
        detail = (srun.result.stderr or srun.result.stdout)[-2000:]
    verdict.update(passed=status == "passed", status=status, tests=outcomes, num_tests=len(outcomes),
                   num_passed=passed, duration=round(time.monotonic() - started, 3), detail=detail[:2000])
    return verdict


__all__ = [
    "PytestRun", "Sandbox", "SandboxLimits", "SandboxRun", "copy_repository", "extract_function_source",
    "locate_function", "program_outcome", "pytest_argv", "read_coverage_contexts", "render_check",
    "run_problem_tests", "run_pytest", "splice_solution", "summarize_outcomes",
]
