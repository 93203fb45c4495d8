"""Python's ``compile()`` of untrusted text, in a forked child under memory and CPU limits.

Why it exists: CPython's compiler folds constant expressions (the AST optimizer), and folds
``str + str`` with no size limit (``*`` is capped at 4,096 characters, ``+`` is not). A chain
``'' + 'a' * 4000 + 'a' * 4000 + ...`` is folded step by step and every intermediate string
stays alive until ``compile()`` returns: 600 terms (7.9 kB) take 0.7 GB, 2,800 terms (25 kB)
15 GB, and nothing is raised (red team 2026-11-29d row 1). The host compiles texts nobody
vetted: a class answer and the repository's sources (the class evaluation's ``compile_only``),
an example's file with a model's completion (the completion exact match), the class build's
disguised controls. ``ast.parse`` does not fold (the optimizer runs in the compiler, after it),
but finds only the parser's errors, not the compiler's own (``return`` outside a function,
``nonlocal`` at module level), and Python 3.11 has no switch to compile without the optimizer.

So the texts are compiled in a forked child (no interpreter start: a few ms) whose address
space may grow by ``PYTHON_COMPILE_MAX_BYTES`` (``RLIMIT_AS``) and which the kernel ends past
``guard_seconds``-like CPU time per text (``ITIMER_PROF``); the parent waits without spending
CPU time (``core/bounded.py`` ``wait_child``: never a wall-clock deadline). A text past
either limit does not compile: its error names the limit (``CompileLimit``). The address-space
limit counts from the forking process's size: heap it mapped and freed is usable too, so a long
running caller gives its child that much more (bounded all the same; never the caller's memory). The verdicts and
messages of every other text are ``compile()``'s own, formatted as before.
"""

from __future__ import annotations

import json
import os
import resource
import signal
import warnings
from typing import Sequence

from crossfile_datasets.core import constants as C
from crossfile_datasets.core.bounded import address_space, wait_child

LIMIT_ERROR = "CompileLimit"


def compile_seconds(size: int) -> float:
    """The CPU time the compilation of a ``size``-character text may take."""
    return C.PYTHON_COMPILE_FLOOR_SECONDS + C.PYTHON_COMPILE_SECONDS_PER_MB * size / 1e6


def format_error(path: str, exc: BaseException) -> str:
    """One compile error as ``compile_only`` reports it: ``path:line: Type: message``."""
    return f"{path}:{getattr(exc, 'lineno', 0) or 0}: {type(exc).__name__}: {exc}"


def _compile_one(path: str, text: str, memory: int) -> str:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # invalid escape sequences and the like warn, not refuse
        try:
            compile(text, path, "exec", dont_inherit=True)
        except (SyntaxError, ValueError, MemoryError, RecursionError, OverflowError) as exc:
            if isinstance(exc, MemoryError):  # the parser's own stack, or the address-space limit
                return f"{format_error(path, exc)} (compiled under a {memory >> 20} MB limit)"
            return format_error(path, exc)
    return ""


def _child(write_fd: int, texts: Sequence[tuple[str, str]], memory: int) -> None:
    """The forked child: compile each text, one JSON line per verdict on ``write_fd``, end."""
    try:
        signal.signal(signal.SIGPROF, signal.SIG_DFL)
        base = address_space()
        if base and memory:
            resource.setrlimit(resource.RLIMIT_AS, (base + memory, base + memory))
        with os.fdopen(write_fd, "w", encoding="utf-8", errors="surrogatepass") as out:
            for path, text in texts:
                signal.setitimer(signal.ITIMER_PROF, compile_seconds(len(text)))
                verdict = _compile_one(path, text, memory)
                signal.setitimer(signal.ITIMER_PROF, 0)
                out.write(json.dumps(verdict) + "\n")
                out.flush()
    finally:
        os._exit(0)


def _run_child(texts: Sequence[tuple[str, str]], memory: int) -> list[str]:
    """The verdicts a child gave, in order, until it ended (all of them, or fewer when it was
    ended: the text after the last verdict is the one it was compiling)."""
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_fd)
        _child(write_fd, texts, memory)
    os.close(write_fd)
    _, data = wait_child(pid, read_fd)  # judged by the child's CPU time, never the wall clock
    lines = data.decode("utf-8", "surrogatepass").split("\n")
    verdicts = []
    for line in lines[:-1]:  # a last line without its end is not a verdict
        try:
            verdicts.append(str(json.loads(line)))
        except ValueError:
            break
    return verdicts[:len(texts)]


def compile_errors(texts: Sequence[tuple[str, str]], memory: int | None = None) -> list[str]:
    """For each ``(path, text)``, ``""`` when Python compiles it, else its error line
    (``path:line: Type: message``; ``CompileLimit`` past the memory or CPU limit). All texts in
    one forked child; after a child ended past a limit, the rest in a new one."""
    memory = C.PYTHON_COMPILE_MAX_BYTES if memory is None else memory
    out: list[str] = []
    while len(out) < len(texts):
        got = _run_child(texts[len(out):], memory)
        out.extend(got)
        if len(out) < len(texts):  # the child ended on this text: a limit
            path, text = texts[len(out)]
            out.append(f"{path}:0: {LIMIT_ERROR}: over {compile_seconds(len(text)):.1f} s of CPU "
                       f"or {memory >> 20} MB to compile")
    return out


def compiles(text: str, path: str = "<completion>") -> bool:
    """Whether Python compiles ``text`` within the limits (nothing runs)."""
    return compile_errors([(path, text)])[0] == ""
