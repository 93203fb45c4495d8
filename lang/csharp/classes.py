"""C#'s class extractor for the class-level split, and what each NUnit test method's body names.

Why it exists: the class-level split (RepoClassBench) needs, per top-level type, the paper's
metadata -- signature, attributes, base class and interfaces, fields with their initializers, and
per method / constructor its signature, attributes, XML doc comment and body -- read from the same
tree-sitter tree as the rest of the C# support (``FileFacts.tree``), so spans agree with the graph
and the completion split. "Top-level" in C# means not nested in another type: directly in the
file, in a (nested) ``namespace { }`` block or after a file-scoped ``namespace X;``.

Members: fields and events are member variables (each declarator its own record), and so are
auto-properties (``public int X { get; set; } = 4;``: accessors without bodies); a property or
indexer with accessor bodies or an ``=>`` expression is a method (its body is the accessor list or
the arrow clause), as are constructors, destructors and operators. Nested types stay inside their
outer type's source.

:func:`nunit_test_methods` finds a file's NUnit and xUnit test methods (``[Test]``, ``[TestCase]``,
``[TestCaseSource]``, ``[Theory]``, ``[Fact]``) with the runner's ids (``Namespace.Fixture.Method``,
nested fixtures ``Namespace.Outer+Inner.Method``), for its static discovery;
:func:`removable_at` names the declaration the C# runner leaves out of a test file when a line of
it does not compile here.

Conventions (``lang/classes.py``): ``start_byte``/``end_byte`` are character offsets into the
decoded text; a signature runs from the first modifier (after the attribute lists) to the body,
whitespace collapsed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tree_sitter import Node

from crossfile_datasets.core.records import FileFacts
from crossfile_datasets.lang.base import iter_leaves_in
from crossfile_datasets.lang.classes import (
    ClassInfo,
    MemberVariable,
    MethodInfo,
    NodeReader,
)

TYPE_KINDS = {
    "class_declaration": "class",
    "struct_declaration": "struct",
    "record_declaration": "record",
    "record_struct_declaration": "record",
    "interface_declaration": "interface",
    "enum_declaration": "enum",
}
_NAMESPACES = frozenset({"namespace_declaration", "file_scoped_namespace_declaration"})
_METHOD_NODES = frozenset({"method_declaration", "constructor_declaration", "destructor_declaration",
                           "operator_declaration", "conversion_operator_declaration"})
_PROPERTY_NODES = frozenset({"property_declaration", "indexer_declaration"})
_FIELD_NODES = frozenset({"field_declaration", "event_field_declaration"})
# NUnit's test attributes and xUnit's ([Theory] is both)
TEST_ATTRIBUTES = frozenset({"Test", "TestCase", "TestCaseSource", "Theory", "Fact"})
# members whose removal would change how the other tests of their type run (state, set-up):
# when one does not compile, its whole type is left out instead
_LIFECYCLE_ATTRIBUTES = frozenset({"SetUp", "TearDown", "TestFixtureSetUp", "TestFixtureTearDown", "OneTimeSetUp",
                                   "OneTimeTearDown"})


def _attribute_lists(node: Node) -> list[Node]:
    return [c for c in node.children if c.type == "attribute_list"]


def _attribute_names(node: Node, r: NodeReader) -> set[str]:
    names = set()
    for lst in _attribute_lists(node):
        for attr in lst.named_children:
            if attr.type == "attribute":
                name = attr.child_by_field_name("name") or attr.named_children[0]
                simple = r.of(name).rsplit(".", 1)[-1].split("<", 1)[0]
                names.add(simple[:-len("Attribute")] if simple.endswith("Attribute") and simple != "Attribute" else simple)
    return names


def _modifiers(node: Node, r: NodeReader) -> set[str]:
    return {r.of(c) for c in node.children if c.type == "modifier"}


def _doc(node: Node, r: NodeReader) -> list[Node]:
    """The ``///`` comment lines right above a declaration (each on the line before the next)."""
    out: list[Node] = []
    row = node.start_point[0]
    prev = node.prev_sibling
    while prev is not None and prev.type == "comment" and r.of(prev).startswith("///") and prev.end_point[0] == row - 1:
        out.insert(0, prev)
        row = prev.start_point[0]
        prev = prev.prev_sibling
    return out


def _doc_text(nodes: list[Node], r: NodeReader) -> str:
    return r.text[r.start(nodes[0]):r.end(nodes[-1])] if nodes else ""


