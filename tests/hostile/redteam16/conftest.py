"""The sixteenth red team's corpus (2026-11-29c): attacks on the host side and on the verdicts that
neither the hostile corpus (tests/hostile/*.py) nor red teams 1 to 15 (tests/hostile/redteam/ to
redteam15/, their tables and "Seen and left aside") had, measured at the unchanged base c7ccf88.

Each test is one attack, run for real (repositories written under the test's ``tmp_path``, the
real builders and evaluators, javac and the JVM, bubblewrap). An attack that works today is a
test of the *safe* behaviour marked ``xfail(strict=True, raises=AssertionError, reason="red team
2026-11-29c row N: ...")``: green while the hole is open, red (XPASS) once it is closed (then
remove the mark). A precondition that fails (a control that does not behave) is
``pytest.fail``, never a pass. README.md in this folder lists them.
"""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def tally_split(tmp_path_factory):
    """Row 4: the executable problem of ``_tally.py`` with tests judging every answer, built once
    (about 40 s): (record, split)."""
    from tests.hostile.redteam16._tally import build_tally

    return build_tally(tmp_path_factory)[:2]


@pytest.fixture(scope="session")
def tally_gates(tmp_path_factory):
    """Row 3: the problem of ``_tally.py`` with tests that judge only what looks like the gold or a
    gate's version: (record or None when the build refused it, split, the build's report)."""
    from tests.hostile.redteam16._tally import TESTS, build_tally

    return build_tally(tmp_path_factory, TESTS)
