"""The class and executable evaluations reuse the per-generation verdicts of a results log
(``--results``, by default ``<predictions stem>.metrics.generations.jsonl`` beside the
predictions before the fix): a log that came with the predictions was taken as verdicts. Now
the default log is in the evaluator's own folder and only rows signed with its key are reused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from crossfile_datasets.core.records import Repository
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.core.repository_roots import ROOT_KEY, write_roots
from crossfile_datasets.evaluation.cli import app
from crossfile_datasets.lang import Lang, get_language
from crossfile_datasets.lang.sources import list_sources
from crossfile_datasets.sandbox import tree_digest
from tests.classlevel.test_csharp_runner import write_repo
from tests.hostile.redteam5.test_csharp import FILES, TASK, WRONG

pytestmark = [pytest.mark.mcs, pytest.mark.slow]


def test_a_results_log_shipped_with_the_predictions_is_not_taken_as_verdicts(tmp_path: Path):
    """Forged verdict (``evaluate-predictions class``; ``executable`` keys and reuses its log the
    same way). A submission is a folder: ``preds.jsonl`` and, beside it,
    ``preds.metrics.generations.jsonl``, the path the CLI appends to and reads back by default.
    Every key of a row is computable from public data (task id, index, the SHA-256 of the
    generation, of the public split's task and of the CLI's default settings; ``repos`` is null
    when the split's own index names the folders) and nothing authenticates a row: the evaluation
    reuses it, runs nothing (not even the snapshot check or the refusal of a task's record), and
    reports pass@1 = 1. Here the row's key is taken from an honest run of the same generation
    (a submitter computes it from the code's formula), and only its verdict is changed."""
    repo = write_repo(tmp_path / "repos" / TASK["repository"], FILES)
    _, snapshot = list_sources(Repository("", repo, "", "", ""), get_language(Lang.CSHARP), BuildReport())
    task = dict(TASK, snapshot_sha256=snapshot, tree_sha256=tree_digest(repo)[0])
    split = tmp_path / "split" / "class.jsonl"
    split.parent.mkdir()
    split.write_text(json.dumps(task) + "\n", encoding="utf-8")
    write_roots(split.parent, [{**task, ROOT_KEY: str(repo)}])  # the split's own index, as the build writes it
    preds = json.dumps({"task_id": TASK["id"], "generations": [WRONG]}) + "\n"

    honest = tmp_path / "honest" / "preds.jsonl"
    honest.parent.mkdir()
    honest.write_text(preds, encoding="utf-8")
    result = CliRunner().invoke(app, ["class", str(split), str(honest), "--k", "1"])
    # the log is where the evaluator says it wrote it (since the fix: its own folder, not the
    # predictions'; before: preds.metrics.generations.jsonl beside them)
    written = json.loads(honest.with_suffix(".metrics.json").read_text()) if result.exit_code == 0 else {}
    log = Path(written.get("generation_results") or honest.with_name("preds.metrics.generations.jsonl"))
    if result.exit_code != 0 or not log.is_file():
        pytest.fail(f"control did not run: {result.output[-2000:]}")
    rows = [json.loads(line) for line in log.read_text().splitlines() if line.strip()]
    if len(rows) != 1 or rows[0]["passed"] or rows[0]["status"] != "failed":
        pytest.fail(f"control: the wrong class should run and fail: {rows}")

    # the honest row with its verdict flipped (a MAC it carries no longer holds, one made with
    # another key never did)
    forged = dict(rows[0], passed=True, status="passed", tests_passed=rows[0]["tests_total"], detail="")
    submission = tmp_path / "submission" / "preds.jsonl"
    submission.parent.mkdir()
    submission.write_text(preds, encoding="utf-8")
    shipped = submission.with_name("preds.metrics.generations.jsonl")
    shipped.write_text(json.dumps(forged) + "\n", encoding="utf-8")
    # the default paths, then the shipped log named explicitly (a submitter's instructions may
    # say `--results sub/preds.metrics.generations.jsonl`)
    for extra in ([], ["--results", str(shipped)]):
        result = CliRunner().invoke(app, ["class", str(split), str(submission), "--k", "1", *extra])
        if result.exit_code != 0:  # a refusal of the shipped log is safe too, when it says so
            assert "generations.jsonl" in result.output or "results" in result.output, result.output[-2000:]
            continue
        summary = json.loads(submission.with_suffix(".metrics.json").read_text())
        assert summary["generations_reused"] == 0, summary["generations"]
        assert summary["results"]["csharp"]["pass@1"]["mean"] == 0.0, summary["generations"]
        if extra:  # the shipped row was read and refused, and counted
            assert summary["results_log_rows_refused"] == 1, summary
            assert "1 rows of the results log refused" in " ".join(result.output.split()), result.output
    # resume: the evaluator's own rows are reused (no run), the shipped one never
    again = CliRunner().invoke(app, ["class", str(split), str(submission), "--k", "1", "--results", str(shipped)])
    summary = json.loads(submission.with_suffix(".metrics.json").read_text())
    assert again.exit_code == 0 and summary["generations_reused"] == 1 and summary["generations_run"] == 0, summary
    assert summary["results"]["csharp"]["pass@1"]["mean"] == 0.0 and summary["results_log_rows_refused"] == 1, summary
