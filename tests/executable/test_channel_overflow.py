"""A run whose verdict channel dropped records past its caps is never a pass (red team
2026-11-29 row 3, tests/hostile/redteam14/test_channel_budget.py): the dropped record may be the
one wrong checked value or a failure. Each consumer of the channel, on a small budget (the
channel's ``max_bytes`` lowered here; the attack fills the real 32 MiB): the executable verdict
of record (evaluation and the build's gold gate), the build's and the class suite's pytest runs,
the class evaluation's verdict, the C# runner's trust."""

from __future__ import annotations

import functools
import sys
from types import SimpleNamespace

from crossfile_datasets.core.reasons import CHANNEL_OVERFLOW, lookup
from crossfile_datasets.sandbox import Sandbox, SandboxLimits, pytest_runs, values
from crossfile_datasets.sandbox.channel import ChannelRecords, ResultChannel
from crossfile_datasets.sandbox.problems import VerdictStatus, run_problem_tests
from crossfile_datasets.sandbox.pytest_runs import Outcome, run_pytest
from tests.executable.test_mutants_warm import problem

GOLD = 'def is_even(n):\n    """Whether n is even."""\n    return n % 2 == 0\n'
LOOP_TEST = ("from calc.ops import is_even\n\n\n"
             "def test_parity():\n    for n in range(4):\n        assert is_even(2 * n)\n        assert not is_even(2 * n + 1)\n")
# right below 7, a long truthy string for 7 (wrong: "even"): the one wrong value is the record
# past the budget, the falsy site's kept values are all False
WRONG = 'def is_even(n):\n    """Whether n is even."""\n    return n % 2 == 0 if n < 7 else "odd " * 5000\n'


def small_budget(monkeypatch, max_bytes: int) -> None:
    monkeypatch.setattr(pytest_runs, "ResultChannel", functools.partial(ResultChannel, max_bytes=max_bytes))


def test_a_wrong_value_dropped_past_the_budget_is_no_pass_of_the_verdict_of_record(tmp_path, monkeypatch):
    rec = problem(tmp_path, GOLD, LOOP_TEST, "is_even", "is_even")
    gold = run_problem_tests(rec, GOLD, 60, python=sys.executable, pytest_plugins=())
    assert gold["passed"], gold["detail"]
    rec["value_checks"] = values.reference_checks(gold.get("values") or {})  # the gold gate's host-only sites
    assert rec["value_checks"]
    wrong = run_problem_tests(rec, WRONG, 60, python=sys.executable, pytest_plugins=())
    assert wrong["status"] == VerdictStatus.FAILED  # the full budget: the wrong value is judged
    small_budget(monkeypatch, 8000)  # the small records fit, the 20,000-character value does not
    verdict = run_problem_tests(rec, WRONG, 60, python=sys.executable, pytest_plugins=())
    assert not verdict["passed"] and verdict["status"] == CHANNEL_OVERFLOW and verdict["num_passed"] == 0, verdict
    assert "dropped" in verdict["detail"]
    # the gold gate's run too: gold whose records do not all fit is not kept
    small_budget(monkeypatch, 1)
    assert run_problem_tests(rec, GOLD, 60, python=sys.executable, pytest_plugins=())["status"] == CHANNEL_OVERFLOW


TWO_TESTS = "def test_a():\n    assert True\n\n\ndef test_b():\n    assert 1 + 1 == 3\n"


def test_no_test_of_a_pytest_run_that_dropped_records_passes(tmp_path, monkeypatch):
    """``run_pytest``: the build's suite and program runs (validation), the class suite's runs
    (the class build's gates and the class evaluation): a run whose channel dropped the failing
    test's records kept the passing one's; now none of its tests passes, and the refusal is
    counted under its own reason."""
    root = tmp_path / "repo"
    (root / "tests").mkdir(parents=True)
    (root / "tests" / "test_two.py").write_text(TWO_TESTS)
    with Sandbox(root, python=sys.executable, limits=SandboxLimits(timeout=60)) as box:
        full = run_pytest(box, ["tests/test_two.py"])
    assert full.outcomes == {"tests/test_two.py::test_a": Outcome.PASSED, "tests/test_two.py::test_b": Outcome.ASSERTION}
    assert not full.refused
    kept = sum(len(str(r)) for r in full.channel.records if r.get("nodeid") == "tests/test_two.py::test_a")
    small_budget(monkeypatch, kept + 600)  # test_a's records fit, test_b's failure does not
    with Sandbox(root, python=sys.executable, limits=SandboxLimits(timeout=60)) as box:
        cut = run_pytest(box, ["tests/test_two.py"])
    assert cut.channel.overflow
    assert Outcome.PASSED not in cut.outcomes.values(), cut.outcomes
    assert cut.messages["tests/test_two.py::test_a"].startswith(CHANNEL_OVERFLOW)
    assert [key for key, _ in cut.refused] == [f"host_files/{CHANNEL_OVERFLOW}"]


def test_the_class_evaluation_never_passes_a_run_whose_channel_dropped_records(monkeypatch):
    from crossfile_datasets.evaluation import classlevel
    from crossfile_datasets.sandbox.suites import SuiteRun, SuiteStatus, TestOutcome, TestResult

    run = SuiteRun(SuiteStatus.OK, [TestResult("t::a", TestOutcome.PASSED, 0.0)],
                   refused=[(f"host_files/{CHANNEL_OVERFLOW}", "verdict channel: 1 records over its caps not kept")])
    monkeypatch.setattr(classlevel, "run_placed", lambda *a, **k: (None, run))
    result = classlevel.run_generation({"expected_to_pass": ["t::a"]}, "class A: pass", None, None)
    assert not result["passed"] and result["status"] == CHANNEL_OVERFLOW
    run.refused = []
    assert classlevel.run_generation({"expected_to_pass": ["t::a"]}, "class A: pass", None, None)["passed"]


def test_the_csharp_runner_does_not_trust_a_channel_that_dropped_records():
    from crossfile_datasets.sandbox.suites.csharp import _Executed

    records = ChannelRecords(session_end={"event": "session_end"})
    assert _Executed(SimpleNamespace(), records).trusted
    records.overflow = 1
    assert not _Executed(SimpleNamespace(), records).trusted


def test_the_reasons_are_registered():
    assert lookup(f"generations/{CHANNEL_OVERFLOW}") and lookup(f"host_files/{CHANNEL_OVERFLOW}")
