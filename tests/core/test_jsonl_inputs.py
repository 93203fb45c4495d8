"""JSON Lines inputs (splits, predictions) and outputs (metrics): regular files only, a cap per
line, never written through a link (red team 9 rows 1 and 4)."""

from __future__ import annotations

import json
import os
import time

import pytest

from crossfile_datasets.core.jsonl import InputError, iter_jsonl, write_json, write_jsonl


def test_a_line_over_the_cap_is_refused_with_its_number(tmp_path):
    path = tmp_path / "preds.jsonl"
    path.write_text(json.dumps({"task_id": "a"}) + "\n\n" + json.dumps({"task_id": "b" * 200}) + "\n")
    assert [n for n, _ in iter_jsonl(path)] == [1, 3]
    with pytest.raises(InputError, match=r"preds\.jsonl:3: line over 100 bytes"):
        list(iter_jsonl(path, max_line_bytes=100))


def test_a_last_line_without_a_line_end_is_read(tmp_path):
    path = tmp_path / "preds.jsonl"
    path.write_text(json.dumps({"task_id": "a"}) + "\r\n" + json.dumps({"task_id": "b"}))
    assert [obj["task_id"] for _, obj in iter_jsonl(path)] == ["a", "b"]


def test_a_line_that_is_not_utf8_is_an_input_error(tmp_path):
    path = tmp_path / "preds.jsonl"
    path.write_bytes(b'{"task_id": "a"}\n{"task_id": "\xff"}\n')
    with pytest.raises(InputError, match=r"preds\.jsonl:2: not UTF-8"):
        list(iter_jsonl(path))


def test_a_fifo_or_a_device_is_refused_before_any_read(tmp_path):
    fifo = tmp_path / "fifo.jsonl"
    os.mkfifo(fifo)
    started = time.monotonic()
    with pytest.raises(InputError, match="not a regular file"):
        list(iter_jsonl(fifo))
    link = tmp_path / "zero.jsonl"
    link.symlink_to("/dev/zero")
    with pytest.raises(InputError, match="not a regular file"):
        list(iter_jsonl(link))
    assert time.monotonic() - started < 5


def test_a_link_to_a_regular_file_is_read(tmp_path):
    """A split kept in the Hub's cache is a link into its blobs: read (reading follows nothing
    else than the file it names; a FIFO or a device is refused above)."""
    target = tmp_path / "blob"
    target.write_text(json.dumps({"task_id": "a"}) + "\n")
    (tmp_path / "split.jsonl").symlink_to(target)
    assert [obj["task_id"] for _, obj in iter_jsonl(tmp_path / "split.jsonl")] == ["a"]


@pytest.mark.parametrize("writer", ["json", "jsonl"])
def test_outputs_replace_a_link_and_never_write_through_it(tmp_path, writer):
    victim = tmp_path / "victim.txt"
    victim.write_text("mine\n")
    out = tmp_path / "out" / "metrics.json"
    out.parent.mkdir()
    out.symlink_to(victim)
    if writer == "json":
        write_json(out, {"a": 1})
        assert json.loads(out.read_text()) == {"a": 1}
    else:
        assert write_jsonl(out, [{"a": 1}, {"b": 2}]) == 2
        assert out.read_text().splitlines() == ['{"a": 1}', '{"b": 2}']
    assert not out.is_symlink() and victim.read_text() == "mine\n"
    assert sorted(p.name for p in out.parent.iterdir()) == ["metrics.json"]  # no temporary left


def test_a_planted_temporary_name_is_never_opened(tmp_path):
    """The temporary name is random and created exclusively: a link planted under the old
    predictable name (``.NAME.tmp-PID``) is left alone."""
    victim = tmp_path / "victim.txt"
    victim.write_text("mine\n")
    planted = tmp_path / f".metrics.json.tmp-{os.getpid()}"
    planted.symlink_to(victim)
    write_json(tmp_path / "metrics.json", {"a": 1})
    assert victim.read_text() == "mine\n" and planted.is_symlink()


def test_a_number_over_the_digit_limit_is_an_input_error(tmp_path):
    """Not the interpreter's bare ValueError: the one-line refusal with the line's number
    (red team 2026-11-29e row 1)."""
    from crossfile_datasets.core.untrusted_json import JSON_INT_MAX_DIGITS, loads_untrusted

    path = tmp_path / "p.jsonl"
    path.write_text('{"task_id": 1}\n{"task_id": ' + "7" * (JSON_INT_MAX_DIGITS + 1) + "}\n")
    with pytest.raises(InputError, match=r":2: not readable JSON"):
        list(iter_jsonl(path))
    assert loads_untrusted("-" + "7" * JSON_INT_MAX_DIGITS) < 0
