"""Tuning on held-out 19 (issues 33/36): the last stages of a repository with a time limit each
get a share of what is left, so one stage cannot starve the rest (hyperlink's gold gate, furl's
disguised controls); a budget note is never what became of a function; a test whose subtests of
an optional backend skip passes (pathspec), and a solution that skips more does not; optional
extras left out are counted; the placeholder of a class skeleton never stays in a prompt (a
class ending with a comment: hyperlink's ``DecodedURL``); statements only Python 2 runs are
neither coverage lines nor mutation sites (simplejson)."""

from __future__ import annotations

import ast
import sys
from types import SimpleNamespace

import pytest

from crossfile_datasets.builders.executable import build as B
from crossfile_datasets.builders.functions import SIZES, _statement_lines
from crossfile_datasets.core import constants as C
from crossfile_datasets.core import deadline as D
from crossfile_datasets.core.deadline import Deadline, RepositoryTimeLimit
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.lang.python.mutation import mutants
from crossfile_datasets.lang.python.versions import python3_truth
from crossfile_datasets.sandbox.environment import detect_requirements
from crossfile_datasets.sandbox.pytest_runs import Outcome, skipped_subtests, summarize_outcomes
from tests.executable.conftest import make_repo
from tests.executable.test_candidates import analyze
from tests.executable.test_prompts import prompts_for

GOLD = 'def double(x):\n    """Twice ``x``, the sum of it with itself."""\n    return x + x\n'


class Clock:
    """The build's and the deadline's ``time.monotonic``, moved by the fake runs only."""

    def __init__(self) -> None:
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now


def test_each_late_stage_stops_within_its_share_and_the_build_goes_on(monkeypatch):
    """hyperlink (held-out 19): the gold gate took 667 of 1,260 s, and the limit stopped the
    repository with 57 problems past the gold gate and none written. Now the gold gate starts
    problems within EXEC_GOLD_GATE_SHARE of what is left, the mutation gate within
    EXEC_MUTATION_SHARE of what is left then, the controls up to the reserve; what a stage has
    no time for is ``problems/stage_time_limit`` (a time limit, said so), the rest is kept."""
    clock = Clock()
    monkeypatch.setattr(B, "time", SimpleNamespace(monotonic=clock.monotonic))
    monkeypatch.setattr(D, "time", SimpleNamespace(monotonic=clock.monotonic))
    monkeypatch.setattr(C, "EXEC_STAGE_RESERVE_SECONDS", 5.0)

    def gold_run(rec, solution, timeout, **kw):
        clock.now += 12
        return {"passed": True, "status": "passed", "detail": ""}

    def judge_versions(rec, versions, **kw):
        clock.now += 25
        return [B.CAUGHT] * len(versions)

    def judge_controls(rec, caught, rng, **kw):
        clock.now += 10
        return None

    monkeypatch.setattr(B, "run_problem_tests", gold_run)
    monkeypatch.setattr(B, "gold_splice_refusal", lambda rec: None)
    monkeypatch.setattr(B, "judge_versions", judge_versions)
    monkeypatch.setattr(B, "judge_controls", judge_controls)
    report = B.FateReport()
    ctx = SimpleNamespace(settings=B.ExecSettings(use_pynguin=False, workers=1), report=report,
                          repo=SimpleNamespace(name="r"), env=SimpleNamespace(python="python3", pytest_plugins=()),
                          stats={})
    records = [{"file": "m.py", "qualname": f"f{i}", "solution": GOLD.replace("double", f"f{i}"),
                "test_list": [f"def test_f():\n    assert f{i}(2) == 4\n"]} for i in range(4)]
    token = D._CURRENT.set(Deadline(100.0, started=clock.now))
    try:
        # gold gate: 30 s of 100; runs start at 0, 12, 24; the fourth (at 36) is not reached
        passed = B.gold_gate(ctx, records)
        assert [r["qualname"] for r in passed] == ["f0", "f1", "f2"]
        # mutation: 0.65 of the 64 s left (41.6 s); starts at 36 and 61, not at 86
        # controls: the 14 s left less the 5 s reserve; starts at 86, not at 96
        kept = B.mutation_gate(ctx, passed)
    finally:
        D._CURRENT.reset(token)
    assert [r["qualname"] for r in kept] == ["f0"]
    assert report.counts["problems/stage_time_limit"] == 3
    for name, stage in (("f3", "gold gate"), ("f2", "mutation"), ("f1", "disguised controls")):
        fate = report.fates[f"r:m.py::{name}"]
        assert fate.startswith("problems/stage_time_limit") and f"time limit of the stage {stage} ran out" in fate


