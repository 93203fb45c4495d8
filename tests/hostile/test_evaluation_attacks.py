"""Attacks on the executable split's evaluation (the problem runner of record, also the build's
gold and mutation gates): verdicts forged inside the tested process, a changed repository copy.
"""

from __future__ import annotations

import json
import shutil
import sys

import pytest

from crossfile_datasets.core.repository_roots import without_root, write_roots
from crossfile_datasets.builders.executable.build import ExecSettings, build_repository
from crossfile_datasets.core.jsonl import InputError
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.evaluation.executable import RunSettings, evaluate_executable
from tests.hostile.conftest import ledger

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """One problem built the real way (suite under coverage, validation, gold gate), and a
    pristine copy of its repository to restore after each attack."""
    base = tmp_path_factory.mktemp("hostile-eval")
    repo = ledger(base / "ledger")
    records, _ = build_repository(repo, ExecSettings(use_pynguin=False, flaky_runs=1, mutants=0), BuildReport())
    (problem,) = records
    shutil.copytree(repo.root, base / "pristine", symlinks=True)
    return problem, repo.root, base / "pristine"


@pytest.fixture
def evaluate(built, tmp_path):
    problem, root, pristine = built
    shutil.rmtree(root)
    shutil.copytree(pristine, root, symlinks=True)
    split = tmp_path / "split.jsonl"
    # as the builder publishes it: the record without its folder, the local index beside it
    split.write_text(json.dumps(without_root(problem)) + "\n")
    write_roots(split.parent, [problem], name_key="project")

    def run(**generations: str) -> dict[str, dict]:
        preds = tmp_path / "preds.jsonl"
        preds.write_text("".join(json.dumps({"task_id": problem["id"], "context_size": name, "generations": [code]})
                                 + "\n" for name, code in generations.items()))
        summary = evaluate_executable(split, preds, tmp_path / "results.jsonl",
                                      settings=RunSettings(timeout=60, test_timeout=30, python=sys.executable))
        rows = [json.loads(line) for line in (tmp_path / "results.jsonl").read_text().splitlines()]
        return {row["context_size"]: row for row in rows}

    return run


def balance(body: str) -> str:
    return "def balance(entries):\n" + "".join(f"    {line}\n" for line in body.strip("\n").split("\n"))


def test_the_built_problem_checks_its_values_on_the_host(built):
    problem, _, _ = built
    # one checked site in each generated program (the order of value_checks is by path, not test_paths')
    assert sorted((v["test_path"], v["site"]) for v in problem["value_checks"]) == \
        sorted((path, 0) for path in problem["test_paths"])
    assert problem["tree_sha256"]


def test_a_return_value_whose_eq_always_holds_does_not_pass(evaluate):
    """Issue 27, in-process forgery: a return value whose ``__eq__`` is always true passed every
    ``assert f(x) == expected``. The value is now compared on the host."""
    rows = evaluate(
        gold=balance("total = 0\nfor amount in entries:\n    total += amount\nreturn total"),
        liar=balance("class Liar:\n    def __eq__(self, other):\n        return True\nreturn Liar()"),
        liar_int=balance("class Liar(int):\n    def __eq__(self, other):\n        return True\n"
                         "    __hash__ = int.__hash__\nreturn Liar(0)"),
    )
    assert rows["gold"]["status"] == "passed"
    assert rows["liar"]["status"] == "failed" and "value checks failed" in rows["liar"]["detail"]
    assert rows["liar_int"]["status"] == "failed" and "got 0" in rows["liar_int"]["detail"]


def test_a_completion_patching_pytest_reports_does_not_pass(evaluate):
    """Issue 27, in-process forgery: a completion that patches pytest's ``TestReport`` turned
    every failure into a pass."""
    patch = '''import _pytest.reports as _reports
_made = _reports.TestReport.from_item_and_call.__func__
def _passing(cls, item, call):
    report = _made(cls, item, call)
    report.outcome, report.longrepr = "passed", None
    return report
_reports.TestReport.from_item_and_call = classmethod(_passing)
return 0'''
    rows = evaluate(patched=balance(patch))
    assert rows["patched"]["status"] == "failed", rows["patched"]


def test_records_sent_through_the_plugin_then_exit_do_not_pass(evaluate):
    """Issue 27, in-process forgery: a completion that sends "passed" records and the end of
    the session through the harness plugin's own sender, then exits."""
    forge = '''import os, sys
plugin = sys.modules["crossfile_pytest_plugin"]
caller = sys._getframe(1).f_code
nodeid = os.path.relpath(caller.co_filename) + "::" + caller.co_name
plugin._send({"nodeid": nodeid, "when": "call", "outcome": "passed", "exc_type": None, "xfail": False,
              "message": "", "violations": []})
plugin._send({"event": "session_end", "exitstatus": 0, "collected": 1})
os._exit(0)'''
    rows = evaluate(forged=balance(forge))
    assert rows["forged"]["status"] in ("failed", "incomplete"), rows["forged"]
    assert not rows["forged"]["passed"]


def test_records_of_a_forked_child_are_refused(evaluate):
    """Records from any process but the one the harness started (a forked child keeps the
    pipe and the token) are refused."""
    fork = '''import os, sys
plugin = sys.modules["crossfile_pytest_plugin"]
caller = sys._getframe(1).f_code
if os.fork() == 0:
    plugin._send({"nodeid": os.path.relpath(caller.co_filename) + "::" + caller.co_name, "when": "call",
                  "outcome": "passed", "exc_type": None, "xfail": False, "message": "", "violations": []})
    plugin._send({"event": "session_end", "exitstatus": 0, "collected": 1})
    os._exit(0)
os.wait()
os._exit(0)'''
    rows = evaluate(forked=balance(fork))
    assert rows["forked"]["status"] == "incomplete", rows["forked"]


def test_an_added_pytest_ini_and_dot_folder_plugin_are_refused(evaluate, built):
    """Issue 27, snapshot check: the snapshot hash covered the .py sources only, so a copy with
    an added pytest.ini loading a plugin from a dot-folder made ``return 0`` pass."""
    _, root, _ = built
    (root / ".hidden").mkdir()
    (root / ".hidden" / "forge.py").write_text(
        "import pytest\n\n\n@pytest.hookimpl(hookwrapper=True)\ndef pytest_runtest_makereport(item, call):\n"
        "    outcome = yield\n    outcome.get_result().outcome = 'passed'\n")
    (root / "pytest.ini").write_text("[pytest]\npythonpath = .hidden\naddopts = -p forge\n")
    with pytest.raises(InputError, match="configuration, dot-folders and plugins"):
        evaluate(zero=balance("return 0"))
