"""Running a Java repository's JUnit 3/4/5 tests in the sandbox: javac + a JUnit Platform runner of ours.

Why it exists: the class-level split keeps a Java class when tests that pass on the original
repository reference it, and judges a generated class by those tests. Maven and Gradle cannot
download anything here, so the runner builds from sources: every main source file compiled in one
javac run, every test file in a second one against the classes, the repository's own jars and
Debian's JUnit 4 + hamcrest + JUnit 5 jars; then our runner (``CrossfileJUnit.java``; the vintage
engine runs JUnit 3/4, the Jupiter engine JUnit 5) runs the test classes, all inside
:class:`crossfile_datasets.sandbox.Sandbox` (bubblewrap, no network, limits).

Layout: a source file is a *test* file when a folder on its path is a test folder (``src/test``,
``test``, ``tests``, ``testing``) or it imports JUnit; every other ``.java`` file is main code
(``module-info.java`` left out: the class path is used, not modules). Resources (``src/*/resources``)
are on the run's class path.

Missing jars: a test file that javac rejects with "package X does not exist" for a package that is
neither the project's nor available (mockito, assertj...) is left out and the compilation repeated;
when no test file is left the suite is ``FRAMEWORK_UNAVAILABLE`` with the reason
``test_framework_unavailable: org.mockito``. Main code needing a missing package is
``dependency_unavailable: <package>``. The left-out files are listed in ``SuiteRun.log``.

Results: one :class:`TestResult` per test *method*, id ``package.Outer$Nested#method`` -- the ids of
``lang.java.classes.junit_test_methods`` (:meth:`JavaRunner.discover`); parameterized,
repeated and dynamic invocations fold into their method (the worst outcome wins, times add up).

Verdicts: never a file or a line the tested JVM prints. The tests run under our own runner
(``CrossfileJUnit.java``: the JUnit Platform launcher API with the Jupiter and vintage engines,
no listener, engine or filter of the repository's), which reads the verdict channel's token
(``sandbox/channel.py``) from a pipe before any test class loads and sends one numbered,
token-prefixed record per finished test, then an end record counting them, then halts the JVM
at once (no shutdown hook of the code under test runs). :func:`judge_records` trusts a run only
when the end record arrived, every record is numbered in order, no line lacks the token and the
JVM exited with the runner's status; anything else (``System.exit``, ``halt``, a kill, a forged or
extra line) is ``CRASHED`` with the reason ``incomplete: ...`` and nothing passes.

Coverage (``run(coverage=True)``): the JaCoCo agent (Debian ``libjacoco-java``) instruments the
project's packages; the runner resets it when a test starts and appends its execution data as a
session named after the test's record when the test ends; a second JVM of ours in the same
sandbox (``CrossfileCoverage.java``) turns the sessions into the lines each test executed
(``SuiteRun.per_test_coverage``), the union (``SuiteRun.coverage``) and the lines holding code
(``SuiteRun.coverable``).
"""

from __future__ import annotations

import hashlib
import os
import re
import sys
import json
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from crossfile_datasets.analyzers.run import RunStatus
from crossfile_datasets.core import constants as C
from crossfile_datasets.lang import Lang
from crossfile_datasets.sandbox import hostfs
from crossfile_datasets.sandbox.channel import ChannelRecords, ResultChannel
from crossfile_datasets.sandbox.suites import (
    SuiteRun,
    SuiteStatus,
    TestOutcome,
    TestResult,
    fold_result,
    judge_run,
)

