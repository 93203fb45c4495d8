"""One repository's class build plans for a wall-clock budget (``--class-repository-seconds``):
the mutant gate gets at most what is left of it, and a gate that would start with nothing left
drops the tasks it would have judged, each counted ``tasks/repository_budget_spent`` (held-out
21: simplecsv's build took 1,279 s -- the gate's budget grew with its 19 candidates, the stages
before it had none -- and its first build, stopped from outside at 1,200 s, wrote nothing)."""
from __future__ import annotations

import time

import pytest

from crossfile_datasets.builders.classlevel.build import ClassSettings, RepositoryBudget, build_repository
from crossfile_datasets.core import deadline
from crossfile_datasets.core.records import Repository
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.lang import Lang
from tests.classlevel.fixture import write_shop


def test_the_mutant_budget_is_cut_to_what_is_left():
    settings = ClassSettings(gate_seconds=900.0, gate_seconds_per_task=60.0)
    assert settings.gate_budget(19) == 1140.0  # simplecsv's: 60 s for each of 19 candidates
    assert settings.gate_budget(19, 700.0) == 700.0
    assert settings.gate_budget(19, -5.0) == 0.0
    assert RepositoryBudget.start(0).ends is None  # 0: no budget
    # the repository's own time limit bounds it too
    with deadline.repository(100.0):
        assert 95.0 < RepositoryBudget.start(1200.0).left() <= 100.0


@pytest.mark.slow
def test_a_build_past_its_budget_names_the_tasks_it_could_not_judge(tmp_path):
    root = write_shop(tmp_path / "shop")
    repo = Repository("shop", root, "https://example.invalid/shop.git", "abc123", "MIT")
    # a budget the suite run alone spends: the gold gate never starts
    report = BuildReport()
    started = time.monotonic()
    records, stats = build_repository(Lang.PYTHON, repo, ClassSettings(repository_seconds=0.01), report)
    assert records == [] and stats["budget_spent_at"] == "gold gate", stats
    assert report.stage("tasks") == {"repository_budget_spent": 1}, dict(report.samples)
    [sample] = report.samples["tasks/repository_budget_spent"]
    assert sample == "shop:pkg/cart.py::Cart: the class build's 0.01 s were spent before the gold gate"
    assert "empty_class_gate" in stats and stats["empty_class_gate"]["tasks_kept"] == 0
    assert time.monotonic() - started < 600
    # control: with the default budget the same build gives its task
    report = BuildReport()
    records, stats = build_repository(Lang.PYTHON, repo, ClassSettings(), report)
    assert [r["class_name"] for r in records] == ["Cart"] and "budget_spent_at" not in stats, dict(report.samples)
    assert "tasks/repository_budget_spent" not in report.counts
