"""Running a C# repository's NUnit tests in the sandbox: mcs + NUnit 2.6's console, with coverage.

Why it exists: the class-level split keeps a C# class when tests that pass on the original
repository cover at least 30% of its file's lines (RepoClassBench's C# criterion), and judges a
generated class by those tests. ``dotnet`` cannot restore packages here, so the runner builds from
sources with mono's ``mcs`` against Debian's NUnit 2.6 (``libnunit-cil-dev``) and runs
``nunit-console`` under mono, inside :class:`crossfile_datasets.sandbox.Sandbox` (bubblewrap, no
network, limits).

What is compiled: the ``.csproj`` compilation units (``lang/csharp/projects.py``: a project nobody
references plus what it references) that hold NUnit test files, else the whole repository; a file
is a test file when it uses ``NUnit.Framework`` or sits in a test project's folder. The library
files are compiled alone first (so a failure there is the library's: ``compile_failed`` or
``dependency_unavailable: <namespace>``), then library and tests into one assembly -- one assembly
makes ``internal`` members and ``InternalsVisibleTo`` a non-issue. A test file whose ``using`` names
a namespace that is not available (Moq, FluentAssertions...) is left out (listed in the log);
xUnit and MSTest suites are ``test_framework_unavailable: xunit`` / ``mstest``.

Results: one :class:`TestResult` per test *method*, id ``Namespace.Fixture.Method`` (NUnit 2.6's
full name; nested fixtures ``Outer+Inner``) -- the ids of ``lang.csharp.classes.nunit_test_methods``;
``[TestCase]`` rows fold into their method (worst outcome wins). They come from the ``-xml`` result
file (:func:`parse_nunit_results`, a pure parser tested on captured output), trusted only when
nunit-console exited by itself and its printed summary agrees with the file (the code under test
runs in the same process and could rewrite it). Coverage: mono's coverage profiler
(``libmono-profiler``: ``mono --profile=coverage:output=...,covfilter-file=...``; without the filter
mono 6.8 crashes under nunit-console) gives, per source file, the lines with a statement that ran
(``SuiteRun.coverage``) and every line with a statement (``SuiteRun.coverable``).
"""

from __future__ import annotations

import os
import re
import sys
import xml.etree.ElementTree as ET
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

NUNIT_CONSOLE = Path("/usr/lib/nunit/nunit-console.exe")
NUNIT_FRAMEWORK_CANDIDATES = (
    Path("/usr/lib/cli/nunit.framework-2.6.3/nunit.framework.dll"),
    Path("/usr/lib/cli/nunit.framework-2.6/nunit.framework.dll"),
)
LANG_VERSION = "7.2"  # the newest mcs 6.8 accepts (analyzers/mcs.py)
ASSEMBLY = "Suite"  # library + tests, one assembly
_TEST_FOLDER = re.compile(r"(^|[._-])(unit)?tests?($|[._-])|^test", re.IGNORECASE)
_NUNIT_USING = re.compile(r"^\s*using\s+NUnit\.Framework\s*;", re.MULTILINE)
_OTHER_FRAMEWORKS = (
    ("xunit", re.compile(r"^\s*using\s+Xunit\b", re.MULTILINE)),
    ("mstest", re.compile(r"^\s*using\s+Microsoft\.VisualStudio\.TestTools\.UnitTesting\b", re.MULTILINE)),
)
_MCS_ERROR = re.compile(r"^(?P<file>.+?)\((?P<line>\d+),\d+\+?\): error (?P<code>CS\d+): (?P<msg>.*)$", re.MULTILINE)
_USING_LINE = re.compile(r"^\s*(?:global\s+)?using\s+(?:static\s+)?(?:\w+\s*=\s*)?(?P<ns>[\w.]+)\s*;")
# nunit-console's summary: "Tests run: 4, Errors: 0, Failures: 1, Inconclusive: 0, Time: ..."
_SUMMARY = re.compile(r"^Tests run: (\d+), Errors: (\d+), Failures: (\d+), Inconclusive: (\d+)", re.MULTILINE)
_EXCLUDED_NAMES = frozenset({"AssemblyInfo.cs"})
# mono's heap is not bounded by RLIMIT_AS-friendly flags; keep its GC nursery modest
MONO_ENV = {"MONO_GC_PARAMS": "nursery-size=16m", "MONO_ENV_OPTIONS": ""}


def nunit_framework() -> Path | None:
    return next((p for p in NUNIT_FRAMEWORK_CANDIDATES if p.is_file()), None)