JAVA_SHARE = Path("/usr/share/java")
# compile-time jars of the tests (JUnit 4 + hamcrest, JUnit 5 API/params) and the launcher that
# brings the engines (Jupiter, vintage) at run time
TEST_COMPILE_JARS = (
    "junit4.jar", "hamcrest-core.jar", "hamcrest-library.jar", "hamcrest.jar", "junit-jupiter-api.jar",
    "junit-jupiter-params.jar", "opentest4j.jar", "apiguardian-api.jar", "junit-platform-commons.jar",
)
LAUNCHER_JAR = "junit-platform-console-standalone.jar"  # the launcher API and the engines our runner uses
HERE = Path(__file__).resolve().parent
RUNNER_SOURCES = (HERE / "CrossfileJUnit.java", HERE / "CrossfileCoverage.java")
RUNNER_CLASS, COVERAGE_CLASS = "CrossfileJUnit", "CrossfileCoverage"
# JaCoCo (Debian libjacoco-java): the analysis library and its ASM; the agent ships inside a jar
JACOCO_JARS = ("org.jacoco.core.jar", "asm.jar", "asm-commons.jar", "asm-tree.jar")
JACOCO_AGENT_BUNDLE, JACOCO_AGENT_ENTRY = "org.jacoco.agent.jar", "jacocoagent.jar"
# JVM options that keep a JVM inside the sandbox's RLIMIT_AS (the default reserves a quarter of
# the machine's memory for the heap and 1 GB of class space) and quick to start
JVM_OPTIONS = ("-Xmx768m", "-Xss2m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
               "-XX:CompressedClassSpaceSize=128m", "-XX:ReservedCodeCacheSize=96m", "-XX:MaxMetaspaceSize=256m",
               "-Duser.language=en", "-Duser.country=US", "-Dfile.encoding=UTF-8")
# no other process may attach an agent to the tests' JVM (a child of the code under test could
# otherwise rewrite our runner's classes)
RUN_OPTIONS = ("-XX:+DisableAttachMechanism",)
# glibc gives every thread up to 8 x cores malloc arenas of 64 MB of address space: a JVM with a
# few dozen threads would pass the RLIMIT_AS on reservations alone
JVM_ENV = {"MALLOC_ARENA_MAX": "2"}
TEST_FOLDERS = frozenset({"test", "tests", "testing", "src-test", "test-src", "unittest", "unittests"})
_EXCLUDED_NAMES = frozenset({"module-info.java"})
_JUNIT_IMPORT = re.compile(r"^\s*import\s+(static\s+)?(org\.junit|junit\.framework)\b", re.MULTILINE)
_MISSING_PACKAGE = re.compile(r"^(?P<file>.+?\.java):(?P<line>\d+): error: package (?P<pkg>[\w.]+) does not exist", re.MULTILINE)
_PACKAGE_LINE = re.compile(r"^\s*package\s+([\w.]+)\s*;", re.MULTILINE)
_ERROR_LINE = re.compile(r"^(?P<file>.+?\.java):(?P<line>\d+): error: (?P<msg>.*)$", re.MULTILINE)
# second component of a package that is a vendor, not a product: name three components
_VENDORS = frozenset({"apache", "google", "eclipse", "fasterxml", "jetbrains", "springframework", "sun", "github"})


@dataclass
class JavaLayout:
    main: list[str] = field(default_factory=list)  # repo-relative .java files
    tests: list[str] = field(default_factory=list)
    resources: list[str] = field(default_factory=list)  # repo-relative folders for the run's class path
    jars: list[str] = field(default_factory=list)  # repo-relative jars shipped in the repository
    packages: dict[str, str] = field(default_factory=dict)  # .java file -> its package ("" = none)
    refused: dict[str, str] = field(default_factory=dict)  # .java file the host file boundary refused -> why


def _is_test_file(rel: str, text: str) -> bool:
    folders = rel.split("/")[:-1]
    if any(f.lower() in TEST_FOLDERS for f in folders):
        return True
    return bool(_JUNIT_IMPORT.search(text))


def java_layout(root: Path) -> JavaLayout:
    """Main and test sources, resource folders and jars of a repository (sorted, relative)."""
    layout = JavaLayout()
    root = Path(root)
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d not in C.SKIP_DIRS)
        rel_dir = Path(dirpath).relative_to(root).as_posix()
        rel_dir = "" if rel_dir == "." else rel_dir
        if rel_dir.endswith(("src/main/resources", "src/test/resources")):
            layout.resources.append(rel_dir)
        for name in sorted(filenames):
            rel = f"{rel_dir}/{name}" if rel_dir else name
            if name.endswith(".jar"):
                layout.jars.append(rel)
            elif name.endswith(".java") and name not in _EXCLUDED_NAMES:
                try:  # a FIFO or a link the repository ships is refused, never waited on or followed
                    text = hostfs.read_text(root, rel)
                except OSError as exc:
                    layout.refused[rel] = str(getattr(exc, "reason", "unreadable"))
                    continue
                (layout.tests if _is_test_file(rel, text) else layout.main).append(rel)
                m = _PACKAGE_LINE.search(text[:20000])
                layout.packages[rel] = m.group(1) if m else ""
    return layout


