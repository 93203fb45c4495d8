"""Stub -> analyze -> diff -> :class:`CrossFileUsage`, the language-neutral core.

CrossCodeEval's construction idea: a use of an imported project name is *provably* cross-file
when making that name empty (or removing its import) makes the real checker report an
"undefined" error at the use. Errors the checker already reports on the unmodified code are
never counted, so we always diff the stubbed run against the original run.

This module holds what every language shares: the diagnostic and usage records, the diff,
the mapping of stubbed rows back to original rows, and the choice of first uses. The
language packages build the stubbed texts and say which diagnostics mean what.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Iterable, Sequence

from lang.base import ImportBinding


@dataclass(frozen=True)
class Diagnostic:
    """One checker message, positions in the checked text: 1-based line, 0-based char column."""

    file: str
    line: int
    column: int
    code: str
    message: str
    end_line: int | None = None
    end_column: int | None = None
    severity: str = "error"
    symbol: str = ""  # tool-specific symbol ("no-member", javac's "symbol:" line...)
    location: str = ""  # javac's "location:" line, when present

    def key(self) -> tuple:
        """Identity used to diff two runs (rows already mapped to the original file)."""
        return (self.file, self.line, self.column, self.code, self.message)


@dataclass(frozen=True)
class CrossFileUsage:
    """A use of a project name defined in another file, proven by a checker diagnostic.

    ``line``/``column`` locate the cross-file entity in the original file: the member name
    when ``member`` is set, else the imported name itself (1-based line, 0-based column).
    """

    repository: str
    file: str
    line: int
    column: int
    imported_name: str
    member: str | None
    stubbed_import: str
    tool: str
    code: str
    message: str
    definition_file: str | None = None
    definition_symbol: str | None = None  # qualified name inside definition_file, when known
    end_line: int | None = None
    end_column: int | None = None
    mode: str = ""  # which stubbing produced it ("remove", "empty_class", ...)
    round: int = 1  # checker round that revealed it (rounds > 1 uncover masked errors)

    def to_json(self) -> dict:
        return asdict(self)

    @property
    def first_use_key(self) -> tuple:
        return (self.file, self.imported_name, self.member)


@dataclass(frozen=True)
class StubbedVariant:
    """A file's text with some project imports made empty or removed.

    ``row_map[r]`` is the original row of stubbed row ``r`` (None when the stub is a pure
    in-place replacement and rows are identical).
    """

    path: str
    mode: str
    text: str
    stubbed: dict[str, ImportBinding] = field(hash=False, compare=False, default_factory=dict)
    row_map: tuple[int, ...] | None = None

    def original_line(self, line: int) -> int:
        if self.row_map is None:
            return line
        row = line - 1
        if 0 <= row < len(self.row_map):
            return self.row_map[row] + 1
        return line


def map_to_original(diags: Iterable[Diagnostic], variant: StubbedVariant) -> list[Diagnostic]:
    out = []
    for d in diags:
        if d.file != variant.path or variant.row_map is None:
            out.append(d)
            continue
        end_line = variant.original_line(d.end_line) if d.end_line is not None else None
        out.append(Diagnostic(d.file, variant.original_line(d.line), d.column, d.code, d.message,
                              end_line, d.end_column, d.severity, d.symbol, d.location))
    return out


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
    """The first use (by position) of each (file, imported name, member), in file/position order."""
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
