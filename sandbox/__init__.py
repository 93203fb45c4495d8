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

import errno
import hashlib
import os
import posixpath
import shutil
import stat
import sys
import tempfile
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from crossfile_datasets.analyzers.run import Limits, RunResult, RunStatus, run
from crossfile_datasets.core import constants as C
from crossfile_datasets.core.skipnames import generic_skip, holds_project_code
from crossfile_datasets.sandbox import hostfs
from crossfile_datasets.sandbox.channel import SANDBOXED_PROGRAM_PID, ResultChannel
from crossfile_datasets.sandbox.isolation import (
    SANDBOX_ENV,
    own_uid_requested,
    PeakWatch,
    SandboxUnavailable,
    TreeLimits,
    bwrap_argv,
    configure_isolation,
    hand_over,
    hidden_dirs,
    interpreter_paths,
    isolation_mode,
    join_cgroups_argv,
    opt_out_warning,
    reachable_by_others,
    require_bwrap,
    sandbox_uid,
    seccomp_fd,
)
from crossfile_datasets.sandbox.own_packages import released_jars, shadowed_releases
from crossfile_datasets.sandbox.tempfolders import SANDBOX_PREFIX, HeldFolder, remove_tree, sweep_stale_sandboxes

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
    open_files: int = C.EXEC_OPEN_FILES  # RLIMIT_NOFILE of every process of the run
    pending_signals: int = C.EXEC_PENDING_SIGNALS  # RLIMIT_SIGPENDING, set before bwrap (the whole run's)
    message_queue_bytes: int = C.EXEC_MESSAGE_QUEUE_BYTES  # RLIMIT_MSGQUEUE, set before bwrap (the whole run's)
    terminals: int = C.EXEC_TERMINALS  # the run's own devpts instance holds at most this many (isolation.namespace_argv)


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

    @property
    def not_started(self) -> str:
        """bubblewrap's own error when it never started the program (its set-up failed: exit
        status 1, nothing on stdout, only ``bwrap: `` lines on stderr), else "". The program can
        print the same lines itself: callers take it only with an empty verdict channel, and a
        run that never started is never a pass (red team 2026-11-29e row 4)."""
        result = self.result
        if self.isolation != "bwrap" or result.status is not RunStatus.EXITED or result.returncode != 1 \
                or result.stdout.strip():
            return ""
        lines = [line for line in result.stderr.splitlines() if line.strip()]
        return lines[-1][:300] if lines and all(line.startswith("bwrap: ") for line in lines) else ""


_WARNED: set[str] = set()


def _warn_once(key: str, text: str) -> None:
    if key not in _WARNED:
        _WARNED.add(key)
        print(text, file=sys.stderr, flush=True)


def _warn_opt_out() -> None:
    _warn_once("none", opt_out_warning())


# ------------------------------------------------------------------------------ sandbox --
@dataclass
class CopyReport:
    """What a repository copy left out (``host_files/copy_*`` reasons), by repository path."""

    links_outside: list[str] = field(default_factory=list)  # symbolic links that would leave the copy
    special: list[str] = field(default_factory=list)  # FIFOs, sockets, devices
    unreadable: list[str] = field(default_factory=list)  # entries the copy could not read
    oversize: list[str] = field(default_factory=list)  # files over COPY_FILE_MAX_BYTES (apparent size)
    changed: list[str] = field(default_factory=list)  # changed kind while copied (a folder swapped for a link)
    too_deep: list[str] = field(default_factory=list)  # folders nested deeper than MAX_DIR_DEPTH (not walked)
    too_many_entries: list[str] = field(default_factory=list)  # the folder where COPY_MAX_ENTRIES ran out (walk ends)
    over_total: list[str] = field(default_factory=list)  # files past COPY_MAX_TOTAL_BYTES (apparent sizes)

    def count_into(self, report, where: str) -> None:
        """Count the drops into a ``BuildReport`` (once per repository)."""
        for reason, paths in (("copy_link_outside", self.links_outside), ("copy_special_file", self.special),
                              ("copy_unreadable", self.unreadable), ("copy_oversize_file", self.oversize),
                              ("copy_changed_during_copy", self.changed), ("copy_too_deep", self.too_deep),
                              ("copy_too_many_entries", self.too_many_entries),
                              ("copy_total_too_large", self.over_total)):
            for path in paths:
                report.count("host_files", reason, f"{where}:{path}")


