"""RepoBench-style splits of the completion split: what to complete besides the first cross-file use.

CrossCodeEval's examples (``cross_file_first``) complete the *first* use of each cross-file
entity in its file, the hardest case: nothing before the cursor shows how the entity is used.
RepoBench adds two more splits so the gain from cross-file context can be measured:

- ``cross_file_random``: for each cross-file entity (file, imported name, member, defining file) used again
  later in its file, one later use drawn at random (seeded by the build seed, the repository's
  canonical id and the first use's identity, so the choice depends on nothing else), made into
  an example by the same cursor rule and filters as the first uses;
- ``in_file``: a control, lines whose completion needs only in-file context. A line qualifies
  when the checker proves it: the file was checked with its project imports stubbed (it has a
  proven cross-file use), no stub mode found a cross-file use on the reference's lines, and no
  stub run reported any other new diagnostic there (the unattributed ones the language counted
  under ``usages/*``); the reference also names no project import of the file and no top-level
  definition of another file (stubbing cannot see a same-package type), and its anchor is
  a name the file itself defines, used outside its definition (so the line is not trivial). The
  cursor is placed before that anchor by the same rule as before a cross-file entity. No checker
  runs are added: the build's own usages and counted diagnostics are the evidence.

This module chooses; ``pipeline.py`` turns the choices into examples with
``examples.make_example`` and ``filters.apply_filters``, like the first uses.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable
from dataclasses import dataclass

from crossfile_datasets.analyzers.crossfile import first_uses
from crossfile_datasets.core.constants import IN_FILE_MIN_PER_FILE
from crossfile_datasets.core.reasons import Kind, lookup
from crossfile_datasets.core.records import CrossFileUsage, FileFacts
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.lang.base import iter_leaves, iter_leaves_in

# ``usages/*`` reasons that describe a use that WAS found (no unexplained diagnostic behind them)
FOUND_USAGE_NOTES = frozenset({"found_by_references", "found_by_definition"})
# ``usages/*`` reasons whose place is ``path:<char offset>``, not a line: the whole file is unproven
OFFSET_PLACES = frozenset({"reference_not_located"})
IN_FILE_TOOL = "in_file"  # the ``tool`` of the anchor record an in_file example is made from


def choice_seed(seed: int, usage: CrossFileUsage, repository_key: str, purpose: str) -> int:
    """A seed for a choice made *about* a usage (not its cursor, see ``examples.usage_seed``):
    the purpose is part of the key, so this draw and the usage's cursor draw are independent."""
    key = f"{purpose}|{seed}|{repository_key}|{usage.file}|{usage.line}|{usage.column}|{usage.imported_name}|{usage.member}"
    return int.from_bytes(hashlib.sha256(key.encode("utf-8")).digest()[:8], "big")


def file_seed(seed: int, repository_key: str, path: str, purpose: str) -> int:
    key = f"{purpose}|{seed}|{repository_key}|{path}"
    return int.from_bytes(hashlib.sha256(key.encode("utf-8")).digest()[:8], "big")


# ------------------------------------------------------------------------- cross_file_random --
def random_later_uses(usages: Iterable[CrossFileUsage], seed: int,
                      repository_key: str) -> list[tuple[CrossFileUsage, CrossFileUsage | None]]:
    """(first use, a seeded random later use or None) per entity, in ``first_uses`` order.

    A later use is any other use of the same (file, imported name, member, defining file) at a later
    position; several records of one position (found by several modes) count once."""
    usages = list(usages)
    by_entity: dict[tuple, dict[tuple, CrossFileUsage]] = {}
    for u in usages:
        positions = by_entity.setdefault(u.first_use_key, {})
        positions.setdefault((u.line, u.column), u)
    out: list[tuple[CrossFileUsage, CrossFileUsage | None]] = []
    for first in first_uses(usages):
        positions = by_entity[first.first_use_key]
        later = [positions[p] for p in sorted(positions) if p > (first.line, first.column)]
        if not later:
            out.append((first, None))
            continue
        out.append((first, random.Random(choice_seed(seed, first, repository_key, "cross_file_random")).choice(later)))
    return out


