"""Attacks on the executable split's evaluation (``evaluate_executable`` and the problem runner of
record, ``run_problem_tests``) by a model's completion."""

from __future__ import annotations

import os

import pytest

# the hostile corpus's ledger problem, built the real way, and its evaluate(name=code) fixture
from tests.hostile.test_evaluation_attacks import built, evaluate  # noqa: F401 (fixtures)
from tests.hostile.redteam2.conftest import GOLD, balance, growth

pytestmark = pytest.mark.slow


# The plugin's sender is in the tested process (known: docs/executable.md, "Threat model"); what is
# new is what the *host* does with a record that carries the token but not the fields of an
# outcome record: summarize_outcomes indexed rec["nodeid"] and raised KeyError, which run_job
# does not catch (only OSError), so evaluate_executable stopped (until run_with_channel refused
# malformed records: pytest_runs.refuse_malformed).
MALFORMED_RECORD = balance("""
import crossfile_pytest_plugin
crossfile_pytest_plugin._send({"not": "an outcome"})
return 0
""")


def test_a_malformed_verdict_record_does_not_stop_the_evaluation(evaluate):
    """Data loss (executable evaluation; the same reader serves the class evaluation in Python,
    the class build's suites and the gold/mutation gates): one generation sending one malformed
    record over the channel aborts the whole evaluation run."""
    rows = evaluate(full=MALFORMED_RECORD, medium=GOLD)
    # contained: the record is refused, the run untrusted (incomplete, counted), the next judged
    assert rows["full"]["status"] == "incomplete" and "malformed verdict records" in rows["full"]["detail"], rows["full"]
    assert rows["medium"]["status"] == "passed"


# Signals from inside the sandbox to whatever the completion can name: every process it can
# see (kill -1), its process group, its parent (bwrap's init, pid 1 of the namespace) and the
# harness's pid as the host knows it (not in the namespace).
SIGNALS = balance("""
import os, signal
for pid in (-1, 0, 1, os.getppid(), %d):
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGKILL):
        try:
            os.kill(pid, sig)
        except OSError:
            pass
return 0
""" % os.getpid())


def test_signals_from_the_completion_never_reach_the_harness(evaluate):
    """Contained: the pid namespace hides every host process; ``kill(-1)`` ends the run's own
    processes only; the evaluation goes on to the next generation."""
    rows = evaluate(full=SIGNALS, medium=GOLD)
    assert rows["full"]["status"] in ("incomplete", "error", "timeout", "failed"), rows["full"]
    assert rows["medium"]["status"] == "passed"


# No harness knowledge, no forged record: the completion returns a set of 19,999 ints (under the
# plugin's 20,000-node cap) that are instances of an int subclass with cheap distinct hashes, so
# building it in the sandbox is fast. The plugin encodes each as a plain int (int.__repr__), all
# multiples of 2**61 - 1: plain ints whose hashes are all 0. The host's decoder
# (sandbox/values.py) rebuilds the set from them: every insertion compares with every earlier
# element, quadratic (20,000 elements: 35 s on this machine; a forged record within the host's
# own 200,000-node budget: about an hour; the channel carries up to 32 MiB of them).
COLLIDING_SET = balance("""
import random
class K(int):
    __hash__ = lambda self: random.getrandbits(60)
    __eq__ = lambda self, other: self is other
return {K(k * (2 ** 61 - 1)) for k in range(1, 20000)}
""")


def test_a_returned_set_of_colliding_ints_does_not_stall_the_host():
    """Host hang (executable evaluation and the build's gold and mutation gates: every checked
    site's value is decoded on the host). A completion returning COLLIDING_SET makes the plugin
    report a set of ints whose hashes all collide; the host's decoder rebuilt it quadratically.
    Measured as growth ratios (8 times the values: about 8 when linear, 64 when quadratic), so
    the verdict does not depend on the machine's speed or load (a wall-clock limit made this test
    pass on an idle machine while the hole was open: the clean-clone run of 2026-11-27b)."""
    from crossfile_datasets.sandbox.values import Opaque, decode

    def decoding(numbers) -> None:
        try:
            decode(["set", [["int", str(n)] for n in numbers]])
        except Opaque:
            pass  # refused: many distinct values of one hash are not a plain value

    # ratios only (process CPU time; tests/hostile/redteam2/conftest.py: growth)
    colliding = growth(decoding, lambda n: [k * (2 ** 61 - 1) for k in range(1, n)], 1000)  # hash 0
    ordinary = growth(decoding, lambda n: range(1, n), 1000)
    assert colliding < 24 and ordinary < 24, (colliding, ordinary)
