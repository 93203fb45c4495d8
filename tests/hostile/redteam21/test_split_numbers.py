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
@pytest.mark.xfail(strict=True, raises=AssertionError,
                   reason="red team 2026-11-30 row 5: evaluation/classlevel.py:326 places every generation "
                          "(harness/class_runs.py:55 int(insertion_offset)) before any record check")
def test_a_split_records_non_finite_number_is_a_counted_refusal(tmp_path, offset):
    summary, raised = _evaluate(tmp_path / "control", [REFUSED])
    if raised is not None or [g["status"] for g in summary["generations"]] != ["task_refused"]:
        pytest.fail(f"precondition: a record refused for its path is counted: {raised!r} {summary}")
    bad = dict(BASE, id="shop/python/class/1", file="shop/cart.py", insertion_offset=offset)
    summary, raised = _evaluate(tmp_path / "attack", [REFUSED, bad])
    print(repr(raised), summary and [(g["task_id"], g["status"]) for g in summary["generations"]])
    assert raised is None, f"the evaluation stopped: {raised!r}"
    assert len(summary["generations"]) == 2, summary["generations"]
