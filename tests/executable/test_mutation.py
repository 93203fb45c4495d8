"""Mutants and stubs of a reference solution (pure functions, no execution)."""

from __future__ import annotations

import ast

from crossfile_datasets.builders.executable.mutation import (
    Mutant,
    expected_exceptions,
    mutants,
    mutation_score,
    stubs,
    weak_reason,
)
from crossfile_datasets.builders.executable.testgen import split_test_module, classes_pytest_collects

SOLUTION = '''@cached
def grade(score, bonus=0):
    """Turn a score into a letter grade, after the bonus."""
    total = score + bonus
    if total >= 90 and not penalized(score):
        return "A"
    elif total > 75:
        return "B"
    else:
        return "C" if total > 50 else None
'''


def test_mutants_are_single_changes_and_never_equivalent():
    found = mutants(SOLUTION, limit=10, seed=7)
    assert len(found) == 10
    original = ast.dump(ast.parse(SOLUTION))
    dumps = {ast.dump(ast.parse(m.code)) for m in found}
    assert original not in dumps and len(dumps) == 10  # none equivalent, no duplicates
    operators = {m.operator for m in found}
    assert {"arithmetic", "comparison", "boolean", "constant", "swap_branches", "return_value"} <= operators
    for m in found:  # decorators, signature and docstring never change
        assert m.code.startswith('@cached\ndef grade(score, bonus=0):\n    """Turn a score into a letter grade')
    assert mutants(SOLUTION, limit=10, seed=7) == found  # deterministic for a seed


def test_stubs_keep_the_docstring_and_raise_what_the_tests_expect():
    tests = ['''
import pytest
def test_bad():
    with pytest.raises(ValueError):
        grade("x")
''', '''
class GradeTestCase(TestCase):
    def test_bad(self):
        self.assertRaises((TypeError, errors.GradeError), grade, None)
''']
    names = expected_exceptions(tests)
    assert names == ["ValueError", "TypeError", "errors.GradeError"]
    made = stubs(SOLUTION, names)
    assert [m.description for m in made] == ["body: pass", "body: return False", "body: return True",
                                             "body: raise ValueError", "body: raise TypeError",
                                             "body: raise errors.GradeError"]
    for m in made:
        tree = ast.parse(m.code)
        fn = tree.body[0]
        assert ast.get_docstring(fn) and len(fn.body) == 2 and m.stub


def test_weak_reason_and_score():
    stub = Mutant("stub_raise", "body: raise ValueError", "", True)
    small = [Mutant("comparison", f"m{i}", "") for i in range(4)]
    assert "raise ValueError" in weak_reason([stub, *small], [False, True, True, True, True], 0.6)
    assert weak_reason([stub, *small], [True, True, True, False, False], 0.6) == \
        "mutation score 0.50 < 0.6 (2 of 5 mutants survive)"
    assert weak_reason([stub, *small], [True, True, True, True, False], 0.6) is None
    assert mutation_score([stub, *small], [True, True, True, True, False]) == 0.75  # stubs not in the score
    assert weak_reason([], [], 0.6) == "no mutant could be made"


def test_unittest_classes_of_any_name_are_test_classes():
    source = '''
import unittest
from unittest import TestCase


class StringsTestCase(TestCase):
    def setUp(self):
        self.word = "x"

    def test_upper(self):
        assert self.word.upper() == "X"


class MoreStrings(StringsTestCase):
    def test_lower(self):
        assert "X".lower() == "x"


class Checks(unittest.TestCase):
    def test_one(self):
        assert 1


class Helper:
    def test_like(self):
        pass
'''
    tree = ast.parse(source)
    assert classes_pytest_collects(tree) == {"StringsTestCase", "MoreStrings", "Checks"}
    assert classes_pytest_collects(tree, ["Helper"]) >= {"Helper"}  # what pytest reported collecting wins
    programs = dict(split_test_module(source))
    assert set(programs) == {"StringsTestCase::test_upper", "MoreStrings::test_lower", "Checks::test_one"}
    lower = programs["MoreStrings::test_lower"]
    # the base class stays whole (setUp; unittest runs the inherited test too), the others go
    assert "class StringsTestCase(TestCase):" in lower and "def setUp" in lower
    assert "class Checks" not in lower and "class Helper:" in lower  # not a test class: module code
    assert "class MoreStrings" not in programs["StringsTestCase::test_upper"]
