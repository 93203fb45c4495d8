"""The fifth red team's corpus (2026-11-27e): attacks on the trust surface that neither the
hostile corpus (tests/hostile/*.py, tests/executable/test_sandbox.py,
tests/classlevel/test_{java_verdicts,csharp_attacks}.py) nor the first four red teams
(tests/hostile/redteam/ to redteam4/) had.

Each test is one attack, run for real (bubblewrap, mcs and mono, javac and the JVM, the
builders' and evaluators' host-side code as they are, small fixtures written for these tests).
An attack that works today is a test of the *safe* behaviour marked ``xfail(strict=True,
raises=..., reason="red team 2026-11-27e: ...")``: green while the hole is open, red (XPASS) once
it is closed (then remove the mark). A contained attack is an ordinary test (a regression guard).
README.md in this folder lists them.
"""

from __future__ import annotations

# the first red team's child interpreter (private TMPDIR, time limit, process-group kill) and the
# second's growth ratio (CPU time, collector off)
from tests.hostile.redteam.conftest import Child, child  # noqa: F401 (fixture)
from tests.hostile.redteam2.conftest import growth  # noqa: F401
