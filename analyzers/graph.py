"""The repository dependency graph: files, definitions, imports, proven uses, inheritance.

The graph is what the dataset ships for retrieval experiments (graph retriever, repository
tools) and what links each example's ``crossfile_usages`` to a definition node and span. It is
built from :class:`core.records.FileFacts` and :class:`core.records.CrossFileUsage` only, so
it is the same for every language.

Schema (``docs/graph_and_retrieval.md`` has the full description):

- nodes ``file:<path>`` (kind ``file``) and ``sym:<path>#<Qualified.name>`` (kind = the
  definition's kind), all with ``kind, path, span, language, signature, name``; spans are
  ``{start_line, start_column, end_line, end_column}`` with 1-based lines, 0-based columns.
  Several definitions with one qualified name (Java/C#/TS overloads, Python redefinitions)
  share one node: the first one gives ``span``/``signature`` and all of them are listed in
  ``overloads``.
- edges (attribute ``kind``): ``contains`` (file -> top-level symbol, symbol -> nested symbol),
  ``defines`` (file -> every symbol of the file), ``imports`` (file -> file or symbol),
  ``uses`` (using file -> definition, one per proven usage), ``inherits`` (class -> base).

Saved as node-link JSON with a top-level ``schema_version``; :func:`load_graph` is the one
documented way to read it back.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, Mapping

import networkx as nx
from networkx.readwrite import json_graph

from crossfile_datasets.core.records import Definition, FileFacts

if TYPE_CHECKING:  # pragma: no cover
    from crossfile_datasets.core.records import CrossFileUsage

SCHEMA_VERSION = 1
EDGE_KINDS = ("contains", "defines", "imports", "uses", "inherits")
# Definition kinds that hold members and can be bases or receivers of `Cls.member`.
CLASS_KINDS = frozenset({"class", "interface", "enum", "struct", "record", "trait", "object"})
_GENERIC_ARGS = re.compile(r"<.*>|\[.*\]|\(.*\)")


def file_node(path: str) -> str:
    return f"file:{path}"


def symbol_node(path: str, qualified_name: str) -> str:
    return f"sym:{path}#{qualified_name}"


def split_node(node_id: str) -> tuple[str, str | None]:
    """``sym:a/b.py#C.m`` -> ("a/b.py", "C.m"); ``file:a/b.py`` -> ("a/b.py", None)."""
    if node_id.startswith("file:"):
        return node_id[5:], None
    path, _, qual = node_id[4:].partition("#")
    return path, qual


def _file_span(ff: FileFacts) -> dict:
    index = ff.file.index
    last = index.num_lines - 1
    return {"start_line": 1, "start_column": 0, "end_line": last + 1, "end_column": len(index.line(last))}


# ------------------------------------------------------------------------------- scopes --
class ScopeResolver:
    """Resolves a name as written in a file (``Base``, ``mod.Base``, ``pkg.Base<T>``) to a node.

    Language-neutral scope rules, tried in order: a definition of the same file; an import
    binding whose local name is the first component (symbol, module and TS namespace
    imports); wildcard / namespace imports (their resolved file, or every file whose package
    is the imported module); other files of the same non-empty package (Java packages, C# namespaces; a
    Python module's package is its own dotted name, so this adds nothing there); finally a
    fully qualified ``package.Name``.

    C# (the graph's ``language``) looks the way the compiler does (C# spec, namespace and type
    names): after the file's own definitions, the types of the file's namespace, then of each
    enclosing namespace out to the global one (``ByteDev.Encoding.Base32`` sees
    ``ByteDev.Encoding``'s ``IntExtensions`` with no ``using``: held-out 20), and only then the
    usings; a partly qualified name is also read relative to each of those namespaces
    (``Base32.Encoder`` in ``ByteDev.Encoding``).
    """

    def __init__(self, facts: Mapping[str, FileFacts], graph: nx.MultiDiGraph) -> None:
        self.facts = facts
        self.graph = graph
        self.enclosing_namespaces = graph.graph.get("language") == "csharp"
        self.by_package: dict[str, list[str]] = {}
        for path in sorted(facts):
            self.by_package.setdefault(facts[path].package, []).append(path)
        self._cache: dict[tuple[str, str], str | None] = {}

    def _sym(self, path: str | None, qual: str) -> str | None:
        if not path or not qual:
            return None
        node = symbol_node(path, qual)
        return node if node in self.graph else None

    def resolve(self, path: str, written: str) -> str | None:
        key = (path, written)
        if key not in self._cache:
            self._cache[key] = self._resolve(path, _GENERIC_ARGS.sub("", written).strip().replace("::", "."))
        return self._cache[key]

    def _resolve(self, path: str, name: str) -> str | None:
        ff = self.facts.get(path)
        if ff is None or not name:
            return None
        parts = name.split(".")
        found = self._sym(path, name)
        if found:
            return found
        if self.enclosing_namespaces:
            found = self._in_namespaces(path, ff.package, name)
            if found:
                return found
        for b in ff.imports:
            # TS `import * as ns` is a "namespace" binding of one file: `ns.Name` resolves here
            if b.kind == "wildcard" or not b.target_file:
                continue
            if b.local_name == parts[0]:
                if b.target_symbol:
                    found = self._sym(b.target_file, ".".join([b.target_symbol, *parts[1:]]))
                elif name.startswith(b.imported_name + "."):  # `import pkg.mod` binds `pkg`
                    found = self._sym(b.target_file, name[len(b.imported_name) + 1 :])
                else:
                    found = self._sym(b.target_file, ".".join(parts[1:]))
                if found:
                    return found
        for b in ff.imports:
            # `from m import *`, `import pkg.*`, `using Ns;`: every name of the file / package
            if not (b.kind == "wildcard" or (b.kind == "namespace" and not b.target_file)):
                continue
            candidates = [b.target_file] if b.target_file else self.by_package.get(b.module, [])
            for other in candidates:
                found = self._sym(other, name)
                if found:
                    return found
        if ff.package:
            for other in self.by_package.get(ff.package, []):
                if other != path:
                    found = self._sym(other, name)
                    if found:
                        return found
        for i in range(len(parts) - 1, 0, -1):
            for other in self.by_package.get(".".join(parts[:i]), []):
                found = self._sym(other, ".".join(parts[i:]))
                if found:
                    return found
        return None

    def _in_namespaces(self, path: str, package: str, name: str) -> str | None:
        """C#: ``name`` among the types of ``package`` and of each namespace enclosing it, the
        innermost first, the global namespace last; ``A.B`` also as ``<namespace>.A.B``."""
        chain = package.split(".") if package else []
        for depth in range(len(chain), -1, -1):
            namespace = ".".join(chain[:depth])
            for other in self.by_package.get(namespace, []):
                found = self._sym(other, name) if other != path else None
                if found:
                    return found
            if "." in name:
                parts = name.split(".")
                prefix = f"{namespace}." if namespace else ""
                for i in range(len(parts) - 1, 0, -1):
                    for other in self.by_package.get(prefix + ".".join(parts[:i]), []):
                        found = self._sym(other, ".".join(parts[i:]))
                        if found:
                            return found
        return None


