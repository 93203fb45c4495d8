"""A wall-clock limit on one repository's build, enforced where the time goes.

Why it exists: a build stopped from outside (a CI step's time cap, ``timeout(1)``, a killed
session) leaves the repository that stalled it with no counted reason: the user sees a build
that never finished, not which repository and stage ate the time. Class builds of real suites
took 20 minutes to more than an hour per repository (a 2,500-line partial C# class stalled the
emptied-class gate), so the split engine gives every repository a limit of its own
(``--repository-time-limit``, default :data:`core.constants.REPOSITORY_TIME_LIMIT`): past it,
the repository stops and is counted ``repositories/timeout`` with what was running, the others
go on, and no shard is written (a rerun with a larger limit tries again).

Python cannot stop a thread from outside, so the limit is enforced cooperatively at the points
where a build spends its time: every child process (``analyzers.run``: checkers, sandboxed test
runs, compilers; a run's own time-out is cut to what is left) and every tree-sitter parse
(``lang.base``). :class:`RepositoryTimeLimit` derives from ``BaseException`` so the many
``except Exception`` guards that turn one checker crash into a counted file loss let it through
to the engine. Once it has fired, the repository's clean-up code (``finally`` blocks that run a
process) still runs, each process capped at :data:`CLEANUP_SECONDS`.

The deadline lives in a :class:`contextvars.ContextVar`, so repositories built side by side on
threads each have their own; work a repository hands to its own thread pools carries it with
:func:`carried`.
"""

from __future__ import annotations

import contextvars
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Callable, Iterator, TypeVar

from crossfile_datasets.core import constants as C

CLEANUP_SECONDS = 30.0  # a process started after the limit fired (clean-up) runs at most this long

R = TypeVar("R")


class RepositoryTimeLimit(BaseException):
    """The repository's build went past its wall-clock limit (counted ``repositories/timeout``)."""

    def __init__(self, deadline: "Deadline", during: str) -> None:
        self.deadline = deadline
        self.during = during
        super().__init__(f"past the repository time limit of {deadline.seconds:g} s "
                         f"({deadline.elapsed():.0f} s elapsed) during {during}")


@dataclass
class Deadline:
    seconds: float
    started: float = field(default_factory=time.monotonic)
    fired: bool = False  # raised once already: what runs now is clean-up

    @property
    def end(self) -> float:
        return self.started + self.seconds

    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def remaining(self) -> float:
        return self.end - time.monotonic()

    def expire(self, during: str) -> RepositoryTimeLimit:
        self.fired = True
        return RepositoryTimeLimit(self, during)


_CURRENT: contextvars.ContextVar[Deadline | None] = contextvars.ContextVar("repository_deadline", default=None)
# the limit the engine gives each repository when its caller names none (set by the CLI)
_CONFIGURED: contextvars.ContextVar[float | None] = contextvars.ContextVar(
    "repository_time_limit", default=C.REPOSITORY_TIME_LIMIT)


def configured_limit() -> float | None:
    """Seconds per repository the engine applies (``None`` or 0: no limit)."""
    return _CONFIGURED.get() or None


@contextmanager
def limit_repositories(seconds: float | None) -> Iterator[None]:
    """Every repository built inside this block gets ``seconds`` (``None``/0: no limit)."""
    token = _CONFIGURED.set(seconds or None)
    try:
        yield
    finally:
        _CONFIGURED.reset(token)


@contextmanager
def repository(seconds: float | None) -> Iterator[Deadline | None]:
    """The block is one repository's build, limited to ``seconds`` of wall clock from now."""
    deadline = Deadline(seconds) if seconds else None
    token = _CURRENT.set(deadline)
    try:
        yield deadline
    finally:
        _CURRENT.reset(token)


def current() -> Deadline | None:
    return _CURRENT.get()


def check(during: str) -> None:
    """Raise :class:`RepositoryTimeLimit` when the current repository is past its limit (once:
    clean-up after it is not interrupted again). Also called after a time-out of something whose
    time was :func:`cut`: when it was the repository's limit that ran out, that is raised (the
    caller would otherwise count its own time-out)."""
    deadline = _CURRENT.get()
    if deadline is not None and not deadline.fired and deadline.remaining() <= 0:
        raise deadline.expire(during)


def cut(timeout: float, during: str) -> float:
    """``timeout`` cut to what the current repository has left; raises when nothing is left.
    After the limit fired (clean-up), at most :data:`CLEANUP_SECONDS`."""
    deadline = _CURRENT.get()
    if deadline is None:
        return timeout
    if deadline.fired:
        return min(timeout, CLEANUP_SECONDS)
    check(during)
    return min(timeout, max(deadline.remaining(), 0.0))


def carried(fn: Callable[..., R]) -> Callable[..., R]:
    """``fn`` made to run with the caller's deadline on another thread (``pool.map(carried(f),
    ...)``, ``pool.submit(carried(f), ...)``): each call runs in its own copy of the caller's
    context, so calls may run side by side."""
    context = contextvars.copy_context()

    def call(*args, **kwargs) -> R:
        return context.copy().run(fn, *args, **kwargs)

    return call