def framework_jars() -> list[str]:
    return [str(JAVA_SHARE / j) for j in TEST_COMPILE_JARS if (JAVA_SHARE / j).is_file()]


def package_label(package: str) -> str:
    """``org.mockito.junit`` -> ``org.mockito``; ``com.google.common.collect`` -> ``com.google.common``."""
    parts = package.split(".")
    n = 3 if len(parts) > 2 and parts[1] in _VENDORS else 2
    return ".".join(parts[:n])


def missing_packages(javac_output: str, project_packages: Iterable[str] = ()) -> dict[str, set[str]]:
    """javac's "package X does not exist" errors -> {file as printed: {package}}; the project's
    own packages (missing only because a project file failed) are not counted."""
    own = set(project_packages)
    out: dict[str, set[str]] = {}
    for m in _MISSING_PACKAGE.finditer(javac_output):
        if m.group("pkg") not in own:
            out.setdefault(m.group("file"), set()).add(m.group("pkg"))
    return out


def first_error(javac_output: str) -> str:
    m = _ERROR_LINE.search(javac_output)
    return f"{m.group('file').rsplit('/', 1)[-1]}:{m.group('line')}: {m.group('msg')}"[:300] if m else \
        (javac_output.strip().splitlines() or [""])[0][:300]


# ------------------------------------------------------------------------------- runner --
def _sandbox_limits(limits):
    from crossfile_datasets.sandbox import SandboxLimits

    return limits if limits is not None else SandboxLimits()


def _write_argfile(path: Path, items: Iterable[str]) -> str:
    # javac's @argfile: one quoted argument per line (paths may hold spaces)
    path.write_text("\n".join('"' + i.replace("\\", "\\\\").replace('"', '\\"') + '"' for i in items) + "\n",
                    encoding="utf-8")
    return f"@{path}"


@dataclass
class _Built:
    run: SuiteRun | None  # set when the build already decided the outcome
    classes_main: Path | None = None
    classes_test: Path | None = None
    layout: JavaLayout | None = None
    log: str = ""
    excluded: dict[str, set[str]] = field(default_factory=dict)


