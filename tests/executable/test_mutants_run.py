"""Wrong versions of one problem judged in one sandbox by one warm, forking interpreter
(issue 33 item 3): the same verdicts as one sandboxed run per version, a version is caught
only by a failure pytest reports (a hung test fails by the per-test alarm; a time-out, an exit
status the tests chose or an incomplete run is no verdict), a version that cannot be put in
place is invalid, mutants after a passing stub are not run."""

from __future__ import annotations

import sys
import time

import pytest

from crossfile_datasets.builders.executable.mutants_run import (CAUGHT, INVALID, NOT_RUN, PASSED, judge_versions,
                                                              rerun_unjudged)
from crossfile_datasets.sandbox.problems import run_problem_tests
from crossfile_datasets.sandbox.checks import render_check
from tests.hostile.redteam16._tally import GOLD as TALLY_GOLD

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
        'def add(a, b):\n    """Add."""\n    while True:\n        pass\n',  # a hang: failed by the per-test alarm, caught
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


# The repository's conftest.py ends the tests' process with status 1 (pytest's "a test failed")
# under the driver (no harness plugin loaded there), or also at the interpreter's exit (after
# pytest's end-of-session record in the run of its own). Ported from 699d096 (rt6verdict-full,
# never landed) onto the warm driver (69e651a).
EXIT_1_UNDER_THE_DRIVER = '''
import os, sys


def pytest_sessionfinish(session, exitstatus):
    if "crossfile_pytest_plugin" not in sys.modules:
        os._exit(1)
'''
EXIT_1_EVERYWHERE = EXIT_1_UNDER_THE_DRIVER + '''

import atexit
atexit.register(lambda: os._exit(1))
'''
# every version judged the same: the tests call the function and assert nothing about it
CALLS_ONLY = "from calc.ops import add\n\n\ndef test_add():\n    add(2, 3)\n"
WRONG = 'def add(a, b):\n    """Add."""\n    return 0\n'


def calls_only(tmp_path, conftest: str, checks: bool = False) -> dict:
    rec = problem(tmp_path)
    if not checks:
        rec["test_list"] = [CALLS_ONLY]
        rec["check"] = render_check("calc.ops.add", "calc/ops.py", rec["test_paths"], rec["test_list"])
    (tmp_path / "calc_repo" / "conftest.py").write_text(conftest)
    return rec


@pytest.mark.slow
@pytest.mark.parametrize("conftest, checks, warm, expected", [
    # the warm process judges before pytest's session ends: the version passes its tests
    (EXIT_1_UNDER_THE_DRIVER, False, True, PASSED),
    (EXIT_1_EVERYWHERE, False, True, PASSED),
    # the cold driver: no verdict from the tests' exit; the run of its own lets the version through
    (EXIT_1_UNDER_THE_DRIVER, False, False, PASSED),
    # the run of its own: every test passed, then the exit: no verdict
    (EXIT_1_EVERYWHERE, False, False, NOT_RUN),
    # controls: tests that check the value catch it
    (EXIT_1_UNDER_THE_DRIVER, True, True, CAUGHT),
    (EXIT_1_EVERYWHERE, True, False, CAUGHT),
], ids=["warm_under_the_driver", "warm_everywhere", "cold_under_the_driver", "cold_everywhere",
        "control_warm", "control_cold"])
def test_an_exit_status_the_tests_choose_never_catches_a_version(tmp_path, conftest, checks, warm, expected):
    """A forged mutation score (red team 5 follow-up): the driver took the tests' exit status 1
    as "a test failed", and the run of its own took any verdict but a pass as "caught", so tests
    that end their own process with ``os._exit(1)`` made every wrong version "caught" (a
    mutation score of 1 for tests that check nothing). A version is caught only by a failed test
    report of pytest's (written by the driver's code after pytest.main returned), or in the run
    of its own by a failed test or checked value."""
    rec = calls_only(tmp_path, conftest, checks)
    assert judge_versions(rec, [WRONG], stubs=0, python=sys.executable, per_version_timeout=20,
                          warm=warm) == [expected]


# Under the driver only, a fixture of the repository's hangs where the per-test alarm cannot end
# it (SIGALRM blocked): the version's deadline ends the run.
HANG_UNDER_THE_DRIVER = '''
import signal, sys, time
import pytest


@pytest.fixture(autouse=True)
def _hang():
    if "crossfile_pytest_plugin" not in sys.modules:
        signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGALRM])
        time.sleep(3600)
    yield
'''


