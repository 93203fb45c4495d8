"""Stub -> analyze -> diff -> :class:`CrossFileUsage`, the language-neutral core.

CrossCodeEval's construction idea: a use of an imported project name is *provably* cross-file
when making that name empty (or removing its import) makes the real checker report an
"undefined" error at the use. Errors the checker already reports on the unmodified code are
never counted, so we always diff the stubbed run against the original run.

This module holds what every language shares: the diff, the one usage factory
(:func:`usage_at`), the round engine (:func:`stub_rounds`: stub, check, diff, restore, next
round, with per-language :class:`RoundHooks`) and the choice of first uses. The
language packages build the stubbed texts and say which diagnostics mean what.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Generator, Generic, Iterable, NamedTuple, Protocol, Sequence, TypeVar

from crossfile_datasets.core.records import CrossFileUsage, Diagnostic, ImportBinding


@dataclass(frozen=True)
class StubbedVariant:
    """A file's text with some project imports made empty or removed (rows unchanged: every
    stub replaces text in place, so a diagnostic's line is the original line)."""

    path: str
    mode: str
    text: str
    stubbed: dict[str, ImportBinding] = field(hash=False, compare=False, default_factory=dict)


def usage_at(repository: str, file: str, row: int, column: int, *, imported_name: str, member: str | None,
             stubbed_import: str, tool: str, code: str, message: str, mode: str, round_no: int = 1,
             definition_file: str | None = None, definition_symbol: str | None = None,
             entity: str | None = None, definition_line: int | None = None) -> CrossFileUsage:
    """The one way a checker finding becomes a :class:`CrossFileUsage`: the use's entity (the
    member, else the imported name, unless given) starts at 0-based ``row``/``column`` and ends on
    the same line; lines in the record are 1-based."""
    entity = entity if entity is not None else (member or imported_name)
    return CrossFileUsage(
        repository=repository, file=file, line=row + 1, column=column, imported_name=imported_name, member=member,
        stubbed_import=stubbed_import, tool=tool, code=code, message=message, definition_file=definition_file,
        definition_symbol=definition_symbol, end_line=row + 1, end_column=column + len(entity), mode=mode,
        round=round_no, definition_line=definition_line,
    )


# ------------------------------------------------------------------------------ the rounds --
V = TypeVar("V")  # what one round asks the checker to check (a variant text, a compilation request)
A = TypeVar("A")  # what the checker answers
A_contra = TypeVar("A_contra", contravariant=True)  # the same, as the hooks take it
U = TypeVar("U")  # what a round finds (usages, attributions)


@dataclass
class RoundOutcome(Generic[U]):
    """What one round's check revealed, as the language's hooks read it."""

    found: list[U] = field(default_factory=list)  # new uses (never reported by an earlier round)
    retry: bool = False  # check the same round again: the hooks changed how variants are made
    stop: bool = False  # nothing more to learn from this file (a failure the hooks counted)


class RoundHooks(Protocol[V, A_contra, U]):
    """The per-language parts of the stub rounds (Java, TypeScript, C#)."""

    def variant(self, round_no: int) -> V | None:
        """What to check in this round (None: nothing to stub)."""

    def observe(self, round_no: int, variant: V, answer: A_contra) -> RoundOutcome[U]:
        """Diff the answer against what is already known and attribute the new errors."""

    def restore(self, found: list[U]) -> bool:
        """Give back what this round's uses were found on, so errors they masked can surface in
        the next round; False when nothing changes (nothing new was found, or what was found is
        already given back): the next round would repeat this one."""


def stub_rounds(hooks: RoundHooks[V, A, U], max_rounds: int) -> Generator[V, A, list[U]]:
    """Stub, check, diff, restore, next round: the loop every language shares.

    Stubbing hides an entity everywhere at once, so the first error on a line can mask the
    others (``a.b().c()``: only ``b`` is reported). Each round restores what was found and checks
    again, until restoring changes nothing (a round found nothing new) or ``max_rounds``.
    A generator: it yields each check it needs and is sent the answer (or thrown the checker's
    exception), so a caller may run one file's rounds alone (:func:`drive`) or several files'
    rounds in lockstep, one shared check per round (C#'s batches).
    """
    found: list[U] = []
    round_no = 1
    while round_no <= max_rounds:
        variant = hooks.variant(round_no)
        if variant is None:
            break
        answer = yield variant
        outcome = hooks.observe(round_no, variant, answer)
        if outcome.retry:
            continue
        found.extend(outcome.found)
        if outcome.stop or round_no == max_rounds or not hooks.restore(outcome.found):
            break
        round_no += 1
    return found


def drive(rounds: Generator[V, A, U], check: Callable[[V], A]) -> U:
    """Run a round generator with a synchronous checker; the checker's exceptions are thrown
    into the rounds (which may count them and stop, or let them propagate)."""
    try:
        request = next(rounds)
        while True:
            try:
                answer = check(request)
            except Exception as exc:  # noqa: BLE001 - handed to the rounds, which decide
                request = rounds.throw(exc)
                continue
            request = rounds.send(answer)
    except StopIteration as stop:
        return stop.value


