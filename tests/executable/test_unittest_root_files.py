"""A single module's unittest suite in the root's ``tests.py`` runs (held-out 17: json-pointer's
23 tests were never collected, pytest's default ``python_files`` misses the name, so 2 of its 4
targets had no test and 2 wrong versions passed)."""

from __future__ import annotations

import textwrap

import pytest

from crossfile_datasets.builders.executable import build as B
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.sandbox.problems import run_problem_tests
from crossfile_datasets.sandbox.suites.pytest_config import plan_run, read_pytest_ini
from tests.executable.conftest import make_repo

POINTER = {
    "pointer.py": textwrap.dedent('''\
        """Pointers into nested lists and dicts."""


        def unescape(part: str) -> str:
            """A pointer part with its escapes undone: ``~1`` is ``/``, ``~0`` is ``~``."""
            return part.replace("~1", "/").replace("~0", "~")


        def join(parts: list) -> str:
            """The pointer of ``parts``: each escaped, each after a ``/``."""
            return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)
        '''),
    "tests.py": textwrap.dedent('''\
        import doctest
        import unittest

        import pointer


        class PointerTests(unittest.TestCase):
            def test_unescape(self):
                self.assertEqual(pointer.unescape("a~1b"), "a/b")
                self.assertEqual(pointer.unescape("m~0n"), "m~n")
                self.assertEqual(pointer.unescape("~01"), "~1")

            def test_join(self):
                self.assertEqual(pointer.join(["a/b", "m~n", 3]), "/a~1b/m~0n/3")
                self.assertEqual(pointer.join([]), "")


        def load_tests(loader, tests, ignore):
            tests.addTests(doctest.DocTestSuite(pointer))
            return tests
        '''),
    "makefile": "test:\n\tpython3 -m unittest\n",
}


def _ini(files: dict[str, str]):
    return read_pytest_ini(None, files.get, lambda: [(name, False, False) for name in files], lambda: [])


def test_a_root_unittest_file_is_collected_too():
    plan = plan_run(_ini(POINTER))
    assert plan.args == ("-o", "python_files=test_*.py *_test.py tests.py")


def test_only_unittest_files_and_only_without_the_repositorys_own_patterns():
    assert plan_run(_ini({**POINTER, "tests.py": "def helper():\n    return 1\n"})).args == ()
    own = {**POINTER, "pytest.ini": "[pytest]\npython_files = check_*.py\n"}
    assert plan_run(_ini(own)).args == ()
    # a repository that configured pytest (without python_files) collects pytest's defaults
    configured = {**POINTER, "setup.cfg": "[tool:pytest]\nfilterwarnings = error\n"}
    assert "python_files" not in " ".join(plan_run(_ini(configured)).args)
    assert plan_run(_ini({**POINTER, "test.py": "from unittest import TestCase\n"})).args == \
        ("-o", "python_files=test_*.py *_test.py tests.py test.py")


@pytest.mark.slow
def test_the_unittest_file_gives_the_functions_their_tests(tmp_path):
    repo = make_repo(tmp_path / "pointer", POINTER, "pointer")
    report = BuildReport()
    records, stats = B.build_repository(repo, B.ExecSettings(use_pynguin=False, workers=1, flaky_runs=1,
                                                             mutants=0), report)
    assert stats["repository_suite"]["status"] == "ok" and stats["repository_suite"]["passed"] == 2, stats
    by_name = {r["qualname"]: r for r in records}
    assert set(by_name) == {"unescape", "join"}, report.stage("problems")
    assert any("tests.py::PointerTests::test_join" in o for o in by_name["join"]["test_origins"])
    join = by_name["join"]
    assert run_problem_tests(join, join["solution"])["passed"]
    wrong = join["solution"].replace('.replace("~", "~0").replace("/", "~1")', '.replace("/", "~1")')
    assert run_problem_tests(join, wrong)["status"] == "failed"
