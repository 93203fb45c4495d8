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

The kernel-count attacks (``test_aio.py``, ``test_pty.py``, ``test_locks.py``, ``test_leases.py``)
use red team 4's ``_hold`` (``tests/hostile/redteam4/test_kernel.py``): they hold what they took
for a few seconds only and give it back when their sandboxed run ends.
"""
