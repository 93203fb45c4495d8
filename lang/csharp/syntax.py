"""What tree-sitter tells us about one C# file: namespaces, usings, types, members, syntax level.

The checker workflow (``lang.csharp.usages``) needs more than :class:`core.records.FileFacts`
carries: for every type its header text (to write an *emptied* copy with the same name, kind,
namespace and generic arity), its members with their spans (to restore them one by one in
later rounds), its base types (to attribute a member reported on a subclass), and for every
file the identifiers it mentions (to know which files can observe a type at all). All of it
is computed here from the tree, without the compiler.

It also detects syntax newer than C# 7.2 (what mono's ``mcs`` accepts), so a project using it
is skipped with a named reason instead of being compiled into a flood of parse errors.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator, Sequence

import tree_sitter_c_sharp
from tree_sitter import Language, Node, Tree

from crossfile_datasets.core.records import Span
from crossfile_datasets.core.text import TextIndex
from crossfile_datasets.lang.base import iter_leaves, iter_nodes

LANGUAGE = Language(tree_sitter_c_sharp.language())
# Reserved words, C# 12 specification 6.4.4 (keywords), plus var.
RESERVED_WORDS = frozenset("""abstract as base bool break byte case catch char checked class const continue
decimal default delegate do double else enum event explicit extern false finally fixed float
for foreach goto if implicit in int interface internal is lock long namespace new null object
operator out override params private protected public readonly ref return sbyte sealed short
sizeof stackalloc static string struct switch this throw true try typeof uint ulong unchecked
unsafe ushort using virtual void volatile while var""".split())

TYPE_KINDS = {
    "class_declaration": "class",
    "struct_declaration": "struct",
    "interface_declaration": "interface",
    "enum_declaration": "enum",
    "record_declaration": "record",
    "record_struct_declaration": "record",
    "delegate_declaration": "delegate",
}
MEMBER_KINDS = {
    "method_declaration": "method",
    "constructor_declaration": "constructor",
    "destructor_declaration": "destructor",
    "property_declaration": "property",
    "field_declaration": "field",
    "event_field_declaration": "event",
    "event_declaration": "event",
    "indexer_declaration": "indexer",
    "operator_declaration": "operator",
    "conversion_operator_declaration": "operator",
    "enum_member_declaration": "constant",
}
NAMESPACE_NODES = ("namespace_declaration", "file_scoped_namespace_declaration")
_GENERIC_ARGS = re.compile(r"<[^<>]*>")
_SPACE = re.compile(r"\s+")

# Node types that exist only in C# 8 and later: mcs (C# <= 7.2) cannot parse them.
NEWER_NODE_FEATURES = {
    "file_scoped_namespace_declaration": "file-scoped namespace (C# 10)",
    "record_declaration": "record (C# 9)",
    "record_struct_declaration": "record struct (C# 10)",
    "global_statement": "top-level statements (C# 9)",
    "switch_expression": "switch expression (C# 8)",
    "range_expression": "range (C# 8)",
    "implicit_object_creation_expression": "target-typed new (C# 9)",
    "with_expression": "with expression (C# 9)",
    "recursive_pattern": "property/positional pattern (C# 8)",
    "relational_pattern": "relational pattern (C# 9)",
    "and_pattern": "pattern combinator (C# 9)",
    "or_pattern": "pattern combinator (C# 9)",
    "negated_pattern": "not pattern (C# 9)",
    "list_pattern": "list pattern (C# 11)",
    "raw_string_literal": "raw string literal (C# 11)",
    "collection_expression": "collection expression (C# 12)",
    "function_pointer_type": "function pointer (C# 9)",
    "preproc_nullable": "#nullable directive (C# 8)",
    "scoped_type": "scoped (C# 11)",
}
NEWER_MODIFIERS = {"required": "required member (C# 11)", "file": "file-local type (C# 11)", "scoped": "scoped (C# 11)"}
# Value types whose `T?` is a Nullable<T> (legal in C# 7.2), as opposed to a nullable reference
# annotation (C# 8). Only consulted for names that are not declared in the project.
KNOWN_VALUE_TYPES = frozenset({
    "bool", "byte", "sbyte", "char", "decimal", "double", "float", "int", "uint", "long", "ulong",
    "short", "ushort", "nint", "nuint", "Boolean", "Byte", "SByte", "Char", "Decimal", "Double",
    "Single", "Int16", "Int32", "Int64", "UInt16", "UInt32", "UInt64", "IntPtr", "UIntPtr",
    "DateTime", "DateTimeOffset", "TimeSpan", "Guid", "BigInteger", "Complex", "CancellationToken",
    "KeyValuePair", "ValueTuple", "Nullable", "Span", "ReadOnlySpan", "Memory", "ReadOnlyMemory",
    "DateOnly", "TimeOnly", "Half", "Index", "Range", "Color", "Point", "PointF", "Size", "SizeF",
    "Rectangle", "RectangleF", "Vector2", "Vector3", "Vector4", "Quaternion", "Matrix4x4",
})
KNOWN_REFERENCE_TYPES = frozenset({
    "string", "object", "dynamic", "String", "Object", "List", "Dictionary", "IEnumerable", "IList",
    "ICollection", "IReadOnlyList", "IReadOnlyCollection", "IDictionary", "IReadOnlyDictionary",
    "HashSet", "ISet", "Queue", "Stack", "Task", "Func", "Action", "Lazy", "Tuple", "Exception",
    "Type", "Stream", "StringBuilder", "Uri", "Array", "Delegate", "EventHandler", "IDisposable",
})


def text_of(node: Node | None, index: TextIndex) -> str:
    return index.node_text(node) if node is not None else ""


def simple_type_name(written: str) -> str:
    """`Ns.Outer<T>.Inner<int>` -> `Inner`; `global::X` -> `X`."""
    name = written.split("::")[-1]
    while True:
        stripped = _GENERIC_ARGS.sub("", name)
        if stripped == name:
            break
        name = stripped
    return name.strip().split(".")[-1].strip().rstrip("?").rstrip("[]").strip()


def normalize_space(text: str) -> str:
    return _SPACE.sub(" ", text).strip()


@dataclass
class MemberDecl:
    names: tuple[str, ...]  # a field declaration declares several
    kind: str
    start: int  # char offsets of the whole declaration (attributes included)
    end: int
    span: Span
    signature: str
    is_override: bool = False
    is_extension: bool = False
    is_static: bool = False


@dataclass
class TypeDecl:
    name: str
    qualified_name: str  # within the file: "Outer.Inner"
    namespace: str
    kind: str
    arity: int
    modifiers: tuple[str, ...]
    bases: tuple[str, ...]  # simple names of the base list, generic arguments removed
    start: int
    end: int
    span: Span
    header_start: int  # first modifier/keyword (attributes left out)
    body_start: int  # the body's `{` (== end when there is no body, e.g. delegates)
    body_end: int
    signature: str
    members: list[MemberDecl] = field(default_factory=list)
    nested: list["TypeDecl"] = field(default_factory=list)
    parent: "TypeDecl | None" = field(default=None, repr=False)

    @property
    def full_name(self) -> str:
        return f"{self.namespace}.{self.qualified_name}" if self.namespace else self.qualified_name

    def member_names(self) -> set[str]:
        return {n for m in self.members for n in m.names}

    def walk(self) -> Iterator["TypeDecl"]:
        """This type and its nested types, outer first (iterative: nesting may be 1500 deep)."""
        stack = [self]
        while stack:
            t = stack.pop()
            yield t
            stack.extend(reversed(t.nested))


@dataclass
class UsingDecl:
    kind: str  # "namespace" | "alias" | "static"
    target: str  # as written, whitespace removed ("System.Collections.Generic")
    alias: str | None
    is_global: bool
    start: int
    end: int
    span: Span
    namespace: str  # the namespace declaration it sits in ("" at file level)


@dataclass
class NewerSyntax:
    feature: str
    row: int  # 0-based


@dataclass
class FileModel:
    path: str
    types: list[TypeDecl]
    usings: list[UsingDecl]
    namespaces: list[str]  # declared namespaces (dotted, outer ones included)
    namespace_header_rows: frozenset[int]
    identifiers: frozenset[str]
    newer_syntax: list[NewerSyntax]

    def all_types(self) -> Iterator[TypeDecl]:
        for t in self.types:
            yield from t.walk()


# -------------------------------------------------------------------------------- model --
def _modifiers(node: Node, index: TextIndex) -> tuple[str, ...]:
    return tuple(text_of(c, index) for c in node.children if c.type == "modifier")


def _header_start(node: Node) -> Node:
    for child in node.children:
        if child.type not in ("attribute_list", "comment") and not child.type.startswith("preproc"):
            return child
    return node


def _bases(node: Node, index: TextIndex) -> tuple[str, ...]:
    for child in node.children:
        if child.type == "base_list":
            out = []
            for b in child.named_children:
                if b.type == "argument_list":  # record primary-constructor arguments
                    continue
                out.append(simple_type_name(text_of(b, index)))
            return tuple(o for o in out if o)
    return ()


def _arity(node: Node) -> int:
    for child in node.children:
        if child.type == "type_parameter_list":
            return sum(1 for c in child.named_children if c.type == "type_parameter")
    return 0


def _body(node: Node) -> Node | None:
    body = node.child_by_field_name("body")
    if body is not None:
        return body
    for child in node.children:
        if child.type in ("declaration_list", "enum_member_declaration_list"):
            return child
    return None


def _member(node: Node, index: TextIndex) -> MemberDecl | None:
    kind = MEMBER_KINDS[node.type]
    mods = _modifiers(node, index)
    names: list[str] = []
    if node.type in ("field_declaration", "event_field_declaration"):
        decl = next((c for c in node.named_children if c.type == "variable_declaration"), None)
        if decl is not None:
            names = [text_of(v.child_by_field_name("name") or v.named_children[0], index)
                     for v in decl.named_children if v.type == "variable_declarator" and v.named_children]
        if "const" in mods:
            kind = "constant"
    elif node.type == "indexer_declaration":
        names = ["this"]
    elif node.type in ("operator_declaration", "conversion_operator_declaration"):
        names = ["operator"]
    else:
        name = node.child_by_field_name("name")
        if name is None:
            return None
        names = [text_of(name, index)]
    names = [n for n in names if n]
    if not names:
        return None
    start, end = index.node_start(node), index.node_end(node)
    sig_end = end
    for child in node.children:
        if child.type in ("block", "arrow_expression_clause", "accessor_list", "equals_value_clause") or child.type == ";":
            sig_end = index.node_start(child)
            break
    if node.type in ("field_declaration", "event_field_declaration"):
        decl = next((c for c in node.named_children if c.type == "variable_declaration"), None)
        if decl is not None:
            typ = decl.child_by_field_name("type")
            sig_end = start
            signature = normalize_space(" ".join([*mods, text_of(typ, index), ", ".join(names)]))
        else:
            signature = normalize_space(index.text[start:end])
    else:
        header = _header_start(node)
        signature = normalize_space(index.text[index.node_start(header):sig_end])
        if node.type in ("property_declaration", "indexer_declaration"):
            accessors = next((c for c in node.children if c.type == "accessor_list"), None)
            if accessors is not None:
                kinds = [text_of(a.children[0], index) for a in accessors.named_children
                         if a.type == "accessor_declaration" and a.children]
                signature += " { " + " ".join(f"{k};" for k in kinds if k in ("get", "set", "init")) + " }"
    is_extension = False
    if node.type == "method_declaration" and "static" in mods:
        params = node.child_by_field_name("parameters")
        first = params.named_children[0] if params is not None and params.named_children else None
        if first is not None and first.type == "parameter":
            is_extension = any(c.type == "modifier" and text_of(c, index) == "this" or c.type == "this" for c in first.children)
    return MemberDecl(tuple(names), kind, start, end, Span.of_node(node, index), signature[:300],
                      "override" in mods, is_extension, "static" in mods or "const" in mods)


def _type(node: Node, index: TextIndex, namespace: str, parent: TypeDecl | None) -> TypeDecl:
    """The type declared by ``node`` with its members and nested types (iteratively)."""
    root = _type_header(node, index, namespace, parent)
    stack = [(root, node)]
    while stack:
        t, n = stack.pop()
        body = _body(n)
        if body is None:
            continue
        for child in body.named_children:
            if child.type in TYPE_KINDS:
                nested = _type_header(child, index, namespace, t)
                t.nested.append(nested)
                stack.append((nested, child))
            elif child.type in MEMBER_KINDS:
                m = _member(child, index)
                if m is not None:
                    t.members.append(m)
    return root


def _type_header(node: Node, index: TextIndex, namespace: str, parent: TypeDecl | None) -> TypeDecl:
    name = text_of(node.child_by_field_name("name"), index)
    qual = f"{parent.qualified_name}.{name}" if parent else name
    body = _body(node)
    header = _header_start(node)
    start, end = index.node_start(node), index.node_end(node)
    body_start = index.node_start(body) if body is not None else end
    body_end = index.node_end(body) if body is not None else end
    header_start = index.node_start(header)
    signature = normalize_space(index.text[header_start:body_start if body is not None else end]).rstrip(";")
    return TypeDecl(name, qual, namespace, TYPE_KINDS[node.type], _arity(node), _modifiers(node, index),
                    _bases(node, index), start, end, Span.of_node(node, index), header_start, body_start, body_end,
                    signature[:300], parent=parent)


def _using(node: Node, index: TextIndex, namespace: str) -> UsingDecl | None:
    is_global = any(c.type == "global" for c in node.children)
    is_static = any(c.type == "static" for c in node.children)
    alias_node = node.child_by_field_name("name")
    targets = [c for c in node.named_children if c is not alias_node and c.type not in ("comment",)]
    if not targets:
        return None
    target = re.sub(r"\s+", "", text_of(targets[-1], index))
    if target.startswith("global::"):
        target = target[len("global::"):]
    kind = "static" if is_static else ("alias" if alias_node is not None else "namespace")
    return UsingDecl(kind, target, text_of(alias_node, index) if alias_node is not None else None, is_global,
                     index.node_start(node), index.node_end(node), Span.of_node(node, index), namespace)


def build_model(path: str, tree: Tree, index: TextIndex) -> FileModel:
    types: list[TypeDecl] = []
    usings: list[UsingDecl] = []
    namespaces: list[str] = []
    header_rows: set[int] = set()
    listed: set[str] = set()

    # an explicit stack in source order (namespaces may be nested 1500 deep)
    stack: list[tuple[Node, str]] = [(c, "") for c in reversed(tree.root_node.named_children)]

    def visit(container: Node, namespace: str) -> None:
        stack.extend((c, namespace) for c in reversed(container.named_children))

    while stack:
        child, namespace = stack.pop()
        if child.type == "using_directive":
            u = _using(child, index, namespace)
            if u is not None:
                usings.append(u)
        elif child.type in NAMESPACE_NODES:
            name = re.sub(r"\s+", "", text_of(child.child_by_field_name("name"), index))
            full = f"{namespace}.{name}" if namespace and name else (name or namespace)
            prefix = namespace  # the enclosing namespaces are already listed
            for part in name.split(".") if name else ():
                prefix = f"{prefix}.{part}" if prefix else part
                if prefix not in listed:
                    listed.add(prefix)
                    namespaces.append(prefix)
            name_node = child.child_by_field_name("name")
            if name_node is not None:
                header_rows.update(range(child.start_point[0], name_node.end_point[0] + 1))
            body = child.child_by_field_name("body")
            if child.type == "file_scoped_namespace_declaration":
                visit(child, full)  # its members are its own children
            elif body is not None:
                visit(body, full)
        elif child.type in TYPE_KINDS:
            types.append(_type(child, index, namespace, None))
        elif child.type in ("declaration_list",) or child.type.startswith("preproc_if") or child.type in ("preproc_else", "preproc_elif"):
            visit(child, namespace)  # declarations inside #if regions

    identifiers = frozenset(index.text[index.node_start(n):index.node_end(n)] for n in iter_leaves(tree.root_node)
                            if n.type == "identifier")
    return FileModel(path, types, usings, namespaces, frozenset(header_rows), identifiers, [])


def absolute_using_targets(models: Iterable[FileModel]) -> None:
    """Rewrite each using directive's target to the full name C# gives it, in place.

    A using directive's name is resolved in the namespace that encloses it (C# spec, using
    directives): ``using Feeds;`` inside ``namespace CodeHollow.FeedReader`` names
    ``CodeHollow.FeedReader.Feeds`` when the project declares that namespace. Every reader of
    ``UsingDecl.target`` (import bindings, the type-reference resolver, the usage rounds) wants
    the full name; as written it named a namespace nobody declares and the types it brings were
    left unresolved (arminreiter/FeedReader, held-out 16). Innermost enclosing namespace first,
    as the compiler looks; a name the project does not declare stays as written (an external
    namespace such as ``System``), and so does ``global::``.
    """
    models = list(models)
    namespaces = {n for m in models for n in m.namespaces}
    types = {t.full_name for m in models for t in m.all_types()}
    for m in models:
        for u in m.usings:
            if not u.namespace or u.target.startswith("global::"):
                continue
            first = re.split(r"[.<]", u.target, maxsplit=1)[0]  # looked up first, then the rest in it
            parts = u.namespace.split(".")
            for depth in range(len(parts), 0, -1):
                candidate = ".".join(parts[:depth]) + "." + first
                if candidate in namespaces or candidate in types:
                    u.target = ".".join(parts[:depth]) + "." + u.target
                    break


# ---------------------------------------------------------------------- preprocessor --
COMPILE_DEFINES = ("DEBUG", "TRACE")  # what analyzers/mcs.py passes to mcs (-define:DEBUG;TRACE)
_DIRECTIVE = re.compile(r"^[ \t]*#[ \t]*(if|elif|else|endif|define|undef)\b([^\r\n]*)")
_PP_TOKEN = re.compile(r"\s*(?:(&&|\|\||==|!=|!|\(|\))|([A-Za-z_][A-Za-z0-9_]*))")


def _pp_value(expr: str, symbols: set[str]) -> bool | None:
    """A ``#if`` expression (symbols, true/false, ! && || == != and parentheses), None if unreadable."""
    expr = expr.split("//", 1)[0].strip()
    words: list[str] = []
    pos = 0
    while pos < len(expr):
        m = _PP_TOKEN.match(expr, pos)
        if m is None or m.end() == pos:
            return None
        op, name = m.groups()
        if name is not None:
            words.append("1" if name == "true" or (name != "false" and name in symbols) else "0")
        else:
            # C#'s ``!`` binds tighter than ``==`` and ``&&``, Python's ``not`` looser: ``!A && B``
            # is ``(not A) and B``; ``1 ^`` on 0/1 binds as C#'s ``!`` does
            words.append({"&&": "and", "||": "or", "!": "1 ^"}.get(op, op))
        pos = m.end()
    try:  # only 0/1 and operators can reach eval (every token was checked above)
        return bool(eval(" ".join(words) or "False", {"__builtins__": {}}, {}))  # noqa: S307
    except Exception:
        return None


