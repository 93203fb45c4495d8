"""The class build never publishes a task whose own class the evaluation's one-class rule would
refuse (``builders.classlevel.build.reference_gate``, ``tasks/reference_refused``), and a gate's
wrong class that the rule refuses is never counted as caught (``tasks/gate_variant_refused``):
red team 2026-11-27g row 4 (``tests/hostile/redteam7/test_gates.py`` is the accepted side: a
class holding ``#if`` is judged by the gates and its reference passes)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from crossfile_datasets.builders.classlevel.build import _count_refused, build_class_split
from crossfile_datasets.core.records import Repository
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.sandbox.suites import SuiteRun, SuiteStatus
from crossfile_datasets.sandbox.suites.csharp import nunit_framework
from tests.conftest import require_tool, write_tree
from tests.hostile.redteam7.test_gates import CALC, DIRECTIVE, REPO


def test_a_refused_gate_variant_is_counted_and_not_caught():
    report = BuildReport()
    cand = SimpleNamespace(info=SimpleNamespace(file="Calc/Calc.cs", name="Calc"))
    refused = SuiteRun(SuiteStatus.COMPILE_FAILED, reason="answer_not_one_class: 2 top-level types (Calc, X), not one")
    assert _count_refused(refused, report, "demo:", cand) is True
    assert report.stage("tasks").get("gate_variant_refused") == 1
    assert report.stage("generations").get("answer_not_one_class") == 1
    assert _count_refused(SuiteRun(SuiteStatus.COMPILE_FAILED, reason="compile_failed: x"), report, "demo:", cand) is False


@pytest.mark.mcs
@pytest.mark.slow
def test_a_class_the_evaluation_would_refuse_is_not_published(tmp_path: Path):
    """A conditional on more symbols than the rule enumerates (``MAX_CONDITIONAL_SYMBOLS``): the
    evaluation would refuse the class as the repository writes it, so the build drops the task
    (counted) instead of publishing a task no right answer passes."""
    require_tool("mcs")
    if nunit_framework() is None:
        pytest.fail("precondition: NUnit 2.6 is not installed (scripts/setup.sh installs it)")
    many = DIRECTIVE.replace("#if TRACE_CALLS", "#if A || B || C || D || E || F || G")
    root = write_tree(tmp_path / "demo", {**REPO, "Calc/Calc.cs": CALC.replace(DIRECTIVE, many)})
    report = BuildReport()
    records, _ = build_class_split("csharp", [Repository("demo", root, "", "", "MIT")], tmp_path / "out",
                                   allow_execution=True, report=report)
    assert [r["class_name"] for r in records if r["class_name"] == "Calc"] == []
    assert report.stage("tasks").get("reference_refused") == 1, report.stage("tasks")
