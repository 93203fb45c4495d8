"""A run bubblewrap never started has its own status, ``run_not_started``, not the generation's
``incomplete`` (red team 2026-11-29e row 4: under the evaluator's umask 027 bwrap could not enter
the copy, and every generation, the reference too, was judged ``incomplete`` with nothing saying
the run never began). Here bwrap's set-up is made to fail with a bind of a path that does not
exist; the red team's own test (tests/hostile/redteam18/test_evaluator_machine.py) checks that the
umask no longer stops the runs."""

from __future__ import annotations

import sys

import pytest

import crossfile_datasets.sandbox as sandbox_module
from crossfile_datasets.core.reasons import RUN_NOT_STARTED, lookup
from crossfile_datasets.sandbox.isolation import isolation_mode
from crossfile_datasets.sandbox.problems import VerdictStatus, run_problem_tests
from tests.executable.test_mutants_warm import problem

GOLD = 'def is_even(n):\n    """Whether n is even."""\n    return n % 2 == 0\n'
TEST = "from calc.ops import is_even\n\n\ndef test_parity():\n    assert is_even(2)\n"


def test_a_run_bwrap_never_started_is_run_not_started(tmp_path, monkeypatch):
    if isolation_mode() != "bwrap":
        pytest.skip("bubblewrap is not the isolation here")
    rec = problem(tmp_path, GOLD, TEST, "is_even", "is_even")
    assert run_problem_tests(rec, GOLD, 60, python=sys.executable, pytest_plugins=())["passed"]  # control
    real = sandbox_module.bwrap_argv

    def failing(*args, **kwargs):  # bwrap's set-up fails: a bind of a source that does not exist
        argv = real(*args, **kwargs)
        at = next(i for i, arg in enumerate(argv) if arg.endswith("/bwrap")) + 1
        return [*argv[:at], "--ro-bind", str(tmp_path / "absent"), "/absent", *argv[at:]]

    monkeypatch.setattr(sandbox_module, "bwrap_argv", failing)
    verdict = run_problem_tests(rec, GOLD, 60, python=sys.executable, pytest_plugins=())
    assert not verdict["passed"] and verdict["status"] == VerdictStatus.RUN_NOT_STARTED == RUN_NOT_STARTED, verdict
    assert "bwrap: " in verdict["detail"] and "never started" in verdict["detail"], verdict["detail"]
    assert lookup(f"generations/{RUN_NOT_STARTED}") is not None
