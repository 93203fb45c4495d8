"""The eleventh red team's corpus (2026-11-28e): attacks on the host side that neither the hostile
corpus (tests/hostile/*.py) nor red teams 1 to 10 (tests/hostile/redteam/ to redteam10/, their
tables and "Seen and left aside") had.

Each test is one attack, run for real (the host functions every run calls, on repositories
written and committed with real git under the test's ``tmp_path``; a real HTTP endpoint on the
loopback). An attack that works today is a test of the *safe* behaviour marked
``xfail(strict=True, raises=AssertionError, reason="red team 2026-11-28e: ...")``: green while
the hole is open, red (XPASS) once it is closed (then remove the mark). A precondition that
fails (a control that does not behave) is ``pytest.fail``, never a pass. Memory and time attacks
run in a child interpreter (``child``: a time limit, a kill of its process group, a private
``TMPDIR``). README.md in this folder lists them.
"""

from tests.hostile.redteam.conftest import child  # noqa: E402,F401 (fixture: a child interpreter with a time limit)