def _copy_ignored(name: str) -> bool:
    return name in _COPY_SKIP or name.endswith(".pyc")


def _generic_folder_of_project_code(parent: int, name: str, rel: str) -> bool:
    """Is ``name`` (under the folder ``parent``) a folder named by a generic skip rule (``build``,
    ``env``, ``bin``...) that holds the project's own code, as the source walk decides
    (:func:`core.repofiles.holds_project_code`)? pypa/build's package is ``src/build/``: a copy
    without it cannot import the project the analysis found there. Opened without following a
    link; a folder of more than ``COPY_MAX_ENTRIES`` names is not listed and stays out."""
    if not generic_skip(name):
        return False
    try:
        fd = os.open(name, _WALK_DIR_FLAGS, dir_fd=parent)
    except OSError:  # not a folder, a link, unreadable: the walk itself counts what it is
        return False
    try:
        names = _names(fd, C.COPY_MAX_ENTRIES)
    except OSError:
        return False
    finally:
        os.close(fd)
    return names is not None and holds_project_code(rel, names)


# the copy walks as the host-file boundary does: folders and files opened under their folder's
# descriptor, never through a link, a FIFO never blocking
_WALK_DIR_FLAGS, _WALK_FILE_FLAGS = hostfs.DIR_FLAGS, hostfs.READ_FLAGS


def _names(fd: int, budget: int) -> list[str] | None:
    """The sorted names in the folder ``fd``, or None when it holds more than ``budget``
    (read no further: a folder of millions of entries is not listed whole)."""
    names: list[str] = []
    with os.scandir(fd) as entries:
        for entry in entries:
            names.append(entry.name)
            if len(names) > budget:
                return None
    return sorted(names)


def _open_walked_file(where: tuple[int, str], rel: str, drops: CopyReport) -> int | None:
    """A read descriptor of a file the walk saw as regular, opened under its folder's
    descriptor without following a link or blocking; None (counted) when it is no longer a
    regular file (swapped meanwhile) or cannot be read."""
    dir_fd, name = where
    try:
        fd = os.open(name, _WALK_FILE_FLAGS, dir_fd=dir_fd)
    except OSError as exc:
        (drops.changed if exc.errno == errno.ELOOP else drops.unreadable).append(rel)
        return None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        drops.changed.append(rel)
        return None
    return fd


