"""Held-out 17's time (issue 33): prettytable's static filters parsed every program again per
candidate and per filter (minutes, in no stage of the stats), and wcwidth's 955 wrong versions of
62 problems had no budget (neither repository finished in 26 minutes)."""

from __future__ import annotations

import ast

from crossfile_datasets.builders.executable import build as B
from crossfile_datasets.builders.executable import testgen
from crossfile_datasets.builders.executable.testgen import TestProgram, calls_any, calls_target, static_reason
from crossfile_datasets.lang.python.mutation import Mutant

PROGRAM = '''import pytest
from pkg.m import area as A, Shape
from pkg import m


@m.memoized
def helper(x):
    return x


def test_area():
    assert A(2) == 4
    s = Shape(1)
    assert s.width == 1
    assert m.perimeter(s) == 4
'''


def test_calls_target_reads_calls_aliases_decorators_and_properties():
    assert calls_target(PROGRAM, "area")  # through its alias
    assert calls_target(PROGRAM, "perimeter")  # x.f(...)
    assert calls_target(PROGRAM, "memoized")  # @m.memoized
    assert calls_target(PROGRAM, "Shape")
    assert not calls_target(PROGRAM, "width") and calls_target(PROGRAM, "width", as_attribute=True)
    assert not calls_target(PROGRAM, "volume") and not calls_target("def broken(:\n", "area")
    assert calls_any(PROGRAM, ["nothing", "perimeter"]) and not calls_any(PROGRAM, ["width"])


def test_the_static_filters_parse_a_program_once_for_all_candidates(monkeypatch):
    parses: list[int] = []
    real = ast.parse

    def counting(source, *args, **kwargs):
        parses.append(len(source))
        return real(source, *args, **kwargs)

    monkeypatch.setattr(testgen.ast, "parse", counting)
    testgen.call_summary.cache_clear()
    program = TestProgram(PROGRAM, "tests/test_m__test_area.py", "repository", "tests/test_m.py::test_area")
    reasons = [static_reason(program, name, callers={"other"}) for name in ["area", "perimeter", "volume"] * 10]
    assert reasons[:3] == [None, None, "does_not_call_target"]
    assert parses == [len(PROGRAM)], parses


def _plan(stubs: int, mutants: int) -> list[Mutant]:
    return [Mutant("stub_empty_body", f"stub {i}", f"s{i}", stub=True) for i in range(stubs)] + \
        [Mutant("constant", f"m {i}", f"m{i}") for i in range(mutants)]


def test_a_plan_within_the_budget_is_left_as_it_is():
    plans = [_plan(2, 16), _plan(3, 10)]
    assert B.budgeted_plans(plans, 100) == (plans, None, [])


def test_over_the_budget_every_problem_keeps_its_stubs_and_one_number_of_mutants():
    plans = [_plan(2, 16), _plan(2, 16), _plan(3, 4)]
    cut, cap, left_out = B.budgeted_plans(plans, 30, floor=6)
    assert (cap, left_out) == (9, []) and sum(len(p) for p in cut) <= 30
    assert [sum(1 for m in p if m.stub) for p in cut] == [2, 2, 3]
    assert [sum(1 for m in p if not m.stub) for p in cut] == [9, 9, 4]
    assert cut[0][2:] == plans[0][2:11]  # the first mutants: spread over the operators already


def test_at_the_floor_the_problems_that_do_not_fit_are_left_unmutated():
    plans = [_plan(2, 16)] * 10  # 8 per problem at the floor of 6: 3 fit in 25
    cut, cap, left_out = B.budgeted_plans(plans, 25, floor=6)
    assert cap == 6 and left_out == list(range(3, 10))
    assert [len(p) for p in cut] == [8, 8, 8] + [0] * 7
