"""One call of the project's own code on untrusted text, in a forked child under an address-space
and a CPU-time limit; its (picklable) result comes back through a pipe.

Why it exists: a byte cap is not a memory cap. Python's syntax trees are hundreds of bytes per
byte of a data table (``ast``: about 500 for ``0,1,2,...``, 870 for ``a;a;...``; libcst about
3,000), so a capped text (a generation under 1 MB, a ``setup.py`` under 1 MiB, a module under
8 MiB, a test program a published split brings) parsed on the host took gigabytes of the
builder's or the evaluator's memory, and a libcst mutation plan minutes of its CPU (red team
2026-11-29g rows 1-4 and 6). Here the parse and whatever walks its tree run in a forked child
(no interpreter start: a few ms): its address space may grow by ``memory`` (``RLIMIT_AS``, counted
from the forking process's size) and the kernel ends it past ``seconds`` of CPU time
(``ITIMER_PROF``). The caller's memory never holds the tree: only the small answer it was parsed
for. A child past either limit is :class:`BoundedLimit`, which the callers count under a named
reason; every other outcome is the function's own (its return value, or its exception).

The parent waits without spending CPU time and never judges by wall-clock time (on a machine
at load 20 a CPU-bound child gets a tenth of a core: a wall-clock deadline refused honest
inputs, red team 2026-11-29g's note on the tree-sitter guard): it kills a child only when the
child's own CPU time has not moved for ``STALL_SECONDS`` of wall-clock time (a lock held across
``fork``: it would never end).
"""

from __future__ import annotations

import os
import pickle
import resource
import select
import signal
import time
from typing import Any, Callable, TypeVar

from crossfile_datasets.core import constants as C

T = TypeVar("T")

# a child whose CPU time has not moved for this long (wall clock) is stuck, not slow (ours)
STALL_SECONDS = 60.0
POLL_SECONDS = 5.0  # how often the parent looks at a silent child's CPU time


class BoundedLimit(Exception):
    """The child ended past its memory or CPU-time limit (or was stuck): no answer."""