def _signature_start(node: Node) -> Node:
    for child in node.children:
        if child.type != "attribute_list" and child.type != "comment":
            return child
    return node


def _signature(node: Node, body: Node | None, r: NodeReader) -> str:
    """The header from the first modifier to the body, blanks collapsed, read from the code mcs
    compiles: the tree is parsed from ``syntax.active_code`` (the inactive ``#if`` branches and
    every conditional directive blanked, byte offsets kept), so a header written across
    ``#if SIMPLE_JSON_OBJARRAYINTERNAL internal #else public #endif class JsonObject : #if ...``
    gives ``public class JsonObject : IDictionary<string, object>``. The file's own text kept the
    directives, joined into one line: the emptied class made of it was no C# and the emptied-class
    gate dropped every such task (simple-json, held-out 19)."""
    head = _signature_start(node)
    end_byte = body.start_byte if body is not None else node.end_byte
    compiled = node.text  # the parsed (active) code of the node's span
    if compiled is not None and len(compiled) == node.end_byte - node.start_byte:
        text = compiled[head.start_byte - node.start_byte:end_byte - node.start_byte].decode("utf-8", "replace")
    else:
        text = r.text[r.start(head):r.start(body) if body is not None else r.end(node)]
    return " ".join(text.split()).rstrip(";").rstrip()


def _type_body(node: Node) -> Node | None:
    return node.child_by_field_name("body") or next(
        (c for c in node.children if c.type in ("declaration_list", "enum_member_declaration_list")), None)


def _type_name(node: Node, r: NodeReader) -> str:
    name = node.child_by_field_name("name")
    if name is None:
        name = next((c for c in node.children if c.type == "identifier"), None)
    return r.of(name)


def _bases(node: Node, r: NodeReader) -> tuple[str, ...]:
    base_list = next((c for c in node.children if c.type == "base_list"), None)
    if base_list is None:
        return ()
    return tuple(r.of(c) for c in base_list.named_children if c.type != "argument_list")


def _member_name(node: Node, r: NodeReader) -> str:
    if node.type == "indexer_declaration":
        return "this"
    if node.type == "operator_declaration":
        op = node.child_by_field_name("operator")
        if op is not None:
            return "operator " + r.of(op)
        seen = False
        for c in node.children:
            if seen:
                return "operator " + r.of(c)
            seen = c.type == "operator"
    if node.type == "conversion_operator_declaration":
        kind = next((r.of(c) for c in node.children if c.type in ("implicit", "explicit")), "")
        target = node.child_by_field_name("type")
        if target is None:
            after = False
            for c in node.children:
                if after:
                    target = c
                    break
                after = c.type == "operator"
        return f"{kind} operator {r.of(target)}".strip()
    name = node.child_by_field_name("name")
    if name is not None:
        return r.of(name)
    # the identifier right before the parameter list (or the accessor list / arrow of a property)
    last = None
    for c in node.children:
        if c.type in ("parameter_list", "type_parameter_list", "accessor_list", "arrow_expression_clause"):
            break
        if c.type == "identifier":
            last = c
    return r.of(last)


def _member_body(node: Node) -> Node | None:
    body = node.child_by_field_name("body")
    if body is not None:
        return body
    return next((c for c in node.children if c.type in ("block", "arrow_expression_clause", "accessor_list")), None)


def _is_auto_property(node: Node) -> bool:
    accessors = next((c for c in node.children if c.type == "accessor_list"), None)
    if node.type != "property_declaration" or accessors is None:
        return False
    return all(_member_body(a) is None for a in accessors.named_children if a.type == "accessor_declaration")


def _declared_type(node: Node, r: NodeReader) -> str:
    t = node.child_by_field_name("type")
    if t is not None:
        return r.of(t)
    for c in node.children:  # the node before the name: modifiers and attributes come first
        if c.type not in ("modifier", "attribute_list", "comment", "event"):
            return r.of(c)
    return ""