@dataclass
class CSharpLayout:
    library: list[str] = field(default_factory=list)
    tests: list[str] = field(default_factory=list)
    other_frameworks: dict[str, list[str]] = field(default_factory=dict)  # "xunit" -> its test files


def _is_test_file(rel: str, text: str) -> bool:
    if _NUNIT_USING.search(text):
        return True
    return any(_TEST_FOLDER.search(folder) for folder in rel.split("/")[:-1])


def _sources(root: Path) -> list[str]:
    out = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d not in C.SKIP_DIRS)
        rel_dir = Path(dirpath).relative_to(root).as_posix()
        for name in sorted(filenames):
            if name.endswith(".cs") and name not in _EXCLUDED_NAMES and not name.endswith(".AssemblyInfo.cs"):
                out.append(name if rel_dir == "." else f"{rel_dir}/{name}")
    return out


def csharp_layout(root: Path) -> CSharpLayout:
    """Library and NUnit test files of the compilation units that hold NUnit tests."""
    from crossfile_datasets.lang.csharp.projects import compilation_units

    root = Path(root)
    sources = _sources(root)
    texts = {rel: (root / rel).read_text(encoding="utf-8-sig", errors="replace") for rel in sources}
    layout = CSharpLayout()
    for name, pattern in _OTHER_FRAMEWORKS:
        hits = [rel for rel in sources if pattern.search(texts[rel])]
        if hits:
            layout.other_frameworks[name] = hits
    other = {f for files in layout.other_frameworks.values() for f in files}
    units, _ = compilation_units(root, sources)
    chosen = [u for u in units if any(_NUNIT_USING.search(texts.get(f, "")) for f in u.files)]
    files = sorted({f for u in (chosen or units) for f in u.files}) if units else sources
    for rel in files:
        if rel in other:
            continue
        (layout.tests if _is_test_file(rel, texts[rel]) else layout.library).append(rel)
    return layout


def missing_namespaces(mcs_output: str, root: Path) -> dict[str, set[str]]:
    """mcs errors on ``using`` directives (CS0246 / CS0234: a namespace not found) -> {relative
    file: {namespace}}. Namespaces are read from the directive itself."""
    out: dict[str, set[str]] = {}
    lines_cache: dict[str, list[str]] = {}
    for m in _MCS_ERROR.finditer(mcs_output):
        if m.group("code") not in ("CS0246", "CS0234"):
            continue
        printed = m.group("file")
        path = Path(printed) if os.path.isabs(printed) else Path(root) / printed
        try:
            rel = path.resolve().relative_to(Path(root).resolve()).as_posix()
        except ValueError:
            rel = printed
        if rel not in lines_cache:
            try:
                lines_cache[rel] = path.read_text(encoding="utf-8-sig", errors="replace").splitlines()
            except OSError:
                lines_cache[rel] = []
        lines = lines_cache[rel]
        line_no = int(m.group("line"))
        using = _USING_LINE.match(lines[line_no - 1]) if 0 < line_no <= len(lines) else None
        if using:
            out.setdefault(rel, set()).add(using.group("ns"))
    return out


def first_error(mcs_output: str) -> str:
    m = _MCS_ERROR.search(mcs_output)
    if m:
        return f"{m.group('file').rsplit('/', 1)[-1]}({m.group('line')}): {m.group('code')}: {m.group('msg')}"[:300]
    lines = [ln for ln in mcs_output.splitlines() if "error" in ln]
    return (lines or mcs_output.strip().splitlines() or [""])[0][:300]


# ------------------------------------------------------------------------- result parsing --
def _outcome(case: ET.Element) -> TestOutcome:
    result = case.get("result") or ""
    if result == "Success":
        return TestOutcome.PASSED
    if result == "Failure":
        return TestOutcome.FAILED
    if result in ("Error", "Cancelled", "NotRunnable"):
        return TestOutcome.ERROR
    if case.get("executed") == "True" and case.get("success") == "True":
        return TestOutcome.PASSED
    return TestOutcome.SKIPPED  # Ignored, Skipped, Inconclusive, Explicit


def method_id(full_name: str) -> str:
    """``Ns.Fixture.Method(2,3,"a.b")`` -> ``Ns.Fixture.Method``."""
    return full_name.split("(", 1)[0].strip()


