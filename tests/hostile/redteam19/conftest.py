"""The nineteenth red team's corpus (2026-11-29f): attacks on the host side of the builds and
evaluations that neither the hostile corpus (tests/hostile/*.py) nor red teams 1 to 18
(tests/hostile/redteam/ to redteam18/, their tables and "Seen and left aside") had, measured at
the unchanged base 061ae5f.

Each test is one attack, run for real (mcs, mono and our NUnit host in bubblewrap; the host's
own parsers in a fresh interpreter where memory is measured). An attack that works today is a
test of the *safe* behaviour marked ``xfail(strict=True, raises=AssertionError, reason="red team
2026-11-29f row N: ...")``: green while the hole is open, red (XPASS) once it is closed (then
remove the mark). A precondition that fails (a control that does not behave) is
``pytest.fail``, never a pass. README.md in this folder lists them.
"""
