"""execheld14 (pydash): the requirements' pytest-mypy-testing was loaded in every run, and its
702 ``@pytest.mark.mypy_testing`` items ran mypy over the package's stubs: more than ten
minutes of a suite whose 1,869 other tests take 4 s. Static checkers' plugins are not loaded
(counted), and their marked items, plain functions of ``reveal_type`` lines, are not run."""

from __future__ import annotations

import pytest

from crossfile_datasets.sandbox.environment import RepoEnvironment
from tests.executable.conftest import make_repo
from tests.executable.test_build_time_files import _spied_build

TYPEDPKG = {
    "typedpkg/__init__.py": '"""Numbers."""\n',
    "typedpkg/ops.py": '"""Small arithmetic."""\n\n\ndef triple(n: int) -> int:\n'
                       '    """Multiply the number given by three and return it."""\n    return n * 3\n',
    "tests/test_ops.py": "from typedpkg.ops import triple\n\n\ndef test_triple():\n    assert triple(2) == 6\n",
    "tests/typing_cases/test_ops_types.py": "import pytest\n\nfrom typedpkg.ops import triple\n\n\n"
                                            "@pytest.mark.mypy_testing\ndef test_mypy_triple() -> None:\n"
                                            "    reveal_type(triple(2))  # R: builtins.int\n",
}


def test_static_check_plugins_are_not_loaded():
    env = RepoEnvironment("python", None, (), pytest_plugins=("mypy-testing", "xdist", "flake8"))
    assert env.pytest_plugins == ("xdist",)
    assert env.static_check_plugins == ("flake8", "mypy-testing")


@pytest.mark.slow
def test_static_check_items_are_not_run(tmp_path, monkeypatch):
    repo = make_repo(tmp_path / "typedpkg", TYPEDPKG, "typedpkg")
    records, stats, report, _ = _spied_build(monkeypatch, repo, flaky_runs=1, mutants=0, use_inputs=False)
    suite = stats["repository_suite"]
    assert (suite["status"], suite["tests"], suite["passed"]) == ("ok", 1, 1), suite
    assert not any(k.startswith("suite_error") for k in report.stage("tests")), report.stage("tests")
    assert [r["qualname"] for r in records] == ["triple"]
    assert len(records[0]["test_list"]) == 1  # test_triple, not the reveal_type case
