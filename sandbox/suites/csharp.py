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
stdout is only a log. A whole-suite run whose process ends inside a fixture (a mono abort, a
crash, ``Environment.Exit``) loses that fixture, not the suite: the host announces each fixture
before its set-up, and the suite runs again in a fresh process with the fixtures that ended
earlier ones left out (``--exclude-list``), until a run completes (at most
``CLASS_MAX_CRASHED_TESTS`` fixtures, ``CLASS_SUITE_TIMEOUT`` in all); only that complete run's
records count, the left-out fixtures' tests are errors and the fixtures are listed in
``SuiteRun.adjustments["crashed_fixtures"]``. Everything the host hands to a run (the host itself, the coverage filter,
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
import time
from dataclasses import dataclass, field
from pathlib import Path
from xml.parsers import expat

from crossfile_datasets.analyzers.run import RunStatus, run
from crossfile_datasets.core import constants as C
from crossfile_datasets.core import xmlsafe
from crossfile_datasets.core.reasons import Stage
from crossfile_datasets.core.repofiles import Refused, walk
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
# without project files, a folder of auxiliary programs (benchmarks, samples, examples, demos: each
# often its own program with a Main, built one at a time by a Makefile) is not library code: its
# files are left out of the assembly (CSharpLayout.auxiliary), never compiled with the library
_AUX_FOLDER = re.compile(r"(^|[._-])(benchmarks?|bench|perf|examples?|samples?|demos?)($|[._-])", re.IGNORECASE)
# the test frameworks the runner runs (NUnit 2.6 itself; NUnit 3/4 and xUnit 2 through the
# compatibility sources of csharp_host/), found by a file's using directives (^[^\S\n]*, not ^\s*:
# under re.M, \s* crossed line ends, quadratic on a file's blank runs: red team 3 row 4)
_FRAMEWORKS = (
    ("nunit", re.compile(r"^[^\S\n]*using\s+NUnit\.Framework\b", re.MULTILINE)),
    ("xunit", re.compile(r"^[^\S\n]*using\s+Xunit\b", re.MULTILINE)),
)
_OTHER_FRAMEWORKS = (
    ("mstest", re.compile(r"^[^\S\n]*using\s+Microsoft\.VisualStudio\.TestTools\.UnitTesting\b", re.MULTILINE)),
)
_MCS_ERROR = re.compile(r"^(?P<file>.+?)\((?P<line>\d+),\d+\+?\): error (?P<code>CS\d+): (?P<msg>.*)$", re.MULTILINE)
_USING_LINE = re.compile(r"^\s*(?:global\s+)?using\s+(?:static\s+)?(?:\w+\s*=\s*)?(?P<ns>[\w.]+)\s*;")
_EXCLUDED_NAMES = frozenset({"AssemblyInfo.cs"})
# mcs's parse errors (and "feature not in the C# 7.2 specification"): a file holding one uses
# syntax newer than the compiler's language version, not a type of a missing package
_SYNTAX_ERROR = re.compile(r"(CS1001|CS1002|CS1003|CS1026|CS1031|CS1513|CS1514|CS1519|CS1525|CS1644|CS8025)\b")
# mono's heap is not bounded by RLIMIT_AS-friendly flags; keep its GC nursery modest
# (its local time zone is TZ's, UTC: Sandbox.environment)
MONO_ENV = {"MONO_GC_PARAMS": "nursery-size=16m", "MONO_ENV_OPTIONS": ""}


def nunit_framework() -> Path | None:
    return next((p for p in NUNIT_FRAMEWORK_CANDIDATES if p.is_file()), None)


@dataclass
class TestProject:
    """A test project and the library it tests (the projects it references, transitively)."""

    name: str  # its .csproj path ("" without project files)
    tests: list[str] = field(default_factory=list)
    library: list[str] = field(default_factory=list)
    folders: list[str] = field(default_factory=list)  # the directories of it and the projects it references


@dataclass
class CSharpLayout:
    library: list[str] = field(default_factory=list)
    tests: list[str] = field(default_factory=list)
    frameworks: set[str] = field(default_factory=set)  # "nunit", "xunit": used by the test files
    references: list[str] = field(default_factory=list)  # framework assemblies the projects name (System.Web)
    other_frameworks: dict[str, list[str]] = field(default_factory=dict)  # "mstest" -> its test files
    projects: list[TestProject] = field(default_factory=list)  # per test project (one group without .csproj)
    left_out_projects: dict[str, str] = field(default_factory=dict)  # project -> why (its library does not compile)
    # project -> why: its library compiles alone, not beside the kept projects' (a second copy of the solution)
    conflicting_projects: dict[str, str] = field(default_factory=dict)
    resources: list = field(default_factory=list)  # lang.csharp.projects.Resource of the compiled projects
    # where the test assembly goes, relative to the repository: the first test project's
    # bin/Debug/<framework> as dotnet builds it ("" without project files: the sandbox's build folder)
    output: str = ""
    content: list[tuple[str, str]] = field(default_factory=list)  # (file, path in the output folder)
    csproj_files: list[str] = field(default_factory=list)
    auxiliary: list[str] = field(default_factory=list)  # files of auxiliary program folders, not compiled
    refused: dict[str, str] = field(default_factory=dict)  # what the walk refused (file or folder/) -> files/<reason>
    # the conditional-compilation symbols of the compiled projects' builds (``CsProject.run_defines``,
    # united); None without project files (then every <DefineConstants> of the repository)
    defines: tuple[str, ...] | None = None

    def keep(self, projects: list[TestProject]) -> None:
        """Only these test projects (and their libraries) from now on."""
        self.projects = projects
        self.tests = sorted({f for p in projects for f in p.tests})
        self.library = sorted({f for p in projects for f in p.library} - set(self.tests))


def _frameworks_of(text: str) -> set[str]:
    return {name for name, pattern in _FRAMEWORKS if pattern.search(text)}


def _is_test_file(rel: str, text: str) -> bool:
    if _frameworks_of(text):
        return True
    return any(_TEST_FOLDER.search(folder) for folder in rel.split("/")[:-1])


def _listed(root: Path, want, refused: dict[str, str], limit: int | None = None) -> list[str]:
    """The regular files under ``root`` that ``want`` accepts, in walk order, at most ``limit``:
    walked with ``core/repofiles.walk`` (by descriptor, depth-capped at ``MAX_DIR_DEPTH``, no
    link followed; ``os.walk`` recursed in Python: a tree 1,100 folders deep stopped the class
    evaluation, red team 3 row 9). What it refuses goes to ``refused`` (``files/<reason>``)."""
    def tell(r: Refused) -> None:
        if r.reason != "vendored_dir":  # skipped as the former os.walk filter did, not a refusal
            refused[r.rel + ("/" if r.folder else "")] = f"files/{r.reason}"

    out = []
    for f in walk(root, want, tell):
        out.append(f.rel)
        if limit is not None and len(out) >= limit:
            break
    return out


def _sources(root: Path, refused: dict[str, str] | None = None) -> list[str]:
    def want(rel: str) -> bool:
        name = rel.rsplit("/", 1)[-1]
        return name.endswith(".cs") and name not in _EXCLUDED_NAMES and not name.endswith(".AssemblyInfo.cs")

    return _listed(root, want, {} if refused is None else refused)


def csharp_layout(root: Path) -> CSharpLayout:
    """The test files (NUnit or xUnit) and the library they test.

    With project files: a test project is one holding a file that uses a test framework; its
    library is every file of the projects it references, transitively, that are not test
    projects themselves; projects no test project references (samples, demos, benchmarks that
    reference the tests) are not compiled. Without project files: a file is a test file when it
    uses a test framework or sits in a test folder, a file in a folder of auxiliary programs
    (benchmarks, samples, examples, demos: :data:`_AUX_FOLDER`) is left out (``auxiliary``), and
    every other file is library."""
    from crossfile_datasets.lang.csharp.projects import (
        compilation_units,
        project_closure,
        project_files,
        output_files,
        project_resources,
        shared_project_files,
    )

    root = Path(root)
    refused: dict[str, str] = {}
    sources = _sources(root, refused)
    texts = {rel: _read(root, rel) for rel in sources}
    uses = {rel: _frameworks_of(texts[rel]) for rel in sources}
    layout = CSharpLayout(refused=refused)
    for name, pattern in _OTHER_FRAMEWORKS:
        hits = [rel for rel in sources if pattern.search(texts[rel]) and not uses[rel]]
        if hits:
            layout.other_frameworks[name] = hits
    other = {f for files in layout.other_frameworks.values() for f in files}
    _, projects = compilation_units(root, sources)
    layout.csproj_files = [p.path for p in projects]
    files_of = {p.path: [f for f in sorted({*project_files(p, projects, sources), *shared_project_files(root, p, sources, layout.refused)})
                         if f not in other] for p in projects}
    test_projects = [p for p in projects if any(uses[f] for f in files_of[p.path])]
    if test_projects:
        by_path = {p.path: p for p in projects}
        tested = {p.path for p in test_projects}
        for tp in test_projects:
            closure = project_closure(by_path, tp.path)
            library = sorted({f for ref in closure if ref not in tested for f in files_of[ref]})
            layout.projects.append(TestProject(tp.path, sorted(files_of[tp.path]), library,
                                               sorted({by_path[r].directory for r in closure} | {tp.directory})))
        members = tested | {r for p in test_projects for r in project_closure(by_path, p.path)}
        layout.defines = _project_defines(root, [p for p in projects if p.path in members])
        layout.references = sorted({ref for p in projects if p.path in members for ref in p.framework_references})
        others = _other_files(root, refused=layout.refused)
        used = sorted({m for text in texts.values() for m in _RESOURCE_MANAGER.findall(text)})
        layout.resources = [r for p in projects if p.path in members for r in project_resources(p, others, used)]
        first = test_projects[0]
        tail = f"bin/Debug/{_folder_name(first.target_framework)}" if first.sdk_style and first.target_framework \
            else "bin/Debug"
        layout.output = f"{first.directory}/{tail}" if first.directory else tail
        seen: set[str] = set()
        for p in projects:
            if p.path in members:
                for src, dest in output_files(p, others):
                    if dest not in seen:
                        seen.add(dest)
                        layout.content.append((src, dest))
    else:
        group = TestProject("")
        for rel in sources:
            if rel in other:
                continue
            if _is_test_file(rel, texts[rel]):
                group.tests.append(rel)
            elif any(_AUX_FOLDER.search(folder) for folder in rel.split("/")[:-1]):
                layout.auxiliary.append(rel)
            else:
                group.library.append(rel)
        if group.tests:
            layout.projects.append(group)
    layout.keep(layout.projects)
    layout.frameworks = {fw for f in layout.tests for fw in uses[f]}
    return layout


def _project_defines(root: Path, projects: list) -> tuple[str, ...]:
    """The symbols mcs compiles the suite with: each compiled project's own build
    (``lang.csharp.projects.mono_target``: its ``<DefineConstants>`` whose conditions hold there,
    its target's implicit symbols), united, as the projects' builds would see them; a project
    whose file could not be read adds every ``<DefineConstants>`` of the repository. 2c4266e
    took every ``<DefineConstants>`` under any condition: NGettext's ``NETSTANDARD1_0``, defined
    for its portable targets only, compiled out the file constructors its tests call."""
    from crossfile_datasets.lang.csharp.projects import repository_defines
    from crossfile_datasets.lang.csharp.syntax import COMPILE_DEFINES

    found = list(COMPILE_DEFINES)
    for project in projects:
        found.extend(project.run_defines if project.run_defines is not None else repository_defines(root))
    return tuple(dict.fromkeys(found))


def _folder_name(text: str) -> str:
    return re.sub(r"[^0-9A-Za-z_.+-]", "_", text) or "net"


_RESOURCE_MANAGER = re.compile(r'ResourceManager\(\s*"([\w.]+)"')


def _other_files(root: Path, limit: int = 20000, refused: dict[str, str] | None = None) -> list[str]:
    """The repository's files that are not C# sources (resources, data), relative, in walk order."""
    return _listed(root, lambda rel: not rel.endswith(".cs"), {} if refused is None else refused, limit)


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


_BLOCK_BODIES: dict[str, str] = {}  # text digest -> the text with block bodies (the gates compile the same files again and again)


def with_block_bodies(text: str, rel: str = "") -> str:
    """A library file as compiled here: its expression-bodied members as block bodies on the same
    lines (``lang.csharp.syntax.expression_bodies_to_blocks``: mcs writes no line information for
    an expression body, so mono's coverage never saw one run). ``text`` itself (the same object)
    when nothing changes, or when the file does not parse within the budget or without error."""
    import hashlib

    from crossfile_datasets.lang import Lang, get_language
    from crossfile_datasets.lang.csharp.syntax import active_code, expression_bodies_to_blocks

    if "=>" not in text:
        return text
    key = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
    if key not in _BLOCK_BODIES:
        # the code mcs compiles (inactive #if branches blanked, byte offsets kept), so a branch
        # that splits a member does not read as an error
        tree, timed_out = get_language(Lang.CSHARP).parse_source(active_code(text), rel)
        if len(_BLOCK_BODIES) > 4096:
            _BLOCK_BODIES.clear()
        _BLOCK_BODIES[key] = text if timed_out else expression_bodies_to_blocks(text, tree)
    done = _BLOCK_BODIES[key]
    return text if done == text else done


def library_failure(first_output: str, last_output: str, lost: list["LeftOut"]) -> str:
    """Why the library did not compile: the first round's first error (what started it), then,
    when files were left out after it, the last round's. Held-out 21's NStack: ustring.cs's C# 10
    deconstruction (CS1525) left ustring.cs out, then every file using ``ustring`` failed, and the
    reason named only the last of those (RuneExtensions.cs's CS0246). Pure."""
    first = first_error(first_output)
    files = [lo.file for lo in lost if lo.kind == "library_file"]
    if first_output is last_output or not files:
        return first
    last = first_error(last_output)
    return (f"{first}; then {len(files)} files left out ({', '.join(f.rsplit('/', 1)[-1] for f in files[:5])}"
            f"{', ...' if len(files) > 5 else ''}) and still: {last}")[:600]


# ------------------------------------------------------------------------- result parsing --
def parse_mono_coverage(xml_text: str, root: Path | str, refused: list[tuple[str, str]] | None = None,
                        max_entries: int = C.COVERAGE_MAX_LINE_ENTRIES
                        ) -> tuple[dict[str, set[int]], dict[str, set[int]]]:
    """mono's coverage profiler XML -> ({relative file: lines that ran}, {relative file: lines
    with a statement}); files outside ``root`` (the framework, mono's own) are left out.

    The file is the run's (a test can replace it, red team 2026-11-29f row 1), so it is read
    as a stream of elements, no tree kept: a document type declaration (internal entities
    expand on the host: 2 MB of file, +245 MB) is refused before anything of it is read
    (``host_files/xml_doctype``, :mod:`core.xmlsafe`), and more than ``max_entries`` (file, line)
    entries refuse the whole file (``host_files/coverage_too_many_lines``, as Python's coverage
    data); each refusal is appended to ``refused`` as (reason key, detail) and gives no coverage.
    A document expat cannot read gives none either. A statement counts for the innermost
    ``method`` holding it."""
    base = str(Path(root).resolve()).rstrip("/") + "/"
    covered: dict[str, set[int]] = {}
    coverable: dict[str, set[int]] = {}
    methods: list[str | None] = []  # the files of the methods open around the parser's position
    entries = [0]

    def start(tag: str, attrs: dict[str, str]) -> None:
        if tag == "method":
            filename = attrs.get("filename") or ""
            methods.append(filename[len(base):] if filename.startswith(base) else None)
        elif tag == "statement" and methods and methods[-1] is not None:
            try:
                line, counter = int(attrs.get("line") or 0), int(attrs.get("counter") or 0)
            except ValueError:
                return
            if line <= 0:
                return
            rel = methods[-1]
            lines = coverable.setdefault(rel, set())
            if line not in lines:
                entries[0] += 1
                if entries[0] > max_entries:
                    raise _TooManyLines()
                lines.add(line)
            if counter > 0:
                covered.setdefault(rel, set()).add(line)

    def end(tag: str) -> None:
        if tag == "method" and methods:
            methods.pop()

    parser = xmlsafe.expat_parser()
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    try:
        for at in range(0, len(xml_text), 1 << 16):
            parser.Parse(xml_text[at:at + (1 << 16)], False)
        parser.Parse("", True)
    except xmlsafe.XmlDoctypeRefused:
        if refused is not None:
            refused.append((xmlsafe.XML_DOCTYPE_KEY, "coverage data: a document type declaration"))
        return {}, {}
    except _TooManyLines:
        if refused is not None:
            refused.append((f"{Stage.HOST_FILES.value}/coverage_too_many_lines",
                            f"coverage data: more than {max_entries} (file, line) entries"))
        return {}, {}
    except (expat.ExpatError, ValueError):
        return {}, {}
    return covered, coverable


class _TooManyLines(Exception):
    pass


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
        res = run(["mcs", "-target:exe", "-debug-", "-warn:0", "-r:System.Xml.dll", *(f"-r:{r}" for r in refs), f"-out:{partial}",
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
        self.dir.chmod(0o755)  # mkdtemp's 0700 would hide them from a run with a uid of its own
        self._n = 0
        self._defines: dict[str, tuple[str, ...]] = {}

    def defines(self, root: Path) -> tuple[str, ...]:
        """The copy's conditional-compilation symbols: those of the compiled projects' builds
        (:meth:`use_layout`, ``CSharpLayout.defines``), else DEBUG, TRACE and every
        ``<DefineConstants>`` of the repository (``lang.csharp.projects.repository_defines``),
        read once per copy: mcs compiles and the leave-out rounds parse with the same ones."""
        from crossfile_datasets.lang.csharp.projects import repository_defines

        key = str(root)
        if key not in self._defines:
            self._defines[key] = repository_defines(Path(root))
        return self._defines[key]

    def use_layout(self, root: Path, layout: "CSharpLayout") -> None:
        if layout.defines is not None:
            self._defines[str(root)] = layout.defines

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


# NuGet packages Debian ships as CLI libraries (installed by scripts/setup.sh): referenced by
# every compilation when present, so code using them compiles (against Debian's version)
DEBIAN_ASSEMBLIES = (
    "/usr/lib/cli/Newtonsoft.Json-5.0/Newtonsoft.Json.dll",  # libnewtonsoft-json5.0-cil
)


def _optional_references(named: list[str] = ()) -> list[str]:
    """mcs references: the framework assemblies every compilation gets (analyzers/mcs.py), those
    the projects name (``<Reference Include="System.Web" />``) that mono has, and the NuGet
    packages Debian ships (:data:`DEBIAN_ASSEMBLIES`)."""
    from crossfile_datasets.analyzers.mcs import OPTIONAL_REFERENCES, mono_lib_dir

    lib = mono_lib_dir()
    if lib is None:
        return []
    wanted = list(dict.fromkeys([*OPTIONAL_REFERENCES, *(f"{n}.dll" for n in named)]))
    return [f"-r:{ref}" for ref in wanted if (lib / ref).is_file() or (lib / "Facades" / ref).is_file()] \
        + [f"-r:{path}" for path in DEBIAN_ASSEMBLIES if Path(path).is_file()]


# Files that can never compile here -- a ``using`` of a namespace no installed assembly has
# (SimMetrics.Net's ``using NFluent;``, ``using JetBrains.Annotations;``) -- keyed by (part,
# relative path, sha256 of the text) -> what was left out. A later build in this process (the
# gates' stub and mutant runs, one per wrong class, on copies holding the same files) leaves them
# out before its first mcs run instead of after a failing one: on SimMetrics.Net a placed run made
# two library and two suite compilations, 8.3 of its 13.2 s (bench/class_gate_cost.py csharp).
_NEVER_COMPILE: dict[tuple[str, str, str], "LeftOut"] = {}
_NEVER_COMPILE_LOCK = threading.Lock()
_NEVER_COMPILE_MAX = 4096


def _text_key(part: str, rel: str, text: str) -> tuple[str, str, str]:
    return part, rel, hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _remember_never_compiles(key: tuple[str, str, str], left: "LeftOut") -> None:
    with _NEVER_COMPILE_LOCK:
        if len(_NEVER_COMPILE) < _NEVER_COMPILE_MAX:
            _NEVER_COMPILE[key] = left


def _never_compiles(key: tuple[str, str, str]) -> "LeftOut | None":
    with _NEVER_COMPILE_LOCK:
        return _NEVER_COMPILE.get(key)


@dataclass(frozen=True)
class LeftOut:
    """Part of the test sources that does not compile here, left out so the rest can run."""

    file: str  # repository-relative test file
    kind: str  # "file", "type" (a class with its members), "member" (a method or property), "library_file", "library_member" (a body made throwing)
    name: str  # the file, Namespace.Type or Namespace.Type.Member
    tests: tuple[str, ...]  # the test methods it held (static ids)
    symbol: str  # what mcs could not find or compile ("Moq", "Assert.Multiple", "CS1525: ...")


@dataclass
class _Built:
    run: SuiteRun | None
    assembly: Path | None = None
    log: str = ""
    left_out: list[LeftOut] = field(default_factory=list)
    layout: CSharpLayout | None = None
    host: Path | None = None  # the test host, in the inputs folder
    compat: list[str] = field(default_factory=list)  # compatibility sources compiled in (file names)
    compilations: int = 0
    resource_args: list[str] = field(default_factory=list)  # mcs -resource: arguments
    left_out_resources: list[str] = field(default_factory=list)  # "file: why" (a comma mcs cannot take)
    outdir: Path | None = None  # where the test assembly goes (its AppDomain's base folder)
    refused: list[str] = field(default_factory=list)  # "host_files/<reason>: path" the host boundary refused
    # library files compiled from a copy in the inputs folder (a body mcs cannot compile made throwing)
    library_copies: dict[str, Path] = field(default_factory=dict)
    library_copy_texts: dict[str, str] = field(default_factory=dict)  # their texts (without the #line)
    # a coverage run: expression bodies compiled as blocks (with_block_bodies); the files that were,
    # with their text without it (what a run without coverage, and a reused plan, compiles)
    block_bodies: bool = False
    unblocked: dict[str, tuple[str, str]] = field(default_factory=dict)
    # the layout's files before the build left anything out (library, tests)
    found: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    # what the test assembly was compiled from, once it compiled: the test files, the spans blanked
    # out of them, the compatibility sources (CSharpRunner.run's reuse_build replays it)
    plan: tuple[tuple[str, ...], dict[str, tuple[tuple[int, int], ...]], tuple[str, ...]] | None = None

    def library_source(self, root: Path, rel: str) -> str:
        return str(self.library_copies.get(rel) or root / rel)


@dataclass
class _Executed:
    """One run of the test host: the sandbox run, what the channel carried, the coverage data."""
    sandbox: object  # SandboxRun
    records: object  # sandbox.channel.ChannelRecords
    coverage_xml: str = ""
    note: str = ""  # why coverage is missing, when it is
    refused: list = field(default_factory=list)  # (reason key, detail): coverage data the host refused

    @property
    def trusted(self) -> bool:
        """The host wrote its end-of-session record, every line on the channel was its own and
        none was dropped past the channel's caps (red team 2026-11-29 row 3)."""
        return self.records.complete and self.records.forged == 0 and self.records.overflow == 0

    @property
    def exited(self) -> bool:
        res = self.sandbox.result
        return res.status is RunStatus.EXITED and res.returncode == 0


COMPAT_SOURCES = {"nunit": "NUnit3Compat.cs", "xunit": "XunitCompat.cs"}
ASSEMBLY_INFO = "CrossfileAssemblyInfo.cs"
_QUOTED = re.compile(r"`([^']*)'")
_VERSION_TAGS = re.compile(r"<(Version|VersionPrefix|AssemblyVersion|FileVersion)>\s*([0-9][0-9A-Za-z.\-]*)\s*</")
_ASSEMBLY_ATTRIBUTE = re.compile(r"\[\s*assembly\s*:\s*(?:System\.Reflection\.)?(Assembly\w+?)(?:Attribute)?\s*\(")
_INFO_ATTRIBUTES = ("AssemblyVersion", "AssemblyFileVersion", "AssemblyInformationalVersion", "AssemblyTitle",
                    "AssemblyProduct", "AssemblyCompany", "AssemblyConfiguration")


_VERSION_ATTRIBUTE = re.compile(r'AssemblyVersion(?:Attribute)?\s*\(\s*"([0-9.]+)"')


def _numeric_version(version: str) -> str:
    return ".".join((re.findall(r"\d+", version) + ["0", "0", "0", "0"])[:4])


def suite_version(layout: CSharpLayout, read) -> str:
    """The test assembly's version (a.b.c.d): a compiled file's ``[assembly: AssemblyVersion]``,
    else the first version a library project's file gives (``<Version>``...), else 1.0.0.0.
    ``read(relative path) -> text``."""
    for f in [*layout.library, *layout.tests]:
        m = _VERSION_ATTRIBUTE.search(read(f))
        if m:
            return _numeric_version(m.group(1))
    return _numeric_version(_project_version(layout, read))


def _project_version(layout: CSharpLayout, read) -> str:
    for project in layout.projects:
        for folder in sorted({str(Path(f).parent) for f in project.library}):
            for csproj in sorted(c for c in layout.csproj_files if str(Path(c).parent) == folder):
                m = _VERSION_TAGS.search(read(csproj))
                if m:
                    return m.group(2)
    return "1.0.0"


def assembly_info(version: str, name: str, present: set[str]) -> str:
    """The assembly attributes MSBuild writes into every SDK-style build (and old-style projects
    keep in the AssemblyInfo.cs files the runner leaves out): code reading its own version
    (``GetCustomAttribute<AssemblyFileVersionAttribute>()``) finds them. Those in ``present``
    (written by a compiled file) are left out. Pure."""
    numeric = _numeric_version(version)
    values = {"AssemblyVersion": numeric, "AssemblyFileVersion": numeric, "AssemblyInformationalVersion": version,
              "AssemblyTitle": name, "AssemblyProduct": name, "AssemblyCompany": name, "AssemblyConfiguration": "Debug"}
    lines = [f'[assembly: System.Reflection.{attr}Attribute("{values[attr]}")]'
             for attr in _INFO_ATTRIBUTES if attr not in present]
    return "// written by crossfile-datasets' C# runner\n" + "\n".join(lines) + "\n"


def _not_implemented(code: str, message: str) -> bool:
    """mcs failing on a construct it does not implement (CS0589 "Internal compiler error during
    parsing ... NotImplementedException: type pattern matching"): valid C#, not the code's error."""
    return code == "CS0589" and "NotImplementedException" in message


def missing_symbol(code: str, message: str) -> str:
    """What an mcs error says is missing: ``Moq`` (CS0246), ``Assert.Multiple`` (CS0117, CS1061),
    ``Newtonsoft.Json`` (CS0234), else the code and the start of the message. Pure."""
    quoted = _QUOTED.findall(message)
    if code in ("CS0246", "CS0103", "CS0012", "CS0518", "CS0305", "CS0308") and quoted:
        return quoted[0]
    if code == "CS0234" and len(quoted) >= 2:
        return f"{quoted[1]}.{quoted[0]}"
    if code in ("CS0117", "CS1061") and len(quoted) >= 2:
        return f"{quoted[0]}.{quoted[1]}"
    return f"{code}: {message[:80]}"


class _TestCompilation:
    """Library + compatibility sources + test files into one assembly, leaving out what does not
    compile here (issue 29: lose a file, not the repository).

    Each round compiles once; every error in a test file leaves out the innermost declaration
    holding it (``lang.csharp.classes.Removables``: a test or helper method, else its whole
    class, else the file), blanked out in a copy of the file in the harness's inputs folder (a
    ``#line`` directive keeps mcs's positions those of the original file); the next round
    compiles the rest. Errors that no test file holds (a clash between test files and the
    library) are resolved by bisecting the test files: halves compiled with the library until
    the files that fail alone are found. Errors in a compatibility source drop that source. At
    most ``runner.max_compilations`` compilations."""

    def __init__(self, runner, box, inputs, built: _Built, framework: Path) -> None:
        self.runner, self.box, self.inputs, self.built, self.framework = runner, box, inputs, built, framework
        self.layout = built.layout
        self.tests = list(self.layout.tests)
        self.texts: dict[str, str] = {}
        self.blanks: dict[str, list[tuple[int, int]]] = {}
        self.compat = [name for name in ("nunit", "xunit") if name in self.layout.frameworks] + ["info"]
        self.assembly = built.outdir / f"{ASSEMBLY}.dll"
        # the whole build's wall clock: a round of leaving out is host work no sandbox limit bounds
        self.deadline = time.monotonic() + runner.build_seconds

    # -- sources --
    def text(self, rel: str) -> str:
        if rel not in self.texts:
            self.texts[rel] = _read(self.box.root, rel)
        return self.texts[rel]

    def source(self, rel: str) -> str:
        from crossfile_datasets.lang.csharp.syntax import blank_out, file_scoped_to_block

        spans = self.blanks.get(rel)
        text = self.text(rel)
        # C# 10's file-scoped `namespace X;` compiled as a block (held-out 20: ByteDev.Encoding's
        # 15 test files were all left out on CS1525 and the suite was "test_framework_unavailable")
        block = file_scoped_to_block(text)
        if not spans and block is text:
            return str(self.box.root / rel)
        text = block
        for start, end in spans or ():
            text = blank_out(text, start, end)
        original = str(self.box.root / rel).replace("\\", "\\\\").replace('"', '\\"')
        return str(self.inputs.write(Path(rel).name, f'#line 1 "{original}"\n' + text))

    def compat_sources(self) -> list[str]:
        out = []
        for name in self.compat:
            target = self.inputs.dir / (ASSEMBLY_INFO if name == "info" else COMPAT_SOURCES[name])
            if not target.exists():
                if name == "info":
                    target.write_text(self.assembly_info(), encoding="utf-8")
                else:
                    shutil.copyfile(HOST_SOURCE.with_name(COMPAT_SOURCES[name]), target)
            out.append(str(target))
        return out

    def assembly_info(self) -> str:
        """``assembly_info`` for the library's first project (its version, else 1.0.0)."""
        name = next((Path(p.name).stem.removesuffix(".Tests").removesuffix(".Test") for p in self.layout.projects
                     if p.name), ASSEMBLY)
        present = {m.group(1) for f in [*self.layout.library, *self.layout.tests]
                   for m in _ASSEMBLY_ATTRIBUTE.finditer(self.text(f))}
        return assembly_info(_project_version(self.layout, lambda f: _read(self.box.root, f)), name, present)

    def references(self) -> list[str]:
        if "nunit" in self.compat:  # NUnit3Compat.cs reaches 2.6's own classes through the alias
            return [f"-r:nunit26={self.framework}", f"-r:{self.framework}"]
        return [f"-r:{self.framework}"]

    def compile(self, tests: list[str], stem: str):
        self.built.compilations += 1
        sources = [self.built.library_source(self.box.root, f) for f in self.layout.library] + self.compat_sources() \
            + [self.source(t) for t in tests]
        return self.runner._mcs_files(self.box, self.inputs, self.assembly, sources,
                                      [*self.references(), *self.built.resource_args], stem, self.layout.references)

    # -- leaving out --
    def leave_out_file(self, rel: str, symbol: str) -> None:
        from crossfile_datasets.lang.csharp.classes import nunit_test_methods

        tests = tuple(sorted(nunit_test_methods(self.facts(rel))))
        self.built.left_out.append(LeftOut(rel, "file", rel, tests, symbol))
        self.tests.remove(rel)

    def facts(self, rel: str):
        from crossfile_datasets.core.records import FileFacts, SourceFile
        from crossfile_datasets.lang import get_language
        from crossfile_datasets.lang.csharp.syntax import active_code, blank_out

        text = self.text(rel)
        for start, end in self.blanks.get(rel, ()):
            text = blank_out(text, start, end)
        # parsed as mcs compiles it (the copy's symbols; active_code keeps every byte offset), as
        # discover() parses it: a test class under `#if TASKS` is one mcs sees, and the tests it
        # holds are counted when it is left out (stateless 4.4: 25 lost without a count)
        tree, timed_out = get_language(Lang.CSHARP).parse_source(active_code(text, self.inputs.defines(self.box.root)), rel)
        return FileFacts(SourceFile(rel, text), tree, has_syntax_error=timed_out, parse_timeout=timed_out)

    def leave_out(self, rel: str, errors: list) -> None:
        """Leave out what holds each error of ``rel`` (a declaration, or the whole file)."""
        from crossfile_datasets.core.text import utf16_col_to_char_col
        from crossfile_datasets.lang.csharp.classes import Removables

        ff = self.facts(rel)
        removables = Removables(ff)  # the file's types and tests read once, not per error
        lines = removables.lines
        done: set[tuple[int, int]] = set()
        for msg in errors:
            if time.monotonic() > self.deadline:
                raise _OutOfTime(f"leaving out the declarations of {len(errors)} errors of {rel}")
            symbol = missing_symbol(msg.code, msg.message)
            column = 0
            if not msg.clamped and 0 < msg.line <= len(lines):
                column = utf16_col_to_char_col(lines[msg.line - 1], max(0, msg.column - 1))
            found = removables.at(msg.line, column)
            if found is None:
                self.leave_out_file(rel, symbol)
                if msg.code in ("CS0246", "CS0234") and rel not in self.blanks:
                    # outside every type: a `using` of a namespace not installed here
                    _remember_never_compiles(_text_key("tests", rel, self.text(rel)), self.built.left_out[-1])
                return
            span = (found.start, found.end)
            if any(s <= span[0] and span[1] <= e for s, e in done):
                continue
            done = {(s, e) for s, e in done if not (span[0] <= s and e <= span[1])} | {span}
            self.built.left_out.append(LeftOut(rel, found.kind, found.name, found.tests, symbol))
        self.blanks.setdefault(rel, []).extend(sorted(done))

    def bisect(self, tests: list[str], budget: list[int]) -> list[str]:
        """The test files that compile with the library when compiled in halves; a file that
        fails alone is left out (with mcs's first error)."""
        if not tests or budget[0] <= 0:
            return []
        budget[0] -= 1
        res = self.compile(tests, "bisect")
        if res.result.ok:
            return tests
        if len(tests) == 1:
            self.leave_out_file(tests[0], "does not compile with the library: " + first_error(res.result.stdout + res.result.stderr))
            return []
        half = len(tests) // 2
        return self.bisect(tests[:half], budget) + self.bisect(tests[half:], budget)

    def run(self) -> None:
        try:
            self._rounds()
        except _OutOfTime as exc:
            self.built.run = SuiteRun(SuiteStatus.TIMEOUT, log=self.built.log + f"\n# {exc}: past the build's "
                                      f"{self.runner.build_seconds:.0f} s", reason="compile_timeout")

    def _rounds(self) -> None:
        from crossfile_datasets.analyzers.mcs import parse_mcs_output

        built, root = self.built, str(self.box.root) + "/"
        for rel in list(self.tests):  # known never to compile here: left out before the first run
            known = _never_compiles(_text_key("tests", rel, self.text(rel)))
            if known is not None:
                built.left_out.append(known)
                self.tests.remove(rel)
        while self.tests and built.compilations < self.runner.max_compilations:
            if time.monotonic() > self.deadline:
                raise _OutOfTime(f"{built.compilations} compilations")
            res = self.compile(self.tests, "suite")
            output = res.result.stdout + res.result.stderr
            built.log += "\n$ mcs (library + tests)\n" + output[-4000:]
            if res.timed_out:
                built.run = SuiteRun(SuiteStatus.TIMEOUT, log=built.log, reason="compile_timeout")
                return
            if res.result.ok:
                built.assembly = self.assembly
                built.compat = [COMPAT_SOURCES[c] for c in self.compat if c in COMPAT_SOURCES]
                built.plan = (tuple(self.tests), {rel: tuple(spans) for rel, spans in self.blanks.items()},
                              tuple(self.compat))
                return
            errors = [m for m in parse_mcs_output(output).messages if m.severity == "error"]
            in_tests: dict[str, list] = {}
            in_compat = set()
            for m in errors:
                rel = m.file[len(root):] if m.file.startswith(root) else None
                if rel in self.tests:
                    in_tests.setdefault(rel, []).append(m)
                for name, source in [*COMPAT_SOURCES.items(), ("info", ASSEMBLY_INFO)]:
                    if m.file == str(self.inputs.dir / source):
                        in_compat.add(name)
            if in_tests:
                for rel, errs in sorted(in_tests.items()):
                    self.leave_out(rel, errs)
            elif in_compat:
                self.compat = [c for c in self.compat if c not in in_compat]
                built.log += f"\n# compatibility sources dropped: {', '.join(sorted(in_compat))}"
            else:
                budget = [max(1, self.runner.max_compilations - built.compilations)]
                self.tests = self.bisect(list(self.tests), budget)
                if budget[0] <= 0 and self.tests:
                    break
        if self.tests:
            built.run = SuiteRun(SuiteStatus.COMPILE_FAILED, log=built.log,
                                 reason=f"compile_failed: still failing after {built.compilations} compilations")
            return
        names = sorted({lo.symbol for lo in built.left_out})
        files = [lo for lo in built.left_out if lo.kind == "file"]
        if files and all(_SYNTAX_ERROR.match(lo.symbol) for lo in files):
            # every test file left out on syntax mcs does not read (C# 8+ beyond what the copy
            # rewrites): the compiler's language version, not a missing test framework
            built.run = SuiteRun(SuiteStatus.COMPILE_FAILED, log=built.log + _left_out_note(built),
                                 reason=f"csharp_language_version: every test file holds syntax newer than mcs's "
                                        f"C# {LANG_VERSION}: " + ", ".join(names)[:300])
            return
        built.run = SuiteRun(SuiteStatus.FRAMEWORK_UNAVAILABLE, log=built.log + _left_out_note(built),
                             reason="test_framework_unavailable: " + ", ".join(names)[:300])


class _OutOfTime(Exception):
    """A build of the test assembly ran past ``CSharpRunner.build_seconds``."""


class CSharpRunner:
    """mcs + our NUnit 2.6 test host (see the module docstring)."""

    language = Lang.CSHARP
    framework = "nunit"  # the task records' test_framework (xUnit suites run through our NUnit layer)
    # run() compiles what it can (leaving out what does not compile here) before testing: the
    # evaluation takes its build as the compile run instead of compiling twice
    compiles_in_run = True
    max_compilations = 24  # per build of the test assembly (rounds of leaving out, bisection)
    build_seconds = C.CSHARP_BUILD_SECONDS  # wall clock of one build of the test assembly, host work included
    max_library_rounds = 6  # library compilations, each leaving out the files holding errors
    max_library_loss = 0.25  # share of the library's files that may be left out before it counts as failed
    max_library_bodies = 12  # library method bodies made throwing for a construct mcs does not implement
    max_content_files = 2000  # files copied beside the test assembly (CopyToOutputDirectory)
    output_copy_max_bytes = C.CSHARP_OUTPUT_COPY_MAX_BYTES  # written for them in all (the rest hard links)
    # with coverage on a whole-suite run, rerun each fixture alone for SuiteRun.per_test_coverage
    per_fixture_coverage = True
    max_fixture_runs = 200
    max_plans = 4  # original trees whose build plan is kept for run(reuse_build=True)

    def __init__(self) -> None:
        self._plans: dict[str, _Plan] = {}  # plan key (the tree's library and test files) -> plan

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

    def _mcs(self, box, inputs: _Inputs, out: Path, sources: list[str], references: list[str], stem: str,
             framework: list[str] = ()):
        return self._mcs_files(box, inputs, out, [str(box.root / s) for s in sources], references, stem, framework)

    def _mcs_files(self, box, inputs: _Inputs, out: Path, sources: list[str], references: list[str], stem: str,
                   framework: list[str] = ()):
        """One mcs run in the sandbox; ``framework``: framework assemblies the projects name."""
        rsp = inputs.write(f"{stem}.rsp", "\n".join(f'"{s}"' for s in sources) + "\n")
        # the symbols the parser and discover() see: 8abb920 defined only DEBUG;TRACE, so a
        # suite's `#if TASKS` half (stateless' async tests) was declared but never compiled
        argv = ["mcs", f"-langversion:{LANG_VERSION}", "-target:library", "-debug", "-warn:0", "-unsafe",
                f"-define:{';'.join(inputs.defines(box.root))}", f"-out:{out}", *_optional_references(framework),
                *references, f"@{rsp}"]
        return box.run(argv)

    def _build(self, box, inputs: _Inputs, block_bodies: bool = False) -> _Built:
        layout = csharp_layout(box.root)
        inputs.use_layout(box.root, layout)
        built = _Built(None, layout=layout, found=(tuple(layout.library), tuple(layout.tests)))
        built.block_bodies = block_bodies
        framework = self._prepare(box, inputs, built)
        if built.run is not None or framework is None:
            return built
        failure = self._compile_library(box, inputs, built, layout.library)
        if failure is not None and len(layout.projects) > 1:
            # lose a test project whose library does not compile here, not the repository
            kept, tried = [], {}
            for project in layout.projects:
                key = tuple(project.library)
                if key not in tried:
                    tried[key] = self._compile_library(box, inputs, built, project.library)
                if tried[key] is None:
                    kept.append(project)
                else:
                    layout.left_out_projects[project.name] = tried[key].reason
            if kept:
                layout.keep(kept)
                failure = self._compile_library(box, inputs, built, layout.library)
                if failure is not None and len(kept) > 1:
                    failure = self._compatible_projects(box, inputs, built, kept)
            else:  # the reason of the largest test project's library, not of the union's
                failure = tried[tuple(max(layout.projects, key=lambda p: len(p.tests)).library)]
        if failure is not None:
            built.run = failure
            return built
        built.resource_args = self._resources(box, inputs, built)
        compiled = _TestCompilation(self, box, inputs, built, framework)
        compiled.run()
        return built

    def _compatible_projects(self, box, inputs: _Inputs, built: _Built, projects: list[TestProject]) -> SuiteRun | None:
        """Every test project's library compiles alone, their union does not (markdowndeep's
        ``Backup/``: an older copy of the whole solution, every class defined twice, CS0101): keep
        the largest test project (most test files, then the shallowest path) and each other one
        whose library compiles beside the kept ones'; the rest go to ``conflicting_projects`` with
        the error, their resources with them. The union's compilation, as :meth:`_build` expects."""
        layout = built.layout
        order = sorted(projects, key=lambda p: (-len(p.tests), p.name.count("/"), p.name))
        together = [order[0]]
        for project in order[1:]:
            layout.keep([*together, project])
            failure = self._compile_library(box, inputs, built, layout.library)
            if failure is None:
                together.append(project)
            else:
                layout.conflicting_projects[project.name] = \
                    f"compiles alone, not beside {together[0].name}: {failure.reason}"[:300]
        kept_folders = {f for p in together for f in p.folders}
        gone = {f for p in projects if p not in together for f in p.folders} - kept_folders
        layout.resources = [r for r in layout.resources
                            if not any(f and r.file.startswith(f + "/") for f in gone)]
        layout.keep(together)
        built.log += f"# test projects compiled together: {', '.join(p.name for p in together)}; left out as " \
            f"conflicting: {', '.join(sorted(layout.conflicting_projects))}\n"
        return self._compile_library(box, inputs, built, layout.library)

    def _prepare(self, box, inputs: _Inputs, built: _Built) -> Path | None:
        """What every build needs before mcs: the test host in the inputs folder and the output
        folders in the copy. The NUnit framework assembly, or None with ``built.run`` saying why."""
        layout = built.layout
        if layout.refused:
            built.log += "# files and folders the repository walk refused (left out):\n" + "".join(
                f"{f}: {why}\n" for f, why in sorted(layout.refused.items()))
            # the project and items files the host refused to read (red team 2026-11-28e row 1):
            # counted with the build's other host refusals
            built.refused.extend(f"{why}: {f}" for f, why in sorted(layout.refused.items())
                                 if why.startswith("host_files/") and f"{why}: {f}" not in built.refused)
        if not layout.tests:
            if layout.other_frameworks:
                names = ", ".join(sorted(layout.other_frameworks))
                built.run = SuiteRun(SuiteStatus.FRAMEWORK_UNAVAILABLE, reason=f"test_framework_unavailable: {names}")
            else:
                built.run = SuiteRun(SuiteStatus.NO_TESTS, reason="no_nunit_tests")
            return None
        framework = nunit_framework()
        host = build_host()
        if framework is None or host is None:
            built.run = SuiteRun(SuiteStatus.FRAMEWORK_UNAVAILABLE,
                                 reason="test_framework_unavailable: nunit (apt-get install libnunit-cil-dev nunit-console)")
            return None
        built.host = inputs.dir / HOST_EXE
        shutil.copyfile(host, built.host)
        # the output folders exist, with the files the projects copy beside their assembly, before
        # anything runs (the host never writes into the sandbox folder after a sandboxed run)
        build = box.dir / "build"
        build.mkdir()
        (build / "res").mkdir()
        built.outdir = self._output_folder(box, built)
        return framework

    # -- the original tree's build, replayed for wrong classes (run's reuse_build) --
    def _keep_plan(self, box, built: _Built) -> None:
        """Remember how an original tree's test assembly was built (a whole-suite run: the
        builder's suite run, before any gate; see :meth:`run`'s ``reuse_build``): the digest of
        every library and test file, the library files compiled (copies made throwing included)
        and the plan of the test compilation. A later whole-suite run of a tree with the same
        files (another commit) replaces it."""
        if built.plan is None or built.assembly is None:
            return
        key = _plan_key(built.found)
        self._plans.pop(key, None)
        digests = {}
        for rel in (*built.found[0], *built.found[1]):
            try:
                digests[rel] = hashlib.sha256(_read_bytes(box.root, rel)).hexdigest()
            except OSError:
                return
        # a coverage run's block bodies are for its coverage only: the plan compiles the files as written
        copies = {rel: text for rel, text in built.library_copy_texts.items() if rel not in built.unblocked}
        copies.update({rel: scoped for rel, (text, scoped) in built.unblocked.items()
                       if scoped is not text and rel in built.library_copy_texts})
        self._plans[key] = _Plan(digests, tuple(built.layout.library), copies, built.plan,
                                 tuple(built.left_out), tuple(built.layout.projects), dict(built.layout.left_out_projects),
                                 dict(built.layout.conflicting_projects), list(built.layout.resources))
        while len(self._plans) > self.max_plans:
            self._plans.pop(next(iter(self._plans)))

    def _reuse(self, box, inputs: _Inputs) -> _Built | None:
        """The build of a tree that differs from an original tree this runner built only in the
        text of library files it compiled as they are: the library and the tests compiled once,
        into one assembly, from the original's plan -- the files and declarations it left out, its
        compatibility sources -- without compiling the library alone first and without rounds of
        leaving out (a failure is ``COMPILE_FAILED``). None when there is no such original (the
        caller builds everything)."""
        layout = csharp_layout(box.root)
        found = (tuple(layout.library), tuple(layout.tests))
        pre = self._plans.get(_plan_key(found))
        if pre is None:
            return None
        changed = []
        for rel in (*found[0], *found[1]):
            try:
                digest = hashlib.sha256(_read_bytes(box.root, rel)).hexdigest()
            except OSError:
                return None
            if digest != pre.digests.get(rel):
                if rel not in pre.library or rel in pre.copies:
                    return None  # a test file, or a library file the original left out or changed
                changed.append(rel)
        if len(changed) > 1:
            return None  # a wrong class is one class, in one file
        inputs.use_layout(box.root, layout)
        layout.library = list(pre.library)
        layout.projects = list(pre.projects)
        layout.left_out_projects = dict(pre.left_out_projects)
        layout.conflicting_projects = dict(pre.conflicting_projects)
        layout.resources = list(pre.resources)
        built = _Built(None, layout=layout, found=found, left_out=list(pre.left_out))
        framework = self._prepare(box, inputs, built)
        if built.run is not None or framework is None:
            return built
        for rel, text in pre.copies.items():
            built.library_copies[rel] = _library_copy(inputs, box.root, rel, text)
        built.resource_args = self._resources(box, inputs, built)
        compiled = _TestCompilation(self, box, inputs, built, framework)
        tests, blanks, compat = pre.plan
        compiled.tests, compiled.compat = list(tests), list(compat)
        compiled.blanks = {rel: list(spans) for rel, spans in blanks.items()}
        res = compiled.compile(compiled.tests, "suite")
        output = res.result.stdout + res.result.stderr
        built.log += "# the original tree's build plan, compiled once: " + (", ".join(changed) or "nothing") + \
            " changed\n$ mcs (library + tests)\n" + output[-4000:]
        if res.timed_out:
            built.run = SuiteRun(SuiteStatus.TIMEOUT, log=built.log, reason="compile_timeout")
        elif not res.result.ok:
            built.run = SuiteRun(SuiteStatus.COMPILE_FAILED, log=built.log, reason="compile_failed: " + first_error(output))
        else:
            built.assembly = compiled.assembly
            built.compat = [COMPAT_SOURCES[c] for c in compiled.compat if c in COMPAT_SOURCES]
        return built

    def _output_folder(self, box, built: _Built) -> Path:
        """Where the test assembly goes: the first test project's ``bin/Debug/<framework>`` in the
        copy, as dotnet would build it (tests reading ``../../../Data/x.txt`` from there, or files
        beside the assembly, find them), holding the files the projects copy to their output
        (``CopyToOutputDirectory``), read and written through the host boundary; the sandbox's
        build folder when the repository has no project file or the folder cannot be made."""
        from crossfile_datasets.sandbox import hostfs

        layout = built.layout
        if not layout.output:
            return box.dir / "build"
        try:
            with hostfs.open_dir(box.root, layout.output, create=True):
                pass
        except hostfs.HostFileRefused as exc:
            built.refused.append(f"{exc.key}: {layout.output}")
            return box.dir / "build"
        outdir = box.root / layout.output
        # one copy per source file, further destinations hard links of it, and at most
        # output_copy_max_bytes written in all: these writes happen on the host, before the run
        # and outside its limits (red team 2026-11-27e row 4)
        first: dict[str, str] = {}  # source -> the destination holding its copy
        written = 0
        for src, dest in layout.content[:self.max_content_files]:
            try:
                if src in first:
                    try:
                        hostfs.link_new(outdir, first[src], dest)
                        continue
                    except hostfs.HostFileRefused as exc:
                        if exc.reason is hostfs.Refusal.EXISTS:
                            raise
                left = self.output_copy_max_bytes - written
                cap = min(hostfs.DEFAULT_MAX_BYTES, left)
                try:
                    data = hostfs.read_bytes(box.root, src, max_bytes=max(cap, 0))
                except hostfs.HostFileRefused as exc:
                    if exc.reason is hostfs.Refusal.TOO_LARGE and cap < hostfs.DEFAULT_MAX_BYTES:
                        built.refused.append(f"{hostfs.HOST_FILES_STAGE}/output_copies_too_large: {src}")
                        continue
                    raise
                hostfs.write_new(outdir, dest, data)
                written += len(data)
                first.setdefault(src, dest)
            except hostfs.HostFileRefused as exc:
                built.refused.append(f"{exc.key}: {src}")
        return outdir

    def _resources(self, box, inputs: _Inputs, built: _Built) -> list[str]:
        """The projects' embedded resources as mcs arguments: ``.resx`` files converted to
        ``.resources`` by the test host in the sandbox, other files embedded as they are, and one
        satellite assembly per culture (``build/de/Suite.resources.dll``) beside the assembly."""
        from crossfile_datasets.sandbox import hostfs

        resources = built.layout.resources
        if not resources:
            return []
        # mcs splits ``-resource:FILE,NAME`` at every comma, with no escape: a file or manifest
        # name holding one ("Links, inline style.html" among markdowndeep's 214 test inputs) is
        # a usage error of the whole compilation (CS10005). Those resources are left out, named
        commas = [r for r in resources if "," in str(box.root / r.file) or "," in r.manifest]
        if commas:
            built.left_out_resources = [f"{r.file}: a comma in its path or manifest name (mcs's -resource cannot "
                                        "take it)" for r in commas]
            resources = [r for r in resources if r not in commas]
        args, lines, converted = [], [], []
        for n, res in enumerate(r for r in resources if not r.culture):
            if res.file.endswith(".resx"):
                out = f"build/res/{n:04d}.resources"
                lines.append(f"resx\t{box.root / res.file}\t{box.dir / out}")
                converted.append((out, f"{res.manifest}.resources"))
            else:
                args.append(f"-resource:{box.root / res.file},{res.manifest}")
        version = suite_version(built.layout, lambda f: _read(box.root, f))
        for culture in sorted({r.culture for r in resources if r.culture}):
            lines.append(f"satellite\t{built.outdir}\t{culture}\t{version}")
            lines += [f"entry\t{r.manifest}\t{box.root / r.file}" for r in resources if r.culture == culture]
        listing = inputs.write("resources.txt", "\n".join(lines) + "\n")
        res = box.run(["mono", str(built.host), "--resources", str(listing)], env=MONO_ENV)
        built.log += "\n$ crossfile test host --resources\n" + (res.result.stdout + res.result.stderr)[-2000:]
        for out, name in converted:
            if hostfs.is_regular_file(box.dir, out):
                args.append(f"-resource:{box.dir / out},{name}")
        return args

    def _compile_library(self, box, inputs: _Inputs, built: _Built, library: list[str]) -> SuiteRun | None:
        """The library files alone (a failure there is the library's, not the tests'): None when
        they compile, else the run that says why. A library file holding an error is left out
        (with what mcs missed) and the rest compiled again, at most ``max_library_rounds`` times
        and never more than ``max_library_loss`` of the files: a file needing a package that is
        not installed (an optional JSON source) costs that file and the tests that use it."""
        from crossfile_datasets.analyzers.mcs import parse_mcs_output
        from crossfile_datasets.lang.csharp.syntax import file_scoped_to_block
        from crossfile_datasets.lang.csharp.wrong_classes import throwing_body_at

        if not library:
            return None
        kept = list(library)
        lost: list[LeftOut] = []
        keys = {rel: _text_key("library", rel, _read(box.root, rel)) for rel in kept}
        for rel in list(kept):  # known never to compile here: left out before the first run
            known = _never_compiles(keys[rel])
            if known is not None:
                lost.append(known)
                kept.remove(rel)
        texts: dict[str, str] = {}
        # a file whose expression bodies became blocks: (its text, its text without that)
        unblocked = built.unblocked
        for rel in kept:
            # C# 10's file-scoped `namespace X;` compiled as a block (offsets and lines unchanged),
            # expression bodies as blocks (mcs writes no line information for them: coverage)
            text = _read(box.root, rel)
            scoped = file_scoped_to_block(text)
            block = with_block_bodies(scoped, rel) if built.block_bodies else scoped
            if block is not scoped:
                unblocked[rel] = (text, scoped)
            if block is not text:
                texts[rel] = block
                built.library_copy_texts[rel] = block
                built.library_copies[rel] = _library_copy(inputs, box.root, rel, block)
        rounds = bodies = 0
        first_output: str | None = None  # the first failing round's: what started the losses
        while rounds < self.max_library_rounds:
            rounds += 1
            res = self._mcs_files(box, inputs, box.dir / "build" / "Library.dll",
                                  [built.library_source(box.root, rel) for rel in kept], [], "library",
                                  built.layout.references)
            output = res.result.stdout + res.result.stderr
            built.log += "$ mcs (library)\n" + output[-4000:]
            if res.timed_out:
                return SuiteRun(SuiteStatus.TIMEOUT, log=built.log, reason="compile_timeout")
            if not res.result.ok and first_output is None:
                first_output = output
            if res.result.ok:
                if lost:
                    built.left_out.extend(lost)
                    built.layout.library = kept
                    for project in built.layout.projects:
                        project.library = [f for f in project.library if f in kept]
                return None
            root = str(box.root) + "/"
            failing: dict[str, str] = {}
            made = 0
            for m in parse_mcs_output(output).messages:
                rel = m.file[len(root):] if m.file.startswith(root) else None
                if m.severity != "error" or rel not in kept or rel in failing:
                    continue
                if _not_implemented(m.code, m.message) and bodies < self.max_library_bodies:
                    # mcs does not implement the construct (C# 7's `case Version v:`): lose the
                    # method, not the file -- the other files name its types (semver.net's
                    # Version.cs left out, `Version` became System.Version everywhere)
                    done = throwing_body_at(texts.get(rel) or _read(box.root, rel), m.line)
                    if done is not None:
                        unblocked.pop(rel, None)  # the copy (block bodies and all) is what compiles now
                        texts[rel] = done[0]
                        built.library_copy_texts[rel] = done[0]
                        built.library_copies[rel] = _library_copy(inputs, box.root, rel, done[0])
                        lost.append(LeftOut(rel, "library_member", done[1], (), missing_symbol(m.code, m.message)))
                        bodies += 1
                        made += 1
                        continue
                failing[rel] = missing_symbol(m.code, m.message)
            if made and not failing:
                rounds -= 1  # a round that only made bodies throwing does not count against the files'
                continue
            reverted = [rel for rel in failing if rel in unblocked]
            if reverted:
                # the block bodies are for coverage only: a failing file is compiled as written
                # before anything of it is left out (a form the rewrite got wrong costs no file)
                for rel in reverted:
                    text, scoped = unblocked.pop(rel)
                    texts.pop(rel, None)
                    built.library_copies.pop(rel, None)
                    built.library_copy_texts.pop(rel, None)
                    if scoped is not text:
                        texts[rel] = scoped
                        built.library_copy_texts[rel] = scoped
                        built.library_copies[rel] = _library_copy(inputs, box.root, rel, scoped)
                rounds -= 1
                first_output = None  # the reason names the files as written
                continue
            files_lost = sum(1 for lo in lost if lo.kind != "library_member")
            if not failing or files_lost + len(failing) > self.max_library_loss * len(library):
                break
            for rel in failing:
                built.library_copies.pop(rel, None)
                built.library_copy_texts.pop(rel, None)
            lost = [lo for lo in lost if not (lo.kind == "library_member" and lo.file in failing)]
            new = {rel: LeftOut(rel, "library_file", rel, (), symbol) for rel, symbol in sorted(failing.items())}
            lost += new.values()
            for rel in missing_namespaces(output, box.root).keys() & new.keys():
                _remember_never_compiles(keys[rel], new[rel])
            kept = [f for f in kept if f not in failing]
        missing = missing_namespaces(output, box.root)
        if missing:
            names = sorted({n for ns in missing.values() for n in ns})
            return SuiteRun(SuiteStatus.FRAMEWORK_UNAVAILABLE, log=built.log,
                            reason="dependency_unavailable: " + ", ".join(names))
        return SuiteRun(SuiteStatus.COMPILE_FAILED, log=built.log,
                        reason="compile_failed: " + library_failure(first_output or output, output, lost))

    def compile_only(self, root: Path, limits=None) -> SuiteRun:
        from crossfile_datasets.sandbox import Sandbox

        with _Inputs() as inputs, Sandbox(root, python=sys.executable, limits=_sandbox_limits(limits),
                                          read_only=[str(inputs.dir)]) as box:
            built = self._build(box, inputs)
            if built.run is not None:
                built.run.adjustments = _adjustments(built)
                return built.run
            run = SuiteRun(SuiteStatus.OK, log=built.log + _left_out_note(built))
            run.adjustments = _adjustments(built)
            return run

    def run(self, root: Path, test_ids: list[str] | None = None, *, coverage: bool = False, limits=None,
            reuse_build: bool = False) -> SuiteRun:
        """Build, then run every NUnit test (``test_ids`` None) or those methods; with
        ``coverage``, the lines of the repository's files that ran (mono's coverage profiler).
        ``reuse_build`` (the builder's wrong-class gate, without coverage): when the tree differs
        from the original tree of this runner's last whole-suite run only in the text of one
        library file, compile it once as the original was compiled (:meth:`_reuse`) instead of building it afresh -- the
        library alone, then rounds of leaving out. Only for wrong classes that change method
        bodies and nothing else (the throwing stub, one-method mutants, controls): such a class
        compiles in the original's plan whenever it compiles at all, and when it does not, no test
        that uses it runs either way. The evaluation never reuses."""
        from crossfile_datasets.sandbox import Sandbox

        limits = _sandbox_limits(limits)
        with _Inputs() as inputs, Sandbox(root, python=sys.executable, limits=limits,
                                          read_only=[str(inputs.dir)]) as box:
            built = (self._reuse(box, inputs) if reuse_build and not coverage else None) or \
                self._build(box, inputs, block_bodies=coverage)
            if test_ids is None and built.run is None:
                self._keep_plan(box, built)  # a whole-suite run is of an original tree (the builder's Stage 1)
            if built.run is not None:
                built.run.adjustments = _adjustments(built)
                return built.run
            names = None
            if test_ids is not None:
                names = sorted(set(test_ids))
                if not names:
                    return SuiteRun(SuiteStatus.NO_TESTS, log=built.log, reason="no_tests_selected")
            done = self._execute(box, inputs, built, limits, names, coverage)
            log = built.log + "\n$ crossfile test host\n" + _host_log(done)
            crashed: dict[str, tuple[str, list[str]]] = {}
            if test_ids is None:
                done, crashed, note = self._isolate_crashes(box, inputs, built, limits, coverage, done)
                log += note
            log += done.note + _left_out_note(built)
            covered, coverable = ({}, {})
            refused = list(done.refused)
            if done.coverage_xml:
                covered, coverable = parse_mono_coverage(done.coverage_xml, box.root, refused)
                done.coverage_xml = ""  # parsed: not kept for the rest of the run
                log += "".join(f"\n# coverage data refused: {key} ({detail})" for key, detail in refused[len(done.refused):])
            results = results_from_records(done.records.records) + _crashed_results(crashed, done.records.records)
            per_test: dict[str, dict[str, set[int]]] = {}
            if coverage and test_ids is None and self.per_fixture_coverage and done.trusted:
                per_test, note = self._fixture_coverage(box, inputs, built, limits, done.records.records, results,
                                                        refused)
                log += note
        run = self._result(done, results, test_ids, log, covered, coverable)
        run.refused = refused
        if run.status is SuiteStatus.OK:
            run.per_test_coverage = per_test
        run.adjustments = _adjustments(built)
        if crashed:
            run.adjustments["crashed_fixtures"] = [f"{f}: {why}" for f, (why, _) in crashed.items()]
        return run

    def _isolate_crashes(self, box, inputs: _Inputs, built: _Built, limits, coverage: bool, done: _Executed):
        """While a whole-suite run ended without its end-of-session record (and nothing else is
        wrong with its channel), run the suite again in a fresh process without the fixture it
        ended in. Returns the last run, fixture -> (how its process ended, the ids it reported
        before), and a log note. Nothing of an ended run counts but which fixture it ended in."""
        crashed: dict[str, tuple[str, list[str]]] = {}
        note = ""
        start = time.monotonic()
        while _ended_early(done) and len(crashed) < C.CLASS_MAX_CRASHED_TESTS \
                and time.monotonic() - start < C.CLASS_SUITE_TIMEOUT:
            culprit = last_started_fixture(done.records.records)
            if culprit is None or culprit in crashed:
                break
            res = done.sandbox.result
            seen = sorted({r["id"] for r in done.records.records
                           if r.get("fixture") == culprit and isinstance(r.get("id"), str)})
            crashed[culprit] = (f"the test process ended ({res.status.value} {res.returncode})", seen)
            done = self._execute(box, inputs, built, limits, None, coverage, exclude=list(crashed))
            note += f"\n# {culprit} ended the test process; again without it:\n" + _host_log(done)
        return done, crashed, note

    def _execute(self, box, inputs: _Inputs, built: _Built, limits, names: list[str] | None,
                 coverage: bool, exclude: list[str] | None = None) -> _Executed:
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
        if exclude:
            argv += ["--exclude-list", str(inputs.write("exclude.txt", "\n".join(exclude) + "\n"))]
        # a socket, not a pipe: the code under test cannot open it again through /proc/self/fd to
        # read the host's records and their token (red team 2, row 3)
        channel = ResultChannel(socket=True)
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
                if exc.reason is not hostfs.Refusal.MISSING:
                    done.refused.append((exc.key, f"coverage data: {exc}"))
        return done

    def _fixture_coverage(self, box, inputs: _Inputs, built: _Built, limits, records: list[dict],
                          results: list[TestResult], refused: list[tuple[str, str]] | None = None):
        """Each passing test's fixture run alone under the coverage profiler: test id -> the lines
        its *fixture* ran (mono's profiler has no per-test contexts; a fixture is the finest unit
        one run can isolate cheaply). An over-approximation of the test's own lines. What the
        host refuses of the runs' coverage data goes to ``refused``; the fixtures' lines together
        are at most ``COVERAGE_MAX_LINE_ENTRIES`` (file, line) entries."""
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
        left = C.COVERAGE_MAX_LINE_ENTRIES
        for fixture, tests in sorted(fixtures.items()):
            done = self._execute(box, inputs, built, limits, [fixture], coverage=True)
            if refused is not None:
                refused.extend(done.refused)
            if not done.coverage_xml:
                failed.append(fixture)
                continue
            lines, _ = parse_mono_coverage(done.coverage_xml, box.root, refused, max_entries=left)
            left -= sum(len(v) for v in lines.values())
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


def _ended_early(done: _Executed) -> bool:
    """The host's process ended before its end-of-session record, by itself (not the time
    limit), and every line on the channel was the host's."""
    records = done.records
    return records.session_end is None and not records.tampered and records.forged == 0 \
        and not done.sandbox.timed_out


def last_started_fixture(records: list[dict]) -> str | None:
    """The fixture the host announced last (``{"start": fixture}`` records): where a process
    that ended early was. Pure."""
    for rec in reversed(records):
        fixture = rec.get("start")
        if isinstance(fixture, str) and fixture:
            return fixture
    return None


def _crashed_results(crashed: dict[str, tuple[str, list[str]]], records: list[dict]) -> list[TestResult]:
    """An error for each test a left-out fixture reported before its process ended (the final
    run has none of them)."""
    ran = {r.get("id") for r in records}
    return [TestResult(test_id, TestOutcome.ERROR, 0.0, f"left out: {fixture} {why}")
            for fixture, (why, ids) in crashed.items() for test_id in ids if test_id not in ran]


@dataclass(frozen=True)
class _Plan:
    """How an original tree's test assembly was built (:meth:`CSharpRunner._keep_plan`)."""

    digests: dict[str, str]  # library and test file -> sha256 of its bytes
    library: tuple[str, ...]  # the library files compiled
    copies: dict[str, str]  # library file -> the text compiled instead (bodies made throwing)
    plan: tuple  # _Built.plan: test files, spans blanked out of them, compatibility sources
    left_out: tuple  # LeftOut entries
    projects: tuple  # the test projects kept
    left_out_projects: dict[str, str]
    conflicting_projects: dict[str, str]
    resources: list  # the resources embedded (those of conflicting projects left out)


def _plan_key(found: tuple[tuple[str, ...], tuple[str, ...]]) -> str:
    digest = hashlib.sha256()
    for kind, files in zip(("library", "tests"), found):
        for rel in files:
            digest.update(f"{kind}\0{rel}\0".encode())
    return digest.hexdigest()


def _library_copy(inputs: _Inputs, root: Path, rel: str, text: str) -> Path:
    """A library file compiled from a copy in the inputs folder; a ``#line`` directive keeps
    mcs's positions those of the file in the copy."""
    original = str(root / rel).replace("\\", "\\\\").replace('"', '\\"')
    return inputs.write(Path(rel).name, f'#line 1 "{original}"\n' + text)


def _read_bytes(root: Path, rel: str) -> bytes:
    from crossfile_datasets.sandbox import hostfs

    try:
        return hostfs.read_bytes(root, rel)
    except hostfs.HostFileRefused as exc:
        raise OSError(str(exc)) from exc


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


def _adjustments(built: _Built) -> dict[str, list[str]]:
    """What the run left out or added, for ``SuiteRun.adjustments``: test files and test methods
    that do not compile here (with the missing symbol), compatibility sources compiled in."""
    out: dict[str, list[str]] = {}
    for lo in built.left_out:
        if lo.kind == "library_file":
            out.setdefault("left_out_library_files", []).append(f"{lo.file}: {lo.symbol}")
        elif lo.kind == "library_member":
            out.setdefault("left_out_library_members", []).append(f"{lo.file}: {lo.name}: {lo.symbol}")
        elif lo.kind == "file":
            out.setdefault("left_out_files", []).append(f"{lo.file}: {lo.symbol}")
        for test in lo.tests:
            out.setdefault("left_out_tests", []).append(f"{test}: {lo.symbol}")
    if built.compat:
        out["compatibility_sources"] = list(built.compat)
    if built.refused:
        out["host_files"] = list(built.refused)
    if built.layout is not None and built.layout.auxiliary:
        out["left_out_auxiliary_files"] = [f"{f}: auxiliary program folder" for f in built.layout.auxiliary]
    if built.layout is not None and built.layout.left_out_projects:
        out["left_out_projects"] = [f"{name}: {why}" for name, why in sorted(built.layout.left_out_projects.items())]
    if built.left_out_resources:
        out["left_out_resources"] = list(built.left_out_resources)
    if built.layout is not None and built.layout.conflicting_projects:
        out["conflicting_projects"] = [f"{name}: {why}" for name, why in
                                       sorted(built.layout.conflicting_projects.items())]
    return out


def _left_out_note(built: _Built) -> str:
    if not built.left_out:
        return ""
    lines = [f"{lo.name if lo.kind != 'file' else lo.file}: needs {lo.symbol}"
             + (f" ({lo.kind} in {lo.file}, {len(lo.tests)} tests)" if lo.kind != "file" else f" ({len(lo.tests)} tests)")
             for lo in built.left_out]
    return "\n# left out, does not compile here:\n" + "\n".join(lines)


RUNNER = CSharpRunner()
