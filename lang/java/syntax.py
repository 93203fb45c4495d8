"""What one Java file declares and imports, read from its tree-sitter tree.

Java's scoping needs more than :class:`core.records.FileFacts` holds: static vs type imports,
on-demand imports, the package line (which is not an import but is no prompt code either), every
type declared in the file with its members, type parameters and supertypes, and the set of
simple names the code mentions (to know which same-package or on-demand-imported classes it may
use). :class:`JavaFileFacts` extends ``FileFacts`` with exactly that.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator

from tree_sitter import Node

from crossfile_datasets.core.records import Definition, FileFacts, Span
from crossfile_datasets.lang.base import iter_nodes, strip_type_arguments

TYPE_DECLARATIONS = {
    "class_declaration": "class",
    "interface_declaration": "interface",
    "enum_declaration": "enum",
    "record_declaration": "record",
    "annotation_type_declaration": "annotation",
}
# Bodies whose direct children are member declarations (not statements).
MEMBER_BODIES = frozenset({"class_body", "interface_body", "enum_body", "enum_body_declarations", "annotation_type_body"})
NAME_NODES = frozenset({"identifier", "type_identifier"})
# Reserved words, JLS 3.9 (keywords and the literals true, false, null) plus var, yield and _.
RESERVED_WORDS = frozenset("""abstract assert boolean break byte case catch char class const continue default do
double else enum extends final finally float for goto if implements import instanceof int
interface long native new package private protected public return short static strictfp super
switch synchronized this throw throws transient try void volatile while true false null var
yield _""".split())


@dataclass(frozen=True)
class JavaImport:
    """One import declaration: ``import [static] name[.*];``."""

    name: str  # dotted name without the trailing ".*"
    static: bool
    on_demand: bool
    statement: Span

    @property
    def last(self) -> str:
        return self.name.rsplit(".", 1)[-1]


@dataclass
class TypeDecl:
    """A class, interface, enum, record or annotation type declared in a file."""

    name: str
    qualified: str  # "Outer.Inner" within the file
    kind: str  # class | interface | enum | record | annotation
    span: Span  # the whole declaration, modifiers included
    type_params: tuple[str, ...]
    bases: tuple[str, ...]  # supertypes as written, type arguments removed ("Base", "a.b.Iface")
    modifiers: frozenset[str]
    top_level: bool
    members: set[str] = field(default_factory=set)  # methods, fields, constants, nested types
    enclosing: str | None = None  # qualified name of the enclosing type

    @property
    def is_public(self) -> bool:
        return "public" in self.modifiers


@dataclass
class JavaFileFacts(FileFacts):
    java_imports: list[JavaImport] = field(default_factory=list)
    package_rows: frozenset[int] = frozenset()
    types: list[TypeDecl] = field(default_factory=list)
    type_parameters: frozenset[str] = frozenset()  # every type variable name declared in the file
    mentioned: frozenset[str] = frozenset()  # simple names used outside package/import lines

    def type_named(self, qualified: str) -> TypeDecl | None:
        for t in self.types:
            if t.qualified == qualified:
                return t
        return None

    @property
    def top_level_types(self) -> list[TypeDecl]:
        return [t for t in self.types if t.top_level]

    @property
    def declared_names(self) -> frozenset[str]:
        return frozenset(t.name for t in self.types) | self.type_parameters


def node_text(node: Node | None, src: bytes) -> str:
    return src[node.start_byte : node.end_byte].decode("utf-8", errors="replace") if node is not None else ""




def collapse(text: str, limit: int = 300) -> str:
    return " ".join(text.split())[:limit]


def read_package(root: Node, src: bytes) -> tuple[str, frozenset[int]]:
    for child in root.named_children:
        if child.type == "package_declaration":
            name = next((c for c in child.named_children if c.type in ("scoped_identifier", "identifier")), None)
            rows = frozenset(range(child.start_point[0], child.end_point[0] + 1))
            return node_text(name, src), rows
    return "", frozenset()


def read_imports(ff: FileFacts) -> list[JavaImport]:
    src = ff.file.index.data
    out = []
    for child in ff.tree.root_node.named_children:
        if child.type != "import_declaration":
            continue
        name_node = next((c for c in child.named_children if c.type in ("scoped_identifier", "identifier")), None)
        if name_node is None:
            continue
        static = any(c.type == "static" for c in child.children)
        on_demand = any(c.type == "asterisk" for c in child.children)
        out.append(JavaImport(node_text(name_node, src), static, on_demand, Span.of_node(child, ff.file.index)))
    return out


def _modifiers(decl: Node, src: bytes) -> frozenset[str]:
    for c in decl.children:
        if c.type == "modifiers":
            return frozenset(node_text(m, src) for m in c.children if "annotation" not in m.type)
    return frozenset()


def _type_params(decl: Node, src: bytes) -> tuple[str, ...]:
    params = decl.child_by_field_name("type_parameters")
    if params is None:
        return ()
    names = []
    for p in params.named_children:
        if p.type == "type_parameter":
            ident = next((c for c in p.named_children if c.type in NAME_NODES), None)
            if ident is not None:
                names.append(node_text(ident, src))
    return tuple(names)


def _bases(decl: Node, src: bytes) -> tuple[str, ...]:
    out = []
    for c in decl.named_children:
        if c.type in ("superclass", "super_interfaces", "extends_interfaces"):
            for t in iter_nodes(c):
                if t.type in ("type_identifier", "scoped_type_identifier", "generic_type") and t.parent is not None and t.parent.type in (
                    "superclass", "type_list", "super_interfaces", "extends_interfaces"
                ):
                    out.append(strip_type_arguments(node_text(t, src)))
    return tuple(out)


def _header(decl: Node, src: bytes) -> str:
    body = decl.child_by_field_name("body")
    end = body.start_byte if body is not None else decl.end_byte
    header = src[decl.start_byte : end].decode("utf-8", errors="replace")
    return collapse(header).rstrip(";").strip()


def read_declarations(ff: JavaFileFacts) -> tuple[list[TypeDecl], list[Definition]]:
    """Types (with members) and the definitions the graph and retrieval need (with signatures)."""
    src = ff.file.index.data
    index = ff.file.index
    path = ff.file.path
    types: list[TypeDecl] = []
    defs: list[Definition] = []

    def member(owner: TypeDecl, name: str, kind: str, node: Node, signature: str) -> None:
        owner.members.add(name)
        defs.append(Definition(name, f"{owner.qualified}.{name}", kind, path, Span.of_node(node, index),
                               signature, (), ff.package))

    def visit_type(decl: Node, enclosing: TypeDecl | None) -> TypeDecl | None:
        name = node_text(decl.child_by_field_name("name"), src)
        if not name:
            return None
        kind = TYPE_DECLARATIONS[decl.type]
        qualified = f"{enclosing.qualified}.{name}" if enclosing else name
        t = TypeDecl(name, qualified, kind, Span.of_node(decl, index), _type_params(decl, src), _bases(decl, src),
                     _modifiers(decl, src), enclosing is None, enclosing=enclosing.qualified if enclosing else None)
        types.append(t)
        if enclosing is not None:
            enclosing.members.add(name)
        defs.append(Definition(name, qualified, "interface" if kind == "annotation" else kind, path,
                               t.span, _header(decl, src), t.bases, ff.package))
        if decl.type == "record_declaration":
            params = decl.child_by_field_name("parameters")
            for p in params.named_children if params is not None else []:
                pname = node_text(p.child_by_field_name("name"), src)
                if pname:
                    member(t, pname, "field", p, collapse(node_text(p, src)))
        return t

    def visit_member(child: Node, owner: TypeDecl) -> None:
        if child.type == "enum_constant":
            member(owner, node_text(child.child_by_field_name("name"), src), "constant", child,
                   f"{owner.name}.{node_text(child.child_by_field_name('name'), src)}")
        elif child.type in ("method_declaration", "annotation_type_element_declaration"):
            member(owner, node_text(child.child_by_field_name("name"), src), "method", child, _header(child, src))
        elif child.type in ("constructor_declaration", "compact_constructor_declaration"):
            # constructors are named like their class: recorded as definitions, not as members
            defs.append(Definition(owner.name, f"{owner.qualified}.{owner.name}", "method", path,
                                   Span.of_node(child, index), _header(child, src), (), ff.package))
        elif child.type in ("field_declaration", "constant_declaration"):
            mods = _modifiers(child, src)
            constant = child.type == "constant_declaration" or {"static", "final"} <= mods or owner.kind in ("interface", "annotation")
            type_text = collapse(node_text(child.child_by_field_name("type"), src))
            for declarator in child.children_by_field_name("declarator"):
                fname = node_text(declarator.child_by_field_name("name"), src)
                if fname:
                    signature = collapse(" ".join([*sorted(mods), type_text, fname]))
                    member(owner, fname, "constant" if constant else "field", child, signature)

    # A stack of child iterators, not recursion: 1500 nested classes are valid Java (issue 15).
    # Same order as a recursive walk: members and nested types in source order.
    stack: list[tuple[Iterator[Node], TypeDecl | None]] = [(iter(ff.tree.root_node.named_children), None)]
    while stack:
        children, owner = stack[-1]
        child = next(children, None)
        if child is None:
            stack.pop()
        elif child.type in TYPE_DECLARATIONS:
            t = visit_type(child, owner)
            body = child.child_by_field_name("body") if t is not None else None
            if body is not None:
                stack.append((iter(body.named_children), t))
        elif owner is None:
            continue  # top level: only type declarations matter
        elif child.type == "enum_body_declarations":
            stack.append((iter(child.named_children), owner))
        else:
            visit_member(child, owner)
    return types, defs


def read_mentions(root: Node, src: bytes) -> tuple[frozenset[str], frozenset[str]]:
    """(simple names used in the code, type parameter names declared), package/imports excluded."""
    names: set[str] = set()
    type_params: set[str] = set()
    stack = [c for c in root.named_children if c.type not in ("package_declaration", "import_declaration")]
    while stack:
        node = stack.pop()
        if node.type in NAME_NODES:
            names.add(node_text(node, src))
        elif node.type == "type_parameter":
            ident = next((c for c in node.named_children if c.type in NAME_NODES), None)
            if ident is not None:
                type_params.add(node_text(ident, src))
        stack.extend(node.named_children)
    return frozenset(names), frozenset(type_params)
