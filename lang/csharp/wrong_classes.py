"""Wrong versions of a C# class: the throwing stub and one-method mutants.

Why it exists: a class-level task is only fair when its EXPECTED_TO_PASS tests judge the class
(issue 34: tests inherited from a generic base fixture were never selected, so a stub whose
conversion throws scored pass@1 = 1.0). The builder's wrong-class gate
(``builders/classlevel/build.py``) runs each task's tests against classes that must fail them:

- the **throwing stub**: the class as written -- attributes, XML doc, signature, base list,
  fields, auto-properties, nested types -- with the body of every method, constructor,
  operator and property / indexer accessor replaced by
  ``throw new System.NotImplementedException(...)`` (an ``=>`` body by a throw expression);
  finalizers stay (a finalizer that throws ends the whole test process);
- **one-method mutants**: one small change inside one method that keeps the class compiling
  whenever the original does (no type information is needed): a comparison turned around
  (``<`` / ``>=``, ``==`` / ``!=``), ``&&`` / ``||``, an ``if`` / ``while`` condition negated,
  an integer literal plus one, ``true`` / ``false``, ``-`` / ``+`` and ``*`` / ``/`` on
  operands that are not strings, ``++`` / ``--``, a call statement removed, an assignment to a
  field or property removed; round robin over the methods the tests execute.

Both rewrite the class text (``ClassInfo.source``) from its tree-sitter tree; nothing runs here.
"""

from __future__ import annotations

import random

from tree_sitter import Node, Parser

from crossfile_datasets.core import constants as C
from crossfile_datasets.lang.classes import ClassInfo, WrongClass, round_robin
from crossfile_datasets.lang.csharp.syntax import LANGUAGE

STUB_MESSAGE = "throwing stub: the class-level wrong-class gate"
THROW = f'throw new System.NotImplementedException("{STUB_MESSAGE}")'
_TYPES = frozenset({"class_declaration", "struct_declaration", "record_declaration", "interface_declaration"})
_BODIED = frozenset({"method_declaration", "constructor_declaration", "operator_declaration",
                     "conversion_operator_declaration", "local_function_statement"})
_PROPERTIES = frozenset({"property_declaration", "indexer_declaration"})
_SWAPS = {"<": ">=", ">=": "<", ">": "<=", "<=": ">", "==": "!=", "!=": "==", "&&": "||", "||": "&&",
          "*": "/", "/": "*", "-": "+"}
_OPERATOR_NAMES = {"<": "comparison", ">=": "comparison", ">": "comparison", "<=": "comparison", "==": "equality",
                   "!=": "equality", "&&": "logical", "||": "logical", "*": "arithmetic", "/": "arithmetic",
                   "-": "arithmetic"}


def _parse(source: str) -> tuple[bytes, Node]:
    data = source.encode("utf-8")
    return data, Parser(LANGUAGE).parse(data).root_node


def _parse_class(info: ClassInfo) -> tuple[bytes, Node, bytes]:
    """(the class's bytes, the tree of the code mcs reads, those bytes): the tree is parsed from
    ``info.compiled_source`` when the class holds conditional directives (the inactive branches
    and the directives blanked, the same byte offsets), so every edit found in it applies to the
    class as written, directives kept."""
    data = info.source.encode("utf-8")
    compiled = info.compiled_source.encode("utf-8") if info.compiled_source else data
    if len(compiled) != len(data):
        compiled = data
    return data, Parser(LANGUAGE).parse(compiled).root_node, compiled


def _top_type(root: Node) -> Node | None:
    stack = [root]
    while stack:
        node = stack.pop(0)
        if node.type in _TYPES:
            return node
        stack.extend(node.named_children)
    return None


def _members(type_node: Node) -> list[Node]:
    body = type_node.child_by_field_name("body") or next(
        (c for c in type_node.children if c.type == "declaration_list"), None)
    return list(body.named_children) if body is not None else []


def _name(node: Node, data: bytes) -> str:
    if node.type == "indexer_declaration":
        return "this"
    name = node.child_by_field_name("name")
    if node.type == "operator_declaration":
        op = node.child_by_field_name("operator")
        return "operator " + (data[op.start_byte:op.end_byte].decode() if op is not None else "")
    return data[name.start_byte:name.end_byte].decode("utf-8", "replace") if name is not None else node.type


def _body_edits(member: Node) -> list[tuple[int, int, bytes]]:
    """(start, end, replacement) turning every body of ``member`` into a throw."""
    edits = []
    if member.type in _BODIED:
        body = member.child_by_field_name("body") or next(
            (c for c in member.children if c.type in ("block", "arrow_expression_clause")), None)
        if body is not None:
            edits.append(_throwing(body))
    elif member.type in _PROPERTIES:
        arrow = next((c for c in member.children if c.type == "arrow_expression_clause"), None)
        if arrow is not None:
            edits.append(_throwing(arrow))
        accessors = member.child_by_field_name("accessors") or next(
            (c for c in member.children if c.type == "accessor_list"), None)
        for accessor in accessors.named_children if accessors is not None else ():
            body = next((c for c in accessor.children if c.type in ("block", "arrow_expression_clause")), None)
            if body is not None:
                edits.append(_throwing(body))
    return edits


