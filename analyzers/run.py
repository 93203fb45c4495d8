"""The one subprocess runner of the project.

Every external process (checkers, git, test programs) is started here so that the same
guarantees hold everywhere: an argv list (never a shell string), a wall-clock timeout, the
whole process group killed on time-out (children that outlive their parent included), a cap
on captured output so a program printing gigabytes cannot exhaust memory, decoding that never
fails on a stray byte, and a frozen result object.

Long-lived helper processes (a JVM or a Node process kept alive per repository) use
:class:`PersistentProcess`, which applies the same process-group and decoding rules to a
line-oriented request/response protocol.
"""

from __future__ import annotations

import io
import os
import queue
import selectors
import shutil
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import Future
from dataclasses import dataclass
from typing import IO, Mapping, Sequence, cast

from crossfile_datasets.core import deadline as repository_deadline
from crossfile_datasets.core.enums import StrEnum

DEFAULT_OUTPUT_CAP = 16 * 1024 * 1024  # bytes kept per stream; the rest is drained and dropped
LEADER_EXIT_GRACE = 0.3  # seconds to keep draining pipes after the leader exited


class RunStatus(StrEnum):
    EXITED = "exited"  # ran to its end (any exit code: what it means is the caller's business)
    TIMEOUT = "timeout"
    SIGNALED = "signaled"  # killed by a signal we did not send
    NOT_FOUND = "not_found"  # the executable does not exist


class MissingToolError(RuntimeError):
    """A required external program is not installed; the message says how to install it."""


@dataclass(frozen=True)
class RunResult:
    argv: tuple[str, ...]
    status: RunStatus
    returncode: int | None
    stdout: str
    stderr: str
    duration: float
    stdout_truncated: bool = False
    stderr_truncated: bool = False

    @property
    def ok(self) -> bool:
        return self.status is RunStatus.EXITED and self.returncode == 0


@dataclass(frozen=True)
class Limits:
    """Resource limits applied in the child before exec (POSIX rlimits)."""

    memory_bytes: int | None = None  # RLIMIT_AS
    max_processes: int | None = None  # RLIMIT_NPROC (per user: only meaningful for a dedicated uid)
    cpu_seconds: int | None = None  # RLIMIT_CPU
    file_size_bytes: int | None = None  # RLIMIT_FSIZE
    open_files: int | None = None  # RLIMIT_NOFILE, soft and hard (never above the caller's own hard limit)
    pending_signals: int | None = None  # RLIMIT_SIGPENDING, soft and hard (lowered only)
    message_queue_bytes: int | None = None  # RLIMIT_MSGQUEUE, soft and hard (lowered only)
    new_session_keyring: bool = False  # join a fresh anonymous session keyring before exec


def require_binary(name: str, install_hint: str) -> str:
    """Return the path of ``name`` or raise :class:`MissingToolError` with an install hint."""
    path = shutil.which(name)
    if path is None:
        raise MissingToolError(f"'{name}' was not found on PATH: {install_hint}")
    return path


def decode(data: bytes) -> str:
    return data.decode("utf-8", errors="replace")


