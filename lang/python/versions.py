"""Which branches of Python code only Python 2 runs.

Why it exists: repositories that still carry Python 2 fallbacks (``if PY3: ... else: ...``,
``if sys.version_info[0] == 2:``) have statements no run under the harness's Python 3 can reach.
Counted as lines of a function, they lower its coverage share (held-out 19: simplejson's
``py_encode_basestring``, 6 of 14 lines, could not pass 0.57) and changes to them are mutants
no test can catch. The executable split leaves them out of both.
"""

from __future__ import annotations

import ast
import re

_PY3_NAME = re.compile(r"_*(?:PY3K?|PYTHON3|IS_PY3|IS_PYTHON3|PY3_OR_LATER)", re.IGNORECASE)
_PY2_NAME = re.compile(r"_*(?:PY2|PYTHON2|IS_PY2|IS_PYTHON2)", re.IGNORECASE)


def _major_version(node: ast.expr) -> bool:
    """``sys.version_info`` (or ``version_info``), ``sys.version_info[0]`` or ``.major``."""
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) and node.slice.value == 0:
        node = node.value
    elif isinstance(node, ast.Attribute) and node.attr == "major":
        node = node.value
    return (isinstance(node, ast.Attribute) and node.attr == "version_info") or (
        isinstance(node, ast.Name) and node.id == "version_info")


def python3_truth(test: ast.expr) -> bool | None:
    """What ``test`` of an ``if`` is under Python 3, when it is a Python version check (a flag
    named ``PY3``/``_PY3``/``PY2``..., ``six.PY3``, ``sys.version_info`` against 2 or 3); None
    when it is not one."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = python3_truth(test.operand)
        return None if inner is None else not inner
    name = test.id if isinstance(test, ast.Name) else test.attr if isinstance(test, ast.Attribute) else None
    if name is not None:
        if _PY3_NAME.fullmatch(name):
            return True
        if _PY2_NAME.fullmatch(name):
            return False
        return None
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and _major_version(test.left)):
        return None
    right = test.comparators[0]
    if isinstance(right, ast.Tuple) and right.elts and isinstance(right.elts[0], ast.Constant):
        right = right.elts[0]  # (3,) or (3, 0): the major version decides against 2 or 3 alone
        if len(test.comparators[0].elts) > 1 and not (isinstance(test.comparators[0].elts[1], ast.Constant)
                                                      and test.comparators[0].elts[1].value == 0):
            return None  # (3, 8): a minor version, which Python 3 does not decide
    if not (isinstance(right, ast.Constant) and right.value in (2, 3) and not isinstance(right.value, bool)):
        return None
    major, op = right.value, test.ops[0]
    table = {ast.GtE: 3 >= major, ast.Gt: 3 > major, ast.Lt: 3 < major, ast.LtE: 3 <= major,
             ast.Eq: 3 == major, ast.NotEq: 3 != major}
    if type(op) not in table or (major == 3 and isinstance(op, (ast.Gt, ast.LtE))):
        return None  # > 3 / <= 3: a later major version, not the Python 2 branch
    return table[type(op)]


def python2_only_lines(tree: ast.AST) -> set[int]:
    """The lines of the statements under ``tree`` that only Python 2 runs: the branch of an
    ``if`` on the Python version (:func:`python3_truth`) that Python 3 never takes."""
    dead: set[int] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.If) or (truth := python3_truth(node.test)) is None:
            continue
        for stmt in (node.orelse if truth else node.body):
            dead.update(range(stmt.lineno, (stmt.end_lineno or stmt.lineno) + 1))
    return dead


