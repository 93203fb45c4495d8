"""Test-runner interface for the class-level split (issue 18).

One runner per language (python_tests.py, java_tests.py, csharp_tests.py) registers itself
here; for a language whose runner is not registered, ``runner_for`` raises ``LookupError``
naming the missing runner (counted as a skip reason) instead of returning a stub.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

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


class TestRunner(Protocol):
    language: Lang

    def discover(self, root: Path) -> list[str]: ...

    def run(self, root: Path, test_ids: list[str] | None, *, coverage: bool, limits: Any) -> SuiteRun: ...

    def compile_only(self, root: Path, limits: Any) -> SuiteRun: ...


_RUNNERS: dict[Lang, TestRunner] = {}


def register_runner(runner: TestRunner) -> None:
    """Language modules (python_tests, java_tests, csharp_tests) register themselves here."""
    _RUNNERS[runner.language] = runner


def runner_for(lang: Lang) -> TestRunner:
    try:
        return _RUNNERS[lang]
    except KeyError:
        raise LookupError(f"test_runner_unavailable: {lang.value}") from None
