"""C# extension methods called in member position (``value.GetType().IsNumeric()``): which
repository extension method a call ``x.M(...)`` reaches, for the class split's external
references (``builders/classlevel/candidates.py``).

Why it exists: a C# extension method is always called where an instance member would be, and
the class split skipped every name in member position before resolving it, so a class whose
only uses of the repository are extension methods had no external reference (held-out 18's
Tiny-JSON: JsonBuilder calls ``IsNumeric`` and ``IsFloatingPoint`` of ``JsonExtensions`` and does
not compile without them; 0 tasks). An extension method loses to an instance member of the
same name on the receiver's type (Tiny-JSON's ``StringBuilderExtensions.Clear``: mono's
``StringBuilder`` has its own ``Clear``, which ``sb.Clear()`` calls), so a call counts only when
the type the extension extends has no member of that name: a repository type is read from its
declaration; a framework type is asked of mcs, once per repository and set of ``using``
directives, with a probe that names each member (``var _ = x.M;``: mcs says CS1061/CS0117 when
the type has no such member). A probe that says nothing certain (no mcs, a type mcs does not
know) leaves the call counted: the repository declares an extension method of that name that
the calling file sees.
"""

from __future__ import annotations

import re
import tempfile
import weakref
from pathlib import Path
from typing import Iterable

import networkx as nx

from crossfile_datasets.analyzers.graph import split_node

# `static R M<T>(this Recv x, ...)`: the method's type parameters and the extended type
_EXTENSION = re.compile(r"\bstatic\b[^(]*?\b(?P<name>[A-Za-z_]\w*)\s*(?P<tparams><[\w\s,]*>)?\s*\(\s*this\s+"
                        r"(?P<recv>[A-Za-z_][\w.]*(?:\s*<[\w\s.,<>\[\]?]*>)?(?:\s*\[\s*\])*\??)\s+[A-Za-z_@]\w*")
# what a probe may contain: a type as written (letters, dots, generic arguments, arrays)
_SAFE_TYPE = re.compile(r"^[A-Za-z_][\w.]*(?:<[\w\s.,<>\[\]?]*>)?(?:\[\])*\??$")
_SAFE_NAME = re.compile(r"^[A-Za-z_]\w*$")
_SAFE_USING = re.compile(r"^using\s+(?:static\s+)?[A-Za-z_][\w.]*\s*;$")
_MISSING = ("CS1061", "CS0117")  # "does not contain a definition for"
_UNKNOWN_TYPE = ("CS0246", "CS0234", "CS0305", "CS0308")  # a type or namespace mcs does not know


def extension_index(graph: nx.MultiDiGraph) -> dict[str, list[tuple[str, str, str]]]:
    """Method name -> [(graph node, extended type as written, method type parameters)] of every
    extension method the graph holds (C# files only)."""
    cached = _INDEX.get(graph)
    if cached is not None:
        return cached
    out: dict[str, list[tuple[str, str, str]]] = {}
    for node, attrs in graph.nodes(data=True):
        if attrs.get("kind") != "method" or attrs.get("language") != "csharp":
            continue
        m = _EXTENSION.search(str(attrs.get("signature") or ""))
        if m is None or m.group("name") != attrs.get("name"):
            continue
        out.setdefault(m.group("name"), []).append((node, re.sub(r"\s+", "", m.group("recv")),
                                                     (m.group("tparams") or "").replace(" ", "")))
    _INDEX[graph] = out
    return out


_INDEX: "weakref.WeakKeyDictionary[nx.MultiDiGraph, dict]" = weakref.WeakKeyDictionary()


def in_member_call(leaf) -> bool:
    """``leaf`` is the name of ``x.M(...)`` (C#'s member access in the function position of a call)."""
    parent = leaf.parent
    if parent is None or parent.type != "member_access_expression" or parent.child_by_field_name("name") != leaf:
        return False
    call = parent.parent
    return call is not None and call.type == "invocation_expression" and call.child_by_field_name("function") == parent


def type_members(graph: nx.MultiDiGraph, type_node: str) -> set[str]:
    """The member names a repository type declares (its graph children)."""
    prefix = type_node + "."
    return {str(a.get("name")) for n, a in graph.nodes(data=True) if n.startswith(prefix)
            and n.count(".") == type_node.count(".") + 1}


def usings_of(text: str) -> tuple[str, ...]:
    """The file's plain ``using X;`` directives (not aliases), as written, for a probe."""
    found = []
    for line in text.splitlines():
        s = line.strip()
        if s.startswith("using ") and _SAFE_USING.match(s) and "=" not in s:
            found.append(re.sub(r"\s+", " ", s))
    return tuple(dict.fromkeys(found))


