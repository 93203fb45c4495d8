"""The fifteenth red team's corpus (2026-11-29b): attacks on the host side and on the verdicts that
neither the hostile corpus (tests/hostile/*.py) nor red teams 1 to 14 (tests/hostile/redteam/ to
redteam14/, their tables and "Seen and left aside") had, measured at the unchanged base 0dedd68.

Each test is one attack, run for real (repositories written and committed with real git under
the test's ``tmp_path``, the real builders and evaluators, bubblewrap). An attack that works
today is a test of the *safe* behaviour marked ``xfail(strict=True, raises=AssertionError,
reason="red team 2026-11-29b row N: ...")``: green while the hole is open, red (XPASS) once it
is closed (then remove the mark). A precondition that fails (a control that does not behave) is
``pytest.fail``, never a pass. README.md in this folder lists them.
"""
