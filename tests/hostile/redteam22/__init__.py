"""The twenty-second red team's corpus (2026-11-30b): attacks on the host side of the builds,
the Hub push and the evaluations that neither the hostile corpus (tests/hostile/*.py) nor red
teams 1 to 21 (tests/hostile/redteam/ to redteam21/, their tables and "Seen and left aside")
had, measured at the unchanged base f63d25c.

Each test is one attack, run for real (the builder, the real ``huggingface_hub`` and the stand-in
Hub of ``tests/hub/standin.py`` answering as a hostile endpoint would). An attack that works today
is a test of the *safe* behaviour marked ``xfail(strict=True, raises=AssertionError, reason="red
team 2026-11-30b row N: ...")``: green while the hole is open, red (XPASS) once it is closed (then
remove the mark). A precondition that fails (a control that does not behave) is ``pytest.fail``,
never a pass. README.md in this folder lists them.
"""
