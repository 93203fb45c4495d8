"""Class-level evaluation (evaluation/classlevel.py, `evaluate-predictions class`) on the fixture
repository: the gold class scores 1, an empty class 0, hostile class bodies stay in the sandbox."""
from __future__ import annotations

import json
import time

import pytest
from typer.testing import CliRunner

from crossfile_datasets.builders.classlevel.build import build_class_split
from crossfile_datasets.core.records import Repository
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.evaluation.classlevel import evaluate_class
from crossfile_datasets.harness.class_runs import clean_generation, place_class
from crossfile_datasets.evaluation.cli import app
from crossfile_datasets.sandbox import SandboxLimits
from tests.classlevel.fixture import SHOP, write_shop

EMPTY = "class Cart:\n    pass\n"


@pytest.fixture(scope="module")
def split(tmp_path_factory):
    base = tmp_path_factory.mktemp("eval")
    root = write_shop(base / "shop")
    records, _ = build_class_split("python", [Repository("shop", root, "", "", "MIT")], base / "out",
                                   allow_execution=True, report=BuildReport())
    return base, root, base / "out" / "python" / "class.jsonl", records[0]


def _predictions(path, task_id, generations):
    path.write_text(json.dumps({"task_id": task_id, "generations": generations}) + "\n")
    return path


@pytest.mark.slow
def test_placement_gold_is_the_original_file_and_model_imports_are_handled(split):
    task = split[3]
    assert place_class(task, task["class_source"]) == SHOP["pkg/cart.py"]
    assert place_class(task, "```python\n" + task["class_source"] + "\n```\nThis class...") == SHOP["pkg/cart.py"]
    answer = "from __future__ import annotations\nimport math\n\n" + task["class_source"]
    placed = place_class(task, answer)
    assert "from __future__" not in placed and "import math\n\nclass Cart:" in placed
    compile(placed, "cart.py", "exec")
    assert clean_generation("Here:\n```\nclass A:\n    pass\n```") == "class A:\n    pass"


def test_java_and_csharp_imports_move_to_the_import_block():
    java = {"language": "java", "file_without_class": "package a;\n\nimport java.util.List;\n\n\n",
            "insertion_offset": len("package a;\n\nimport java.util.List;\n\n")}
    placed = place_class(java, "import java.util.Map;\nimport java.util.List;\n\npublic class A { Map m; }")
    assert placed == "package a;\n\nimport java.util.List;\nimport java.util.Map;\n\npublic class A { Map m; }\n"
    cs = {"language": "csharp", "file_without_class": "using System;\nnamespace N {\n\n}\n",
          "insertion_offset": len("using System;\nnamespace N {\n")}
    placed = place_class(cs, "using System.Linq;\nclass A {}")
    assert placed == "using System;\nusing System.Linq;\nnamespace N {\nclass A {}\n}\n"


def test_gold_scores_one_and_empty_class_zero(split, tmp_path):
    _, _, split_path, task = split
    preds = _predictions(tmp_path / "p.jsonl", task["id"], [task["class_source"], EMPTY, task["class_source"]])
    summary = evaluate_class(split_path, preds, ks=(1, 2))
    rows = summary["generations"]
    assert [r["passed"] for r in rows] == [True, False, True]
    assert rows[0]["tests_passed"] == rows[0]["tests_total"] == 2 and rows[1]["tests_passed"] == 0
    result = summary["results"]["python"]
    assert result["pass@1"]["mean"] == pytest.approx(2 / 3)
    assert result["pass@2"]["mean"] == pytest.approx(1.0)  # unbiased: 1 - C(1,2)/C(3,2)
    assert result["compilation_rate"]["mean"] == 1.0

    gold = evaluate_class(split_path, _predictions(tmp_path / "g.jsonl", task["id"], [task["class_source"]]), ks=(1,))
    assert gold["results"]["python"]["pass@1"]["mean"] == 1.0
    empty = evaluate_class(split_path, _predictions(tmp_path / "e.jsonl", task["id"], [EMPTY]), ks=(1,))
    assert empty["results"]["python"]["pass@1"]["mean"] == 0.0
    assert empty["results"]["python"]["test_pass_rate"]["mean"] == 0.0
    broken = evaluate_class(split_path, _predictions(tmp_path / "b.jsonl", task["id"], ["class Cart(:\n"]), ks=(1,))
    assert broken["generations"][0]["status"] == "compile_failed"
    assert broken["results"]["python"]["compilation_rate"]["mean"] == 0.0