def _fields(node: Node, r: NodeReader) -> list[MemberVariable]:
    static = "static" in _modifiers(node, r) or "const" in _modifiers(node, r)
    declaration = r.of(node)
    if node.type == "property_declaration":
        value = None
        children = node.children
        for i, c in enumerate(children):
            if c.type == "=" and i + 1 < len(children):
                value = children[i + 1]
        return [MemberVariable(_member_name(node, r), declaration, _declared_type(node, r), r.of(value), static)]
    decl = next((c for c in node.children if c.type == "variable_declaration"), None)
    if decl is None:
        return []
    type_text = r.of(decl.child_by_field_name("type") or decl.named_children[0])
    out = []
    for var in decl.named_children:
        if var.type != "variable_declarator":
            continue
        name = var.child_by_field_name("name") or next((c for c in var.children if c.type == "identifier"), None)
        value = None
        kids = var.children
        for i, c in enumerate(kids):
            if c.type == "=" and i + 1 < len(kids):
                value = kids[i + 1]
            elif c.type == "equals_value_clause":
                value = c.named_children[0] if c.named_children else None
        out.append(MemberVariable(r.of(name), declaration, type_text, r.of(value), static))
    return out


def _method(node: Node, r: NodeReader) -> MethodInfo:
    body = _member_body(node)
    mods = _modifiers(node, r)
    doc = _doc(node, r)
    return MethodInfo(
        name=_member_name(node, r),
        signature=_signature(node, body, r),
        decorators=tuple(r.of(a) for a in _attribute_lists(node)),
        docstring=_doc_text(doc, r),
        body=r.of(body),
        start_line=node.start_point[0] + 1,  # attributes included, the doc comment not
        end_line=node.end_point[0] + 1,
        is_constructor=node.type == "constructor_declaration",
        is_static="static" in mods,
        is_abstract=body is None or "abstract" in mods or "extern" in mods,
    )


def class_info(ff: FileFacts, node: Node) -> ClassInfo:
    r = NodeReader(ff)
    body = _type_body(node)
    doc = _doc(node, r)
    first = doc[0] if doc else node
    fields: list[MemberVariable] = []
    methods: list[MethodInfo] = []
    for member in body.named_children if body is not None else ():
        if member.type in _FIELD_NODES or (member.type in _PROPERTY_NODES and _is_auto_property(member)):
            fields += _fields(member, r)
        elif member.type in _METHOD_NODES or member.type in _PROPERTY_NODES:
            methods.append(_method(member, r))
    name = _type_name(node, r)
    start = _opening_directives(r.text, r.start(first))
    return ClassInfo(
        language="csharp",
        file=ff.file.path,
        name=name,
        qualified_name=name,
        start_byte=start,
        end_byte=r.end(node),
        start_line=r.text.count("\n", 0, start) + 1,
        end_line=node.end_point[0] + 1,
        signature=_signature(node, body, r),
        decorators=tuple(r.of(a) for a in _attribute_lists(node)),
        bases=_bases(node, r),
        docstring=_doc_text(doc, r),
        member_variables=tuple(fields),
        methods=tuple(methods),
        kind=TYPE_KINDS.get(node.type, "class"),
        source=r.text[start:r.end(node)],
        compiled_source=_compiled_text(ff, r.text[start:r.end(node)], start),
    )


def _compiled_text(ff: FileFacts, source: str, start: int) -> str:
    """The class's text as mcs reads it: the bytes of the tree's own text (parsed from
    ``syntax.active_code``, offsets kept) over the class's span; "" when it equals ``source`` or
    cannot be had byte for byte. The wrong classes (throwing stub, mutants) find the method bodies
    in it: read with its directives, a header written across ``#if`` lines is no class
    (simple-json's JsonObject: every task went unchecked, ``not_checked_against_wrong_classes``)."""
    if "#" not in source:
        return ""
    root = ff.tree.root_node
    whole = root.text
    data = source.encode("utf-8")
    begin = ff.file.index.char_to_byte(start) - root.start_byte
    if whole is None or begin < 0 or begin + len(data) > len(whole):
        return ""
    compiled = whole[begin:begin + len(data)]
    if compiled == data:
        return ""
    try:
        return compiled.decode("utf-8")
    except UnicodeDecodeError:
        return ""


_DIRECTIVE_LINE = re.compile(r"[ \t]*#[ \t]*(if|elif|else|endif)\b")


