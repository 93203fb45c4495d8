"""The tenth red team's corpus (2026-11-28d): attacks on the trust surface that neither the
hostile corpus (tests/hostile/*.py, tests/executable/test_sandbox.py,
tests/classlevel/test_{java_verdicts,csharp_attacks}.py) nor the first nine red teams
(tests/hostile/redteam/ to redteam9/, their tables and "Seen and left aside") had.

Each test is one attack, run for real (the build's command line through typer's CliRunner, real
git on repositories served from ``file://`` folders, bubblewrap and coverage.py, small fixtures
written for these tests). An attack that works today is a test of the *safe* behaviour marked
``xfail(strict=True, raises=AssertionError, reason="red team 2026-11-28d: ...")``: green while the
hole is open, red (XPASS) once it is closed (then remove the mark). A contained attack is an
ordinary test (a regression guard). A precondition that fails (a control that does not behave)
is ``pytest.fail``, never a pass. README.md in this folder lists them.
"""

from tests.hostile.redteam.conftest import child  # noqa: E402,F401 (fixture: a child interpreter with a time limit)
