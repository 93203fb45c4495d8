"""Python's test runner: a repository's pytest suite in the sandbox, with per-test coverage.

Why it exists: the class-level split picks classes by the tests that execute them and judges a
generated class by the same tests; both need, per pytest node id, the outcome and the lines it
executed. This runner does what the executable split does for its repository suite -- the
per-repository virtual environment of ``sandbox/environment.py`` (requirements detected from the
packaging files and the imports), the repository's source roots on ``PYTHONPATH``, pytest with
the harness plugin (outcomes over the verdict channel, never from files the tests could write),
coverage.py with one dynamic context per test -- and returns it as the language-neutral
:class:`sandbox.suites.SuiteRun`.

Test ids are pytest node ids relative to the repository root (``tests/test_x.py::TestA::test_b[1]``),
the same on every run of the same tree. A node id without ``::`` is a test file that failed to
collect (``ERROR``). ``compile_only`` byte-compiles the sources in-process (``compile()`` runs no
repository code).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from crossfile_datasets.analyzers.run import RunStatus
from crossfile_datasets.core.records import FileFacts, Repository
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.lang import Lang, get_language
from crossfile_datasets.lang.sources import list_sources
from crossfile_datasets.sandbox import Sandbox, SandboxLimits
from crossfile_datasets.sandbox.pytest_runs import PytestRun, run_pytest
from crossfile_datasets.sandbox.suites import (
    SuiteRun,
    SuiteStatus,
    TestOutcome,
    TestResult,
)

# the harness plugin's outcomes -> the language-neutral ones
OUTCOMES = {
    "passed": TestOutcome.PASSED,
    "assertion": TestOutcome.FAILED,
    "error": TestOutcome.ERROR,
    "sandbox_violation": TestOutcome.ERROR,
    "skipped": TestOutcome.SKIPPED,
    "xfail": TestOutcome.SKIPPED,
}
_PYTEST_NO_TESTS = 5


@dataclass(frozen=True)
class PythonSetup:
    """How a repository's tests run: the interpreter of its environment and its source roots."""

    python: str
    python_path: tuple[str, ...]  # repository-relative folders on PYTHONPATH ("" = the root)
    requirements: tuple[str, ...] = ()
    pytest_plugins: tuple[str, ...] = ()
    failed_requirements: dict[str, str] = field(default_factory=dict)
    problem: str = ""  # why the environment cannot run the harness ("" = it can)
    sources: tuple[str, ...] = ()  # non-test source files (measured by coverage)
    snapshot: str = ""


def source_roots(facts: dict[str, FileFacts]) -> list[str]:
    """Folders that must be on sys.path for the files' module names to import ("" = root); the
    executable split's environments use it too."""
    roots = {""}
    for path, ff in facts.items():
        if not ff.package:
            continue
        module_path = ff.package.replace(".", "/") + ("/__init__.py" if path.endswith("__init__.py") else ".py")
        if path.endswith(module_path):
            roots.add(path[: -len(module_path)].rstrip("/"))
    return sorted(roots, key=lambda r: (r != "", r))


_SETUPS: dict[tuple[str, str], PythonSetup] = {}
_LOCK = threading.Lock()


def python_setup(root: Path, facts: dict[str, FileFacts] | None = None, report: BuildReport | None = None) -> PythonSetup:
    """The environment and source roots of the repository at ``root`` (cached per snapshot)."""
    from crossfile_datasets.sandbox.environment import (
        detect_requirements,
        ensure_environment,
    )

    root = Path(root).resolve()
    language = get_language(Lang.PYTHON)
    files, snapshot = list_sources(Repository(root.name, root, "", "", ""), language, report or BuildReport())
    key = (str(root), snapshot)
    with _LOCK:
        if key in _SETUPS:
            return _SETUPS[key]
    if facts is None:
        facts = language.analyze_files(str(root), files)
    requirements, _ = detect_requirements(root, facts)
    env = ensure_environment(requirements)
    setup = PythonSetup(
        python=env.python, python_path=tuple(source_roots(facts)), requirements=tuple(env.requirements),
        pytest_plugins=tuple(env.pytest_plugins), failed_requirements=dict(env.failed), problem=env.problem,
        sources=tuple(p for p in sorted(facts) if not language.is_test_path(p)), snapshot=snapshot)
    with _LOCK:
        _SETUPS[key] = setup
    return setup


def _status(prun: PytestRun, results: list[TestResult]) -> tuple[SuiteStatus, str]:
    result = prun.run.result
    output = f"{result.stderr}\n{result.stdout}"
    if any(r.outcome in (TestOutcome.PASSED, TestOutcome.FAILED) for r in results):
        return SuiteStatus.OK, ""
    if prun.run.timed_out or result.status is RunStatus.TIMEOUT:
        return SuiteStatus.TIMEOUT, "the run ended at its wall-clock limit"
    if not prun.outcomes and "No module named" in output and any(
            f"'{m}" in output for m in ("pytest", "coverage", "_pytest", "pluggy", "crossfile_pytest_plugin")):
        return SuiteStatus.FRAMEWORK_UNAVAILABLE, _first_error(output)
    if result.returncode == _PYTEST_NO_TESTS and not prun.outcomes:
        return SuiteStatus.NO_TESTS, "pytest collected no test"
    return SuiteStatus.CRASHED, _first_error(" ".join(prun.messages.values()) or output) or f"exit status {result.returncode}"