def _copy_walk(source: Path, drops: CopyReport):
    """The entries a repository copy holds, in a stable order (depth first, a folder's entries
    by name before its subfolders): ("d", rel, None), ("f", rel, (folder descriptor, name)) and
    ("l", rel, link text) for links whose text stays inside the copy (others are dropped,
    counted), files up to ``COPY_FILE_MAX_BYTES`` of apparent size (larger ones are dropped,
    counted: never read, never written out). A file's folder descriptor is open until the walk
    moves on from that folder.

    Never follows a link, also when the source changes during the walk (red team 2026-11-27d,
    row 6: a folder swapped for a link after it was seen as a folder and before it was listed):
    each folder is opened with ``O_NOFOLLOW | O_DIRECTORY`` under its parent's descriptor and
    listed and read through its own, as ``sandbox/hostfs.py`` walks; what changed kind is
    refused and counted (``copy_changed_during_copy``). Bounded: folders deeper than
    ``MAX_DIR_DEPTH`` are not walked, the walk ends at the folder that would take it past
    ``COPY_MAX_ENTRIES`` names, and files past ``COPY_MAX_TOTAL_BYTES`` of apparent size in all
    are left out (each counted)."""
    fd = os.open(source, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)  # the repository folder itself
    stack: list[tuple[int, str, list[str]]] = []  # (folder descriptor, rel, subfolder names left, last first)
    budget, total = C.COPY_MAX_ENTRIES, 0
    try:
        rel_dir = ""
        while True:
            names = _names(fd, budget)
            if names is None:
                os.close(fd)
                fd = -1
                drops.too_many_entries.append(rel_dir or ".")
                return
            budget -= len(names)
            depth = rel_dir.count("/") + 1 if rel_dir else 0
            subdirs = []
            for name in names:
                rel = f"{rel_dir}/{name}" if rel_dir else name
                if _copy_ignored(name) and not _generic_folder_of_project_code(fd, name, rel):
                    continue
                try:
                    st = os.stat(name, dir_fd=fd, follow_symlinks=False)
                except OSError:
                    drops.unreadable.append(rel)
                    continue
                if stat.S_ISDIR(st.st_mode):
                    if depth + 1 > C.MAX_DIR_DEPTH:
                        drops.too_deep.append(rel)
                        continue
                    subdirs.append(name)
                    yield "d", rel, None
                elif stat.S_ISREG(st.st_mode):
                    if st.st_size > C.COPY_FILE_MAX_BYTES:
                        drops.oversize.append(rel)
                    elif total + st.st_size > C.COPY_MAX_TOTAL_BYTES:
                        drops.over_total.append(rel)
                    else:
                        total += st.st_size
                        yield "f", rel, (fd, name)
                elif stat.S_ISLNK(st.st_mode):
                    try:
                        text = os.readlink(name, dir_fd=fd)
                    except OSError as exc:  # EINVAL: no longer a link
                        (drops.changed if exc.errno == errno.EINVAL else drops.unreadable).append(rel)
                        continue
                    lexical = posixpath.normpath(posixpath.join(posixpath.dirname(rel), text))
                    if os.path.isabs(text) or lexical == ".." or lexical.startswith("../"):
                        drops.links_outside.append(rel)
                    else:
                        yield "l", rel, text
                else:
                    drops.special.append(rel)
            stack.append((fd, rel_dir, subdirs[::-1]))
            fd = -1
            while stack and fd < 0:
                parent, parent_rel, left = stack[-1]
                if not left:
                    os.close(stack.pop()[0])
                    continue
                name = left.pop()
                rel_dir = f"{parent_rel}/{name}" if parent_rel else name
                try:
                    fd = os.open(name, _WALK_DIR_FLAGS, dir_fd=parent)
                except OSError as exc:  # ELOOP, ENOTDIR: swapped for a link or a file since seen
                    (drops.changed if exc.errno in (errno.ELOOP, errno.ENOTDIR) else drops.unreadable).append(rel_dir)
            if fd < 0:
                return
    finally:
        if fd >= 0 and all(fd != frame[0] for frame in stack):
            os.close(fd)
        for frame in stack:
            os.close(frame[0])


def data_regions(fd: int, size: int):
    """The (start, end) byte ranges of the open regular file ``fd`` (``size`` bytes) that hold
    data, in order; the rest are holes (read as zeros). A filesystem that does not report holes
    gives the whole file as one region."""
    pos = 0
    while pos < size:
        try:
            start = os.lseek(fd, pos, os.SEEK_DATA)
        except OSError as exc:
            if exc.errno == errno.ENXIO:
                return  # only a hole is left
            yield pos, size  # no hole reporting here: all data
            return
        if start >= size:
            return
        try:
            end = min(os.lseek(fd, start, os.SEEK_HOLE), size)
        except OSError:
            end = size
        if end <= start:
            return
        yield start, end
        pos = end


def copy_file_sparse(source: Path, dest: Path, *, dir_fd: int | None = None) -> None:
    """Copy the regular file ``source`` (under the folder descriptor ``dir_fd`` when given) to
    the new file ``dest`` keeping its holes: only its data regions (:func:`data_regions`) are
    written, so a sparse file (1 GiB apparent, nothing on disk) takes no more disk in the copy
    than in the source. Mode, times and extended attributes as ``shutil.copy2``. Never follows
    a link at either end."""
    src = os.open(source, _WALK_FILE_FLAGS, dir_fd=dir_fd)
    try:
        _copy_open_file(src, Path(dest), os.fspath(source))
    finally:
        os.close(src)