# ----------------------------------------------------------------------------------- in_file --
@dataclass
class StubEvidence:
    """Where the build's stub runs reported something new, per file (1-based lines), read from
    the repository's report: ``usages`` (every proven use, any mode) and the new diagnostics
    the language could not turn into a use (counted under ``usages/<reason>`` with ``file:line``)."""

    usage_lines: dict[str, set[int]]
    diagnostic_lines: dict[str, set[int]]
    whole_files: set[str]  # a diagnostic named the file but no line
    complete: bool  # False: more diagnostics were counted than their places list

    @classmethod
    def collect(cls, usages: Iterable[CrossFileUsage], report: BuildReport, paths: Iterable[str]) -> StubEvidence:
        usage_lines: dict[str, set[int]] = {}
        for u in usages:
            usage_lines.setdefault(u.file, set()).update(range(u.line, (u.end_line or u.line) + 1))
        known = set(paths)
        lines: dict[str, set[int]] = {}
        whole: set[str] = set()
        complete = True
        for key, n in report.counts.items():
            stage, _, reason = key.partition("/")
            if stage != "usages" or reason in FOUND_USAGE_NOTES:
                continue
            # every place of the stage; a report written before they were kept has only its
            # samples, a few places per reason
            samples = report.places_of(key)
            if n > len(samples):  # a place counted without its file: nothing can be proven
                complete = False
            for sample in samples:
                where = sample.split(": ", 1)[0]
                path, line = _where(where, known)
                if reason in OFFSET_PLACES and path is not None:
                    line = None
                if path is None:
                    complete = False  # a place we cannot read: nothing can be proven
                elif line is None:
                    whole.add(path)
                else:
                    lines.setdefault(path, set()).add(line)
        return cls(usage_lines, lines, whole, complete)


def files_not_checked_whole(report: BuildReport, paths: Iterable[str]) -> set[str]:
    """The files of ``paths`` a ``files/<reason>`` loss names (bodies blanked, a syntax error
    inside bodies, a file the checker refused or left out): the stub runs did not check all of
    their code, so an empty result there says nothing about their lines."""
    known = set(paths)
    out: set[str] = set()
    for key in report.counts:
        declared = lookup(key)
        if not key.startswith("files/") or declared is None or declared.kind is not Kind.LOSS:
            continue
        for where in report.places_of(key):
            path = where.split(": ", 1)[0]
            if path in known:
                out.add(path)
    return out


def _where(where: str, known: set[str]) -> tuple[str | None, int | None]:
    """``path``, ``path:line`` or ``path:line:column`` -> (path, line)."""
    if where in known:
        return where, None
    parts = where.split(":")
    for cut in (1, 2):
        if len(parts) > cut and ":".join(parts[:-cut]) in known and all(p.isdigit() for p in parts[-cut:]):
            return ":".join(parts[:-cut]), int(parts[-cut])
    return None, None


def in_file_anchors(facts: FileFacts) -> list[tuple[int, str]]:
    """(char offset, name) of one anchor per line: the last identifier of the line that names a
    definition of this same file and is not that definition's own name (declarations and the
    definition's first line are skipped, and so are import lines). Line order."""
    names = {d.name for d in facts.definitions if d.name}
    if not names:
        return []
    header_rows = {(d.name, d.span.start_row) for d in facts.definitions}
    index = facts.file.index
    import_rows = facts.import_rows
    by_row: dict[int, tuple[int, str]] = {}
    for leaf in iter_leaves(facts.tree.root_node):
        if "identifier" not in leaf.type or leaf.end_byte == leaf.start_byte:
            continue
        name = index.node_text(leaf)
        row = leaf.start_point[0]
        if name not in names or row in import_rows or (name, row) in header_rows or leaf.end_point[0] != row:
            continue
        if _declares(leaf):
            continue  # the name of a declaration (a parameter, a local, a member): not a use
        by_row[row] = (index.node_start(leaf), name)
    return [by_row[row] for row in sorted(by_row)]