@pytest.mark.slow
def test_hostile_class_bodies_are_contained(split, tmp_path):
    base, root, split_path, task = split
    outside = tmp_path / "precious.txt"
    outside.write_text("keep me")
    hostile = [
        # deletes files: the repository it was given, the original repository, a file of the user
        f"import os, shutil\nshutil.rmtree({str(root)!r}, ignore_errors=True)\n"
        f"try:\n    os.remove({str(outside)!r})\nexcept OSError:\n    pass\n" + task["class_source"],
        # a fork bomb when the module is imported
        "import os\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        pass\n" + task["class_source"],
        # never returns
        "while True:\n    pass\n" + task["class_source"],
    ]
    preds = _predictions(tmp_path / "h.jsonl", task["id"], hostile)
    started = time.monotonic()
    summary = evaluate_class(split_path, preds, ks=(1,), limits=SandboxLimits(timeout=20, test_timeout=5))
    assert time.monotonic() - started < 120
    rows = summary["generations"]
    # the deletions ran inside the sandbox's copy only: the tests there still pass
    assert outside.read_text() == "keep me" and (root / "pkg" / "cart.py").read_text() == SHOP["pkg/cart.py"]
    assert not rows[1]["passed"] and not rows[2]["passed"]
    assert rows[2]["status"] in ("timeout", "crashed", "failed")
    # the machine is still usable: the gold class passes right after
    gold = evaluate_class(split_path, _predictions(tmp_path / "g.jsonl", task["id"], [task["class_source"]]), ks=(1,))
    assert gold["results"]["python"]["pass@1"]["mean"] == 1.0


@pytest.mark.slow
def test_a_runner_that_fails_on_one_repository_does_not_stop_the_others(split, tmp_path, monkeypatch):
    """One repository never stops the others (red team 3, row 9): when the runner's ``setup`` on
    one repository's original tree raises (here a fault injected into the real Python runner for
    the folder ``broken``; a tree 1,100 folders deep did it to Java's), that repository's tasks get
    ``setup_failed`` with the exception, counted in ``status``; the other repository's gold class
    still passes, and a rerun after the fault tries it again instead of reusing the row."""
    import shutil

    from crossfile_datasets.lang import Lang
    from crossfile_datasets.sandbox.suites import runner_for

    _, root, _, task = split
    repos = tmp_path / "repos"
    shutil.copytree(root, repos / "shop")
    shutil.copytree(root, repos / "broken")
    other = dict(task, id="broken/python/class/0", repository="broken")
    split_path = tmp_path / "class.jsonl"
    split_path.write_text(json.dumps(task) + "\n" + json.dumps(other) + "\n")
    preds = tmp_path / "p.jsonl"
    preds.write_text("".join(json.dumps({"task_id": t["id"], "generations": [t["class_source"]]}) + "\n"
                             for t in (task, other)))
    runner = runner_for(Lang.PYTHON)
    real = type(runner).setup

    def failing(self, path, *args, **kwargs):
        if path.name == "broken":
            raise RecursionError("maximum recursion depth exceeded")
        return real(self, path, *args, **kwargs)

    monkeypatch.setattr(type(runner), "setup", failing)
    log = tmp_path / "gens.jsonl"
    summary = evaluate_class(split_path, preds, repos=repos, ks=(1,), results_path=log)
    rows = {r["task_id"]: r for r in summary["generations"]}
    assert rows[task["id"]]["passed"], rows[task["id"]]
    assert rows[other["id"]]["status"] == "setup_failed" and not rows[other["id"]]["passed"]
    assert "RecursionError" in rows[other["id"]]["detail"] and summary["sandbox_runs"] == 1
    assert summary["results"]["python"]["status"] == {"passed": 1, "setup_failed": 1}
    monkeypatch.setattr(type(runner), "setup", real)
    again = evaluate_class(split_path, preds, repos=repos, ks=(1,), results_path=log)
    assert again["generations_reused"] == 1 and again["results"]["python"]["status"] == {"passed": 2}