def _throwing(body: Node) -> tuple[int, int, bytes]:
    if body.type == "block":
        return body.start_byte, body.end_byte, ("{ " + THROW + "; }").encode()
    return body.start_byte, body.end_byte, ("=> " + THROW).encode()


def _apply(data: bytes, edits: list[tuple[int, int, bytes]]) -> str:
    out = data
    for start, end, text in sorted(edits, reverse=True):
        out = out[:start] + text + out[end:]
    return out.decode("utf-8")


def throwing_stub(info: ClassInfo) -> str:
    """The class with every method, constructor, operator and accessor body throwing
    ``NotImplementedException`` (everything else as written). Raises ValueError when the class
    does not parse or has nothing to stub."""
    data, root, compiled = _parse_class(info)
    top = _top_type(root)
    if top is None:
        raise ValueError("the class does not parse")
    edits = [e for member in _members(top) for e in _body_edits(member)]
    if not edits:
        raise ValueError("no method body to stub")
    stub = _apply(data, edits)
    # text tree-sitter cannot read inside method bodies (``*p++ = x;`` in unsafe code, SimpleBase,
    # held-out 17) is replaced with them: the stub must read clean (as mcs reads it)
    if root.has_error and _parse(_apply(compiled, edits))[1].has_error:
        raise ValueError("the class does not parse")
    return stub


# ------------------------------------------------------------------------------- mutants --
def _leaves(node: Node):
    stack = [node]
    while stack:
        cur = stack.pop()
        yield cur
        stack.extend(reversed(cur.children))


def _is_string(node: Node | None) -> bool:
    return node is not None and node.type in ("string_literal", "interpolated_string_expression",
                                               "verbatim_string_literal", "raw_string_literal")


def _locals(member: Node, data: bytes) -> set[str]:
    """Names a member declares for itself (parameters, locals): an assignment to one of them is
    not removed (a later read would not compile: CS0165)."""
    names = set()
    for node in _leaves(member):
        if node.type in ("parameter", "variable_declarator", "declaration_expression", "foreach_statement",
                         "catch_declaration", "local_function_statement"):
            name = node.child_by_field_name("name") or next((c for c in node.children if c.type == "identifier"), None)
            if name is not None:
                names.add(data[name.start_byte:name.end_byte].decode("utf-8", "replace"))
    return names


def _candidates(body: Node, data: bytes, locals_: set[str] = frozenset()) -> list[tuple[int, int, bytes, str, str]]:
    """(start, end, replacement, operator, what) of every one-token change inside ``body``."""
    out = []
    for node in _leaves(body):
        if node.type == "binary_expression":
            op = node.child_by_field_name("operator")
            text = data[op.start_byte:op.end_byte].decode() if op is not None else ""
            left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
            if text in _SWAPS and not (text == "-" and (_is_string(left) or _is_string(right))):
                new = _SWAPS[text]
                out.append((op.start_byte, op.end_byte, new.encode(), _OPERATOR_NAMES[text], f"{text} -> {new}"))
        elif node.type in ("if_statement", "while_statement"):
            cond = node.child_by_field_name("condition")
            if cond is not None:
                text = data[cond.start_byte:cond.end_byte].decode("utf-8", "replace")
                out.append((cond.start_byte, cond.end_byte, f"!({text})".encode(), "negate_condition",
                            f"{node.type.split('_')[0]} ({text[:40]}) negated"))
        elif node.type == "integer_literal":
            text = data[node.start_byte:node.end_byte].decode()
            if text.isdigit() and len(text) < 9:
                out.append((node.start_byte, node.end_byte, str(int(text) + 1).encode(), "constant", f"{text} -> {int(text) + 1}"))
        elif node.type == "boolean_literal":
            text = data[node.start_byte:node.end_byte].decode()
            new = "false" if text == "true" else "true"
            out.append((node.start_byte, node.end_byte, new.encode(), "constant", f"{text} -> {new}"))
        elif node.type in ("prefix_unary_expression", "postfix_unary_expression"):
            for child in node.children:
                text = data[child.start_byte:child.end_byte].decode()
                if text in ("++", "--"):
                    new = "--" if text == "++" else "++"
                    out.append((child.start_byte, child.end_byte, new.encode(), "increment", f"{text} -> {new}"))
        elif node.type == "expression_statement" and node.named_children \
                and node.named_children[0].type == "invocation_expression" and node.parent is not None \
                and node.parent.type == "block":
            text = data[node.start_byte:node.end_byte].decode("utf-8", "replace")
            out.append((node.start_byte, node.end_byte, b";", "remove_call", f"removed {text[:50]}"))
        elif node.type == "expression_statement" and node.named_children \
                and node.named_children[0].type == "assignment_expression" and node.parent is not None \
                and node.parent.type == "block":
            left = node.named_children[0].child_by_field_name("left")
            target = data[left.start_byte:left.end_byte].decode("utf-8", "replace") if left is not None else ""
            field_like = target.startswith("this.") or (left is not None and left.type == "identifier"
                                                        and target not in locals_)
            if field_like:
                text = data[node.start_byte:node.end_byte].decode("utf-8", "replace")
                out.append((node.start_byte, node.end_byte, b";", "remove_assignment", f"removed {text[:50]}"))
    return out


