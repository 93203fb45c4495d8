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
collect (``ERROR``). ``compile_only`` byte-compiles the sources on the host (``compile()`` runs no
repository code) in a forked child under memory and CPU limits (``lang/python/bounded_compile.py``).

A suite runs the way its own CI would, minus what cannot work here (issue 29): the repository's
pytest configuration is read and what stops or reshapes the run is neutralized
(``pytest_config.py``: ``-x``, ``--maxfail``, ``--cov``, missing ``-p`` plugins...), and a test
that ends the test process (a crash, ``os._exit``, the hard per-test limit) is counted as an
error while the tests after it run in a fresh process (up to ``CLASS_MAX_CRASHED_TESTS`` such
tests). Both appear in ``SuiteRun.adjustments``.
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Sequence

from crossfile_datasets.analyzers.run import RunStatus, run as run_process
from crossfile_datasets.core import constants as C
from crossfile_datasets.core.records import FileFacts, Repository
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.core.repofiles import is_folder_inside
from crossfile_datasets.lang import Lang, get_language
from crossfile_datasets.lang.python.bounded_compile import compile_errors
from crossfile_datasets.lang.sources import list_sources
from crossfile_datasets.sandbox import Sandbox, SandboxLimits, values
from crossfile_datasets.sandbox.buildfiles import repository_build_files, write_build_files
from crossfile_datasets.sandbox.hostfs import write_new
from crossfile_datasets.sandbox.pytest_runs import PytestRun, run_pytest
from crossfile_datasets.sandbox.suites.pytest_config import RunPlan, plan_run, plugin_names, read_pytest_ini
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
    plan: RunPlan = RunPlan()  # the repository's pytest configuration, neutralized where it must be
    # files the package's build writes and the checkout lacks (setuptools-scm / hatch-vcs /
    # versioneer version files, ``sandbox/buildfiles.py``): written into every sandboxed copy
    build_files: tuple[tuple[str, str], ...] = ()


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
    from crossfile_datasets.sandbox.own_packages import count_hidden_releases

    root = Path(root).resolve()
    language = get_language(Lang.PYTHON)
    files, snapshot = list_sources(Repository(root.name, root, "", "", ""), language, report or BuildReport())
    key = (str(root), snapshot)
    with _LOCK:
        if key in _SETUPS:
            return _SETUPS[key]
    if facts is None:
        facts = language.analyze_files(str(root), files)
    requirements, _ = detect_requirements(root, facts, report=report, where=root.name)
    env = ensure_environment(requirements)
    ini = read_pytest_ini(root)
    build_files = repository_build_files(root, root.name, report or BuildReport(),
                                         [ff.file.text for p, ff in facts.items() if not language.is_test_path(p)])
    available = importable_plugins(env.python, plugin_names(ini.addopts())) if not env.problem else set()
    setup = PythonSetup(
        python=env.python, python_path=tuple(source_roots(facts)), requirements=tuple(env.requirements),
        pytest_plugins=tuple(env.pytest_plugins), failed_requirements=dict(env.failed), problem=env.problem,
        sources=tuple(p for p in sorted(facts) if not language.is_test_path(p)), snapshot=snapshot,
        plan=plan_run(ini, lambda name: name in available), build_files=tuple(sorted(build_files.items())))
    if report is not None and not env.problem:
        count_hidden_releases(report, root.name, env.python, root, setup.python_path)
    with _LOCK:
        _SETUPS[key] = setup
    return setup


# Which of the given pytest plugin names (``-p NAME``: a module or a pytest11 entry point) the
# environment's interpreter can load; run on the host with no repository code on the path.
_PLUGIN_CHECK = """
import importlib.metadata as md, importlib.util, json, sys
names = json.loads(sys.argv[1])
points = {ep.name for ep in md.entry_points(group="pytest11")}
ok = []
for name in names:
    try:
        found = name in points or importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        found = False
    if found:
        ok.append(name)
print(json.dumps(ok))
"""


def importable_plugins(python: str, names: Sequence[str]) -> set[str]:
    """The plugin names of ``-p`` options that the environment at ``python`` has."""
    if not names:
        return set()
    res = run_process([python, "-I", "-c", _PLUGIN_CHECK, json.dumps(list(names))], timeout=120)
    try:
        return set(json.loads(res.stdout)) if res.ok else set()
    except json.JSONDecodeError:
        return set()


