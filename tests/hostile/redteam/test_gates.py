"""Attacks on the executable build's gates: the mutation gate's driver reads its verdicts from
the sandboxed run's stdout (builders/executable/mutants_run.py)."""

from __future__ import annotations

import sys

import pytest

from crossfile_datasets.builders.executable.mutants_run import CAUGHT, PASSED, judge_versions

pytestmark = pytest.mark.slow

# A wrong version its tests let through (they never sum 50 entries or more), and a stub they catch.
VERSIONS = ["def balance(entries):\n    pass\n",
            "def balance(entries):\n    return sum(entries) if len(entries) < 50 else 0\n"]


def test_the_honest_repository_lets_the_wrong_version_through(ledger_problem):
    """Control: without the forgery the mutation gate sees the wrong version pass (a surviving
    mutant: it lowers the problem's mutation score)."""
    assert judge_versions(ledger_problem["honest"], VERSIONS, stubs=1, python=sys.executable) == [CAUGHT, PASSED]


@pytest.mark.xfail(strict=True, reason="red team 2026-11-27: a repository conftest.py writes @@MUTANT@@ lines "
                                       "to /proc/<driver>/fd/1 and kills the driver: every stub and mutant "
                                       "'caught', weak tests pass the mutation gate with score 1.0")
def test_mutant_verdicts_cannot_be_forged_through_the_drivers_stdout(ledger_problem):
    """Forged verdict (executable build, mutation gate): the driver's verdicts travel on its
    stdout, which the repository's tests, running in its forked children, can reach; the host
    keeps the last line per version and does not need the driver's end marker. The repository's
    conftest.py (``FORGE_MUTANTS_CONFTEST`` in conftest.py) turns every stub and mutant into
    "caught": a problem whose tests a stub passes is kept with a perfect mutation score."""
    assert judge_versions(ledger_problem["forging"], VERSIONS, stubs=1, python=sys.executable) == [CAUGHT, PASSED]