def _first_error(text: str) -> str:
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    for line in lines:
        if any(k in line for k in ("Error", "Exception", "error:", "No module named")) and not line.startswith("Traceback"):
            return line[:300]
    return lines[-1][:300] if lines else ""


class PythonRunner:
    """pytest + coverage in the per-repository environment, inside :class:`sandbox.Sandbox`."""

    language = Lang.PYTHON

    def setup(self, root: Path) -> PythonSetup:
        return python_setup(root)

    def discover(self, root: Path, limits: SandboxLimits | None = None) -> list[str]:
        """Node ids pytest collects from the root (the repository's own configuration)."""
        setup = self.setup(root)
        with Sandbox(root, python=setup.python, python_path=setup.python_path or ("",),
                     limits=limits or SandboxLimits()) as box:
            srun = box.run([setup.python, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
                            *[a for p in setup.pytest_plugins for a in ("-p", p)], f"--rootdir={box.root}"],
                           env={"PYTEST_ADDOPTS": "--continue-on-collection-errors"})
        return [line.strip() for line in srun.result.stdout.splitlines() if "::" in line and not line.startswith(" ")]

    def run(self, root: Path, test_ids: list[str] | None, *, coverage: bool, limits: SandboxLimits | None = None,
            setup: PythonSetup | None = None, coverage_files: Sequence[str] | None = None,
            timeout: float | None = None) -> SuiteRun:
        """Run ``test_ids`` (None: the whole suite as pytest collects it) of the tree at ``root``.

        ``coverage``: measure ``coverage_files`` (default: the non-test sources) with a context
        per test; ``SuiteRun.per_test_coverage`` maps each node id to the lines it executed.
        ``setup``: the environment to use (default: the one of ``root``'s own sources; the
        evaluation passes the original repository's, since a generated class may not change
        which packages the tests need)."""
        setup = setup or self.setup(root)
        if setup.problem:
            return SuiteRun(SuiteStatus.FRAMEWORK_UNAVAILABLE, reason=f"environment_failed: {setup.problem}")
        if test_ids is not None and not test_ids:
            return SuiteRun(SuiteStatus.NO_TESTS, reason="no test ids given")
        limits = limits or SandboxLimits()
        measured = list(coverage_files if coverage_files is not None else setup.sources) if coverage else None
        with Sandbox(root, python=setup.python, python_path=setup.python_path or ("",), limits=limits) as box:
            prun = run_pytest(box, list(test_ids or []), coverage_files=measured or None, plugins=setup.pytest_plugins,
                              timeout=timeout or limits.timeout,
                              extra_env={"PYTEST_ADDOPTS": "--continue-on-collection-errors"})
        results = [TestResult(nodeid, OUTCOMES.get(outcome, TestOutcome.ERROR), 0.0, prun.messages.get(nodeid, ""))
                   for nodeid, outcome in sorted(prun.outcomes.items())]
        status, reason = _status(prun, results)
        if status is SuiteStatus.OK and not prun.complete:
            # the session ended early (os._exit, a kill): what was reported stands, the rest did not run
            reason = "incomplete: the run ended before pytest's end-of-session record"
        per_test: dict[str, dict[str, set[int]]] = {}
        totals: dict[str, set[int]] = {}
        for rel, lines in (prun.contexts or {}).items():
            for line, contexts in lines.items():
                totals.setdefault(rel, set()).add(line)
                for nodeid in contexts:
                    per_test.setdefault(nodeid, {}).setdefault(rel, set()).add(line)
        result = prun.run.result
        log = (result.stdout[-4000:] + ("\n" + result.stderr[-4000:] if result.stderr else "")).strip()
        return SuiteRun(status, results, totals, log, reason, per_test_coverage=per_test)

    def compile_only(self, root: Path, limits: SandboxLimits | None = None) -> SuiteRun:
        """Byte-compile every Python source of ``root`` (in-process ``compile()``: nothing runs)."""
        language = get_language(Lang.PYTHON)
        root = Path(root)
        files, _ = list_sources(Repository(root.name, root, "", "", ""), language, BuildReport())
        errors = []
        for f in files:
            try:
                compile(f.text, f.path, "exec", dont_inherit=True)
            except (SyntaxError, ValueError) as exc:
                errors.append(f"{f.path}:{getattr(exc, 'lineno', 0) or 0}: {type(exc).__name__}: {exc}")
        if errors:
            return SuiteRun(SuiteStatus.COMPILE_FAILED, log="\n".join(errors), reason=errors[0][:300])
        return SuiteRun(SuiteStatus.OK)


RUNNER = PythonRunner()
