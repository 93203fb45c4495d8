"""Type names written as types in a C# file, resolved to the project's types by C#'s lookup rules.

Why it exists: the stubbing empties the defining file's types but keeps their names, so mcs never
reports a type used *as a type* (a declaration's type, a base list, generic arguments, casts,
``typeof``, attributes, the static qualifier ``Foo`` of ``Foo.Bar()``): C#'s type-only recall was
0.056 on the tuning set, where javac's own resolution (Java) and the removed imports of Python and
TypeScript reach 1.000. mcs offers no resolution API, so these names are resolved here from the
syntax tree and the unit's declared types, by C# 7's namespace-or-type-name lookup (ECMA-334,
"Namespace and type names"): a type parameter in scope, then the enclosing types and the nested
types of their project bases, the file's own types, then each enclosing namespace's types and
the using directives declared at that level, innermost first, global usings and the file's
usings last. A name the rules cannot settle here (two candidates at one level, an alias of an
outside type, a partial type declared in several files none or several of which give its base
list) is left alone: no guess.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator, Mapping, Sequence

from tree_sitter import Node

from crossfile_datasets.core.records import FileFacts
from crossfile_datasets.lang.base import iter_nodes
from crossfile_datasets.lang.csharp.syntax import NAMESPACE_NODES, FileModel, MemberDecl, TypeDecl, UsingDecl, enclosing_types

TypeEntry = tuple[str, TypeDecl]  # (repository-relative path of the declaring file, the declaration)

# syntax nodes that declare names a static qualifier `N.x` could mean instead of a type N
_VALUE_DECLARATIONS = frozenset({
    "variable_declarator", "parameter", "property_declaration", "method_declaration", "event_declaration",
    "local_function_statement", "declaration_pattern", "catch_declaration", "foreach_statement",
    "enum_member_declaration", "single_variable_designation",
})


def _type_parameters(node: Node) -> Node | None:
    """A declaration's ``<T, U>`` list: a method's carries the field ``type_parameters``, a
    class's, struct's or interface's has no field name in the grammar."""
    return node.child_by_field_name("type_parameters") or next(
        (c for c in node.children if c.type == "type_parameter_list"), None)


@dataclass(frozen=True)
class TypeReference:
    """A written name (0-based row and column of its identifier) and the project type it names."""

    row: int
    column: int
    offset: int  # character offset of the identifier in the file's text
    name: str
    path: str
    decl: TypeDecl
    context: str  # "type" | "attribute" | "qualifier"


def _field_of(node: Node) -> str | None:
    parent = node.parent
    if parent is None:
        return None
    for i, child in enumerate(parent.children):
        if child.id == node.id:
            return parent.field_name_for_child(i)
    return None


def _context(node: Node) -> str | None:
    """How ``node`` (an identifier, generic name or qualified name) stands where it is written:
    as a type, an attribute's name, a static qualifier ``node.x``, or something else (None)."""
    parent = node.parent
    if parent is None:
        return None
    field = _field_of(node)
    if parent.type == "attribute":
        return "attribute" if field == "name" else None
    if field in ("type", "returns") or (parent.type == "as_expression" and field == "right"):
        return "type"
    if parent.type in ("base_list", "type_argument_list"):
        return "type"
    if parent.type == "member_access_expression" and field == "expression" and node.type in ("identifier", "generic_name"):
        return "qualifier"
    return None


def _qualified_type_name(target: Node) -> Node | None:
    """The ``qualified_name`` whose last part ``target`` is (``IPacketProvider`` of
    ``Contracts.IPacketProvider``), when that is the whole written name, not the qualifier of a
    longer one (``A.B`` in ``A.B.C``)."""
    parent = target.parent
    if parent is None or parent.type not in ("qualified_name", "alias_qualified_name") or \
            _field_of(target) != "name":
        return None
    outer = parent.parent
    if outer is not None and outer.type == "qualified_name" and _field_of(parent) == "qualifier":
        return None
    return parent


def _dotted_names(node: Node) -> bool:
    """Whether ``node`` is a plain dotted name written as an expression (``NGraphics``,
    ``Acme.Drawing``): identifiers joined by member accesses, nothing called or indexed."""
    while node.type == "member_access_expression":
        name = node.child_by_field_name("name")
        if name is None or name.type != "identifier":
            return False
        node = node.child_by_field_name("expression")
        if node is None:
            return False
    return node.type == "identifier"


