"""The verdict channel's byte budget (sandbox/channel.py): every record, named event or not,
counts against one budget; only the end-of-session record is kept past it (red team
2026-11-27, tests/hostile/redteam/test_channel.py)."""

from __future__ import annotations

import json

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
