"""The ``shopkeeper`` fixture repository, analyzed once per test session with the real Pylint.

Shared by the graph, retrieval and tools tests: a small Python package with relative and
absolute imports, a re-export in ``__init__``, module imports (``from pkg import tax``),
same-file and cross-file inheritance (including ``invoice.InvoiceLine`` as a base).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import networkx as nx

from crossfile_datasets.core.records import CrossFileUsage
from crossfile_datasets.analyzers.graph import build_graph
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.builders.repos import RepoSpec, resolve
from crossfile_datasets.core.records import Repository
from crossfile_datasets.lang.sources import list_sources
from crossfile_datasets.lang import get_language
from crossfile_datasets.core.records import FileFacts, SourceFile

ROOT = Path(__file__).resolve().parent / "fixtures" / "shopkeeper"


@dataclass(frozen=True)
class Analyzed:
    repo: Repository
    files: list[SourceFile]
    facts: dict[str, FileFacts]
    usages: list[CrossFileUsage]
    graph: nx.MultiDiGraph
    report: BuildReport


@lru_cache(maxsize=1)
def analyzed(with_usages: bool = True) -> Analyzed:
    language = get_language("python")
    repo = resolve(RepoSpec(path=str(ROOT)))
    report = BuildReport()
    files, _ = list_sources(repo, language, report)
    facts = language.analyze_files(str(repo.root), files)
    usages = language.find_usages(repo, facts, report) if with_usages else []
    graph = build_graph(repo.name, "python", facts, usages)
    return Analyzed(repo, files, facts, usages, graph, report)
