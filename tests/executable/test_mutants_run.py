"""Wrong versions of one problem judged in one sandbox by one warm, forking interpreter
(issue 33 item 3): the same verdicts as one sandboxed run per version, a time-out counts as
caught, a version that cannot be put in place is invalid, mutants after a passing stub are
not run."""

from __future__ import annotations

import sys
import time

import pytest

from crossfile_datasets.builders.executable.mutants_run import CAUGHT, INVALID, NOT_RUN, PASSED, judge_versions
from crossfile_datasets.sandbox.problems import run_problem_tests
from crossfile_datasets.sandbox.checks import render_check

GOLD = 'def add(a, b):\n    """Add two numbers together."""\n    return a + b\n'
TEST = "from calc.ops import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n    assert add(-1, 1) == 0\n"


def problem(tmp_path):
    root = tmp_path / "calc_repo"
    (root / "calc").mkdir(parents=True)
    (root / "calc" / "__init__.py").write_text("")
    (root / "calc" / "ops.py").write_text('"""Ops."""\n\n\n' + GOLD)
    paths, tests = ["tests/test_cfd_add.py"], [TEST]
    return {"repository_root": str(root), "file": "calc/ops.py", "qualname": "add", "entry_point": "add",
            "class_name": "", "python_path": [""], "requirements": [], "test_paths": paths, "test_list": tests,
            "check": render_check("calc.ops.add", "calc/ops.py", paths, tests)}


@pytest.mark.slow
def test_versions_judged_like_one_run_each(tmp_path):
    rec = problem(tmp_path)
    versions = [
        'def add(a, b):\n    """Add."""\n    pass\n',  # stub: caught
        GOLD,  # passes
        'def add(a, b):\n    """Add."""\n    return a - b\n',  # caught
        'def add(a, b):\n    """Add."""\n    while True:\n        pass\n',  # a time-out: caught
        'def other(a, b):\n    return 1\n',  # no function of that name: invalid
    ]
    started = time.monotonic()
    statuses = judge_versions(rec, versions, stubs=1, python=sys.executable, per_version_timeout=5)
    assert statuses == [CAUGHT, PASSED, CAUGHT, CAUGHT, INVALID]
    for code, status in zip(versions[:3], statuses):  # the verdict of record agrees
        assert run_problem_tests(rec, code, python=sys.executable)["passed"] == (status == PASSED)
    assert time.monotonic() - started < 120


def test_mutants_after_a_passing_stub_are_not_run(tmp_path):
    rec = problem(tmp_path)
    statuses = judge_versions(rec, [GOLD, 'def add(a, b):\n    """Add."""\n    return 0\n'], stubs=1,
                              python=sys.executable)
    assert statuses == [PASSED, NOT_RUN]


# The repository's conftest.py fails only in the driver's forked test processes (as a forgery
# reading the driver's pipe did when the run's own uid could not open it: PermissionError).
CRASH_UNDER_THE_DRIVER = '''
import os
if b"driver.py" in open("/proc/%d/cmdline" % os.getppid(), "rb").read():
    raise PermissionError(13, "Permission denied", "/proc/%d/fd/1" % os.getppid())
'''


def test_tests_that_end_without_a_verdict_do_not_make_a_version_caught(tmp_path):
    """A forged mutation score (executable build): the driver took every non-zero exit of the
    tests as "caught", so a conftest.py that raises (or a permission error: the clean-clone
    regression of 8d6eef8) only under the driver made a version the tests let through
    "caught". Only pytest's "a test failed" (1) catches; anything else is judged by a run of its
    own, the verdict of record."""
    rec = problem(tmp_path)
    (tmp_path / "calc_repo" / "conftest.py").write_text(CRASH_UNDER_THE_DRIVER)
    survivor = 'def add(a, b):\n    """Add."""\n    return a + b if a != 7 else 0\n'
    stub = 'def add(a, b):\n    """Add."""\n    pass\n'
    assert judge_versions(rec, [stub, survivor], stubs=1, python=sys.executable, stop_after_stub=False) == \
        [CAUGHT, PASSED]
