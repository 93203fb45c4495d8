"""Shared by the Python tests: detect the usages of a fixture repository written to disk."""

from __future__ import annotations

from pathlib import Path

from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.builders.repos import RepoSpec, resolve
from crossfile_datasets.lang.sources import list_sources
from crossfile_datasets.lang import Lang, get_language
from tests.conftest import write_tree


def usages_of(root: Path, files: dict[str, str] | None = None, language=None):
    """Write ``files`` under ``root`` (when given), then ``(usages, report, facts)`` of the real
    Python detection (Pylint included)."""
    if files is not None:
        write_tree(root, files)
    repo = resolve(RepoSpec(path=str(root)))
    language = language or get_language(Lang.PYTHON)
    report = BuildReport()
    sources, _ = list_sources(repo, language, report)
    facts = language.analyze_files(str(repo.root), sources)
    return language.find_usages(repo, facts, report), report, facts