def active_code(text: str, defines: Iterable[str] = COMPILE_DEFINES, same_chars: bool = False) -> str:
    """``text`` as mcs compiles it: inactive ``#if`` branches and the conditional directives blanked.

    tree-sitter parses every branch of an ``#if``; a region that splits a statement
    (``#if DEBUG if (a) ... else #else if (b) ... else #endif { ... }``) becomes ERROR and
    ``global_statement`` nodes, which read as a syntax error or as top-level statements (C# 9)
    although mcs compiles the file. Each blanked character becomes as many spaces as its UTF-8
    bytes, so every byte offset (and line) of the tree matches the original text; with
    ``same_chars`` each becomes one space instead, so every character offset does (the text
    handed to mcs: blanked with each file's own symbols, so one compilation can hold files of
    projects that define different ones). The text is returned unchanged when it has no
    conditional directive or when they do not balance.
    """
    if "#if" not in text and "# if" not in text:
        return text
    symbols = set(defines)
    out: list[str] = []
    frames: list[list[bool]] = []  # [parent active, a branch was taken, this branch active]
    active = True
    for line in text.splitlines(keepends=True):
        m = _DIRECTIVE.match(line)
        kind = m.group(1) if m else None
        if kind in ("define", "undef"):
            if active:
                name = m.group(2).split("//", 1)[0].strip()
                (symbols.add if kind == "define" else symbols.discard)(name)
            out.append(line if active else _blank(line, same_chars))
            continue
        if kind == "if":
            value = _pp_value(m.group(2), symbols)
            if value is None:
                return text
            frames.append([active, value, active and value])
        elif kind == "elif":
            value = _pp_value(m.group(2), symbols)
            if value is None or not frames:
                return text
            frame = frames[-1]
            frame[2] = frame[0] and not frame[1] and value
            frame[1] = frame[1] or value
        elif kind == "else":
            if not frames:
                return text
            frame = frames[-1]
            frame[2] = frame[0] and not frame[1]
            frame[1] = True
        elif kind == "endif":
            if not frames:
                return text
            frames.pop()
        if kind is not None:
            out.append(_blank(line, same_chars))
            active = frames[-1][2] if frames else True
            continue
        out.append(line if active else _blank(line, same_chars))
    return "".join(out) if not frames else text