def address_space(field: str = "VmSize") -> int:
    """The calling process's virtual size in bytes (``VmSize``; ``VmPeak``: its largest), 0
    where it cannot be read."""
    try:
        with open("/proc/self/status", encoding="ascii", errors="replace") as fh:
            for line in fh:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def _cpu_ticks(pid: int) -> int | None:
    """The CPU time (user + system, in clock ticks) process ``pid`` has used, None when gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            fields = fh.read().rsplit(b")", 1)[1].split()
        return int(fields[11]) + int(fields[12])
    except (OSError, IndexError, ValueError):
        return None


def limit_child(seconds: float, memory: int) -> int:
    """In a freshly forked child: the kernel ends it past ``seconds`` of CPU time, and its
    address space may grow by ``memory`` bytes (0: no address-space limit). -> the address
    space it may reach (0: none)."""
    signal.signal(signal.SIGPROF, signal.SIG_DFL)
    base = address_space()
    if base and memory:
        resource.setrlimit(resource.RLIMIT_AS, (base + memory, base + memory))
    signal.setitimer(signal.ITIMER_PROF, seconds)
    return base + memory if base and memory else 0


REACHED_SLACK = 64 << 20  # larger than what one allocation of the parsers asks for (ours)


def _reached(ceiling: int, memory: int) -> bool:
    """Whether this process's address space came within ``REACHED_SLACK`` (or an eighth of the
    growth ``memory`` it was allowed) of ``ceiling``: an allocation failed there. The parsers'
    callers catch ``MemoryError`` themselves (the parser's own stack raises it too) and answer
    "does not parse"; at the limit, the answer is the limit's."""
    return bool(ceiling) and address_space("VmPeak") >= ceiling - min(REACHED_SLACK, memory // 8)


def wait_child(pid: int, read_fd: int | None = None) -> tuple[int, bytes]:
    """Wait for the forked child ``pid`` (reading ``read_fd`` to its end, if given) without a
    wall-clock deadline: killed only when its CPU time stands still for ``STALL_SECONDS``.
    -> (its wait status, what it wrote)."""
    chunks: list[bytes] = []
    try:
        watch = os.pidfd_open(pid)
    except OSError:  # no pidfd (Linux before 5.3): the pipe's end, then a blocking wait
        watch = -1
    last, since = _cpu_ticks(pid), time.monotonic()
    try:
        open_fd = read_fd
        while open_fd is not None or watch >= 0:
            fds = [fd for fd in (open_fd, watch) if fd is not None and fd >= 0]
            ready = select.select(fds, [], [], POLL_SECONDS)[0]
            if open_fd is not None and open_fd in ready:
                chunk = os.read(open_fd, 1 << 16)
                if chunk:
                    chunks.append(chunk)
                    continue
                open_fd = None  # the child closed its end: it is ending
            if open_fd is None and (watch < 0 or watch in ready):
                break
            ticks = _cpu_ticks(pid)
            if ticks != last:
                last, since = ticks, time.monotonic()
            elif time.monotonic() - since > STALL_SECONDS:
                os.kill(pid, signal.SIGKILL)
                since = time.monotonic()
    finally:
        if read_fd is not None:
            os.close(read_fd)
        if watch >= 0:
            os.close(watch)
    _, status = os.waitpid(pid, 0)
    return status, b"".join(chunks)


def _child(write_fd: int, fn: Callable[..., Any], args: tuple, seconds: float, memory: int) -> None:
    try:
        ceiling = limit_child(seconds, memory)
        try:
            outcome: tuple[str, Any] = ("ok", fn(*args))
        except (MemoryError, RecursionError):  # the address-space limit, or the parser's own stack
            os._exit(3)
        except BaseException as exc:  # noqa: BLE001 - the function's own exception, raised in the parent
            outcome = ("raise", exc)
        signal.setitimer(signal.ITIMER_PROF, 0)
        if _reached(ceiling, memory):
            os._exit(3)
        try:
            data = pickle.dumps(outcome, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception:  # noqa: BLE001 - an exception that does not pickle
            data = pickle.dumps(("raise", RuntimeError(repr(outcome[1])[:500])))
        with os.fdopen(write_fd, "wb") as out:
            out.write(data)
    finally:
        os._exit(0)


def bounded_call(fn: Callable[..., T], *args: Any, seconds: float, memory: int | None = None) -> T:
    """``fn(*args)`` in a forked child limited to ``seconds`` of CPU time and ``memory`` bytes of
    address-space growth (``PYTHON_COMPILE_MAX_BYTES`` by default); its return value (pickled),
    or its exception raised here; :class:`BoundedLimit` past a limit (``MemoryError`` and
    ``RecursionError`` in the child count as the limit)."""
    memory = C.PYTHON_COMPILE_MAX_BYTES if memory is None else memory
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_fd)
        _child(write_fd, fn, args, seconds, memory)
    os.close(write_fd)
    status, data = wait_child(pid, read_fd)
    if not (os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0) or not data:
        raise BoundedLimit(f"over {seconds:.1f} s of CPU or {memory >> 20} MB")
    kind, value = pickle.loads(data)
    if kind == "raise":
        raise value
    return value


def parse_seconds(size: int) -> float:
    """The CPU time a bounded parse (and the walk of its tree) of ``size`` characters may take:
    ``bounded_compile``'s budget (real files parse at about 1 s per MB)."""
    return C.PYTHON_COMPILE_FLOOR_SECONDS + C.PYTHON_COMPILE_SECONDS_PER_MB * size / 1e6


def bounded_text_call(fn: Callable[..., T], text: str, *args: Any, size: int | None = None,
                      memory: int | None = None) -> T:
    """``fn(text, *args)``, a function that parses ``text`` (untrusted; ``size``: the characters
    it parses in all, when more than ``text``) and returns a small answer: in this process up
    to ``BOUNDED_INLINE_MAX_CHARS`` (its tree is a few tens of MB at most, and a fork per small
    test file would cost more than the parse), else through :func:`bounded_call` with
    :func:`parse_seconds` of CPU time and ``memory`` (``PYTHON_COMPILE_MAX_BYTES`` by default)."""
    size = len(text) if size is None else size
    if size <= C.BOUNDED_INLINE_MAX_CHARS:
        return fn(text, *args)
    return bounded_call(fn, text, *args, seconds=parse_seconds(size), memory=memory)