def test_without_a_time_limit_every_problem_is_judged(monkeypatch):
    monkeypatch.setattr(B, "run_problem_tests", lambda *a, **kw: {"passed": True, "status": "passed", "detail": ""})
    monkeypatch.setattr(B, "gold_splice_refusal", lambda rec: None)
    report = B.FateReport()
    ctx = SimpleNamespace(settings=B.ExecSettings(use_pynguin=False, workers=1), report=report,
                          repo=SimpleNamespace(name="r"), env=SimpleNamespace(python="python3", pytest_plugins=()),
                          stats={})
    records = [{"file": "m.py", "qualname": f"f{i}", "solution": GOLD} for i in range(3)]
    assert len(B.gold_gate(ctx, records)) == 3 and "problems/stage_time_limit" not in report.counts


def test_a_budget_note_is_never_the_fate_the_time_limit_replaces(monkeypatch):
    """hyperlink (held-out 19): 37 functions never judged showed ``mutants_cut_by_budget: 6
    mutants`` as their fate; the repository's time limit is their reason."""
    report = B.FateReport()
    report.count("problems", "mutants_cut_by_budget", "r:m.py::f", "6 mutants")
    assert "r:m.py::f" not in report.fates
    report.count("problems", "weak_tests", "r:m.py::g", "0.4")
    report.count("problems", "mutants_cut_by_budget", "r:m.py::g", "6 mutants")
    assert report.fates["r:m.py::g"].startswith("problems/weak_tests")

    def stopped(repo, settings, rep):
        rep.candidates = ["r:m.py::f", "r:m.py::g"]
        rep.count("problems", "mutants_cut_by_budget", "r:m.py::f", "6 mutants")
        rep.count("problems", "weak_tests", "r:m.py::g", "0.4")
        raise RepositoryTimeLimit(Deadline(0.1), "mutation")

    monkeypatch.setattr(B, "_build_repository", stopped)
    stopped_report = B.FateReport()
    with pytest.raises(RepositoryTimeLimit):
        B.build_repository(SimpleNamespace(name="r"), B.ExecSettings(use_pynguin=False), stopped_report)
    assert stopped_report.fates["r:m.py::f"].startswith("problems/repository_time_limit: not finished: the time limit")
    assert stopped_report.fates["r:m.py::g"].startswith("problems/weak_tests")


# ------------------------------------------------------------------------------ subtests --
def _rec(when: str, outcome: str, nodeid: str = "t.py::T::test_a") -> dict:
    return {"nodeid": nodeid, "when": when, "outcome": outcome, "exc_type": None, "xfail": False, "message": ""}


def test_skipped_subtests_of_a_test_that_passed_do_not_make_it_skipped():
    """pytest 9's records of pathspec's ``test_01_match_file_3_unmatch`` ("1 passed, 6
    skipped, 2 subtests passed"): a call record per subtest, then the test's own."""
    records = [_rec("setup", "passed"), _rec("call", "passed"), _rec("call", "skipped"), _rec("call", "skipped"),
               _rec("call", "passed"), _rec("teardown", "passed")]
    outcomes, _ = summarize_outcomes(records)
    assert outcomes == {"t.py::T::test_a": Outcome.PASSED}
    assert skipped_subtests(records) == {"t.py::T::test_a": 2}
    # skipped in its setup (a marker), or skipped with nothing passed: skipped
    assert summarize_outcomes([_rec("setup", "skipped"), _rec("teardown", "passed")])[0] == {
        "t.py::T::test_a": Outcome.SKIPPED}
    assert summarize_outcomes([_rec("setup", "passed"), _rec("call", "skipped")])[0] == {
        "t.py::T::test_a": Outcome.SKIPPED}
    # a failed subtest still fails the test
    failed = {**_rec("call", "failed"), "exc_type": "AssertionError"}
    assert summarize_outcomes([_rec("call", "passed"), _rec("call", "skipped"), failed])[0] == {
        "t.py::T::test_a": Outcome.ASSERTION}


BACKENDS_TEST = '''\
import unittest

from calc.ops import double


class TestDouble(unittest.TestCase):
    def test_backends(self):
        for backend in ("simple", "fast"):
            with self.subTest(backend):
                if backend == "fast":
                    raise unittest.SkipTest("the fast backend is not installed")
                self.assertEqual(double(2), 4)
                self.assertEqual(double(5), 10)
'''


