"""The twentieth red team's corpus (2026-11-29g): attacks on the host side of the builds and
evaluations that neither the hostile corpus (tests/hostile/*.py) nor red teams 1 to 19
(tests/hostile/redteam/ to redteam19/, their tables and "Seen and left aside") had, measured at
the unchanged base 20d8c71.

Each test is one attack, run for real (bubblewrap, pytest and the harness plugin, the type
observer, the executable builder and evaluator; the host's own parsers in a fresh interpreter
where memory is measured, with ``tests/hostile/peak.py``: the child's own ``VmHWM``). An attack
that works today is a test of the *safe* behaviour marked ``xfail(strict=True,
raises=AssertionError, reason="red team 2026-11-29g row N: ...")``: green while the hole is open,
red (XPASS) once it is closed (then remove the mark). An attack the code already defends is a
plain test. A precondition that fails (a control that does not behave) is ``pytest.fail``, never
a pass. README.md in this folder lists them.
"""
