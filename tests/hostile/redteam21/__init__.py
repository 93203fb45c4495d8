"""The twenty-first red team's corpus (2026-11-30): attacks on the host side of the builds and
evaluations that neither the hostile corpus (tests/hostile/*.py) nor red teams 1 to 20
(tests/hostile/redteam/ to redteam20/, their tables and "Seen and left aside") had, measured at
the unchanged base 69e4fd6.

Each test is one attack, run for real (git, the builder's own repository functions, bubblewrap
and the harness where a run is involved). An attack that works today is a test of the *safe*
behaviour marked ``xfail(strict=True, raises=AssertionError, reason="red team 2026-11-30 row N:
...")``: green while the hole is open, red (XPASS) once it is closed (then remove the mark). An
attack the code already defends is a plain test. A precondition that fails (a control that does
not behave) is ``pytest.fail``, never a pass. README.md in this folder lists them.
"""