def parse_nunit_results(xml_text: str) -> list[TestResult]:
    """NUnit 2.6's ``-xml`` result file -> one result per test method, ``[TestCase]`` rows folded
    (worst outcome, summed seconds, first message)."""
    try:
        root = ET.fromstring(xml_text)
    except ET.ParseError:
        return []
    folded: dict[str, TestResult] = {}
    for case in root.iter("test-case"):
        test_id = method_id(case.get("name") or "")
        outcome = _outcome(case)
        message = ""
        for path in ("failure/message", "reason/message"):
            node = case.find(path)
            if node is not None and node.text:
                message = node.text.strip()[:500]
                break
        try:
            seconds = float(case.get("time") or 0)
        except ValueError:
            seconds = 0.0
        fold_result(folded, test_id, outcome, seconds, message)
    return [folded[k] for k in sorted(folded)]


def count_passed_cases(xml_text: str) -> int:
    try:
        root = ET.fromstring(xml_text)
    except ET.ParseError:
        return -1
    return sum(1 for c in root.iter("test-case") if c.get("result") == "Success")


def parse_summary(stdout: str) -> dict[str, int] | None:
    m = _SUMMARY.search(stdout)
    if not m:
        return None
    run, errors, failures, inconclusive = (int(g) for g in m.groups())
    return {"run": run, "errors": errors, "failures": failures, "inconclusive": inconclusive}


def parse_mono_coverage(xml_text: str, root: Path | str) -> tuple[dict[str, set[int]], dict[str, set[int]]]:
    """mono's coverage profiler XML -> ({relative file: lines that ran}, {relative file: lines
    with a statement}); files outside ``root`` (the framework, mono's own) are left out."""
    try:
        doc = ET.fromstring(xml_text)
    except ET.ParseError:
        return {}, {}
    base = str(Path(root).resolve()).rstrip("/") + "/"
    covered: dict[str, set[int]] = {}
    coverable: dict[str, set[int]] = {}
    for method in doc.iter("method"):
        filename = method.get("filename") or ""
        if not filename.startswith(base):
            continue
        rel = filename[len(base):]
        for st in method.iter("statement"):
            try:
                line, counter = int(st.get("line") or 0), int(st.get("counter") or 0)
            except ValueError:
                continue
            if line <= 0:
                continue
            coverable.setdefault(rel, set()).add(line)
            if counter > 0:
                covered.setdefault(rel, set()).add(line)
    return covered, coverable


# ------------------------------------------------------------------------------- runner --
def _sandbox_limits(limits):
    from crossfile_datasets.sandbox import SandboxLimits

    return limits if limits is not None else SandboxLimits()


def _optional_references() -> list[str]:
    from crossfile_datasets.analyzers.mcs import OPTIONAL_REFERENCES, mono_lib_dir

    lib = mono_lib_dir()
    return [f"-r:{ref}" for ref in OPTIONAL_REFERENCES if lib is not None and (lib / ref).is_file()]


@dataclass
class _Built:
    run: SuiteRun | None
    assembly: Path | None = None
    log: str = ""
    excluded: dict[str, set[str]] = field(default_factory=dict)
    layout: CSharpLayout | None = None


