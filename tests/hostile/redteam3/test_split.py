"""Attacks by a hostile *executable* split (``executable.jsonl`` from the Hub, evaluated with
``evaluate-predictions executable SPLIT PREDS --repos FOLDER``): its ``project`` is joined to
``--repos`` by ``evaluate_executable`` itself (``Path(repos) / problem["project"]``), not through
``core.repository_roots`` (where red team 2's row 10 found the same hole for the class split)."""

from __future__ import annotations

import json
import sys

import pytest

CANARY = "HF_TOKEN=hf_red_team_three_canary"
# The split's own check program (a record without test_paths/test_list runs its ``check`` as is):
# it runs pytest, with the harness's plugin options it is given, on a test that reports what the
# folder it was copied from holds.
CHECK = '''import sys
import pytest
open("test_leak.py", "w").write("def test_x():\\n    assert False, open('.env').read()\\n")
sys.exit(pytest.main(["-q", "test_leak.py", *sys.argv[1:]]))
'''


@pytest.mark.slow
def test_a_problem_cannot_choose_the_host_folder_it_runs_in(tmp_path):
    """Exposure of hidden folders (executable evaluation). The sandbox hides ``/root``, ``/home``,
    the caches and ``HF_HOME``; a problem whose ``project`` is ``../home/user/app`` (any folder
    holding a Python file with a known function: a user's other project) is copied whole into the
    sandbox, ``.env`` included, and the record's ``check`` reads it into a failure message, which
    the results keep (``detail``: a leaderboard submission leaks it)."""
    from crossfile_datasets.evaluation.executable import RunSettings, evaluate_executable

    victim = tmp_path / "home" / "user" / "app"
    victim.mkdir(parents=True)
    (victim / "app.py").write_text("def main():\n    return 0\n")
    (victim / ".env").write_text(CANARY + "\n")
    repos = tmp_path / "repos"
    repos.mkdir()
    problem = {"id": "app/1", "project": "../home/user/app", "file": "app.py", "qualname": "main",
               "entry_point": "main", "solution": "def main():\n    return 0\n", "check": CHECK}
    split = tmp_path / "split" / "executable.jsonl"
    split.parent.mkdir()
    split.write_text(json.dumps(problem) + "\n")
    preds = tmp_path / "preds.jsonl"
    preds.write_text(json.dumps({"task_id": "app/1", "generations": ["def main():\n    return 1\n"]}) + "\n")
    results = tmp_path / "results.jsonl"
    try:
        evaluate_executable(split, preds, results, repos=repos, settings=RunSettings(python=sys.executable))
    except (ValueError, OSError):  # refusing the record is a safe outcome
        pass
    text = results.read_text() if results.exists() else ""
    if results.exists() and '"status"' not in text:
        pytest.fail(f"no verdict row was logged: {text[-2000:]}")
    assert "hf_red_team_three_canary" not in text, text[-2000:]