def _blank(line: str, same_chars: bool = False) -> str:
    return "".join(c if c in "\r\n" else " " if same_chars else " " * len(c.encode("utf-8")) for c in line)


# ---------------------------------------------------------------------- syntax level --
# C# 10's file-scoped namespace, alone on its line (a comment may follow)
_FILE_SCOPED_NAMESPACE = re.compile(r"^([ \t]*namespace[ \t]+[\w.]+[ \t]*);(?=[ \t]*(?://[^\n]*)?\r?$)", re.M)


def file_scoped_to_block(text: str) -> str:
    """C# 10's file-scoped ``namespace X;`` as the block ``namespace X{ ... }`` that mcs (C# 7.2:
    CS1525 "Unexpected symbol `;'" on the original) compiles: the ``;`` becomes ``{`` (every
    offset and line unchanged), a ``}`` on a line of its own closes the file. The text unchanged
    when it has none, or more than one (not valid C#: mcs says so on the original)."""
    found = _FILE_SCOPED_NAMESPACE.findall(text)
    if len(found) != 1:
        return text
    return _FILE_SCOPED_NAMESPACE.sub(r"\1{", text, count=1) + ("" if text.endswith("\n") else "\n") + "}\n"


_NO_VALUE_ACCESSORS = frozenset({"set", "init", "add", "remove"})
_NO_VALUE_MEMBERS = frozenset({"constructor_declaration", "destructor_declaration"})
_VALUE_MEMBERS = frozenset({"method_declaration", "local_function_statement", "operator_declaration",
                            "conversion_operator_declaration", "accessor_declaration"})


