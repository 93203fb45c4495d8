"""Running a Java repository's JUnit 4/5 tests in the sandbox: javac + JUnit's console launcher.

Why it exists: the class-level split keeps a Java class when tests that pass on the original
repository reference it, and judges a generated class by those tests. Maven and Gradle cannot
download anything here, so the runner builds from sources: every main source file compiled in one
javac run, every test file in a second one against the classes, the repository's own jars and
Debian's JUnit 4 + hamcrest + JUnit 5 jars; then JUnit's console launcher (the vintage engine runs
JUnit 3/4, the Jupiter engine JUnit 5) runs the test classes, all inside
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
They are read from the launcher's XML reports (:func:`parse_junit_reports`, a pure parser tested
on captured output). Those files are written by the JVM that runs the tests, so a hostile class
could overwrite them: a test only counts when the launcher also exited by itself after writing
them (exit status 0 or 1) and its printed summary agrees with the reports' totals. No coverage: the
paper's Java criterion is the methods referenced in the test bodies.
"""

from __future__ import annotations

import hashlib
import os
import re
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from crossfile_datasets.analyzers.run import RunStatus
from crossfile_datasets.core import constants as C
from crossfile_datasets.lang import Lang
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
LAUNCHER_JAR = "junit-platform-console-standalone.jar"
# JVM options that keep a JVM inside the sandbox's RLIMIT_AS (the default reserves a quarter of
# the machine's memory for the heap and 1 GB of class space) and quick to start
JVM_OPTIONS = ("-Xmx768m", "-Xss2m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
               "-XX:CompressedClassSpaceSize=128m", "-XX:ReservedCodeCacheSize=96m", "-XX:MaxMetaspaceSize=256m",
               "-Duser.language=en", "-Duser.country=US", "-Dfile.encoding=UTF-8")
# glibc gives every thread up to 8 x cores malloc arenas of 64 MB of address space: a JVM with a
# few dozen threads would pass the RLIMIT_AS on reservations alone
JVM_ENV = {"MALLOC_ARENA_MAX": "2"}
TEST_FOLDERS = frozenset({"test", "tests", "testing", "src-test", "test-src", "unittest", "unittests"})
_EXCLUDED_NAMES = frozenset({"module-info.java"})
_JUNIT_IMPORT = re.compile(r"^\s*import\s+(static\s+)?(org\.junit|junit\.framework)\b", re.MULTILINE)
_MISSING_PACKAGE = re.compile(r"^(?P<file>.+?\.java):(?P<line>\d+): error: package (?P<pkg>[\w.]+) does not exist", re.MULTILINE)
_ERROR_LINE = re.compile(r"^(?P<file>.+?\.java):(?P<line>\d+): error: (?P<msg>.*)$", re.MULTILINE)
# the launcher's summary box: "[         5 tests successful      ]"
_SUMMARY = re.compile(r"^\[\s*(\d+) tests (found|started|successful|failed|skipped|aborted)\s*\]", re.MULTILINE)
# second component of a package that is a vendor, not a product: name three components
_VENDORS = frozenset({"apache", "google", "eclipse", "fasterxml", "jetbrains", "springframework", "sun", "github"})


@dataclass
class JavaLayout:
    main: list[str] = field(default_factory=list)  # repo-relative .java files
    tests: list[str] = field(default_factory=list)
    resources: list[str] = field(default_factory=list)  # repo-relative folders for the run's class path
    jars: list[str] = field(default_factory=list)  # repo-relative jars shipped in the repository


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
                try:
                    text = (Path(dirpath) / name).read_text(encoding="utf-8", errors="replace")
                except OSError:
                    continue
                (layout.tests if _is_test_file(rel, text) else layout.main).append(rel)
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


# ------------------------------------------------------------------------- report parsing --
_UID_METHOD = re.compile(r"\[(?:method|test-template|test-factory):([^\]]+?)\]")
_UID_VINTAGE = re.compile(r"\[test:([^\]\[]+?)\(([\w.$]+)\)\]$")


def _method_of(name: str, uid: str) -> str:
    """The test method of one report entry: from the unique id when it names one, else the
    reported name up to a parameter list or an invocation index."""
    m = _UID_METHOD.search(uid)
    if m:
        return m.group(1).split("(", 1)[0]
    m = _UID_VINTAGE.search(uid)
    if m:
        return m.group(1).split("[", 1)[0].strip()
    return re.split(r"[(\[]", name, maxsplit=1)[0].strip() or name


