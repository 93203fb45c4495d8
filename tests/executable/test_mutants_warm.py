"""Wrong versions judged in one warm process (issue 33 item 3, speed): the test programs are
collected once, and each version runs in a fork with the target's code object swapped in
place, so a repository that is slow to import is imported once per problem, not once per
version. Verdicts stay those of a cold run: caught only by a failing test pytest reports."""

from __future__ import annotations

import sys
import time

import pytest

from crossfile_datasets.builders.executable.mutants_run import CAUGHT, PASSED, definition_shape, judge_versions
from crossfile_datasets.sandbox.checks import render_check

pytestmark = pytest.mark.slow

GOLD = 'def add(a, b):\n    """Add two numbers together."""\n    return a + b\n'
TEST = "from calc.ops import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n    assert add(-1, 1) == 0\n"
SLEEP = 4


def problem(tmp_path, module: str, test: str, qualname: str, entry: str, cls: str = "", init: str = ""):
    root = tmp_path / "calc_repo"
    (root / "calc").mkdir(parents=True)
    (root / "calc" / "__init__.py").write_text(init)
    (root / "calc" / "ops.py").write_text('"""Ops."""\n\n\n' + module)
    paths, tests = ["tests/test_cfd_ops.py"], [test]
    return {"repository_root": str(root), "file": "calc/ops.py", "qualname": qualname, "entry_point": entry,
            "class_name": cls, "python_path": [""], "requirements": [], "test_paths": paths, "test_list": tests,
            "check": render_check(f"calc.ops.{qualname}", "calc/ops.py", paths, tests)}


def test_a_slow_import_is_paid_once_per_problem(tmp_path):
    """At 2c4266e every version ran pytest in a fresh fork that imported the repository again:
    8 versions of a package that takes 4 s to import took more than 32 s."""
    rec = problem(tmp_path, GOLD, TEST, "add", "add", init=f"import time\ntime.sleep({SLEEP})\n")
    versions = ['def add(a, b):\n    """Add."""\n    pass\n'] + \
        [f'def add(a, b):\n    """Add."""\n    return a + b + {k}\n' for k in range(1, 7)] + [GOLD]
    started = time.monotonic()
    statuses = judge_versions(rec, versions, stubs=1, python=sys.executable, rerun=False)
    elapsed = time.monotonic() - started
    assert statuses == [CAUGHT] * 7 + [PASSED]
    assert elapsed < len(versions) * SLEEP - 4, elapsed


METHODS = '''import functools


def logged(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)
    return wrapper


class Acc:
    """An accumulator."""

    def __init__(self):
        self.total = 0

    def push(self, x):
        """Add x to the total and return the new total."""
        self.total += x
        return self.total


@logged
def double(x):
    """Twice x."""
    return 2 * x


TABLE = {"double": double}
'''
METHOD_TEST = '''from calc.ops import Acc, TABLE


def test_push():
    a = Acc()
    assert a.push(2) == 2
    assert a.push(3) == 5


def test_table():
    assert TABLE["double"](4) == 8
'''


def test_methods_and_decorated_functions_are_swapped_where_the_tests_reach_them(tmp_path):
    """The code object is swapped in the function the class holds, and under a decorator's
    wrapper, so a mutant is caught however the tests reach the function (a dict built at import
    time holds the decorated function); gold passes."""
    rec = problem(tmp_path, METHODS, METHOD_TEST, "Acc.push", "push", cls="Acc")
    push = ['    def push(self, x):\n        """Add."""\n        self.total -= x\n        return self.total\n',
            '    def push(self, x):\n        """Add."""\n        self.total += x\n        return x\n',
            '    def push(self, x):\n        """Add x to the total and return the new total."""\n'
            '        self.total += x\n        return self.total\n']
    assert judge_versions(rec, push, stubs=0, python=sys.executable, rerun=False) == [CAUGHT, CAUGHT, PASSED]
    rec = problem(tmp_path / "d", METHODS, METHOD_TEST, "double", "double")
    double = ['@logged\ndef double(x):\n    """Twice x."""\n    return 3 * x\n',
              '@logged\ndef double(x, y=1):\n    """Twice x."""\n    return 2 * x * y\n',  # a new parameter: cold
              '@logged\ndef double(x):\n    """Twice x."""\n    return 2 * x\n']
    assert judge_versions(rec, double, stubs=0, python=sys.executable, rerun=False) == [CAUGHT, PASSED, PASSED]


def test_a_changed_signature_is_not_judged_warm():
    """Defaults and decorators live in the function object, not its code: a version that
    changes them is judged the cold way (its module imported afresh)."""
    gold = "class A:\n    def f(self, x=1):\n        return x\n"
    assert definition_shape(gold, "A.f") == definition_shape("class A:\n    def f(self, x=1):\n        return -x\n", "A.f")
    assert definition_shape(gold, "A.f") != definition_shape("class A:\n    def f(self, x=2):\n        return x\n", "A.f")
    assert definition_shape(gold, "A.f") != definition_shape("class A:\n    @staticmethod\n    def f(self, x=1):\n        return x\n", "A.f")
    assert definition_shape(gold, "A.g") is None


EXITING_REPR = '''import os

import pytest

from calc.ops import add


class Noisy:
    def __repr__(self):
        os._exit(3)  # formatting a failure runs this


@pytest.fixture
def noisy():
    return Noisy()


def test_add(noisy):
    assert add(2, 3) == 5
'''


@pytest.mark.parametrize("warm", [True, False])
def test_a_failure_is_counted_without_formatting_it(tmp_path, warm):
    """2026-11-28 (issue 33 item 3): both drivers run the tests with ``--tb=no``. A failed
    report is the verdict; formatting it (the long traceback with the arguments' reprs, the
    source around each frame) was most of a version's time, 18 of 23 ms on textkit. Before,
    a failure's formatting also ran the repository's ``__repr__``: here it ends the process,
    and the wrong version was left without a verdict (``not_run``) instead of caught."""
    rec = problem(tmp_path, GOLD, EXITING_REPR, "add", "add")
    versions = ['def add(a, b):\n    """Add."""\n    return a - b\n', GOLD]
    statuses = judge_versions(rec, versions, stubs=0, python=sys.executable, rerun=False, warm=warm)
    assert statuses == [CAUGHT, PASSED]


def test_many_versions_are_judged_without_a_polling_interval(tmp_path):
    """The warm process waited for each version's fork in 10 ms naps (the cold driver in 20 ms
    naps), more than a version's tests took once failures were not formatted; it now waits on
    the fork's end (a pidfd) and its pipe. 60 versions caught and 1 passed, each judged."""
    rec = problem(tmp_path, GOLD, TEST, "add", "add")
    versions = [f'def add(a, b):\n    """Add."""\n    return a + b + {k}\n' for k in range(1, 61)] + [GOLD]
    statuses = judge_versions(rec, versions, stubs=0, python=sys.executable, rerun=False)
    assert statuses == [CAUGHT] * 60 + [PASSED]
