"""RepoExec's multi-round debugging: a failing generation goes back to the model with its test
output (through a loopback stand-in server), the fix is tested in the sandbox, and pass@1 / DIR
are reported per round."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from crossfile_datasets.harness.models import OpenAICompatibleClient
from crossfile_datasets.evaluation.cli import app
from crossfile_datasets.evaluation.debugging import debug_prompt, debug_rounds
from crossfile_datasets.evaluation.generate import executable_stops
from tests.conftest import write_tree
from tests.evaluation.test_executable import PROBLEM, REPO, SETTINGS, SOLUTION
from tests.models.standin_openai import OpenAIStandIn

WRONG = "    return title.upper()\n"  # runs, fails every assertion, calls no dependency
FIXED_BODY = SOLUTION.split('"""\n', 1)[1] + "\n"  # the gold body after the docstring


@pytest.fixture()
def workspace(tmp_path):
    write_tree(tmp_path / "repos" / "textkit", REPO)
    split = tmp_path / "exec.jsonl"
    split.write_text(json.dumps(PROBLEM) + "\n", encoding="utf-8")
    return tmp_path, tmp_path / "repos", split


def test_debug_prompt_shows_the_attempt_and_its_output_before_the_target():
    prompt = debug_prompt({**PROBLEM, "prompt": {"small_context": "import re\n\n" + PROBLEM["target_function_prompt"]}},
                          "small_context", WRONG, "test_words: AssertionError: assert 'HELLO' == 'hello-world'", "failed")
    assert prompt.startswith("import re\n\n# A previous version of `slugify` failed its tests.\n# def slugify(title):")
    assert "# test_words: AssertionError: assert 'HELLO' == 'hello-world'\n# A corrected version:\n" in prompt
    assert prompt.endswith(PROBLEM["target_function_prompt"])


@pytest.mark.slow
def test_failing_generation_is_fixed_in_round_one(workspace):
    tmp, repos, split = workspace
    preds = tmp / "preds.jsonl"
    preds.write_text(json.dumps({"task_id": PROBLEM["id"], "context_size": "small_context",
                                 "generations": [WRONG, SOLUTION]}) + "\n")
    seen = []

    def complete(prompt: str) -> str:
        seen.append(prompt)
        return FIXED_BODY if "hello-world" in prompt and "A corrected version" in prompt else WRONG

    with OpenAIStandIn(complete=complete) as server:
        client = OpenAICompatibleClient(server.url, "tiny-coder")
        summary = debug_rounds(split, preds, tmp / "debug", client, rounds=3, repos=repos, settings=SETTINGS,
                               stops=executable_stops)
    rounds = summary["rounds"]
    assert [r["round"] for r in rounds] == [0, 1]  # nothing left to fix after round 1
    assert rounds[0]["results"]["small_context"]["pass@1"]["mean"] == 0.5
    assert rounds[1]["results"]["small_context"]["pass@1"]["mean"] == 1.0
    assert rounds[1]["results"]["small_context"]["dir"]["mean"] == 1.0
    assert rounds[0]["failing_generations"] == 1 and rounds[1]["failing_generations"] == 0
    assert len(seen) == 1  # only the failing generation went back, with its test output
    assert rounds[1]["generations_run"] == 1  # the passing one was carried over, not re-run


@pytest.mark.slow
def test_cli_debug_rounds_writes_per_round_metrics(workspace, monkeypatch):
    tmp, repos, split = workspace
    monkeypatch.setenv("CROSSFILE_CACHE", str(tmp / "cache"))
    preds = tmp / "preds.jsonl"
    preds.write_text(json.dumps({"task_id": PROBLEM["id"], "context_size": "small_context", "generations": [WRONG]}) + "\n")
    answers = iter(["    return title\n", "    return ''\n", "    return None\n"])
    with OpenAIStandIn(complete=lambda p: next(answers)) as server:  # a model that never gets it right
        res = CliRunner().invoke(app, ["executable", str(split), str(preds), "--repos", str(repos), "--python",
                                       SETTINGS.python, "--debug-rounds", "2", "--model-url", server.url,
                                       "-o", str(tmp / "m.json"), "--timeout", str(SETTINGS.timeout)])
        assert res.exit_code == 0, res.output
        assert len(server.requests) == 2  # one fix request per round (each round's prompt shows a new attempt)
    summary = json.loads((tmp / "m.json").read_text())
    assert [r["results"]["small_context"]["pass@1"]["mean"] for r in summary["rounds"]] == [0.0, 0.0, 0.0]
    assert summary["model"] == "tiny-coder"


def test_identical_debug_prompts_are_answered_from_the_cache(workspace, tmp_path):
    from crossfile_datasets.harness.models import CachedClient

    _, repos, split = workspace
    preds = tmp_path / "preds.jsonl"
    preds.write_text(json.dumps({"task_id": PROBLEM["id"], "context_size": "small_context", "generations": [WRONG]}) + "\n")
    with OpenAIStandIn(complete=lambda p: WRONG) as server:  # greedy and stuck: round 2 asks what round 1 asked
        client = CachedClient(OpenAICompatibleClient(server.url, "tiny-coder"), tmp_path / "r.sqlite")
        summary = debug_rounds(split, preds, tmp_path / "debug", client, rounds=2, repos=repos, settings=SETTINGS,
                               stops=executable_stops)
        assert len(server.requests) == 1 and client.hits == 1
    assert len(summary["rounds"]) == 3