def _opening_directives(text: str, start: int) -> int:
    """Where the type's text starts so that its conditional directives balance: a header written
    ``#if X internal #else public #endif class Bag`` has its node start at ``public`` (the tree is
    of the code mcs compiles), and a span from there holds an ``#endif`` whose ``#if`` stays in the
    file: the file without the class did not compile with any answer, the gold one (holding the
    ``#endif``) apart. The start moves back to the line of the matching ``#if`` when only
    modifiers, attributes, comments and directives lie between (no ``{``, ``}`` or ``;``);
    otherwise it stays."""
    line_start = text.rfind("\n", 0, start) + 1
    need = depth = 0
    for line in text[start:].splitlines():
        m = _DIRECTIVE_LINE.match(line)
        if m is None:
            if "{" in line:  # the body: directives inside it balance on their own
                break
            continue
        kind = m.group(1)
        if kind == "if":
            depth += 1
        elif kind == "endif":
            depth -= 1
        elif depth == 0:  # #else / #elif of an #if before the start
            need = max(need, 1)
        need = max(need, -depth)
    if need == 0:
        return start
    pos = line_start
    level = 0
    while pos > 0:
        prev = text.rfind("\n", 0, pos - 1) + 1
        line = text[prev:pos]
        m = _DIRECTIVE_LINE.match(line)
        if m is None:
            if any(c in line.split("//", 1)[0] for c in "{};"):
                return start
        elif m.group(1) == "endif":
            level += 1
        elif m.group(1) == "if":
            if level:
                level -= 1
            else:
                need -= 1
                if need == 0:
                    return prev + (len(line) - len(line.lstrip(" \t")))
        pos = prev
    return start


def _top_level_types(container: Node, namespace: str = "") -> list[tuple[Node, str]]:
    """(type node, its namespace) of the types not nested in another type, in file order."""
    out: list[tuple[Node, str]] = []
    current = namespace
    for child in container.named_children:
        if child.type in TYPE_KINDS:
            out.append((child, current))
        elif child.type in _NAMESPACES:
            name_node = child.child_by_field_name("name") or next(
                (c for c in child.named_children if c.type in ("identifier", "qualified_name")), None)
            name = name_node.text.decode("utf-8", "replace") if name_node is not None else ""
            full = f"{namespace}.{name}" if namespace and name else (name or namespace)
            if child.type == "file_scoped_namespace_declaration":
                current = full  # every later declaration of the file is in it
                out += _top_level_types(child, full)  # grammars that nest the rest inside it
            else:
                body = child.child_by_field_name("body") or next(
                    (c for c in child.children if c.type == "declaration_list"), None)
                if body is not None:
                    out += _top_level_types(body, full)
        elif child.type == "declaration_list":
            out += _top_level_types(child, current)
    return out


def extract_classes(ff: FileFacts) -> list[ClassInfo]:
    """Top-level type declarations of a C# file (nested types stay inside their outer type); with
    a syntax error, the declarations the parser still closed, but not those inside a type whose
    own header it left loose (``unparsed_types``: they are that type's nested types)."""
    found = _top_level_types(ff.tree.root_node)
    if ff.has_syntax_error:
        spans = [(start, end) for _, _, _, start, end in _loose_headers(ff)]
        found = [(node, ns) for node, ns in found
                 if not any(start < node.start_byte and node.end_byte <= end for start, end in spans)]
    return [class_info(ff, node) for node, _ in found]


_PREPROC_BRANCHES = frozenset({"preproc_if", "preproc_elif", "preproc_else"})


def _types_in_every_branch(container: Node) -> list[Node]:
    """The top-level type nodes of a tree parsed with its ``#if`` directives (tree-sitter keeps
    every branch, inside ``preproc_if`` / ``preproc_elif`` / ``preproc_else`` nodes)."""
    out: list[Node] = []
    for child in container.named_children:
        if child.type in TYPE_KINDS:
            out.append(child)
        elif child.type in _NAMESPACES or child.type in _PREPROC_BRANCHES or child.type == "declaration_list":
            out += _types_in_every_branch(child)
    return out


def compiled_out_types(ff: FileFacts) -> list[tuple[str, str]]:
    """(name, kind) of the top-level types of the file that only an ``#if`` branch its project's
    symbols leave out declares: the file's tree (``FileFacts.tree``) is parsed from the code mcs
    compiles (``syntax.active_code``), so :func:`extract_classes` never sees them, and no test can
    run them. Named so that the class-level build counts them (``classes/compiled_out``) instead of
    losing them silently (simple-json's DataContractJsonSerializerStrategy in
    ``#if SIMPLE_JSON_DATACONTRACT``, held-out 19). Empty without a conditional directive."""
    text = ff.file.text
    if "#if" not in text and "# if" not in text:
        return []
    from crossfile_datasets.lang import Lang, get_language

    tree, timed_out = get_language(Lang.CSHARP).parse_source(text, ff.file.path)
    if timed_out:
        return []
    active = {_type_name(node, NodeReader(ff)) for node, _ in _top_level_types(ff.tree.root_node)}
    out: list[tuple[str, str]] = []
    for node in _types_in_every_branch(tree.root_node):
        name = node.child_by_field_name("name") or next((c for c in node.children if c.type == "identifier"), None)
        written = name.text.decode("utf-8", "replace") if name is not None and name.text is not None else ""
        if written and written not in active and (written, TYPE_KINDS[node.type]) not in out:
            out.append((written, TYPE_KINDS[node.type]))
    return out


