"""execheld14 (pydash): its 2,528 validation programs ran past the whole-run time-out, and
every program the run had not reached was rerun in a sandbox of its own (over an hour at this
machine's load). The programs a dead run never reached are rerun together when some ran, in
halves when none did: a program that ends the interpreter costs a few runs, not one per program."""

from __future__ import annotations

import pytest

from crossfile_datasets.builders.executable import build as B
from crossfile_datasets.builders.executable.testgen import TestProgram
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.sandbox.pytest_runs import Outcome
from tests.executable.conftest import make_repo
from tests.executable.test_build_time_files import spy_runs

KILLPKG = {
    "killpkg/__init__.py": '"""Numbers."""\n',
    "killpkg/ops.py": '"""Small arithmetic."""\n\n\ndef inc(n: int) -> int:\n'
                      '    """Add one to the number given and return the sum."""\n    return n + 1\n',
    "tests/test_ops.py": "from killpkg.ops import inc\n\n\ndef test_inc():\n    assert inc(1) == 2\n",
}


def _program(name: str, body: str) -> TestProgram:
    source = f"import os\n\nfrom killpkg.ops import inc\n\n\ndef test_{name}():\n{body}"
    return TestProgram(source, f"test_cfd_{name}.py", "repository", f"tests/test_ops.py::test_{name}")


def _runs(monkeypatch, tmp_path, programs):
    repo = make_repo(tmp_path / "killpkg", KILLPKG, "killpkg")
    ctx, _, _ = B.prepare_repository(repo, B.ExecSettings(use_pynguin=False, workers=1), BuildReport())
    runs = spy_runs(monkeypatch)
    outcomes, _, _ = B.run_programs(ctx, programs)
    return outcomes, runs


@pytest.mark.slow
def test_a_dead_run_reruns_what_it_never_reached_together(tmp_path, monkeypatch):
    ordinary = [_program(f"inc_{i:02d}", f"    assert inc({i}) == {i + 1}\n") for i in range(12)]
    killer = _program("a_exits", "    inc(1)\n    os._exit(3)\n")
    outcomes, runs = _runs(monkeypatch, tmp_path, [killer, *ordinary])
    assert all(outcomes[p.path] == Outcome.PASSED for p in ordinary), outcomes
    assert outcomes[killer.path] != Outcome.PASSED
    assert runs == [13, 12, 1], runs  # before: [13, then 1 x 13]


@pytest.mark.slow
def test_a_run_that_dies_before_any_program_ran_is_split(tmp_path, monkeypatch):
    ordinary = [_program(f"inc_{i:02d}", f"    assert inc({i}) == {i + 1}\n") for i in range(12)]
    # exits while pytest imports it: no program of the run has an outcome
    killer = TestProgram("import os\nos._exit(3)\n", "test_cfd_a_exits.py", "repository", "tests/test_ops.py::x")
    outcomes, runs = _runs(monkeypatch, tmp_path, [killer, *ordinary])
    assert all(outcomes[p.path] == Outcome.PASSED for p in ordinary), outcomes
    assert outcomes[killer.path] != Outcome.PASSED
    assert len(runs) <= 8 and sum(1 for n in runs if n == 1) <= 3, runs  # before: 13, then 1 x 13


@pytest.mark.slow
def test_many_programs_run_in_chunks(tmp_path, monkeypatch):
    """2026-11-29c (pydash): 2,552 programs in one run, then 1,276 in each half, died at the
    whole-run time-out before pytest had collected them. Above ``EXEC_RUN_MAX_PROGRAMS`` the
    programs run in chunks of that many, their outcomes and coverage folded into one result."""
    monkeypatch.setattr(B.C, "EXEC_RUN_MAX_PROGRAMS", 5)
    ordinary = [_program(f"inc_{i:02d}", f"    assert inc({i}) == {i + 1}\n") for i in range(12)]
    outcomes, runs = _runs(monkeypatch, tmp_path, ordinary)
    assert all(outcomes[p.path] == Outcome.PASSED for p in ordinary), outcomes
    assert sorted(runs) == [2, 5, 5], runs  # before: [12]
