"""The bundled Python samples give class-level tasks, and the evaluation scores their gold
classes 1 and empty classes 0 (examples/python/*, real pytest suites, real sandbox)."""
from __future__ import annotations

import json

import pytest

from crossfile_datasets.builders.cli import EXAMPLES_DIR
from crossfile_datasets.builders.classlevel.build import build_class_split
from crossfile_datasets.builders.repos import collection_specs, resolve_all
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.evaluation.classlevel import evaluate_class

pytestmark = pytest.mark.slow


def test_samples_give_at_least_five_tasks_that_gold_passes_and_empty_fails(tmp_path):
    repos = resolve_all(collection_specs(EXAMPLES_DIR / "python"))
    records, stats = build_class_split("python", repos, tmp_path / "out", allow_execution=True, report=BuildReport())
    assert len(records) >= 5
    assert {r["repository"] for r in records} >= {"shelfkeeper"}
    assert stats["repositories_not_run"] == {"suite_no_tests": 2}  # inventory_service, weatherlab have no tests
    preds = tmp_path / "preds.jsonl"
    preds.write_text("".join(json.dumps({"task_id": r["id"], "generations": [
        r["class_source"], f"class {r['class_name']}:\n    pass\n"]}) + "\n" for r in records))
    summary = evaluate_class(tmp_path / "out" / "python" / "class.jsonl", preds, ks=(1,), workers=2)
    gold = [g["passed"] for g in summary["generations"] if g["generation_index"] == 0]
    empty = [g["passed"] for g in summary["generations"] if g["generation_index"] == 1]
    assert all(gold) and len(gold) == len(records)
    assert not any(empty)
