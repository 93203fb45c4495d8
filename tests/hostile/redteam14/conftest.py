"""The fourteenth red team's corpus (2026-11-29): attacks on the host side and on the verdicts that
neither the hostile corpus (tests/hostile/*.py) nor red teams 1 to 13 (tests/hostile/redteam/ to
redteam13/, their tables and "Seen and left aside") had, measured at the unchanged base 8f7243b.

Each test is one attack, run for real (repositories written and committed with real git under
the test's ``tmp_path``, the real command line and the functions every run calls). An attack that
works today is a test of the *safe* behaviour marked ``xfail(strict=True, raises=AssertionError,
reason="red team 2026-11-29 row N: ...")``: green while the hole is open, red (XPASS) once it is
closed (then remove the mark). A precondition that fails (a control that does not behave) is
``pytest.fail``, never a pass. README.md in this folder lists them.
"""

from tests.hostile.redteam.conftest import child  # noqa: E402,F401 (fixture: a child interpreter with a time limit)
