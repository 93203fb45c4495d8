"""Literals the host builds from text it did not write (repository tests, doctests, a run's
captured values, ``setup.py``) go through ``core.literals.literal_eval``: the same values as
``ast.literal_eval``, but a set or dict literal of many distinct keys of one hash is refused
instead of built quadratically (red team 2026-11-27d, row 5, and the other host callers its
README lists under "Seen and left aside"). Timings are growth ratios (CPU time, collector off)."""

from __future__ import annotations

import ast
import json

import pytest

from crossfile_datasets.core.literals import MAX_SAME_HASH, CollidingKeys, literal_eval
from tests.hostile.redteam2.conftest import growth

M = 2 ** 61 - 1  # ints are hashed modulo M: k * M all hash to 0
LINEAR = 24  # growth for 8 times the input: about 8 when linear, 64 when quadratic


def colliding_set(n: int) -> str:
    return "{" + ", ".join(str(k * M) for k in range(1, n)) + "}"


@pytest.mark.parametrize("text", [
    "1", "-2", "+3.5", "1+2j", "-1-2j", "'a'", "b'x'", "None", "True", "(1, [2, {3: 'x'}], {4, 5})",
    "set()", "{}", "[]", "()", "{1: {2: (3,)}}", "{-1, -2}", " \t[1, 2]", "{(1, 2), (1, 2)}",
    "{1: 'a', 1.0: 'b', True: 'c'}", "{float('nan')}" if False else "{0.5, 0.25}",
    "{" + ", ".join(str(k * M) for k in range(1, MAX_SAME_HASH + 1)) + "}",
])
def test_the_same_values_as_ast_literal_eval(text):
    assert literal_eval(text) == ast.literal_eval(text)
    assert type(literal_eval(text)) is type(ast.literal_eval(text))
    node = ast.parse(text.lstrip(" \t"), mode="eval").body
    assert literal_eval(node) == ast.literal_eval(node)


@pytest.mark.parametrize("text", ["x", "f()", "1 + 2", "{**a}", "[*a]", "{[1]}", "{[]: 1}", "1 +", "-'a'", "{1: 2, **a}"])
def test_the_same_refusals_as_ast_literal_eval(text):
    with pytest.raises(Exception) as theirs:
        ast.literal_eval(text)
    with pytest.raises(Exception) as ours:
        literal_eval(text)
    assert type(ours.value) is type(theirs.value)


def test_a_set_or_dict_of_many_keys_of_one_hash_is_refused_as_not_a_literal():
    with pytest.raises(CollidingKeys):
        literal_eval(colliding_set(MAX_SAME_HASH + 2))
    with pytest.raises(ValueError):  # what every caller of ast.literal_eval already catches
        literal_eval("{" + ", ".join(f"{k * M}: 0" for k in range(1, 20)) + "}")
    with pytest.raises(CollidingKeys):  # tuples of colliding ints collide too
        literal_eval("[{" + ", ".join(f"({k * M},)" for k in range(1, 20)) + "}]")


def test_host_callers_build_colliding_literals_in_linear_time():
    """Host hang before: each of these built the set with ``ast.literal_eval``, quadratically
    (4,000 ints: ~0.25 s; a 1 MB module: ~50 s, outside every time limit)."""
    from crossfile_datasets.builders.executable.testgen import call_site_inputs, doctest_program, parse_capture
    from crossfile_datasets.sandbox.environment import setup_py_requirements

    def capture(text: str) -> str:
        return json.dumps({"file": "t.py", "site": 0, "equal": True, "pickle": "", "literal": text}) + "\n"

    callers = {
        "parse_capture (a run's captured literal)": lambda text: parse_capture(capture(text)),
        "doctest_program (a docstring's expected output)":
            lambda text: doctest_program("m", "f", "f", f">>> f()\n{text}\n"),
        "call_site_inputs (a repository test's call arguments)":
            lambda tree: call_site_inputs("f", [tree]),
        "setup_py_requirements (setup.py)": lambda text: setup_py_requirements(f"setup(install_requires={text})\n"),
    }
    for name, call in callers.items():
        make = (lambda n: ast.parse(f"f({colliding_set(n)})\n")) if "call_site" in name else colliding_set
        honest = (lambda n: ast.parse(f"f({{{', '.join(str(k) for k in range(1, n))}}})\n")) if "call_site" in name \
            else (lambda n: "{" + ", ".join(str(k * M + k) for k in range(1, n)) + "}")
        ordinary = growth(call, honest, 250, floor=0.01)
        if ordinary >= LINEAR:
            pytest.fail(f"{name}: an ordinary set literal already grows {ordinary:.1f}x for 8x the ints")
        colliding = growth(call, make, 250, floor=0.01)
        assert colliding < LINEAR, (name, colliding, ordinary)