# Why a launcher and not ``preexec_fn``: checkers are started from thread pools, and running
# Python code between fork and exec in a multi-threaded process can deadlock (a lock held by
# another thread at fork time). ``start_new_session`` does the setsid in C; this tiny program,
# run by the child, sets the rest and then execs the real program in place (same pid):
# - PR_SET_PDEATHSIG(SIGKILL): the checker dies when the process that started it dies, even by
#   kill -9 (a hung checker in its own session would otherwise run on, holding memory);
# - the resource limits (RLIMIT_AS, RLIMIT_NPROC, RLIMIT_CPU, RLIMIT_FSIZE, RLIMIT_NOFILE,
#   RLIMIT_SIGPENDING, RLIMIT_MSGQUEUE);
# - optionally a fresh anonymous session keyring (KEYCTL_JOIN_SESSION_KEYRING), so the program
#   does not possess the caller's session keyring (a login's or a service's credentials).
# argv: <parent pid> <as> <nproc> <cpu> <fsize> <nofile> <sigpending> <msgqueue> <keyring>
#       <executable> <argv...> (0 = no limit / no new keyring)
_LAUNCHER = r"""
import os, sys
parent, mem, nproc, cpu, fsize, nofile, sigpending, msgqueue, keyring = (int(v) for v in sys.argv[1:10])
try:
    import ctypes
    ctypes.CDLL(None, use_errno=True).prctl(1, 9, 0, 0, 0)  # PR_SET_PDEATHSIG, SIGKILL
except Exception:
    pass
if os.getppid() != parent:  # the parent died before the death signal was armed
    os._exit(137)
import resource
for which, value, extra in ((resource.RLIMIT_AS, mem, 0), (resource.RLIMIT_NPROC, nproc, 0),
                            (resource.RLIMIT_CPU, cpu, 1), (resource.RLIMIT_FSIZE, fsize, 0)):
    if value:
        resource.setrlimit(which, (value, value + extra))
if nofile:  # lowered only: a process may not raise its hard limit
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    nofile = nofile if hard == resource.RLIM_INFINITY else min(nofile, hard)
    resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))
for which, value in ((resource.RLIMIT_SIGPENDING, sigpending), (resource.RLIMIT_MSGQUEUE, msgqueue)):
    if value:  # lowered only
        hard = resource.getrlimit(which)[1]
        value = value if hard == resource.RLIM_INFINITY else min(value, hard)
        resource.setrlimit(which, (value, value))
if keyring:
    import ctypes
    # keyctl(KEYCTL_JOIN_SESSION_KEYRING, NULL): a new anonymous session keyring, nothing in it
    number = {"x86_64": 250, "aarch64": 219, "i686": 288, "i386": 288, "armv7l": 311}.get(os.uname().machine)
    error = -1 if number is None else 0
    if number is not None:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.syscall.restype = ctypes.c_long
        if libc.syscall(number, 1, None) < 0 and ctypes.get_errno() != 38:  # ENOSYS: a kernel without keys
            error = ctypes.get_errno()
    if error:  # refused rather than run in the caller's keyring
        os.write(2, ("crossfile launcher: cannot start a fresh session keyring (errno %d)\n" % error).encode())
        os._exit(126)
try:
    os.execv(sys.argv[10], sys.argv[11:])
except OSError as exc:
    os.write(2, ("crossfile launcher: cannot execute %s: %s\n" % (sys.argv[10], exc)).encode())
    os._exit(127)
"""


def _launch_argv(args: list[str], limits: Limits | None) -> list[str] | None:
    """The launcher's argv for ``args``, or None when the program does not exist."""
    exe = args[0]
    if os.sep in exe:
        if not (os.path.isfile(exe) and os.access(exe, os.X_OK)):
            return None
    else:
        found = shutil.which(exe)
        if found is None:
            return None
        exe = found
    lim = limits or Limits()
    numbers = [lim.memory_bytes, lim.max_processes, lim.cpu_seconds, lim.file_size_bytes, lim.open_files,
               lim.pending_signals, lim.message_queue_bytes, int(lim.new_session_keyring)]
    return [sys.executable, "-I", "-S", "-c", _LAUNCHER, str(os.getpid()), *(str(n or 0) for n in numbers), exe, *args]