def expression_bodies_to_blocks(text: str, tree: Tree) -> str:
    """Every expression-bodied member (``int F(int x) => x + 1;``) as the block mcs writes line
    information for (``int F(int x) { return x + 1; }``), on the same lines: ``=>`` becomes
    ``{ return`` (``{`` for a void, async ``Task``, constructor, setter or throw body; a property
    or indexer ``{ get { return``) and the closing ``;`` becomes ``; }`` (``; } }``). ``tree`` is
    ``text``'s (byte offsets as in ``text``). The text unchanged when the tree has an error.

    Why: mcs 6.8 writes no sequence point for an expression body, so mono's coverage profiler
    reports such a method with no file and no statement, run or not (held-out 21's
    Faithlife.Parsing: Parser.cs's ``Parse``/``TryParse``/``Create`` one-liners were
    ``not_covered_by_tests`` though every test runs them; Parser-Then.cs's ``Then``, ``Select``,
    ``SelectMany`` left the file at 0.25 of its lines covered)."""
    if "=>" not in text or tree.root_node.has_error:
        return text
    data = text.encode("utf-8")
    edits: list[tuple[int, int, bytes]] = []
    for node in iter_nodes(tree.root_node):
        if node.type != "arrow_expression_clause" or node.parent is None:
            continue
        owner = node.parent
        kids = owner.children
        at = next((i for i, k in enumerate(kids) if k.start_byte == node.start_byte and k.type == node.type), -1)
        if at < 0 or at + 1 >= len(kids) or kids[at + 1].type != ";" or not node.children \
                or node.children[0].type != "=>":
            continue
        arrow, semicolon = node.children[0], kids[at + 1]
        value = next((c for c in node.named_children), None)
        throws = value is not None and value.type == "throw_expression"
        if owner.type in ("property_declaration", "indexer_declaration"):
            opening, closing = (b"{ get { " if throws else b"{ get { return "), b"; } }"
        elif owner.type in _NO_VALUE_MEMBERS or throws:
            opening, closing = b"{ ", b"; }"
        elif owner.type == "accessor_declaration":
            keyword = kids[0].type if kids else ""
            opening, closing = (b"{ ", b"; }") if keyword in _NO_VALUE_ACCESSORS else (b"{ return ", b"; }")
        elif owner.type in _VALUE_MEMBERS:
            returns = owner.child_by_field_name("returns") or owner.child_by_field_name("type")
            written = re.sub(rb"\s+", b"", data[returns.start_byte:returns.end_byte]) if returns is not None else b""
            is_async = any(k.type == "modifier" and data[k.start_byte:k.end_byte] == b"async" for k in kids)
            void = written == b"void" or (is_async and written.rsplit(b".", 1)[-1] in (b"Task", b"ValueTask"))
            opening, closing = (b"{ ", b"; }") if void else (b"{ return ", b"; }")
        else:
            continue
        edits.append((arrow.start_byte, arrow.end_byte, opening))
        edits.append((semicolon.start_byte, semicolon.end_byte, closing))
    if not edits:
        return text
    out, last = [], 0
    for start, end, new in sorted(edits):
        out.append(data[last:start])
        out.append(new)
        last = end
    out.append(data[last:])
    return b"".join(out).decode("utf-8")


