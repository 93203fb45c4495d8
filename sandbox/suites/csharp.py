"""Running a C# repository's NUnit tests in the sandbox: mcs + our test host on NUnit 2.6's core.

Why it exists: the class-level split keeps a C# class when tests that pass on the original
repository cover at least 30% of its file's lines (RepoClassBench's C# criterion), and judges a
generated class by those tests. ``dotnet`` cannot restore packages here, so the runner builds from
sources with mono's ``mcs`` against Debian's NUnit 2.6 (``libnunit-cil-dev``) and runs the tests
under mono, inside :class:`crossfile_datasets.sandbox.Sandbox` (bubblewrap, no network, limits).

What is compiled: the ``.csproj`` compilation units (``lang/csharp/projects.py``: a project nobody
references plus what it references) that hold NUnit test files, else the whole repository; a file
is a test file when it uses ``NUnit.Framework`` or sits in a test project's folder. The library
files are compiled alone first (so a failure there is the library's: ``compile_failed`` or
``dependency_unavailable: <namespace>``), then library and tests into one assembly -- one assembly
makes ``internal`` members and ``InternalsVisibleTo`` a non-issue. A test file whose ``using`` names
a namespace that is not available (Moq, FluentAssertions...) is left out (listed in the log);
xUnit and MSTest suites are ``test_framework_unavailable: xunit`` / ``mstest``.

How tests run and how the verdict travels (issue 27): not through nunit-console, whose result
file and printed summary the code under test can rewrite, print over or cut short. Our own host
(``csharp_host/CrossfileTestHost.cs``, compiled once per source and cached like the mcs server)
loads NUnit 2.6's core, runs the tests in a child AppDomain whose base folder is the assembly's
(tests reading files beside it work) and sends one record per finished test over the sandbox's
verdict channel (``sandbox/channel.py``: a pipe opened by the harness, a token read before any
test code loads, an end-of-session record written after the last test). A run without that
record (``Environment.Exit``, a crash, a time-out) is ``CRASHED`` and nothing in it passes;
stdout is only a log. Everything the host hands to a run (the host itself, the coverage filter,
response files, the list of tests) sits in a folder of ours that the sandbox sees read-only, and
everything it reads back (coverage data) goes through ``sandbox/hostfs.py``; the host never
writes into the sandbox folder after a sandboxed run began.

Results: one :class:`TestResult` per test *method*, id ``Namespace.Fixture.Method`` (NUnit 2.6's
full name; nested fixtures ``Outer+Inner``) -- the ids of ``lang.csharp.classes.nunit_test_methods``;
``[TestCase]`` rows fold into their method (worst outcome wins). Coverage: mono's coverage profiler
(``libmono-profiler``: ``mono --profile=coverage:output=...,covfilter-file=...``; without the filter
mono 6.8 crashes) gives, per source file, the lines with a statement that ran
(``SuiteRun.coverage``) and every line with a statement (``SuiteRun.coverable``).
"""

from __future__ import annotations

import hashlib
import os
import re
import secrets
import shutil
import sys
import tempfile
import threading
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

from crossfile_datasets.analyzers.run import RunStatus, run
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
    texts = {rel: _read(root, rel) for rel in sources}
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
            lines_cache[rel] = _read(root, rel).splitlines()
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


# ---------------------------------------------------------------------------- test host --
HOST_SOURCE = Path(__file__).resolve().parent / "csharp_host" / "CrossfileTestHost.cs"
HOST_EXE = "CrossfileTestHost.exe"
_NUNIT_CORE = ("nunit.core", "nunit.core.interfaces")
_HOST_LOCK = threading.Lock()


def _nunit_core_references() -> list[Path] | None:
    found = []
    for name in _NUNIT_CORE:
        hits = sorted(Path("/usr/lib/cli").glob(f"{name}-2.6*/{name}.dll"))
        if not hits:
            return None
        found.append(hits[-1])
    return found


