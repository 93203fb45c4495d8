"""From a model's generation to the function that replaces the target in the repository.

A generation is either a whole function (it defines a function named like the problem's
entry point, maybe among other code or inside a Markdown fence) or a body that continues the
prompt (which ends with the target's signature and docstring). Either way the result is one
complete function definition, placed where the original one was (found by its qualified
name with tree-sitter, decorators kept unless the generation brings its own), re-indented
to the original's column.
"""

from __future__ import annotations

import re

from tree_sitter import Node

from evaluation.syntax import parser_for, scan_region, ts_language

_FENCE = re.compile(r"```[ \t]*[\w+-]*[ \t]*\n(.*?)(?:```|\Z)", re.S)


def _parse(code: str):
    return parser_for(ts_language("python")).parse(code.encode("utf-8"))


def _name(node: Node) -> str:
    name = node.child_by_field_name("name")
    return name.text.decode("utf-8", errors="replace") if name is not None else ""


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
    blocks = _FENCE.findall(generation)
    if not blocks:
        return generation
    for block in blocks:
        if re.search(r"^\s*(async\s+)?def\s", block, re.M):
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


def _node_text(code: str, node: Node) -> tuple[str, int]:
    """(text of the node from its start, column of its start) in ``code``."""
    data = code.encode("utf-8")
    return data[node.start_byte : node.end_byte].decode("utf-8", errors="replace"), node.start_point[1]


def extract_function(generation: str, entry_point: str, header: str) -> tuple[str, int]:
    """(complete function text, column its first line had) for one generation.

    ``header`` (signature + docstring) is used when the generation is a body only.
    """
    code = strip_fences(generation)
    node = find_function(_parse(code).root_node, entry_point)
    if node is not None:
        return _node_text(code, _with_decorators(node))
    joined = header if header.endswith("\n") else header + "\n"
    joined += code.lstrip("\n") if code.strip() else ""
    node = find_function(_parse(joined).root_node, entry_point)
    if node is None:
        return joined, 0
    return _node_text(joined, _with_decorators(node))


def function_body_identifiers(function_code: str, entry_point: str) -> list[str]:
    """Identifiers used in the function's body (tree-sitter; signature excluded)."""
    data = function_code.encode("utf-8")
    tree = parser_for(ts_language("python")).parse(data)
    node = find_function(tree.root_node, entry_point)
    body = node.child_by_field_name("body") if node is not None else None
    start, end = (body.start_byte, body.end_byte) if body is not None else (0, len(data))
    return [text for _, _, text in scan_region(tree.root_node, start, end, "python").identifiers]


def reindent(function_code: str, source_column: int, target_column: int) -> str:
    """Move a function whose first line stood at ``source_column`` to ``target_column``.

    The first line is returned without indentation (the caller places it). Continuation
    lines already deeper than the target column are left alone (text sliced from a file
    keeps its own indentation); otherwise they are shifted by the column difference.
    """
    lines = function_code.split("\n")
    rest = [line for line in lines[1:] if line.strip()]
    deepest_ok = min((len(line) - len(line.lstrip()) for line in rest), default=target_column + 1)
    shift = 0 if deepest_ok > target_column else target_column - source_column
    out = [lines[0].lstrip()]
    for line in lines[1:]:
        out.append((" " * shift + line) if line.strip() and shift > 0 else line)
    return "\n".join(out).rstrip() + "\n"


def place_function(source: str, entry_point: str, function_code: str, source_column: int = 0) -> str | None:
    """``source`` with the target function replaced by ``function_code`` (None: not found).

    The original decorators stay unless the new code starts with its own.
    """
    tree = _parse(source)
    node = find_function(tree.root_node, entry_point)
    if node is None:
        return None
    brings_decorators = function_code.lstrip().startswith("@")
    target = _with_decorators(node) if brings_decorators else node
    data = source.encode("utf-8")
    column = target.start_point[1]
    new = reindent(function_code, source_column, column).rstrip("\n")
    return (data[: target.start_byte].decode("utf-8") + new + data[target.end_byte :].decode("utf-8"))
