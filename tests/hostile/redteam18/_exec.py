"""One executable split built the real way from a small committed repository (shared by rows 1, 2
and 4), and a predictions file of one generation per context."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from crossfile_datasets.builders.executable.build import build_executable_split
from crossfile_datasets.builders.repos import RepoSpec, resolve
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.core.repository_roots import without_root, write_roots
from tests.hostile.redteam11._git import commit_all


# a one-function repository with three tests of it (red teams 19 and 20 judge generations of ``scale``)
SCALE_REPOSITORY = {
    "calc/__init__.py": "",
    "calc/core.py": '''"""Small arithmetic."""


def scale(values, factor):
    """Every value of ``values`` times ``factor``, as a list."""
    out = []
    for value in values:
        out.append(value * factor)
    return out
''',
    "tests/test_core.py": '''from calc.core import scale


def test_scale():
    assert scale([1, 2], 3) == [3, 6]


def test_scale_empty():
    assert scale([], 3) == []


def test_scale_negative():
    assert scale([-1], 2) == [-2]
''',
}


def built_problem(base: Path, name: str, files: dict[str, str], entry_point: str) -> tuple[dict, Path]:
    """(the problem of ``entry_point``, the split's path) of the repository ``name`` holding
    ``files``, built with the gates (gold, 4 mutants, flakiness); ``pytest.fail`` when the problem
    was not kept."""
    for rel, text in files.items():
        (base / name / rel).parent.mkdir(parents=True, exist_ok=True)
        (base / name / rel).write_text(text)
    commit_all(base / name)
    out = base / "out"
    records = build_executable_split([resolve(RepoSpec(path=str(base / name)))], out, allow_execution=True, seed=3,
                                     workers=1, report=BuildReport(), use_pynguin=False, mutants=4)
    by_name = {r["entry_point"]: r for r in records}
    if entry_point not in by_name:
        stats = out / "python" / "executable_stats.json"
        pytest.fail(f"the problem was not built: {sorted(by_name)}; {stats.read_text()[:3000] if stats.exists() else ''}")
    path = base / "split" / "executable.jsonl"
    path.parent.mkdir()
    path.write_text("".join(json.dumps(without_root(r)) + "\n" for r in records))
    write_roots(path.parent, records, name_key="project")
    return by_name[entry_point], path


def predictions(work: Path, task_id: str, generations: dict[str, str]) -> tuple[Path, Path]:
    """(predictions file, results path) in the new folder ``work``: one row per context."""
    work.mkdir()
    preds = work / "preds.jsonl"
    preds.write_text("".join(json.dumps({"task_id": task_id, "context_size": context, "generations": [code]}) + "\n"
                             for context, code in generations.items()))
    return preds, work / "results.jsonl"


def rows(results: Path) -> dict[str, dict]:
    """The results rows by context."""
    return {row["context_size"]: row for row in map(json.loads, results.read_text().splitlines())}