def build_host() -> Path | None:
    """Compile the test host (``csharp_host/CrossfileTestHost.cs``) against NUnit 2.6's core, once
    per source and mcs version, into the user cache (our own code, compiled outside the sandbox
    like the mcs server). None when mcs, mono or NUnit's core is missing."""
    from crossfile_datasets.core.paths import default_cache_dir

    refs = _nunit_core_references()
    mcs = shutil.which("mcs")
    if refs is None or mcs is None or shutil.which("mono") is None:
        return None
    stamp = HOST_SOURCE.read_bytes() + "".join(f"{r}:{r.stat().st_mtime_ns}" for r in refs).encode() \
        + str(Path(mcs).resolve().stat().st_mtime_ns).encode()
    exe = default_cache_dir() / "csharp-test-host" / hashlib.sha256(stamp).hexdigest()[:16] / HOST_EXE
    with _HOST_LOCK:
        if exe.is_file():
            return exe
        exe.parent.mkdir(parents=True, exist_ok=True)
        partial = exe.with_name(f"host.{os.getpid()}.{threading.get_ident()}.partial.exe")
        res = run(["mcs", "-target:exe", "-debug-", "-warn:0", *(f"-r:{r}" for r in refs), f"-out:{partial}",
                   str(HOST_SOURCE)], timeout=180)
        if not res.ok or not partial.is_file():
            partial.unlink(missing_ok=True)
            return None
        partial.replace(exe)
    return exe


class _Inputs:
    """A folder of the host's own holding what a run reads (the test host, the coverage filter,
    mcs response files, lists of tests). The sandbox sees it read-only (it is passed as one of
    :class:`Sandbox`'s ``read_only`` folders), so nothing a run does can change what the next run
    of the same copy is given, and the host may write here at any time."""

    def __init__(self) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="crossfile-csharp-inputs-")).resolve()
        self._n = 0

    def write(self, stem: str, text: str) -> Path:
        self._n += 1
        path = self.dir / f"{self._n:03d}-{stem}"
        path.write_text(text, encoding="utf-8")
        return path

    def close(self) -> None:
        shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self) -> "_Inputs":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def results_from_records(records: list[dict]) -> list[TestResult]:
    """The test host's channel records -> one result per test method (its ``[TestCase]`` rows
    folded: worst outcome, summed seconds, first message). Pure; malformed records are skipped."""
    folded: dict[str, TestResult] = {}
    for rec in records:
        test_id = rec.get("id")
        try:
            outcome = TestOutcome(rec.get("outcome"))
            seconds = float(rec.get("seconds") or 0.0)
        except (ValueError, TypeError):
            continue
        if not isinstance(test_id, str) or not test_id:
            continue
        fold_result(folded, test_id, outcome, seconds, str(rec.get("message") or "").strip()[:500])
    return [folded[k] for k in sorted(folded)]


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
    host: Path | None = None  # the test host, in the inputs folder


@dataclass
class _Executed:
    """One run of the test host: the sandbox run, what the channel carried, the coverage data."""
    sandbox: object  # SandboxRun
    records: object  # sandbox.channel.ChannelRecords
    coverage_xml: str = ""
    note: str = ""  # why coverage is missing, when it is

    @property
    def trusted(self) -> bool:
        """The host wrote its end-of-session record and every line on the channel was its own."""
        return self.records.complete and self.records.forged == 0

    @property
    def exited(self) -> bool:
        res = self.sandbox.result
        return res.status is RunStatus.EXITED and res.returncode == 0


