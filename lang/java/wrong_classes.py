"""Wrong versions of a Java class: the throwing stub and one-method mutants.

Why it exists: a class-level task is only fair when its EXPECTED_TO_PASS tests judge the class
(issue 34: a stub of javaewah's ``BitSet`` whose every method throws passed 245 of 252 expected
tests). The builder's wrong-class gate (``builders/classlevel/build.py``) runs each task's tests
against classes that must fail them; this module writes them for Java, from the class text
(``ClassInfo.source``) and its tree-sitter tree, nothing run:

- the **throwing stub**: the class as written -- Javadoc, annotations, signature, fields,
  initializer blocks, nested types -- with every method's and constructor's body replaced by
  ``throw new UnsupportedOperationException(...)`` (a constructor keeps its ``this(...)`` /
  ``super(...)`` call, which must come first). It compiles wherever the class did;
- **one-method mutants**: one small change inside one method, chosen among operators that keep
  the class compiling whatever the operand types (javac types them, we do not): a comparison
  (``<`` / ``<=``, ``==`` / ``!=``), ``&&`` / ``||``, an arithmetic operator other than ``+``
  (which may be string concatenation), an integer constant + 1 (not a ``case`` label), a boolean
  literal (not a loop's condition: ``while (false)`` makes its body unreachable, a compile
  error), a negated ``if`` condition, ``++`` / ``--`` (not a ``for`` loop's update, which would
  never end), a negated ``return`` of a ``boolean`` method, a removed call statement -- none inside
  a method's leading argument checks (``Args.requireInRange(dp, "dp", 1, 10)``: :data:`_GUARD`),
  which only an input the method rejects could tell. Sites are shuffled with a seed per method, so
  the choice is reproducible.
"""

from __future__ import annotations

import random
import re
import zlib

from tree_sitter import Node, Tree

from crossfile_datasets.lang.classes import ClassInfo, WrongClass, round_robin

STUB_MESSAGE = "throwing stub: the class-level wrong-class gate"
THROW = f'throw new UnsupportedOperationException("{STUB_MESSAGE}");'
_SWAPS = {"<": "<=", "<=": "<", ">": ">=", ">=": ">", "==": "!=", "!=": "==", "&&": "||", "||": "&&",
          "-": "+", "*": "/", "/": "*", "%": "*", "&": "|", "|": "&", "^": "&", "<<": ">>", ">>": "<<",
          ">>>": "<<"}
_INT = re.compile(r"^(0|[1-9][0-9_]*)([lL]?)$")
_LOOPS = frozenset({"while_statement", "do_statement", "for_statement"})


def _class_body(tree: Tree) -> Node:
    for node in tree.root_node.named_children:
        if node.type == "class_declaration":
            body = node.child_by_field_name("body")
            if body is not None:
                return body
    raise ValueError("no class declaration in the class text")


def _methods(body: Node) -> list[Node]:
    """Methods and constructors declared directly in the class body."""
    return [n for n in body.named_children if n.type in ("method_declaration", "constructor_declaration")]


def _name(node: Node, src: bytes) -> str:
    name = node.child_by_field_name("name")
    return src[name.start_byte:name.end_byte].decode("utf-8", "replace") if name is not None else ""


def _edit(src: bytes, edits: list[tuple[int, int, bytes]]) -> str:
    for start, end, text in sorted(edits, key=lambda e: e[0], reverse=True):
        src = src[:start] + text + src[end:]
    return src.decode("utf-8")


def throwing_stub(info: ClassInfo, tree: Tree) -> str:
    """The class with every method and constructor body throwing (``tree``: the parse of
    ``info.source``). Raises ValueError when the text holds no class."""
    src = info.source.encode("utf-8")
    edits = []
    for method in _methods(_class_body(tree)):
        body = method.child_by_field_name("body")
        if body is None:  # abstract or native
            continue
        keep = b""
        first = body.named_children[0] if body.named_children else None
        if method.type == "constructor_declaration" and first is not None \
                and first.type == "explicit_constructor_invocation":
            keep = src[first.start_byte:first.end_byte] + b" "
        edits.append((body.start_byte, body.end_byte, b"{ " + keep + THROW.encode() + b" }"))
    return _edit(src, edits)


# A call that only checks the method's arguments, at the start of its body (jfreesvg's
# `Args.nullNotPermitted(paint, "paint")`, `Args.requireInRange(dp, "dp", 1, 10)`, Guava's
# `checkArgument(n > 0)`, `Objects.requireNonNull(x)`): removing it or changing a bound inside it is
# seen only by an input the method rejects, so tests of what the class does cannot catch it. Its
# sites are not mutated (2026-11-28 held-out, jfreesvg: 5 of the 10 mutants were such, all survived).
_GUARD = re.compile(r"^(require|check|validate|verify|ensure|assert)([A-Z_0-9]|$)|"
                    r"(NotPermitted|NotNull|NonNull|InRange|NotEmpty|NotBlank|Positive|Negative)$")


