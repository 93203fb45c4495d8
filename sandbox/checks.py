"""Check programs and solution splicing of the executable split (pure text functions).

Why it exists: a problem's ``check`` is a self-contained program (its test programs embedded)
that a user can run by hand in a repository snapshot, and a solution (a bare function, or a
whole prompt plus completion) has to replace the target function in its module, re-indented
in place. Both the builder's gold gate and evaluation go through these functions, so a gold
solution and a model's generation are placed and checked the same way.
"""

from __future__ import annotations

import ast
import textwrap
from typing import Sequence

from crossfile_datasets.core.bounded import BoundedLimit, bounded_text_call
from crossfile_datasets.core.reasons import GENERATION_NOT_PARSED


# ---------------------------------------------------------------------- check programs --
CHECK_HEADER = '''"""Executable check of {target} (crossfile-datasets, RepoExec-style).

Self-contained: the test programs are embedded below. Run it from the root of the repository
snapshot, after the candidate solution replaced the function in {file}:

    python check.py [extra pytest arguments]

It writes each test program at its path in the snapshot (next to the tests it came from, so
the repository's conftest.py fixtures apply) and runs them all with pytest; the exit status is
pytest's (0 = every test passed).
"""
'''

CHECK_BODY = '''
import os
import sys

TEST_PROGRAMS = [
{programs}
]


def main():
    import pytest

    paths = []
    for rel, source in TEST_PROGRAMS:
        folder = os.path.dirname(rel)
        if folder:
            os.makedirs(folder, exist_ok=True)
        with open(rel, "w", encoding="utf-8") as fh:
            fh.write(source)
        paths.append(rel)
    return int(pytest.main(["-q", "-p", "no:cacheprovider", *sys.argv[1:], *paths]))


if __name__ == "__main__":
    sys.exit(main())
'''


def render_check(target: str, file: str, test_paths: Sequence[str], test_list: Sequence[str]) -> str:
    """The self-contained check program of a problem (see CHECK_HEADER)."""
    programs = "\n".join(f"    ({path!r}, {source!r})," for path, source in zip(test_paths, test_list))
    return CHECK_HEADER.format(target=target, file=file) + CHECK_BODY.format(programs=programs)


# --------------------------------------------------------------------- solution splicing --
# What ast.parse raises on text that is not a module it can build: invalid syntax; NUL bytes
# (ValueError before Python 3.11.4) and lone surrogates (UnicodeEncodeError, a ValueError);
# nesting deeper than the parser's stack (MemoryError) or the AST builder's (RecursionError).
# A generation can be any of these: each means "does not parse", never a crash of the run.
_UNPARSABLE = (SyntaxError, ValueError, MemoryError, RecursionError)


def _parse(code: str) -> ast.Module | None:
    try:
        return ast.parse(code)
    except _UNPARSABLE:
        return None


def _function_nodes(tree: ast.AST) -> list[tuple[str | None, ast.FunctionDef | ast.AsyncFunctionDef]]:
    """(enclosing class, definition) of every function, in source order (pre-order walk).
    Iterative: an expression nested a few thousand levels deep parses, and a recursive walk
    over it would hit Python's recursion limit."""
    out = []
    stack: list[tuple[ast.AST, str | None]] = [(child, None) for child in reversed(list(ast.iter_child_nodes(tree)))]
    while stack:
        node, cls = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            out.append((cls, node))
        elif isinstance(node, ast.ClassDef):
            cls = node.name
        stack.extend((child, cls) for child in reversed(list(ast.iter_child_nodes(node))))
    return out


