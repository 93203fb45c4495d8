"""A pool of resident mono C# compilers (``McsServer.cs``), one compilation per request.

An ``mcs`` process spends ~0.3 s starting mono and JIT-compiling the compiler, which is most
of the time of compiling a small project; the C# procedure compiles the same project dozens
of times. ``McsServer.exe`` (built once with mcs itself, cached) keeps the compiler loaded and
compiles through ``Mono.CSharp.CompilerCallableEntryPoint``, resetting its static state after
each compilation; measured 3-5x faster per compilation (docs/csharp.md). Each server is a
:class:`analyzers.run.PersistentProcess` (own process group, per-request time-out, restarted
after a crash, a time-out, or ``MCS_SERVER_MAX_REQUESTS`` compilations to bound its memory).

When the server cannot be built or started, :func:`McsServerPool.create` returns None and the
caller falls back to one ``mcs`` process per compilation (``analyzers.mcs.compile_sources``).
"""

from __future__ import annotations

import base64
import hashlib
import os
import queue
import shutil
import threading
import time
from pathlib import Path
from typing import Mapping, Sequence

from crossfile_datasets.analyzers.mcs import (
    CompileResult,
    CompileStatus,
    compile_result,
    crash_signature,
    mcs_argv,
    mono_env,
    mono_lib_dir,
    out_of_memory,
)
from crossfile_datasets.analyzers.run import (
    PersistentProcess,
    PersistentProcessError,
    PersistentProcessTimeout,
    run,
)
from crossfile_datasets.core import constants as C

SOURCE = Path(__file__).with_name("McsServer.cs")
_BUILD_LOCK = threading.Lock()


def cache_dir() -> Path:
    from crossfile_datasets.core.paths import default_cache_dir

    return default_cache_dir() / "mcs-server"


def build_server() -> Path | None:
    """Compile McsServer.cs against the installed mcs.exe (once per source and mcs version)."""
    lib = mono_lib_dir()
    if lib is None or not (lib / "mcs.exe").is_file() or shutil.which("mono") is None:
        return None
    mcs_exe = lib / "mcs.exe"
    digest = hashlib.sha256(SOURCE.read_bytes() + str(mcs_exe.stat().st_mtime_ns).encode()).hexdigest()[:16]
    exe = cache_dir() / digest / "McsServer.exe"
    with _BUILD_LOCK:
        if exe.is_file():
            return exe
        exe.parent.mkdir(parents=True, exist_ok=True)
        partial = exe.with_name(f"McsServer.{os.getpid()}.partial.exe")
        res = run(["mcs", "-target:exe", f"-r:{mcs_exe}", f"-out:{partial}", str(SOURCE)], timeout=120)
        if not res.ok or not partial.is_file():
            return None
        partial.replace(exe)
    return exe


class McsServer:
    """One resident compiler; not thread-safe (the pool hands it to one thread at a time)."""

    def __init__(self, exe: Path) -> None:
        # its heap capped (MONO_GC_PARAMS, C.MCS_HEAP_MB): past it the compilation is
        # ``memory_limit`` and the server lives on or restarts (red team 2026-11-28e row 4)
        env = mono_env({**os.environ, "MONO_PATH": str(mono_lib_dir())})
        self.process = PersistentProcess(["mono", str(exe)], env=env)
        self.requests = 0

    def compile(self, cwd: Path, argv: Sequence[str], texts: Mapping[str, str], timeout: float) -> CompileResult:
        if self.requests >= C.MCS_SERVER_MAX_REQUESTS:
            self.process.close()  # the next request starts a fresh compiler
            self.requests = 0
        self.requests += 1
        fields = "\0".join([str(cwd), *argv[1:]])  # argv[0] is "mcs"
        request = base64.b64encode(fields.encode("utf-8")).decode("ascii")
        start = time.monotonic()
        try:
            answer = self.process.request(request, timeout=timeout)
        except PersistentProcessError as exc:
            if "OutOfMemory" in str(exc) + self.process.stderr_tail[-4000:]:
                return out_of_memory(str(exc), time.monotonic() - start)
            status = CompileStatus.TIMEOUT if isinstance(exc, PersistentProcessTimeout) else CompileStatus.CRASH
            return CompileResult(status, (), (), time.monotonic() - start, str(exc)[:300])
        duration = time.monotonic() - start
        status, _, payload = answer.partition(" ")
        try:
            output = base64.b64decode(payload).decode("utf-8", errors="replace")
        except ValueError:
            self.process.close()
            return CompileResult(CompileStatus.CRASH, (), (), duration, "unreadable answer from the mcs server")
        if status != "OK":  # the server is alive and reports the compiler's own exception
            if "OutOfMemoryException" in output:
                self.process.close()  # a fresh heap for the next compilation
                return out_of_memory(output[:500], duration)
            return CompileResult(CompileStatus.CRASH, (), (), duration, output[:500], compiler_error=True,
                                 signature=crash_signature(output))
        return compile_result(output, texts, duration)

    def close(self) -> None:
        self.process.close()


class McsServerPool:
    """``size`` resident compilers shared by the worker threads of one repository."""

    def __init__(self, exe: Path, size: int) -> None:
        self.servers = [McsServer(exe) for _ in range(max(1, size))]
        self.idle: queue.Queue[McsServer] = queue.Queue()
        for s in self.servers:
            self.idle.put(s)

    @classmethod
    def create(cls, size: int) -> "McsServerPool | None":
        exe = build_server()
        if exe is None:
            return None
        pool = cls(exe, size)
        # a first compilation proves the server works here (and warms its JIT)
        probe = pool.servers[0].compile(Path(exe.parent), ["mcs", "-target:library", "-out:/dev/null", "-help"], {}, 120)
        if probe.status != "ok":
            pool.close()
            return None
        return pool

    def compile(self, cwd: Path, sources: Sequence[str], texts: Mapping[str, str], out_path: str,
                timeout: float, defines: Sequence[str] = ("DEBUG", "TRACE")) -> CompileResult:
        server = self.idle.get()
        try:
            return server.compile(cwd, mcs_argv(sources, out_path, defines), texts, timeout)
        finally:
            self.idle.put(server)

    def close(self) -> None:
        for s in self.servers:
            s.close()


__all__ = ["McsServer", "McsServerPool", "build_server"]