def _guards(method: Node, body: Node, src: bytes) -> list[Node]:
    """The leading statements of ``body`` that are calls of a checking method (``_GUARD``) passing
    one of the method's parameters (after a constructor's ``this(...)``/``super(...)``)."""
    params = method.child_by_field_name("parameters")
    names = {src[p.child_by_field_name("name").start_byte:p.child_by_field_name("name").end_byte]
             for p in (params.named_children if params is not None else [])
             if p.child_by_field_name("name") is not None}
    out: list[Node] = []
    for stmt in body.named_children:
        if stmt.type in ("line_comment", "block_comment", "explicit_constructor_invocation"):
            continue
        call = stmt.named_children[0] if stmt.type == "expression_statement" and stmt.named_children else None
        if call is None or call.type != "method_invocation":
            break
        name, args = call.child_by_field_name("name"), call.child_by_field_name("arguments")
        if name is None or args is None or not _GUARD.search(src[name.start_byte:name.end_byte].decode()):
            break
        stack, passed = [args], False
        while stack and not passed:
            node = stack.pop()
            passed = node.type == "identifier" and src[node.start_byte:node.end_byte] in names
            stack.extend(node.children)
        if not passed:
            break
        out.append(stmt)
    return out


def _sites(method: Node, src: bytes, checks: bool = False) -> list[tuple[int, int, bytes, str]]:
    """(start, end, replacement, operator) of every change the operators can make in a method
    (none inside its leading argument checks, :data:`_GUARD`, unless ``checks``)."""
    body = method.child_by_field_name("body")
    if body is None:
        return []
    guards = set() if checks else {(g.start_byte, g.end_byte) for g in _guards(method, body, src)}
    returns_boolean = method.type == "method_declaration" and \
        src[method.child_by_field_name("type").start_byte:method.child_by_field_name("type").end_byte] == b"boolean"
    out: list[tuple[int, int, bytes, str]] = []
    stack = [body]
    while stack:
        node = stack.pop()
        if (node.start_byte, node.end_byte) in guards:
            continue
        stack.extend(reversed(node.children))
        kind = node.type
        if kind == "binary_expression":
            op = node.child_by_field_name("operator")
            text = src[op.start_byte:op.end_byte].decode() if op is not None else ""
            if text in _SWAPS:
                out.append((op.start_byte, op.end_byte, _SWAPS[text].encode(),
                            "comparison" if text in ("<", "<=", ">", ">=", "==", "!=") else
                            "logical" if text in ("&&", "||") else "arithmetic"))
        elif kind == "decimal_integer_literal":
            m = _INT.match(src[node.start_byte:node.end_byte].decode())
            in_case = node.parent is not None and node.parent.type == "switch_label"  # labels must stay distinct
            if m and not in_case and int(m.group(1).replace("_", "")) < 2**31 - 1:
                out.append((node.start_byte, node.end_byte, f"{int(m.group(1).replace('_', '')) + 1}{m.group(2)}".encode(),
                            "constant"))
        elif kind in ("true", "false"):
            parent = node.parent
            loop_condition = parent is not None and (parent.type in _LOOPS or (
                parent.type == "parenthesized_expression" and parent.parent is not None and parent.parent.type in _LOOPS))
            if not loop_condition:
                out.append((node.start_byte, node.end_byte, b"false" if kind == "true" else b"true", "boolean"))
        elif kind == "if_statement":
            cond = node.child_by_field_name("condition")
            if cond is not None:
                out.append((cond.start_byte, cond.end_byte, b"(!" + src[cond.start_byte:cond.end_byte] + b")", "negated_if"))
        elif kind == "update_expression" and not (node.parent is not None and node.parent.type == "for_statement"):
            # (not a for loop's update: i-- in `for (i = 0; i < n; i++)` never ends)
            for child in node.children:
                text = src[child.start_byte:child.end_byte]
                if text in (b"++", b"--"):
                    out.append((child.start_byte, child.end_byte, b"--" if text == b"++" else b"++", "increment"))
        elif kind == "return_statement" and returns_boolean and node.named_children:
            value = node.named_children[0]
            out.append((value.start_byte, value.end_byte, b"!(" + src[value.start_byte:value.end_byte] + b")",
                        "negated_return"))
        elif kind == "expression_statement" and node.named_children and node.named_children[0].type == "method_invocation":
            out.append((node.start_byte, node.end_byte, b"", "removed_call"))
    return out


def method_mutants(info: ClassInfo, tree: Tree, methods: list[str], *, limit: int, seed: int = 0,
                   checks: bool = False) -> list[WrongClass]:
    """Up to ``limit`` classes with one change in one of ``methods`` (round robin over them in the
    given order; a name covers its overloads); ``checks``: the leading argument checks' sites too.
    Raises ValueError when the text holds no class."""
    src = info.source.encode("utf-8")
    nodes = _methods(_class_body(tree))
    queues: list[list[WrongClass]] = []
    for name in dict.fromkeys(methods):
        sites = [s for m in nodes if _name(m, src) == name for s in _sites(m, src, checks)]
        random.Random(seed * 1_000_003 + zlib.crc32(name.encode())).shuffle(sites)
        queue = []
        for start, end, text, operator in sites:
            if src[start:end] == text:
                continue
            line = info.start_line + src[:start].count(b"\n")
            before = src[start:end].decode("utf-8", "replace")
            shown = f"{before[:40]} -> {text.decode('utf-8', 'replace')[:40]}" if text else f"removed {before[:60]}"
            queue.append(WrongClass("mutant", _edit(src, [(start, end, text)]), name,
                                    f"{name}: line {line}: {shown} ({operator})"))
        queues.append(queue)
    return round_robin(queues, limit)
