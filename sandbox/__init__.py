"""Running repository and model code in isolation: the :class:`Sandbox`.

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
``--sandbox none``; loudly warned).

Beside it: ``sandbox/pytest_runs.py`` runs pytest in a sandbox and folds the channel's records
into one outcome per test; ``sandbox/problems.py`` holds :func:`run_problem_tests`, the one
place that decides whether a solution passes a problem's tests (the builder's gold gate and
the evaluation of model outputs both call it, so they measure the same thing);
``sandbox/checks.py`` renders check programs and splices solutions; ``sandbox/suites/`` runs
whole test suites per language.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from crossfile_datasets.analyzers.run import Limits, RunResult, RunStatus, run
from crossfile_datasets.core import constants as C
from crossfile_datasets.sandbox.channel import ResultChannel
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


# the isolation switch is part of the sandbox's interface (the commands configure it through here)
__all__ = [
    "PLUGIN_NAME", "SANDBOX_ENV", "TASKS_PER_PROCESS", "Sandbox", "SandboxLimits", "SandboxRun", "SandboxUnavailable",
    "configure_isolation", "copy_repository", "isolation_mode",
]