_TYPE_KEYWORDS = {"class": "class", "struct": "struct", "interface": "interface", "record": "record", "enum": "enum"}


def unparsed_types(ff: FileFacts) -> list[tuple[str, str, int]]:
    """(name, kind, 1-based line) of the type headers the parser could not put in a declaration:
    a ``class`` keyword and its name left loose among ERROR or top-level tokens, so the extractor
    never sees that type (and may read the types nested in it as top-level ones).

    Held-out 21's NStack: tree-sitter-c-sharp 0.23 cannot parse a dereference of a parenthesized
    expression (``*(long*)a``, ``*(a + 1)``), and ``ustring``'s unsafe ``EqualsHelper`` holds
    such lines: the whole declaration fell apart, ``ustring`` -- the repository's main class --
    was not among the classes, and nothing said so. Counted by the class build
    (``classes/declaration_not_parsed``). Empty when the file parsed without error."""
    if not ff.has_syntax_error:
        return []
    loose = _loose_headers(ff)
    out = [(name, kind, line) for name, kind, line, _, _ in loose]
    # whole declarations inside an ERROR the extractor does not enter (a namespace the parser
    # could not close): named, not extracted -- their members after the error are lost too
    reached = {node.start_byte for node, _ in _top_level_types(ff.tree.root_node)}
    stack = [ff.tree.root_node]
    while stack:
        node = stack.pop()
        if node.type in TYPE_KINDS:
            if node.start_byte not in reached and not any(s < node.start_byte and node.end_byte <= e
                                                          for _, _, _, s, e in loose):
                out.append((_type_name(node, NodeReader(ff)), TYPE_KINDS[node.type], node.start_point[0] + 1))
            continue  # nested types belong to it
        stack.extend(node.children)
    return sorted(set(out), key=lambda t: t[2])


def _loose_headers(ff: FileFacts) -> list[tuple[str, str, int, int, int]]:
    """(name, kind, line, start byte, end byte) of each type header no declaration holds: the
    ``class`` keyword followed by its name among loose tokens; the span runs from the keyword to
    the ``}`` that closes the first ``{`` after it (the end of the file when none does)."""
    if not ff.has_syntax_error:
        return []
    root = ff.tree.root_node
    out: list[tuple[str, str, int, int, int]] = []
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type in TYPE_KINDS:
            stack.extend(node.named_children)  # a parsed declaration: only what it holds
            continue
        kids = node.children
        for i, child in enumerate(kids):
            if child.type in _TYPE_KEYWORDS and i + 1 < len(kids) and kids[i + 1].type == "identifier" \
                    and kids[i + 1].text is not None:
                out.append((kids[i + 1].text.decode("utf-8", "replace"), _TYPE_KEYWORDS[child.type],
                            child.start_point[0] + 1, child.start_byte, _closing_brace(root, child.end_byte)))
            elif child.child_count:
                stack.append(child)
    return sorted(set(out), key=lambda t: t[3])


def _closing_brace(root: Node, after: int) -> int:
    """The end byte of the ``}`` closing the first ``{`` at or after ``after`` (leaf tokens only:
    braces inside strings and comments are not tokens); the root's end when none closes it."""
    depth = 0
    for leaf in iter_leaves_in(root, after, root.end_byte):
        if leaf.start_byte < after:
            continue
        if leaf.type == "{":
            depth += 1
        elif leaf.type == "}" and depth:
            depth -= 1
            if depth == 0:
                return leaf.end_byte
    return root.end_byte


# ------------------------------------------------------------------- test method bodies --
def nunit_test_methods(ff: FileFacts) -> dict[str, Node]:
    """NUnit and xUnit test methods of a file: test id (``Ns.Fixture.Method``, nested fixtures
    joined with ``+`` as NUnit 2.6 names them) -> the method's node."""
    r = NodeReader(ff)
    out: dict[str, Node] = {}
    for full, node in _type_names(ff):
        body = _type_body(node)
        for member in body.named_children if body is not None else ():
            if member.type == "method_declaration" and _member_body(member) is not None \
                    and _attribute_names(member, r) & TEST_ATTRIBUTES:
                out.setdefault(f"{full}.{_member_name(member, r)}", member)
    return out


