"""Attacks on the executable evaluation (run_problem_tests: also the build's gold gate) by a
model's completion."""

from __future__ import annotations

import sys

import pytest

from crossfile_datasets.sandbox.problems import run_problem_tests

pytestmark = pytest.mark.slow


@pytest.fixture
def problem(ledger_problem):
    """``balance`` of the ledger (conftest.py: built the real way; every test program's assertion
    is a checked site, ``value_checks`` holds them all)."""
    built = ledger_problem["forging"]  # its conftest.py acts in the mutation driver only
    assert built["value_checks"] and len(built["value_checks"]) == len(built["test_paths"])
    return built


def balance(body: str) -> str:
    return "def balance(entries):\n" + "".join(f"    {line}\n" for line in body.strip("\n").split("\n"))


def judge(problem: dict, code: str) -> dict:
    return run_problem_tests(problem, code, 60, python=sys.executable)


def test_gold_passes(problem):
    assert judge(problem, balance("return sum(entries)"))["status"] == "passed"


# The completion never computes anything. It holds back the value record of the checked site
# (its value is an opaque object) by wrapping the plugin's sender, and when pytest compares the
# object with the expected literal, its __eq__ sends the record again with the *literal* as the
# value, then says equal: the host's comparison sees 13 == 13.
ECHO_THE_LITERAL = '''import sys
plugin = sys.modules["crossfile_pytest_plugin"]
if not hasattr(plugin, "_held"):
    plugin._held, send = [], plugin._send
    def _send(record):
        if "value" in record and record["value"][0] == "opaque":
            plugin._held.append(record)
        else:
            send(record)
    plugin._send = _send
    class Echo:
        def __eq__(self, other):
            if plugin._held:
                send(dict(plugin._held.pop(), value=plugin._encode(other)))
            return True
        __hash__ = object.__hash__
    plugin._Echo = Echo
return plugin._Echo()'''


def test_a_completion_echoing_the_expected_literal_does_not_pass(problem):
    """Forged verdict (executable evaluation, gold gate): the documented in-process limit, made
    concrete. No token search, no file read, 15 lines: wrapping ``plugin._send`` defers the
    checked value's record until ``__eq__`` learns the expected value. Every checked site with
    an ``==`` literal passes, for any function."""
    verdict = judge(problem, balance(ECHO_THE_LITERAL))
    assert verdict["status"] != "passed", verdict


def test_a_completion_that_stops_and_hides_from_the_alarm_times_out(problem):
    """Host hang (evaluation): a completion that blocks SIGALRM (the per-test alarm), then sleeps
    in native code, must not keep the evaluator waiting past its time limit. Contained: the
    wall-clock limit of the run kills it (status ``timeout``/``error``, never a pass)."""
    verdict = run_problem_tests(problem, balance(
        "import signal, time\nsignal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})\ntime.sleep(3600)\nreturn 0"),
        15, python=sys.executable)
    assert verdict["status"] in ("timeout", "error", "incomplete"), verdict
    assert verdict["duration"] < 60
