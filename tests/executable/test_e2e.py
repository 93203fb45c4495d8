"""End to end: the executable split of the bundled textkit repository (real runs, no Pynguin)."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import datasets
import pytest

from crossfile_datasets.builders.executable.build import build_executable_split
from crossfile_datasets.builders.split import ExecutionNotAllowedError
from crossfile_datasets.builders.schema import ExecutableRecord, features_of
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.core.repository_roots import read_roots, without_root
from crossfile_datasets.evaluation.executable import load_problems
from crossfile_datasets.builders.repos import RepoSpec, resolve
from crossfile_datasets.sandbox.problems import run_problem_tests

TEXTKIT = Path(__file__).resolve().parents[2] / "examples" / "python" / "textkit"


def test_execution_must_be_allowed(tmp_path):
    with pytest.raises(ExecutionNotAllowedError, match="--allow-execution"):
        build_executable_split([], tmp_path, allow_execution=False, seed=1, workers=1, report=BuildReport())
    assert not (tmp_path / "python").exists()


@pytest.mark.slow
def test_textkit_executable_split(tmp_path):
    repo = resolve(RepoSpec(path=str(TEXTKIT)))
    report = BuildReport()
    # the mutation gate is off here (13 sandbox runs per problem): tests/executable/test_real_layouts.py covers it
    records = build_executable_split([repo], tmp_path, allow_execution=True, seed=42, workers=2, report=report,
                                     use_pynguin=False, mutants=0)
    assert len(records) >= 15
    text = (tmp_path / "python" / "executable.jsonl").read_text()
    lines = text.splitlines()
    assert [json.loads(l)["id"] for l in lines] == [r["id"] for r in records]
    # published records name no folder of this machine (issue 31); the local index does
    assert str(TEXTKIT) not in text and "repository_root" not in text
    assert read_roots(tmp_path / "python" / "executable.jsonl") == {repo.name: str(TEXTKIT)}
    saved = datasets.load_from_disk(str(tmp_path / "python" / "executable_dataset"))
    assert "repository_root" not in saved["full_context"].column_names
    stats = json.loads((tmp_path / "python" / "executable_stats.json").read_text())
    assert stats["problems"] == len(records) and stats["candidates"] >= 20
    assert "gold_failed" not in stats["dropped_problems"]
    assert stats["dropped_tests"].get("flaky", 0) + stats["dropped_tests"].get("repair_failed", 0) >= 1  # test_vocabulary_order
    assert stats["mean_coverage"] >= 0.4
    for rec in records:
        assert rec["coverage"] >= 0.4 and rec["test_list"]
        for size in ("full_context", "medium_context", "small_context"):
            ast.parse(rec["prompt"][size])
    assert sum(1 for r in records if r["dependencies"]["cross_file"]) >= 10
    # the records load with the declared features
    dataset = datasets.Dataset.from_list([without_root(r) for r in records], features=features_of(ExecutableRecord))
    assert dataset.num_rows == len(records)
    # the gold solution passes in the evaluation runner; a broken one does not
    problems = load_problems(tmp_path / "python" / "executable.jsonl")  # the folder comes from the index
    slugify = next(r for r in problems.values() if r["entry_point"] == "slugify")
    assert run_problem_tests(slugify, slugify["solution"], 60)["passed"]
    broken = slugify["solution"].replace("return slug", "return slug.upper()")
    assert run_problem_tests(slugify, broken, 60)["status"] == "failed"
    # a rerun resumes from the finished shard instead of running anything again
    again = build_executable_split([repo], tmp_path, allow_execution=True, seed=42, workers=2, report=BuildReport(),
                                   use_pynguin=False, mutants=0)
    assert [r["id"] for r in again] == [r["id"] for r in records]