def _namespace_qualified_access(target: Node) -> Node | None:
    """The access ``N.T`` in an expression ``N.T.member`` (``NGraphics.Transform.Identity``),
    where ``target`` is ``T`` and ``N`` a dotted name: a static qualifier written with its
    namespace, which the grammar parses as a member access, not a qualified name (NGraphics,
    held-out 21: a type-only use lost in a class that declares a method ``Transform``). Whether
    ``N`` is a namespace holding ``T`` is the lookup's to say."""
    access = target.parent
    if access is None or access.type != "member_access_expression" or _field_of(target) != "name" \
            or target.type not in ("identifier", "generic_name"):
        return None
    outer = access.parent
    if outer is None or outer.type != "member_access_expression" or _field_of(access) != "expression":
        return None
    expression = access.child_by_field_name("expression")
    return access if expression is not None and _dotted_names(expression) else None


def _in_using_directive(node: Node) -> bool:
    """Whether ``node`` is part of a using directive (``using Spec = Either<Kind, Token>;``):
    import statements are not uses."""
    current = node.parent
    while current is not None and current.type not in ("using_directive", "compilation_unit", "declaration_list"):
        current = current.parent
    return current is not None and current.type == "using_directive"


def _namespace_at(node: Node, text_of: Callable[[Node], str]) -> str:
    """The dotted namespace ``node`` is written in (nested declarations joined)."""
    parts: list[str] = []
    current = node.parent
    while current is not None:
        if current.type in NAMESPACE_NODES:
            name = current.child_by_field_name("name")
            if name is not None:
                parts.append("".join(text_of(name).split()))
        current = current.parent
    return ".".join(reversed(parts))


def _type_parameter_in_scope(node: Node, name: str, text_of: Callable[[Node], str]) -> bool:
    current = node.parent
    while current is not None:
        params = _type_parameters(current)
        if params is not None and any(
                p.type == "type_parameter" and _name_of(p, text_of) == name
                for p in params.named_children):
            return True
        current = current.parent
    return False


def constraint_types(node: Node, name: str, text_of: Callable[[Node], str]) -> list[Node]:
    """The type nodes of the ``where name : ...`` clause of the innermost declaration around
    ``node`` whose type parameters include ``name`` (``AggregateRoot`` of ``Save<T>(T a) where
    T : AggregateRoot``); empty when ``name`` is no type parameter there or has no type
    constraint (``class``, ``struct``, ``new()`` are no types)."""
    current = node
    while current is not None:
        params = _type_parameters(current)
        if params is not None and any(
                p.type == "type_parameter" and _name_of(p, text_of) == name for p in params.named_children):
            out: list[Node] = []
            for clause in current.named_children:
                if clause.type != "type_parameter_constraints_clause":
                    continue
                target = next((c for c in clause.named_children if c.type == "identifier"), None)
                if target is None or text_of(target) != name:
                    continue
                for constraint in clause.named_children:
                    if constraint.type == "type_parameter_constraint":
                        out.extend(c for c in constraint.named_children
                                   if c.type in ("identifier", "generic_name", "qualified_name"))
            return out
        current = current.parent
    return []


def _name_of(node: Node, text_of: Callable[[Node], str]) -> str:
    name = node.child_by_field_name("name")
    return text_of(name if name is not None else node)


def _simple_and_arity(written: Node, text_of: Callable[[Node], str]) -> tuple[str, int]:
    if written.type == "generic_name":
        name = written.named_children[0]
        arguments = next((c for c in written.named_children if c.type == "type_argument_list"), None)
        return text_of(name), len(arguments.named_children) if arguments is not None else 0
    return text_of(written), 0