class CSharpRunner:
    """mcs + nunit-console (see the module docstring)."""

    language = Lang.CSHARP
    max_exclusion_rounds = 4
    # with coverage on a whole-suite run, rerun each fixture alone for SuiteRun.per_test_coverage
    per_fixture_coverage = True
    max_fixture_runs = 200

    def discover(self, root: Path) -> list[str]:
        """NUnit test method ids found statically in the test sources."""
        from crossfile_datasets.core.records import SourceFile
        from crossfile_datasets.lang import get_language
        from crossfile_datasets.lang.csharp.classes import nunit_test_methods

        root = Path(root)
        layout = csharp_layout(root)
        files = [SourceFile(rel, (root / rel).read_text(encoding="utf-8-sig", errors="replace")) for rel in layout.tests]
        facts = get_language(Lang.CSHARP).analyze_files(str(root), files)
        return sorted(t for ff in facts.values() for t in nunit_test_methods(ff))

    def _mcs(self, box, out: Path, sources: list[str], references: list[str], rsp: Path):
        rsp.write_text("\n".join(f'"{box.root / s}"' for s in sources) + "\n", encoding="utf-8")
        argv = ["mcs", f"-langversion:{LANG_VERSION}", "-target:library", "-debug", "-warn:0", "-unsafe",
                "-define:DEBUG;TRACE", f"-out:{out}", *_optional_references(), *references, f"@{rsp}"]
        return box.run(argv)

    def _build(self, box) -> _Built:
        layout = csharp_layout(box.root)
        built = _Built(None, layout=layout)
        if not layout.tests:
            if layout.other_frameworks:
                names = ", ".join(sorted(layout.other_frameworks))
                built.run = SuiteRun(SuiteStatus.FRAMEWORK_UNAVAILABLE, reason=f"test_framework_unavailable: {names}")
            else:
                built.run = SuiteRun(SuiteStatus.NO_TESTS, reason="no_nunit_tests")
            return built
        framework = nunit_framework()
        if framework is None:
            built.run = SuiteRun(SuiteStatus.FRAMEWORK_UNAVAILABLE,
                                 reason="test_framework_unavailable: nunit (apt-get install libnunit-cil-dev nunit-console)")
            return built
        build = box.control / "build"
        build.mkdir(parents=True, exist_ok=True)
        if layout.library:
            res = self._mcs(box, build / "Library.dll", layout.library, [], build / "library.rsp")
            output = res.result.stdout + res.result.stderr
            built.log += "$ mcs (library)\n" + output[-4000:]
            if res.timed_out:
                built.run = SuiteRun(SuiteStatus.TIMEOUT, log=built.log, reason="compile_timeout")
                return built
            if not res.result.ok:
                missing = missing_namespaces(output, box.root)
                if missing:
                    names = sorted({n for ns in missing.values() for n in ns})
                    built.run = SuiteRun(SuiteStatus.FRAMEWORK_UNAVAILABLE, log=built.log,
                                         reason="dependency_unavailable: " + ", ".join(names))
                else:
                    built.run = SuiteRun(SuiteStatus.COMPILE_FAILED, log=built.log,
                                         reason="compile_failed: " + first_error(output))
                return built
        tests = list(layout.tests)
        assembly = build / f"{ASSEMBLY}.dll"
        for _ in range(self.max_exclusion_rounds + 1):
            if not tests:
                break
            res = self._mcs(box, assembly, layout.library + tests, [f"-r:{framework}"], build / "suite.rsp")
            output = res.result.stdout + res.result.stderr
            built.log += "\n$ mcs (library + tests)\n" + output[-4000:]
            if res.timed_out:
                built.run = SuiteRun(SuiteStatus.TIMEOUT, log=built.log, reason="compile_timeout")
                return built
            if res.result.ok:
                built.assembly = assembly
                return built
            missing = {f: ns for f, ns in missing_namespaces(output, box.root).items() if f in tests}
            if not missing:
                built.run = SuiteRun(SuiteStatus.COMPILE_FAILED, log=built.log,
                                     reason="compile_failed: " + first_error(output))
                return built
            for rel, names in missing.items():
                built.excluded.setdefault(rel, set()).update(names)
            tests = [t for t in tests if t not in built.excluded]
        names = sorted({n for ns in built.excluded.values() for n in ns})
        built.run = SuiteRun(SuiteStatus.FRAMEWORK_UNAVAILABLE, log=built.log,
                             reason="test_framework_unavailable: " + ", ".join(names))
        return built

    def compile_only(self, root: Path, limits=None) -> SuiteRun:
        from crossfile_datasets.sandbox import Sandbox

        with Sandbox(root, python=sys.executable, limits=_sandbox_limits(limits)) as box:
            built = self._build(box)
            if built.run is not None:
                return built.run
            return SuiteRun(SuiteStatus.OK, log=built.log + _excluded_note(built.excluded))

    def run(self, root: Path, test_ids: list[str] | None = None, *, coverage: bool = False, limits=None) -> SuiteRun:
        """Build, then run every NUnit test (``test_ids`` None) or those methods; with
        ``coverage``, the lines of the repository's files that ran (mono's coverage profiler)."""
        from crossfile_datasets.sandbox import Sandbox

        limits = _sandbox_limits(limits)
        with Sandbox(root, python=sys.executable, limits=limits) as box:
            built = self._build(box)
            if built.run is not None:
                return built.run
            result_file = box.control / "nunit-result.xml"
            coverage_file = box.control / "coverage.xml"
            names = None
            if test_ids is not None:
                names = sorted({method_id(t) for t in test_ids})
                if not names:
                    return SuiteRun(SuiteStatus.NO_TESTS, log=built.log, reason="no_tests_selected")
            res = self._nunit(box, built, limits, names, coverage_file if coverage else None, result_file)
            log = built.log + "\n$ nunit-console\n" + (res.result.stdout + res.result.stderr)[-8000:] \
                + _excluded_note(built.excluded)
            xml_text = result_file.read_text(encoding="utf-8", errors="replace") if result_file.is_file() else ""
            covered, coverable = ({}, {})
            if coverage and coverage_file.is_file():
                covered, coverable = parse_mono_coverage(coverage_file.read_text(encoding="utf-8", errors="replace"),
                                                         box.root)
            per_test: dict[str, dict[str, set[int]]] = {}
            if coverage and test_ids is None and self.per_fixture_coverage:
                per_test, note = self._fixture_coverage(box, built, limits, parse_nunit_results(xml_text))
                log += note
        run = self._result(res, xml_text, test_ids, log, covered, coverable)
        if run.status is SuiteStatus.OK:
            run.per_test_coverage = per_test
        return run

    def _nunit(self, box, built: _Built, limits, names: list[str] | None, coverage_file: Path | None,
               result_file: Path):
        argv = ["mono", "--debug"]
        if coverage_file is not None:
            # without a filter mono 6.8's coverage profiler crashes under nunit-console
            filt = box.control / "covfilter"
            filt.write_text(f"+[{ASSEMBLY}]\n", encoding="utf-8")
            argv.append(f"--profile=coverage:output={coverage_file},covfilter-file={filt}")
        argv += [str(NUNIT_CONSOLE), "-nologo", "-noshadow", "-nothread", "-domain=None", "-labels",
                 f"-xml={result_file}", f"-timeout={int(limits.test_timeout * 1000)}"]
        if names is not None:
            argv.append("-run=" + ",".join(names))
        argv.append(str(built.assembly))
        return box.run(argv, env=MONO_ENV)

    def _fixture_coverage(self, box, built: _Built, limits, results: list[TestResult]):
        """Each passing test's fixture run alone under the coverage profiler: test id -> the lines
        its *fixture* ran (mono's profiler has no per-test contexts; a fixture is the finest unit
        one nunit-console run can isolate cheaply). An over-approximation of the test's own lines."""
        fixtures: dict[str, list[str]] = {}
        for r in results:
            if r.outcome is TestOutcome.PASSED:
                fixtures.setdefault(r.test_id.rsplit(".", 1)[0], []).append(r.test_id)
        if len(fixtures) > self.max_fixture_runs:
            return {}, f"\n# per-fixture coverage skipped: {len(fixtures)} fixtures > {self.max_fixture_runs}"
        per_test: dict[str, dict[str, set[int]]] = {}
        failed = []
        for i, (fixture, tests) in enumerate(sorted(fixtures.items())):
            cov_file, res_file = box.control / f"fixture-{i}.xml", box.control / f"fixture-{i}-result.xml"
            res = self._nunit(box, built, limits, [fixture], cov_file, res_file)
            if res.result.status is not RunStatus.EXITED or not cov_file.is_file():
                failed.append(fixture)
                continue
            lines, _ = parse_mono_coverage(cov_file.read_text(encoding="utf-8", errors="replace"), box.root)
            for t in tests:
                per_test[t] = lines
        note = f"\n# per-fixture coverage: {len(fixtures)} fixture runs"
        if failed:
            note += f", {len(failed)} without coverage: {', '.join(failed[:5])}"
        return per_test, note

    @staticmethod
    def _result(res, xml_text: str, test_ids, log: str, covered, coverable) -> SuiteRun:
        results = parse_nunit_results(xml_text)
        summary = parse_summary(res.result.stdout)
        trusted = (res.result.status is RunStatus.EXITED and not res.process_limit_hit and not res.memory_limit_hit
                   and summary is not None and res.result.returncode is not None and res.result.returncode >= 0
                   and count_passed_cases(xml_text)
                   == summary["run"] - summary["errors"] - summary["failures"] - summary["inconclusive"])
        status, reason, results = judge_run(results, test_ids, timed_out=res.timed_out, trusted=trusted,
                                            unfinished=("nunit_console_did_not_finish", "nunit-console did not finish"),
                                            id_of=method_id)
        run = SuiteRun(status, results, covered if trusted else {}, log, reason)
        run.coverable = coverable if trusted else {}
        return run


def _excluded_note(excluded: dict[str, set[str]]) -> str:
    if not excluded:
        return ""
    lines = [f"{f}: needs {', '.join(sorted(ns))}" for f, ns in sorted(excluded.items())]
    return "\n# test files left out (namespace unavailable):\n" + "\n".join(lines)


RUNNER = CSharpRunner()