def test_repeated_generations_run_once_and_a_rerun_reuses_the_log(split, tmp_path):
    _, _, split_path, task = split
    preds = _predictions(tmp_path / "p.jsonl", task["id"], [task["class_source"], EMPTY, task["class_source"] + "\n"])
    log = tmp_path / "gens.jsonl"
    first = evaluate_class(split_path, preds, ks=(1,), results_path=log)
    assert first["sandbox_runs"] == 2 and first["generations_run"] == 3  # gold twice (same placed file)
    assert len(log.read_text().splitlines()) == 3
    again = evaluate_class(split_path, preds, ks=(1,), results_path=log)
    assert again["sandbox_runs"] == 0 and again["generations_reused"] == 3
    assert again["results"] == first["results"]
    changed = _predictions(tmp_path / "p.jsonl", task["id"], [task["class_source"], "class Cart:\n    x = 1\n",
                                                               task["class_source"] + "\n"])
    third = evaluate_class(split_path, changed, ks=(1,), results_path=log)
    assert third["sandbox_runs"] == 1 and third["generations_reused"] == 2


def test_cli(split, tmp_path):
    _, _, split_path, task = split
    preds = _predictions(tmp_path / "p.jsonl", task["id"], [task["class_source"]])
    result = CliRunner().invoke(app, ["class", str(split_path), str(preds), "-o", str(tmp_path / "m.json"), "--k", "1"])
    assert result.exit_code == 0, result.output
    assert "Class-level metrics" in result.output
    assert json.loads((tmp_path / "m.json").read_text())["results"]["python"]["pass@1"]["mean"] == 1.0
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps({"task_id": "nope", "generations": ["x"]}) + "\n")
    result = CliRunner().invoke(app, ["class", str(split_path), str(bad)])
    assert result.exit_code == 2 and "not in the split: nope" in result.output


def test_generate_then_evaluate_with_a_model_endpoint(split, tmp_path):
    from crossfile_datasets.evaluation.classlevel import class_prompt
    from crossfile_datasets.evaluation.generate import app as generate_app
    from tests.models.standin_openai import OpenAIStandIn

    _, _, split_path, task = split
    prompt = class_prompt(task, "sketchy_skeleton")
    assert "# <the class Cart goes here>" in prompt and "def subtotal(self):" in prompt
    assert "round_money(sum(" not in prompt  # neither the description nor the file shows the class body
    seen = []

    def chat(messages):  # a "model" that answers the gold class in a fence, with chatter around it
        seen.append(messages[-1]["content"])
        return "Here is the class:\n```python\n" + task["class_source"] + "\n```\nHope it helps."

    preds = tmp_path / "preds.jsonl"
    with OpenAIStandIn(complete=lambda p: "", chat=chat) as server:
        result = CliRunner().invoke(generate_app, ["class", str(split_path), str(preds), "--model-url", server.url,
                                                   "--model", "tiny-coder", "--description", "sketchy_skeleton",
                                                   "--no-cache"])
    assert result.exit_code == 0, result.output
    assert seen == [prompt]
    summary = evaluate_class(split_path, preds, ks=(1,))
    assert summary["results"]["python"]["pass@1"]["mean"] == 1.0
    missing = CliRunner().invoke(generate_app, ["class", str(split_path), str(preds), "--model-url", "http://127.0.0.1:9",
                                                "--description", "detailed"])
    assert missing.exit_code == 2 and "no 'detailed' description" in missing.output