def _value_names(root: Node, text_of: Callable[[Node], str]) -> tuple[frozenset[str], frozenset[str]]:
    """(every variable, parameter, property, method and event name the file declares, except
    those whose declared type is written as that very name; those): a static qualifier ``N.x``
    with one of the first in the file may be that value; with one of the second ("Color Color",
    C# 12.8.7.2) it is the type when ``x`` is a static member of it (``StereoMode.Both`` beside
    ``public StereoMode StereoMode``, naudio/NLayer, held-out 20), the value when ``x`` is an
    instance member (``Graphic.Children`` beside ``public Graphic Graphic``, NGraphics)."""
    out: set[str] = set()
    same_type: set[str] = set()
    for node in iter_nodes(root):
        if node.type in _VALUE_DECLARATIONS:
            name = node.child_by_field_name("name") or node.child_by_field_name("left")
            if name is not None and name.type == "identifier":
                out.add(text_of(name))
                if _declared_type_text(node, text_of) == text_of(name):
                    same_type.add(text_of(name))
    return frozenset(out - same_type), frozenset(same_type)


def _declared_type_text(declaration: Node, text_of: Callable[[Node], str]) -> str | None:
    """The type written for a property, parameter or field/variable declarator (``?`` dropped)."""
    holder = declaration
    if declaration.type == "variable_declarator" and declaration.parent is not None:
        holder = declaration.parent  # variable_declaration: `type` then its declarators
    written = holder.child_by_field_name("type")
    return "".join(text_of(written).split()).rstrip("?") if written is not None else None


# members a simple name can stand for as a value (a method group cannot take `.member`)
_VALUE_KINDS = frozenset({"property", "field", "event", "constant"})


def _declared_type_name(member: MemberDecl) -> str | None:
    """The type a field's, property's or event's signature writes before its (first) name
    (``public Transform Transform { get; set; }``, ``public int a, Span`` -> ``Transform``, ``int``)."""
    words = member.signature.split(" { ")[0].split("=")[0].replace(",", " ").split()
    first = member.names[0]
    at = len(words) - 1 - words[::-1].index(first) if first in words else -1  # the last: the type may share it
    return words[at - 1].rstrip("?") if at > 0 else None


def _accessed_name(qualifier: Node, text_of: Callable[[Node], str]) -> str | None:
    """``m`` of ``qualifier.m``."""
    access = qualifier.parent
    name = access.child_by_field_name("name") if access is not None else None
    if name is not None and name.type == "generic_name" and name.named_children:
        name = name.named_children[0]
    return text_of(name) if name is not None and name.type == "identifier" else None


def _instance_member(named: TypeDecl, accessed: str | None) -> bool:
    """Whether ``accessed`` is declared by ``named`` as an instance member only (neither static,
    const nor an enum member): read on a value of the type, not on the type."""
    read = [m for m in named.members if accessed is not None and accessed in m.names]
    return bool(read) and not any(m.is_static or m.kind == "constant" for m in read)