# -------------------------------------------------------------------------------- build --
def build_graph(
    repository: str,
    language: str,
    facts: dict[str, FileFacts],
    usages: list["CrossFileUsage"],
) -> nx.MultiDiGraph:
    """The dependency graph of one repository (see the module docstring for the schema)."""
    graph = nx.MultiDiGraph(repository=repository, language=language, schema_version=SCHEMA_VERSION)
    grouped: dict[str, dict[str, list[Definition]]] = {}
    for path in sorted(facts):
        ff = facts[path]
        graph.add_node(
            file_node(path), kind="file", path=path, span=_file_span(ff), language=language, signature="",
            name=path.rsplit("/", 1)[-1], package=ff.package, has_syntax_error=ff.has_syntax_error,
        )
        by_qual: dict[str, list[Definition]] = {}
        for d in ff.definitions:
            by_qual.setdefault(d.qualified_name, []).append(d)
        grouped[path] = by_qual
        for qual, defs in by_qual.items():
            first = defs[0]
            attrs = dict(
                kind=first.kind, path=path, span=first.span.to_dict(), language=language,
                signature=first.signature, name=first.name, qualified_name=qual,
                namespace=first.namespace, bases=list(first.bases),
            )
            if len(defs) > 1:
                attrs["overloads"] = [{"signature": d.signature, "span": d.span.to_dict(), "kind": d.kind} for d in defs]
            graph.add_node(symbol_node(path, qual), **attrs)

    for path, by_qual in grouped.items():
        for qual in by_qual:
            node = symbol_node(path, qual)
            graph.add_edge(file_node(path), node, kind="defines")
            parent = symbol_node(path, qual.rsplit(".", 1)[0]) if "." in qual else None
            graph.add_edge(parent if parent in graph else file_node(path), node, kind="contains")

    resolver = ScopeResolver(facts, graph)
    _add_import_edges(graph, facts, resolver)
    for path, by_qual in grouped.items():
        for qual, defs in by_qual.items():
            if defs[0].kind not in CLASS_KINDS:
                continue
            node = symbol_node(path, qual)
            for base in defs[0].bases:
                target = resolver.resolve(path, base)
                # a nested class may shadow its base's name: never link a class to itself
                if target and target != node:
                    graph.add_edge(node, target, kind="inherits", base=base)

    for u in usages:
        target = definition_node_for_usage(graph, u)
        if target is None and u.definition_file and file_node(u.definition_file) in graph:
            target = file_node(u.definition_file)
        if target is None or file_node(u.file) not in graph:
            continue
        graph.add_edge(
            file_node(u.file), target, kind="uses", line=u.line, column=u.column,
            imported_name=u.imported_name, member=u.member, tool=u.tool, code=u.code, mode=u.mode, round=u.round,
        )
    return graph


