"""Helpers shared by the benchmark scripts."""

from __future__ import annotations

import time

from builders.report import BuildReport
from builders.repos import Repository, list_sources
from lang.base import LanguageSupport


def time_find_usages(language: LanguageSupport, repo: Repository) -> tuple[float, list, BuildReport]:
    """List and parse ``repo``, then time only the checker workflow (``find_usages``)."""
    report = BuildReport()
    files, _ = list_sources(repo, language, report)
    facts = language.analyze_files(str(repo.root), files)
    t0 = time.monotonic()
    usages = language.find_usages(repo, facts, report)
    return time.monotonic() - t0, usages, report
