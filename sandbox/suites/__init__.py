"""Running a repository's own test suite in the sandbox: one runner per language.

Why it exists: the class-level split selects classes by the tests that cover them and judges
generated classes by the same tests, and the evaluation (a lower layer than the builders) runs
them again, so the runners live here, beside the sandbox they run in. Each language has one
module (``python.py``: pytest + coverage in the per-repository environment; ``java.py``: javac
+ JUnit 4/5's console launcher; ``csharp.py``: mcs + NUnit 2.6's console), named in
:data:`REGISTRY` like the language registry; a language without a runner raises ``LookupError``
naming it (the builder counts it as a skip reason), never a stub.
"""
from __future__ import annotations

import enum
import importlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Protocol

from crossfile_datasets.lang import Lang


class TestOutcome(str, enum.Enum):
    PASSED = "passed"
    FAILED = "failed"
    ERROR = "error"
    SKIPPED = "skipped"


class SuiteStatus(str, enum.Enum):
    OK = "ok"
    COMPILE_FAILED = "compile_failed"
    FRAMEWORK_UNAVAILABLE = "framework_unavailable"
    TIMEOUT = "timeout"
    CRASHED = "crashed"
    NO_TESTS = "no_tests"


@dataclass
class TestResult:
    test_id: str
    outcome: TestOutcome
    seconds: float
    message: str = ""


@dataclass
class SuiteRun:
    status: SuiteStatus
    results: list[TestResult] = field(default_factory=list)
    # relative file -> 1-based covered lines; empty when the language gives none
    coverage: dict[str, set[int]] = field(default_factory=dict)
    log: str = ""
    reason: str = ""
    # test id -> relative file -> 1-based lines that test executed; empty when the language gives none
    per_test_coverage: dict[str, dict[str, set[int]]] = field(default_factory=dict)
    # relative file -> 1-based lines holding a statement the coverage tool measures (the
    # denominator of "share of the file's lines covered"); empty when the language gives none
    coverable: dict[str, set[int]] = field(default_factory=dict)
    # how the run differs from the repository's own (what was neutralized in its configuration,
    # options dropped, tests that ended the test process, processes used): kind -> entries
    adjustments: dict[str, list[str]] = field(default_factory=dict)
    # files the host refused to read back from the run (sandbox/hostfs.py): (reason key, detail)
    refused: list[tuple[str, str]] = field(default_factory=list)
    # with ``record_values`` (Python): the (test, site) pairs whose checked values held in this
    # run (plain and equal; at a truth site, the wanted truth), ``{"test", "site"}`` (sandbox/values.py)
    value_checks: list[dict] = field(default_factory=list)

    def outcomes(self) -> dict[str, "TestOutcome"]:
        return {r.test_id: r.outcome for r in self.results}

    def failed_on_uncompiled_bodies(self) -> list[str]:
        """The tests that did not pass because they reached a library method the runner compiled
        with a throwing body, the compiler here lacking a construct of it (C#: mcs and C# 7 type
        patterns, ``left_out_library_members``): failures of the environment, not of the code."""
        from crossfile_datasets.core.constants import UNCOMPILABLE_BODY_MESSAGE

        if not self.adjustments.get("left_out_library_members"):
            return []
        return sorted(r.test_id for r in self.results
                      if r.outcome is not TestOutcome.PASSED and UNCOMPILABLE_BODY_MESSAGE in (r.message or ""))

    def left_out_sources(self) -> dict[str, str]:
        """Repository-relative source file -> why it was not compiled into the run (Java's
        ``left_out_sources``, C#'s ``left_out_library_files`` and ``left_out_auxiliary_files``):
        the classes of these files never ran, whatever the tests call."""
        out: dict[str, str] = {}
        for kind in ("left_out_sources", "left_out_library_files", "left_out_auxiliary_files"):
            for entry in self.adjustments.get(kind, []):
                path, _, why = entry.partition(": ")
                out.setdefault(path, why)
        return out


# when a parameterized test's rows are folded into one result, the worst outcome stands
_WORST = {TestOutcome.ERROR: 3, TestOutcome.FAILED: 2, TestOutcome.SKIPPED: 1, TestOutcome.PASSED: 0}


def fold_result(folded: dict[str, TestResult], test_id: str, outcome: TestOutcome, seconds: float,
                message: str) -> None:
    """Add one report entry to ``folded`` (test id -> result): the rows of a parameterized test
    become one result with their summed time and the worst outcome (and its message)."""
    prev = folded.get(test_id)
    if prev is None:
        folded[test_id] = TestResult(test_id, outcome, seconds, message)
    else:
        prev.seconds += seconds
        if _WORST[outcome] > _WORST[prev.outcome]:
            prev.outcome, prev.message = outcome, message or prev.message


def judge_run(results: list[TestResult], test_ids: list[str] | None, *, timed_out: bool, trusted: bool,
              unfinished: tuple[str, str], id_of: Callable[[str], str] = lambda t: t
              ) -> tuple[SuiteStatus, str, list[TestResult]]:
    """(status, reason, results) of a finished run of a console runner (JUnit's launcher,
    nunit-console) from its parsed report.

    ``trusted``: the runner ended normally and its printed summary agrees with the report; when
    not, nothing counts as passed (a class under test may have written the report itself or
    stopped the runner), each passed entry becomes an error with ``unfinished`` = (reason,
    message). With ``test_ids``, the results are those tests' in that order (``id_of`` maps a
    requested id to the report's), a test the report lacks being an error."""
    reason_unfinished, message_unfinished = unfinished
    if timed_out:
        status, reason = SuiteStatus.TIMEOUT, "suite_timeout"
    elif not trusted:
        status, reason = SuiteStatus.CRASHED, reason_unfinished
        results = [TestResult(r.test_id, TestOutcome.ERROR if r.outcome is TestOutcome.PASSED else r.outcome,
                              r.seconds, r.message or message_unfinished) for r in results]
    elif not results:
        status, reason = SuiteStatus.NO_TESTS, "no_tests_found"
    else:
        status, reason = SuiteStatus.OK, ""
    if test_ids is not None:
        by_id = {r.test_id: r for r in results}
        results = [by_id.get(id_of(t)) or TestResult(t, TestOutcome.ERROR, 0.0, "test did not run") for t in test_ids]
    return status, reason, results


class TestRunner(Protocol):
    language: Lang
    framework: str  # the test framework named in the class split's task records

    def discover(self, root: Path) -> list[str]: ...

    def run(self, root: Path, test_ids: list[str] | None, *, coverage: bool, limits: Any) -> SuiteRun: ...

    def compile_only(self, root: Path, limits: Any) -> SuiteRun: ...


# Lang -> "module:attribute" of an object implementing TestRunner (imported on first use)
REGISTRY: dict[Lang, str] = {
    Lang.PYTHON: "crossfile_datasets.sandbox.suites.python:RUNNER",
    Lang.JAVA: "crossfile_datasets.sandbox.suites.java:RUNNER",
    Lang.CSHARP: "crossfile_datasets.sandbox.suites.csharp:RUNNER",
}


def runner_for(lang: Lang) -> TestRunner:
    lang = Lang(lang)
    if lang not in REGISTRY:
        raise LookupError(f"test_runner_unavailable: {lang.value}")
    module_name, _, attr = REGISTRY[lang].partition(":")
    return getattr(importlib.import_module(module_name), attr)
