"""RepoExec's dynamic filters on a small repository: repair, flakiness, coverage, gold gate,
and the problem runner shared with evaluation."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from crossfile_datasets.builders.executable.build import ExecSettings, build_repository, stability_verdict
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.sandbox.problems import run_problem_tests


@pytest.fixture(scope="module")
def mini_build(tmp_path_factory):
    from tests.executable.conftest import MINI, make_repo

    root = tmp_path_factory.mktemp("mini") / "mini"
    repo = make_repo(root, MINI, "mini")
    report = BuildReport()
    # the repository's own tests alone (no input programs): this module is about their repair
    records, stats = build_repository(repo, ExecSettings(use_pynguin=False, use_inputs=False, flaky_runs=3, workers=2,
                                                         mutants=0), report)
    return {r["entry_point"]: r for r in records}, stats, report


@pytest.mark.slow
def test_repaired_tests_keep_their_problem(mini_build):
    records, stats, report = mini_build
    assert sorted(records) == ["double", "midpoint"]
    double = records["double"]
    by_origin = dict(zip(double["test_origins"], double["test_list"]))
    repaired = by_origin["repository:tests/test_shapes.py::test_double_wrong"]
    assert "assert double(3) == 6" in repaired  # the literal was recaptured from the function
    assert double["test_repaired"] == [False, True]
    midpoint = records["midpoint"]
    (source,) = midpoint["test_list"]
    # a Point has no literal form: the expected value is the pickled real result
    assert "== __cfd_expected__(" in source and "def __cfd_expected__(data):" in source
    assert midpoint["test_repaired"] == [True]
    assert stats["tests_repaired"] == 2


def test_drops_by_reason(mini_build):
    _, _, report = mini_build
    problems = report.stage("problems")
    tests = report.stage("tests")
    assert problems.get("low_coverage") == 1  # classify(5) reaches 6 of its 18 lines
    assert problems.get("no_tests") == 1  # letters: its only test depends on the hash seed
    assert tests.get("test_error", 0) >= 1  # test_double_error raises TypeError
    assert tests.get("flaky", 0) + tests.get("repair_failed", 0) == 1
    assert "problems/low_coverage" in report.samples and "classify" in report.samples["problems/low_coverage"][0]


def test_coverage_and_fields(mini_build):
    records, _, _ = mini_build
    double = records["double"]
    assert double["coverage"] == 1.0
    assert double["check"].startswith('"""Executable check of pkg.shapes.double')
    assert double["requirements"] == [] and double["python_path"] == [""]
    assert double["dependencies"] == {"in_file": [], "cross_file": []}
    assert [d["name"] for d in records["midpoint"]["dependencies"]["in_file"]] == ["Point"]


@pytest.mark.slow
def test_runner_verdicts(mini_build):
    records, _, _ = mini_build
    double = records["double"]
    # a whole prompt plus completion works too: the last definition of the entry point is used
    completion = double["prompt"]["small_context"] + "    result = n * 2\n    return result\n"
    solutions = {
        "gold": (double["solution"], 60),
        "wrong": ("def double(n):\n    return n * 3\n", 60),
        "raising": ("def double(n):\n    raise RuntimeError('no')\n", 60),
        "missing": ("def triple(n):\n    return n * 3\n", 60),
        "looping": ("def double(n):\n    while True:\n        pass\n", 4),
        "completion": (completion, 60),
    }
    with ThreadPoolExecutor(max_workers=2) as pool:
        verdicts = dict(zip(solutions, pool.map(lambda item: run_problem_tests(double, *item), solutions.values())))
    gold = verdicts["gold"]
    assert gold["passed"] and gold["status"] == "passed" and gold["num_tests"] == 2
    assert verdicts["wrong"]["status"] == "failed" and verdicts["wrong"]["num_passed"] == 0
    assert verdicts["raising"]["status"] == "error" and "RuntimeError" in verdicts["raising"]["detail"]
    assert verdicts["missing"]["status"] == "invalid_solution"
    assert verdicts["looping"]["status"] in ("timeout", "error") and not verdicts["looping"]["passed"]
    assert verdicts["completion"]["passed"]


def test_stability_verdict():
    assert stability_verdict(["passed"] * 10, False) is None
    assert stability_verdict(["passed", "assertion", "passed"], False) == "flaky"
    assert stability_verdict(["assertion"] * 3, False) == "flaky"  # it passed before these runs
    assert stability_verdict(["assertion"] * 3, True) == "repair_failed"
    assert stability_verdict(["passed", "error"], True) == "flaky"


LLM_ANSWER = '''```python
from pkg.shapes import classify


def test_classify_every_branch():
    assert classify(-5) == "NEGATIVE!"
    assert classify(0) == "ZERO."
    assert classify(50) == "MEDIUM"
    assert classify(500) == "LARGE++"
    assert classify(5000) == "HUGE+++"
```'''


@pytest.mark.slow
def test_llm_tests_go_through_the_same_filters(mini_repo, llm_server):
    url, handler = llm_server
    handler.answer = LLM_ANSWER
    report = BuildReport()
    settings = ExecSettings(use_pynguin=False, flaky_runs=2, workers=2, llm_url=url, llm_model="stand-in", mutants=0)
    records, stats = build_repository(mini_repo, settings, report)
    assert len(handler.requests) == 4  # one request per candidate
    classify = next(r for r in records if r["entry_point"] == "classify")
    origins = dict(zip(classify["test_origins"], classify["test_repaired"]))
    # the generated test's wrong expectation ("MEDIUM") was recaptured ("MEDIUM+")
    assert origins["llm:pkg.shapes.classify::test_classify_every_branch"] is True
    llm_source = classify["test_list"][classify["test_origins"].index("llm:pkg.shapes.classify::test_classify_every_branch")]
    assert "assert classify(50) == 'MEDIUM+'" in llm_source
    assert classify["coverage"] == 1.0  # the repository's test alone reached 33%
    assert report.stage("tests").get("does_not_call_target", 0) >= 3  # the same answer, offered to double etc.
    assert stats["llm"] == {"model": "stand-in", "tests": 4, "errors": 0}


def test_pynguin_is_given_up_after_modules_failing_alike():
    """Tuning 2026-11-27d: youtube-dl's 22 modules each ran into Pynguin's
    TestExecutionTimeoutError, 1,159 s for no test. Three alike failures in a row stop it;
    a module with tests, or another failure, keeps it going."""
    from crossfile_datasets.builders.executable.build import pynguin_failure_kind, pynguin_gives_up

    timeout = pynguin_failure_kind("no tests written (TestExecutionTimeoutError: Execution)")
    assert timeout == "TestExecutionTimeoutError"
    assert pynguin_failure_kind("no tests written (exit 3)") == "no tests written (exit 3)"
    assert pynguin_gives_up([timeout] * 2) is None
    assert pynguin_gives_up([timeout] * 3) == timeout
    assert pynguin_gives_up([timeout, "", timeout, timeout]) is None  # a module with tests in between
    assert pynguin_gives_up(["ModuleNotFoundError", timeout, timeout]) is None
    assert pynguin_gives_up(["", "", ""]) is None
