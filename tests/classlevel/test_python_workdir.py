"""A suite its authors run from a folder of its own (tuning case of the 2026-11-29c class held-out
set: pluginbase's Makefile runs ``cd tests; PYTHONPATH=.. py.test`` and every test names
``./plugins``; run from the repository root none of its 9 tests passed and the suite was ``ok``
with no word of it). On 406e5e7 the suite below fails whole from the root (and nothing says so);
now the folder is read from the Makefile (tox.ini's ``changedir``, a noxfile's
``session.chdir``) when the repository has no pytest configuration, the suite runs there
(counted ``suites/test_workdir_from_ci``), and a suite where no test passes is counted
``suites/no_test_passed``. Real pytest, coverage.py and bubblewrap."""
from __future__ import annotations

import pytest

from crossfile_datasets.builders.classlevel.build import count_adjustments
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.lang import Lang
from crossfile_datasets.sandbox.suites import SuiteRun, SuiteStatus, runner_for
from crossfile_datasets.sandbox.suites import TestResult as Result
from crossfile_datasets.sandbox.suites import TestOutcome as Outcome
from crossfile_datasets.sandbox.suites.pytest_config import ci_workdir, plan_run, read_pytest_ini
from tests.conftest import write_tree

REPO = {
    "Makefile": "test:\n\t@cd tests; PYTHONPATH=.. py.test --tb=native\n\n.PHONY: test\n",
    "tox.ini": "[tox]\nenvlist = py3\n\n[testenv]\ncommands = make test\n",
    "plugbox/__init__.py": '''import os


class Source:
    def __init__(self, searchpath):
        self.searchpath = searchpath

    def names(self):
        return sorted(n[:-3] for n in os.listdir(self.searchpath) if n.endswith(".py"))
''',
    "tests/conftest.py": '''import pytest

from plugbox import Source


@pytest.fixture
def source():
    return Source("./plugins")
''',
    "tests/plugins/hello.py": "NAME = 'hello'\n",
    "tests/plugins/world.py": "NAME = 'world'\n",
    "tests/test_basics.py": '''def test_names(source):
    assert source.names() == ["hello", "world"]


def test_first(source):
    assert source.names()[0] == "hello"
''',
}


def test_the_folder_of_the_repositorys_own_test_command():
    assert ci_workdir({"Makefile": REPO["Makefile"]}.get) == ("tests", "Makefile")
    assert ci_workdir({"Makefile": "test:\n\tcd ../elsewhere; pytest\n"}.get) == ("", "")
    assert ci_workdir({"Makefile": "docs:\n\tcd docs; make html\n"}.get) == ("", "")
    assert ci_workdir({"tox.ini": "[testenv]\nchangedir = {toxinidir}/tests\ncommands = pytest\n"}.get) \
        == ("tests", "tox.ini")
    assert ci_workdir({"noxfile.py": 'def t(session):\n    session.chdir("tests")\n    session.run("pytest")\n'}.get) \
        == ("tests", "noxfile.py")
    # a pytest configuration of the repository's own: pytest runs from the root as configured
    ini = read_pytest_ini(None, {"Makefile": REPO["Makefile"], "pytest.ini": "[pytest]\n"}.get, lambda: [])
    assert ini.workdir == ""
    plan = plan_run(read_pytest_ini(None, {"Makefile": REPO["Makefile"]}.get, lambda: []))
    assert (plan.workdir, plan.workdir_source) == ("tests", "Makefile")


def test_a_suite_where_no_test_passes_is_named():
    run = SuiteRun(SuiteStatus.OK, [Result("t.py::a", Outcome.FAILED, 0.1, "FileNotFoundError: './plugins'\nmore"),
                                    Result("t.py::b", Outcome.ERROR, 0.1, "")])
    report = BuildReport()
    count_adjustments(run, runner_for(Lang.PYTHON), report, "repo")
    assert report.counts["suites/no_test_passed"] == 1
    assert "0 of 2 tests passed; the first failure: FileNotFoundError: './plugins'" in str(report.samples)


@pytest.mark.slow
def test_the_suite_runs_in_the_folder_its_makefile_names(tmp_path):
    runner = runner_for(Lang.PYTHON)
    run = runner.run(write_tree(tmp_path, REPO), None, coverage=True)
    assert run.status is SuiteStatus.OK, (run.reason, run.log[-3000:])
    assert run.outcomes() == {"tests/test_basics.py::test_names": Outcome.PASSED,
                              "tests/test_basics.py::test_first": Outcome.PASSED}, run.log[-3000:]
    assert "plugbox/__init__.py" in run.per_test_coverage["tests/test_basics.py::test_names"]
    selected = runner.run(tmp_path, ["tests/test_basics.py::test_first"], coverage=False)  # a gate's run by id
    assert selected.outcomes() == {"tests/test_basics.py::test_first": Outcome.PASSED}, selected.log[-3000:]
    report = BuildReport()
    count_adjustments(run, runner, report, "repo")
    assert report.counts["suites/test_workdir_from_ci"] == 1
    assert "suites/no_test_passed" not in report.counts
