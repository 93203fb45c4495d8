"""Attacks on the class-level evaluation (Python) by a model's generated class."""

from __future__ import annotations

import json
import os

import pytest

from crossfile_datasets.builders.classlevel.build import build_class_split
from crossfile_datasets.core.records import Repository
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.evaluation.classlevel import evaluate_class
from tests.classlevel.fixture import write_shop

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def cart_task(tmp_path_factory):
    """The class split of the shop fixture, built the real way; its ``Cart`` task."""
    base = tmp_path_factory.mktemp("redteam-class")
    root = write_shop(base / "shop")
    build_class_split("python", [Repository("shop", root, "", "", "MIT")], base / "out", allow_execution=True,
                      report=BuildReport())
    split = base / "out" / "python" / "class.jsonl"
    tasks = [json.loads(line) for line in split.read_text().splitlines()]
    (task,) = [t for t in tasks if t["class_name"] == "Cart"]
    assert task["expected_to_pass"] == ["tests/test_cart.py::test_subtotal", "tests/test_cart.py::test_total_and_describe"]
    return split, task


def evaluate(cart_task, tmp_path, *generations: str) -> dict:
    split, task = cart_task
    preds = tmp_path / "preds.jsonl"
    preds.write_text(json.dumps({"task_id": task["id"], "generations": list(generations)}) + "\n")
    return evaluate_class(split, preds, ks=(1,))


# Knows nothing of the harness: every method returns an object equal to anything.
ALWAYS_EQUAL = '''class Cart:
    class _Same:
        def __eq__(self, other):
            return True
        __hash__ = object.__hash__

    def __init__(self, prices):
        pass

    def add(self, sku, count=1):
        return self

    def subtotal(self):
        return Cart._Same()

    def total(self):
        return Cart._Same()

    def describe(self):
        return Cart._Same()
'''


def test_an_always_equal_class_does_not_pass(cart_task, tmp_path):
    """Forged verdict (class evaluation, Python): the executable split compares checked values on
    the host (sandbox/values.py), the class split still takes pytest's in-process verdict, so the
    ``__eq__`` trick issue 27 closed for functions passes every ``assert x.m() == literal`` of a
    class task. No harness knowledge needed: a model could stumble on it."""
    _, task = cart_task
    assert task["value_checks"] == [{"test": "tests/test_cart.py::test_subtotal", "site": 0},
                                    {"test": "tests/test_cart.py::test_total_and_describe", "site": 1},
                                    {"test": "tests/test_cart.py::test_total_and_describe", "site": 2}]
    summary = evaluate(cart_task, tmp_path, ALWAYS_EQUAL, task["class_source"], "class Cart:\n    pass\n")
    always, gold, empty = summary["generations"]
    assert not always["passed"] and always["tests_passed"] == 0, always
    assert "not a plain value" in always["detail"], always
    assert gold["passed"], gold  # the controls: the original class passes, the empty one does not
    assert not empty["passed"], empty


# The first expected test ends the test process after turning the sandbox's control folder into a
# link to a folder of the host (a regular file there gives the same): the runner starts a fresh
# process for the remaining tests and first writes their ids into control/ on the host.
BREAK_CONTROL = '''class Cart:
    def __init__(self, prices):
        import os
        root = os.environ["CROSSFILE_SANDBOX_ROOT"]
        os.rename(root + "/control", root + "/control.moved")
        os.symlink(%r, root + "/control")
        os._exit(3)
'''


def test_a_class_breaking_the_control_folder_does_not_abort_the_evaluation(cart_task, tmp_path):
    """Data loss (class evaluation, Python; the class build counts it per repository): hostfs
    refuses the write through the planted link (no escape: the target stays empty), but the
    refusal is an exception no caller between the runner and ``evaluate_class`` turns into a
    verdict, so the generations after it are never judged."""
    target = tmp_path / "host-folder"
    target.mkdir()
    try:
        summary = evaluate(cart_task, tmp_path, BREAK_CONTROL % str(target), "class Cart:\n    pass\n")
    finally:
        assert os.listdir(target) == []  # contained: nothing written through the link
    rows = summary["generations"]
    assert len(rows) == 2 and not any(row["passed"] for row in rows), rows
    assert rows[0]["status"] == "host_file_refused" and "host_files/" in rows[0]["detail"], rows[0]
    assert rows[1]["status"] != "host_file_refused", rows[1]  # the next generation was judged


KILLED_EVALUATION = '''
import json, sys
from crossfile_datasets.evaluation.classlevel import evaluate_class
evaluate_class(sys.argv[1], sys.argv[2], ks=(1,))
'''
# blocks the per-test alarm (SIGALRM), so only the hard per-test limit (40 s) could end it: the kill
# at 25 s always lands during the run (a plain sleep ended at the 10 s alarm, and on an idle
# machine the evaluation could finish before the kill)
HANGING = ("class Cart:\n    def __init__(self, prices):\n        import signal, time\n"
           "        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})\n        time.sleep(600)\n")
NEXT_HARNESS = '''
import sys
from crossfile_datasets.sandbox import Sandbox
Sandbox(None, python=sys.executable).close()  # its first Sandbox() sweeps what killed harnesses left
'''


def test_a_killed_class_evaluation_leaves_no_copy_behind(cart_task, tmp_path, child):
    """Host resource (class evaluation): issue 27's fix names sandbox folders after the harness's
    pid and sweeps those of dead harnesses, but ``run_placed`` makes its own copy of the
    repository in ``crossfile-class-eval-*`` (no pid in the name, not swept): every evaluation
    killed during a run (a hang, a time limit of the job, Ctrl-C twice) leaves a whole
    repository copy in the temporary folder."""
    split, task = cart_task
    preds = tmp_path / "preds.jsonl"
    preds.write_text(json.dumps({"task_id": task["id"], "generations": [HANGING]}) + "\n")
    killed = child(KILLED_EVALUATION, str(split), str(preds), timeout=25)
    assert killed.timed_out
    after = child(NEXT_HARNESS, timeout=60, temp=killed.temp)
    assert after.returncode == 0, after.stderr[-2000:]
    assert sorted(os.listdir(killed.temp)) == []