def _add_import_edges(graph: nx.MultiDiGraph, facts: Mapping[str, FileFacts], resolver: ScopeResolver) -> None:
    for path in sorted(facts):
        source = file_node(path)
        for b in facts[path].imports:
            if b.target_file and file_node(b.target_file) in graph:
                sym = symbol_node(b.target_file, b.target_symbol) if b.target_symbol else None
                targets = [sym if sym in graph else file_node(b.target_file)]
            elif b.kind in ("wildcard", "namespace"):
                # `import pkg.*` / `using Ns;`: every project file of that package
                targets = [file_node(p) for p in resolver.by_package.get(b.module, []) if p != path]
            else:
                continue
            for target in targets:
                graph.add_edge(
                    source, target, kind="imports", local_name=b.local_name, imported_name=b.imported_name,
                    module=b.module, binding_kind=b.kind, line=b.statement.start_row + 1,
                )


# ------------------------------------------------------------------------------ queries --
def edges_of_kind(graph: nx.MultiDiGraph, kind: str, node: str | None = None) -> Iterable[tuple[str, str, dict]]:
    """``(source, target, attrs)`` of the edges of one kind (leaving ``node`` when given)."""
    edges = graph.out_edges(node, data=True) if node is not None else graph.edges(data=True)
    return ((s, t, d) for s, t, d in edges if d.get("kind") == kind)


def base_classes(graph: nx.MultiDiGraph, node: str) -> list[str]:
    """All project base classes of ``node``, nearest first (breadth-first, cycle-safe)."""
    out: list[str] = []
    frontier = [node]
    seen = {node}
    while frontier:
        nxt = []
        for n in frontier:
            for _, base, _ in edges_of_kind(graph, "inherits", n):
                if base not in seen:
                    seen.add(base)
                    out.append(base)
                    nxt.append(base)
        frontier = nxt
    return out


def members(graph: nx.MultiDiGraph, node: str) -> list[str]:
    """Direct members of a class node, in source order."""
    return [t for _, t, _ in edges_of_kind(graph, "contains", node)]


def definition_node_for_usage(graph: nx.MultiDiGraph, usage: "CrossFileUsage") -> str | None:
    """The ``sym:`` node a usage points to, or None.

    ``definition_file`` + ``definition_symbol`` when that node exists. For a member use the
    owner class is ``definition_symbol`` without the member (or the imported name when the
    checker gave no symbol): its member, else the member inherited from its nearest project
    base class, else the class node itself. A module import without a member has no symbol
    node (None; its file node is ``file:<definition_file>``).
    """
    path = usage.definition_file
    if not path:
        return None

    def sym(qual: str | None) -> str | None:
        node = symbol_node(path, qual) if qual else None
        return node if node is not None and node in graph else None

    symbol, member = usage.definition_symbol, usage.member
    found = sym(symbol)
    if found:
        return found
    if member:
        owner: str | None
        if symbol:
            owner = symbol[: -len(member) - 1] if symbol.endswith("." + member) else symbol
        else:
            owner = usage.imported_name if sym(usage.imported_name) else None
        owner_node = sym(owner)
        if owner_node:
            own = sym(f"{owner}.{member}")
            if own:
                return own
            for base in base_classes(graph, owner_node):
                base_path, base_qual = split_node(base)
                inherited = symbol_node(base_path, f"{base_qual}.{member}")
                if inherited in graph:
                    return inherited
            return owner_node
        return sym(member) if not symbol else None  # `module.member` without a symbol
    return None if symbol else sym(usage.imported_name)


def definition_span(graph: nx.MultiDiGraph, node_id: str | None, line: int | None = None) -> dict | None:
    """The span of a node (``{start_line, start_column, end_line, end_column}``), or None.

    ``line`` (a usage's ``definition_line``, where the checker says the declaration is) picks
    among the overloads of the node the one that holds that line (the innermost)."""
    if not node_id or node_id not in graph:
        return None
    attrs = graph.nodes[node_id]
    if line is not None and attrs.get("overloads"):
        holding = [o["span"] for o in attrs["overloads"] if o["span"]["start_line"] <= line <= o["span"]["end_line"]]
        if holding:
            return dict(min(holding, key=lambda s: s["end_line"] - s["start_line"]))
    span = attrs.get("span")
    return dict(span) if span else None


# ---------------------------------------------------------------------------- save/load --
def graph_to_data(graph: nx.MultiDiGraph) -> dict:
    """The JSON-ready form (node-link, ``edges`` key, top-level ``schema_version``)."""
    data = json_graph.node_link_data(graph, edges="edges")
    return {"schema_version": SCHEMA_VERSION, **data}


def graph_from_data(data: dict) -> nx.MultiDiGraph:
    version = data.get("schema_version")
    if version != SCHEMA_VERSION:
        raise ValueError(f"graph schema_version {version!r} is not supported (expected {SCHEMA_VERSION})")
    body = {k: v for k, v in data.items() if k != "schema_version"}
    graph = json_graph.node_link_graph(body, directed=True, multigraph=True, edges="edges")
    return graph


def save_graph(graph: nx.MultiDiGraph, path: str | Path) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(graph_to_data(graph), ensure_ascii=False), encoding="utf-8")


def load_graph(path: str | Path) -> nx.MultiDiGraph:
    """Read a graph written by :func:`save_graph` (the documented way to reload one)."""
    return graph_from_data(json.loads(Path(path).read_text(encoding="utf-8")))
