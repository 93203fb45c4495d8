"""Issue 20 item 3 for TypeScript: a repository's files spread over several Node processes give
exactly what one process gives (usages, their order, and every counted reason)."""

from __future__ import annotations

from pathlib import Path

import pytest

from crossfile_datasets.builders.repos import RepoSpec, resolve
from crossfile_datasets.core import constants as C
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.lang.sources import list_sources
from crossfile_datasets.lang.typescript import TypeScriptSupport

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "typescript"


def _usages(root: Path, language: TypeScriptSupport):
    repo = resolve(RepoSpec(path=str(root)))
    report = BuildReport()
    sources, _ = list_sources(repo, language, report)
    facts = language.analyze_files(str(repo.root), sources)
    return [u.to_json() for u in language.find_usages(repo, facts, report)], report


@pytest.mark.parametrize("sample", ["inventory-service", "widget-board"])
@pytest.mark.slow
def test_files_over_three_node_processes_find_what_one_finds(monkeypatch, sample):
    one, one_report = _usages(EXAMPLES / sample, TypeScriptSupport(parallelism=1))
    monkeypatch.setattr(C, "TSC_MIN_GROUP", 2)  # the samples are small: two or three groups anyway
    several, report = _usages(EXAMPLES / sample, TypeScriptSupport(parallelism=3))
    assert report.metrics["checker/tsc_node_starts"] >= 2 and one_report.metrics["checker/tsc_node_starts"] == 1
    assert one and several == one
    assert report.counts == one_report.counts
    assert report.metrics["checker/tsc_checks"] == one_report.metrics["checker/tsc_checks"]