def errors_only_in_bodies(tree: Tree) -> bool:
    """Every ERROR and MISSING node of the tree lies inside a statement ``block`` (a method,
    accessor, constructor or lambda body): tree-sitter failed on statements only, its type and
    member declarations are whole (nickbabcock/Pfim: `*p++ = *q++;` as an unbraced loop body in
    `Util.cs`, `DdsHeader.cs`, `CompressedTarga.cs`), so the file can be stubbed as a definition
    file like any other (mcs compiles the file itself)."""
    if not tree.root_node.has_error:
        return True
    stack: list[tuple[Node, bool]] = [(tree.root_node, False)]
    while stack:
        node, in_block = stack.pop()
        if node.type == "ERROR" or node.is_missing:
            if not in_block:
                return False
            continue
        if node.has_error:
            inside = in_block or node.type == "block"
            stack.extend((c, inside) for c in node.children)
    return True


def detect_newer_syntax(tree: Tree, index: TextIndex, value_types: Iterable[str] = (),
                        reference_types: Iterable[str] = (), nullable_enabled: bool = False,
                        limit: int = 20, events: list[tuple] | None = None) -> list[NewerSyntax]:
    """Constructs newer than C# 7.2 found in the tree (at most ``limit``), in source order.

    ``value_types`` / ``reference_types``: simple names of the project's structs+enums /
    classes+interfaces+delegates, used to tell `Point?` (Nullable<T>) from `Item?` (a C# 8
    nullable reference annotation). ``nullable_enabled``: the project file enables nullable
    reference types, so `T?` on any name that is not a known value type is an annotation.
    ``events``: :func:`newer_syntax_events` of the tree, when the caller keeps them (a file is
    part of many compilation units; the walk does not depend on the unit's type names).
    """
    value_types = set(value_types)
    reference_types = set(reference_types) - value_types
    found: list[NewerSyntax] = []
    for feature, row, annotation in (events if events is not None else newer_syntax_events(tree, index)):
        if len(found) >= limit:
            break
        if annotation is not None:
            if not _is_reference_annotation(annotation, value_types, reference_types, nullable_enabled):
                continue
            feature = "nullable reference type annotation (C# 8)"
        found.append(NewerSyntax(feature, row))
    found.sort(key=lambda n: n.row)
    return found


def _xor_read_as_cast(node: Node) -> bool:
    """``(crc) ^ (octet)`` is an exclusive or: C# reads a parenthesized name followed by ``^`` as
    an expression, never as a cast (a cast needs ``~ ! (``, a name, a literal or a keyword after
    the ``)``), but tree-sitter-c-sharp parses it as the cast ``(crc)`` of the index-from-end
    ``^(octet)`` (zzzprojects/html-agility-pack crc32.cs:166, which made its library "C# 8" and
    left 46 files unchecked, 2026-11-28g)."""
    parent = node.parent
    if parent is None or parent.type != "cast_expression":
        return False
    kind = parent.child_by_field_name("type")
    return kind is not None and kind.type in ("identifier", "qualified_name") and \
        parent.child_by_field_name("value") == node


def newer_syntax_events(tree: Tree, index: TextIndex) -> list[tuple[str | None, int, tuple | None]]:
    """Every candidate of :func:`detect_newer_syntax` in walk order: ``(feature, row, None)``,
    or ``(None, row, (inner node type, simple name))`` for a ``T?`` whose verdict depends on
    the unit's type names."""
    found: list[tuple[str | None, int, tuple | None]] = []

    def add(feature: str, node: Node) -> None:
        found.append((feature, node.start_point[0], None))

    # (node, inside an ERROR node): tree-sitter's error recovery makes nodes no C# version has
    # (a MISSING `!` closing `*p++ = *q++` reads as the null-forgiving operator, nickbabcock/Pfim
    # DdsHeader.cs:251): a node inside an ERROR, or with a MISSING/ERROR child, gives no verdict;
    # mcs compiles such a file and says CS1644/CS8107 itself when its syntax is too new
    stack: list[tuple[Node, bool]] = [(tree.root_node, False)]
    while stack:
        node, in_error = stack.pop()
        t = node.type
        inside = in_error or t == "ERROR"
        stack.extend((c, inside) for c in reversed(node.children))
        if inside or node.is_missing or (node.has_error and any(c.is_missing or c.type == "ERROR" for c in node.children)):
            continue
        if t in NEWER_NODE_FEATURES:
            add(NEWER_NODE_FEATURES[t], node)
        elif t == "using_directive" and any(c.type == "global" for c in node.children):
            add("global using (C# 10)", node)
        elif t == "accessor_declaration" and any(c.type == "init" for c in node.children):
            add("init accessor (C# 9)", node)
        elif t in ("local_declaration_statement", "using_statement", "foreach_statement") and any(
                c.type == "await" for c in node.children):
            add("await using/foreach (C# 8)", node)
        elif t == "local_declaration_statement" and any(c.type == "using" for c in node.children):
            add("using declaration (C# 8)", node)
        elif t == "prefix_unary_expression" and node.children and node.children[0].type == "^" \
                and not _xor_read_as_cast(node):
            add("index from end (C# 8)", node)
        elif (t == "postfix_unary_expression" and node.children and node.children[-1].type == "!"
              and not node.children[-1].is_missing and node.children[-1].end_byte > node.children[-1].start_byte):
            add("null-forgiving operator (C# 8)", node)
        elif t == "assignment_expression" and any(c.type == "??=" for c in node.children):
            add("null-coalescing assignment (C# 8)", node)
        elif t in ("local_function_statement", "lambda_expression", "anonymous_method_expression") and any(
                c.type == "modifier" and index.node_text(c) == "static" for c in node.children):
            add("static local function/lambda (C# 8)", node)
        elif t == "modifier" and index.node_text(node) in NEWER_MODIFIERS:
            add(NEWER_MODIFIERS[index.node_text(node)], node)
        elif t in ("class_declaration", "struct_declaration", "interface_declaration") and any(
                c.type == "parameter_list" for c in node.children):
            add("primary constructor (C# 12)", node)
        elif t == "interface_declaration":
            body = _body(node)
            if body is not None and any(
                    m.type in ("method_declaration", "property_declaration", "indexer_declaration")
                    and any(c.type in ("block", "arrow_expression_clause") for c in m.children)
                    for m in body.named_children):
                add("default interface member (C# 8)", node)
        elif t == "interpolated_string_expression" and index.node_text(node).startswith("@$"):
            add("@$ interpolated verbatim string (C# 8)", node)
        elif t == "nullable_type":
            inner = node.named_children[0] if node.named_children else None
            if inner is not None:
                found.append((None, node.start_point[0], (inner.type, simple_type_name(index.node_text(inner)))))
    return found


