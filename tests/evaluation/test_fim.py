"""Fill-in-the-middle prompts within a token budget."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from crossfile_datasets.evaluation.cli import app
from crossfile_datasets.harness.fim import FimFormat, render_fim

DATA = Path(__file__).parent / "data"


def _example(n: int = 0) -> dict:
    return json.loads((DATA / "completion_python.jsonl").read_text(encoding="utf-8").splitlines()[n])


def _parts(prompt: str, fmt: FimFormat = FimFormat()) -> tuple[str, str]:
    assert prompt.startswith(fmt.prefix) and prompt.endswith(fmt.middle)
    before, after = prompt[len(fmt.prefix) : -len(fmt.middle)].split(fmt.suffix)
    return before, after


def test_unconstrained_layout(starcoder_tokenizer):
    ex = _example()
    row = render_fim(ex, starcoder_tokenizer, 4096)
    expected = "<fim_prefix>" + ex["crossfile_context"]["text"] + ex["prompt"] + "<fim_suffix>" + ex["right_context"] + "<fim_middle>"
    assert row["prompt"] == expected
    assert row["num_tokens"] == starcoder_tokenizer.count(expected)
    assert row["task_id"] == "textkit/python/0"
    assert not (row["prefix_truncated"] or row["suffix_truncated"] or row["context_truncated"])


def test_budget_truncates_prefix_left_and_suffix_right(starcoder_tokenizer):
    ex = _example()
    ex["prompt"] = "# filler line with words\n" * 40 + ex["prompt"]
    ex["right_context"] = ex["right_context"] + "# trailing words again\n" * 40
    row = render_fim(ex, starcoder_tokenizer, 120, with_context=False, suffix_share=0.25)
    assert row["num_tokens"] <= 120
    before, after = _parts(row["prompt"])
    assert ex["prompt"].endswith(before) and before.endswith("    total = ")
    assert ex["right_context"].startswith(after) and after.startswith("\n    return round(total, 2)")
    assert row["prefix_truncated"] and row["suffix_truncated"]
    assert starcoder_tokenizer.count(after) <= int((120 - 3) * 0.25) + 1


def test_context_share_and_custom_sentinels(starcoder_tokenizer):
    ex = _example()
    fmt = FimFormat("<PRE>", "<SUF>", "<MID>")
    row = render_fim(ex, starcoder_tokenizer, 60, fmt, context_share=0.5)
    assert row["num_tokens"] <= 60 and row["context_truncated"]
    assert row["context_tokens"] <= 30
    before, _ = _parts(row["prompt"], fmt)
    assert before.startswith("# Here are some relevant code fragments")
    no_context = render_fim(ex, starcoder_tokenizer, 60, fmt, with_context=False)
    assert "Here are some" not in no_context["prompt"] and no_context["context_tokens"] == 0


def test_multibyte_text_is_cut_on_character_boundaries(starcoder_tokenizer):
    ex = _example()
    ex["prompt"] = "s = 'héllo wörld ✓ 名前'\n" * 30 + ex["prompt"]
    for budget in range(20, 60, 3):
        row = render_fim(ex, starcoder_tokenizer, budget, with_context=False)
        before, _ = _parts(row["prompt"])
        assert "\ufffd" not in row["prompt"]
        assert ex["prompt"].endswith(before)
        assert row["num_tokens"] <= budget


def test_budget_too_small_for_sentinels(starcoder_tokenizer):
    with pytest.raises(ValueError, match="sentinel"):
        render_fim(_example(), starcoder_tokenizer, 2)


def test_cli_fim(tmp_path, starcoder_tokenizer):
    out = tmp_path / "fim.jsonl"
    result = CliRunner().invoke(app, ["fim", str(DATA / "completion_java.jsonl"), str(out), "--budget", "48"])
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == 3 and all(r["num_tokens"] <= 48 for r in rows)
    assert all(starcoder_tokenizer.count(r["prompt"]) == r["num_tokens"] for r in rows)
