"""The verdict channel's byte budget (sandbox/channel.py): every record, named event or not,
counts against one budget; only the end-of-session record is kept past it (red team
2026-11-27, tests/hostile/redteam/test_channel.py)."""

from __future__ import annotations

import json
import os

from crossfile_datasets.sandbox.channel import SESSION_END_MAX_BYTES, parse_records

TOKEN = "t" * 32


def line(record: dict) -> str:
    return f"{TOKEN}\t{json.dumps(record)}\n"


def test_named_events_count_against_the_byte_budget():
    events = "".join(line({"event": f"e{i}", "pad": "y" * 1000}) for i in range(50))
    end = line({"event": "session_end", "exitstatus": 0, "collected": 0})
    records = parse_records(events + end, TOKEN, max_bytes=10 * len(line({"event": "e0", "pad": "y" * 1000})),
                            max_line=4096)
    assert sorted(records.events) == sorted(f"e{i}" for i in range(10))
    assert records.overflow == 40
    assert records.complete  # the end record is kept past the budget


def test_events_and_outcomes_share_one_budget():
    outcome = line({"nodeid": "a::b", "when": "call", "outcome": "passed"})
    event = line({"event": "observed_types", "parameters": []})
    budget = 3 * (len(outcome) - 1) + len(event) - 1  # a record's bytes: its line without the newline
    records = parse_records(outcome * 3 + event, TOKEN, max_bytes=budget - 1)
    assert len(records.records) == 3 and records.events == {} and records.overflow == 1
    records = parse_records(outcome * 3 + event, TOKEN, max_bytes=budget)
    assert "observed_types" in records.events and records.overflow == 0


def test_an_oversized_end_record_is_not_kept():
    big = line({"event": "session_end", "exitstatus": 0, "pad": "z" * SESSION_END_MAX_BYTES})
    records = parse_records(big, TOKEN)
    assert records.session_end is None and not records.complete and records.overflow == 1
    small = parse_records(line({"event": "session_end", "exitstatus": 0, "collected": 3}), TOKEN)
    assert small.complete and small.session_end["collected"] == 3


def test_a_repeated_event_name_is_tampering_and_still_budgeted():
    rec = line({"event": "observed_types", "parameters": []})
    records = parse_records(rec * 5, TOKEN, max_bytes=2 * len(rec))
    assert records.tampered.startswith("a second observed_types")
    assert records.overflow == 3


def test_a_number_the_host_cannot_convert_is_counted_not_raised():
    """A record with an integer over JSON_INT_MAX_DIGITS (a run can lift its own interpreter's
    int/str limit) is counted as malformed and makes the run untrusted, with its newline or as the
    last cut line; it raised ValueError out of the reader (red team 2026-11-29e row 1)."""
    huge = f'{TOKEN}\t{{"event": "session_end", "exitstatus": {"9" * 5001}, "collected": 3}}'
    for text in (huge + "\n", huge):
        records = parse_records(text, TOKEN)
        assert records.malformed == 1 and records.tampered and not records.complete, records


def test_the_reader_thread_survives_a_line_it_cannot_parse():
    from crossfile_datasets.sandbox.channel import ResultChannel

    channel = ResultChannel()
    _, write = channel.child_fds
    os.write(write, f'{TOKEN}\t{{"n": {"1" * 5001}}}\n'.replace(TOKEN, channel.token).encode())
    os.write(write, line({"event": "session_end", "exitstatus": 0, "collected": 0}).replace(TOKEN, channel.token).encode())
    records = channel.finish()
    assert records.malformed == 1 and records.session_end is not None and not records.complete


def test_files_a_run_wrote_with_a_number_too_long_are_counted_not_raised():
    """The repair run's capture file and the Java coverage analysis output, as the channel
    (red team 2026-11-29e row 1)."""
    from crossfile_datasets.builders.executable.testgen import parse_capture
    from crossfile_datasets.sandbox.suites.java import parse_coverage

    huge = "9" * 5001
    good = json.dumps({"file": "tests/test_a.py", "site": 1, "equal": True})
    assert parse_capture(f'{good}\n{{"file": "tests/test_a.py", "site": {huge}, "equal": true}}\n') == \
        ([json.loads(good)], 1)
    text = f'{{"coverable": {{"demo/A.java": [[1, 2]]}}}}\n{{"coverable": {{"demo/A.java": [[1, {huge}]]}}}}\n'
    assert parse_coverage(text, {}, {"demo/A.java": "src/demo/A.java"}) == ({}, {"src/demo/A.java": {1, 2}})
