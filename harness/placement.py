"""From a model's generation to the one function that replaces the target.

A generation is either a whole function (it defines a function named like the target,
maybe among other code, inside a class, or inside a Markdown fence) or a body that
continues the prompt (which ends with the target's signature and docstring). Either way the
result is one complete, dedented function definition; ``sandbox`` splices it in
place of the original. Parsing is tree-sitter's, so a generation with a syntax error still
yields its function (and its identifiers) as far as they can be recognised.

Every parse here is of untrusted text (a generation, a split's solution) and goes through
``lang.base.guarded_parse`` (red team 3 row 5, red team 7: tree-sitter-python is quadratic on
indented comment lines): past the budget, ``ParseTimeout``, which the callers count under the
generation's status ``generation_not_parsed`` (``core/reasons``).
"""

from __future__ import annotations

import re
import textwrap

from tree_sitter import Node

from crossfile_datasets.harness.syntax import parser_for, scan_region, ts_language
from crossfile_datasets.lang.base import guarded_parse

_INFO_CHARS = frozenset(" \t+-")


def _fenced_blocks(text: str) -> list[str]:
    """The blocks of ``text`` that ``re.findall(r"```[ \\t]*[\\w+-]*[ \\t]*\\n(.*?)(?:```|\\Z)",
    text, re.S)`` gives, found by a linear scan: that pattern's two blank runs around the info
    string backtracked quadratically on a fence followed by blanks, on the host, outside every
    time limit (red team 2, row 4's audit)."""
    blocks, pos = [], 0
    while (start := text.find("```", pos)) != -1:
        end = start + 3
        while end < len(text) and (text[end] in _INFO_CHARS or text[end].isalnum() or text[end] == "_"):
            end += 1  # stops at the next backtick at the latest: each character is scanned once
        info = text[start + 3 : end].strip(" \t")
        if end == len(text) or text[end] != "\n" or " " in info or "\t" in info:
            pos = start + 1
            continue
        close = text.find("```", end + 1)
        blocks.append(text[end + 1 : close if close != -1 else len(text)])
        pos = close + 3 if close != -1 else len(text) + 1
    return blocks


def _parse(code: str):
    """The tree of ``code``; ``ParseTimeout`` past the guarded parse's budget."""
    return guarded_parse(parser_for(ts_language("python")), code.encode("utf-8"))


def _name(node: Node) -> str:
    name = node.child_by_field_name("name")
    return (name.text or b"").decode("utf-8", errors="replace") if name is not None else ""


def _definition(node: Node) -> Node:
    """The function/class node of a (possibly decorated) definition."""
    if node.type == "decorated_definition":
        inner = node.child_by_field_name("definition")
        return inner if inner is not None else node
    return node


def find_function(root: Node, entry_point: str) -> Node | None:
    """The function_definition named by ``entry_point`` ("f" or "Cls.method").

    The qualified path is followed through classes first; a simple name not found at module
    level is searched at any depth (first in source order, shallowest first).
    """
    parts = [p for p in entry_point.split(".") if p]
    if not parts:
        return None
    scope = root
    for i, part in enumerate(parts):
        found = None
        body = scope if scope.type == "module" else scope.child_by_field_name("body")
        for child in body.children if body is not None else ():
            node = _definition(child)
            last = i == len(parts) - 1
            wanted = "function_definition" if last else "class_definition"
            if node.type == wanted and _name(node) == part:
                found = node
                break
        if found is None:
            break
        scope = found
        if i == len(parts) - 1:
            return found
    level = [root]
    while level:
        nxt = []
        for node in level:
            for child in node.children:
                if child.type == "function_definition" and _name(child) == parts[-1]:
                    return child
                nxt.append(child)
        level = nxt
    return None


def _with_decorators(node: Node) -> Node:
    parent = node.parent
    return parent if parent is not None and parent.type == "decorated_definition" else node


def strip_fences(generation: str) -> str:
    """The code of a Markdown-fenced answer (the block defining a function, else the first)."""
    blocks = _fenced_blocks(generation)
    if not blocks:
        return generation
    for block in blocks:
        # [^\S\n]*, not \s*: under re.M, \s* crossed line ends, so every line start of a blank run
        # rescanned the rest of it (quadratic on the host, red team 3 row 3); same verdicts
        if re.search(r"^[^\S\n]*(async\s+)?def\s", block, re.M):
            return block
    return blocks[0]


def signature_and_docstring(solution: str, entry_point: str) -> str:
    """The header of the gold function: everything up to and including its docstring."""
    tree = _parse(solution)
    node = find_function(tree.root_node, entry_point)
    if node is None:
        return ""
    body = node.child_by_field_name("body")
    data = solution.encode("utf-8")
    start = _with_decorators(node).start_byte
    end = body.start_byte if body is not None else node.end_byte
    if body is not None and body.named_child_count:
        first = body.named_children[0]
        if first.type == "expression_statement" and first.named_child_count and first.named_children[0].type == "string":
            end = first.end_byte
    return data[start:end].decode("utf-8", errors="replace").rstrip() + "\n"


def _dedented(code: str, node: Node) -> str:
    """The node's text, dedented as a whole (its first line keeps its relative place)."""
    data = code.encode("utf-8")
    text = data[node.start_byte : node.end_byte].decode("utf-8", errors="replace")
    return textwrap.dedent(" " * node.start_point[1] + text).rstrip() + "\n"


def extract_function(generation: str, name: str, header: str) -> str:
    """The complete function of one generation, dedented.

    ``name`` is "f" or "Cls.method"; ``header`` (decorators, signature and docstring) is
    prepended when the generation is a body only.
    """
    code = strip_fences(generation)
    node = find_function(_parse(code).root_node, name)
    if node is not None:
        return _dedented(code, _with_decorators(node))
    joined = header if header.endswith("\n") else header + "\n"
    joined += code.lstrip("\n") if code.strip() else ""
    node = find_function(_parse(joined).root_node, name)
    return _dedented(joined, _with_decorators(node)) if node is not None else joined


def function_body_identifiers(function_code: str, entry_point: str) -> list[str]:
    """Identifiers used in the function's body (tree-sitter; signature excluded)."""
    data = function_code.encode("utf-8")
    tree = guarded_parse(parser_for(ts_language("python")), data)
    node = find_function(tree.root_node, entry_point)
    body = node.child_by_field_name("body") if node is not None else None
    start, end = (body.start_byte, body.end_byte) if body is not None else (0, len(data))
    return [text for _, _, text in scan_region(tree.root_node, start, end, "python").identifiers]