def _is_reference_annotation(inner: tuple[str, str], value_types: set[str], reference_types: set[str],
                             nullable_enabled: bool) -> bool:
    inner_type, name = inner
    if inner_type == "array_type":
        return True
    if inner_type == "predefined_type":
        return name in ("string", "object", "dynamic")
    if name in value_types or name in KNOWN_VALUE_TYPES:
        return False
    if name in reference_types or name in KNOWN_REFERENCE_TYPES:
        return True
    return nullable_enabled


# ------------------------------------------------------------------------- emptying --
def render_emptied(tree: Tree, text: str, index: TextIndex, model: FileModel,
                   keep_member: Callable[[TypeDecl, MemberDecl], bool],
                   keep_nested: Callable[[TypeDecl], bool],
                   instantiable: Callable[[TypeDecl], bool] | None = None,
                   external_override: Callable[[TypeDecl, MemberDecl], bool] | None = None,
                   abstract_implementation: Callable[[TypeDecl, MemberDecl], bool] | None = None) -> str:
    """The file with every type replaced by an empty one (same name, kind, namespace, arity).

    Usings and namespace declarations are kept (so the emptied types land in the same
    namespaces and their headers still resolve); attributes, assembly attributes and
    everything else are dropped. ``keep_member`` / ``keep_nested`` say which members and
    nested types survive (later rounds restore the ones behind reported uses); a kept nested
    type is emptied the same way. Delegates are kept whole: they have no members to remove.
    ``text`` must have the same offsets as the text ``tree`` was parsed from (only
    length-preserving edits, such as blanked-out usings, are allowed in between).

    With ``instantiable``, a class it rejects is rendered ``abstract`` (``sealed`` dropped):
    an empty class keeps its implicit parameterless constructor, so ``new Foo()`` would still
    compile and be invisible; as an abstract class it is mcs's CS0144 at ``new``, while
    subclasses in other files still compile against the implicit protected constructor.
    ``instantiable`` must accept every class :func:`abstractable` refuses (static classes, the
    parts of partial classes whose other parts forbid it).

    A removed override of ``object``'s members, and one of any method ``external_override``
    accepts (an override of a library base's member, such as ``DynamicObject.TryGetMember``),
    leaves an obsolete-as-error stand-in (:func:`object_member_stand_in`,
    :func:`override_stand_in`).

    A removed override that ``abstract_implementation`` accepts (it implements an abstract
    member of a base class in another file) is kept with its bodies stripped
    (:func:`bodiless_member`): without it the emptied class, or its subclasses in other files
    that rely on it, would leave that abstract member unimplemented (CS0534, a declaration
    error that stops mcs before any body, so the round found nothing).
    """
    by_start = {t.start: t for t in model.all_types()}
    out: list[str] = []
    # an explicit stack of work items in source order (types and namespaces may nest 1500 deep):
    # a str is emitted as is, ("type", t, indent) renders a type, ("node", n, indent) a container
    work: list = [("node", tree.root_node, "")]
    while work:
        item = work.pop()
        if isinstance(item, str):
            out.append(item)
        elif item[0] == "type":
            _, t, indent = item
            if t.kind == "delegate":
                out.append(indent + text[t.header_start:t.end] + "\n")
                continue
            if t.body_start >= t.end:
                continue
            header = text[t.header_start:t.body_start].rstrip()
            if instantiable is not None and not instantiable(t):
                header = abstract_header(header)
            out.append(indent + header + "\n" + indent + "{\n")
            for m in t.members:
                if keep_member(t, m):
                    body = text[m.start:m.end]
                    if t.kind == "enum":
                        body = body.rstrip().rstrip(",") + ","
                    out.append(body + "\n")
                elif abstract_implementation is not None and abstract_implementation(t, m):
                    out.append(bodiless_member(tree, index, text, m) + "\n")
                else:
                    stand_in = object_member_stand_in(t, m)
                    if not stand_in and external_override is not None and external_override(t, m):
                        stand_in = override_stand_in(t, m)
                    out.append(stand_in)
            work.append(indent + "}\n")
            work.extend(("type", n, indent + "    ") for n in reversed(t.nested) if keep_nested(n))
        else:
            _, container, indent = item
            later: list = []
            for child in container.named_children:
                if child.type in ("using_directive", "extern_alias_directive"):
                    later.append(indent + text[index.node_start(child):index.node_end(child)] + "\n")
                elif child.type == "namespace_declaration":
                    name = child.child_by_field_name("name")
                    body = child.child_by_field_name("body")
                    later.append(f"{indent}namespace {index.node_text(name) if name is not None else ''}\n{indent}{{\n")
                    if body is not None:
                        later.append(("node", body, indent + "    "))
                    later.append(indent + "}\n")
                elif child.type in TYPE_KINDS:
                    t = by_start.get(index.node_start(child))
                    if t is not None:
                        later.append(("type", t, indent))
                elif child.type.startswith("preproc_if") or child.type in ("preproc_else", "preproc_elif"):
                    later.append(("node", child, indent))
            work.extend(reversed(later))
    return "".join(out)


