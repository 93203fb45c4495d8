"""A class-level task needs at least CLASS_MIN_TESTS EXPECTED_TO_PASS tests after the gates, and
the mutant gate's budget scales with the number of tasks (tuning of the held-out 2026-11-28e).

- voluptuous' ExactSequence and DateTimeExtensions' YearMapHoliday were kept on one test each (by
  their mutant scores): one test makes the test pass rate pass@1 and judges a class by one
  scenario. Here ``Sequence`` has one test: dropped, ``tasks/below_min_tests``, no mutant run.
- Tests that pass without the class do not judge it and leave EXPECTED_TO_PASS (31 of
  DateTimeExtensions'); a task left with too few is dropped under the same reason. Here two of
  ``Ruler``'s three tests swallow every error and pass with the class emptied: one is left.
- concurrent-trees' 27 tasks shared 900 s of mutant runs: 13 had mutants not run. The budget is
  now ``max(gate_seconds, gate_seconds_per_task * tasks)``: with no flat budget and a share per
  task, ``Scale`` runs all its mutants and nothing is over budget.

Real pytest in the sandbox, through ``build_class_split``: the reasons in class_stats and the card."""
from __future__ import annotations

import json

import pytest

from crossfile_datasets.builders.classlevel.build import ClassSettings, build_class_split
from crossfile_datasets.core.records import Repository
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.lang import Lang
from tests.conftest import write_tree

TREE = {
    "pkg/__init__.py": "",
    "pkg/util.py": "def double(x):\n    return x * 2\n\n\ndef label(text):\n    return text.upper()\n",
    "pkg/shapes.py": '''from pkg.util import double, label


class Sequence:
    def __init__(self, items):
        self.items = [double(i) for i in items]

    def check(self, values):
        if [double(v) for v in values] != self.items:
            return label("no")
        return label("ok")


class Ruler:
    def __init__(self, start):
        self.start = double(start)

    def measure(self, n):
        return self.start + double(n)


class Scale:
    def __init__(self, base):
        self.base = double(base)

    def weigh(self, n):
        if n < 0:
            return label("negative")
        return self.base + double(n) - 1

    def name(self):
        return label("scale") + str(self.base)
''',
    "tests/test_shapes.py": '''from pkg.shapes import Ruler, Scale, Sequence


def test_sequence_checks():
    assert Sequence([1, 2]).check([1, 2]) == "OK"
    assert Sequence([1, 2]).check([2, 1]) == "NO"


def test_ruler_measures():
    assert Ruler(1).measure(3) == 8


def test_ruler_smoke():
    try:
        Ruler(1).measure(2)
    except Exception:
        pass


def test_ruler_smoke_again():
    try:
        Ruler(2).measure(0)
    except Exception:
        pass


def test_scale_weighs():
    assert Scale(1).weigh(3) == 7


def test_scale_negative():
    assert Scale(1).weigh(-1) == "NEGATIVE"
    assert Scale(0).weigh(0) == -1


def test_scale_name():
    assert Scale(2).name() == "SCALE4"
''',
}


@pytest.mark.slow
def test_too_few_tests_after_the_gates_are_dropped_and_the_budget_scales(tmp_path):
    root = write_tree(tmp_path / "shapes", TREE)
    report = BuildReport()
    settings = ClassSettings(mutants=4, gate_seconds=0.0, gate_seconds_per_task=600.0)
    records, stats = build_class_split(Lang.PYTHON, [Repository("shapes", root, "", "", "MIT")], tmp_path / "out",
                                       allow_execution=True, report=report, settings=settings)
    assert [r["class_name"] for r in records] == ["Scale"], dict(report.samples)
    samples = [str(s) for s in report.samples["tasks/below_min_tests"]]
    # Sequence: one test from the start; Ruler: two of its three pass with the class emptied
    assert stats["dropped_tasks"].get("below_min_tests") == 2, stats["dropped_tasks"]
    assert any("pkg/shapes.py::Sequence: 1 EXPECTED_TO_PASS test after the gates" in s for s in samples), samples
    assert any("pkg/shapes.py::Ruler: 1 EXPECTED_TO_PASS test after the gates" in s for s in samples), samples
    assert report.counts["tests/passes_without_class"] == 2, dict(report.samples)
    repo = stats["per_repository"][0]
    gate = repo["wrong_class_gate"]
    assert gate["below_min_tests"] == 2 and gate["budget_seconds"] == 600.0, gate
    # the budget scaled: Scale ran every mutant although the flat budget was 0 s
    scale = records[0]["wrong_class_check"]
    assert scale["mutants_run"] == 4 and scale["mutants_skipped"] == 0, scale
    assert "mutants_over_budget" not in stats["dropped_tasks"] and not gate.get("tasks_over_budget"), gate
    out = tmp_path / "out" / "python"
    assert json.loads((out / "class_stats.json").read_text())["dropped_tasks"]["below_min_tests"] == 2
    assert "below_min_tests 2" in (out / "class_card.md").read_text()


@pytest.mark.slow
def test_a_spent_budget_is_counted_per_task(tmp_path):
    """No budget at all (flat and per task 0 s): each task runs CLASS_MIN_GATE_MUTANTS mutants and
    is counted under ``tasks/mutants_over_budget``; the gate's stats say how many tasks."""
    from crossfile_datasets.core import constants as C

    root = write_tree(tmp_path / "shapes", TREE)
    report = BuildReport()
    records, stats = build_class_split(Lang.PYTHON, [Repository("shapes", root, "", "", "MIT")], tmp_path / "out",
                                       allow_execution=True, report=report,
                                       settings=ClassSettings(mutants=4, gate_seconds=0.0, gate_seconds_per_task=0.0))
    gate = stats["per_repository"][0]["wrong_class_gate"]
    assert gate["tasks_over_budget"] == 1 and stats["task_notes"]["mutants_over_budget"] == 1, gate
    assert "mutants_over_budget" not in stats["dropped_tasks"], stats["dropped_tasks"]
    assert records[0]["wrong_class_check"]["mutants_run"] == C.CLASS_MIN_GATE_MUTANTS
