"""Row 5: a published class-level split (the Hub's, or anyone's: red teams 2, 3 and 8's attacker)
whose task has ``"insertion_offset": NaN`` (or ``Infinity``): Python's ``json`` reads both
tokens (``core/untrusted_json.loads_untrusted`` bounds integers only), ``load_tasks`` checks
that the key is there, not what it holds, and ``evaluate_class`` places every generation in its
main loop before any refusal (``job_key = ... place_class(task, generation)`` ->
``int(task["insertion_offset"])``): ``ValueError`` / ``OverflowError`` out of the evaluation.
One record stops the evaluation of every task of the split, with a traceback and no count; a
record refused for its path (``file: ../outside/cart.py``) is counted ``task_refused`` and the
others go on."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from crossfile_datasets.evaluation.classlevel import evaluate_class

BASE = {"language": "python", "repository": "shop", "file_without_class": "import os\n\n", "insertion_offset": 11,
        "expected_to_pass": ["tests/test_shop.py::test_total"], "class_name": "Cart"}
REFUSED = dict(BASE, id="shop/python/class/0", file="../outside/cart.py")  # counted: split_records/file_escapes


def _evaluate(work: Path, tasks: list[dict]):
    work.mkdir()
    (work / "repos" / "shop").mkdir(parents=True)
    split, preds = work / "class.jsonl", work / "preds.jsonl"
    split.write_text("".join(json.dumps(t) + "\n" for t in tasks))  # NaN / Infinity: Python's json tokens
    preds.write_text("".join(json.dumps({"task_id": t["id"], "generations": ["class Cart:\n    pass\n"]}) + "\n"
                             for t in tasks))
    try:
        return evaluate_class(split, preds, repos=work / "repos", ks=(1,)), None
    except Exception as exc:  # noqa: BLE001 - what the record makes the evaluator do
        return None, exc


@pytest.mark.parametrize("offset", [float("nan"), float("inf")], ids=["NaN", "Infinity"])
def test_a_split_records_non_finite_number_is_a_counted_refusal(tmp_path, offset):
    summary, raised = _evaluate(tmp_path / "control", [REFUSED])
    if raised is not None or [g["status"] for g in summary["generations"]] != ["task_refused"]:
        pytest.fail(f"precondition: a record refused for its path is counted: {raised!r} {summary}")
    bad = dict(BASE, id="shop/python/class/1", file="shop/cart.py", insertion_offset=offset)
    summary, raised = _evaluate(tmp_path / "attack", [REFUSED, bad])
    print(repr(raised), summary and [(g["task_id"], g["status"]) for g in summary["generations"]])
    assert raised is None, f"the evaluation stopped: {raised!r}"
    assert len(summary["generations"]) == 2, summary["generations"]
    # contained: refused and counted, the field named
    [row] = [g for g in summary["generations"] if g["task_id"] == "shop/python/class/1"]
    assert row["status"] == "task_refused" and row["detail"].startswith("split_records/field_type: insertion_offset")


@pytest.mark.parametrize("field, value", [
    ("insertion_offset", -1), ("insertion_offset", 12), ("insertion_offset", True), ("insertion_offset", 1.5),
    ("insertion_offset", "11"), ("file_without_class", ["import os"]), ("expected_to_pass", []),
    ("expected_to_pass", "tests/test_shop.py::test_total"), ("expected_to_pass", [1]), ("language", "typescript"),
    ("snapshot_sha256", {"a": 1}), ("tree_sha256", ["x"]), ("class_name", 3), ("value_checks", ["x"])])
def test_every_field_the_class_evaluation_computes_with_is_checked_when_the_split_is_loaded(tmp_path, field, value):
    """The other fields row 5's check covers: each wrong one is a counted refusal naming it (an
    offset past the file, a bool, a float or text; texts, test ids and hashes of another type; a
    language without a class-level runner), never an exception out of the evaluation."""
    bad = dict(BASE, id="shop/python/class/1", file="shop/cart.py", **{field: value})
    summary, raised = _evaluate(tmp_path / "work", [REFUSED, bad])
    assert raised is None, f"the evaluation stopped: {raised!r}"
    [row] = [g for g in summary["generations"] if g["task_id"] == "shop/python/class/1"]
    assert row["status"] == "task_refused" and row["detail"].startswith(f"split_records/field_type: {field}"), row


def test_generating_for_a_split_record_of_a_non_finite_offset_is_a_clear_error(tmp_path):
    """``generate-predictions class`` builds each prompt with the same offset: ``Infinity`` raised
    OverflowError (not the ValueError it turns into a message) out of the command. Now the
    field's refusal is the message (exit 2), before any model is asked."""
    from typer.testing import CliRunner

    from crossfile_datasets.evaluation.generate import app as generate_app

    split = tmp_path / "class.jsonl"
    split.write_text(json.dumps(dict(BASE, id="shop/python/class/1", file="shop/cart.py", insertion_offset=float("inf"),
                                     detailed_skeleton="class Cart: ...")) + "\n")
    result = CliRunner().invoke(generate_app, ["class", str(split), str(tmp_path / "preds.jsonl"),
                                               "--model-url", "http://127.0.0.1:9/v1", "--model", "m"])
    assert result.exit_code == 2 and "split_records/field_type: insertion_offset" in result.output, result.output