class TypeResolver:
    """The project types of one compilation unit, by full name, for the lookups of its files."""

    def __init__(self, types_by_full: Mapping[str, Sequence[TypeEntry]],
                 base_chain: Callable[[TypeDecl], Iterable[TypeEntry]],
                 global_usings: Sequence[UsingDecl] = ()) -> None:
        self.types_by_full = types_by_full
        self.base_chain = base_chain
        self.global_usings = list(global_usings)  # ``global using`` directives of the unit's files

    def _top_level(self, full_name: str, arity: int) -> list[TypeEntry]:
        return [(p, t) for p, t in self.types_by_full.get(full_name, ()) if t.parent is None and t.arity == arity]

    @staticmethod
    def _one(entries: Sequence[TypeEntry], path: str) -> TypeEntry | None:
        """The single declaring file of ``entries`` (None when it is ``path`` itself, or several
        types). The parts of a partial type spread over several files name the part that
        declares the type's base list, when exactly one file has such a part (where C# readers
        look for what the type is; ``bench/recall/README.md`` labels it so); else None."""
        files = {p for p, _ in entries}
        if path in files or len({t.full_name for _, t in entries}) != 1:
            return None
        if len(files) != 1:
            based = [(p, t) for p, t in entries if t.bases]
            if len({p for p, _ in based}) != 1 or not all("partial" in t.modifiers for _, t in entries):
                return None
            return based[0]
        return entries[0]

    def resolve(self, path: str, model: FileModel, node: Node, name: str, arity: int, offset: int,
                text_of: Callable[[Node], str]) -> TypeEntry | None:
        """The project type a simple name ``name`` with ``arity`` type arguments written at
        ``offset`` of file ``path`` names, when it is another file's (None otherwise)."""
        if _type_parameter_in_scope(node, name, text_of):
            return None
        for enclosing in enclosing_types(model, offset):
            if (enclosing.name == name and enclosing.arity == arity) or any(
                    n.name == name and n.arity == arity for n in enclosing.nested):
                return None  # the file's own type
            for base_path, base in self.base_chain(enclosing):
                nested = [(base_path, n) for n in base.nested if n.name == name and n.arity == arity]
                if nested:
                    return self._one(nested, path)
        if any(t.name == name and t.arity == arity for t in model.all_types()):
            return None
        namespace = _namespace_at(node, text_of)
        parts = namespace.split(".") if namespace else []
        for depth in range(len(parts), -1, -1):
            level = ".".join(parts[:depth])
            found = self._top_level(f"{level}.{name}" if level else name, arity)
            if found:
                return self._one(found, path)
            usings = [u for u in model.usings if u.namespace == level]
            if not level:
                usings += self.global_usings
            for u in usings:
                if u.kind == "alias" and u.alias == name:
                    target = u.target.split("<", 1)[0]
                    return self._one([e for e in self.types_by_full.get(target, ()) if e[1].parent is None], path)
            hits = [e for u in usings if u.kind == "namespace" for e in self._top_level(f"{u.target}.{name}", arity)]
            if hits:
                return self._one(hits, path)
        return None

    def resolve_qualified(self, path: str, model: FileModel, node: Node, qualifier: str, name: str, arity: int,
                          offset: int, text_of: Callable[[Node], str]) -> TypeEntry | None:
        """The project type ``qualifier.name`` names (``Contracts.IPacketProvider`` inside
        ``namespace NVorbis``, ``Outer.Inner``, ``global::NVorbis.Contracts.IPacketProvider``,
        ``C.IPacketProvider`` under ``using C = NVorbis.Contracts;``), when it is another
        file's: the qualifier resolved from the innermost enclosing namespace outwards, as a
        namespace or a type of that level, or as a using alias of that level."""
        def declared(full: str) -> list[TypeEntry]:
            return [(p, t) for p, t in self.types_by_full.get(full, ()) if t.arity == arity]

        if qualifier.startswith("global::"):
            rest = qualifier[len("global::"):]
            return self._one(declared(f"{rest}.{name}" if rest else name), path)
        if "::" in qualifier or "<" in qualifier:
            return None
        first, _, rest = qualifier.partition(".")
        if _type_parameter_in_scope(node, first, text_of):
            return None
        namespace = _namespace_at(node, text_of)
        parts = namespace.split(".") if namespace else []
        for depth in range(len(parts), -1, -1):
            level = ".".join(parts[:depth])
            found = declared(f"{level}.{qualifier}.{name}" if level else f"{qualifier}.{name}")
            if found:
                return self._one(found, path)
            usings = [u for u in model.usings if u.namespace == level] + (self.global_usings if not level else [])
            alias = next((u for u in usings if u.kind == "alias" and u.alias == first), None)
            if alias is not None:
                target = alias.target.split("<", 1)[0] + (f".{rest}" if rest else "")
                return self._one(declared(f"{target}.{name}"), path)
        # the first part a type the usual lookup finds (`Item.Tag` with `using Shop.Core;`)
        outer = self.resolve(path, model, node, first, 0, offset, text_of)
        if outer is not None:
            return self._one(declared(".".join([outer[1].full_name, *([rest] if rest else []), name])), path)
        return None

    def resolve_written(self, path: str, model: FileModel, written: Node, offset: int,
                        text_of: Callable[[Node], str]) -> TypeEntry | None:
        """The project type a written type node (``identifier``, ``generic_name`` or
        ``qualified_name``) names, when it is another file's."""
        if written.type == "qualified_name":
            qualifier, name = written.child_by_field_name("qualifier"), written.child_by_field_name("name")
            if qualifier is None or name is None:
                return None
            simple, arity = _simple_and_arity(name, text_of)
            return self.resolve_qualified(path, model, written, "".join(text_of(qualifier).split()),
                                                   simple, arity, offset, text_of)
        simple, arity = _simple_and_arity(written, text_of)
        return self.resolve(path, model, written, simple, arity, offset, text_of)

    def constraint_entries(self, path: str, model: FileModel, node: Node, name: str, offset: int,
                           text_of: Callable[[Node], str], depth: int = 0) -> list[TypeEntry]:
        """The project types of other files that constrain the type parameter ``name`` in scope at
        ``node`` (through another type parameter's constraint too: ``where U : T where T : Base``)."""
        out: list[TypeEntry] = []
        for written in constraint_types(node, name, text_of):
            if written.type == "identifier" and depth < 4 and constraint_types(written, text_of(written), text_of):
                out.extend(self.constraint_entries(path, model, written, text_of(written), offset, text_of, depth + 1))
                continue
            found = self.resolve_written(path, model, written, offset, text_of)
            if found is not None:
                out.append(found)
        return out

    def _inherited_value_wins(self, model: FileModel, offset: int, name: str, named: TypeDecl,
                              accessed: str | None) -> bool:
        """Whether the qualifier ``name`` of ``name.accessed`` is a value the enclosing type
        inherits from a project base in another file, not the type ``named``: simple-name lookup
        finds the class's members (inherited ones too) before types, and when the member's type
        is written as that very name ("Color Color", C# 12.8.7.2) an instance member of the type
        is read on the value, a static one on the type (NGraphics, held-out 21:
        ``Transform.TransformRect(frame)`` in ``Ellipse : Element`` reads ``Element.Transform``).
        The file's own values are :func:`_value_names`' to weigh."""
        around = sorted((t for t in model.all_types() if t.body_start <= offset < t.body_end),
                        key=lambda t: t.body_start, reverse=True)
        for enclosing in around:  # innermost first
            for _, base in self.base_chain(enclosing):
                value = next((m for m in base.members if name in m.names and m.kind in _VALUE_KINDS), None)
                if value is None:
                    continue
                if _declared_type_name(value) != name:
                    return True  # a value of another type: the name is the value
                return _instance_member(named, accessed)
        return False

    def references(self, ff: FileFacts, model: FileModel) -> Iterator[TypeReference]:
        """Every written name of the file that names another file's project type."""
        index = ff.file.index

        def text_of(n: Node) -> str:
            return index.node_text(n)

        values: tuple[frozenset[str], frozenset[str]] | None = None
        for node in iter_nodes(ff.tree.root_node):
            if node.type != "identifier":
                continue
            target, arity = node, 0
            parent = node.parent
            if parent is not None and parent.type == "generic_name" and parent.named_children and \
                    parent.named_children[0].id == node.id:
                target = parent
                arguments = next((c for c in parent.named_children if c.type == "type_argument_list"), None)
                arity = len(arguments.named_children) if arguments is not None else 0
            qualified = _qualified_type_name(target)
            context = _context(qualified if qualified is not None else target)
            if context is None and qualified is None:
                qualified = _namespace_qualified_access(target)
                context = "qualifier" if qualified is not None else None
            if context is None or _in_using_directive(target):
                continue
            name = text_of(node)
            offset = index.node_start(node)
            if qualified is None:
                if context == "qualifier":
                    values = values if values is not None else _value_names(ff.tree.root_node, text_of)
                    if name in values[0]:
                        continue
                lookup = functools.partial(self.resolve, ff.file.path, model, node)
            else:
                # what is written before the name: `Contracts.`, `global::NVorbis.Contracts.`, `global::`
                before = ff.file.text[index.node_start(qualified):index.node_start(target)]
                lookup = functools.partial(self.resolve_qualified, ff.file.path, model, node,
                                           "".join(before.split()).rstrip("."))
            found = lookup(name, arity, offset, text_of)
            if found is None and context == "attribute" and not name.endswith("Attribute"):
                found = lookup(name + "Attribute", arity, offset, text_of)
            if found is None:
                continue
            if context == "qualifier" and qualified is None:
                accessed = _accessed_name(target, text_of)
                if (name in values[1] and _instance_member(found[1], accessed)) \
                        or self._inherited_value_wins(model, offset, name, found[1], accessed):
                    continue
            row, column = index.row_col(offset)
            yield TypeReference(row, column, offset, name, found[0], found[1], context)