# tree-sitter node types that declare the name in their ``name`` field (every grammar of ours);
# other nodes with a ``name`` field use it (Java's method_invocation, C#'s member_access_expression)
_DECLARING = ("declaration", "definition", "declarator", "parameter", "signature")


def _declares(leaf) -> bool:
    parent = leaf.parent
    if parent is None or not any(part in parent.type for part in _DECLARING):
        return False
    declared = parent.child_by_field_name("name")
    return declared is not None and (declared.start_byte, declared.end_byte) == (leaf.start_byte, leaf.end_byte)


def anchor_usage(repository: str, facts: FileFacts, offset: int, name: str) -> CrossFileUsage:
    """The record an in_file example is made from: the anchor in the shape of a use (so the
    cursor rule and the cursor seed are the cross-file examples' own)."""
    row, col = facts.file.index.row_col(offset)
    return CrossFileUsage(repository=repository, file=facts.file.path, line=row + 1, column=col, imported_name=name,
                          member=None, stubbed_import="", tool=IN_FILE_TOOL, code="", message="",
                          definition_file=facts.file.path, end_line=row + 1, end_column=col + len(name), mode=IN_FILE_TOOL)


def top_level_names(facts: dict[str, FileFacts]) -> dict[str, set[str]]:
    """Name -> the files defining it at their top level (types, functions, constants, ...)."""
    out: dict[str, set[str]] = {}
    for path, ff in facts.items():
        for d in ff.definitions:
            if d.name and "." not in d.qualified_name:
                out.setdefault(d.name, set()).add(path)
    return out


def unproven_reason(facts: FileFacts, cursor: int, end: int, evidence: StubEvidence,
                    elsewhere: dict[str, set[str]] | None = None) -> str:
    """Why the reference ``[cursor, end)`` cannot be an in_file example ('' when proven).

    Besides the checker's evidence, two name checks: the reference names no project import of
    the file, and no top-level definition of another file (``elsewhere``, from
    :func:`top_level_names`). The second matters where stubbing cannot see a use: Java and C#
    reach same-package types without an import, and an emptied type is still a type, so
    ``Genre genre`` in a parameter list is never a diagnostic although ``Genre`` lives in another
    file (and a property of this file may share its name)."""
    path = facts.file.path
    index = facts.file.index
    first = index.row_col(cursor)[0] + 1
    last = index.row_col(max(cursor, end - 1))[0] + 1
    lines = set(range(first, last + 1))
    if lines & evidence.usage_lines.get(path, set()):
        return "line_has_crossfile_usage"
    if path in evidence.whole_files or lines & evidence.diagnostic_lines.get(path, set()):
        return "line_has_stub_diagnostic"
    imported = {b.local_name.split(".")[0] for b in facts.imports if b.target_file is not None and b.local_name}
    names = [index.node_text(leaf) for leaf in iter_leaves_in(facts.tree.root_node, index.char_to_byte(cursor),
                                                              index.char_to_byte(end))
             if cursor <= index.node_start(leaf) < end and "identifier" in leaf.type]
    if any(name in imported for name in names):
        return "uses_imported_project_name"
    if elsewhere and any(elsewhere.get(name, set()) - {path} for name in names):
        return "names_other_file_definition"
    return ""


def in_file_order(candidates: list[tuple[int, str]], seed: int, repository_key: str, path: str) -> list[tuple[int, str]]:
    """The file's anchors in the seeded order they are tried in."""
    order = list(candidates)
    random.Random(file_seed(seed, repository_key, path, "in_file")).shuffle(order)
    return order


def in_file_quota(cross_file_examples: int) -> int:
    """How many in_file examples a file gets: as many as its cross-file examples, at least one."""
    return max(IN_FILE_MIN_PER_FILE, cross_file_examples)