def parse_junit_reports(xml_texts: Iterable[str]) -> list[TestResult]:
    """JUnit console launcher's XML reports (``TEST-junit-*.xml``) -> one result per test method
    (``classname#method``), invocations folded (worst outcome, summed seconds, first message)."""
    folded: dict[str, TestResult] = {}
    for text in xml_texts:
        try:
            root = ET.fromstring(text)
        except ET.ParseError:
            continue
        for case in root.iter("testcase"):
            classname = case.get("classname") or ""
            name = case.get("name") or ""
            out_node = case.find("system-out")
            uid = ""
            if out_node is not None and out_node.text:
                m = re.search(r"unique-id: (.*)", out_node.text)
                uid = m.group(1).strip() if m else ""
            outcome, message = TestOutcome.PASSED, ""
            for tag, value in (("error", TestOutcome.ERROR), ("failure", TestOutcome.FAILED), ("skipped", TestOutcome.SKIPPED)):
                node = case.find(tag)
                if node is not None:
                    outcome = value
                    message = (node.get("message") or node.get("type") or (node.text or "").strip())[:500]
                    break
            try:
                seconds = float(case.get("time") or 0)
            except ValueError:
                seconds = 0.0
            test_id = f"{classname}#{_method_of(name, uid)}"
            fold_result(folded, test_id, outcome, seconds, message)
    return [folded[k] for k in sorted(folded)]


def parse_summary(stdout: str) -> dict[str, int]:
    """The console launcher's summary box -> {"found": n, "successful": n, "failed": n, ...}."""
    return {kind: int(n) for n, kind in _SUMMARY.findall(stdout)}


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
        files = [SourceFile(rel, (root / rel).read_text(encoding="utf-8", errors="replace")) for rel in layout.tests]
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
                missing = missing_packages(output, _project_packages(box.root, layout.main))
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
        main_packages = _project_packages(box.root, layout.main)
        package_of = {t: _project_packages(box.root, [t]) for t in tests}
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
        (results limited to those ids; an id that did not run is an ERROR). ``coverage`` is
        ignored (Java gives none; see the module docstring)."""
        from crossfile_datasets.sandbox import Sandbox

        limits = _sandbox_limits(limits)
        with Sandbox(root, python=sys.executable, limits=limits) as box:
            built = self._build(box, limits)
            if built.run is not None:
                return built.run
            reports = box.control / "reports"
            classpath = [str(built.classes_main), str(built.classes_test),
                         *[str(box.root / r) for r in built.layout.resources],
                         *[str(box.root / j) for j in built.layout.jars], *framework_jars()]
            argv = ["java", *JVM_OPTIONS, "-jar", str(JAVA_SHARE / LAUNCHER_JAR), "--disable-banner",
                    "--disable-ansi-colors", "--details=summary", f"--reports-dir={reports}",
                    "--class-path", os.pathsep.join(classpath),
                    f"--config=junit.jupiter.execution.timeout.default={int(limits.test_timeout)}s"]
            if test_ids is None:
                argv += [f"--scan-class-path={built.classes_test}", "--include-classname=.*"]
            else:
                # a class that was not compiled would stop the launcher: its ids just do not run
                classes = sorted({c for c in (t.split("#", 1)[0] for t in test_ids)
                                  if (built.classes_test / (c.replace(".", "/") + ".class")).is_file()})
                if not classes:
                    return SuiteRun(SuiteStatus.NO_TESTS, log=built.log, reason="no_tests_selected")
                argv += [f"--select-class={c}" for c in classes]
            res = box.run(argv, env=JVM_ENV)
            log = built.log + "\n$ junit console launcher\n" + (res.result.stdout + res.result.stderr)[-8000:] \
                + _excluded_note(built.excluded)
            texts = [p.read_text(encoding="utf-8", errors="replace") for p in sorted(reports.glob("TEST-*.xml"))] \
                if reports.is_dir() else []
        return self._outcome(res, texts, test_ids, log)

    @staticmethod
    def _outcome(res, texts: list[str], test_ids: list[str] | None, log: str) -> SuiteRun:
        results = parse_junit_reports(texts)
        summary = parse_summary(res.result.stdout)
        # the launcher prints its summary after writing the reports: both must say the same
        trusted = (res.result.status is RunStatus.EXITED and res.result.returncode in (0, 1) and not res.process_limit_hit
                   and not res.memory_limit_hit and "successful" in summary
                   and summary["successful"] == count_passed_cases(texts))
        status, reason, results = judge_run(results, test_ids, timed_out=res.timed_out, trusted=trusted,
                                            unfinished=("launcher_did_not_finish", "launcher did not finish"))
        return SuiteRun(status, results, {}, log, reason)


def count_passed_cases(texts: list[str]) -> int:
    """Report entries (invocations, not folded) without error, failure or skip."""
    n = 0
    for t in texts:
        try:
            root = ET.fromstring(t)
        except ET.ParseError:
            continue
        n += sum(1 for c in root.iter("testcase") if not any(c.find(k) is not None for k in ("error", "failure", "skipped")))
    return n


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
            digest.update((Path(root) / rel).read_bytes())
        except OSError:
            pass
        digest.update(b"\0")
    return digest.hexdigest()


_PACKAGE_LINE = re.compile(r"^\s*package\s+([\w.]+)\s*;", re.MULTILINE)


def _project_packages(root: Path, files: list[str]) -> set[str]:
    out = set()
    for rel in files:
        try:
            m = _PACKAGE_LINE.search((Path(root) / rel).read_text(encoding="utf-8", errors="replace")[:20000])
        except OSError:
            continue
        if m:
            out.add(m.group(1))
    return out


RUNNER = JavaRunner()
