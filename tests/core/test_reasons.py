"""The reason registry: every counted key is declared, metrics stay apart from reasons."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from crossfile_datasets.core import reasons
from crossfile_datasets.core.reasons import Kind, Stage, lookup
from crossfile_datasets.core.report import BuildReport, UnregisteredReason

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("core", "analyzers", "lang", "sandbox", "harness", "evaluation", "builders")


def _literal_call_sites():
    """(file:line, key) of every ``.count("stage", "reason" | f"...")`` in the package; an
    f-string's formatted values are replaced by a placeholder word."""
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                        and node.func.attr == "count" and len(node.args) >= 2):
                    continue
                stage, reason = node.args[0], node.args[1]
                if not (isinstance(stage, ast.Constant) and isinstance(stage.value, str)):
                    continue
                if isinstance(reason, ast.Constant) and isinstance(reason.value, str):
                    name = reason.value
                elif isinstance(reason, ast.JoinedStr):
                    name = "".join(v.value if isinstance(v, ast.Constant) else "x1" for v in reason.values)
                else:
                    continue  # a variable: covered by strict mode in the end-to-end tests
                yield f"{path.relative_to(ROOT)}:{node.lineno}", f"{stage.value}/{name}"


@pytest.mark.slow
def test_every_literal_reason_in_the_code_is_declared():
    sites = list(_literal_call_sites())
    assert len(sites) > 100  # the scan sees the code base (a broken scan would pass vacuously)
    missing = [f"{where} {key}" for where, key in sites if lookup(key) is None]
    assert not missing, "declare these in core/reasons.py:\n" + "\n".join(missing)


def test_declarations_are_unique_and_typed():
    keys = [r.key for r in reasons.REGISTRY]
    assert len(keys) == len(set(keys))
    for r in reasons.REGISTRY:
        assert isinstance(r.stage, Stage) and isinstance(r.kind, Kind) and r.meaning


def test_exact_names_win_over_families_and_families_match_whole_names():
    assert lookup("files/checker_timeout").name == "checker_timeout"
    assert lookup("files/checker_signal").name == "checker_{status}"
    assert lookup("files/checker_signal_isolated").name == "checker_{status}_isolated"
    assert lookup("checker/javac_round_12_uses").kind is Kind.METRIC
    assert lookup("checker/javac_round_12_usesX") is None  # the family's literal tail must match
    assert lookup("checker/syntax_error") is None  # a name is declared for its stage only
    assert lookup("nostage/syntax_error") is None


def test_metrics_are_kept_apart_from_reasons():
    report = BuildReport()
    report.count("checker", "javac_compilations", n=3)
    report.count("checker", "preexisting_errors", "A.java")
    report.count("files", "syntax_error", "a.py")
    assert report.metrics == {"checker/javac_compilations": 3}
    assert report.counts == {"checker/preexisting_errors": 1, "files/syntax_error": 1}
    assert report.stage("checker") == {"javac_compilations": 3, "preexisting_errors": 1}
    assert report.reasons_by_kind() == {"note": {"checker/preexisting_errors": 1}, "loss": {"files/syntax_error": 1}}


def test_round_trip_and_reports_written_before_the_split():
    report = BuildReport()
    report.count("checker", "tsc_checks", n=2)
    report.count("examples", "reference_too_long", "a.ts:3")
    again = BuildReport.from_dict(report.to_dict())
    assert (again.counts, again.metrics, again.samples) == (report.counts, report.metrics, report.samples)
    old = BuildReport.from_dict({"counts": {"checker/tsc_checks": 5, "files/syntax_error": 1}})
    assert old.metrics == {"checker/tsc_checks": 5} and old.counts == {"files/syntax_error": 1}


def test_merge_keeps_both_kinds():
    a, b = BuildReport(), BuildReport()
    a.count("checker", "mcs_compilations", n=2)
    b.count("checker", "mcs_compilations", n=3)
    b.count("files", "undecodable", "x.cs")
    a.merge(b)
    assert a.metrics["checker/mcs_compilations"] == 5 and a.counts["files/undecodable"] == 1


def test_undeclared_reason_raises_in_strict_mode_and_is_counted_otherwise(monkeypatch):
    monkeypatch.setenv("CROSSFILE_STRICT_REASONS", "1")
    with pytest.raises(UnregisteredReason):
        BuildReport().count("files", "made_up_reason", "a.py")
    monkeypatch.setenv("CROSSFILE_STRICT_REASONS", "0")
    report = BuildReport()
    report.count("files", "made_up_reason", "a.py")
    assert report.counts["files/made_up_reason"] == 1  # never lost
    assert report.unregistered == {"files/made_up_reason"}
    assert report.to_dict()["unregistered"] == ["files/made_up_reason"]
    assert report.reasons_by_kind() == {"unregistered": {"files/made_up_reason": 1}}