# ``object``'s virtual members a project type overrides: emptied, the override is gone but the
# call still compiles against ``object``'s, so its uses were invisible. The emptied type declares
# an obsolete-as-error member hiding it instead: a call through the type is CS0619 (and an
# override in a subtype still compiles against the ``new virtual`` member).
OBSOLETE_MESSAGE = "crossfile: emptied"
_OBJECT_MEMBERS = {
    ("ToString", ""): "string ToString() { return null; }",
    ("GetHashCode", ""): "int GetHashCode() { return 0; }",
    ("Equals", "object"): "bool Equals(object crossfileOther) { return false; }",
}
_PARAMETERS = re.compile(r"\(([^()]*)\)")


def object_member_stand_in(t: TypeDecl, m: MemberDecl) -> str:
    """The stand-in of an emptied override of an ``object`` member ('' for any other member)."""
    if not m.is_override or m.kind != "method" or t.kind not in ("class", "struct") or len(m.names) != 1:
        return ""
    params = _PARAMETERS.search(m.signature)
    types = ",".join(p.strip().split()[0] for p in params.group(1).split(",") if p.strip()) if params else ""
    declaration = _OBJECT_MEMBERS.get((m.names[0], types.replace("System.Object", "object")))
    if declaration is None:
        return ""
    virtual = "virtual " if t.kind == "class" and "sealed" not in t.modifiers else ""
    return f'[global::System.Obsolete("{OBSOLETE_MESSAGE}", true)] public new {virtual}{declaration}\n'


_OVERRIDE_MODIFIERS = frozenset({"override", "sealed", "virtual", "abstract", "async", "extern", "new"})
_ACCESS = frozenset({"public", "protected", "internal", "private"})


def hides_inherited(m: MemberDecl) -> bool:
    """An instance method declared ``new`` (``public new STPStartInfo AsReadOnly()`` hiding a
    base class's ``AsReadOnly``): emptied, a call through the type binds to the hidden member."""
    if m.kind != "method" or m.is_static or m.is_override:
        return False
    words = m.signature.split(" ")
    while words and (words[0] in _OVERRIDE_MODIFIERS or words[0] in _ACCESS or words[0] == "unsafe"):
        if words.pop(0) == "new":
            return True
    return False


def override_stand_in(t: TypeDecl, m: MemberDecl) -> str:
    """The stand-in of an emptied override of a library base class's method
    (``public override bool TryGetMember(GetMemberBinder b, out object r)`` of a
    ``DynamicObject``), or of a method hiding an inherited one (:func:`hides_inherited`):
    emptied, the member is gone and ``base.TryGetMember(...)`` in a subclass, or a call
    through the type, compiles against the base's member, so its uses were invisible (as for
    ``object``'s members). The stand-in hides it with the same
    signature and access, obsolete-as-error: such a call is CS0619. '' when the signature
    cannot be rendered (not a plain method of a class, cut short, an expression body)."""
    sig = m.signature
    if (not (m.is_override or hides_inherited(m)) or m.kind != "method" or t.kind != "class" or len(m.names) != 1 or len(sig) >= 300
            or "(" not in sig or "=>" in sig or "{" in sig):
        return ""
    words = sig.split(" ")
    modifiers = []
    while words and (words[0] in _OVERRIDE_MODIFIERS or words[0] in _ACCESS or words[0] == "unsafe"):
        modifiers.append(words.pop(0))
    if not words:
        return ""
    access = " ".join(w for w in modifiers if w in _ACCESS) or "private"
    if access == "private":
        return ""  # an override is never private: the signature was not read as expected
    virtual = "virtual " if "sealed" not in modifiers and "sealed" not in t.modifiers else ""
    unsafe = "unsafe " if "unsafe" in modifiers else ""
    return (f'[global::System.Obsolete("{OBSOLETE_MESSAGE}", true)] {access} new {virtual}{unsafe}'
            f'{" ".join(words)} {{ throw null; }}\n')


def bodiless_member(tree: Tree, index: TextIndex, text: str, m: MemberDecl) -> str:
    """The text of member ``m`` with each block body replaced by ``{throw null;}`` and each
    expression body by ``=> throw null;`` (its signature, attributes and accessors kept): a
    declaration that compiles without the members its bodies named."""
    cuts: list[tuple[int, int, str]] = []
    stack = [tree.root_node]
    while stack:
        node = stack.pop()
        start, end = index.node_start(node), index.node_end(node)
        if end <= m.start or start >= m.end:
            continue
        if node.type == "block" and node.parent is not None and node.parent.type in _BODY_OWNERS:
            cuts.append((start, end, "{throw null;}"))
            continue
        if node.type == "arrow_expression_clause":
            cuts.append((start, end, "=> throw null"))
            continue
        stack.extend(node.children)
    out, pos = [], m.start
    for start, end, stand_in in sorted(cuts):
        if start < pos:
            continue
        out.append(text[pos:start] + stand_in)
        pos = end
    out.append(text[pos:m.end])
    return "".join(out)


def abstractable(t: TypeDecl, parts: Sequence[TypeDecl] = ()) -> bool:
    """A class whose emptied form may be made abstract (see :func:`render_emptied`).

    A part of a ``partial`` class (``parts``: every part of the type, ``t`` among them) may,
    when no part is static, abstract or sealed (``abstract`` on one part makes the whole class
    abstract: a sealed or static part would make it a declaration error), ``t`` declares an
    instance constructor and no other part does: ``new Pool()`` then means ``t``'s file, and the
    emptied part's class would otherwise keep the implicit parameterless constructor
    (SmartThreadPool, held-out 18: every ``new SmartThreadPool()`` compiled). Without ``parts``
    a partial class is never changed."""
    if t.kind != "class" or {"static", "abstract"} & set(t.modifiers):
        return False
    if "partial" not in t.modifiers:
        return True
    others = [p for p in parts if p is not t]
    if not parts or any({"static", "abstract", "sealed"} & set(p.modifiers) for p in others):
        return False
    return declares_instance_constructor(t) and not any(declares_instance_constructor(p) for p in others)


def declares_instance_constructor(t: TypeDecl) -> bool:
    return any(m.kind == "constructor" and not m.is_static for m in t.members)


_CLASS_KEYWORD = re.compile(r"\b(?:partial\s+)?class\b")


def abstract_header(header: str) -> str:
    """``public sealed class Foo : Bar`` -> ``public  abstract class Foo : Bar`` (before
    ``partial``, which must come right before ``class``)."""
    m = _CLASS_KEYWORD.search(header)
    if m is None:
        return header
    modifiers = re.sub(r"\bsealed\b", "", header[: m.start()])
    return f"{modifiers}abstract {header[m.start():]}"


