"""The eighteenth red team's corpus (2026-11-29e): attacks on the host side and on the verdicts that
neither the hostile corpus (tests/hostile/*.py) nor red teams 1 to 17 (tests/hostile/redteam/ to
redteam17/, their tables and "Seen and left aside") had, measured at the unchanged base fce2ed3.

Each test is one attack, run for real (the real builders, evaluators and scorer, bubblewrap,
pytest). An attack that works today is a test of the *safe* behaviour marked ``xfail(strict=True,
raises=AssertionError, reason="red team 2026-11-29e row N: ...")``: green while the hole is open,
red (XPASS) once it is closed (then remove the mark). A precondition that fails (a control that
does not behave) is ``pytest.fail``, never a pass. README.md in this folder lists them.
"""