def _status(prun: PytestRun, results: list[TestResult]) -> tuple[SuiteStatus, str]:
    result = prun.run.result
    output = f"{result.stderr}\n{result.stdout}"
    if any(r.outcome in (TestOutcome.PASSED, TestOutcome.FAILED) for r in results):
        return SuiteStatus.OK, ""
    if prun.run.timed_out or result.status is RunStatus.TIMEOUT:
        return SuiteStatus.TIMEOUT, "the run ended at its wall-clock limit"
    if not prun.outcomes and "No module named" in output and any(
            f"'{m}" in output for m in ("pytest", "coverage", "_pytest", "pluggy", "crossfile_pytest_plugin")):
        return SuiteStatus.FRAMEWORK_UNAVAILABLE, first_error(output)
    if result.returncode == _PYTEST_NO_TESTS and not prun.outcomes:
        return SuiteStatus.NO_TESTS, "pytest collected no test"
    text = "\n".join(prun.messages.values()) or output
    return SuiteStatus.CRASHED, _with_missing_module(first_error(text), f"{text}\n{output}") \
        or f"exit status {result.returncode}"


# what an import that failed names: the module that is missing, the name a module lacks
_MISSING_MODULE = re.compile(r"No module named '[^'\n]{1,200}'"
                             r"|cannot import name '[^'\n]{1,200}' from (?:partially initialized module )?'[^'\n]{1,200}'")


def _with_missing_module(first: str, text: str) -> str:
    """The first error line, with the module a failed import names when the line does not say it
    (pytest's "ImportError while importing test module ..." leaves it to the traceback below:
    exceptiongroup, platformdirs in held-out 13, whose version module was missing)."""
    match = _MISSING_MODULE.search(text)
    if match is None or match.group(0) in first:
        return first
    return f"{first}: {match.group(0)}"[:400] if first else match.group(0)


def _internal_error(prun: PytestRun) -> str:
    """The first line of pytest's internal error in a run's output (its exit status without one)."""
    result = prun.run.result
    for line in f"{result.stdout}\n{result.stderr}".splitlines():
        if line.startswith("INTERNALERROR>") and ("Error" in line or "Exception" in line or "Timeout" in line):
            return line.removeprefix("INTERNALERROR>").strip()[:300]
    end = prun.channel.session_end if prun.channel is not None else None
    return f"exit status {(end or {}).get('exitstatus', result.returncode)}"


# faulthandler's headline when its watchdog ends the process (the hard per-test limit)
_FAULT_HEADLINE = re.compile(r"^Timeout \(\d")
# a frame or header of a traceback dump: never what ended a run
_TRACE_FRAME = re.compile(r"^(?:File \"|Thread 0x|Current thread|Stack \(most recent|Traceback|\.\.\.)")


def first_error(text: str) -> str:
    """The first line of a run's output that names an error or faulthandler's time-out, else its
    last line that is not a traceback frame (``File "<frozen runpy>", line 198 in
    _run_module_as_main`` named neither cause nor test for argon2-cffi, held-out 15)."""
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    for line in lines:
        if (any(k in line for k in ("Error", "Exception", "error:", "No module named"))
                and not line.startswith("Traceback")) or _FAULT_HEADLINE.match(line):
            return line[:300]
    rest = [line for line in lines if not _TRACE_FRAME.match(line)] or lines
    return rest[-1][:300] if rest else ""


def write_node_ids(box: Sandbox, name: str, ids: Iterable[str]) -> str:
    """A new file of node ids in the sandbox's control folder, for ``CROSSFILE_SELECT`` or
    ``CROSSFILE_DESELECT`` (written through the host file boundary: an earlier process of the
    run could have planted something there); its path."""
    rel = f"control/{name}"
    write_new(box.dir, rel, "".join(f"{t}\n" for t in ids))
    return str(box.dir / rel)


