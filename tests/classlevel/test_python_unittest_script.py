"""A unittest suite its authors run as a script (tuning case of held-out 17: python-json-patch's
root ``tests.py``, run by its makefile ``python -Wd -m coverage run --branch --source=jsonpatch
tests.py`` and its GitHub workflow ``coverage run ... tests.py``; no pytest or tox configuration).
pytest from the root collects only ``test_*.py`` / ``*_test.py``: on fce2ed3 the suite below is
``no_tests`` ("pytest collected no test") and the repository gives no task. Now the scripts a
Makefile, tox.ini or workflow runs are the suite's paths (counted ``suites/test_paths_from_ci``)
when no command of them runs pytest. Real pytest, coverage.py and bubblewrap in the slow test."""
from __future__ import annotations

import pytest

from crossfile_datasets.builders.classlevel.build import count_adjustments
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.lang import Lang
from crossfile_datasets.sandbox.suites import SuiteStatus, runner_for
from crossfile_datasets.sandbox.suites import TestOutcome as Outcome
from crossfile_datasets.sandbox.suites.pytest_config import ci_script_paths, plan_run, read_pytest_ini
from tests.conftest import write_tree

SUITE = '''import unittest

from tally import Tally


class TallyTest(unittest.TestCase):
    def test_adds(self):
        self.assertEqual(Tally().add(2).add(3).total, 5)

    def test_starts_empty(self):
        self.assertEqual(Tally().total, 0)


if __name__ == "__main__":
    unittest.main()
'''

REPO = {
    "makefile": "test:\n\tpython -Wd -m coverage run --branch --source=tally checks_test_suite.py\n"
                "\tcoverage report\n\ninstall:\n\tpython setup.py install\n",
    "tally.py": "class Tally:\n    def __init__(self):\n        self.total = 0\n\n"
                "    def add(self, n):\n        self.total += n\n        return self\n",
    "checks_test_suite.py": SUITE,
    "setup.py": "from setuptools import setup\nsetup(name='tally')\n",
}
ENTRIES = [("makefile", False, False), ("tally.py", False, False), ("checks_test_suite.py", False, False),
           ("setup.py", False, False), ("tests.py", False, False)]
WORKFLOW = ("steps:\n  - name: Install\n    run: |\n      pip install flake8 pytest\n"
            "  - name: Test\n    run: |\n      coverage run --source=tally tests.py\n")


def _paths(files, workflows=()):
    return ci_script_paths(files.get, lambda: list(workflows), ENTRIES)


def test_the_scripts_the_repositorys_test_commands_run():
    assert _paths(REPO) == (("checks_test_suite.py",), "makefile")
    wf = {"tests.py": SUITE, ".github/workflows/ci.yml": WORKFLOW}
    assert _paths(wf, ["ci.yml", "notes.txt"]) == (("tests.py",), ".github/workflows/ci.yml")
    for command in ("python tests.py", "python3 -m unittest tests", "$(PYTHON) ./tests.py",
                    "cd . && coverage run -p tests.py"):
        assert _paths({"Makefile": f"test:\n\t{command}\n", "tests.py": SUITE}) == (("tests.py",), "Makefile"), command
    # not a unittest suite run as a script: nothing changes
    assert _paths({"Makefile": "x:\n\tpython setup.py test\n", "setup.py": SUITE}) == ((), "")
    assert _paths({"Makefile": "x:\n\tpython tests.py\n", "tests.py": "print('no suite')\n"}) == ((), "")
    assert _paths({"Makefile": "x:\n\tpython -m unittest discover\n", "tests.py": SUITE}) == ((), "")
    assert _paths({"Makefile": "x:\n\tpython ../tests.py\n", "tests.py": SUITE}) == ((), "")
    # a command that runs pytest: pytest's own collection is meant
    assert _paths({"Makefile": "x:\n\tpython tests.py\n\tpython -m pytest\n", "tests.py": SUITE}) == ((), "")


def test_the_plan_names_the_script_and_a_pytest_configuration_wins():
    plan = plan_run(read_pytest_ini(None, REPO.get, lambda: ENTRIES, lambda: []))
    assert plan.args == ("-o", "testpaths=checks_test_suite.py") and plan.test_paths == ("checks_test_suite.py",)
    own = {**REPO, "setup.cfg": "[tool:pytest]\npython_files = checks_*.py\n"}
    assert plan_run(read_pytest_ini(None, own.get, lambda: ENTRIES, lambda: [])).args == ()


@pytest.mark.slow
def test_the_unittest_script_is_the_suite(tmp_path):
    runner = runner_for(Lang.PYTHON)
    root = write_tree(tmp_path, REPO)
    ids = ["checks_test_suite.py::TallyTest::test_adds", "checks_test_suite.py::TallyTest::test_starts_empty"]
    assert sorted(runner.discover(root)) == ids
    run = runner.run(root, None, coverage=True)
    assert run.status is SuiteStatus.OK, (run.reason, run.log[-3000:])
    assert run.outcomes() == dict.fromkeys(ids, Outcome.PASSED), run.log[-3000:]
    assert "tally.py" in run.per_test_coverage[ids[0]]
    report = BuildReport()
    count_adjustments(run, runner, report, "repo")
    assert report.counts["suites/test_paths_from_ci"] == 1