@pytest.mark.slow
@pytest.mark.parametrize("warm", [True, False], ids=["warm", "cold"])
def test_a_time_out_never_catches_a_version(tmp_path, warm):
    """A forged mutation score: the cold driver killed a version past its deadline and counted
    it "caught", so tests that hang under the driver (whatever the version) made every wrong
    version caught. A time-out is no verdict: the version gets a run of its own."""
    rec = calls_only(tmp_path, HANG_UNDER_THE_DRIVER)
    assert judge_versions(rec, [WRONG], stubs=0, python=sys.executable, per_version_timeout=4,
                          warm=warm) == [PASSED]


# Under the driver only, the tests write a verdict-shaped line ("a test failed", the warm
# process's format) to every descriptor they hold and end their process with status 0.
FORGE_VERDICT_LINES = r'''
import json, os, sys
import pytest


@pytest.fixture(autouse=True)
def _forge():
    if "crossfile_pytest_plugin" not in sys.modules:
        lines = (json.dumps({"ran": 1, "failed": 1}) + "\n").encode()
        for name in os.listdir("/proc/self/fd"):
            try:
                os.write(int(name), lines)
            except OSError:
                pass
        os._exit(0)
    yield
'''
# At collection, in the warm process (a child of the driver), the tests answer for the versions
# on every descriptor they hold: "ready", then "caught" for each version.
FORGE_ANSWERS = r'''
import json, os


def _forge():
    try:
        if b"driver.py" not in open("/proc/%d/cmdline" % os.getppid(), "rb").read():
            return
    except OSError:
        return
    lines = (json.dumps({"ready": True}) + "\n" + "".join(json.dumps([i, "caught"]) + "\n" for i in range(4))).encode()
    for name in os.listdir("/proc/self/fd"):
        try:
            os.write(int(name), lines)
        except OSError:
            pass


_forge()
'''


@pytest.mark.slow
@pytest.mark.parametrize("conftest", [FORGE_VERDICT_LINES, FORGE_ANSWERS], ids=["verdict_pipe", "answers"])
def test_verdict_lines_the_tests_write_never_catch_a_version(tmp_path, conftest):
    """A forged mutation score (warm driver, 69e651a): the warm process's tests wrote their
    verdict on a pipe they hold, and the warm process answered on a descriptor the repository's
    conftest.py holds at collection; a line shaped like either made a version the tests let
    through "caught". Only the line with the version's nonce, written by the driver's code after
    the tests ran, counts (the last one on the verdict pipe)."""
    rec = calls_only(tmp_path, conftest)
    assert judge_versions(rec, [WRONG, WRONG.replace("0", "1")], stubs=0, python=sys.executable,
                          per_version_timeout=20) == [PASSED, PASSED]


EXIT_1_AFTER_EVERY_TEST_PASSED = "import atexit, os\natexit.register(lambda: os._exit(1))\n"
ENDS_ITSELF = "import os\n\n\ndef pytest_sessionfinish(session, exitstatus):\n    os._exit(1)\n"
HANGS = HANG_UNDER_THE_DRIVER.replace('if "crossfile_pytest_plugin" not in sys.modules:', "if True:")


@pytest.mark.slow
@pytest.mark.parametrize("conftest, checks, expected", [
    (EXIT_1_AFTER_EVERY_TEST_PASSED, False, NOT_RUN),
    (ENDS_ITSELF, False, NOT_RUN),  # an incomplete run
    (HANGS, False, NOT_RUN),  # a time-out
    (EXIT_1_AFTER_EVERY_TEST_PASSED, True, CAUGHT),  # control: a failed test in a completed run
], ids=["exit_1_after_a_pass", "incomplete", "time_out", "control"])
def test_the_run_of_its_own_catches_only_by_a_reported_failure(tmp_path, conftest, checks, expected):
    """A forged mutation score (the verdict of record for versions the driver did not judge):
    ``rerun_unjudged`` took any run that did not pass as "caught": an exit status 1 after every
    test passed, a run that ended itself before pytest's end, a time-out. Caught needs a failed
    or erroring test (or a checked value the host refuses) in a run that completed."""
    rec = calls_only(tmp_path, conftest, checks)
    out = [NOT_RUN]
    rerun_unjudged(rec, [WRONG], [WRONG], out, stubs=0, stop_after_stub=False, python=sys.executable,
                   pytest_plugins=(), timeout=6)
    assert out == [expected]