class _Spawner:
    """One long-lived thread that starts every child process.

    The parent-death signal fires when the *thread* that forked the child ends, not the
    process. Checkers are started from pool threads that come and go, and a warm JVM started by
    one thread is used by others later, so children are forked by this thread, which lives as
    long as the process does."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._queue: queue.SimpleQueue = queue.SimpleQueue()
        self._thread: threading.Thread | None = None

    def popen(self, argv: list[str], **kwargs) -> subprocess.Popen:
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._loop, name="crossfile-spawner", daemon=True)
                self._thread.start()
        if threading.current_thread() is self._thread:
            return subprocess.Popen(argv, **kwargs)
        done: Future = Future()
        self._queue.put((argv, kwargs, done))
        return done.result()

    def _loop(self) -> None:
        while True:
            argv, kwargs, done = self._queue.get()
            try:
                done.set_result(subprocess.Popen(argv, **kwargs))
            except BaseException as exc:  # handed to the caller
                done.set_exception(exc)

    def _after_fork(self) -> None:  # the thread does not exist in a forked child
        self._lock = threading.Lock()
        self._queue = queue.SimpleQueue()
        self._thread = None


_SPAWNER = _Spawner()
os.register_at_fork(after_in_child=_SPAWNER._after_fork)


def _popen(args: list[str], limits: Limits | None, **kwargs) -> subprocess.Popen:
    """Start ``args`` in a new session through the launcher; FileNotFoundError when missing."""
    launch = _launch_argv(args, limits)
    if launch is None:
        raise FileNotFoundError(2, "executable not found", args[0])
    return _SPAWNER.popen(launch, start_new_session=True, close_fds=True, **kwargs)


def die_with_parent() -> None:
    """Make the calling process get SIGKILL when its parent dies (Linux ``PR_SET_PDEATHSIG``);
    exits at once when the parent is already gone. Used by build worker processes."""
    parent = os.getppid()
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        return
    if os.getppid() != parent or parent == 1:
        os._exit(137)


def describe(args: Sequence[str]) -> str:
    """A short name of a command for messages: its program and its last argument."""
    head = os.path.basename(args[0])
    return head if len(args) == 1 else f"{head} ... {str(args[-1])[-80:]}"


def kill_group(pid: int) -> None:
    """SIGKILL the process group led by ``pid`` (ignore it when already gone)."""
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def run(
    argv: Sequence[str | os.PathLike],
    *,
    timeout: float,
    cwd: str | os.PathLike | None = None,
    env: Mapping[str, str] | None = None,
    stdin: str | bytes | None = None,
    output_cap: int = DEFAULT_OUTPUT_CAP,
    limits: Limits | None = None,
    pass_fds: Sequence[int] = (),
) -> RunResult:
    """Run ``argv`` to completion or until ``timeout`` seconds, whichever comes first.

    The child runs in its own process group; on time-out (or when it exits while leaving
    children behind) the whole group is killed, so nothing it started survives the call.
    ``pass_fds``: descriptors the child inherits (e.g. the sandbox's verdict channel).
    """
    args = [os.fspath(a) for a in argv]
    if not args:
        raise ValueError("empty argv")
    # the repository's own limit (core/deadline.py) cuts this run's time-out, and a time-out
    # that was the repository's is raised as such, not returned for the caller to count
    during = describe(args)
    timeout = repository_deadline.cut(timeout, during)
    start = time.monotonic()
    proc = _start_piped(args, limits, cwd, env, stdin, pass_fds)
    if isinstance(proc, RunResult):
        return proc
    if stdin is not None:
        data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
        threading.Thread(target=_feed, args=(proc.stdin, data), daemon=True).start()
    deadline = start + timeout
    output = _drain(proc, deadline, output_cap)
    timed_out = _reap(proc, deadline, output.timed_out)
    duration = time.monotonic() - start
    if timed_out:
        repository_deadline.check(during)
    rc = proc.returncode
    return RunResult(
        argv=tuple(args),
        status=_status(timed_out, rc),
        returncode=rc,
        stdout=decode(bytes(output.stdout)),
        stderr=decode(bytes(output.stderr)),
        duration=duration,
        stdout_truncated=output.stdout_truncated,
        stderr_truncated=output.stderr_truncated,
    )


def _start_piped(
    args: list[str],
    limits: Limits | None,
    cwd: str | os.PathLike | None,
    env: Mapping[str, str] | None,
    stdin: str | bytes | None,
    pass_fds: Sequence[int],
) -> subprocess.Popen | RunResult:
    """Start ``args`` through the launcher with piped output; a NOT_FOUND result when it
    cannot be executed."""
    try:
        return _popen(
            args,
            limits,
            cwd=cwd,
            env=dict(env) if env is not None else None,
            stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            pass_fds=tuple(pass_fds),
        )
    except FileNotFoundError:
        return RunResult(tuple(args), RunStatus.NOT_FOUND, None, "", f"executable not found: {args[0]}", 0.0)
    except PermissionError as exc:
        return RunResult(tuple(args), RunStatus.NOT_FOUND, None, "", f"cannot execute {args[0]}: {exc}", 0.0)


@dataclass
class _Output:
    stdout: bytearray
    stderr: bytearray
    stdout_truncated: bool
    stderr_truncated: bool
    timed_out: bool  # the deadline passed while the pipes were still open


def _drain(proc: subprocess.Popen, deadline: float, output_cap: int) -> _Output:
    """Read both pipes until they close, the deadline passes, or the leader has been gone for
    ``LEADER_EXIT_GRACE`` seconds; keep at most ``output_cap`` bytes per stream."""
    out, err = _pipe(proc.stdout), _pipe(proc.stderr)
    buffers = {out: bytearray(), err: bytearray()}
    truncated = {out: False, err: False}
    sel = selectors.DefaultSelector()
    for stream in buffers:
        os.set_blocking(stream.fileno(), False)
        sel.register(stream, selectors.EVENT_READ, stream)
    timed_out = False
    open_streams = 2
    leader_exit_seen: float | None = None
    while open_streams:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            timed_out = True
            break
        if leader_exit_seen is None and proc.poll() is not None:
            leader_exit_seen = time.monotonic()
        elif leader_exit_seen is not None and time.monotonic() - leader_exit_seen > LEADER_EXIT_GRACE:
            # The leader is gone but a descendant still holds our pipes open: what it writes
            # now is not the program's output; stop reading (the group is killed below).
            break
        events = sel.select(timeout=min(remaining, 0.1 if leader_exit_seen is not None else 0.5))
        for key, _ in events:
            stream = key.data
            try:
                chunk = os.read(stream.fileno(), 65536)
            except BlockingIOError:
                continue
            if not chunk:
                sel.unregister(stream)
                open_streams -= 1
                continue
            buf = buffers[stream]
            room = output_cap - len(buf)
            if room > 0:
                buf += chunk[:room]
            if len(chunk) > room:
                truncated[stream] = True
    sel.close()
    return _Output(buffers[out], buffers[err], truncated[out], truncated[err], timed_out)


def _reap(proc: subprocess.Popen, deadline: float, timed_out: bool) -> bool:
    """Wait for the leader and kill its whole group; close the pipes. Returns whether the run
    timed out (also when the leader outlived the deadline after its pipes closed)."""
    if timed_out:
        kill_group(proc.pid)
    # Pipes are closed (or we timed out): wait for the leader, then make sure no member of
    # its group lingers (daemonised grandchildren holding no pipe would otherwise survive).
    try:
        proc.wait(timeout=max(0.0, deadline - time.monotonic()) + 1.0)
    except subprocess.TimeoutExpired:
        timed_out = True
        kill_group(proc.pid)
        proc.wait()
    kill_group(proc.pid)  # descendants that outlived the leader
    for stream in (proc.stdout, proc.stderr):
        _pipe(stream).close()
    return timed_out


def _pipe(stream: IO[bytes] | None) -> IO[bytes]:
    """A pipe of a process started with it (``stdin``/``stdout``/``stderr=subprocess.PIPE``)."""
    assert stream is not None, "the process was started without this pipe"
    return stream


def _status(timed_out: bool, returncode: int | None) -> RunStatus:
    """How the run ended: our time-out, a signal we did not send, or an exit (any code)."""
    if timed_out:
        return RunStatus.TIMEOUT
    if returncode is not None and returncode < 0:
        return RunStatus.SIGNALED
    return RunStatus.EXITED


def _feed(pipe, data: bytes) -> None:
    try:
        pipe.write(data)
    except (BrokenPipeError, OSError):
        pass
    finally:
        try:
            pipe.close()
        except OSError:
            pass


class PersistentProcessError(RuntimeError):
    pass


class PersistentProcessTimeout(PersistentProcessError):
    """The helper did not answer in time (callers tell it from a crash by type, not by text)."""


class PersistentProcess:
    """A long-lived helper process speaking one JSON line per request and per response.

    Used for checkers whose start-up dominates (a JVM running ``javax.tools``, a Node process
    holding a TypeScript program). Each request has its own timeout; on time-out, crash or a
    malformed answer the whole process group is killed and :class:`PersistentProcessError`
    raised, and the next request transparently starts a fresh process.
    """

    def __init__(
        self,
        argv: Sequence[str | os.PathLike],
        *,
        cwd: str | os.PathLike | None = None,
        env: Mapping[str, str] | None = None,
        output_cap: int = DEFAULT_OUTPUT_CAP,
        limits: Limits | None = None,
    ) -> None:
        self.argv = [os.fspath(a) for a in argv]
        self.cwd = cwd
        self.env = dict(env) if env is not None else None
        self.output_cap = output_cap
        self.limits = limits
        self._proc: subprocess.Popen | None = None
        self.starts = 0  # processes started so far (restarts after failures included)
        self._stderr_tail = bytearray()
        self._stderr_thread: threading.Thread | None = None

    def _start(self) -> subprocess.Popen:
        try:
            proc = _popen(
                self.argv,
                self.limits,
                cwd=self.cwd,
                env=self.env,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
            )
        except FileNotFoundError as exc:
            raise MissingToolError(f"executable not found: {self.argv[0]}") from exc
        self.starts += 1
        self._stderr_tail = bytearray()
        self._stderr_thread = threading.Thread(target=self._drain_stderr, args=(proc,), daemon=True)
        self._stderr_thread.start()
        self._proc = proc
        return proc

    def _drain_stderr(self, proc: subprocess.Popen) -> None:
        stderr = cast("io.BufferedReader | None", proc.stderr)
        for chunk in iter(lambda: stderr.read1(65536) if stderr else b"", b""):
            self._stderr_tail += chunk
            if len(self._stderr_tail) > 65536:
                del self._stderr_tail[:-65536]

    @property
    def stderr_tail(self) -> str:
        return decode(bytes(self._stderr_tail))

    def request(self, line: str, timeout: float) -> str:
        """Send one line (without newline), return the next line of output (decoded)."""
        proc = self._proc if self._proc is not None and self._proc.poll() is None else self._start()
        try:
            stdin = _pipe(proc.stdin)
            stdin.write(line.encode("utf-8") + b"\n")
            stdin.flush()
        except (BrokenPipeError, OSError) as exc:
            self.close()
            raise PersistentProcessError(f"helper process died: {self.stderr_tail[-2000:]}") from exc
        fd = _pipe(proc.stdout).fileno()
        buf = bytearray()
        during = describe(self.argv)
        timeout = repository_deadline.cut(timeout, during)
        deadline = time.monotonic() + timeout
        with selectors.DefaultSelector() as sel:
            sel.register(fd, selectors.EVENT_READ)
            while True:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    self.close()
                    repository_deadline.check(during)
                    raise PersistentProcessTimeout(f"helper process timed out after {timeout:.0f}s")
                if not sel.select(timeout=min(remaining, 0.5)):
                    continue
                chunk = os.read(fd, 1 << 20)
                if not chunk:
                    self.close()
                    raise PersistentProcessError(f"helper process exited: {self.stderr_tail[-2000:]}")
                buf += chunk
                if len(buf) > self.output_cap:
                    self.close()
                    raise PersistentProcessError("helper process answer exceeded the output cap")
                nl = buf.find(b"\n")
                if nl >= 0:
                    # The protocol is strictly one response line per request line.
                    if nl != len(buf) - 1:
                        self.close()
                        raise PersistentProcessError("helper process wrote more than one line")
                    return decode(bytes(buf[:nl]))

    def close(self) -> None:
        proc, self._proc = self._proc, None
        if proc is None:
            return
        kill_group(proc.pid)
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass

    def __enter__(self) -> "PersistentProcess":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def path_env(extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """A copy of the current environment with ``extra`` applied (for child processes)."""
    env = dict(os.environ)
    if extra:
        env.update(extra)
    return env


__all__ = [
    "DEFAULT_OUTPUT_CAP",
    "Limits",
    "MissingToolError",
    "PersistentProcess",
    "PersistentProcessError",
    "RunResult",
    "RunStatus",
    "decode",
    "die_with_parent",
    "kill_group",
    "path_env",
    "require_binary",
    "run",
]
