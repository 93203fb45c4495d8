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

import enum
import os
import resource
import selectors
import shutil
import signal
import subprocess
import threading
import time
from dataclasses import dataclass
from typing import Mapping, Sequence

DEFAULT_OUTPUT_CAP = 16 * 1024 * 1024  # bytes kept per stream; the rest is drained and dropped
LEADER_EXIT_GRACE = 0.3  # seconds to keep draining pipes after the leader exited


class RunStatus(str, enum.Enum):
    OK = "ok"  # exited (any exit code)
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
        return self.status is RunStatus.OK and self.returncode == 0


@dataclass(frozen=True)
class Limits:
    """Resource limits applied in the child before exec (POSIX rlimits)."""

    memory_bytes: int | None = None  # RLIMIT_AS
    max_processes: int | None = None  # RLIMIT_NPROC (per user: only meaningful for a dedicated uid)
    cpu_seconds: int | None = None  # RLIMIT_CPU
    file_size_bytes: int | None = None  # RLIMIT_FSIZE


def require_binary(name: str, install_hint: str) -> str:
    """Return the path of ``name`` or raise :class:`MissingToolError` with an install hint."""
    path = shutil.which(name)
    if path is None:
        raise MissingToolError(f"'{name}' was not found on PATH: {install_hint}")
    return path


def decode(data: bytes) -> str:
    return data.decode("utf-8", errors="replace")


def _preexec(limits: Limits | None):
    def setup() -> None:
        os.setsid()  # new session => new process group we can kill as a whole
        if limits is None:
            return
        if limits.memory_bytes:
            resource.setrlimit(resource.RLIMIT_AS, (limits.memory_bytes, limits.memory_bytes))
        if limits.max_processes:
            resource.setrlimit(resource.RLIMIT_NPROC, (limits.max_processes, limits.max_processes))
        if limits.cpu_seconds:
            resource.setrlimit(resource.RLIMIT_CPU, (limits.cpu_seconds, limits.cpu_seconds + 1))
        if limits.file_size_bytes:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limits.file_size_bytes, limits.file_size_bytes))

    return setup


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
) -> RunResult:
    """Run ``argv`` to completion or until ``timeout`` seconds, whichever comes first.

    The child runs in its own process group; on time-out (or when it exits while leaving
    children behind) the whole group is killed, so nothing it started survives the call.
    """
    args = [os.fspath(a) for a in argv]
    if not args:
        raise ValueError("empty argv")
    start = time.monotonic()
    try:
        proc = subprocess.Popen(
            args,
            cwd=cwd,
            env=dict(env) if env is not None else None,
            stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            preexec_fn=_preexec(limits),
            close_fds=True,
        )
    except FileNotFoundError:
        return RunResult(tuple(args), RunStatus.NOT_FOUND, None, "", f"executable not found: {args[0]}", 0.0)
    except PermissionError as exc:
        return RunResult(tuple(args), RunStatus.NOT_FOUND, None, "", f"cannot execute {args[0]}: {exc}", 0.0)

    if stdin is not None:
        data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
        threading.Thread(target=_feed, args=(proc.stdin, data), daemon=True).start()

    buffers = {proc.stdout: bytearray(), proc.stderr: bytearray()}
    truncated = {proc.stdout: False, proc.stderr: False}
    sel = selectors.DefaultSelector()
    for stream in buffers:
        os.set_blocking(stream.fileno(), False)
        sel.register(stream, selectors.EVENT_READ)
    deadline = start + timeout
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
            stream = key.fileobj
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
    for stream in buffers:
        stream.close()
    duration = time.monotonic() - start
    rc = proc.returncode
    if timed_out:
        status = RunStatus.TIMEOUT
    elif rc is not None and rc < 0:
        status = RunStatus.SIGNALED
    else:
        status = RunStatus.OK
    return RunResult(
        argv=tuple(args),
        status=status,
        returncode=rc,
        stdout=decode(bytes(buffers[proc.stdout])),
        stderr=decode(bytes(buffers[proc.stderr])),
        duration=duration,
        stdout_truncated=truncated[proc.stdout],
        stderr_truncated=truncated[proc.stderr],
    )


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
            proc = subprocess.Popen(
                self.argv,
                cwd=self.cwd,
                env=self.env,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                preexec_fn=_preexec(self.limits),
                close_fds=True,
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
        for chunk in iter(lambda: proc.stderr.read1(65536) if proc.stderr else b"", b""):
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
            proc.stdin.write(line.encode("utf-8") + b"\n")
            proc.stdin.flush()
        except (BrokenPipeError, OSError) as exc:
            self.close()
            raise PersistentProcessError(f"helper process died: {self.stderr_tail[-2000:]}") from exc
        fd = proc.stdout.fileno()
        buf = bytearray()
        deadline = time.monotonic() + timeout
        with selectors.DefaultSelector() as sel:
            sel.register(fd, selectors.EVENT_READ)
            while True:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    self.close()
                    raise PersistentProcessError(f"helper process timed out after {timeout:.0f}s")
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
                stream.close()
            except (OSError, AttributeError):
                pass

    def __enter__(self) -> "PersistentProcess":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def which_all(names: Sequence[str]) -> dict[str, str | None]:
    return {n: shutil.which(n) for n in names}


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
    "kill_group",
    "path_env",
    "require_binary",
    "run",
    "which_all",
]
