"""Attacks by a hostile *dataset*: a class-level split downloaded from the Hub is evaluated
locally (``evaluate-predictions class SPLIT PREDS --repos FOLDER``, the documented way for a split
that did not come with its ``repositories.json``), so every field of a task record is input the
evaluation must not trust."""

from __future__ import annotations

import json

import pytest

from crossfile_datasets.core.jsonl import InputError
from crossfile_datasets.evaluation.classlevel import evaluate_class
from tests.classlevel.fixture import write_shop

pytestmark = pytest.mark.slow


def test_a_task_file_outside_the_copy_is_never_written(tmp_path):
    """Escape (class evaluation; as root: /etc/cron.d, ~/.bashrc, a site-packages .pth): the text
    written is ``file_without_class`` with the answer spliced in at ``insertion_offset``, both from
    the split. And a forged verdict on top: the copy keeps its original class, so every answer
    passes. ``check_snapshots`` looks at the folder's hashes, never at ``file``."""
    repos = tmp_path / "repos"
    write_shop(repos / "shop")
    outside = tmp_path / "outside" / "startup.sh"
    task = {"id": "shop/python/class/1", "language": "python", "repository": "shop", "class_name": "Cart",
            "file": str(outside), "file_without_class": "#!/bin/sh\necho run on the evaluator's machine\n",
            "insertion_offset": 0, "expected_to_pass": ["tests/test_cart.py::test_subtotal"]}
    split = tmp_path / "class.jsonl"
    split.write_text(json.dumps(task) + "\n")
    preds = tmp_path / "preds.jsonl"
    preds.write_text(json.dumps({"task_id": task["id"], "generations": ["class Cart:\n    pass\n"]}) + "\n")
    summary = evaluate_class(split, preds, repos=repos, ks=(1,))
    rows = summary["generations"]
    assert not outside.exists(), outside.read_text()
    # contained: the task is refused before any run, and counted (a status, a declared reason)
    assert [(r["status"], r["passed"]) for r in rows] == [("task_refused", False)], rows
    assert rows[0]["detail"].startswith("split_records/file_escapes"), rows
    assert summary["results"]["python"]["status"] == {"task_refused": 1}


def test_run_placed_writes_the_class_file_only_inside_the_copy(tmp_path):
    """The same attack one layer down (the builder's gates and the evaluation share
    ``run_placed``): the class file goes through the host-file boundary, which refuses an
    absolute or climbing path and a linked folder on the way; nothing is written outside."""
    from crossfile_datasets.harness.class_runs import run_placed
    from crossfile_datasets.sandbox import SandboxLimits, hostfs

    repos = tmp_path / "repos"
    write_shop(repos / "shop")
    outside = tmp_path / "outside"
    outside.mkdir()
    (repos / "shop" / "linked").symlink_to(outside)  # dropped by the copy: a link out of the copy
    for file in (str(outside / "a.py"), "../../outside/a.py", "linked/a.py"):
        task = {"language": "python", "file": file, "file_without_class": "X = 1\n", "insertion_offset": 0,
                "expected_to_pass": ["tests/test_cart.py::test_subtotal"]}
        with pytest.raises(hostfs.HostFileRefused):
            run_placed(task, "class Cart:\n    pass\n", repos / "shop", SandboxLimits())
    assert list(outside.iterdir()) == []



# The split's code, placed as the task's class file: a test module that reports what it finds in
# the folder it was copied into.
LEAK = "import os\n\ndef test_x():\n    assert False, sorted(os.listdir('.')) + [open('token.txt').read()]\n"


@pytest.mark.parametrize("how", ["repository", "repository_root"])
def test_a_task_cannot_choose_the_host_folder_it_runs_in(tmp_path, how):
    """Exposure (class evaluation): the sandbox hides /root, /home, the caches and HF_HOME; a
    hostile split names such a folder as its repository (``--repos R`` joins ``R / task["repository"]``;
    without ``--repos`` a record's own ``repository_root`` is kept, "records of older builds"),
    the evaluation copies it whole into the sandbox, and the split's own text (placed as the
    class file) reads it and puts it in the results (``detail``). With ``/`` the copy is the whole
    machine (a full disk)."""
    secret = tmp_path / "home" / "user"
    secret.mkdir(parents=True)
    (secret / "token.txt").write_text("hf_canary_of_the_red_team")
    repos = tmp_path / "repos"
    repos.mkdir()
    task = {"id": "x/python/class/1", "language": "python", "repository": "../home/user", "class_name": "X",
            "file": "test_leak.py", "file_without_class": LEAK, "insertion_offset": len(LEAK),
            "expected_to_pass": ["test_leak.py::test_x"]}
    if how == "repository_root":
        task = dict(task, repository="user", repository_root=str(secret))
    split = tmp_path / "split" / "class.jsonl"
    split.parent.mkdir()
    split.write_text(json.dumps(task) + "\n")
    preds = tmp_path / "preds.jsonl"
    preds.write_text(json.dumps({"task_id": task["id"], "generations": [""]}) + "\n")
    if how == "repository":
        # contained: the name climbs out of --repos; the task is refused, counted, never run
        rows = evaluate_class(split, preds, repos=repos, ks=(1,))["generations"]
        assert [(r["status"], r["passed"]) for r in rows] == [("task_refused", False)], rows
        assert rows[0]["detail"].startswith("split_records/repository_name_escapes"), rows
    else:
        # contained: a record's own repository_root is dropped when the split is read; with no
        # index beside the split the evaluation says to pass --repos (and why), before any run
        with pytest.raises(InputError, match="pass --repos.*own_root_ignored|own_root_ignored.*pass --repos"):
            evaluate_class(split, preds, repos=None, ks=(1,))
        rows = []
    assert "hf_canary_of_the_red_team" not in json.dumps(rows), rows


@pytest.fixture(scope="module")
def ledger_problem(tmp_path_factory):
    """``balance`` of the hostile corpus's ledger, built the real way (no Pynguin, no mutants)."""
    from crossfile_datasets.builders.executable.build import ExecSettings, build_repository
    from crossfile_datasets.core.report import BuildReport
    from tests.hostile.conftest import ledger

    repo = ledger(tmp_path_factory.mktemp("redteam2-dataset") / "ledger")
    records, _ = build_repository(repo, ExecSettings(use_pynguin=False, flaky_runs=1, mutants=0), BuildReport())
    (problem,) = records
    return problem


@pytest.mark.parametrize("where", ["absolute", "dotdot"])
def test_a_problem_file_outside_the_copy_is_never_read_or_written(ledger_problem, tmp_path, where):
    """Contained (executable evaluation, the same hostile-split attack as above): the problem
    runner reads and replaces the module through the host-file boundary (``sandbox/hostfs.py``),
    which refuses absolute and ``..`` paths."""
    import sys

    from crossfile_datasets.sandbox.problems import run_problem_tests

    outside = tmp_path / "outside.py"
    outside.write_text("ORIGINAL = 1\n")
    problem = dict(ledger_problem, file=str(outside) if where == "absolute" else "../../../../../../../.." + str(outside))
    verdict = run_problem_tests(problem, "def balance(entries):\n    return 0\n", 60, python=sys.executable)
    assert outside.read_text() == "ORIGINAL = 1\n"
    assert not verdict["passed"], verdict