class JavaRunner:
    """javac + JUnit console launcher (see the module docstring)."""

    language = Lang.JAVA
    max_exclusion_rounds = 4

    def __init__(self) -> None:
        self._excluded_by_tests: dict[str, dict[str, set[str]]] = {}  # test files' hash -> left out

    # -- discovery ------------------------------------------------------------------------
    def discover(self, root: Path) -> list[str]:
        """Test method ids found statically in the test sources (``pkg.Cls#method``)."""
        from crossfile_datasets.core.records import SourceFile
        from crossfile_datasets.lang import get_language
        from crossfile_datasets.lang.java.classes import junit_test_methods

        root = Path(root)
        layout = java_layout(root)
        support = get_language(Lang.JAVA)
        files = [SourceFile(rel, hostfs.read_text(root, rel)) for rel in layout.tests]
        facts = support.analyze_files(str(root), files)
        return sorted(t for ff in facts.values() for t in junit_test_methods(ff))

    # -- building -------------------------------------------------------------------------
    def _javac(self, box, out: Path, sources: list[str], classpath: list[str], argfile: Path):
        out.mkdir(parents=True, exist_ok=True)
        argv = ["javac", "-J-Xmx768m", "-J-XX:+UseSerialGC", "-J-XX:CompressedClassSpaceSize=128m",
                "-J-XX:ReservedCodeCacheSize=96m", "-encoding", "UTF-8", "-nowarn", "-proc:none", "-g",
                "-Xmaxerrs", "10000", "-d", str(out)]
        if classpath:
            argv += ["-cp", os.pathsep.join(classpath)]
        argv.append(_write_argfile(argfile, [str(box.root / s) for s in sources]))
        return box.run(argv, env=JVM_ENV)

    def _build(self, box, limits) -> _Built:
        layout = java_layout(box.root)
        built = _Built(None, layout=layout)
        if layout.refused:
            built.log += "# .java files refused by the host file boundary (left out):\n" + "".join(
                f"{f}: {why}\n" for f, why in sorted(layout.refused.items()))
        if not layout.main and not layout.tests:
            built.run = SuiteRun(SuiteStatus.NO_TESTS, reason="no_java_sources")
            return built
        build = box.control / "build"
        main_out, test_out = build / "main", build / "test"
        jars = [str(box.root / j) for j in layout.jars]
        main_out.mkdir(parents=True, exist_ok=True)
        if layout.main:
            res = self._javac(box, main_out, layout.main, jars, build / "main.args")
            output = res.result.stdout + res.result.stderr
            built.log += "$ javac (main)\n" + output[-4000:]
            if res.timed_out:
                built.run = SuiteRun(SuiteStatus.TIMEOUT, log=built.log, reason="compile_timeout")
                return built
            if not res.result.ok:
                missing = missing_packages(output, _project_packages(layout, layout.main))
                if missing:
                    labels = sorted({package_label(p) for ps in missing.values() for p in ps})
                    built.run = SuiteRun(SuiteStatus.FRAMEWORK_UNAVAILABLE, log=built.log,
                                         reason="dependency_unavailable: " + ", ".join(labels))
                else:
                    built.run = SuiteRun(SuiteStatus.COMPILE_FAILED, log=built.log,
                                         reason="compile_failed: " + first_error(output))
                return built
        built.classes_main = main_out
        tests = list(layout.tests)
        main_packages = _project_packages(layout, layout.main)
        package_of = {t: _project_packages(layout, [t]) for t in tests}
        # the evaluation rebuilds a repository once per generated class with the same test
        # files: start from the files left out last time (their jars are still missing)
        key = _tests_key(box.root, tests)
        known = self._excluded_by_tests.get(key)
        if known:
            built.excluded = {f: set(labels) for f, labels in known.items()}
            tests = [t for t in tests if t not in built.excluded]
        for _ in range(self.max_exclusion_rounds + 1):
            if not tests:
                break
            own = main_packages.union(*(package_of[t] for t in tests))
            res = self._javac(box, test_out, tests, [str(main_out), *jars, *framework_jars()], build / "test.args")
            output = res.result.stdout + res.result.stderr
            built.log += "\n$ javac (tests)\n" + output[-4000:]
            if res.timed_out:
                built.run = SuiteRun(SuiteStatus.TIMEOUT, log=built.log, reason="compile_timeout")
                return built
            if res.result.ok:
                built.classes_test = test_out
                self._excluded_by_tests[key] = {f: set(labels) for f, labels in built.excluded.items()}
                return built
            missing = missing_packages(output, own)
            if not missing:
                built.run = SuiteRun(SuiteStatus.COMPILE_FAILED, log=built.log,
                                     reason="compile_failed: " + first_error(output))
                return built
            # a package of test files left out earlier is missing for the files that use it:
            # they need what those files needed
            for printed in missing:
                labels = set()
                for pkg in missing[printed]:
                    gone = [f for f, pkgs in package_of.items() if f in built.excluded and pkg in pkgs]
                    labels |= set().union(*(built.excluded[f] for f in gone)) if gone else {package_label(pkg)}
                missing[printed] = labels
            # leave out the test files that need a missing framework, then compile the rest again
            for printed, labels in missing.items():
                rel = _relative(printed, box.root)
                built.excluded.setdefault(rel, set()).update(labels)
            tests = [t for t in tests if t not in built.excluded]
        labels = sorted({p for ps in built.excluded.values() for p in ps})
        if built.excluded:
            built.run = SuiteRun(SuiteStatus.FRAMEWORK_UNAVAILABLE, log=built.log,
                                 reason="test_framework_unavailable: " + ", ".join(labels))
        else:
            built.run = SuiteRun(SuiteStatus.NO_TESTS, log=built.log, reason="no_test_sources")
        return built

    def compile_only(self, root: Path, limits=None) -> SuiteRun:
        """Compile main and test sources; OK, COMPILE_FAILED, FRAMEWORK_UNAVAILABLE, TIMEOUT."""
        from crossfile_datasets.sandbox import Sandbox

        with Sandbox(root, python=sys.executable, limits=_sandbox_limits(limits)) as box:
            built = self._build(box, limits)
            if built.run is not None:
                return built.run
            return SuiteRun(SuiteStatus.OK, log=built.log + _excluded_note(built.excluded))

    # -- running --------------------------------------------------------------------------
    def run(self, root: Path, test_ids: list[str] | None = None, *, coverage: bool = False, limits=None) -> SuiteRun:
        """Build, then run every test class (``test_ids`` None) or the classes of ``test_ids``
        (results limited to those ids; an id that did not run is an ERROR). ``coverage``: per-test
        line coverage of the main sources with JaCoCo (see the module docstring)."""
        from crossfile_datasets.sandbox import Sandbox

        limits = _sandbox_limits(limits)
        tools = runner_tools()
        agent = tools.agent if coverage else None
        with Sandbox(root, python=sys.executable, limits=limits, read_only=tools.read_only) as box:
            built = self._build(box, limits)
            if built.run is not None:
                return built.run
            # written before anything of the repository runs, in our control folder
            options = [f"timeout={int(limits.test_timeout)}"]
            if test_ids is None:
                options.append(f"scan={built.classes_test}")
            else:
                # a class that was not compiled would stop the launcher: its ids just do not run
                classes = sorted({c for c in (t.split("#", 1)[0] for t in test_ids)
                                  if (built.classes_test / (c.replace(".", "/") + ".class")).is_file()})
                if not classes:
                    return SuiteRun(SuiteStatus.NO_TESTS, log=built.log, reason="no_tests_selected")
                options += [f"class={c}" for c in classes]
            jvm = ["java", *JVM_OPTIONS, *RUN_OPTIONS]
            exec_file = box.control / "coverage" / "tests.exec"
            if agent is not None:
                exec_file.parent.mkdir(parents=True, exist_ok=True)
                options.append(f"coverage={exec_file}")
                jvm.append(f"-javaagent:{agent}=" + agent_options(built.layout))
            argfile = box.control / "junit.args"
            argfile.write_text("".join(o.replace("\n", " ") + "\n" for o in options), encoding="utf-8")
            classpath = [str(tools.classes), str(JAVA_SHARE / LAUNCHER_JAR), str(built.classes_main),
                         str(built.classes_test), *[str(box.root / r) for r in built.layout.resources],
                         *[str(box.root / j) for j in built.layout.jars], *framework_jars()]
            channel = ResultChannel()
            res = box.run([*jvm, "-cp", os.pathsep.join(classpath), RUNNER_CLASS, str(argfile)],
                          env=JVM_ENV, channel=channel)
            records = channel.finish()
            log = built.log + "\n$ junit runner\n" + (res.result.stdout + res.result.stderr)[-8000:] \
                + _excluded_note(built.excluded)
            results, problems = judge_records(records, res)
            status, reason, results = judge_run(
                results, test_ids, timed_out=res.timed_out, trusted=not problems,
                unfinished=("incomplete: " + "; ".join(problems)[:300], "the run's verdict is incomplete"))
            run = SuiteRun(status, results, {}, log, reason)
            if agent is not None and status is SuiteStatus.OK:
                self._coverage(box, tools, built, records, run)
        return run

    @staticmethod
    def _coverage(box, tools: "RunnerTools", built: _Built, records: ChannelRecords, run: SuiteRun) -> None:
        """Fill ``run``'s coverage fields from the execution data the runner appended (analysed by a
        JVM of ours in the same sandbox; what the tests left in the file only changes coverage)."""
        exec_file = box.control / "coverage" / "tests.exec"
        argv = ["java", *JVM_OPTIONS, "-cp", os.pathsep.join([str(tools.classes), *tools.jacoco]), COVERAGE_CLASS,
                str(exec_file), str(built.classes_main)]
        res = box.run(argv, env=JVM_ENV)
        sessions = {f"test-{r.get('seq')}": str(r.get("id")) for r in records.records}
        per_test, coverable = parse_coverage(res.result.stdout, sessions, source_files(built.layout))
        run.per_test_coverage, run.coverable = per_test, coverable
        run.coverage = {}
        for files in per_test.values():
            for rel, lines in files.items():
                run.coverage.setdefault(rel, set()).update(lines)
        note = f"\n$ coverage: {len(per_test)} tests with coverage of {len(run.results)}"
        if not res.result.ok or res.result.stdout_truncated:
            note += f" (analysis incomplete: {res.result.status.value} {res.result.returncode}" \
                    f"{', output truncated' if res.result.stdout_truncated else ''})\n" + res.result.stderr[-2000:]
        run.log += note


