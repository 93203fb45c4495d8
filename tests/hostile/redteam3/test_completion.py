"""Attacks by a model's answer on the completion split's scoring: ``evaluate-predictions
completion`` (a predictions file is a submission: anyone's text) and the build's CrossCodeEval
model filter (``--model-filter URL``: the endpoint's answer, up to ``MODEL_ANSWER_MAX_BYTES``),
which both score through ``harness.scoring.score_example`` ->
``harness.postprocess.normalize_completion``, on the host, outside any time limit."""

from __future__ import annotations

import json

import pytest

from tests.hostile.redteam3.conftest import seconds

PROMPT = "from pkg.money import cents\n\n\ndef total(items):\n    return "
GROUNDTRUTH = "sum(cents(x) for x in items)\n"
LINES = 400


def test_an_answer_that_never_parses_does_not_stall_the_scoring(tmp_path):
    """Host hang (completion evaluation, model filter). The answer ``(`` then many lines of ``x``:
    no line-ending prefix makes ``prompt + prefix`` parse (the bracket stays open), so
    ``_line_end_statement`` tries every one, each through ``GrowingParse.parse`` (a Python loop over
    the common prefix, a tree-sitter re-parse with error recovery, ``has_error_after``): cost
    grows with the square of the answer's lines (measured: 2,000 lines 17 s, 4,000 lines 66 s on
    this machine; a 16 MiB answer, days). Measured as a ratio to an answer of the same size whose
    first line is the statement, through the real ``evaluate_completion`` reading a split and a
    predictions file."""
    from crossfile_datasets.evaluation.completion import evaluate_completion

    split = tmp_path / "completion.jsonl"
    split.write_text(json.dumps({"task_id": "t/1", "language": "python", "prompt": PROMPT,
                                 "groundtruth": GROUNDTRUTH, "metadata": {"file": "pkg/total.py"}}) + "\n")

    def scored(answer: str) -> float:
        preds = tmp_path / "preds.jsonl"
        preds.write_text(json.dumps({"task_id": "t/1", "pred": answer}) + "\n")
        return seconds(lambda: evaluate_completion(split, preds, resamples=10))

    honest_answer = "sum(cents(x) for x in items)\n" + "x\n" * LINES
    hostile_answer = "(\n" + "x\n" * LINES
    summary, scores = evaluate_completion(split, _preds(tmp_path, honest_answer), resamples=10)
    if scores[0].em != 100.0:
        pytest.fail(f"the honest answer's first line should be the statement: {scores[0]}")
    ordinary = min(scored(honest_answer) for _ in range(3))
    attacked = scored(hostile_answer)
    assert attacked < 20 * max(ordinary, 0.001), f"{attacked:.2f} s against {ordinary:.3f} s for an answer of the same size"


def _preds(folder, answer: str):
    path = folder / "honest-preds.jsonl"
    path.write_text(json.dumps({"task_id": "t/1", "pred": answer}) + "\n")
    return path
