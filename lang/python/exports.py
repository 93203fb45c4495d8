"""What a Python module exports, and where an exported name is really defined.

Real packages re-export: a package ``__init__.py`` does ``from .impl import Engine`` or
``from .impl import *``, a module pulls its regular expressions in with ``from ._regex import *``,
a compatibility module re-binds a standard-library module (``import builtins``) for others to
import. Two things depend on following those chains to the end:

- stubbing a wildcard import needs the names it binds (``__all__`` when the module declares
  it, else its public module-level names, as ``import *`` does at run time);
- a usage's ``definition_file`` must be the file that defines the entity, not the file that
  merely re-exports it, and a name that ends in the standard library or a third-party package
  is not a project definition at all.

Everything here is a pure function of the parsed files (``FileFacts``), cycle-safe and
depth-bounded.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from tree_sitter import Node

from crossfile_datasets.core.records import FileFacts, ImportBinding

MAX_DEPTH = 12  # re-export chains longer than this are left where they stop


@dataclass(frozen=True)
class Resolved:
    """Where a name bound in a module comes from.

    ``kind``: "definition" (``file`` defines ``symbol`` at module level), "module" (the name is
    a project module, ``file``), "external" (standard library or third party), or "unknown"
    (bound in ``file`` in a way we cannot follow, e.g. a name listed in ``__all__`` that is
    assigned dynamically).
    """

    kind: str
    file: str | None
    symbol: str | None = None

    @property
    def is_project(self) -> bool:
        return self.kind in ("definition", "module", "unknown")


def declared_all(ff: FileFacts) -> list[str] | None:
    """The string literals of a module-level ``__all__ = [...]`` / ``(...)``, else None."""
    src = ff.file.index.data
    names: list[str] | None = None
    for stmt in ff.tree.root_node.named_children:
        if stmt.type != "expression_statement" or not stmt.named_children:
            continue
        node = stmt.named_children[0]
        if node.type not in ("assignment", "augmented_assignment"):
            continue
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        if left is None or right is None or src[left.start_byte:left.end_byte] != b"__all__":
            continue
        if right.type not in ("list", "tuple"):
            continue
        found = [_string_value(c, src) for c in right.named_children]
        found = [f for f in found if f]
        if node.type == "assignment" or names is None:
            names = found
        else:
            names.extend(found)
    return names


def _string_value(node: Node, src: bytes) -> str | None:
    if node.type != "string":
        return None
    parts = [c for c in node.named_children if c.type == "string_content"]
    if len(parts) != 1 or any(c.type == "interpolation" for c in node.named_children):
        return None
    return src[parts[0].start_byte:parts[0].end_byte].decode("utf-8", "replace")


def _module_level_definitions(ff: FileFacts) -> set[str]:
    return {d.name for d in ff.definitions if "." not in d.qualified_name}


class ExportResolver:
    """Follows re-export chains over one repository's parsed Python files."""

    def __init__(self, facts: Mapping[str, FileFacts]) -> None:
        self.facts = facts
        self._exports: dict[str, dict[str, Resolved]] = {}
        self._in_progress: set[str] = set()

    # ------------------------------------------------------------------ name lookup --
    def resolve(self, path: str | None, name: str, depth: int = 0) -> Resolved | None:
        """Where ``name`` as bound at module level of ``path`` is defined (None: not bound there)."""
        ff = self.facts.get(path) if path else None
        if ff is None or depth > MAX_DEPTH:
            return None
        if name in _module_level_definitions(ff):
            return Resolved("definition", path, name)
        # the last import of a name wins, as at run time
        for b in reversed(ff.imports):
            if b.kind == "wildcard" or b.local_name != name:
                continue
            return self.resolve_binding(b, depth + 1)
        for b in ff.imports:
            if b.kind == "wildcard" and b.target_file:
                if name in self.exports(b.target_file, depth + 1):
                    return self.exports(b.target_file, depth + 1)[name]
        return None

    def resolve_binding(self, b: ImportBinding, depth: int = 0) -> Resolved:
        """The end of the chain behind one (non-wildcard) import binding."""
        if not b.is_project:
            return Resolved("external", None)
        if b.kind == "module":
            return Resolved("module", b.target_file)
        if b.target_symbol is None:
            return Resolved("unknown", b.target_file)
        found = self.resolve(b.target_file, b.target_symbol, depth + 1)
        return found or Resolved("unknown", b.target_file, b.target_symbol)

    def member(self, module_file: str | None, member: str) -> Resolved | None:
        """``mod.member`` where ``mod`` is the project module ``module_file``; a package's
        submodule counts (``pkg.sub`` with ``pkg/sub.py``)."""
        found = self.resolve(module_file, member)
        if found is not None or not module_file or not module_file.endswith("__init__.py"):
            return found
        base = module_file[: -len("__init__.py")]
        for cand in (f"{base}{member}.py", f"{base}{member}/__init__.py"):
            if cand in self.facts:
                return Resolved("module", cand)
        return None

    # --------------------------------------------------------------- wildcard names --
    def exports(self, path: str, depth: int = 0) -> dict[str, Resolved]:
        """The names ``from <path> import *`` binds, each resolved to its end."""
        if path in self._exports:
            return self._exports[path]
        ff = self.facts.get(path)
        if ff is None or path in self._in_progress or depth > MAX_DEPTH:
            return {}
        self._in_progress.add(path)
        try:
            declared = declared_all(ff)
            out: dict[str, Resolved] = {}
            if declared is not None:
                for name in declared:
                    out[name] = self.member(path, name) or Resolved("unknown", path, name)
            else:
                for name in sorted(_module_level_definitions(ff)):
                    if not name.startswith("_"):
                        out[name] = Resolved("definition", path, name)
                for b in ff.imports:
                    if b.kind == "wildcard":
                        if b.target_file:
                            for name, r in self.exports(b.target_file, depth + 1).items():
                                out.setdefault(name, r)
                    elif not b.local_name.startswith("_"):
                        out[b.local_name] = self.resolve_binding(b, depth + 1)
        finally:
            self._in_progress.discard(path)
        self._exports[path] = out
        return out

    def expand_wildcard(self, b: ImportBinding) -> list[ImportBinding]:
        """One binding per name a project wildcard import binds (external ones stay external,
        with no target, so they are never stubbed)."""
        if b.kind != "wildcard" or not b.target_file:
            return []
        out = []
        for name, r in sorted(self.exports(b.target_file).items()):
            if r.kind == "module":
                out.append(ImportBinding(name, name, b.module, "module", b.statement, r.file, None))
            elif r.kind == "external":
                out.append(ImportBinding(name, name, b.module, "symbol", b.statement, None, name))
            else:
                out.append(ImportBinding(name, name, b.module, "symbol", b.statement, r.file, r.symbol or name))
        return out