def _copy_open_file(src: int, dest: Path, name: str) -> None:
    st = os.fstat(src)
    if not stat.S_ISREG(st.st_mode):
        raise OSError(errno.EINVAL, "not a regular file", name)
    dst = os.open(dest, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
    try:
        for start, end in data_regions(src, st.st_size):
            os.lseek(dst, start, os.SEEK_SET)
            offset = start
            while offset < end:
                sent = os.sendfile(dst, src, offset, min(end - offset, 1 << 30))
                if sent == 0:
                    break  # the file shrank meanwhile
                offset += sent
        os.ftruncate(dst, st.st_size)
        # what shutil.copystat does, through the descriptors: times, extended attributes, mode
        os.utime(dst, ns=(st.st_atime_ns, st.st_mtime_ns))
        try:
            attributes = os.listxattr(src)
        except OSError:
            attributes = []
        for attribute in attributes:
            try:
                os.setxattr(dst, attribute, os.getxattr(src, attribute))
            except OSError as exc:
                if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.ENODATA, errno.EINVAL, errno.EACCES):
                    raise
        os.chmod(dst, stat.S_IMODE(st.st_mode))
    finally:
        os.close(dst)


def copy_repository(source: Path, dest: Path) -> CopyReport:
    """Copy a repository for a run: no VCS folders, build outputs or virtual environments.

    Host side of the sandbox (issue 27): nothing in the copy may lead out of it, so a symbolic
    link whose target leaves the copy is dropped (also one that stays inside by its text but
    leaves through other links once resolved), a FIFO, socket or device is dropped (it would
    block or fail the copy), an unreadable entry is skipped; all counted in the returned
    :class:`CopyReport`. Links that stay inside are kept; the source is walked without ever
    following one (:func:`_copy_walk`, also when it changes meanwhile). Files keep their holes
    (:func:`copy_file_sparse`) and a file over ``COPY_FILE_MAX_BYTES`` of apparent size is left
    out, so a copy never takes more of the host's disk than its source does; the entries and
    the total size are capped too (``COPY_MAX_ENTRIES``, ``COPY_MAX_TOTAL_BYTES``): a copy runs
    before every run's time limit starts."""
    source, dest = Path(source), Path(dest)
    drops = CopyReport()
    os.makedirs(dest)
    links = []
    failed: set[str] = set()  # folders of the copy that could not be made (their entries go with them)
    for kind, rel, what in _copy_walk(source, drops):
        if posixpath.dirname(rel) in failed:
            if kind == "d":
                failed.add(rel)
            continue
        target = dest / rel
        if kind == "d":
            try:
                target.mkdir()
            except OSError:  # a path too long for the copy's folder
                drops.unreadable.append(rel)
                failed.add(rel)
        elif kind == "f":
            src = _open_walked_file(what, rel, drops)
            if src is None:
                continue
            try:
                _copy_open_file(src, target, rel)
            except OSError:
                drops.unreadable.append(rel)
            finally:
                os.close(src)
        else:
            try:
                os.symlink(what, target)
            except OSError:
                drops.unreadable.append(rel)
                continue
            links.append(rel)
    # a link that leaves the copy once resolved (through other links: "d/.." with d -> ..) goes;
    # removing one can only make others dangle, so one more pass settles it
    root = os.path.realpath(dest)
    changed = True
    while changed:
        changed = False
        for rel in list(links):
            resolved = os.path.realpath(dest / rel)
            if resolved != root and not resolved.startswith(root + os.sep):
                os.unlink(dest / rel)
                links.remove(rel)
                drops.links_outside.append(rel)
                changed = True
    return drops


def tree_digest(source: Path) -> tuple[str, CopyReport]:
    """SHA-256 over everything a repository copy holds (paths, kinds, contents, kept link
    texts: configuration files, dot-folders and plugins included, not only sources) and what a
    copy would leave out (a file over ``COPY_FILE_MAX_BYTES`` is neither copied nor read). The
    executable split records it (``tree_sha256``) and the evaluation refuses a folder whose copy
    would differ: an added ``pytest.ini`` or dot-folder plugin changes it. Walks as the copy
    does (:func:`_copy_walk`: never through a link)."""
    drops = CopyReport()
    digest = hashlib.sha256()
    for kind, rel, what in _copy_walk(Path(source), drops):
        digest.update(f"{kind}\0{rel}\0".encode("utf-8", errors="surrogateescape"))
        if kind == "f":
            content = hashlib.sha256()
            fd = _open_walked_file(what, rel, drops)
            if fd is None:
                continue
            try:
                with open(fd, "rb", buffering=0, closefd=False) as fh:
                    while chunk := fh.read(1 << 20):
                        content.update(chunk)
            except OSError:
                drops.unreadable.append(rel)
                continue
            finally:
                os.close(fd)
            digest.update(content.digest())
        elif kind == "l":
            digest.update(os.fsencode(what))
        digest.update(b"\n")
    return digest.hexdigest(), drops