# ------------------------------------------------------------------------------ verdicts --
_STATUS = {"passed": TestOutcome.PASSED, "failed": TestOutcome.FAILED, "error": TestOutcome.ERROR,
           "skipped": TestOutcome.SKIPPED}


def judge_records(records: ChannelRecords, res) -> tuple[list[TestResult], list[str]]:
    """The runner's channel records of one run -> (one result per test method, the reasons the
    run's verdict is incomplete; empty when it can be trusted). ``res``: the run (a
    :class:`~crossfile_datasets.sandbox.SandboxRun`)."""
    folded: dict[str, TestResult] = {}
    for r in records.records:
        try:
            seconds = float(r.get("seconds") or 0.0)
        except (TypeError, ValueError):
            seconds = 0.0
        fold_result(folded, str(r.get("id", "")), _STATUS.get(str(r.get("status")), TestOutcome.ERROR), seconds,
                    str(r.get("message") or "")[:500])
    problems = []
    if records.forged:
        problems.append(f"{records.forged} channel lines without the run's token")
    end = records.session_end
    seqs = [r.get("seq") for r in records.records]
    if end is None:
        problems.append("no end record (the JVM exited, halted or was killed before the runner finished)")
    elif end.get("seq") != len(seqs) or end.get("tests") != len(seqs):
        problems.append(f"the end record counts {end.get('tests')} tests, the channel carried {len(seqs)}")
    if seqs != list(range(len(seqs))):
        problems.append("test records out of order, repeated or missing")
    result = res.result
    if result.status is not RunStatus.EXITED or result.returncode != 0:
        problems.append(f"the runner ended with {result.status.value} {result.returncode}")
    if res.process_limit_hit or res.memory_limit_hit:
        problems.append("a process or memory limit was hit")
    return [folded[k] for k in sorted(folded)], problems


