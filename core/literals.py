"""Python literals built on the host from text we did not write, in time linear in their size.

Why it exists: ``ast.literal_eval`` builds a set or dict literal with Python's own hash tables,
which compare a new key with every earlier key of the same hash. Ints hash modulo ``2**61 - 1``,
so a literal of distinct multiples of it (``{2305843009213693951, 4611686018427387902, ...}``)
is built in quadratic time: a 1 MB test module (40,000 such ints) took 49 s of CPU per parse on
the host, outside every time limit (red team 2026-11-27d, row 5). The host builds literals from
repository tests (``sandbox/values.py``: every checked assertion's expected value, in the build
and in both evaluations), doctest outputs and call arguments (the executable split's test
generation), a sandboxed run's captured literals and ``setup.py`` requirement lists.

:func:`literal_eval` accepts exactly what ``ast.literal_eval`` accepts and returns the same
value, but checks the keys of every set and dict with :func:`check_few_collisions` before the
table is built: more than ``MAX_SAME_HASH`` distinct keys of one hash raise
:class:`CollidingKeys` (a ``ValueError``, which every caller of ``ast.literal_eval`` already
treats as "not a literal"). ``sandbox/values.py`` bounds the values it decodes from a run's
reports with the same check. Pure functions.
"""

from __future__ import annotations

import ast

# Distinct keys sharing one hash that a set, frozenset or dict built on the host may hold. Real
# values practically never hold more than two distinct keys of one hash (-1 and -2 share one).
MAX_SAME_HASH = 8


class CollidingKeys(ValueError):
    """More than ``MAX_SAME_HASH`` distinct keys of a set or dict share one hash."""


def check_few_collisions(keys: list[object]) -> None:
    """Raise :class:`CollidingKeys` when more than ``MAX_SAME_HASH`` distinct ``keys`` share a
    hash, so that building a set or dict of them costs at most that many comparisons per key.
    The keys are grouped by their hash in a table keyed by the hash values themselves: distinct
    ints below 2**61 - 1 in absolute value, each its own hash, so that table never collides.
    An unhashable key raises ``TypeError`` (as building the set would)."""
    seen: dict[int, list[object]] = {}
    for key in keys:
        same = seen.setdefault(hash(key), [])
        if not any(key is other or key == other for other in same):
            if len(same) >= MAX_SAME_HASH:
                raise CollidingKeys("colliding_hashes")
            same.append(key)


def _malformed(node: ast.AST) -> ValueError:
    lineno = getattr(node, "lineno", None)
    return ValueError("malformed node or string" + (f" on line {lineno}" if lineno else "") + f": {node!r}")


def _number(node: ast.AST) -> object:
    if not isinstance(node, ast.Constant) or type(node.value) not in (int, float, complex):
        raise _malformed(node)
    return node.value


def _signed_number(node: ast.AST) -> object:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.UAdd, ast.USub)):
        operand = _number(node.operand)
        return +operand if isinstance(node.op, ast.UAdd) else -operand  # type: ignore[operator]
    return _number(node)


def _convert(node: ast.AST) -> object:
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Tuple):
        return tuple(_convert(e) for e in node.elts)
    if isinstance(node, ast.List):
        return [_convert(e) for e in node.elts]
    if isinstance(node, ast.Set):
        items = [_convert(e) for e in node.elts]
        check_few_collisions(items)
        return set(items)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "set" \
            and node.args == node.keywords == []:
        return set()
    if isinstance(node, ast.Dict):
        if len(node.keys) != len(node.values) or any(k is None for k in node.keys):
            raise _malformed(node)
        keys = [_convert(k) for k in node.keys]  # type: ignore[arg-type]
        values = [_convert(v) for v in node.values]
        check_few_collisions(keys)
        return dict(zip(keys, values))
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
        left, right = _signed_number(node.left), _number(node.right)
        if isinstance(left, (int, float)) and isinstance(right, complex):
            return left + right if isinstance(node.op, ast.Add) else left - right
    return _signed_number(node)


def literal_eval(node_or_string: ast.AST | str) -> object:
    """``ast.literal_eval`` with every set and dict checked for colliding keys first
    (:class:`CollidingKeys`); the same values, the same exceptions otherwise."""
    if isinstance(node_or_string, str):
        node_or_string = ast.parse(node_or_string.lstrip(" \t"), mode="eval")
    if isinstance(node_or_string, ast.Expression):
        node_or_string = node_or_string.body
    return _convert(node_or_string)
