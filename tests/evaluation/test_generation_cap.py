"""``--max-generations`` (red team 2026-11-30 row 6): a predictions line of 200,000 empty
generations (0.8 MB) became 200,000 result rows kept to the end and a 127 MB results log. A
task with more generations than the cap refuses the predictions when they are loaded, the task
named, in the executable and the class evaluation (and the debugging rounds); up to the cap
they are evaluated."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from crossfile_datasets.core.jsonl import InputError
from crossfile_datasets.evaluation import constants as C
from crossfile_datasets.evaluation.cli import app
from crossfile_datasets.evaluation.executable import load_generations
from tests.evaluation.test_executable import PROBLEM

# a class task refused for its path: evaluated without a copy or a run
TASK = {"id": "shop/java/class/0", "language": "java", "repository": "shop", "file": "../outside/Cart.java",
        "file_without_class": "package shop;\n\n", "insertion_offset": 14, "expected_to_pass": ["shop.CartTest#total"],
        "class_name": "Cart"}


def test_the_executable_predictions_are_refused_past_the_cap_with_the_task_named(tmp_path):
    split, preds = tmp_path / "exec.jsonl", tmp_path / "preds.jsonl"
    split.write_text(json.dumps(PROBLEM) + "\n")
    problems = {PROBLEM["id"]: PROBLEM}
    preds.write_text(json.dumps({"task_id": PROBLEM["id"], "generations": ["", "", ""]}) + "\n")
    assert [len(s.generations) for s in load_generations(preds, problems, split, max_generations=3)] == [3]
    with pytest.raises(InputError, match=f"task {PROBLEM['id']} has 3 generations, more than --max-generations \\(2\\)"):
        load_generations(preds, problems, split, max_generations=2)
    assert C.MAX_GENERATIONS == 1_000
    res = CliRunner().invoke(app, ["executable", str(split), str(preds), "--max-generations", "2",
                                   "-o", str(tmp_path / "m.json")])
    assert res.exit_code == 2 and PROBLEM["id"] in res.output and "--max-generations" in res.output, res.output
    assert not (tmp_path / "m.json").exists() and not (tmp_path / "m.generations.jsonl").exists()


def test_the_class_predictions_are_refused_past_the_cap_with_the_task_named(tmp_path):
    (tmp_path / "repos" / "shop").mkdir(parents=True)
    split, preds = tmp_path / "class.jsonl", tmp_path / "preds.jsonl"
    split.write_text(json.dumps(TASK) + "\n")
    preds.write_text(json.dumps({"task_id": TASK["id"], "generations": ["", "x", ""]}) + "\n")
    common = ["class", str(split), str(preds), "--repos", str(tmp_path / "repos"), "-o", str(tmp_path / "m.json")]
    res = CliRunner().invoke(app, [*common, "--max-generations", "2"])
    assert res.exit_code == 2 and TASK["id"] in res.output and "3 generations" in res.output, res.output
    assert not (tmp_path / "m.json").exists() and not (tmp_path / "m.generations.jsonl").exists()
    res = CliRunner().invoke(app, [*common, "--max-generations", "3"])
    assert res.exit_code == 0, res.output
    summary = json.loads((tmp_path / "m.json").read_text())
    assert summary["results"]["java"]["status"] == {"task_refused": 3}
