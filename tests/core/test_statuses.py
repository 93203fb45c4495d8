"""Statuses are Enums that still read and write as the strings stats.json and the card use."""

from __future__ import annotations

import json
import pickle

from crossfile_datasets.analyzers.mcs import CompileStatus
from crossfile_datasets.builders.card import language_section
from crossfile_datasets.builders.completion.shards import ShardStatus, ShardSummary
from crossfile_datasets.sandbox.problems import VerdictStatus
from crossfile_datasets.sandbox.pytest_runs import (RECORD_MESSAGE_MAX_CHARS, Outcome, oversized_messages,
                                                    program_outcome, record_message, summarize_outcomes)


def test_status_enums_format_and_serialize_as_their_value():
    # a plain (str, Enum) formats as "CompileStatus.TIMEOUT" on 3.11: reason names would change
    assert f"checker_{CompileStatus.TIMEOUT}" == "checker_timeout"
    assert json.dumps({"s": ShardStatus.SKIPPED_DONE}) == '{"s": "skipped_done"}'
    assert pickle.loads(pickle.dumps(VerdictStatus.PASSED)) is VerdictStatus.PASSED


def test_shard_summary_status_read_back_as_a_string_is_an_enum():
    summary = ShardSummary("repo", "failed")
    assert summary.status is ShardStatus.FAILED


def test_pytest_outcomes_are_enums_and_the_worst_phase_wins():
    records = [
        {"nodeid": "t.py::a", "when": "call", "outcome": "passed"},
        {"nodeid": "t.py::a", "when": "teardown", "outcome": "failed", "exc_type": "OSError"},
        {"nodeid": "t.py::b", "when": "call", "outcome": "failed", "exc_type": "AssertionError"},
    ]
    outcomes, messages = summarize_outcomes(records)
    assert outcomes == {"t.py::a": Outcome.ERROR, "t.py::b": Outcome.ASSERTION}
    assert all(isinstance(o, Outcome) for o in outcomes.values())
    assert program_outcome(outcomes, "t.py") is Outcome.ERROR
    assert program_outcome({}, "t.py") is Outcome.ERROR  # nothing collected is not a pass



def test_record_messages_are_cut_to_the_plugins_length():
    """Red team 2026-11-28g row 7: a forged record's message is cut on the host (its last
    characters, as the plugin keeps them), and counted."""
    forged = {"nodeid": "t.py", "when": "collect", "outcome": "failed", "exc_type": "E" * 500,
              "message": "\n" * 20_000 + "tail"}
    honest = {"nodeid": "u.py", "when": "collect", "outcome": "failed", "exc_type": "ImportError", "message": "boom"}
    _, messages = summarize_outcomes([forged, honest])
    assert messages["u.py"] == "ImportError: boom" == record_message(honest)
    assert messages["t.py"].endswith("\ntail") and len(messages["t.py"]) == 200 + 2 + RECORD_MESSAGE_MAX_CHARS
    assert oversized_messages([forged, honest, "not a record"]) == 1

def _stats(by_kind):
    return {"repositories": 1, "files": 2, "examples": 0, "avg_prompt_lines": 0, "avg_prompt_tokens": 0,
            "avg_reference_lines": 0, "avg_reference_tokens": 0, "usages_detected": 0, "reasons_by_kind": by_kind}


def test_card_lists_losses_with_their_meaning_and_names_unregistered_reasons():
    text = language_section("java", _stats({"loss": {"files/javac_syntax_error": 2}, "rule": {"files/vendored_dir": 9},
                                            "unregistered": {"files/new_thing": 1}}), plot=None)
    losses = text.split("# Losses by reason", 1)[1]
    assert "| `files/javac_syntax_error` | 2 | javac reports a syntax error in the unmodified file |" in losses
    assert "vendored_dir" not in losses  # a rule, not a loss
    assert "`files/new_thing` (1)" in losses
