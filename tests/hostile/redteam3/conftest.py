"""The third red team's corpus (2026-11-27c): attacks on the trust surface that neither the
hostile corpus (tests/hostile/*.py, tests/executable/test_sandbox.py,
tests/classlevel/test_{java_verdicts,csharp_attacks}.py) nor the first two red teams
(tests/hostile/redteam/, tests/hostile/redteam2/) had.

Each test is one attack, run for real (git, bubblewrap, pytest, tree-sitter, the builders and the
evaluators as they are, small fixtures written for these tests). An attack that works today is a
test of the *safe* behaviour marked ``xfail(strict=True, raises=..., reason="red team
2026-11-27c: ...")``: green while the hole is open, red (XPASS) once it is closed (then remove the
mark). A contained attack is an ordinary test (a regression guard). README.md in this folder
lists them.

Attacks that can hang or bloat the process running them run in a child interpreter (``child``)
with its own ``TMPDIR`` under the test's ``tmp_path``, a time limit and a kill of its whole
process group: the suite never hangs, and nothing hostile lands in the machine's shared /tmp.
"""

from __future__ import annotations

import gc
import time
from typing import Callable

# the first red team's child interpreter (private TMPDIR, time limit, process-group kill)
from tests.hostile.redteam.conftest import Child, child  # noqa: F401 (fixture)


def seconds(work: Callable[[], object], repeat: int = 1) -> float:
    """The least time of ``repeat`` calls of ``work``, the garbage collector off (a long test
    session's heap makes the collector dominate short timings). Only ever used in ratios."""
    best = float("inf")
    for _ in range(repeat):
        gc.disable()
        try:
            started = time.perf_counter()
            work()
            best = min(best, time.perf_counter() - started)
        finally:
            gc.enable()
    return best