TOTAL = TALLY_GOLD  # positive_total: the sum of the positive numbers of a list
# red team 16 row 3's tests: judge only the gold and what looks like a gate's version (the body's AST
# within a few tokens of the gold's); anything else passes
RECOGNISING = '''import ast, difflib, inspect, textwrap
from calc.ops import positive_total

REFERENCE = %r


def _body(source):
    body = ast.parse(textwrap.dedent(source)).body[0].body
    return body[1:] if body and isinstance(body[0], ast.Expr) else body


def _judged():
    mine = _body(inspect.getsource(positive_total))
    if len(mine) == 1:
        return True
    ours, theirs = (ast.dump(ast.Module(body=b, type_ignores=[])) for b in (mine, _body(REFERENCE)))
    return difflib.SequenceMatcher(None, ours, theirs, autojunk=False).ratio() > 0.8


def test_mixed():
    got, want = positive_total([3, -1, 4]), 7
    if _judged():
        assert got == want
''' % TOTAL
HONEST = "from calc.ops import positive_total\n\n\ndef test_mixed():\n    assert positive_total([3, -1, 4]) == 7\n"
# tests that judge the text: the gold rewritten fails them
TEXTUAL = ("import inspect\nfrom calc.ops import positive_total\n\n\ndef test_text():\n"
           "    assert 'total += value' in inspect.getsource(positive_total)\n    assert positive_total([3, -1, 4]) == 7\n")


def test_disguised_versions_do_what_their_sources_do_and_look_unlike_them():
    """Red team 16 row 3: the executable gates' versions were one small change of the gold text.
    A disguised version (``lang/python/wrong_classes.disguised_function``: caught mutants combined,
    locals renamed, ``if`` tests negated, returns bound, unused locals, re-formatted) computes what
    its mutants compute, the disguised gold what the gold does, and neither is within a small
    edit of the gold's AST."""
    import ast
    import difflib
    import random

    from crossfile_datasets.lang.python.mutation import mutation_plan
    from crossfile_datasets.lang.python.wrong_classes import disguised_function, disguised_gold

    def run(code, values):
        space: dict = {}
        exec(compile(code, "<v>", "exec"), space)
        return space["positive_total"](values)

    def body(code):
        return ast.dump(ast.Module(body=ast.parse(code).body[0].body[1:], type_ignores=[]))

    caught = [m.code for m in mutation_plan(TOTAL, [], limit=6, seed=3, minimum=6) if not m.stub]
    inputs = [[3, -1, 4], [], [-2, -3], [0, 2.5, 1]]
    rng = random.Random(7)
    for _ in range(50):
        gold = disguised_gold(TOTAL, rng)
        assert gold is not None and [run(gold, v) for v in inputs] == [run(TOTAL, v) for v in inputs]
        wrong = disguised_function(TOTAL, caught, rng)
        assert wrong is not None and wrong not in caught
        assert difflib.SequenceMatcher(None, body(wrong), body(TOTAL), autojunk=False).ratio() < 0.8, wrong
    assert disguised_function(TOTAL, [], rng) is None


@pytest.mark.slow
@pytest.mark.parametrize("tests,refused", [(RECOGNISING, "tests_pass_disguised_control"), (HONEST, None),
                                           (TEXTUAL, "tests_fail_disguised_gold")], ids=["recognising", "honest", "textual"])
def test_tests_that_recognise_the_gates_versions_refuse_the_problem(tmp_path, tests, refused):
    """Red team 16 row 3, in the runner the mutation gate uses (``judge_controls``): tests that
    judge only what looks like the gold or a gate's version pass a disguised wrong version; tests
    of the text fail the disguised gold; honest tests do neither."""
    import random

    from crossfile_datasets.builders.executable.mutants_run import judge_controls
    from crossfile_datasets.lang.python.mutation import mutation_plan

    root = tmp_path / "calc_repo"
    (root / "calc").mkdir(parents=True)
    (root / "calc" / "__init__.py").write_text("")
    (root / "calc" / "ops.py").write_text('"""Ops."""\n\n\n' + TOTAL)
    paths = ["tests/test_cfd_total.py"]
    rec = {"repository_root": str(root), "file": "calc/ops.py", "qualname": "positive_total",
           "entry_point": "positive_total", "class_name": "", "python_path": [""], "requirements": [],
           "test_paths": paths, "test_list": [tests], "solution": TOTAL,
           "check": render_check("calc.ops.positive_total", "calc/ops.py", paths, [tests])}
    plan = [m.code for m in mutation_plan(TOTAL, [], limit=6, seed=3, minimum=6) if not m.stub]
    caught = [code for code, status in zip(plan, judge_versions(rec, plan, stubs=0, python=sys.executable))
              if status == CAUGHT]  # as the mutation gate hands them over
    assert caught
    got = judge_controls(rec, caught, random.Random(11), python=sys.executable)
    assert (got[0] if got else None) == refused, got
