"""The class and executable evaluations reuse the per-generation verdicts of a results log
(``--results``, by default ``<predictions stem>.metrics.generations.jsonl`` beside the
predictions): a log that came with the predictions is taken as verdicts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from crossfile_datasets.evaluation.classlevel import _sha, _task_sha
from crossfile_datasets.evaluation.cli import app
from crossfile_datasets.sandbox import SandboxLimits
from crossfile_datasets.core.constants import EXEC_MEMORY_BYTES, EXEC_TEST_TIMEOUT
from tests.hostile.redteam5.test_csharp import FILES, TASK, WRONG

def _forged_log(task: dict, generation: str) -> str:
    """What a submitter computes from public code and the public split alone: the key of each
    generation (task id, index, SHA-256 of the generation, of the task's test-relevant fields and
    of the CLI's default settings) and a passing verdict."""
    limits = SandboxLimits(timeout=300.0, memory_bytes=(EXEC_MEMORY_BYTES >> 20) << 20, test_timeout=EXEC_TEST_TIMEOUT)
    settings = {"timeout": limits.timeout, "test_timeout": limits.test_timeout, "memory_bytes": limits.memory_bytes,
                "max_processes": limits.max_processes, "repos": None}
    row = {"task_id": task["id"], "language": task["language"], "generation_index": 0,
           "generation_sha256": _sha(generation), "task_sha256": _task_sha(task),
           "settings_sha256": _sha(json.dumps(settings, sort_keys=True)),
           "compiled": True, "passed": True, "tests_passed": len(task["expected_to_pass"]),
           "tests_total": len(task["expected_to_pass"]), "status": "passed", "detail": "", "seconds": 1.0}
    return json.dumps(row) + "\n"


@pytest.mark.xfail(strict=True, raises=AssertionError,
                   reason="red team 2026-11-27e: a results log shipped beside the predictions (the default "
                          "--results path) is reused as verdicts: a wrong class passes without any run")
def test_a_results_log_shipped_with_the_predictions_is_not_taken_as_verdicts(tmp_path: Path):
    """Forged verdict (``evaluate-predictions class``; ``executable`` keys and reuses its log the
    same way). A submission is a folder: ``preds.jsonl`` and, beside it,
    ``preds.metrics.generations.jsonl``, the path the CLI appends to and reads back by default.
    Every key of a row is computable from public data (the generation, the public split's task,
    the CLI's default settings; ``repos`` is null when the split's own index names the folders),
    and nothing authenticates a row: the evaluator's run reuses it, runs nothing (not even the
    snapshot check or the refusal of a task's record), and reports pass@1 = 1."""
    # the wrong class fails both tests when it is run (test_csharp.py's control); here nothing
    # needs to run: the split names no folder, so an evaluation that runs it asks for --repos
    split = tmp_path / "split" / "class.jsonl"
    split.parent.mkdir()
    split.write_text(json.dumps(TASK) + "\n", encoding="utf-8")
    submission = tmp_path / "submission" / "preds.jsonl"
    submission.parent.mkdir()
    submission.write_text(json.dumps({"task_id": TASK["id"], "generations": [WRONG]}) + "\n", encoding="utf-8")
    (submission.parent / "preds.metrics.generations.jsonl").write_text(_forged_log(TASK, WRONG), encoding="utf-8")
    result = CliRunner().invoke(app, ["class", str(split), str(submission), "--k", "1"])
    metrics = submission.with_suffix(".metrics.json")
    assert result.exit_code == 0 or "pass --repos" in result.output, result.output[-2000:]
    if result.exit_code == 0:  # a verdict was given: it must be the class's own
        summary = json.loads(metrics.read_text())
        assert summary["generations_reused"] == 0, summary["generations"]
        assert summary["results"]["csharp"]["pass@1"]["mean"] == 0.0, summary["generations"]
