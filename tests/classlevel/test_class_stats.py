"""``class_stats.json``: ``dropped_tasks`` holds the reasons that drop a task, ``task_notes`` the
remarks on tasks that may be kept (held-out 15: aho-corasick's kept Emit and PayloadEmit were
counted in ``dropped_tasks`` as ``no_mutants`` 2; issue 29)."""
from __future__ import annotations

from crossfile_datasets.builders.classlevel.build import card_section, compute_stats
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.lang import Lang


def test_notes_on_kept_tasks_are_not_dropped_tasks():
    report = BuildReport()
    report.count("classes", "selected", "r:a.py::Kept", n=1)
    report.count("classes", "selected", "r:a.py::Gone", n=1)
    report.count("tasks", "no_mutants", "r:a.py::Kept", "no mutant could be made of get")
    report.count("tasks", "reached_through_facade", "r:a.py::Kept", "3 tests")
    report.count("tasks", "mutants_over_budget", "r:a.py::Gone", "2 of 6 mutants not run")
    report.count("tasks", "mutants_survive", "r:a.py::Gone", "mutant score 0.25 < 0.5")
    record = {"methods": [], "end_line": 3, "start_line": 1, "member_variables": [], "expected_to_pass": ["t"],
              "external_references": [], "detailed_skeleton": "", "sketchy_skeleton": "", "detailed": "",
              "sketchy": "", "docstring": ""}
    stats = compute_stats(Lang.PYTHON, [record], report, [], 1.0)
    assert stats["dropped_tasks"] == {"mutants_survive": 1}, stats["dropped_tasks"]
    assert stats["task_notes"] == {"mutants_over_budget": 1, "no_mutants": 1, "reached_through_facade": 1}
    card = card_section(stats)
    assert "Dropped tasks: mutants_survive 1." in card
    assert "no_mutants 1" in card.split("Notes on tasks", 1)[1], card
