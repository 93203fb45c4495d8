"""CrossCodeEval's model filter in a real build: an exact completion without cross-file context
drops its example (``predictable_without_context``), a wrong one keeps it, and the kept example
records the model's name and completion."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from crossfile_datasets.builders.cli import app
from tests.models.standin_openai import OpenAIStandIn
from tests.shop_fixture import write_shop


def _rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


@pytest.mark.pylint
@pytest.mark.slow
def test_model_filter_drops_exact_completions_and_records_the_rest(tmp_path, monkeypatch):
    monkeypatch.setenv("CROSSFILE_CACHE", str(tmp_path / "cache"))
    write_shop(tmp_path / "repos" / "shop", ("shop/cart.py", "shop/invoice.py"))
    runner = CliRunner()
    base = ["--lang", "python", "--repos-dir", str(tmp_path / "repos"), "--retrievers", "", "--no-cache"]
    res = runner.invoke(app, base + ["--output", str(tmp_path / "plain")])
    assert res.exit_code == 0, res.output
    plain = _rows(tmp_path / "plain/python/line_completion.jsonl")
    assert {r["metadata"]["file"] for r in plain} == {"shop/cart.py", "shop/invoice.py"}
    assert all(r["metadata"]["model_filter"] == {"model": "", "completion": ""} for r in plain)
    cart = next(r for r in plain if r["metadata"]["file"] == "shop/cart.py")

    def answer(prompt: str) -> str:
        # knows the cart example by heart (plus trailing text the post-processing cuts), not the other
        return cart["groundtruth"] + "\n    print('more')\n" if prompt.endswith(cart["prompt"][-60:]) else "pass\n"

    with OpenAIStandIn(complete=answer) as server:
        res = runner.invoke(app, base + ["--output", str(tmp_path / "filtered"), "--model-filter", server.url])
        assert res.exit_code == 0, res.output
        sent = sum(len(body["prompt"]) for path, body in server.requests if path == "/v1/completions")
    rows = _rows(tmp_path / "filtered/python/line_completion.jsonl")
    assert [r["metadata"]["file"] for r in rows] == ["shop/invoice.py"]
    assert rows[0]["metadata"]["task_id"].endswith("/0")  # numbered after the drop
    assert rows[0]["metadata"]["model_filter"] == {"model": "tiny-coder", "completion": "pass\n"}
    stats = json.loads((tmp_path / "filtered/python/stats.json").read_text())
    assert stats["dropped_examples"]["predictable_without_context"] == 1
    assert stats["model_filter"]["model"] == server.url
    card = (tmp_path / "filtered/python/README.md").read_text()
    assert "model filter ran with `tiny-coder`" in card
    assert "model filter was not run" in (tmp_path / "plain/python/README.md").read_text()
    assert sent == 2

    # a rerun into a new folder asks the server nothing: the responses are cached
    with OpenAIStandIn(complete=answer) as server:
        res = runner.invoke(app, base + ["--output", str(tmp_path / "again"), "--model-filter", server.url])
        assert res.exit_code == 0, res.output
        assert [p for p, _ in server.requests if p == "/v1/completions"] == []
    assert _rows(tmp_path / "again/python/line_completion.jsonl") == rows


def test_unreachable_model_filter_stops_before_building(tmp_path):
    res = CliRunner().invoke(app, ["--lang", "python", "--repos-dir", str(tmp_path), "--output", str(tmp_path / "o"),
                                   "--model-filter", "http://127.0.0.1:9"])
    assert res.exit_code == 2
    assert "--model-filter" in res.output and not (tmp_path / "o" / "python").exists()


def test_a_model_endpoint_is_published_as_its_origin_only():
    """Red team 2026-11-28e row 6: a gateway URL with the caller's key in its path went into
    stats.json and the card whole. Published: scheme, host and port; the shard key still
    hashes the whole URL (another key is another endpoint's answers)."""
    from crossfile_datasets.builders.completion.model_filter import ModelFilterSettings, endpoint_origin

    settings = ModelFilterSettings("https://user:pw@gw.example.org:8443/gateway/sk-live-123/v1?key=k", "tiny")
    assert settings.published()["model"] == "https://gw.example.org:8443"
    assert settings.published()["served_name"] == "tiny" and "sk-live-123" in settings.fingerprint()["model"]
    assert endpoint_origin("http://[::1]:8000/sk/v1") == "http://[::1]:8000"
    assert endpoint_origin("bigcode/tiny_starcoder_py") == "bigcode/tiny_starcoder_py"
