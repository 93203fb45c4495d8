"""What one TypeScript file imports, re-exports and defines, read from its tree-sitter tree.

Kept apart from resolution (``resolve.py``) and checking (``__init__.py``): these functions
only look at one file's syntax. Import forms covered: named (``{A, B as C}``, inline
``type``), default, namespace (``* as ns``), type-only (``import type``), side-effect
(``import "./x"``) and ``import x = require("./x")``. Export forms: ``export {a as b}``,
``export {X} from``, ``export * from``, ``export * as ns from``, ``export default <name>``,
``export =``, exported declarations.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tree_sitter import Node

from crossfile_datasets.core.records import Definition, Span
from crossfile_datasets.core.text import TextIndex

CLASS_TYPES = frozenset({"class_declaration", "abstract_class_declaration", "class"})
FUNCTION_TYPES = frozenset({"function_declaration", "generator_function_declaration", "function_signature", "function_expression"})
MEMBER_METHOD_TYPES = frozenset({"method_definition", "abstract_method_signature", "method_signature"})
MEMBER_FIELD_TYPES = frozenset({"public_field_definition", "property_signature"})
VARIABLE_TYPES = frozenset({"lexical_declaration", "variable_declaration"})
NAMESPACE_TYPES = frozenset({"internal_module", "module"})
# Reserved words, ECMAScript 2023 12.7.2 plus those of strict mode.
RESERVED_WORDS = frozenset("""break case catch class const continue debugger default delete do else enum
export extends false finally for function if import in instanceof new null return super
switch this throw true try typeof var void while with implements interface let package
private protected public static yield""".split())


# a type parameter's variance modifiers (TypeScript 4.7), after ``<`` or ``,`` and a ``const``
_VARIANCE_MODIFIERS = re.compile(rb"([<,]\s*(?:const\s+)?)((?:(?:in|out)\s+)+)(?=[A-Za-z_$])")


def newer_syntax_blanked(source: bytes, root: Node) -> bytes | None:
    """``source`` with the keywords of TypeScript forms the tool's grammar (tree-sitter-typescript
    0.23) reads as errors written as spaces, or ``None`` when the tree has none of them: the
    ``type`` of ``export type * from`` / ``export type * as ns from`` (TypeScript 5.0) and the
    variance modifiers of ``interface I<in out T>`` (4.7).

    tsc accepts both, and a tree with an error marks the whole file a syntax error, so its uses
    were lost (``files/syntax_error``: unjs/ofetch's entry point, held-out 14). Blanking keeps
    every byte offset (the keywords are ASCII), so the tree parsed from the result places every
    other node where it is in the file; only the parser sees it, tsc reads the file as written.
    A type-only re-export then reads as a re-export of everything, which it is for the names a
    use can resolve to."""
    spans: list[tuple[int, int]] = []
    pending = [root]
    while pending:
        node = pending.pop()
        if not node.has_error:
            continue
        if node.type == "ERROR" and node.parent is not None and node.parent.type == "export_statement":
            after = node.next_sibling
            if node.text == b"type" and after is not None and after.type in ("*", "namespace_export"):
                spans.append((node.start_byte, node.end_byte))
        elif node.type == "type_parameters" and any(child.type == "ERROR" for child in node.children):
            for match in _VARIANCE_MODIFIERS.finditer(source, node.start_byte, node.end_byte):
                spans.append((match.start(2), match.end(2)))
        pending.extend(node.children)
    if not spans:
        return None
    blanked = bytearray(source)
    for start, end in spans:
        blanked[start:end] = re.sub(rb"\S", b" ", source[start:end])
    return bytes(blanked)


@dataclass(frozen=True)
class RawImport:
    """One name an import statement binds, before resolution."""

    local_name: str  # "" for a side-effect import
    imported_name: str  # "default", "*" (namespace / require) or the exported name
    kind: str  # "symbol" | "namespace" | "module"
    specifier: str  # the module string as written
    statement: Span
    type_only: bool = False


@dataclass(frozen=True)
class ReExport:
    """``export {imported as exported} from "spec"`` / ``export * from`` / ``export * as ns from``."""

    exported_name: str  # "*" for `export * from`
    imported_name: str  # "*" for the whole module
    specifier: str
    statement: Span


@dataclass
class ModuleSyntax:
    imports: list[RawImport]
    reexports: list[ReExport]
    local_exports: dict[str, str]  # exported name -> local name (`export {a as b}`, `export default a`)
    definitions: list[Definition]
    type_params: dict[str, int]  # qualified class/interface name -> number of type parameters
    aliases: dict[str, str]  # type alias -> the named type it stands for (`type S = Store<A>` -> "Store")
    export_rows: frozenset[int]  # rows of `export {..} [from]` / `export * from` (import-like lines)


def string_value(node: Node | None, index: TextIndex) -> str:
    """The content of a string literal node (without quotes)."""
    if node is None:
        return ""
    parts = [index.node_text(c) for c in node.children if c.type in ("string_fragment", "escape_sequence")]
    if parts:
        return "".join(parts)
    text = index.node_text(node)
    return text[1:-1] if len(text) >= 2 else ""


def _imports_of(node: Node, index: TextIndex) -> list[RawImport]:
    span = Span.of_node(node, index)
    source = node.child_by_field_name("source")
    type_only = any(c.type == "type" for c in node.children)
    out: list[RawImport] = []
    for child in node.named_children:
        if child.type == "import_require_clause":
            ident = next((c for c in child.named_children if c.type == "identifier"), None)
            spec = string_value(child.child_by_field_name("source"), index)
            if ident is not None:
                out.append(RawImport(index.node_text(ident), "*", "namespace", spec, span, type_only))
            return out
    spec = string_value(source, index)
    clause = next((c for c in node.named_children if c.type == "import_clause"), None)
    if clause is None:
        return [RawImport("", "", "module", spec, span, type_only)]
    for part in clause.named_children:
        if part.type == "identifier":
            out.append(RawImport(index.node_text(part), "default", "symbol", spec, span, type_only))
        elif part.type == "namespace_import":
            ident = next((c for c in part.named_children if c.type == "identifier"), None)
            if ident is not None:
                out.append(RawImport(index.node_text(ident), "*", "namespace", spec, span, type_only))
        elif part.type == "named_imports":
            for spec_node in part.named_children:
                if spec_node.type != "import_specifier":
                    continue
                name = spec_node.child_by_field_name("name")
                alias = spec_node.child_by_field_name("alias")
                if name is None:
                    continue
                imported = string_value(name, index) if name.type == "string" else index.node_text(name)
                local = index.node_text(alias) if alias is not None else imported
                inline_type = any(c.type == "type" for c in spec_node.children)
                out.append(RawImport(local, imported, "symbol", spec, span, type_only or inline_type))
    return out


def _export_statement(node: Node, index: TextIndex, reexports: list[ReExport], local_exports: dict[str, str]) -> bool:
    """Record what an export statement exports; True when it is an ``export ... from``."""
    source = node.child_by_field_name("source")
    span = Span.of_node(node, index)
    clause = next((c for c in node.named_children if c.type == "export_clause"), None)
    if source is not None:
        spec = string_value(source, index)
        if clause is not None:
            for s in clause.named_children:
                if s.type == "export_specifier" and s.child_by_field_name("name") is not None:
                    name = index.node_text(s.child_by_field_name("name"))
                    alias = s.child_by_field_name("alias")
                    reexports.append(ReExport(index.node_text(alias) if alias is not None else name, name, spec, span))
        else:
            ns = next((c for c in node.named_children if c.type == "namespace_export"), None)
            ident = next((c for c in ns.named_children if c.type in ("identifier", "string")), None) if ns is not None else None
            reexports.append(ReExport(index.node_text(ident) if ident is not None else "*", "*", spec, span))
        return True
    if clause is not None:
        for s in clause.named_children:
            if s.type == "export_specifier" and s.child_by_field_name("name") is not None:
                name = index.node_text(s.child_by_field_name("name"))
                alias = s.child_by_field_name("alias")
                local_exports[index.node_text(alias) if alias is not None else name] = name
        return False
    value = node.child_by_field_name("value") or node.child_by_field_name("declaration")
    is_default = any(c.type == "default" for c in node.children)
    if is_default and value is not None:
        if value.type == "identifier":
            local_exports["default"] = index.node_text(value)
        else:  # `export default class Foo {}` / an anonymous declaration (defined as "default")
            name = value.child_by_field_name("name")
            local_exports["default"] = index.node_text(name) if name is not None else "default"
    elif any(c.type == "=" for c in node.children):  # `export = Name`
        ident = next((c for c in node.named_children if c.type == "identifier"), None)
        if ident is not None:
            local_exports["default"] = index.node_text(ident)
    return False


def _header(node: Node, index: TextIndex, body: Node | None) -> str:
    """Declaration text up to its body (decorators dropped), on one line, at most 300 chars."""
    start = node.start_byte
    for child in node.children:
        if child.type == "decorator":
            start = child.end_byte
        else:
            break
    end = body.start_byte if body is not None else node.end_byte
    text = index.text[index.byte_to_char(start) : index.byte_to_char(end)]
    return " ".join(text.split()).rstrip(";{ ").strip()[:300]


def _field_header(node: Node, index: TextIndex) -> str:
    """``name?: Type`` of a field or property signature, without its initializer."""
    value = node.child_by_field_name("value")
    text = _header(node, index, value).rstrip("= ").strip()
    if node.child_by_field_name("type") is None:
        text += ": any"
    return text


def _count_type_params(node: Node) -> int:
    params = node.child_by_field_name("type_parameters")
    return sum(1 for c in params.named_children if c.type == "type_parameter") if params is not None else 0


def _bases(node: Node, index: TextIndex) -> tuple[str, ...]:
    """Base class / interface names as written, without type arguments."""
    out: list[str] = []
    for child in node.children:
        if child.type in ("class_heritage", "extends_type_clause", "extends_clause", "implements_clause"):
            stack = [child]
            while stack:
                n = stack.pop(0)
                if n.type in ("identifier", "type_identifier", "member_expression", "nested_type_identifier"):
                    out.append(index.node_text(n))
                    continue
                if n.type in ("type_arguments", "arguments"):
                    continue
                stack.extend(n.named_children)
    return tuple(out)


class DefinitionCollector:
    def __init__(self, path: str, index: TextIndex) -> None:
        self.path = path
        self.index = index
        self.out: list[Definition] = []
        self.type_params: dict[str, int] = {}
        self.aliases: dict[str, str] = {}

    def add(self, name: str, scope: list[str], kind: str, span_node: Node, signature: str, bases: tuple[str, ...] = ()) -> str:
        qual = ".".join([*scope, name])
        self.out.append(Definition(name, qual, kind, self.path, Span.of_node(span_node, self.index), signature, bases,
                                   ".".join(scope)))
        return qual

    def statements(self, container: Node, scope: list[str]) -> None:
        """Definitions of ``container``'s statements, nested namespaces included, in source
        order. Walked with an explicit stack: 1500 nested namespaces must not exhaust Python's
        recursion limit."""
        todo: list[tuple[Node, Node, list[str]]] = [(c, c, scope) for c in reversed(container.named_children)]
        while todo:
            node, span_node, where = todo.pop()
            todo.extend(reversed(self.statement(node, span_node, where)))

    def statement(self, node: Node, span_node: Node, scope: list[str]) -> list[tuple[Node, Node, list[str]]]:
        """Record the definition ``node`` makes; returns the nested statements to visit next."""
        index = self.index
        t = node.type
        if t == "export_statement":
            decl = node.child_by_field_name("declaration") or node.child_by_field_name("value")
            return [(decl, node, scope)] if decl is not None else []
        if t == "ambient_declaration" or t == "expression_statement":
            return [(c, span_node, scope) for c in node.named_children]
        name_node = node.child_by_field_name("name")
        name = index.node_text(name_node) if name_node is not None else "default"
        if t in CLASS_TYPES or t == "interface_declaration":
            body = node.child_by_field_name("body")
            kind = "interface" if t == "interface_declaration" else "class"
            qual = self.add(name, scope, kind, span_node, _header(node, index, body), _bases(node, index))
            self.type_params[qual] = _count_type_params(node)
            if body is not None:
                self.members(body, [*scope, name])
        elif t in FUNCTION_TYPES:
            self.add(name, scope, "function", span_node, _header(node, index, node.child_by_field_name("body")))
        elif t == "enum_declaration":
            body = node.child_by_field_name("body")
            self.add(name, scope, "enum", span_node, _header(node, index, body))
            for member in body.named_children if body is not None else []:
                target = member.child_by_field_name("name") if member.type == "enum_assignment" else member
                if target is not None and target.type in ("property_identifier", "string"):
                    self.add(index.node_text(target), [*scope, name], "field", member, index.node_text(member)[:200])
        elif t == "type_alias_declaration":
            qual = self.add(name, scope, "type_alias", span_node, " ".join(index.node_text(node).split())[:300])
            self.type_params[qual] = _count_type_params(node)
            value = node.child_by_field_name("value")
            if value is not None and value.type == "generic_type":
                value = value.child_by_field_name("name") or value.named_children[0]
            if value is not None and value.type in ("type_identifier", "nested_type_identifier", "identifier"):
                self.aliases[qual] = index.node_text(value)
        elif t in VARIABLE_TYPES:
            kind_node = node.child_by_field_name("kind")
            kind = "constant" if kind_node is not None and index.node_text(kind_node) == "const" else "variable"
            for decl in node.named_children:
                if decl.type != "variable_declarator":
                    continue
                ident = decl.child_by_field_name("name")
                if ident is not None and ident.type == "identifier":
                    value = decl.child_by_field_name("value")
                    self.add(index.node_text(ident), scope, kind, span_node, _header(decl, index, value).rstrip("= ").strip())
        elif t in NAMESPACE_TYPES and name_node is not None and name_node.type in ("identifier", "nested_identifier"):
            body = node.child_by_field_name("body")
            self.add(name, scope, "namespace", span_node, _header(node, index, body))
            if body is not None:
                inner = [*scope, *name.split(".")]
                return [(c, c, inner) for c in body.named_children]
        return []

    def members(self, body: Node, scope: list[str]) -> None:
        index = self.index
        for member in body.named_children:
            name_node = member.child_by_field_name("name")
            if member.type in MEMBER_METHOD_TYPES and name_node is not None:
                name = index.node_text(name_node)
                self.add(name, scope, "method", member, _header(member, index, member.child_by_field_name("body")))
                if name == "constructor":
                    self.parameter_properties(member, scope)
            elif member.type in MEMBER_FIELD_TYPES and name_node is not None:
                self.add(index.node_text(name_node), scope, "field", member, _field_header(member, index))

    def parameter_properties(self, ctor: Node, scope: list[str]) -> None:
        """``constructor(public name: string)`` declares a field ``name``."""
        params = ctor.child_by_field_name("parameters")
        for p in params.named_children if params is not None else []:
            if not any(c.type in ("accessibility_modifier", "readonly", "override_modifier") for c in p.children):
                continue
            pattern = p.child_by_field_name("pattern")
            if pattern is not None and pattern.type == "identifier":
                type_node = p.child_by_field_name("type")
                optional = "?" if p.type == "optional_parameter" else ""
                sig = self.index.node_text(pattern) + optional + (self.index.node_text(type_node) if type_node is not None else ": any")
                self.add(self.index.node_text(pattern), scope, "field", p, sig)


def read_module(root: Node, path: str, index: TextIndex) -> ModuleSyntax:
    """Everything module-level about one file. Imports are read at the top level only: an
    import inside ``declare module "x" {}`` belongs to that ambient module, not to the file."""
    imports: list[RawImport] = []
    reexports: list[ReExport] = []
    local_exports: dict[str, str] = {}
    export_rows: set[int] = set()
    for child in root.named_children:
        if child.type == "import_statement":
            imports.extend(_imports_of(child, index))
        elif child.type == "export_statement":
            is_reexport = _export_statement(child, index, reexports, local_exports)
            if is_reexport or any(c.type == "export_clause" for c in child.named_children):
                span = Span.of_node(child, index)
                export_rows.update(range(span.start_row, span.end_row + 1))
    collector = DefinitionCollector(path, index)
    collector.statements(root, [])
    return ModuleSyntax(imports, reexports, local_exports, collector.out, collector.type_params, collector.aliases,
                        frozenset(export_rows))