# ------------------------------------------------------------------------------ coverage --
def source_files(layout: JavaLayout) -> dict[str, str]:
    """``pkg/path/Name.java`` (how JaCoCo names a class's source) -> the main file it is, for the
    names only one main file has."""
    seen: dict[str, list[str]] = {}
    for rel in layout.main:
        package = layout.packages.get(rel, "")
        name = rel.rsplit("/", 1)[-1]
        seen.setdefault(f"{package.replace('.', '/')}/{name}" if package else name, []).append(rel)
    return {k: v[0] for k, v in seen.items() if len(v) == 1}


def _lines(ranges) -> set[int]:
    out: set[int] = set()
    for pair in ranges if isinstance(ranges, list) else ():
        if isinstance(pair, list) and len(pair) == 2 and all(isinstance(x, int) for x in pair) and 0 < pair[0] <= pair[1]:
            out.update(range(pair[0], min(pair[1], pair[0] + 100_000) + 1))
    return out


def parse_coverage(text: str, sessions: dict[str, str], sources: dict[str, str]
                   ) -> tuple[dict[str, dict[str, set[int]]], dict[str, set[int]]]:
    """``CrossfileCoverage``'s output -> (test id -> file -> executed lines, file -> lines holding
    code). ``sessions``: session name -> test id (invocations of one method add up); ``sources``:
    JaCoCo's source name -> repository file (:func:`source_files`; other sources are left out)."""
    per_test: dict[str, dict[str, set[int]]] = {}
    coverable: dict[str, set[int]] = {}
    for line in text.splitlines():
        try:
            obj = json.loads(line)
        except json.JSONDecodeError:
            continue
        if not isinstance(obj, dict):
            continue
        if isinstance(obj.get("coverable"), dict):
            for name, ranges in obj["coverable"].items():
                if name in sources:
                    coverable.setdefault(sources[name], set()).update(_lines(ranges))
        elif isinstance(obj.get("lines"), dict) and obj.get("session") in sessions:
            files = per_test.setdefault(sessions[obj["session"]], {})
            for name, ranges in obj["lines"].items():
                if name in sources:
                    files.setdefault(sources[name], set()).update(_lines(ranges))
    return {t: f for t, f in per_test.items() if f}, coverable