class CSharpRunner:
    """mcs + our NUnit 2.6 test host (see the module docstring)."""

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
        files = [SourceFile(rel, _read(root, rel)) for rel in layout.tests]
        facts = get_language(Lang.CSHARP).analyze_files(str(root), files)
        return sorted(t for ff in facts.values() for t in nunit_test_methods(ff))

    def _mcs(self, box, inputs: _Inputs, out: Path, sources: list[str], references: list[str], stem: str):
        rsp = inputs.write(f"{stem}.rsp", "\n".join(f'"{box.root / s}"' for s in sources) + "\n")
        argv = ["mcs", f"-langversion:{LANG_VERSION}", "-target:library", "-debug", "-warn:0", "-unsafe",
                "-define:DEBUG;TRACE", f"-out:{out}", *_optional_references(), *references, f"@{rsp}"]
        return box.run(argv)

    def _build(self, box, inputs: _Inputs) -> _Built:
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
        host = build_host()
        if framework is None or host is None:
            built.run = SuiteRun(SuiteStatus.FRAMEWORK_UNAVAILABLE,
                                 reason="test_framework_unavailable: nunit (apt-get install libnunit-cil-dev nunit-console)")
            return built
        built.host = inputs.dir / HOST_EXE
        shutil.copyfile(host, built.host)
        # the output folder exists before anything runs (host writes never follow a sandboxed run)
        build = box.dir / "build"
        build.mkdir()
        if layout.library:
            res = self._mcs(box, inputs, build / "Library.dll", layout.library, [], "library")
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
            res = self._mcs(box, inputs, assembly, layout.library + tests, [f"-r:{framework}"], "suite")
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

        with _Inputs() as inputs, Sandbox(root, python=sys.executable, limits=_sandbox_limits(limits),
                                          read_only=[str(inputs.dir)]) as box:
            built = self._build(box, inputs)
            if built.run is not None:
                return built.run
            return SuiteRun(SuiteStatus.OK, log=built.log + _excluded_note(built.excluded))

    def run(self, root: Path, test_ids: list[str] | None = None, *, coverage: bool = False, limits=None) -> SuiteRun:
        """Build, then run every NUnit test (``test_ids`` None) or those methods; with
        ``coverage``, the lines of the repository's files that ran (mono's coverage profiler)."""
        from crossfile_datasets.sandbox import Sandbox

        limits = _sandbox_limits(limits)
        with _Inputs() as inputs, Sandbox(root, python=sys.executable, limits=limits,
                                          read_only=[str(inputs.dir)]) as box:
            built = self._build(box, inputs)
            if built.run is not None:
                return built.run
            names = None
            if test_ids is not None:
                names = sorted(set(test_ids))
                if not names:
                    return SuiteRun(SuiteStatus.NO_TESTS, log=built.log, reason="no_tests_selected")
            done = self._execute(box, inputs, built, limits, names, coverage)
            log = built.log + "\n$ crossfile test host\n" + _host_log(done) + done.note + _excluded_note(built.excluded)
            covered, coverable = ({}, {})
            if done.coverage_xml:
                covered, coverable = parse_mono_coverage(done.coverage_xml, box.root)
            results = results_from_records(done.records.records)
            per_test: dict[str, dict[str, set[int]]] = {}
            if coverage and test_ids is None and self.per_fixture_coverage and done.trusted:
                per_test, note = self._fixture_coverage(box, inputs, built, limits, done.records.records, results)
                log += note
        run = self._result(done, results, test_ids, log, covered, coverable)
        if run.status is SuiteStatus.OK:
            run.per_test_coverage = per_test
        return run

    def _execute(self, box, inputs: _Inputs, built: _Built, limits, names: list[str] | None,
                 coverage: bool) -> _Executed:
        """One sandboxed run of the test host over ``names`` (None: every test), its verdicts read
        from the channel and, with ``coverage``, mono's coverage data read through the host boundary."""
        from crossfile_datasets.sandbox import hostfs
        from crossfile_datasets.sandbox.channel import ResultChannel

        argv = ["mono", "--debug"]
        coverage_rel = ""
        if coverage:
            # a name no earlier run of this copy could have planted anything at
            coverage_rel = f"coverage-{secrets.token_hex(8)}.xml"
            filt = inputs.dir / "covfilter"
            if not filt.exists():
                filt.write_text(f"+[{ASSEMBLY}]\n", encoding="utf-8")
            # without a filter mono 6.8's coverage profiler crashes
            argv.append(f"--profile=coverage:output={box.dir / coverage_rel},covfilter-file={filt}")
        argv += [str(built.host), "--assembly", str(built.assembly), "--outdir", str(built.assembly.parent),
                 "--timeout", str(int(limits.test_timeout * 1000))]
        if names is not None:
            argv += ["--run-list", str(inputs.write("run.txt", "\n".join(names) + "\n"))]
        channel = ResultChannel()
        try:
            res = box.run(argv, env=MONO_ENV, channel=channel)
        finally:
            records = channel.finish()
        done = _Executed(res, records)
        if coverage and done.trusted and done.exited:
            try:
                done.coverage_xml = hostfs.read_text(box.dir, coverage_rel)
            except hostfs.HostFileRefused as exc:
                done.note = f"\n# coverage data refused: {exc.key}"
        return done

    def _fixture_coverage(self, box, inputs: _Inputs, built: _Built, limits, records: list[dict],
                          results: list[TestResult]):
        """Each passing test's fixture run alone under the coverage profiler: test id -> the lines
        its *fixture* ran (mono's profiler has no per-test contexts; a fixture is the finest unit
        one run can isolate cheaply). An over-approximation of the test's own lines."""
        passing = {r.test_id for r in results if r.outcome is TestOutcome.PASSED}
        fixtures: dict[str, list[str]] = {}
        for rec in records:
            test_id, fixture = rec.get("id"), rec.get("fixture")
            if test_id in passing and isinstance(fixture, str) and fixture:
                members = fixtures.setdefault(fixture, [])
                if test_id not in members:
                    members.append(test_id)
        if len(fixtures) > self.max_fixture_runs:
            return {}, f"\n# per-fixture coverage skipped: {len(fixtures)} fixtures > {self.max_fixture_runs}"
        per_test: dict[str, dict[str, set[int]]] = {}
        failed = []
        for fixture, tests in sorted(fixtures.items()):
            done = self._execute(box, inputs, built, limits, [fixture], coverage=True)
            if not done.coverage_xml:
                failed.append(fixture)
                continue
            lines, _ = parse_mono_coverage(done.coverage_xml, box.root)
            for t in tests:
                per_test[t] = lines
        note = f"\n# per-fixture coverage: {len(fixtures)} fixture runs"
        if failed:
            note += f", {len(failed)} without coverage: {', '.join(failed[:5])}"
        return per_test, note

    @staticmethod
    def _result(done: _Executed, results: list[TestResult], test_ids, log: str, covered, coverable) -> SuiteRun:
        trusted = done.trusted
        # a time-out after the end-of-session record (a hanging exit handler) loses no verdict
        timed_out = done.sandbox.timed_out and not trusted
        status, reason, results = judge_run(results, test_ids, timed_out=timed_out, trusted=trusted,
                                            unfinished=("test_host_did_not_finish", "the test host did not finish"))
        run = SuiteRun(status, results, covered if trusted else {}, log, reason)
        run.coverable = coverable if trusted else {}
        return run


def _read(root: Path, rel: str) -> str:
    from crossfile_datasets.sandbox import hostfs

    try:
        return hostfs.read_text(root, rel, encoding="utf-8-sig")
    except hostfs.HostFileRefused:
        return ""


def _host_log(done: _Executed) -> str:
    res = done.sandbox.result
    text = (res.stdout + res.stderr)[-8000:]
    records = done.records
    state = "complete" if done.trusted else "INCOMPLETE"
    return (f"{text}\n# channel: {len(records.records)} records, {state}"
            f"{f', {records.forged} forged lines' if records.forged else ''}; exit {res.status.value} {res.returncode}")


def _excluded_note(excluded: dict[str, set[str]]) -> str:
    if not excluded:
        return ""
    lines = [f"{f}: needs {', '.join(sorted(ns))}" for f, ns in sorted(excluded.items())]
    return "\n# test files left out (namespace unavailable):\n" + "\n".join(lines)


RUNNER = CSharpRunner()