_SWEPT: set[str] = set()


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
        temp = tempfile.gettempdir()
        if temp not in _SWEPT:  # once per process: folders of harnesses killed earlier
            _SWEPT.add(temp)
            sweep_stale_sandboxes(temp)
        # named after this harness and held (flock) until close(): a later harness's sweep removes
        # it only once this process is gone (sandbox/tempfolders.py)
        self._held = HeldFolder()
        self.dir = self._held.path.resolve()
        self.root = self.dir / "repo"
        self.control = self.dir / "control"
        self.support = self.control / "support"
        self.python = python
        self.limits = limits
        self.read_only = tuple(read_only)
        self.python_path = [str((self.root / p).resolve()) if p else str(self.root) for p in python_path]
        self.copy_report = CopyReport()
        # the folder the copy is made from shows the copy itself to the runs (read-only): an
        # answer must not call the original of what it is judged on (red team 4, row 11)
        self.source = os.path.realpath(source) if source is not None else None
        # the kernel uid the runs get (the builder root: a fresh unprivileged one; else None)
        self.uid = sandbox_uid() if self.bwrap is not None else None
        if self.bwrap is not None and self.uid is None and os.geteuid() == 0 and own_uid_requested():
            _warn_once("setpriv", "WARNING: setpriv (util-linux) is missing: sandboxed runs keep the builder's uid "
                                  "(root), which reads root-only files and root's sockets")
        if self.uid is not None and not reachable_by_others(self.dir, hidden_dirs()):
            _warn_once("uid", f"WARNING: {self.dir.parent} is not open to other users (o+x): sandboxed runs keep "
                              "the builder's uid (root), which reads root-only files; set TMPDIR to a folder "
                              "such as /tmp")
            self.uid = None
        try:
            if source is not None:
                self.copy_report = copy_repository(Path(source), self.root)
            else:
                self.root.mkdir()
            for d in (self.support, self.dir / "home", self.dir / "tmp"):
                d.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(PLUGIN_SOURCE, self.support / f"{PLUGIN_NAME}.py")
            # the installed releases of the copy's own packages, hidden from every run (red team
            # 2026-11-27f row 1); read from the copy before any run
            # and every other copy of its release on the machine: other interpreters' packages, wheel
            # folders, Debian's jars (red team 2026-11-29d row 2)
            self.hidden_releases = (*shadowed_releases(python, self.python_path),
                                    *released_jars(self.root)) if self.bwrap else ()
        except BaseException:
            self._held.close()
            raise

    def __enter__(self) -> "Sandbox":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> int:
        """Remove the sandbox folder (whatever the run made of it) and release its lock; returns
        the entries that could not be removed (0 normally; warned, and left for the next
        harness's sweep), never raises for them."""
        return self._held.close()

    def write(self, rel: str, text: str) -> Path:
        """Write a new file of ours into the copy before a run (a generated test program).
        Through the host-side boundary (``sandbox/hostfs.py``): nothing the repository planted
        at that path (a link, a FIFO, a file) is written through, and no linked folder on the
        way is followed; :class:`hostfs.HostFileRefused` says why."""
        hostfs.write_new(self.dir, f"repo/{rel}", text)
        return self.root / rel

    def write_control(self, rel: str, text: str) -> Path:
        """Write a new file of ours into the control folder (before a run)."""
        hostfs.write_new(self.dir, f"control/{rel}", text)
        return self.control / rel

    def replace(self, rel: str, text: str) -> Path:
        """Replace a file of the copy before a run (the spliced solution): a new file renamed
        over the old entry, so a link there is replaced, never written through."""
        hostfs.replace_file(self.dir, f"repo/{rel}", text)
        return self.root / rel

    def read_back(self, rel: str, *, max_bytes: int = C.HOST_READ_MAX_BYTES) -> str:
        """Text of a file under the sandbox folder (``control/...``, ``repo/...``), read through
        the host-side boundary: links, FIFOs and oversize files are refused (HostFileRefused)."""
        return hostfs.read_text(self.dir, rel, max_bytes=max_bytes)

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
            # every run is in UTC, at build and at evaluation alike: glibc, Python, the JVM (also
            # -Duser.timezone, suites/java.py) and mono read TZ before the machine's /etc/localtime,
            # so a test of local time gives the builder's verdict on any evaluator's machine (red
            # team 2026-11-29e row 2: gold failed on a machine in Asia/Tokyo)
            "TZ": "UTC",
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
        # the signal and message-queue ceilings are set before bwrap, so its user namespace takes
        # them as the ceiling of the whole run; the fresh session keyring keeps the builder's out
        limits = Limits(memory_bytes=memory, max_processes=nproc, cpu_seconds=int(timeout) + 5,
                        file_size_bytes=self.limits.file_size_bytes, open_files=self.limits.open_files,
                        pending_signals=self.limits.pending_signals,
                        message_queue_bytes=self.limits.message_queue_bytes,
                        new_session_keyring=self.bwrap is not None)
        workdir = cwd or self.root
        full_env = self.environment(env)
        pass_fds: tuple[int, ...] = ()
        if channel is not None:
            full_env.update(channel.environment())
            pass_fds = channel.child_fds
            # under bubblewrap the program is pid 2 of its namespace: only its records count
            channel.expected_pid = SANDBOXED_PROGRAM_PID if self.bwrap is not None else None
        command = list(argv)
        seccomp = None
        views: Path | None = None
        if self.bwrap is not None:
            full_env["CROSSFILE_SANDBOX_PIDNS"] = "1"  # /proc shows the run's processes only
            read_only = (*interpreter_paths(self.python), *self.read_only)
            seccomp = seccomp_fd()  # isolation.REFUSED_SYSCALLS: inotify, fanotify, io_uring, keys
            pass_fds = (*pass_fds, seccomp)
            if self.uid is not None:  # whatever the host wrote since the last run is the run's too
                hand_over(self.dir, self.uid)
                for fd in pass_fds:  # the channel's pipes: the JVM runner opens its token pipe by /proc/self/fd
                    try:
                        os.fchown(fd, self.uid, self.uid)
                    except OSError:
                        pass
            # the overlays the run sees the host's folders through are mounted here, in the run's
            # own mount namespace (a fresh name each run: made after hand_over, the builder's, 0700)
            views = self.dir / f".views-{uuid.uuid4().hex}"
            views.mkdir(mode=0o700)
            command = [*bwrap_argv(self.bwrap, writable=self.dir, cwd=workdir, read_only=read_only,
                                   seccomp=seccomp, uid=self.uid, terminals=self.limits.terminals, views=views,
                                   hide=self.hidden_releases,
                                   mirror=(str(self.root), self.source) if self.source else None), "--", *command]
        if tree is not None:
            command = [*join_cgroups_argv(tree.procs_files()), *command]
        watch = PeakWatch(tree) if tree is not None else None
        leftovers = 0
        if watch is not None:
            watch.start()
        try:
            result = run(command, timeout=timeout, cwd=workdir, env=full_env, limits=limits, pass_fds=pass_fds)
        finally:
            if seccomp is not None:
                os.close(seccomp)
            if views is not None:  # an empty folder on the host's side (the mounts were the run's)
                try:
                    os.rmdir(views)
                except OSError:
                    pass
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
    "PLUGIN_NAME", "SANDBOX_ENV", "SANDBOX_PREFIX", "TASKS_PER_PROCESS", "CopyReport", "HeldFolder", "Sandbox",
    "SandboxLimits", "SandboxRun", "SandboxUnavailable", "configure_isolation", "copy_file_sparse", "copy_repository",
    "data_regions", "isolation_mode", "remove_tree", "sweep_stale_sandboxes", "tree_digest",
]
