"""A lone UTF-16 surrogate escaped in JSON input is replaced, not a crash (refactor finding)."""

from __future__ import annotations

from crossfile_datasets.core.jsonl import iter_jsonl, without_lone_surrogates
from crossfile_datasets.harness.placement import extract_function


def test_lone_surrogates_become_replacement_characters_and_pairs_stay(tmp_path):
    path = tmp_path / "predictions.jsonl"
    path.write_text('{"task_id": "t", "generations": ["def f():\\n    return \'\\ud800\'", "ok \\ud83d\\ude00"],'
                    ' "\\udc00key": [1, "\\udfff"]}\n', encoding="utf-8")
    [(lineno, obj)] = list(iter_jsonl(path))
    assert lineno == 1
    assert obj["generations"] == ["def f():\n    return '\ufffd'", "ok \U0001F600"]
    assert obj["\ufffdkey"] == [1, "\ufffd"]
    # what crashed evaluate-predictions executable: encoding the generation as UTF-8
    assert "return" in extract_function(obj["generations"][0], "f", "def f():")


def test_values_without_surrogates_are_returned_unchanged():
    value = {"a": ["x", 1, None, {"b": "\u00e9"}]}
    assert without_lone_surrogates(value) == value