_LONE_UNDERSCORE = re.compile(r"(?<![\w$@])_(?!\w)")


def discards_for_mcs(text: str, tree: Tree, index: TextIndex) -> str:
    """``text`` with the C# 7 discards mcs reads as variables written as forms it understands, at
    the same positions: ``out var _`` / ``out int _`` as ``out _`` padded with spaces, and
    ``o is int _`` as the type test ``o is int`` (the ``_`` blanked).

    mcs 6.8 reads those discards as a local variable named ``_``: a second one in a method is
    CS0128/CS0136, an error inside a method body, and the file's bodies were blanked (IdGen's
    ``IdGenTests.cs``: every use in its tests lost). ``text`` is the text handed to mcs (same
    characters as the tree's source, blanked regions aside: a form not found as written there is
    left alone). Deconstructions (``var (_, _) = ...``) are not rewritten."""
    if _LONE_UNDERSCORE.search(text) is None:  # no discard of any form: the tree is not walked
        return text
    spans: list[tuple[int, int, str]] = []  # (start, end, replacement of the same length)
    for node in iter_nodes(tree.root_node):
        if node.type == "declaration_expression" and node.parent is not None and node.parent.type == "argument":
            name = node.child_by_field_name("name")
            if name is not None and index.node_text(name) == "_":
                start, end = index.node_start(node), index.node_end(node)
                if text[start:end] == index.node_text(node):
                    spans.append((start, end, "_" + blank_out(text[start + 1 : end], 0, end - start - 1)))
        elif (node.type == "declaration_pattern" and node.parent is not None and node.parent.type == "is_pattern_expression"
                and node.children and node.children[-1].type == "discard"):
            start, end = index.node_start(node.children[-1]), index.node_end(node.children[-1])
            if text[start:end] == "_":
                spans.append((start, end, " "))
    for start, end, replacement in sorted(spans, reverse=True):
        text = text[:start] + replacement + text[end:]
    return text


def blank_out(text: str, start: int, end: int) -> str:
    """Replace ``text[start:end]`` by spaces, keeping newlines (so no position moves)."""
    return text[:start] + "".join(ch if ch == "\n" else " " for ch in text[start:end]) + text[end:]


def enclosing_types(model: FileModel, offset: int) -> list[TypeDecl]:
    """Types whose span contains ``offset``, innermost first."""
    out = [t for t in model.all_types() if t.start <= offset < t.end]
    out.sort(key=lambda t: t.start, reverse=True)
    return out


# ------------------------------------------------------------------------- bodies --
_BODY_OWNERS = frozenset({"method_declaration", "constructor_declaration", "destructor_declaration",
                          "operator_declaration", "conversion_operator_declaration", "accessor_declaration"})
_BODY_CONTAINERS = frozenset({"compilation_unit", "namespace_declaration", "file_scoped_namespace_declaration",
                              "declaration_list", "property_declaration", "indexer_declaration", "event_declaration",
                              "accessor_list", *TYPE_KINDS})
_DIRECTIVE_LINE = re.compile(r"^[ \t]*#", re.MULTILINE)


def body_ranges(tree: Tree, index: TextIndex) -> tuple[tuple[int, int], ...]:
    """Char ranges ``{ ... }`` of the block bodies of methods, constructors, destructors,
    operators and accessors (outermost only; lambdas, field initializers and expression
    bodies are not included), in source order."""
    out: list[tuple[int, int]] = []
    stack = [tree.root_node]
    while stack:
        node = stack.pop()
        if node.type in _BODY_OWNERS:
            for child in node.children:
                if child.type == "block":
                    out.append((index.node_start(child), index.node_end(child)))
            continue
        if node.type in _BODY_CONTAINERS or node.type.startswith("preproc_if") or node.type in ("preproc_else", "preproc_elif"):
            stack.extend(reversed(node.children))
    out.sort()
    return tuple(out)


def strippable_ranges(text: str, ranges: Sequence[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """The ranges :func:`strip_bodies` replaces: a ``{ ... }`` block without a preprocessor line
    (its directives may pair with ones outside it, so such a body is kept whole)."""
    out = []
    pos = 0
    for start, end in ranges:
        if start < pos or end > len(text) or text[start] != "{" or text[end - 1] != "}":
            continue
        if _DIRECTIVE_LINE.search(text, start, end):
            continue
        out.append((start, end))
        pos = end
    return tuple(out)


def strip_bodies(text: str, ranges: Sequence[tuple[int, int]]) -> str:
    """``text`` with each body of ``ranges`` replaced by ``{throw null;}`` (its newlines kept).

    Declarations (types, signatures, fields, constants, attributes) are untouched, so other
    files compile against this one exactly as before; only the statements inside the bodies,
    whose errors belong to this file alone, are gone. A body holding a preprocessor line is
    kept whole (its directives may pair with ones outside it). ``text`` must have the offsets
    of the text the ranges come from (length-preserving edits only, e.g. blanked usings).
    """
    out: list[str] = []
    pos = 0
    for start, end in strippable_ranges(text, ranges):
        body = text[start:end]
        out.append(text[pos:start])
        out.append("{throw null;" + "\n" * body.count("\n") + "}")
        pos = end
    out.append(text[pos:])
    return "".join(out)


def blank_bodies(text: str, ranges: Sequence[tuple[int, int]]) -> str:
    """``text`` with the inside of each ``{ ... }`` body of ``ranges`` turned into spaces, its
    length and offsets kept: the braces, the newlines and the preprocessor lines stay.

    For a file mcs crashes on inside a method body (``case T x:`` in a switch is mcs 6.8's
    "NotImplementedException: type pattern matching"): its declarations still compile, so the
    files deriving from its classes or naming its types in their declarations keep compiling.
    Every directive line is kept as it is, so ``#if``/``#endif`` pairs, inside a body or across
    one, stay paired. Unlike :func:`strip_bodies` the result keeps every offset, so the file's
    syntax tree (parsed from ``text``) still locates its declarations.
    """
    chars = list(text)
    for start, end in ranges:
        if start >= end or end > len(text) or text[start] != "{" or text[end - 1] != "}":
            continue
        pos = start + 1
        while pos < end - 1:
            stop = text.find("\n", pos, end - 1)
            stop = end - 1 if stop < 0 else stop
            if not text[pos:stop].lstrip().startswith("#"):
                for i in range(pos, stop):
                    if chars[i] not in "\r\n":
                        chars[i] = " "
            pos = stop + 1
    return "".join(chars)