class FrameworkMembers:
    """Whether a framework type has a member of a name, asked of mcs in batches (None: unknown).
    ``runner``: a callable(probe source text) -> {probe index: error codes} (tests replace it)."""

    def __init__(self, runner=None) -> None:
        self._known: dict[tuple[tuple[str, ...], str, str, str], bool | None] = {}
        self._runner = runner or _mcs_probe

    def lookup(self, usings: tuple[str, ...], asks: Iterable[tuple[str, str, str]]) -> dict:
        """``asks``: (type, type parameters, member) -> True (the type has it), False, None."""
        asks = list(dict.fromkeys(asks))
        todo = [a for a in asks if (usings, *a) not in self._known]
        if todo:
            safe = [a for a in todo if _SAFE_TYPE.match(a[0]) and _SAFE_NAME.match(a[2])
                    and (not a[1] or re.fullmatch(r"<[\w,]+>", a[1]))]
            for a in todo:
                self._known[(usings, *a)] = None
            # mcs checks no method body once a signature names an unknown type: probes whose
            # type it does not know are set aside (unknown) and the rest asked again
            for _ in range(3):
                if not safe:
                    break
                lines = [*usings, "static class CrossfileProbe__ {"]
                for i, (typ, tparams, member) in enumerate(safe):
                    lines.append(f"  static void P{i}{tparams}({typ} x) {{ var _ = x.{member}; }}")
                lines.append("}")
                codes = self._runner("\n".join(lines) + "\n", len(usings))
                if codes is None:
                    break
                unknown = {i for i, got in codes.items() if got & set(_UNKNOWN_TYPE)}
                if unknown:
                    safe = [a for i, a in enumerate(safe) if i not in unknown]
                    continue
                for i, a in enumerate(safe):
                    got = codes.get(i, set())
                    if got & set(_MISSING):
                        self._known[(usings, *a)] = False
                    elif not got or got <= {"CS0815", "CS0428", "CS8183"}:
                        self._known[(usings, *a)] = True
                break
        return {a: self._known[(usings, *a)] for a in asks}


def _mcs_probe(text: str, first_row: int) -> dict[int, set[str]] | None:
    """mcs on the probe: {probe index: error codes on its line}; None when mcs did not answer."""
    from crossfile_datasets.analyzers.mcs import CompileStatus, compile_sources

    with tempfile.TemporaryDirectory(prefix="xfd-extprobe-") as tmp:
        src = Path(tmp) / "Probe.cs"
        src.write_text(text, encoding="utf-8")
        res = compile_sources(Path(tmp), ["Probe.cs"], {"Probe.cs": text}, str(Path(tmp) / "probe.dll"),
                              timeout=60)
    if res.status is not CompileStatus.OK:
        return None
    out: dict[int, set[str]] = {}
    for d in res.diagnostics:
        index = d.line - first_row - 2  # usings, the class line, then one probe per line
        if index >= 0:
            out.setdefault(index, set()).add(d.code)
    return out


_FRAMEWORK: "weakref.WeakKeyDictionary[nx.MultiDiGraph, FrameworkMembers]" = weakref.WeakKeyDictionary()


def framework_members(graph: nx.MultiDiGraph) -> FrameworkMembers:
    if graph not in _FRAMEWORK:
        _FRAMEWORK[graph] = FrameworkMembers()
    return _FRAMEWORK[graph]


def extension_unseen(graph: nx.MultiDiGraph, resolver, path: str, member: str) -> bool:
    """Whether the repository has extension methods named ``member`` and ``path`` sees none of
    their classes (by the scope rules): the call is left unresolved, and the class-level builder
    counts it (``references/unresolved_repository_name``) rather than dropping it silently."""
    entries = extension_index(graph).get(member, [])
    for node, _recv, _tparams in entries:
        qual = split_node(node)[1]
        if qual is not None and resolver.resolve(path, f"{qual.rpartition('.')[0]}.{member}") == node:
            return False
    return bool(entries)


def extension_target(graph: nx.MultiDiGraph, resolver, path: str, member: str) -> str | None:
    """The graph node of the repository extension method ``x.member(...)`` in ``path`` calls,
    or None (no such extension method the file sees, or the extended type has its own member)."""
    found = []
    for node, recv, tparams in extension_index(graph).get(member, []):
        owner_path, qual = split_node(node)
        if qual is None:
            continue
        owner = qual.rpartition(".")[0]
        if resolver.resolve(path, f"{owner}.{member}") != node:
            continue  # the calling file does not see the extension's class
        found.append((node, owner_path, recv, tparams))
    if not found:
        return None
    for node, owner_path, recv, tparams in found:
        bare = re.sub(r"<.*>|\[\]|\?", "", recv)
        type_params = set(re.findall(r"\w+", tparams))
        if bare in type_params:
            if member in ("Equals", "GetHashCode", "GetType", "ToString", "MemberwiseClone"):
                continue
            return node
        repo_type = resolver.resolve(owner_path, bare)
        if repo_type is not None:
            if member not in type_members(graph, repo_type):
                return node
            continue
        owner_ff = resolver.facts.get(owner_path)
        usings = usings_of(owner_ff.file.text if owner_ff is not None else "")
        has = framework_members(graph).lookup(usings, [(recv, tparams, member)])[(recv, tparams, member)]
        if has is not True:
            return node
    return None
