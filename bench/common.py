"""Helpers shared by the benchmark scripts."""

from __future__ import annotations

import time

from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.core.records import Repository
from crossfile_datasets.lang.sources import list_sources
from crossfile_datasets.lang.base import LanguageSupport


def time_find_usages(language: LanguageSupport, repo: Repository) -> tuple[float, list, BuildReport]:
    """List and parse ``repo``, then time only the checker workflow (``find_usages``)."""
    report = BuildReport()
    files, _ = list_sources(repo, language, report)
    facts = language.analyze_files(str(repo.root), files)
    t0 = time.monotonic()
    usages = language.find_usages(repo, facts, report)
    return time.monotonic() - t0, usages, report
