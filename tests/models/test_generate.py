"""``generate-predictions``: from a split to the predictions file ``evaluate-predictions``
reads, through the real client and a stand-in OpenAI-compatible server on loopback."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from crossfile_datasets.evaluation.cli import app as evaluate_app
from crossfile_datasets.evaluation.generate import app, executable_stops
from tests.models.standin_openai import OpenAIStandIn


def _completion_split(path: Path) -> list[dict]:
    rows = []
    for n, (prompt, truth) in enumerate([("from shop import cart\n\ntotal = cart.", "total_of(items)\n"),
                                          ("import util\n\nvalue = util.", "parse(text)\n")]):
        rows.append({"prompt": prompt, "groundtruth": truth, "right_context": "print(total)\n",
                     "crossfile_context": {"text": f"# context {n}\n", "list": []},
                     "metadata": {"task_id": f"r/python/{n}", "file": "a.py"}, "language": "python"})
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return rows


def test_completion_predictions_then_metrics(tmp_path, monkeypatch):
    monkeypatch.setenv("CROSSFILE_CACHE", str(tmp_path / "cache"))
    rows = _completion_split(tmp_path / "split.jsonl")
    answers = {r["prompt"]: r["groundtruth"] for r in rows[:1]}  # knows the first, not the second

    def complete(prompt: str) -> str:
        return next((a for p, a in answers.items() if prompt.endswith(p)), "wrong()\n")

    runner = CliRunner()
    with OpenAIStandIn(complete=complete) as server:
        res = runner.invoke(app, ["completion", str(tmp_path / "split.jsonl"), str(tmp_path / "pred.jsonl"),
                                  "--model-url", server.url, "--no-cache"])
        assert res.exit_code == 0, res.output
        sent = [p for _, body in server.requests for p in body["prompt"]]
        assert sent == ["# context 0\n" + rows[0]["prompt"], "# context 1\n" + rows[1]["prompt"]]
        res = runner.invoke(app, ["completion", str(tmp_path / "split.jsonl"), str(tmp_path / "nc.jsonl"),
                                  "--model-url", server.url, "--no-context", "--fim", "--no-cache"])
        assert res.exit_code == 0, res.output
        fim = [p for _, body in server.requests[1:] for p in body["prompt"]]
        assert fim[0].startswith("<fim_prefix>from shop") and fim[0].endswith("print(total)\n<fim_middle>")
    preds = [json.loads(l) for l in (tmp_path / "pred.jsonl").read_text().splitlines()]
    assert preds == [{"task_id": "r/python/0", "pred": "total_of(items)\n"}, {"task_id": "r/python/1", "pred": "wrong()\n"}]
    res = runner.invoke(evaluate_app, ["completion", str(tmp_path / "split.jsonl"), str(tmp_path / "pred.jsonl"),
                                       "-o", str(tmp_path / "m.json"), "--resamples", "0"])
    assert res.exit_code == 0, res.output
    metrics = json.loads((tmp_path / "m.json").read_text())
    assert metrics["results"]["python"]["em"]["mean"] == 50.0


def test_executable_predictions_per_context_size(tmp_path, monkeypatch):
    monkeypatch.setenv("CROSSFILE_CACHE", str(tmp_path / "cache"))
    prompt = "class Cart:\n    def total(self):\n        \"\"\"Sum.\"\"\"\n"
    record = {"id": "p/0", "prompt": {size: prompt for size in ("full_context", "medium_context", "small_context")}}
    (tmp_path / "split.jsonl").write_text(json.dumps(record) + "\n")
    with OpenAIStandIn(complete=lambda p: "        return sum(self.items)\n") as server:
        res = CliRunner().invoke(app, ["executable", str(tmp_path / "split.jsonl"), str(tmp_path / "pred.jsonl"),
                                       "--model-url", server.url, "--n", "2", "--temperature", "0.8",
                                       "--context-size", "small_context"])
        assert res.exit_code == 0, res.output
        body = server.requests[0][1]
    assert body["n"] == 2 and body["temperature"] == 0.8 and "\n    def " in body["stop"]
    rows = [json.loads(l) for l in (tmp_path / "pred.jsonl").read_text().splitlines()]
    assert rows == [{"task_id": "p/0", "context_size": "small_context",
                     "generations": ["        return sum(self.items)\n"] * 2}]


def test_executable_stops_follow_the_target_level():
    top = executable_stops('def f(x):\n    """Doc."""\n')
    assert "\ndef " in top and not any(s.startswith("\n    ") for s in top)
    method = executable_stops('class A:\n    def f(self):\n        """Doc."""\n')
    assert "\n    def " in method and "\n    @" in method


def test_unknown_context_size_and_missing_model_are_clear_errors(tmp_path, monkeypatch):
    monkeypatch.delenv("CROSSFILE_MODEL_URL", raising=False)
    monkeypatch.delenv("CROSSFILE_MODEL", raising=False)
    (tmp_path / "s.jsonl").write_text(json.dumps({"id": "x", "prompt": {}}) + "\n")
    res = CliRunner().invoke(app, ["executable", str(tmp_path / "s.jsonl"), str(tmp_path / "o.jsonl"),
                                   "--context-size", "huge"])
    assert res.exit_code == 2 and "--context-size" in res.output
    res = CliRunner().invoke(app, ["executable", str(tmp_path / "s.jsonl"), str(tmp_path / "o.jsonl")])
    assert res.exit_code == 2 and "no model" in res.output