@dataclass(frozen=True)
class Removable:
    """A declaration of a test file that can be left out of a compilation (C# runner)."""

    kind: str  # "member" (a method or property) or "type" (a class with everything in it)
    name: str  # Namespace.Type.Member / Namespace.Outer+Inner
    start: int  # character offsets into the file's text
    end: int
    tests: tuple[str, ...]  # ids of the test methods it holds (nunit_test_methods' ids)


def removable_at(ff: FileFacts, line: int, column: int = 0) -> Removable | None:
    """The innermost declaration holding 1-based ``line`` (and 0-based character ``column``): a
    method or property of a type, or else the type itself. Constructors, destructors, fields,
    events and set-up/tear-down methods give their type (leaving one out changes how the type's
    other tests run). None: the position is outside every type (a ``using``, an assembly
    attribute), and only the whole file can go. For many positions of one file, use
    :class:`Removables` (the file's types and test methods read once)."""
    return Removables(ff).at(line, column)


class Removables:
    """:func:`removable_at` for many positions of one file.

    Why it exists: the C# runner asks for the declaration of every compile error of a test file,
    and an emptied class gives thousands (phatcher/CsvReader's 2,500-line partial class: every
    test of a 3,000-line fixture fails). Reading the file's types and test methods again for each
    error made the gate's host work quadratic in the file: the emptied-class gate ran for more
    than half an hour in-process. Here they are read once, on first need."""

    def __init__(self, ff: FileFacts) -> None:
        self.ff = ff
        self.r = NodeReader(ff)
        self.lines = ff.file.text.split("\n")
        self._names: dict[tuple[int, int], str] | None = None
        self._tests: list[tuple[int, int, str]] | None = None

    def _type_name_at(self, owner: Node) -> str:
        if self._names is None:
            self._names = {(n.start_byte, n.end_byte): full for full, n in _type_names(self.ff)}
        return self._names.get((owner.start_byte, owner.end_byte)) or _type_name(owner, self.r)

    def _tests_within(self, start: int, end: int) -> tuple[str, ...]:
        if self._tests is None:
            self._tests = [(self.r.start(n), self.r.end(n), t) for t, n in nunit_test_methods(self.ff).items()]
        return tuple(sorted(t for s, e, t in self._tests if start <= s and e <= end))

    def at(self, line: int, column: int = 0) -> Removable | None:
        r, lines = self.r, self.lines
        if not 0 < line <= len(lines):
            return None
        text_line = lines[line - 1]
        column = min(max(column, 0), len(text_line))
        if not text_line[column:].strip():
            column = len(text_line) - len(text_line.lstrip())
        byte_col = len(text_line[:column].encode("utf-8"))
        point = (line - 1, byte_col)
        node = self.ff.tree.root_node.descendant_for_point_range(point, point)
        member = owner = None
        while node is not None:
            if node.type in TYPE_KINDS:
                owner = node
                break
            if member is None and node.parent is not None and node.parent.type == "declaration_list" \
                    and node.parent.parent is not None and node.parent.parent.type in TYPE_KINDS:
                member = node
            node = node.parent
        if owner is None:
            return None
        type_name = self._type_name_at(owner)
        if member is not None and (member.type in ("method_declaration", "operator_declaration",
                                                   "conversion_operator_declaration") or member.type in _PROPERTY_NODES) \
                and not (_attribute_names(member, r) & _LIFECYCLE_ATTRIBUTES):
            start, end = r.start(member), r.end(member)
            name = f"{type_name}.{_member_name(member, r) or member.type}"
            kind = "member"
        else:
            start, end, name, kind = r.start(owner), r.end(owner), type_name, "type"
        return Removable(kind, name, start, end, self._tests_within(start, end))


def _type_names(ff: FileFacts) -> list[tuple[str, Node]]:
    """(full name as the runners write it, node) of every type of the file, nested ones included."""
    r = NodeReader(ff)
    out: list[tuple[str, Node]] = []

    def visit(node: Node, full: str) -> None:
        out.append((full, node))
        body = _type_body(node)
        for member in body.named_children if body is not None else ():
            if member.type in TYPE_KINDS:
                visit(member, f"{full}+{_type_name(member, r)}")

    for node, namespace in _top_level_types(ff.tree.root_node):
        name = _type_name(node, r)
        visit(node, f"{namespace}.{name}" if namespace else name)
    return out
