"""A repository's pytest configuration must not stop or reshape the executable split's runs.

pytutils (tuning set, 2026-11-27c) adds ``--maxfail=4 --cov=pytutils`` to every run through its
``pytest.ini``: its suite stopped after four failures and pytest-cov took the tracer from the
harness's per-test coverage, so every program was ``does_not_execute_target`` (0 problems).
Every pytest run of a repository copy now gets ``-o addopts=...`` without those options
(``sandbox.pytest_runs.config_overrides``). Fixture repositories written here; real builds."""

from __future__ import annotations

import json

import pytest

from crossfile_datasets.builders.executable.build import build_executable_split
from crossfile_datasets.builders.repos import RepoSpec, resolve
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.sandbox.pytest_runs import config_overrides
from tests.executable.test_real_layouts import write_repo


def test_overrides_take_out_stopping_and_coverage_options(tmp_path):
    (tmp_path / "pytest.ini").write_text("[pytest]\naddopts = --verbose -x --maxfail=4 --cov=pkg --cov-branch "
                                         "--doctest-modules\n")
    args = config_overrides(tmp_path)
    assert args == ("-o", "addopts=--verbose --doctest-modules")
    (tmp_path / "pytest.ini").write_text("[pytest]\naddopts = -v\n")
    assert config_overrides(tmp_path) == ()
    (tmp_path / "pytest.ini").unlink()
    assert config_overrides(tmp_path) == ()


FIRST_REPO = {
    # the first test fails; with the repository's "-x" nothing after it ran, and `first`
    # (whose argument no input can be guessed for) had no test
    "pytest.ini": "[pytest]\naddopts = -x --maxfail=1\n",
    "things/__init__.py": "",
    "things/core.py": '''
        def first(thing):
            """Return the first element of the thing given to it, or None when it is empty."""
            if not thing:
                return None
            return thing[0]
        ''',
    "tests/__init__.py": "",
    "tests/test_a_broken.py": '''
        def test_broken():
            assert 1 == 2
        ''',
    "tests/test_b_first.py": '''
        from things.core import first


        def test_first():
            assert first([3, 4]) == 3
            assert first("xy") == "x"
            assert first([]) is None
        ''',
}


@pytest.mark.slow
def test_stopping_addopts_do_not_stop_the_suite(tmp_path):
    repo = resolve(RepoSpec(path=str(write_repo(tmp_path / "first_repo", FIRST_REPO))))
    records = build_executable_split([repo], tmp_path / "out", allow_execution=True, seed=3, workers=1,
                                     report=BuildReport(), use_pynguin=False)
    stats = json.loads((tmp_path / "out" / "python" / "executable_stats.json").read_text())
    suite = stats["per_repository"][0]["repository_suite"]
    assert suite["tests"] == 2 and suite["passed"] == 1, suite
    assert [(r["qualname"], r["test_origins"][0]) for r in records] == [
        ("first", "repository:tests/test_b_first.py::test_first")]
    assert records[0]["mutation_score"] >= 0.6