def test_a_problem_run_passes_the_gold_skips_and_no_more(tmp_path):
    """The gold gate records how many subtests its run skipped; a solution whose run skips more
    (one that raises ``SkipTest``) does not pass."""
    from crossfile_datasets.sandbox.checks import render_check
    from crossfile_datasets.sandbox.problems import run_problem_tests

    root = tmp_path / "calc"
    make_repo(root, {"calc/__init__.py": "", "calc/ops.py": GOLD}, "calc")
    problem = {"repository_root": str(root), "file": "calc/ops.py", "qualname": "double", "entry_point": "double",
               "class_name": "", "python_path": [""], "requirements": [],
               "check": render_check("calc.ops.double", "calc/ops.py", ["tests/test_cfd_1.py"], [BACKENDS_TEST])}
    gold = run_problem_tests(problem, GOLD, 60, python=sys.executable, pytest_plugins=(), subtest_skips_as_run=True)
    assert gold["passed"], gold
    assert list(gold["skipped_subtests"].values()) == [1]
    problem["skipped_subtests"] = [{"test": t, "count": n} for t, n in gold["skipped_subtests"].items()]
    assert run_problem_tests(problem, GOLD, 60, python=sys.executable, pytest_plugins=())["passed"]
    skipping = 'def double(x):\n    import unittest\n    raise unittest.SkipTest("no")\n'
    verdict = run_problem_tests(problem, skipping, 60, python=sys.executable, pytest_plugins=())
    assert not verdict["passed"], verdict
    wrong = 'def double(x):\n    return x * 3\n'
    assert not run_problem_tests(problem, wrong, 60, python=sys.executable, pytest_plugins=())["passed"]


def test_optional_extras_left_out_are_counted(tmp_path):
    """pathspec (held-out 19): the ``hyperscan`` and ``re2`` extras, imported in ``try: ...
    except ModuleNotFoundError:``, were never installed and never counted."""
    files = {
        "pyproject.toml": '[project]\nname = "fastpath"\nversion = "1"\n\n[project.optional-dependencies]\n'
                          'hyper = ["hyperlibx >=0.7"]\nspeed = ["speedlibx"]\ntest = ["pytest"]\n',
        "fastpath/__init__.py": "",
        "fastpath/backend.py": "try:\n    import hyperlibx\nexcept ModuleNotFoundError:\n    hyperlibx = None\n",
    }
    repo = make_repo(tmp_path / "fastpath", files, "fastpath")
    facts, _ = analyze(repo)
    report = BuildReport()
    requirements, _ = detect_requirements(repo.root, facts, report=report, where="fastpath")
    assert not any(r.lower().startswith(("hyperlibx", "speedlibx")) for r in requirements)
    named = " | ".join(w for reason in ("environment/optional_extra_not_installed",
                                        "environment/optional_import_not_installed")
                       for w in report.samples.get(reason, []))
    assert "fastpath: speedlibx" in named and "hyperlibx" in named, report.samples
    assert report.counts.get("environment/optional_extra_not_installed", 0) >= 1


# ------------------------------------------------------------------------- class prompts --
BOX = '''\
from .util import _double


class Box:
    """A box of values."""

    def __init__(self, values):
        self.values = values

    def total(self):
        """The sum of the box's values, doubled by the module's helper function."""
        return _double(sum(self.values))

    # # End of the compatibility code
'''


def test_a_class_ending_with_a_comment_keeps_no_placeholder(tmp_path):
    """hyperlink's ``DecodedURL`` ends with ``# # End Twisted Compat Code``: the comment's
    line was replaced by the target and ``__crossfile_target__`` stayed in 42 prompts."""
    repo = make_repo(tmp_path / "box", {"box/__init__.py": "", "box/util.py": "def _double(x):\n    return 2 * x\n",
                                        "box/core.py": BOX}, "box")
    _, cand = prompts_for(repo, "Box.total")
    for size in SIZES:
        prompt = cand.prompts[size]
        assert "__crossfile_target__" not in prompt, (size, prompt)
        assert "def total(self):" in prompt and prompt.index("class Box") < prompt.index("def total(self):")
        ast.parse(prompt)


# ---------------------------------------------------------------------------- Python 2 --
ENCODE = '''\
def enc(s, _PY3=PY3):
    """The string ``s`` quoted, bytes decoded first."""
    if _PY3:
        if isinstance(s, bytes):
            s = str(s, "utf-8")
    else:
        if isinstance(s, str):
            s = unicode(s, "utf-8")
    return '"' + s + '"'
'''


def test_lines_only_python_2_runs_are_not_counted_nor_mutated():
    """simplejson's ``py_encode_basestring`` (held-out 19): 6 of its 14 lines are the ``else:``
    of ``if _PY3:``; counted, its share could not pass 0.57."""
    node = ast.parse(ENCODE).body[0]
    assert _statement_lines(node) == (3, 4, 5, 9)
    made = mutants(ENCODE, limit=40, seed=1)
    assert made and not any(m.description.startswith(("line 7:", "line 8:")) for m in made)


@pytest.mark.parametrize("test, truth", [
    ("PY3", True), ("_PY3", True), ("six.PY3", True), ("PY2", False), ("not PY2", True),
    ("sys.version_info[0] == 2", False), ("sys.version_info[0] >= 3", True), ("sys.version_info >= (3,)", True),
    ("sys.version_info < (3, 0)", False), ("sys.version_info.major == 3", True),
    ("sys.version_info >= (3, 8)", None), ("sys.version_info > (3,)", None), ("DEBUG", None), ("x == 2", None),
])
def test_python3_truth(test, truth):
    assert python3_truth(ast.parse(test, mode="eval").body) is truth
