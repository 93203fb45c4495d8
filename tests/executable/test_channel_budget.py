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


def test_the_budget_bounds_the_memory_the_parsed_records_hold():
    """A byte of JSON is not a byte of memory: ``{}, `` is four bytes and about 70 of Python.
    The byte budget admitted eight 4 MB records of empty dicts, 0.5 GB of the evaluator (red team
    2026-11-29f row 4, tests/hostile/redteam19/test_channel_structures.py). A line whose parse
    could take more than the memory budget has left is not parsed, a parsed record is charged
    what it holds; honest records and the end-of-session record still come through."""
    import tracemalloc

    flood = line({"notes": [{}] * 250_000})  # 1 MB of JSON, about 18 MB parsed
    outcome = line({"nodeid": "tests/test_a.py::test_b[1-2]", "when": "call", "outcome": "passed", "violations": []})
    end = line({"event": "session_end", "exitstatus": 0, "collected": 1})
    text = (outcome + flood * 8 + outcome + end).encode()
    tracemalloc.start()
    records = parse_records(text, TOKEN, max_held=16 * 1024**2)
    held, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert len(records.records) == 2 and records.overflow == 8 and records.complete
    assert peak < 8 * 1024**2, peak  # a line's bytes, never its parse (old: about 150 MB)
    # records that fit are kept, charged what they hold, not their bytes
    small = line({"notes": [{}] * 1000})
    records = parse_records(small * 10, TOKEN, max_held=5 * 80_000)
    assert len(records.records) in range(4, 7) and records.overflow == 10 - len(records.records)


def test_the_parse_bound_is_an_upper_bound():
    """``parse_bound`` over the costliest shapes of JSON for its size (what
    ``sandbox/channel.py`` refuses to parse by it must be the most a parse can take)."""
    import tracemalloc

    from crossfile_datasets.core.untrusted_json import loads_untrusted
    from crossfile_datasets.sandbox.channel import held_bytes, parse_bound

    n = 20_000
    shapes = ["[" + ",".join(["{}"] * n) + "]", "[" + ",".join(["[]"] * n) + "]",
              "[" + ",".join(json.dumps("s%d" % i) for i in range(n)) + "]",
              "{" + ",".join('"k%d":0' % i for i in range(n)) + "}",
              "[" + ",".join('{"ab":"c%d"}' % i for i in range(n)) + "]",
              '{"":' * 500 + "0" + "}" * 500, "[" * 500 + "]" * 500,
              "[" + ",".join(str(1000 + i) for i in range(n)) + "]", "[" + ",".join(["1.5"] * n) + "]",
              json.dumps("\U0001F600" + "a" * n), '"\U0001F600' + "a" * n + '"',
              json.dumps({"nodeid": "tests/test_a.py::test_b[1-2]", "when": "call", "outcome": "passed",
                          "exc_type": None, "xfail": False, "message": "", "violations": [], "pid": 2})]
    for text in shapes:
        raw = text.encode()
        tracemalloc.start()
        value = loads_untrusted(raw.decode("utf-8", errors="replace"))
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert parse_bound(raw) >= peak, (text[:40], parse_bound(raw), peak)
        assert held_bytes(value) <= parse_bound(raw)


def test_a_capture_record_keeps_only_the_fields_the_repair_reads():
    """The repair run's capture file is the sandboxed run's: a record's other fields (a list of a
    million empty dicts) are not kept with it (red team 2026-11-29f rows 3 and 4, the same pattern)."""
    from crossfile_datasets.builders.executable.testgen import parse_capture

    rec = {"file": "tests/test_a.py", "site": 1, "equal": False, "literal": "3", "notes": [{}] * 1000}
    assert parse_capture(json.dumps(rec) + "\n") == ([{"file": "tests/test_a.py", "site": 1, "equal": False,
                                                      "literal": "3"}], 0)


def test_a_token_line_that_is_not_a_record_is_counted_and_distrusted():
    """Red team 2026-11-29g row 5's note: bytes another writer sprays on the pipe cut a record
    with the run's token; the line was dropped uncounted. Now ``malformed`` and ``tampered``
    (never a pass); a killed process's last line, cut without its line end, is counted only."""
    outcome = line({"nodeid": "t.py::test_a", "outcome": "passed"})
    cut = outcome[:40] + "x\n"
    records = parse_records(outcome + cut + line({"event": "session_end", "exitstatus": 0}), TOKEN, expected_pid=None)
    assert records.malformed == 1 and records.tampered
    records = parse_records(outcome + outcome[:40], TOKEN)
    assert records.malformed == 1 and not records.tampered