def new_diagnostics(original: Sequence[Diagnostic], stubbed: Sequence[Diagnostic]) -> list[Diagnostic]:
    """Diagnostics of the stubbed run that the original run does not have (multiset diff)."""
    remaining: dict[tuple, int] = {}
    for d in original:
        remaining[d.key()] = remaining.get(d.key(), 0) + 1
    out = []
    for d in stubbed:
        k = d.key()
        if remaining.get(k, 0) > 0:
            remaining[k] -= 1
            continue
        out.append(d)
    return out


def first_uses(usages: Iterable[CrossFileUsage]) -> list[CrossFileUsage]:
    """The first use (by position) of each entity (:attr:`CrossFileUsage.first_use_key`: file,
    imported name, member, defining file), in file/position order."""
    best: dict[tuple, CrossFileUsage] = {}
    for u in usages:
        k = u.first_use_key
        cur = best.get(k)
        if cur is None or (u.line, u.column) < (cur.line, cur.column):
            best[k] = u
    return sorted(best.values(), key=lambda u: (u.file, u.line, u.column, u.imported_name, u.member or ""))


def dedupe_usages(usages: Iterable[CrossFileUsage]) -> list[CrossFileUsage]:
    """Drop repeats of the same use found by several modes or rounds (first one kept)."""
    seen: set[tuple] = set()
    out = []
    for u in sorted(usages, key=lambda u: (u.file, u.line, u.column, u.imported_name, u.member or "", u.round, u.mode)):
        k = (u.file, u.line, u.column, u.imported_name, u.member)
        if k not in seen:
            seen.add(k)
            out.append(u)
    return out


_MAX_EXPRESSION_LINES = 200  # an end line further than this from the start is no expression's


class Unattributed(NamedTuple):
    """A new diagnostic no stubbed import explained (1-based lines), named once every check has spoken."""

    file: str
    line: int
    code: str
    message: str
    end_line: int | None = None  # the last line of the reported expression, when the checker gives it
    name: str | None = None  # what it is about, read from the source when the message names nothing


def count_unattributed(unattributed: Iterable[Unattributed], usages: Iterable[CrossFileUsage], report,
                       name_of: Callable[[str, str], str | None], follow_on: frozenset[str] = frozenset(),
                       declared: Callable[[str], bool] | None = None) -> None:
    """Name each new diagnostic that no stubbed import explained, once every check has spoken.

    The use it is about is often found all the same, by another round, variant or check
    (``Instance of 'Parameters' has no 'salt_len' member`` reached through another module, found
    by the resolved-types check; C# ``CS0117`` on a member another round attributed at the same
    position). Counting those as ``unattributed_<code>`` named losses where none was (argon2-cffi,
    held-out 15: 49; FeedReader, held-out 16: 114). A diagnostic whose name (``name_of(code,
    message)``) a kept usage has at its line is ``unattributed_found_elsewhere`` (a note); the
    others stay ``unattributed_<code>`` (a loss). A diagnostic on an expression over several
    lines (Pylint's E1101 on ``build(...).member`` over several lines is reported at the
    expression's first line, the member written on its last) counts a usage anywhere in its
    lines (python-jsonschema/referencing, held-out 19: 14 such losses overstated).

    A diagnostic of a ``follow_on`` code (a conversion error) whose message names nothing, on a
    line where a use was kept, is that use's follow-on (``unattributed_follow_on``, a note:
    ``Task.FromResult(x)`` with ``x`` of an emptied type, gautema/CQRSlite, held-out 19: 9
    losses overstated).

    Given ``declared(name)``, a diagnostic whose name no file of the project declares is
    ``unattributed_not_in_project`` (a rule): a library's member reached through a value the
    emptied import changed (h11's ``event.status_code``, httpcore, held-out 21: 14 counted
    losses) is no use of the project lost."""
    found = {(u.file, u.line, u.member or u.imported_name) for u in usages}
    lines_with_uses = {(u.file, u.line) for u in usages}
    for path, line, code, message, end_line, written in (Unattributed(*u) for u in unattributed):
        name = written or name_of(code, message)
        last = end_line if end_line is not None and line <= end_line <= line + _MAX_EXPRESSION_LINES else line
        if name is not None and any((path, at, name) in found for at in range(line, last + 1)):
            report.count("usages", "unattributed_found_elsewhere", f"{path}:{line}", f"{code}: {message}")
        elif name is None and code in follow_on and any((path, at) in lines_with_uses for at in range(line, last + 1)):
            report.count("usages", "unattributed_follow_on", f"{path}:{line}", f"{code}: {message}")
        elif name is not None and declared is not None and not declared(name):
            report.count("usages", "unattributed_not_in_project", f"{path}:{line}", f"{code}: {message}")
        else:
            report.count("usages", f"unattributed_{code}", f"{path}:{line}", message)
