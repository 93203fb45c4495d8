"""Java's class extractor for the class-level split, and what each JUnit test method's body names.

Why it exists: the class-level split (RepoClassBench) needs, per top-level class, the paper's
metadata -- signature, annotations, parent classes and interfaces, fields with their initializers,
and per method / constructor its signature, annotations, Javadoc and body -- read from the same
tree-sitter tree as the rest of the Java support (``FileFacts.tree``), so spans agree with the
graph and the completion split. :func:`junit_test_methods` finds a test file's JUnit test methods
with the runner's ids (``sandbox/suites/java.py``: ``package.Outer$Nested#method``), for its
static discovery.

Conventions (``lang/classes.py``): ``start_byte``/``end_byte`` are character offsets into the
decoded text, so ``text[start_byte:end_byte]`` is the class as written, its Javadoc and
annotations included. A signature runs from the first modifier that is not an annotation (or the
keyword / type when there is none) to the body, whitespace collapsed. Nested types stay inside
their outer class's source and are not methods or fields of it.
"""

from __future__ import annotations

from tree_sitter import Node

from crossfile_datasets.core.records import FileFacts
from crossfile_datasets.lang.classes import (
    ClassInfo,
    MemberVariable,
    MethodInfo,
    NodeReader,
)

TYPE_KINDS = {
    "class_declaration": "class",
    "interface_declaration": "interface",
    "enum_declaration": "enum",
    "record_declaration": "record",
    "annotation_type_declaration": "annotation",
}
_BODY_TYPES = frozenset({"class_body", "interface_body", "enum_body", "annotation_type_body"})
_METHODS = frozenset({"method_declaration", "constructor_declaration", "compact_constructor_declaration",
                      "annotation_type_element_declaration"})
_FIELDS = frozenset({"field_declaration", "constant_declaration"})
_ANNOTATIONS = frozenset({"annotation", "marker_annotation"})
_COMMENTS = frozenset({"block_comment", "line_comment", "comment"})
# JUnit 4 and 5 annotations that make a method a test (JUnit 3: public void test*() in a TestCase)
TEST_ANNOTATIONS = frozenset({"Test", "ParameterizedTest", "RepeatedTest", "TestFactory", "TestTemplate", "Theory"})


def _modifiers(node: Node) -> Node | None:
    return next((c for c in node.children if c.type == "modifiers"), None)


def _annotations(node: Node) -> list[Node]:
    mods = _modifiers(node)
    return [c for c in mods.children if c.type in _ANNOTATIONS] if mods is not None else []


def _keywords(node: Node, r: NodeReader) -> set[str]:
    mods = _modifiers(node)
    return {r.of(c) for c in mods.children if c.type not in _ANNOTATIONS} if mods is not None else set()


def annotation_name(node: Node, r: NodeReader) -> str:
    """``@org.junit.Test(expected = X.class)`` -> ``Test``."""
    name = node.child_by_field_name("name")
    return r.of(name).rsplit(".", 1)[-1] if name is not None else r.of(node).lstrip("@").split("(")[0].strip()


def _signature_start(node: Node) -> Node:
    """The first child after the annotations: where the signature begins."""
    mods = _modifiers(node)
    if mods is not None:
        rest = [c for c in mods.children if c.type not in _ANNOTATIONS and c.type not in _COMMENTS]
        if rest:
            return rest[0]
        following = mods.next_sibling
        while following is not None and following.type in _COMMENTS:
            following = following.next_sibling
        return following or mods
    return node.children[0]


def _signature(node: Node, body: Node | None, r: NodeReader) -> str:
    start = r.start(_signature_start(node))
    end = r.start(body) if body is not None else r.end(node)
    return " ".join(r.text[start:end].split()).rstrip(";").rstrip()


def _javadoc(node: Node, r: NodeReader) -> Node | None:
    """The ``/** ... */`` comment right before a declaration (only whitespace between)."""
    prev = node.prev_sibling
    if prev is not None and prev.type in ("block_comment", "comment") and r.of(prev).startswith("/**"):
        return prev
    return None


def _body(node: Node) -> Node | None:
    body = node.child_by_field_name("body")
    if body is not None:
        return body
    return next((c for c in node.children if c.type in _BODY_TYPES or c.type in ("block", "constructor_body")), None)


def _bases(node: Node, r: NodeReader) -> tuple[str, ...]:
    out: list[str] = []
    for child in node.children:
        if child.type == "superclass":
            out += [r.of(c) for c in child.named_children]
        elif child.type in ("super_interfaces", "extends_interfaces"):
            for lst in child.named_children:
                out += [r.of(c) for c in lst.named_children] if lst.type == "type_list" else [r.of(lst)]
    return tuple(out)


def _member_nodes(body: Node) -> list[Node]:
    out = []
    for child in body.named_children:
        if child.type == "enum_body_declarations":
            out += child.named_children
        else:
            out.append(child)
    return out


