"""A mutant that loops is stopped at a limit derived from the task's run on the original class
and counted as caught (held-out 20, issue 34: parsii's `Char.isLetter` and `Lookahead.next`
mutants looped the tokenizer until the run's 300 s time-out; with 600 s of the 900 s budget gone,
13 mutants of 4 later tasks were not run and those tasks were kept on 2-4 mutants). A real javac
+ JUnit suite in the sandbox: the gold rerun, the throwing stub (which time the task), then the
mutant gate with one mutant that never ends and one that ends."""
from __future__ import annotations

import dataclasses
import time

import pytest

from crossfile_datasets.builders.classlevel.build import (
    ClassSettings,
    gold_gate,
    mutant_gate,
    mutant_time_limit,
    throwing_stub_gate,
)
from crossfile_datasets.builders.classlevel.candidates import Candidate
from crossfile_datasets.core import constants as C
from crossfile_datasets.core.records import Repository
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.lang import Lang, get_language
from crossfile_datasets.lang.classes import WrongClass
from crossfile_datasets.sandbox.suites import runner_for
from tests.classlevel.fixture import selected
from tests.conftest import write_tree

MAIN = "src/main/java/com/ex/"
TEST = "src/test/java/com/ex/"
COUNTER = """package com.ex;
public class Counter {
    private final Step step;
    public Counter(Step step) { this.step = step; }
    public int sum(int n) {
        int s = 0;
        for (int i = 0; i < n; i += step.size()) s += i;
        return s;
    }
    public int twice(int x) { return 2 * x; }
}
"""
TREE = {
    MAIN + "Step.java": "package com.ex;\npublic class Step { public int size() { return 1; } }\n",
    MAIN + "Counter.java": COUNTER,
    TEST + "CounterTest.java": """package com.ex;
import org.junit.Assert;
import org.junit.Test;
public class CounterTest {
    @Test public void sums() { Assert.assertEquals(6, new Counter(new Step()).sum(4)); }
    @Test public void sumsNothing() { Assert.assertEquals(0, new Counter(new Step()).sum(0)); }
    @Test public void doubles() { Assert.assertEquals(8, new Counter(new Step()).twice(4)); }
}
""",
}


def test_the_limit_is_a_multiple_of_the_original_run_within_bounds():
    cand = Candidate(info=None, references=[])  # type: ignore[arg-type]
    assert mutant_time_limit(cand) == C.EXEC_RUN_TIMEOUT  # the stub's run was not timed
    cand.stub_seconds, cand.gold_seconds = 4.0, 2.0
    assert mutant_time_limit(cand) == C.CLASS_MUTANT_TIME_FACTOR * 6.0
    cand.stub_seconds = 0.5
    assert mutant_time_limit(cand) == C.CLASS_MUTANT_MIN_SECONDS
    cand.stub_seconds = 1000.0
    assert mutant_time_limit(cand) == C.EXEC_RUN_TIMEOUT


@pytest.fixture(scope="module")
def timed(tmp_path_factory):
    """The fixture's suite, selection, gold rerun and throwing stub (which time the task), once."""
    root = write_tree(tmp_path_factory.mktemp("counter"), TREE)
    facts, suite, cands, _ = selected(root, Lang.JAVA, 3)
    repo = Repository("ex", root, "", "", "")
    report = BuildReport()
    [cand] = gold_gate(runner_for(Lang.JAVA), repo, [cands["Counter"]], report, "")
    [cand] = throwing_stub_gate(Lang.JAVA, repo, facts, [cand], report, "")
    return repo, facts, suite, cand


def _mutants(monkeypatch, *wrongs):
    language = get_language(Lang.JAVA)
    monkeypatch.setattr(type(language), "method_mutants", lambda self, info, methods, **kw: list(wrongs))


@pytest.mark.javac
@pytest.mark.slow
def test_a_looping_mutant_is_caught_at_its_limit(timed, monkeypatch):
    repo, facts, suite, cand = timed
    cand = dataclasses.replace(cand, wrong_classes=dict(cand.wrong_classes))
    report = BuildReport()
    assert cand.stub_seconds is not None and cand.stub_seconds < 60, cand.stub_seconds
    limit = mutant_time_limit(cand)
    assert limit < C.EXEC_RUN_TIMEOUT / 2, (limit, cand.stub_seconds, cand.gold_seconds)

    looping = COUNTER.replace("i += step.size()", "i += step.size() - 1")  # never ends for n > 0
    ending = COUNTER.replace("2 * x", "3 * x")
    _mutants(monkeypatch, WrongClass("mutant", looping, "sum", "sum: step - 1"),
             WrongClass("mutant", ending, "twice", "twice: 2 -> 3"))
    gate: dict = {}
    t0 = time.monotonic()
    kept = mutant_gate(Lang.JAVA, repo, facts, [cand], suite, ClassSettings(), report, "", gate=gate)
    took = time.monotonic() - t0
    assert [c.info.name for c in kept] == ["Counter"]
    assert gate["mutants_run"] == 2 and gate["mutants_caught"] == 2 and gate["mutants_timed_out"] == 1, gate
    assert cand.wrong_classes["mutant_time_limit"] == limit
    assert took < limit + C.EXEC_RUN_TIMEOUT / 2, (took, limit)  # not the 300 s of a run's default limit
    [note] = report.samples["tasks/gate_run_timed_out"]
    assert "mutant of sum (limit" in str(note), note


@pytest.mark.javac
@pytest.mark.slow
def test_a_task_whose_every_mutant_survives_goes_whatever_the_minimum(timed, monkeypatch):
    """`--class-min-mutant-score 0` kept a task none of whose mutants the tests caught (score 0.0
    is not below 0): now `tasks/mutants_survive` ("no mutant of N caught")."""
    repo, facts, suite, cand = timed
    cand = dataclasses.replace(cand, wrong_classes=dict(cand.wrong_classes))
    same = COUNTER.replace("2 * x", "x + x")  # equivalent: no test can tell
    _mutants(monkeypatch, WrongClass("mutant", same, "twice", "twice: 2 * x -> x + x"))
    report = BuildReport()
    kept = mutant_gate(Lang.JAVA, repo, facts, [cand], suite, ClassSettings(min_mutant_score=0.0), report, "")
    assert kept == []
    assert report.stage("tasks") == {"mutants_survive": 1}, dict(report.samples)
    assert "no mutant of 1 caught" in str(report.samples["tasks/mutants_survive"][0])
