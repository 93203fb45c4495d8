"""The sixth red team's corpus (2026-11-27f): attacks on the trust surface that neither the
hostile corpus (tests/hostile/*.py, tests/executable/test_sandbox.py,
tests/classlevel/test_{java_verdicts,csharp_attacks}.py) nor the first five red teams
(tests/hostile/redteam/ to redteam5/, their tables and "Seen and left aside") had.

Each test is one attack, run for real (bubblewrap, javac and the JVM, the builders' and
evaluators' host-side code as they are, small fixtures written for these tests). An attack that
works today is a test of the *safe* behaviour marked ``xfail(strict=True, raises=...,
reason="red team 2026-11-27f: ...")``: green while the hole is open, red (XPASS) once it is
closed (then remove the mark). A contained attack is an ordinary test (a regression guard).
README.md in this folder lists them.
"""
