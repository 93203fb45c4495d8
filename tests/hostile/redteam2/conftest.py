"""The second red team's corpus (2026-11-27b): attacks on the trust surface that neither the
hostile corpus (tests/hostile/*.py, tests/executable/test_sandbox.py,
tests/classlevel/test_{java_verdicts,csharp_attacks}.py) nor the first red team
(tests/hostile/redteam/) had.

Each test is one attack, run for real (bubblewrap, pytest, javac, mono, the builders and the
evaluators as they are, small fixtures written for these tests). An attack that works today is a
test of the *safe* behaviour marked ``xfail(strict=True, reason="red team 2026-11-27b: ...")``:
green while the hole is open, red (XPASS) once it is closed (then remove the mark). A contained
attack is an ordinary test (a regression guard). README.md in this folder lists them.

Attacks that can hang or bloat the process running them run in a child interpreter (``child``)
with its own ``TMPDIR`` under the test's ``tmp_path``, a time limit and a kill of its whole
process group: the suite never hangs, and nothing hostile lands in the machine's shared /tmp.
"""

from __future__ import annotations

# the first red team's child interpreter (private TMPDIR, time limit, process-group kill)
from tests.hostile.redteam.conftest import Child, child  # noqa: F401 (fixture)
from tests.hostile.test_evaluation_attacks import balance

GOLD = balance("return sum(entries)")


def growth(call, make, n: int, *, factor: int = 8, floor: float = 0.02) -> float:
    """How much longer ``call(make(factor * n))`` takes than ``call(make(n))``: about ``factor``
    for work linear in the input, ``factor ** 2`` for quadratic work. A ratio, so the verdict
    does not depend on the machine's speed or load (wall-clock limits flipped on idle machines).
    Each side repeats the call until the small input takes ``floor`` seconds (timer noise and
    per-call overhead out of the way) and keeps the best of its runs; the collector is off.
    Times are the process's CPU time: on a machine shared by many processes a wall clock counts
    the time others ran (a large input spans more of their time slices than a small one)."""
    import gc
    import time

    small, large = make(n), make(factor * n)

    def seconds(value, reps: int) -> float:
        started = time.process_time()
        for _ in range(reps):
            call(value)
        return time.process_time() - started

    gc.disable()
    try:
        reps = 1
        while (first := seconds(small, reps)) < floor:
            reps *= 2
        base = min(first, seconds(small, reps), seconds(small, reps))
        ratio = seconds(large, reps) / base
        if ratio > 2 * factor:  # confirm a slow verdict once (a burst of load on the large side)
            ratio = min(ratio, seconds(large, reps) / min(base, seconds(small, reps)))
        return ratio
    finally:
        gc.enable()
