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

from dataclasses import dataclass, field
from typing import Iterable, Sequence

from crossfile_datasets.core.records import CrossFileUsage, Diagnostic, ImportBinding


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