def _node_lines(node: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[int, int]:
    start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
    return start, node.end_lineno or node.lineno


def extract_function_source(code: str, entry_point: str, class_name: str | None = None) -> str | None:
    """The (dedented) source of the last ``def entry_point`` in ``code``, decorators included.

    ``code`` may be just the function, or a whole prompt plus completion: the last definition
    wins (the target comes after the context), one inside ``class_name`` is preferred.
    """
    tree = _parse(code)
    if tree is None:
        code = textwrap.dedent(code)
        tree = _parse(code)
        if tree is None:
            return None
    found = [(cls, node) for cls, node in _function_nodes(tree) if node.name == entry_point]
    if not found:
        return None
    preferred = [item for item in found if class_name and item[0] == class_name]
    _, node = (preferred or found)[-1]
    start, end = _node_lines(node)
    lines = code.split("\n")
    return textwrap.dedent("\n".join(lines[start - 1 : end])).rstrip() + "\n"


def definition_role(node: ast.FunctionDef | ast.AsyncFunctionDef) -> str:
    """What a ``def`` is among the definitions of its name: ``"setter"`` / ``"deleter"`` (a
    property's ``@name.setter`` / ``@name.deleter``), ``"overload"`` (``@overload``, typing's
    stubs) or ``"plain"`` (a function, a method, a property's getter, an overloads' body)."""
    for decorator in node.decorator_list:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        name = target.attr if isinstance(target, ast.Attribute) else target.id if isinstance(target, ast.Name) else ""
        if name in ("setter", "deleter") and isinstance(target, ast.Attribute):
            return name
        if name == "overload":
            return "overload"
    return "plain"


def locate_function(module_text: str, qualname: str) -> tuple[int, int, str] | None:
    """(first line incl. decorators, last line, indentation) of ``qualname`` ("f" or "Cls.m").

    Of several definitions of the name, the last plain one (:func:`definition_role`): a
    property's getter, not its setter or deleter defined after it, and an overloaded function's
    body, not its ``@overload`` stubs (prettytable's ``align``: the setter was replaced by the
    getter, held-out 17). The last definition when none is plain.
    """
    tree = _parse(module_text)
    if tree is None:
        return None
    parts = qualname.split(".")
    body: list[ast.stmt] = tree.body
    node = None
    for i, part in enumerate(parts):
        last = i == len(parts) - 1
        kinds = (ast.FunctionDef, ast.AsyncFunctionDef) if last else (ast.ClassDef,)
        matches = [n for n in body if isinstance(n, kinds) and n.name == part]
        if not matches:
            return None
        if last:
            matches = [n for n in matches if definition_role(n) == "plain"] or matches  # type: ignore[arg-type]
        node = matches[-1]
        body = node.body
    start, end = _node_lines(node)  # type: ignore[arg-type]
    first = module_text.split("\n")[start - 1]
    return start, end, first[: len(first) - len(first.lstrip())]


def splice_solution(module_text: str, qualname: str, entry_point: str, class_name: str | None,
                    solution_code: str) -> tuple[str | None, str]:
    """Replace the target function in ``module_text`` by the one in ``solution_code``.

    Returns (new module text, "") or (None, reason) when the solution has no such function
    or the result does not parse, or its parses were past the limits of the bounded child
    they run in (``core/bounded.py``: a 0.6 MB generation holding a table took +300 MB of the
    evaluator as syntax trees, red team 2026-11-29g row 2).
    """
    try:
        return bounded_text_call(_splice_solution, module_text, qualname, entry_point, class_name, solution_code,
                                 size=2 * len(solution_code) + 2 * len(module_text))
    except BoundedLimit as exc:
        return None, f"{GENERATION_NOT_PARSED}: the solution was not parsed: {exc}"


def _splice_solution(module_text: str, qualname: str, entry_point: str, class_name: str | None,
                     solution_code: str) -> tuple[str | None, str]:
    function = extract_function_source(solution_code, entry_point, class_name)
    if function is None:
        return None, f"the solution defines no function '{entry_point}' (or does not parse)"
    # always the candidate's own definition (a plain one: setters and overload stubs are never
    # candidates), whatever the solution's decorators say: a solution cannot pick the definition
    # it replaces and leave the tested one as it was
    where = locate_function(module_text, qualname)
    if where is None:
        return None, f"'{qualname}' not found in the module"
    start, end, indent = where
    lines = module_text.split("\n")
    replacement = textwrap.indent(function.rstrip("\n"), indent).split("\n")
    new_text = "\n".join([*lines[: start - 1], *replacement, *lines[end:]])
    try:
        ast.parse(new_text)
    except SyntaxError as exc:
        return None, f"the module does not parse with the solution: {exc.msg} (line {exc.lineno})"
    except _UNPARSABLE as exc:
        return None, f"the module does not parse with the solution: {type(exc).__name__}"
    return new_text, ""