class SuiteRounds:
    """One run of a suite in as many test processes as it takes: a test that ends the process
    (crash, ``os._exit``, the hard per-test limit) becomes an ``error`` and the tests not yet
    run go on in a fresh process, with the tests already done left out (``CROSSFILE_DESELECT``);
    with coverage, tests whose contexts were not saved before the end run again. A collection
    that ends the process before any test with doctest options in the configuration is tried
    once more without them."""

    def __init__(self, box: Sandbox, setup: PythonSetup, test_ids: list[str] | None, measured: list[str] | None,
                 timeout: float, first_failure: bool, progress: Callable[[str, int, int], None] | None = None,
                 quiet: bool = False) -> None:
        self.box, self.setup, self.test_ids, self.measured = box, setup, test_ids, measured
        self.progress = progress
        self.deadline = time.monotonic() + timeout
        self.first_failure = first_failure
        self.quiet = quiet
        self.plan = setup.plan
        # the folder the repository's own test command runs pytest in (a real folder of the copy)
        self.workdir = self.plan.workdir if self.plan.workdir and is_folder_inside(box.root, self.plan.workdir) else ""
        self.outcomes: dict = {}
        self.messages: dict[str, str] = {}
        self.contexts: dict[str, dict[int, set[str]]] = {}
        self.crashed: list[str] = []
        self.dropped: list[str] = []
        self.done: set[str] = set()
        self.processes = 0
        self.complete = False
        self.incomplete_reason = ""
        self.last: PytestRun | None = None
        self.logs: list[str] = []
        self.refused: list[tuple[str, str]] = []  # what the host refused to read back (hostfs)
        self.values: list[dict] = []  # checked values the kept tests reported (sandbox/values.py)
        # tests the last process had collected and did not report (the run ended before them)
        self.not_reached = 0

    def run(self) -> None:
        while True:
            left = self.deadline - time.monotonic()
            if left <= 1:
                self.incomplete_reason = "incomplete: the suite's time ran out"
                return
            ids = [t for t in self.test_ids if t not in self.done] if self.test_ids is not None else []
            if self.test_ids is not None and not ids:
                self.complete = True
                return
            prun = self._one(ids, left)
            if prun.complete and not self._stopped_early(prun):
                self._merge(prun, set(prun.outcomes), everything=True)
                self.complete = True
                return
            if prun.complete:
                # pytest ended its session early (an internal error, an interruption: emoji's
                # suite, held-out 16, stopped after 6 to 87 of its 102 tests when the per-test
                # alarm fired inside pytest's own code): what ran stands, the rest goes on in a
                # fresh process, the test that was running counted as the cause
                before = len(self.done)
                self._merge(prun, set(prun.outcomes), everything=True)
                self.done |= set(prun.outcomes)
                if prun.running is not None:
                    self._crash(prun.running, prun, f"pytest stopped its session during the test: "
                                                    f"{_internal_error(prun)}")
                    self.done.add(prun.running)
                if len(self.done) == before:
                    self.incomplete_reason = f"incomplete: pytest stopped its session ({_internal_error(prun)})"
                    self.not_reached = self._left_over(prun)
                    return
                continue
            # the process ended before pytest's end of session
            keep = set(prun.durable) | {n for n in prun.outcomes if "::" not in n}  # + collection errors
            self._merge(prun, keep, everything=False)
            if prun.run.timed_out:
                self.incomplete_reason = "incomplete: the suite's time ran out"
                self.not_reached = self._left_over(prun)
                return
            culprit = prun.running
            if culprit is None:
                if not prun.finished and self.plan.doctest:
                    self.plan = self.plan.without_doctests()  # the doctest collection ended the process
                    continue
                self.incomplete_reason = "incomplete: the test process ended outside any test"
                self.not_reached = self._left_over(prun)
                return
            self._crash(culprit, prun)
            self.done |= keep | {culprit}
            if self.first_failure:
                self.complete = True
                return
            if len(self.crashed) >= C.CLASS_MAX_CRASHED_TESTS:
                self.incomplete_reason = f"incomplete: {len(self.crashed)} tests ended the test process"
                self.not_reached = max(0, self._left_over(prun) - 1)
                return

    @staticmethod
    def _stopped_early(prun: PytestRun) -> bool:
        """pytest's end-of-session record says it stopped before its collected tests had run
        (exit status 2, interrupted, or 3, internal error) and fewer tests finished."""
        end = prun.channel.session_end if prun.channel is not None else None
        if not end or end.get("exitstatus") not in (2, 3):
            return False
        collected = end.get("collected")
        return isinstance(collected, int) and len(prun.finished) < collected

    def _left_over(self, prun: PytestRun) -> int:
        """Tests the process had collected and did not finish (its ``collected`` record, a
        count the host only reports: never a verdict)."""
        n = (prun.channel.events.get("collected", {}) if prun.channel is not None else {}).get("n")
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            return 0
        return max(0, min(n, 10_000_000) - len(prun.finished))

    def _one(self, ids: list[str], left: float) -> PytestRun:
        if self.processes and self.progress is not None:
            self.progress(f"suite, test process {self.processes + 1} ({len(self.crashed)} tests ended one)", 0, 1)
        env = {"PYTEST_ADDOPTS": "--continue-on-collection-errors"}
        if self.done and self.test_ids is None:
            env["CROSSFILE_DESELECT"] = write_node_ids(self.box, f"deselect-{self.processes}.txt", sorted(self.done))
        paths: list[str] = []
        if ids:
            # the ids' files on the command line, the ids themselves through the plugin: an id
            # that no longer exists is a test that did not run, not a usage error for all of them
            env["CROSSFILE_SELECT"] = write_node_ids(self.box, f"select-{self.processes}.txt", ids)
            paths = list(dict.fromkeys(t.split("::", 1)[0] for t in ids))
        # quiet: no failure reports in the log (pytest's long tracebacks were most of a gate run's
        # CPU when every test fails: hpack's throwing stub, 423 tests, 5.4 s user, 1.9 s without)
        extra = list(self.plan.args) + (["--maxfail=1"] if self.first_failure else []) \
            + (["--tb=no"] if self.quiet else [])
        prun = run_pytest(self.box, paths, coverage_files=self.measured or None, plugins=self.setup.pytest_plugins,
                          timeout=left, extra_env=env, extra_args=extra, data_name=f"coverage-{self.processes}.data",
                          workdir=self.workdir)
        self.processes += 1
        self.last = prun
        self.refused.extend(prun.refused)
        self.dropped.extend(o for o in prun.options_dropped if o not in self.dropped)
        result = prun.run.result
        self.logs.append((result.stdout[-3000:] + ("\n" + result.stderr[-3000:] if result.stderr else "")).strip())
        return prun

    def _merge(self, prun: PytestRun, keep: set[str], everything: bool) -> None:
        if prun.channel is not None:
            self.values.extend(v for v in prun.channel.values if v.get("nodeid") in keep)
        for nodeid, outcome in prun.outcomes.items():
            if nodeid in keep:
                self.outcomes[nodeid] = outcome
                if nodeid in prun.messages:
                    self.messages[nodeid] = prun.messages[nodeid]
        for rel, lines in (prun.contexts or {}).items():
            for line, contexts in lines.items():
                mine = set(contexts) if everything else {c for c in contexts if c in keep}
                if mine or everything:
                    self.contexts.setdefault(rel, {}).setdefault(line, set()).update(mine)

    def _crash(self, culprit: str, prun: PytestRun, message: str = "") -> None:
        from crossfile_datasets.sandbox.pytest_runs import Outcome

        result = prun.run.result
        hard = "Timeout (" in (result.stderr or "")
        self.crashed.append(culprit)
        self.outcomes[culprit] = Outcome.ERROR
        self.messages[culprit] = message or (
            "the test exceeded the hard per-test limit and the test process was ended" if hard
            else f"the test ended the test process (exit status {result.returncode})")

    def adjustments(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        if self.plan.neutralized:
            out["neutralized"] = [str(n) for n in self.plan.neutralized]
        if self.plan.test_paths:
            out["test_paths"] = [" ".join(self.plan.test_paths)]
        if self.workdir:
            out["test_workdir"] = [f"{self.workdir}: {self.plan.workdir_source}"]
        if self.dropped:
            out["options_dropped"] = list(self.dropped)
        if self.crashed:
            out["crashed_tests"] = list(self.crashed)
        if self.processes > 1:
            out["processes"] = [str(self.processes)]
        return out

    def log(self) -> str:
        return "\n--- next process ---\n".join(self.logs)[-8000:]


def instrument_tests(box: Sandbox, test_ids: Sequence[str] | None, value_checks: Sequence[dict] | None
                     ) -> dict[str, str]:
    """Put the instrumented test files (``sandbox/values.py``) in the sandbox's copy before the
    run: every checked site of the files of ``test_ids`` reports its value, the sites of
    ``value_checks`` are host-only. Returns {file: its original text} (what the host parses the
    literals from). A file that cannot be read back (a link, oversize) or does not parse stays
    as it is: its checks then report nothing and fail, never pass."""
    host_only = values.host_only_sites(value_checks or [])
    files = set(host_only)
    files.update(t.split("::", 1)[0] for t in (test_ids or ()) if "::" in t)
    programs: dict[str, str] = {}
    for path in sorted(f for f in files if f.endswith(".py")):
        try:
            text = box.read_back(f"repo/{path}")
        except OSError:
            continue
        new, count = values.instrument(text, host_only.get(path, ()))
        if count:
            try:
                box.replace(path, new)
            except OSError:
                continue
            programs[path] = text
    return programs


class PythonRunner:
    """pytest + coverage in the per-repository environment, inside :class:`sandbox.Sandbox`."""

    language = Lang.PYTHON
    framework = "pytest"  # the task records' test_framework
    per_test_coverage = True  # a whole-suite run with coverage gives each test's lines

    def setup(self, root: Path) -> PythonSetup:
        return python_setup(root)

    def discover(self, root: Path, limits: SandboxLimits | None = None) -> list[str]:
        """Node ids pytest collects from the root (the repository's own configuration)."""
        setup = self.setup(root)
        with Sandbox(root, python=setup.python, python_path=setup.python_path or ("",),
                     limits=limits or SandboxLimits()) as box:
            write_build_files(box, dict(setup.build_files))
            srun = box.run([setup.python, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
                            *[a for p in setup.pytest_plugins for a in ("-p", p)], *setup.plan.args,
                            f"--rootdir={box.root}"],
                           env={"PYTEST_ADDOPTS": "--continue-on-collection-errors"},
                           cwd=box.root / setup.plan.workdir if setup.plan.workdir
                           and is_folder_inside(box.root, setup.plan.workdir) else None)
        return [line.strip() for line in srun.result.stdout.splitlines() if "::" in line and not line.startswith(" ")]

    def run(self, root: Path, test_ids: list[str] | None, *, coverage: bool, limits: SandboxLimits | None = None,
            setup: PythonSetup | None = None, coverage_files: Sequence[str] | None = None,
            timeout: float | None = None, first_failure: bool = False,
            progress: Callable[[str, int, int], None] | None = None, record_values: bool = False,
            value_checks: Sequence[dict] | None = None, quiet: bool = False) -> SuiteRun:
        """Run ``test_ids`` (None: the whole suite as pytest collects it) of the tree at ``root``.

        ``coverage``: measure ``coverage_files`` (default: the non-test sources) with a context
        per test; ``SuiteRun.per_test_coverage`` maps each node id to the lines it executed.
        ``setup``: the environment to use (default: the one of ``root``'s own sources; the
        evaluation passes the original repository's, since a generated class may not change
        which packages the tests need). ``timeout``: wall clock for all processes of the run
        (default ``limits.timeout``). ``first_failure``: stop at the first test that does not
        pass (the wrong-class gate only needs to know whether one fails). ``progress(stage, done,
        total)``: told when a fresh test process starts after one that ended. ``quiet``: pytest
        writes no failure report (``--tb=no``): outcomes and messages are the same (the harness
        plugin takes them from the exception, not the report), the log says less (the builder's
        gates read no log).

        Values compared on the host (``sandbox/values.py``, as the executable split does):
        ``record_values`` (the class build's gold gate) reports the value of every checked
        assertion of the test files of ``test_ids`` and returns, in ``SuiteRun.value_checks``,
        the (test, site) pairs where it was a plain value and the check held (at ``assert X`` /
        ``assert not X``: where its reported truth was the wanted one);
        ``value_checks`` (a class task's: the evaluation and the wrong-class gates) makes those
        sites host-only (the expected literal is not in the copy's test file, nothing in the
        process compares the value) and a test passes only when each of its sites held on the
        host too: an object equal to everything does not pass ``assert cart.total() == 5.0``."""
        setup = setup or self.setup(root)
        if setup.problem:
            return SuiteRun(SuiteStatus.FRAMEWORK_UNAVAILABLE, reason=f"environment_failed: {setup.problem}")
        if test_ids is not None and not test_ids:
            return SuiteRun(SuiteStatus.NO_TESTS, reason="no test ids given")
        limits = limits or SandboxLimits()
        measured = list(coverage_files if coverage_files is not None else setup.sources) if coverage else None
        with Sandbox(root, python=setup.python, python_path=setup.python_path or ("",), limits=limits) as box:
            write_build_files(box, dict(setup.build_files))
            programs = instrument_tests(box, test_ids if record_values else None, value_checks)
            rounds = SuiteRounds(box, setup, test_ids, measured, timeout or limits.timeout, first_failure, progress, quiet)
            rounds.run()
        results = [TestResult(nodeid, OUTCOMES.get(outcome, TestOutcome.ERROR), 0.0, rounds.messages.get(nodeid, ""))
                   for nodeid, outcome in sorted(rounds.outcomes.items())]
        observed = values.observe_per_test(programs, rounds.values) if programs else {}
        if value_checks:
            failures = values.judge_per_test(value_checks, observed)
            for r in results:
                if r.test_id in failures and r.outcome is TestOutcome.PASSED:
                    r.outcome = TestOutcome.FAILED
                    r.message = "value check failed outside the tested process: " + "; ".join(failures[r.test_id][:3])
        prun = rounds.last
        status, reason = _status(prun, results) if prun is not None else (SuiteStatus.CRASHED, "no run")
        if status is SuiteStatus.OK and not rounds.complete:
            # the session ended early (os._exit, a kill, too many crashes): what was reported stands, the rest did not run
            reason = rounds.incomplete_reason or "incomplete: the run ended before pytest's end-of-session record"
        per_test: dict[str, dict[str, set[int]]] = {}
        totals: dict[str, set[int]] = {}
        for rel, lines in rounds.contexts.items():
            for line, contexts in lines.items():
                totals.setdefault(rel, set()).add(line)
                for nodeid in contexts:
                    per_test.setdefault(nodeid, {}).setdefault(rel, set()).add(line)
        log = rounds.log()
        adjustments = rounds.adjustments()
        if setup.build_files:  # written into the copy: the checkout lacks them (sandbox/buildfiles.py)
            adjustments["build_time_files"] = [rel for rel, _ in setup.build_files]
        return SuiteRun(status, results, totals, log, reason, per_test_coverage=per_test,
                        adjustments=adjustments, refused=list(rounds.refused),
                        value_checks=values.per_test_checks(observed) if record_values else [])

    def compile_only(self, root: Path, limits: SandboxLimits | None = None, *,
                     placed: dict[str, str] | None = None) -> SuiteRun:
        """Byte-compile every Python source of ``root`` (``compile()``, nothing runs, in a forked
        child under memory and CPU limits: ``lang/python/bounded_compile.py``).
        ``placed``: relative path -> text of the files a generation wrote (the class evaluation's
        placed class), compiled whatever ``core/text.classify_file`` says of them: a file
        ``list_sources`` leaves out (a line over ``MINIFIED_MAX_LINE``, a NUL byte, a generator
        mark, over ``MAX_FILE_BYTES``) is still the file the run imports (red team 9 row 5: a
        broken class padded with one long comment line was never compiled and counted compiled)."""
        language = get_language(Lang.PYTHON)
        root = Path(root)
        placed = dict(placed or {})
        files, _ = list_sources(Repository(root.name, root, "", "", ""), language, BuildReport())
        texts = [(path, text) for path, text in sorted(placed.items())]
        texts += [(f.path, f.text) for f in files if f.path not in placed]
        keys = [(path, hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()) for path, text in texts]
        todo = [(key, item) for key, item in zip(keys, texts) if key not in _COMPILED]
        if todo:  # in one forked child under memory and CPU limits (red team 2026-11-29d row 1)
            if len(_COMPILED) + len(todo) >= _COMPILED_MAX:
                _COMPILED.clear()
            _COMPILED.update(zip([key for key, _ in todo], compile_errors([item for _, item in todo])))
        errors = [error for error in (_COMPILED.get(key, "") for key in keys) if error]
        if errors:
            return SuiteRun(SuiteStatus.COMPILE_FAILED, log="\n".join(errors), reason=errors[0][:300])
        return SuiteRun(SuiteStatus.OK)


# compile_only's verdict per (path, text digest): the builder's gates compile the same tree with one
# file changed, dozens of times (pyrsistent: 80 runs of 45 files, 0.4-0.7 s each at load 15)
_COMPILED: dict[tuple[str, str], str] = {}
_COMPILED_MAX = 50000

RUNNER = PythonRunner()