def agent_options(layout: JavaLayout) -> str:
    """The JaCoCo agent's options: the project's packages only, nothing written by the agent itself
    (the runner asks it for each test's data)."""
    includes = sorted({f"{p}.*" if p else rel.rsplit("/", 1)[-1][:-5]
                       for rel in layout.main for p in [layout.packages.get(rel, "")]})
    return "output=none,dumponexit=false,jmx=false,includes=" + ":".join(includes or ["*"])


# ------------------------------------------------------------------------- our programs --
@dataclass(frozen=True)
class RunnerTools:
    classes: Path  # the compiled CrossfileJUnit / CrossfileCoverage
    agent: Path | None  # jacocoagent.jar (None: libjacoco-java is not installed)
    jacoco: tuple[str, ...]  # class path of the analysis

    @property
    def read_only(self) -> tuple[str, ...]:
        return tuple(str(p) for p in (self.classes, self.agent.parent if self.agent else None) if p is not None)


def runner_tools(cache_dir: Path | None = None) -> RunnerTools:
    """Our runner and coverage analysis, compiled once into the cache, and the JaCoCo agent taken
    out of Debian's bundle next to them (the sandbox shows both read-only)."""
    from crossfile_datasets.analyzers.javac import JSON_SOURCE, compiled_helpers

    jacoco = tuple(str(JAVA_SHARE / j) for j in JACOCO_JARS)
    have_jacoco = all(Path(j).is_file() for j in jacoco) and (JAVA_SHARE / JACOCO_AGENT_BUNDLE).is_file()
    sources = [JSON_SOURCE, *(RUNNER_SOURCES if have_jacoco else RUNNER_SOURCES[:1])]
    classes = compiled_helpers(sources, RUNNER_CLASS, classpath=[str(JAVA_SHARE / LAUNCHER_JAR), *(jacoco if have_jacoco else ())],
                               cache_dir=cache_dir)
    agent = _extract_agent(classes.parent) if have_jacoco else None
    return RunnerTools(classes, agent, jacoco)


def _extract_agent(cache: Path) -> Path:
    bundle = JAVA_SHARE / JACOCO_AGENT_BUNDLE
    digest = hashlib.sha256(bundle.read_bytes()).hexdigest()[:16]
    folder = cache / f"jacoco-{digest}"
    target = folder / JACOCO_AGENT_ENTRY
    if target.is_file():
        return target
    folder.mkdir(parents=True, exist_ok=True)
    tmp = folder / f".{os.getpid()}.{JACOCO_AGENT_ENTRY}"
    with zipfile.ZipFile(bundle) as z:
        tmp.write_bytes(z.read(JACOCO_AGENT_ENTRY))
    os.replace(tmp, target)
    return target


def _excluded_note(excluded: dict[str, set[str]]) -> str:
    if not excluded:
        return ""
    lines = [f"{f}: needs {', '.join(sorted(p))}" for f, p in sorted(excluded.items())]
    return "\n# test files left out (framework unavailable):\n" + "\n".join(lines)


def _relative(printed: str, root: Path) -> str:
    try:
        return Path(printed).resolve().relative_to(Path(root).resolve()).as_posix()
    except ValueError:
        return printed


def _tests_key(root: Path, tests: list[str]) -> str:
    digest = hashlib.sha256()
    for rel in tests:
        digest.update(rel.encode() + b"\0")
        try:
            digest.update(hostfs.read_bytes(root, rel))
        except OSError:
            pass
        digest.update(b"\0")
    return digest.hexdigest()


def _project_packages(layout: JavaLayout, files: list[str]) -> set[str]:
    return {layout.packages[f] for f in files if layout.packages.get(f)}


RUNNER = JavaRunner()
