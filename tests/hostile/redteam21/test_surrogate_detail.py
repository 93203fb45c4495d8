"""Row 4: a failing generation's exception message holding a lone surrogate. The harness plugin
sends each failed test's message over the verdict channel as JSON (``json.dumps``: ASCII, the
surrogate escaped as ``\\ud800``); the host decodes it back into a lone surrogate and keeps it in
the generation's ``detail``; the evaluator's results log (``evaluation/records.py``
``AppendLog.append``: ``json.dumps(..., ensure_ascii=False)`` written through a strict UTF-8
handle) cannot encode it. ``iter_jsonl`` replaces lone surrogates of a *predictions file*
(red team 8), the channel does not: one generation of one line (``raise ValueError("\\ud800")``,
public Python) ends the whole evaluation, after its run, with a ``UnicodeEncodeError``. The
class evaluation logs each failed test's message in ``detail`` the same way (Python, here; C#'s
test host escapes every surrogate as ``\\uXXXX`` too, ``CrossfileTestHost.cs:107``; Java's
writer passes them raw and UTF-8 turns them into ``?``)."""

from __future__ import annotations

import sys

import pytest

from crossfile_datasets.evaluation.executable import RunSettings, evaluate_executable
import json

from crossfile_datasets.builders.classlevel.build import build_class_split
from crossfile_datasets.core.records import Repository
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.evaluation.classlevel import evaluate_class
from tests.conftest import write_tree
from tests.hostile.redteam15.test_class_values import ORIGINAL, STOCK
from tests.hostile.redteam18._exec import SCALE_REPOSITORY, built_problem, predictions, rows

pytestmark = pytest.mark.slow

SURROGATE = '''def scale(values, factor):
    raise ValueError("bad factor \\ud800")
'''
PLAIN = '''def scale(values, factor):
    raise ValueError("bad factor x")
'''


@pytest.fixture(scope="module")
def split(tmp_path_factory):
    return built_problem(tmp_path_factory.mktemp("redteam21-exec"), "calc", SCALE_REPOSITORY, "scale")


def _evaluate(split_path, task_id: str, generations: dict[str, str], work):
    preds, results = predictions(work, task_id, generations)
    raised = None
    try:
        evaluate_executable(split_path, preds, results,
                            settings=RunSettings(timeout=120, test_timeout=60, python=sys.executable))
    except Exception as exc:  # noqa: BLE001 - what the attack makes the evaluator do
        raised = exc
    return (rows(results) if results.exists() else {}), raised


def test_a_lone_surrogate_in_a_failure_message_does_not_stop_the_evaluation(split, tmp_path):
    record, split_path = split
    got, raised = _evaluate(split_path, record["id"], {"gold": record["solution"], "plain": PLAIN},
                            tmp_path / "control")
    if raised is not None or not got["gold"]["passed"] or got["plain"]["passed"]:
        pytest.fail(f"control: gold passes, the plain failure fails, the evaluation ends: {raised!r} {got}")
    got, raised = _evaluate(split_path, record["id"], {"attack": SURROGATE, "gold_after": record["solution"]},
                            tmp_path / "attack")
    print(f"raised: {raised!r}"[:600], {k: (v.get("passed"), v.get("status")) for k, v in got.items()})
    assert raised is None, f"the evaluation stopped: {raised!r}"[:600]
    assert not got["attack"]["passed"] and got["gold_after"]["passed"], got


# the class: the original with ``add`` raising (every test calls it)
RAISING = ORIGINAL.replace('        """Add ``count`` items of ``sku``."""\n',
                           '        """Add ``count`` items of ``sku``."""\n        raise ValueError("no stock MESSAGE")\n')
assert "MESSAGE" in RAISING


@pytest.fixture(scope="module")
def class_task(tmp_path_factory):
    base = tmp_path_factory.mktemp("redteam21-class")
    write_tree(base / "inv", STOCK)
    build_class_split("python", [Repository("inv", base / "inv", "", "", "MIT")], base / "out", allow_execution=True,
                      report=BuildReport())
    split = base / "out" / "python" / "class.jsonl"
    tasks = [json.loads(line) for line in split.read_text().splitlines()] if split.exists() else []
    found = [t for t in tasks if t["class_name"] == "Stock"]
    if not found:
        pytest.fail(f"precondition: no Stock task was built: {tasks}")
    return found[0], split


def _evaluate_class(task: dict, split, generations: list[str], work):
    work.mkdir()
    preds = work / "preds.jsonl"
    preds.write_text(json.dumps({"task_id": task["id"], "generations": generations}) + "\n")
    try:
        return evaluate_class(split, preds, ks=(1,), results_path=work / "results.jsonl")["generations"], None
    except Exception as exc:  # noqa: BLE001 - what the attack makes the evaluator do
        return [], exc


def test_a_lone_surrogate_in_a_failure_message_does_not_stop_the_class_evaluation(class_task, tmp_path):
    task, split = class_task
    got, raised = _evaluate_class(task, split, [task["class_source"], RAISING.replace("MESSAGE", "x")],
                                  tmp_path / "control")
    if raised is not None or len(got) != 2 or not got[0]["passed"] or got[1]["passed"]:
        pytest.fail(f"control: the original passes, the raising class fails, the evaluation ends: {raised!r} {got}")
    got, raised = _evaluate_class(task, split, [RAISING.replace("MESSAGE", "\\ud800"), task["class_source"]],
                                  tmp_path / "attack")
    print(f"raised: {raised!r}"[:600], [(g.get("passed"), g.get("status")) for g in got])
    assert raised is None, f"the evaluation stopped: {raised!r}"[:600]
    assert len(got) == 2 and not got[0]["passed"] and got[1]["passed"], got