def method_mutants(info: ClassInfo, methods: list[str], *, limit: int, seed: int = 0) -> list[WrongClass]:
    """Up to ``limit`` classes with one change in one of ``methods`` (round robin over them, in
    the given order; each method's changes in a seeded order), none textually equal to the
    original."""
    data, root, _ = _parse_class(info)
    top = _top_type(root)
    if top is None:
        raise ValueError("the class does not parse")
    bodies: dict[str, list[Node]] = {}
    for member in _members(top):
        if member.type in _BODIED | _PROPERTIES and member.type != "local_function_statement":
            bodies.setdefault(_name(member, data), []).append(member)
    per_method: list[list[WrongClass]] = []
    for name in dict.fromkeys(methods):
        found = []
        for member in bodies.get(name, []):
            body_nodes = [c for c in member.children if c.type in ("block", "arrow_expression_clause", "accessor_list")]
            locals_ = _locals(member, data)
            for body in body_nodes:
                found += _candidates(body, data, locals_)
        rng = random.Random(f"{seed}:{info.qualified_name}:{name}")
        rng.shuffle(found)
        queue = []
        for start, end, text, operator, what in found:
            source = _apply(data, [(start, end, text)])
            if source != info.source:
                line = data[:start].count(b"\n") + 1
                queue.append(WrongClass("mutant", source, name, f"{name}: line {line}: {what} ({operator})"))
        per_method.append(queue)
    return round_robin(per_method, limit)


# ------------------------------------------------------------- a body mcs cannot compile --
UNCOMPILABLE_MESSAGE = C.UNCOMPILABLE_BODY_MESSAGE
_MEMBER_BODIED = _BODIED - {"local_function_statement"}


def throwing_body_at(text: str, line: int) -> tuple[str, str] | None:
    """``text`` with the body of the innermost method, constructor, operator or accessor holding
    1-based ``line`` replaced by ``throw new System.NotSupportedException(...)`` (an ``=>`` body
    by a throw expression), padded with the newlines it held so every later line keeps its
    number; and the member's name (``Type.Member``). None when the line is in no such body (a
    signature, a field, outside every type): then only the whole file can go.

    The runner uses it for a library file mcs cannot compile for a construct it does not
    implement (``case Version v:``, a type pattern: CS0589): losing the file lost the library, since
    every other file named its type."""
    data = text.encode("utf-8")
    root = Parser(LANGUAGE).parse(data).root_node
    lines = text.split("\n")
    if not 0 < line <= len(lines):
        return None
    indent = len(lines[line - 1]) - len(lines[line - 1].lstrip())
    point = (line - 1, len(lines[line - 1][:indent].encode("utf-8")))
    node = root.descendant_for_point_range(point, point)
    while node is not None:
        member = node.parent
        if node.type in ("block", "arrow_expression_clause") and member is not None and (
                member.type in _MEMBER_BODIED or member.type == "accessor_declaration"):
            owner = member
            if member.type == "accessor_declaration":
                owner = member.parent.parent if member.parent is not None else None
            type_node = owner.parent.parent if owner is not None and owner.parent is not None else None
            if owner is None or type_node is None or type_node.type not in _TYPES:
                return None
            throw = f'throw new System.NotSupportedException("{UNCOMPILABLE_MESSAGE}")'
            new = ("{ " + throw + "; }") if node.type == "block" else ("=> " + throw)
            body = data[node.start_byte:node.end_byte]
            new_bytes = new.encode("utf-8") + b"\n" * body.count(b"\n")
            name_node = type_node.child_by_field_name("name")
            type_name = data[name_node.start_byte:name_node.end_byte].decode("utf-8", "replace") if name_node else "?"
            return (data[:node.start_byte] + new_bytes + data[node.end_byte:]).decode("utf-8"), \
                f"{type_name}.{_name(owner, data)}"
        node = member
    return None
