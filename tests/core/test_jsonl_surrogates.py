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


def test_untrusted_json_never_holds_a_lone_surrogate(tmp_path):
    """Red team 2026-11-30 row 4: a failing test's message ``"bad \\ud800"`` came through the
    verdict channel (``loads_untrusted``) as a lone surrogate and the results log's strict UTF-8
    handle stopped the evaluation. Whatever ``loads_untrusted`` returns is surrogate-free (text,
    bytes, keys, any depth), pairs stay characters; the writers cannot crash on one either."""
    import json

    from crossfile_datasets.core.jsonl import write_json, write_jsonl
    from crossfile_datasets.core.untrusted_json import loads_untrusted
    from crossfile_datasets.evaluation.records import AppendLog, read_signed_log

    text = '{"detail": "bad \\ud800", "\\udc00": ["\\ud83d\\ude00", {"x": "\\udfff"}]}'
    expected = {"detail": "bad \ufffd", "\ufffd": ["\U0001F600", {"x": "\ufffd"}]}
    assert loads_untrusted(text) == expected
    assert loads_untrusted(text.encode()) == expected
    assert loads_untrusted(b'["\xed\xa0\x80"]') == ["\ufffd"]  # raw surrogate bytes (json decodes surrogatepass)
    deep = loads_untrusted("[" * 500 + '"\\ud800"' + "]" * 500)
    for _ in range(500):
        deep = deep[0]
    assert deep == "\ufffd"
    # the writers: a surrogate from anywhere else is written as U+FFFD, not a UnicodeEncodeError
    row = {"task_id": "t", "detail": "bad \ud800", "pair": ("\udc00",)}
    key = b"k" * 32
    with AppendLog(tmp_path / "log.jsonl", key) as log:
        log.append(row)
    rows, refused = read_signed_log(tmp_path / "log.jsonl", key)
    assert refused == 0 and rows == [{"task_id": "t", "detail": "bad \ufffd", "pair": ["\ufffd"]}]
    write_json(tmp_path / "summary.json", {"generations": [row]})
    write_jsonl(tmp_path / "rows.jsonl", [row])
    assert json.loads((tmp_path / "summary.json").read_text())["generations"][0]["detail"] == "bad \ufffd"
    assert json.loads((tmp_path / "rows.jsonl").read_text())["pair"] == ["\ufffd"]