def _fields(node: Node, r: NodeReader) -> list[MemberVariable]:
    type_node = node.child_by_field_name("type")
    static = "static" in _keywords(node, r)
    declaration = r.of(node)
    out = []
    for decl in node.children:
        if decl.type != "variable_declarator":
            continue
        name = decl.child_by_field_name("name")
        value = decl.child_by_field_name("value")
        out.append(MemberVariable(r.of(name), declaration, r.of(type_node), r.of(value), static))
    return out


def _method(node: Node, r: NodeReader, owner_kind: str) -> MethodInfo:
    body = node.child_by_field_name("body")
    if body is None and node.type == "compact_constructor_declaration":
        body = next((c for c in node.children if c.type == "block"), None)
    doc = _javadoc(node, r)
    keywords = _keywords(node, r)
    name = node.child_by_field_name("name")
    # an interface method without a body (and not default/static/private) is abstract
    abstract = body is None
    return MethodInfo(
        name=r.of(name),
        signature=_signature(node, body, r),
        decorators=tuple(r.of(a) for a in _annotations(node)),
        docstring=r.of(doc),
        body=r.of(body),
        start_line=node.start_point[0] + 1,  # annotations included, Javadoc not
        end_line=node.end_point[0] + 1,
        is_constructor=node.type in ("constructor_declaration", "compact_constructor_declaration"),
        is_static="static" in keywords,
        is_abstract=abstract or "abstract" in keywords,
    )


def class_info(ff: FileFacts, node: Node, qualified: str = "") -> ClassInfo:
    """The record of one type declaration ``node`` of ``ff``."""
    r = NodeReader(ff)
    body = _body(node)
    doc = _javadoc(node, r)
    first = doc or node
    fields: list[MemberVariable] = []
    methods: list[MethodInfo] = []
    kind = TYPE_KINDS.get(node.type, "class")
    if node.type == "record_declaration":  # record components are its fields
        params = node.child_by_field_name("parameters")
        for p in params.named_children if params is not None else ():
            if p.type == "formal_parameter":
                fields.append(MemberVariable(r.of(p.child_by_field_name("name")), r.of(p),
                                             r.of(p.child_by_field_name("type"))))
    for member in _member_nodes(body) if body is not None else ():
        if member.type in _FIELDS:
            fields += _fields(member, r)
        elif member.type in _METHODS:
            methods.append(_method(member, r, kind))
    name = r.of(node.child_by_field_name("name"))
    return ClassInfo(
        language="java",
        file=ff.file.path,
        name=name,
        qualified_name=qualified or name,
        start_byte=r.start(first),
        end_byte=r.end(node),
        start_line=first.start_point[0] + 1,
        end_line=node.end_point[0] + 1,
        signature=_signature(node, body, r),
        decorators=tuple(r.of(a) for a in _annotations(node)),
        bases=_bases(node, r),
        docstring=r.of(doc),
        member_variables=tuple(fields),
        methods=tuple(methods),
        kind=kind,
        source=r.text[r.start(first):r.end(node)],
    )


def extract_classes(ff: FileFacts) -> list[ClassInfo]:
    """Top-level type declarations of a Java file (nested types stay inside their outer type)."""
    return [class_info(ff, child) for child in ff.tree.root_node.named_children if child.type in TYPE_KINDS]


# ------------------------------------------------------------------- test method bodies --
def _is_test_method(node: Node, r: NodeReader, junit3: bool) -> bool:
    if any(annotation_name(a, r) in TEST_ANNOTATIONS for a in _annotations(node)):
        return True
    if junit3:  # JUnit 3: public void testSomething() in a junit.framework.TestCase subclass
        name = r.of(node.child_by_field_name("name"))
        params = node.child_by_field_name("parameters")
        return (name.startswith("test") and "public" in _keywords(node, r)
                and params is not None and not params.named_children)
    return False


def junit_test_methods(ff: FileFacts) -> dict[str, Node]:
    """JUnit test methods of a file: test id (``package.Outer$Nested#method``, the runner's)
    -> the method's node. Abstract test classes' methods are reported under their own class."""
    r = NodeReader(ff)
    package = getattr(ff, "package", "") or ""
    out: dict[str, Node] = {}

    def visit(node: Node, binary: str) -> None:
        body = _body(node)
        if body is None:
            return
        junit3 = any(b.rsplit(".", 1)[-1] == "TestCase" for b in _bases(node, r))
        for member in _member_nodes(body):
            if member.type == "method_declaration" and member.child_by_field_name("body") is not None \
                    and _is_test_method(member, r, junit3):
                out.setdefault(f"{binary}#{r.of(member.child_by_field_name('name'))}", member)
            elif member.type in TYPE_KINDS:
                visit(member, f"{binary}${r.of(member.child_by_field_name('name'))}")

    for child in ff.tree.root_node.named_children:
        if child.type in TYPE_KINDS:
            name = r.of(child.child_by_field_name("name"))
            visit(child, f"{package}.{name}" if package else name)
    return out

