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

Encodings: javac always reads UTF-8 (``-encoding UTF-8``); a file in another encoding -- the one
its build declares (:func:`declared_encodings`: Maven's ``project.build.sourceEncoding`` or
compiler ``<encoding>``, Gradle's ``options.encoding``, Ant's ``<javac encoding=>``), or, when it
does not decode as declared or as UTF-8, windows-1252 / ISO-8859-1 (:func:`source_encoding`) -- is
compiled from a UTF-8 copy in the harness's control folder (``SuiteRun.adjustments
["recoded_sources"]``), never left out for an "unmappable character".

Declared dependencies: the jars the repository's poms and Gradle files declare
(:func:`declared_dependencies`) are taken from Debian's Maven repository (``/usr/share/maven-repo``,
:func:`debian_jar`) when a package of the system ships them -- main and compile scope on every class
path, test scope on the tests' -- and those it does not ship are listed in
``SuiteRun.adjustments["unresolved_dependencies"]`` (counted as ``suites/dependency_not_installed``).

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

Generated sources: a ``Name.java.template`` (``.java.tmpl``, ``.java.in``) without its
``Name.java`` -- made by a Maven or Ant plugin at build time -- is compiled from a copy of the
template with its tokens filled (:func:`fill_template`; ``adjustments["generated_sources"]``).

Coverage (``run(coverage=True)``): the JaCoCo agent (Debian ``libjacoco-java``) instruments the
project's packages; the runner resets it when a test starts and appends its execution data as a
session named after the test's record when the test ends (and what ran outside every test's
window -- discovery, a test class's static initializers and ``@BeforeClass`` -- as sessions of
their own, added to the tests that execute those files: :func:`parse_coverage`); a second JVM of ours in the same
sandbox (``CrossfileCoverage.java``) turns the sessions into the lines each test executed
(``SuiteRun.per_test_coverage``), the union (``SuiteRun.coverage``) and the lines holding code
(``SuiteRun.coverable``). A whole suite under coverage gets half of the run's time; when it does
not finish, or its verdict cannot be trusted (a class hit a process limit or ended the JVM), each
test class runs alone in the other half (:meth:`JavaRunner._per_class_runs`), so a slow or crashing
class costs its own tests (``adjustments["incomplete_classes"]``), not the suite.
"""

from __future__ import annotations

import atexit
import codecs
import functools
import hashlib
import os
import re
import shutil
import sys
import json
import threading
import time
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path

from crossfile_datasets.analyzers.run import RunStatus
from crossfile_datasets.core import constants as C
from crossfile_datasets.core import xmlsafe
from crossfile_datasets.core.untrusted_json import loads_untrusted
from crossfile_datasets.core.repofiles import Refused, walk
from crossfile_datasets.lang import Lang, get_language
from crossfile_datasets.lang.base import ParseTimeout
from crossfile_datasets.lang.java.classes import TEST_ANNOTATIONS
from crossfile_datasets.sandbox import hostfs
from crossfile_datasets.sandbox.java_jars import (
    JACOCO_AGENT_BUNDLE,
    JACOCO_AGENT_ENTRY,
    JACOCO_JARS,
    JAVA_SHARE,
    LAUNCHER_JAR,
    TEST_COMPILE_JARS,
)
from crossfile_datasets.sandbox.channel import ChannelRecords, ResultChannel
from crossfile_datasets.sandbox.suites import (
    SuiteRun,
    SuiteStatus,
    TestOutcome,
    TestResult,
    fold_result,
    judge_run,
)

HERE = Path(__file__).resolve().parent
RUNNER_SOURCES = (HERE / "CrossfileJUnit.java", HERE / "CrossfileCoverage.java")
RUNNER_CLASS, COVERAGE_CLASS = "CrossfileJUnit", "CrossfileCoverage"
# JVM options that keep a JVM inside the sandbox's RLIMIT_AS (the default reserves a quarter of
# the machine's memory for the heap and 1 GB of class space) and quick to start
JVM_OPTIONS = ("-Xmx768m", "-Xss2m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
               "-XX:CompressedClassSpaceSize=128m", "-XX:ReservedCodeCacheSize=96m", "-XX:MaxMetaspaceSize=256m",
               "-Duser.language=en", "-Duser.country=US", "-Dfile.encoding=UTF-8", "-Duser.timezone=UTC")
# no other process may attach an agent to the tests' JVM (a child of the code under test could
# otherwise rewrite our runner's classes)
RUN_OPTIONS = ("-XX:+DisableAttachMechanism",)
# modules the tests' JVM does not get (``--limit-modules``, :func:`limit_modules`): the ways a JVM
# dumps or reads its own heap or another JVM's (HotSpotDiagnosticMXBean.dumpHeap and the
# DiagnosticCommand MBean live in jdk.management; attach, JDI, the serviceability agent, jcmd).
# The runner's token lives in the tests' JVM: a heap dump gave it away (red team, Java heap dump)
HIDDEN_MODULES = frozenset({"jdk.management", "jdk.management.agent", "jdk.management.jfr", "jdk.attach", "jdk.jdi",
                            "jdk.jdwp.agent", "jdk.hotspot.agent", "jdk.jcmd", "jdk.jconsole",
                            "jdk.internal.jvmstat", "jdk.jstatd", "jdk.internal.vm.compiler.management"})
# glibc gives every thread up to 8 x cores malloc arenas of 64 MB of address space: a JVM with a
# few dozen threads would pass the RLIMIT_AS on reservations alone
JVM_ENV = {"MALLOC_ARENA_MAX": "2"}
TEST_FOLDERS = frozenset({"test", "tests", "testing", "src-test", "test-src", "unittest", "unittests"})
# Maven/Gradle source sets ``src/<set>/java`` other than main: a name with "test" in it (test,
# integrationTest, testFixtures) or "it" is a test set, any other (jmh, benchmarks, examples...) an
# auxiliary one; so is a top-level folder of these names. Auxiliary code is compiled after the main
# code, its failing files left out: it never costs the repository its suite.
TEST_SETS = frozenset({"it"})
AUX_FOLDERS = frozenset({"jmh", "benchmark", "benchmarks", "bench", "perf", "examples", "example", "samples",
                         "sample", "demo", "demos"})
_SET_LANGUAGES = frozenset({"java", "kotlin", "groovy", "scala"})
_EXCLUDED_NAMES = frozenset({"module-info.java"})
# ^[^\S\n]*, not ^\s*, under re.M: \s* crossed line ends, quadratic on blank runs (red team 3 row 4)
_JUNIT_IMPORT = re.compile(r"^[^\S\n]*import\s+(static\s+)?(org\.junit|junit\.framework)\b", re.MULTILINE)
_MISSING_PACKAGE = re.compile(r"^(?P<file>.+?\.java):(?P<line>\d+): error: package (?P<pkg>[\w.]+) does not exist", re.MULTILINE)
_SYMBOL = re.compile(r"^[^\S\n]*symbol:\s+(?P<kind>\w+)\s+(?P<name>[\w$.]+)", re.MULTILINE)
_LOCATION = re.compile(r"^[^\S\n]*location:\s+(?:class|interface|enum|variable \w+ of type)\s+(?P<name>[\w$.]+)", re.MULTILINE)
_PACKAGE_LINE = re.compile(r"^[^\S\n]*package\s+([\w.]+)\s*;", re.MULTILINE)
_ERROR_LINE = re.compile(r"^(?P<file>.+?\.java):(?P<line>\d+): error: (?P<msg>.*)$", re.MULTILINE)
# second component of a package that is a vendor, not a product: name three components
_VENDORS = frozenset({"apache", "google", "eclipse", "fasterxml", "jetbrains", "springframework", "sun", "github",
                      "openjdk", "squareup"})


@dataclass
class JavaLayout:
    main: list[str] = field(default_factory=list)  # repo-relative .java files
    tests: list[str] = field(default_factory=list)
    aux: list[str] = field(default_factory=list)  # auxiliary source sets (benchmarks, examples)
    resources: list[str] = field(default_factory=list)  # repo-relative folders for the run's class path
    jars: list[str] = field(default_factory=list)  # repo-relative jars shipped in the repository
    packages: dict[str, str] = field(default_factory=dict)  # .java file -> its package ("" = none)
    refused: dict[str, str] = field(default_factory=dict)  # file (or folder/) the walk refused -> files/<reason>
    # Debian's jars of the dependencies the build declares (:func:`declared_dependencies`): absolute
    # paths, for main code (and everything after it) and for tests only; those Debian lacks
    dependency_jars: list[str] = field(default_factory=list)
    test_dependency_jars: list[str] = field(default_factory=list)
    unresolved: list[str] = field(default_factory=list)  # "build file: group:artifact (scope)"
    # a declared dependency Debian installs at another version: "build file: g:a declared 1.12, here 2.4.0"
    other_versions: list[str] = field(default_factory=list)
    # .java files the build generates from a template beside them (Version.java from
    # Version.java.template): the file -> its template; compiled from a copy of the template
    generated: dict[str, str] = field(default_factory=dict)


def source_set(rel: str, text: str) -> str:
    """``main``, ``tests`` or ``aux`` (see :data:`TEST_SETS`, :data:`AUX_FOLDERS`): test folders
    and test source sets first, then auxiliary ones, then a file importing JUnit is a test."""
    folders = rel.split("/")[:-1]
    if any(f.lower() in TEST_FOLDERS for f in folders):
        return "tests"
    for i, folder in enumerate(folders[:-2]):
        if folder == "src" and folders[i + 2] in _SET_LANGUAGES and folders[i + 1] != "main":
            name = folders[i + 1]
            return "tests" if "test" in name.lower() or name in TEST_SETS else "aux"
    if folders and folders[0].lower() in AUX_FOLDERS:
        return "aux"
    return "tests" if _JUNIT_IMPORT.search(text) else "main"


def java_layout(root: Path) -> JavaLayout:
    """Main and test sources, resource folders and jars of a repository (sorted, relative).

    Walked with ``core/repofiles.walk`` (by descriptor, depth-capped at ``MAX_DIR_DEPTH``, no
    link followed, a FIFO never waited on): a repository tree is input, and ``os.walk`` recurses
    in Python (a tree 1,100 folders deep was a ``RecursionError`` that stopped the whole class
    evaluation, red team 3 row 9). What the walk refuses (a file or a folder) is in ``refused``
    with its ``files/<reason>``."""
    layout = JavaLayout()
    root = Path(root)

    def want(rel: str) -> bool:  # asked for every file in walk order: it also notes resource folders
        parts = rel.split("/")[:-1]
        for i in range(1, len(parts) + 1):  # the resource folders holding the file, outermost first
            folder = "/".join(parts[:i])
            if folder.endswith(("src/main/resources", "src/test/resources")) and folder not in resources:
                resources.add(folder)
                layout.resources.append(folder)
        name = rel.rsplit("/", 1)[-1]
        return (name.endswith((".jar", *TEMPLATE_SUFFIXES)) or name in _BUILD_FILE_NAMES
                or (name.endswith(".java") and name not in _EXCLUDED_NAMES))

    def refused(r: Refused) -> None:
        # skipped as os.walk's filter did, not a refusal; a build file is read for its
        # dependencies only, as declared_dependencies reads it (a refused one is not listed)
        if r.reason != "vendored_dir" and (r.folder or r.rel.rsplit("/", 1)[-1] not in _BUILD_FILE_NAMES):
            layout.refused[r.rel + ("/" if r.folder else "")] = f"files/{r.reason}"

    resources: set[str] = set()
    templates: dict[str, tuple[str, str]] = {}  # the .java file a template makes -> (the template, its text)
    build_files: list[tuple[str, str]] = []  # poms and Gradle files, read in the same walk

    def add_source(rel: str, text: str) -> None:
        getattr(layout, source_set(rel, text)).append(rel)
        m = _PACKAGE_LINE.search(text[:20000])
        layout.packages[rel] = m.group(1) if m else ""

    for f in walk(root, want, refused):
        if f.rel.endswith(".jar"):
            layout.jars.append(f.rel)
            continue
        if f.rel.rsplit("/", 1)[-1] in _BUILD_FILE_NAMES:
            if f.size <= _BUILD_FILE_MAX_BYTES:
                build_files.append((f.rel, f.read(_BUILD_FILE_MAX_BYTES).decode("utf-8", "replace")))
            continue
        if f.size > C.HOST_READ_MAX_BYTES:
            layout.refused[f.rel] = f"host_files/{hostfs.Refusal.TOO_LARGE.value}"
            continue
        text = f.read(C.HOST_READ_MAX_BYTES).decode("utf-8", "replace")
        if f.rel.endswith(TEMPLATE_SUFFIXES):
            target = f.rel[:f.rel.rindex(".java") + 5]
            if target.rsplit("/", 1)[-1] not in _EXCLUDED_NAMES:
                templates[target] = (f.rel, text)
            continue
        add_source(f.rel, text)
    known = set(layout.main) | set(layout.tests) | set(layout.aux)
    for target, (template, text) in sorted(templates.items()):
        if target in known:  # generated before and left in the tree
            continue
        layout.generated[target] = template
        add_source(target, text)
    if layout.generated:
        for kind in ("main", "tests", "aux"):
            getattr(layout, kind).sort()
    for dep in dependencies_in(build_files, layout.refused):
        jar = debian_jar(dep.group, dep.artifact)
        if jar is None:
            layout.unresolved.append(f"{dep.where}: {dep.group}:{dep.artifact} ({'test' if dep.test else 'main'})")
            continue
        target = layout.test_dependency_jars if dep.test else layout.dependency_jars
        if str(jar) not in layout.dependency_jars and str(jar) not in target:
            target.append(str(jar))
        here = jar_version(jar)
        if dep.version and here and here != dep.version:
            layout.other_versions.append(f"{dep.where}: {dep.group}:{dep.artifact} declared {dep.version}, here {here}"
                                         + (" (another major version)" if _major(here) != _major(dep.version) else ""))
    layout.test_dependency_jars = [j for j in layout.test_dependency_jars if j not in layout.dependency_jars]
    return layout


# ----------------------------------------------------------------------------- templates --
# a source the build makes from a template beside it (Maven's replacer / templating plugins, Ant's
# <copy filtering>): ``Version.java.template`` -> ``Version.java``
TEMPLATE_SUFFIXES = (".java.template", ".java.tmpl", ".java.in")
# the tokens such templates hold: $VERSION$, ${project.version}, @VERSION@ ...
_TEMPLATE_TOKEN = re.compile(r"\$\{[\w.\-]+\}|\$[A-Z][A-Z0-9_]*\$|@[A-Za-z][\w.\-]*@")


# a version longer than this is no version (tokens keep their names, as without a pom); a generated
# source is cut past GENERATED_SOURCE_MAX_CHARS, what is left out counted (red team 2026-11-28g row 6)
VERSION_MAX_CHARS = 100
GENERATED_SOURCE_MAX_CHARS = 1 << 20


def fill_template(text: str, version: str = "") -> str:
    """A template's text with its tokens replaced (pure): version tokens by ``version`` (when
    known), the others by their name without the delimiters (``$BUILD_TIME$`` -> ``BUILD_TIME``):
    the placeholders usually sit in string literals, so any text keeps the file compiling."""
    return fill_template_bounded(text, version, None)[0]


def fill_template_bounded(text: str, version: str, max_chars: int | None) -> tuple[str, int]:
    """(:func:`fill_template`'s text, at most ``max_chars`` characters; the characters of the
    template left out past the cap), pure: the filling stops at the cap, it never builds more."""
    out: list[str] = []
    size = last = 0
    for m in _TEMPLATE_TOKEN.finditer(text):
        name = m.group(0).strip("$@{}")
        value = version if version and name.lower().rsplit(".", 1)[-1] == "version" else name
        # (piece, template characters used once it is written whole, used when it is cut)
        for piece, used, used_cut in ((text[last:m.start()], m.start(), None), (value, m.end(), m.start())):
            if max_chars is not None and size + len(piece) > max_chars:
                kept = max_chars - size
                out.append(piece[:kept])
                return "".join(out), len(text) - (last + kept if used_cut is None else used_cut)
            out.append(piece)
            size += len(piece)
        last = m.end()
    rest = text[last:]
    if max_chars is not None and size + len(rest) > max_chars:
        return "".join(out) + rest[:max_chars - size], len(rest) - (max_chars - size)
    return "".join(out) + rest, 0


def project_version(root: Path) -> str:
    """The version the top pom.xml declares (its own, else its parent's), "" when none; one
    longer than ``VERSION_MAX_CHARS`` is returned whole (the caller counts it and uses none)."""
    import xml.etree.ElementTree as ET

    try:  # a document type declaration is refused (entities; java_layout counted the same pom)
        project = xmlsafe.fromstring(hostfs.read_text(root, "pom.xml", max_bytes=1 << 20))
    except (OSError, ET.ParseError):
        return ""
    parent = (_xml_children(project, "parent") or [None])[0]
    version = _xml_text(project, "version") or (_xml_text(parent, "version") if parent is not None else "")
    return "" if "${" in version else version


def _generate(box, built: _Built) -> None:
    """The generated sources (``layout.generated``), made from their templates in the control
    folder (compiled from there like a recoded file)."""
    if not built.layout.generated:
        return
    version = project_version(box.root)
    if len(version) > VERSION_MAX_CHARS:
        built.generated_cut["pom.xml"] = f"<version> of {len(version)} characters (> {VERSION_MAX_CHARS}): not a version, not filled in"
        version = ""
    for target, template in sorted(built.layout.generated.items()):
        try:
            text = hostfs.read_text(box.root, template)
        except OSError:
            continue  # javac reports the file missing
        filled, left_out = fill_template_bounded(text, version, GENERATED_SOURCE_MAX_CHARS)
        if left_out:
            built.generated_cut[target] = (f"cut at {GENERATED_SOURCE_MAX_CHARS} characters: the last {left_out} "
                                           f"characters of {template} left out")
        copy = box.control / "generated" / target
        copy.parent.mkdir(parents=True, exist_ok=True)
        copy.write_text(filled, encoding="utf-8")
        built.recoded[target] = copy


# ---------------------------------------------------------------------------- dependencies --
# Debian's Maven repository: every Java library package installs its jar under
# <groupId path>/<artifactId>/<version>/ (and a "debian" version that follows the package)
MAVEN_REPO = Path("/usr/share/maven-repo")
# groups the runner brings itself (TEST_COMPILE_JARS, the launcher): never looked up
_RUNNER_GROUPS = ("junit", "org.junit", "org.hamcrest", "org.opentest4j", "org.apiguardian")
_TEST_SCOPES = frozenset({"test"})
_BUILD_FILE_NAMES = frozenset({"pom.xml", "build.gradle", "build.gradle.kts"})
_BUILD_FILE_MAX_BYTES = 1 << 20  # a larger build file is not read
# one blank quantifier on each side of the optional bracket: ``\s*\(?\s*`` split a run of blanks
# in every way, quadratic (red team 2026-11-28e row 2: 16 kB of line ends, 2 s; 1 MiB, hours)
_GRADLE_DEPENDENCY = re.compile(
    r"\b(?P<conf>[a-zA-Z]*(?:[iI]mplementation|[cC]ompile|[cC]ompileOnly|[aA]pi|[rR]untimeOnly|[rR]untime))\s*(?:\(\s*)?"
    r"(?:['\"](?P<g>[\w.\-]+):(?P<a>[\w.\-]+)(?::(?P<v>[^'\"]*))?['\"]"
    r"|group\s*[:=]\s*['\"](?P<g2>[\w.\-]+)['\"]\s*,\s*name\s*[:=]\s*['\"](?P<a2>[\w.\-]+)['\"])")
_POM_PROPERTY = re.compile(r"\$\{([^}]+)\}")


@dataclass(frozen=True)
class Dependency:
    group: str
    artifact: str
    test: bool  # test scope (test classpath only)
    where: str  # the build file declaring it (repository-relative)
    version: str = ""  # as declared ("" = none, or a property left unresolved)
    # a pom dependency without its own <scope> (and version) takes them from a
    # <dependencyManagement> entry, a parent's included (dependencies_in); False: none given
    scoped: bool = field(default=True, compare=False)


def _xml_children(elem, name: str) -> list:
    return [c for c in elem if isinstance(c.tag, str) and c.tag.rsplit("}", 1)[-1] == name]


def _xml_text(elem, name: str) -> str:
    found = _xml_children(elem, name)
    return (found[0].text or "").strip() if found else ""


def pom_dependencies(text: str, where: str = "pom.xml") -> tuple[list[Dependency], set[str]]:
    """A pom's ``<dependencies>`` (not ``<dependencyManagement>`` or a plugin's) with ``${...}``
    resolved from its properties and its own/parent groupId, and the artifactIds the pom builds
    itself (its own and its modules': never looked up). Pure; a pom that does not parse gives none."""
    deps, own, _ = _pom_read(text, where)
    return deps, own


def pom_managed(text: str, where: str = "pom.xml") -> list[Dependency]:
    """A pom's ``<dependencyManagement>`` entries (the scope and version its modules' dependencies
    take when they give none), properties resolved as :func:`pom_dependencies` does (pure)."""
    return _pom_read(text, where)[2]


def _pom_read(text: str, where: str, refused: dict[str, str] | None = None
              ) -> tuple[list[Dependency], set[str], list[Dependency]]:
    import xml.etree.ElementTree as ET

    try:
        project = xmlsafe.fromstring(text)
    except xmlsafe.XmlDoctypeRefused:  # entities would expand on the host (red team 2026-11-29f row 1)
        if refused is not None:
            refused[where] = xmlsafe.XML_DOCTYPE_KEY
        return [], set(), []
    except ET.ParseError:
        return [], set(), []
    props: dict[str, str] = {}
    for holder in _xml_children(project, "properties"):
        for p in holder:
            if isinstance(p.tag, str):
                props[p.tag.rsplit("}", 1)[-1]] = (p.text or "").strip()
    parent = (_xml_children(project, "parent") or [None])[0]
    group = _xml_text(project, "groupId") or (_xml_text(parent, "groupId") if parent is not None else "")
    props.update({"project.groupId": group, "pom.groupId": group, "groupId": group,
                  "project.parent.groupId": _xml_text(parent, "groupId") if parent is not None else ""})
    own = {_xml_text(project, "artifactId")} | {
        (m.text or "").strip() for mods in _xml_children(project, "modules") for m in _xml_children(mods, "module")}

    def resolve(value: str) -> str:
        return _POM_PROPERTY.sub(lambda m: props.get(m.group(1), m.group(0)), value)

    def read(holders) -> list[Dependency]:
        deps = []
        for holder in holders:
            for dep in _xml_children(holder, "dependency"):
                g, a = resolve(_xml_text(dep, "groupId")), resolve(_xml_text(dep, "artifactId"))
                v = resolve(_xml_text(dep, "version"))
                scope = _xml_text(dep, "scope")
                if g and a and "${" not in g + a:
                    deps.append(Dependency(g, a, scope in _TEST_SCOPES, where,
                                           v if "${" not in v and len(v) <= VERSION_MAX_CHARS else "", bool(scope)))
        return deps

    managed = read(h for m in _xml_children(project, "dependencyManagement") for h in _xml_children(m, "dependencies"))
    return read(_xml_children(project, "dependencies")), own - {""}, managed


def gradle_dependencies(text: str, where: str = "build.gradle") -> list[Dependency]:
    """``implementation 'g:a:v'``, ``testImplementation("g:a:v")``, ``compile group: 'g', name: 'a'``
    ... of a Gradle build file (pure; a configuration starting with "test" is test scope)."""
    out = []
    for m in _GRADLE_DEPENDENCY.finditer(text):
        g, a = m.group("g") or m.group("g2"), m.group("a") or m.group("a2")
        v = (m.group("v") or "").split(":", 1)[0] if m.group("g") else ""
        out.append(Dependency(g, a, m.group("conf").lower().startswith("test"), where,
                              v if "$" not in v and len(v) <= VERSION_MAX_CHARS else ""))
    return out


def declared_dependencies(root: Path) -> list[Dependency]:
    """The external dependencies a repository's Maven poms and Gradle build files declare (every
    build file of the tree, read through the host file boundary: :func:`dependencies_in`)."""
    # walked as java_layout walks (core/repofiles.walk: depth-capped, no link followed, no FIFO
    # waited on): a linked or special build file is not read; refused folders are java_layout's
    files = walk(Path(root), lambda rel: rel.rsplit("/", 1)[-1] in _BUILD_FILE_NAMES)
    return dependencies_in((f.rel, f.read(_BUILD_FILE_MAX_BYTES).decode("utf-8", "replace"))
                           for f in files if f.size <= _BUILD_FILE_MAX_BYTES)


def dependencies_in(build_files: Iterable[tuple[str, str]], refused: dict[str, str] | None = None
                    ) -> list[Dependency]:
    """The external dependencies the build files ``(relative path, text)`` declare, without the
    runner's own (JUnit, hamcrest) and the repository's own modules; each (group, artifact)
    once, main scope winning over test (pure but for ``refused``: a pom the host refuses to
    parse -> ``host_files/<reason>``)."""
    found: list[Dependency] = []
    own: set[str] = set()
    managed: dict[tuple[str, str], Dependency] = {}
    for rel, text in build_files:
        if rel.rsplit("/", 1)[-1] == "pom.xml":
            deps, mine, manages = _pom_read(text, rel, refused)
            found += deps
            own |= mine
            for m in manages:
                managed.setdefault((m.group, m.artifact), m)
        else:
            found += gradle_dependencies(text, rel)
    out: dict[tuple[str, str], Dependency] = {}
    for dep in found:
        entry = managed.get((dep.group, dep.artifact))
        if entry is not None and not dep.scoped:
            # hpack's module pom names gson and mockito bare; the root pom's dependencyManagement
            # makes them test scope (they were reported as main dependencies)
            dep = replace(dep, test=entry.test, version=dep.version or entry.version, scoped=entry.scoped)
        if dep.group in _RUNNER_GROUPS or dep.group.startswith("org.junit.") or dep.artifact in own:
            continue
        key = (dep.group, dep.artifact)
        if key not in out or (out[key].test and not dep.test):
            out[key] = dep
    return list(out.values())


def debian_jar(group: str, artifact: str, repo: Path = MAVEN_REPO) -> Path | None:
    """The jar Debian installs for ``group:artifact`` (its ``debian`` version, else the highest
    version folder holding the jar), None when no package of the system ships it."""
    if not re.fullmatch(r"[\w.\-]+", group) or not re.fullmatch(r"[\w.\-]+", artifact) or ".." in group + artifact:
        return None
    folder = repo.joinpath(*group.split("."), artifact)
    if not folder.is_dir():
        return None
    versions = sorted((v for v in folder.iterdir() if v.is_dir()), key=lambda v: (v.name != "debian", _version_key(v.name)))
    for version in versions:
        jar = version / f"{artifact}-{version.name}.jar"
        if jar.is_file():
            return jar
    return None


def jar_version(jar: Path) -> str:
    """The version of a jar :func:`debian_jar` found: its version folder's name, or for the
    ``debian`` folder the version folder beside it holding the same file ("" when none does)."""
    if jar.parent.name != "debian":
        return jar.parent.name
    try:
        real = jar.resolve()
        for version in sorted(v for v in jar.parent.parent.iterdir() if v.is_dir() and v.name != "debian"):
            other = version / f"{jar.parent.parent.name}-{version.name}.jar"
            if other.is_file() and other.resolve() == real:
                return version.name
    except OSError:
        return ""
    return ""


def _major(version: str) -> str:
    return re.split(r"[.\-]", version, maxsplit=1)[0]


def _version_key(name: str) -> tuple:
    # highest version first: negate the numeric parts
    return tuple(-int(p) if p.isdigit() else 0 for p in re.split(r"[.\-]", name))


def framework_jars() -> list[str]:
    return [str(JAVA_SHARE / j) for j in TEST_COMPILE_JARS if (JAVA_SHARE / j).is_file()]


def package_label(package: str) -> str:
    """``org.mockito.junit`` -> ``org.mockito``; ``com.google.common.collect`` -> ``com.google.common``."""
    parts = package.split(".")
    n = 3 if len(parts) > 2 and parts[1] in _VENDORS else 2
    return ".".join(parts[:n])


def first_error(javac_output: str) -> str:
    m = _ERROR_LINE.search(javac_output)
    return f"{m.group('file').rsplit('/', 1)[-1]}:{m.group('line')}: {m.group('msg')}"[:300] if m else \
        (javac_output.strip().splitlines() or [""])[0][:300]


@dataclass(frozen=True)
class JavacError:
    file: str  # as javac printed it
    line: int
    message: str  # the heading ("cannot find symbol", "package X does not exist")
    symbol: str = ""  # the "symbol:" line of the message ("class Bench"), when there is one
    location: str = ""  # the type of its "location:" line ("demo.GuavaTest"), when there is one


def javac_errors(javac_output: str) -> list[JavacError]:
    """javac's printed errors, in order, each with the symbol its message names."""
    out: list[JavacError] = []
    matches = list(_ERROR_LINE.finditer(javac_output))
    for i, m in enumerate(matches):
        block = javac_output[m.end(): matches[i + 1].start() if i + 1 < len(matches) else len(javac_output)]
        sym = _SYMBOL.search(block)
        where = _LOCATION.search(block)
        out.append(JavacError(m.group("file"), int(m.group("line")), m.group("msg").strip(),
                              f"{sym.group('kind')} {sym.group('name')}" if sym else "",
                              where.group("name") if where else ""))
    return out


def left_out_reason(errors: list[JavacError], left_out: dict[str, str], packages: dict[str, str]) -> str:
    """Why a file that does not compile is left out: ``needs <package>`` for a package that is
    neither the project's nor installed; the reason of a project file left out before when it
    needs that file (its package or its class); else the first missing symbol or message.
    ``packages``: every source file -> its package (the project's packages and files)."""
    inherited = inherited_reason(errors, left_out, packages)
    if inherited is not None:
        return inherited
    if not errors:
        return "does not compile"
    first = errors[0]
    return (f"missing symbol: {first.symbol}" if first.symbol else first.message)[:200]


def inherited_reason(errors: list[JavacError], left_out: dict[str, str], packages: dict[str, str],
                     external: bool = True) -> str | None:
    """``needs <package>`` for a package that is neither the project's nor installed (only when
    ``external``), or the reason of a project file left out before that the errors name (its
    package, its class, the class of a missing method); None when the errors name neither (see
    :func:`left_out_reason`)."""
    by_package: dict[str, list[str]] = {}
    by_name: dict[str, list[str]] = {}
    for f, pkg in packages.items():
        by_package.setdefault(pkg, []).append(f)
        by_name.setdefault(f.rsplit("/", 1)[-1][:-5], []).append(f)
    for e in errors:
        m = re.match(r"package ([\w.]+) does not exist", e.message)
        if m and m.group(1) not in by_package:
            if external:
                return f"needs {package_label(m.group(1))}"
            continue
        names = [m.group(1)] if m else []
        if e.symbol.startswith(("class ", "variable ")):
            names.append(e.symbol.split()[-1])
        if e.location and e.symbol.startswith("method "):
            names.append(e.location)  # a method of a class left out (UsesGuavaTest: GuavaTest.size())
        for name in names:
            gone = [f for f in (by_package.get(name) if m and name == m.group(1) else by_name.get(name.rsplit(".", 1)[-1])) or ()
                    if f in left_out]
            if gone:
                return left_out[gone[0]]
    return None


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
    classes_aux: Path | None = None
    classes_test: Path | None = None
    layout: JavaLayout | None = None
    log: str = ""
    left_out: dict[str, str] = field(default_factory=dict)  # file left out of the build -> why
    recoded: dict[str, Path] = field(default_factory=dict)  # file -> its UTF-8 copy (another encoding)
    recoded_notes: dict[str, str] = field(default_factory=dict)  # file -> its encoding and how it was found
    generated_cut: dict[str, str] = field(default_factory=dict)  # pom.xml / generated file -> what was not used
    # test file -> (its text with the imports and methods that do not compile here blanked, and
    # what was blanked: "pkg.Cls#method: why" / "import x.Y: why"); compiled from a control copy
    trimmed: dict[str, tuple[str, list[str]]] = field(default_factory=dict)

    def source_path(self, root: Path, rel: str) -> str:
        return str(self.recoded.get(rel) or root / rel)

    def source_rel(self, printed: str, root: Path) -> str:
        for rel, copy in self.recoded.items():
            if printed == str(copy):
                return rel
        return _relative(printed, root)


@dataclass
class _Prebuilt:
    """The class files of an original tree's build, kept by the runner for the wrong-class gate
    (:meth:`JavaRunner.run` with ``reuse_build``): its main, auxiliary and test classes, what it
    left out and the digest of every main file it compiled."""

    folder: object  # sandbox.tempfolders.HeldFolder holding main/, aux/ (when built) and test/
    main_digests: dict[str, str]
    left_out: dict[str, str]
    has_aux: bool


@dataclass(frozen=True)
class JavaSetup:
    """What a repository's original tree needs (:meth:`JavaRunner.setup`): the files its build
    leaves out. A tree with the same files (an evaluation copy) is built strictly against it."""

    key: str
    left_out: dict[str, str]


class JavaRunner:
    """javac + our JUnit runner (see the module docstring)."""

    language = Lang.JAVA
    framework = "junit"  # the task records' test_framework (JUnit 3, 4 and 5 alike)
    max_exclusion_rounds = 6
    # run() builds strictly against the original tree's left-out files (setup) and says
    # COMPILE_FAILED when a main or test file fails: a generation is placed, built and tested in
    # one sandbox run (harness.class_runs.run_placed), not built once to check and again to run
    compiles_in_run = True

    # original trees whose class files are kept for the gates' ``reuse_build`` runs (oldest dropped)
    max_prebuilt = 2

    def __init__(self) -> None:
        self._left_out: dict[str, dict[str, str]] = {}  # build key -> files left out of the original tree
        self._trimmed: dict[str, dict[str, tuple[str, list[str]]]] = {}  # build key -> its trimmed test files
        self._prebuilt: dict[str, _Prebuilt] = {}  # build key -> the original tree's class files
        self._dropped_at_exit = False

    @property
    def per_test_coverage(self) -> bool:  # the builder's whole-suite run gives each test's lines
        return runner_tools().agent is not None

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

    def setup(self, root: Path, limits=None) -> JavaSetup:
        """Build the original tree once (cached per process): the files it leaves out. Later
        builds of a tree with the same files -- a generated class in place of one -- leave out the
        same files and nothing more: a file that then fails is the generated class's failure."""
        key = build_key(Path(root), java_layout(Path(root)))
        if key not in self._left_out:
            self.compile_only(root, limits)
        return JavaSetup(key, dict(self._left_out.get(key, {})))

    # -- building -------------------------------------------------------------------------
    def _javac(self, box, out: Path, sources: list[str], classpath: list[str], argfile: Path):
        """``sources``: the paths javac reads (a recoded file's UTF-8 copy, else the file)."""
        shutil.rmtree(out, ignore_errors=True)  # no class file of a failed round stays behind
        out.mkdir(parents=True, exist_ok=True)
        archive = default_javac_archive()
        argv = ["javac", *JAVAC_JVM_OPTIONS, *([f"-J-XX:SharedArchiveFile={archive}"] if archive else []),
                "-encoding", "UTF-8", "-nowarn", "-proc:none", "-g", "-Xmaxerrs", "10000", "-d", str(out)]
        if classpath:
            argv += ["-cp", os.pathsep.join(classpath)]
        argv.append(_write_argfile(argfile, sources))
        return box.run(argv, env=JVM_ENV)

    def _compile_set(self, box, built: _Built, name: str, files: list[str], classpath: list[str], out: Path,
                     strict: bool) -> list[str] | None:
        """Compile one source set into ``out``; return the files compiled (None: the build's outcome
        is decided, in ``built.run``). Not ``strict``: a file that does not compile is left out
        with its reason (:func:`left_out_reason`) and the rest compiled again, until all compile;
        ``strict``: any failure is ``COMPILE_FAILED``."""
        files = [f for f in files if f not in built.left_out]
        for _ in range(self.max_exclusion_rounds + 1):
            if not files:
                return []
            res = self._javac(box, out, [built.source_path(box.root, f) for f in files], classpath,
                              box.control / "build" / f"{name}.args")
            output = res.result.stdout + res.result.stderr
            built.log += f"\n$ javac ({name})\n" + output[-4000:]
            if res.timed_out:
                built.run = SuiteRun(SuiteStatus.TIMEOUT, log=built.log, reason="compile_timeout")
                return None
            if res.result.ok:
                return files
            failing: dict[str, list[JavacError]] = {}
            for e in javac_errors(output):
                rel = built.source_rel(e.file, box.root)
                if rel in files:
                    failing.setdefault(rel, []).append(e)
            if strict or not failing:
                built.run = SuiteRun(SuiteStatus.COMPILE_FAILED, log=built.log,
                                     reason="compile_failed: " + first_error(output))
                return None
            for rel, errors in list(failing.items()):
                # a test file loses the imports, fields and methods that do not compile here (a
                # class an older library had: Debian's hamcrest 2.2 lacks 1.3's IsArrayContaining;
                # a library not installed: jmustache's SpecTest needs snakeyaml, and SharedTests
                # only its showWhitespace), not itself; what cannot be cut so (an error in a class
                # header, a file that would keep none of its tests, a file needing a project file
                # left out) leaves it out
                inherited = inherited_reason(errors, built.left_out, built.layout.packages, external=False)
                if name == "tests" and inherited is None and _trim_test_file(box, built, rel, errors):
                    del failing[rel]
                    continue
                earlier = [item.split(": ", 1)[1] for item in built.trimmed.get(rel, ("", []))[1]
                           if ": needs " in item]
                # what it needed first (Benchmarks.java: JMH, then the WordWrap its benchmarks call)
                built.left_out[rel] = (earlier[0] if earlier else None) or inherited or \
                    left_out_reason(errors, built.left_out, built.layout.packages)
                built.trimmed.pop(rel, None)  # left out whole after all: nothing of it runs
            files = [f for f in files if f not in failing]
        built.run = SuiteRun(SuiteStatus.COMPILE_FAILED, log=built.log,
                             reason=f"compile_failed: {name} still fails after {self.max_exclusion_rounds} rounds")
        return None

    def _build(self, box, limits) -> _Built:
        layout = java_layout(box.root)
        built = _Built(None, layout=layout)
        _recode(box, built)
        _generate(box, built)
        if layout.refused:
            built.log += "# files and folders the repository walk refused (left out):\n" + "".join(
                f"{f}: {why}\n" for f, why in sorted(layout.refused.items()))
        if not layout.main and not layout.tests:
            built.run = SuiteRun(SuiteStatus.NO_TESTS, reason="no_java_sources")
            return built
        # the original tree's left-out files, when it was built before (an evaluation copy, a gate)
        key = build_key(box.root, layout)
        known = self._left_out.get(key)
        strict = known is not None
        built.left_out = dict(known or {})
        for rel, (text, removed) in self._trimmed.get(key, {}).items() if strict else ():
            _write_trimmed(box, built, rel, text, removed)
        build = box.control / "build"
        jars = [str(box.root / j) for j in layout.jars] + layout.dependency_jars
        main = self._compile_set(box, built, "main", layout.main, jars, build / "main", strict)
        if main is None:
            return built
        if layout.main and not main:
            built.run = _nothing_left(built, layout.main, "dependency_unavailable")
            return built
        built.classes_main = build / "main"
        # auxiliary code (benchmarks, examples) never decides the outcome: what fails is left out
        jars += layout.test_dependency_jars
        if layout.aux and self._compile_set(box, built, "aux", layout.aux, [str(build / "main"), *jars, *framework_jars()],
                                            build / "aux", False):
            built.classes_aux = build / "aux"
        if built.run is not None:  # an auxiliary compilation that timed out or broke: go on without it
            built.run, built.classes_aux = None, None
        classpath = [str(build / "main"), *([str(built.classes_aux)] if built.classes_aux else []), *jars, *framework_jars()]
        tests = self._compile_set(box, built, "tests", layout.tests, classpath, build / "test", strict)
        if tests is None:
            return built
        if not tests:
            built.run = _nothing_left(built, layout.tests, "test_framework_unavailable") if layout.tests else \
                SuiteRun(SuiteStatus.NO_TESTS, log=built.log, reason="no_test_sources")
            return built
        built.classes_test = build / "test"
        if not strict:
            self._left_out[key] = dict(built.left_out)
            self._trimmed[key] = dict(built.trimmed)
            self._keep_prebuilt(key, box, built)
        return built

    def _keep_prebuilt(self, key: str, box, built: _Built) -> None:
        """Copy the class files of an original tree's build out of its sandbox (see :meth:`run`'s
        ``reuse_build``), with the digest of every main file they were compiled from."""
        from crossfile_datasets.sandbox.tempfolders import HeldFolder

        digests = {}
        for rel in built.layout.main:
            if rel in built.layout.generated:
                continue
            try:
                digests[rel] = hashlib.sha256(hostfs.read_bytes(box.root, rel)).hexdigest()
            except OSError:
                return
        folder = HeldFolder("java-prebuilt-")
        try:
            for name, classes in (("main", built.classes_main), ("aux", built.classes_aux), ("test", built.classes_test)):
                if classes is not None:
                    shutil.copytree(classes, folder.path / name, symlinks=True)
        except OSError:
            folder.close()
            return
        old = self._prebuilt.pop(key, None)
        if old is not None:
            old.folder.close()
        if not self._dropped_at_exit:
            atexit.register(self.drop_prebuilt)  # the folders go with the process
            self._dropped_at_exit = True
        self._prebuilt[key] = _Prebuilt(folder, digests, dict(built.left_out), built.classes_aux is not None)
        while len(self._prebuilt) > self.max_prebuilt:
            self._prebuilt.pop(next(iter(self._prebuilt))).folder.close()

    def drop_prebuilt(self) -> None:
        """Remove the kept class files of original trees (at exit; a later run builds again)."""
        while self._prebuilt:
            self._prebuilt.popitem()[1].folder.close()

    def _reuse(self, box) -> _Built | None:
        """The build of a tree that differs from a prebuilt original tree only in the text of main
        files the original compiled: the original's class files, with those files compiled
        again over its main classes (strictly: a failure is ``COMPILE_FAILED``). None when there is
        no such original (the caller builds everything)."""
        layout = java_layout(box.root)
        pre_key = build_key(box.root, layout)
        pre = self._prebuilt.get(pre_key)
        if pre is None or set(layout.main) - set(layout.generated) != set(pre.main_digests):
            return None
        changed = []
        for rel in layout.main:
            if rel in layout.generated:
                continue
            try:
                digest = hashlib.sha256(hostfs.read_bytes(box.root, rel)).hexdigest()
            except OSError:
                return None
            if digest != pre.main_digests[rel]:
                if rel in pre.left_out:
                    return None
                changed.append(rel)
        built = _Built(None, layout=layout, left_out=dict(pre.left_out), trimmed=dict(self._trimmed.get(pre_key, {})))
        build = box.control / "build"
        for name in ("main", "aux", "test"):
            if (pre.folder.path / name).is_dir():
                shutil.copytree(pre.folder.path / name, build / name, symlinks=True)
        built.classes_main, built.classes_test = build / "main", build / "test"
        built.classes_aux = build / "aux" if pre.has_aux else None
        built.log = "# the original tree's class files, " + (
            "compiled again: " + ", ".join(changed) if changed else "nothing compiled again") + "\n"
        if changed:
            _recode(box, built)
            jars = [str(box.root / j) for j in layout.jars] + layout.dependency_jars
            res = self._javac(box, build / "changed", [built.source_path(box.root, f) for f in changed],
                              [str(build / "main"), *jars], build / "changed.args")
            output = res.result.stdout + res.result.stderr
            built.log += "$ javac (changed main files)\n" + output[-4000:]
            if res.timed_out:
                built.run = SuiteRun(SuiteStatus.TIMEOUT, log=built.log, reason="compile_timeout")
                return built
            if not res.result.ok:
                built.run = SuiteRun(SuiteStatus.COMPILE_FAILED, log=built.log,
                                     reason="compile_failed: " + first_error(output))
                return built
            shutil.copytree(build / "changed", build / "main", symlinks=True, dirs_exist_ok=True)
        return built

    def compile_only(self, root: Path, limits=None) -> SuiteRun:
        """Compile main and test sources; OK, COMPILE_FAILED, FRAMEWORK_UNAVAILABLE, TIMEOUT."""
        from crossfile_datasets.sandbox import Sandbox

        archive = default_javac_archive()
        with Sandbox(root, python=sys.executable, limits=_sandbox_limits(limits),
                     read_only=(str(archive.parent),) if archive else ()) as box:
            built = self._build(box, limits)
            if built.run is not None:
                return built.run
            return SuiteRun(SuiteStatus.OK, log=built.log + _left_out_note(built.left_out),
                            adjustments=_adjustments(built))

    # -- running --------------------------------------------------------------------------
    def run(self, root: Path, test_ids: list[str] | None = None, *, coverage: bool = False, limits=None,
            setup: JavaSetup | None = None, first_failure: bool = False, reuse_build: bool = False) -> SuiteRun:
        """Build, then run every test class (``test_ids`` None) or the classes of ``test_ids``
        (results limited to those ids; an id that did not run is an ERROR). ``coverage``: per-test
        line coverage of the main sources with JaCoCo (see the module docstring). ``setup``: the
        original tree's (:meth:`setup`; its left-out files are remembered by the runner anyway).
        ``first_failure``: stop after the first test that does not pass (the others do not run).
        ``reuse_build`` (the builder's wrong-class gate, without coverage): when the tree differs
        from an original tree this runner built only in main files' text, reuse that build's class
        files -- test classes included -- and compile only the changed files (one javac run of one
        file instead of the main and test sets). Only for wrong classes that change method bodies
        and nothing else (the throwing stub, one-method mutants: ``lang/java/wrong_classes.py``):
        tests compiled against the original inline its constants and bind to its signatures, so a
        class whose fields or signatures differ must be built whole (the evaluation never reuses)."""
        from crossfile_datasets.sandbox import Sandbox

        limits = _sandbox_limits(limits)
        tools = runner_tools()
        agent = tools.agent if coverage else None
        with Sandbox(root, python=sys.executable, limits=limits, read_only=tools.read_only) as box:
            built = (self._reuse(box) if reuse_build and agent is None else None) or self._build(box, limits)
            if built.run is not None:
                return built.run
            # written before anything of the repository runs, in our control folder
            options = [f"timeout={int(limits.test_timeout)}", *(["failfast=1"] if first_failure else [])]
            if test_ids is None:
                selection = [f"scan={built.classes_test}"]
            else:
                # a class that was not compiled would stop the launcher: its ids just do not run
                classes = sorted({c for c in (t.split("#", 1)[0] for t in test_ids)
                                  if (built.classes_test / (c.replace(".", "/") + ".class")).is_file()})
                if not classes:
                    return SuiteRun(SuiteStatus.NO_TESTS, log=built.log, reason="no_tests_selected")
                selection = [f"class={c}" for c in classes]
            per_class = agent is not None and test_ids is None
            # a whole suite under coverage gets half the time: when it does not finish, each test
            # class runs alone in the other half (per_class_runs), so a slow class costs its own tests
            first = limits.timeout / 2 if per_class else None
            records, res = self._junit(box, tools, built, options + selection, agent, "tests", first)
            log = built.log + "\n$ junit runner\n" + (res.result.stdout + res.result.stderr)[-8000:] \
                + _left_out_note(built.left_out)
            if per_class and res.timed_out:
                return self._per_class_runs(box, tools, built, options, agent, limits, log)
            results, problems = judge_records(records, res)
            if per_class and problems:
                # a crash of one class (jmustache's ThreadSafetyTest starts 1024 threads: the
                # sandbox's task limit) made the whole run untrusted: each class runs alone in the
                # other half of the time, so the crash costs that class's tests only
                why = "; ".join(problems)[:200]
                return self._per_class_runs(box, tools, built, options, agent, limits, log, crashed=why)
            status, reason, results = judge_run(
                results, test_ids, timed_out=res.timed_out, trusted=not problems,
                unfinished=("incomplete: " + "; ".join(problems)[:300], "the run's verdict is incomplete"))
            run = SuiteRun(status, results, {}, log, reason, adjustments=_adjustments(built))
            if agent is not None and status is SuiteStatus.OK:
                self._coverage(box, tools, built, [(records, box.control / "coverage" / "tests.exec")], run)
        return run

    def _junit(self, box, tools: "RunnerTools", built: _Built, options: list[str], agent: Path | None, name: str,
               timeout: float | None = None) -> tuple[ChannelRecords, object]:
        """One JVM of our runner over ``options`` (its argument file ``<name>.args``; coverage into
        ``coverage/<name>.exec`` with ``agent``): the channel's records and the sandbox run."""
        jvm = [tools.java, *JVM_OPTIONS, *RUN_OPTIONS, *limit_modules()]
        options = list(options)
        if agent is not None:
            exec_file = box.control / "coverage" / f"{name}.exec"
            exec_file.parent.mkdir(parents=True, exist_ok=True)
            options.append(f"coverage={exec_file}")
            jvm.append(f"-javaagent:{agent}=" + agent_options(built.layout))
        argfile = box.control / ("junit.args" if name == "tests" else f"junit-{name}.args")
        argfile.write_text("".join(o.replace("\n", " ") + "\n" for o in options), encoding="utf-8")
        # the test classes before the main ones (Maven's and Gradle's order): a class of the main
        # output never stands in for a class of the test tree (red team 5, row 6: a generated class
        # file declaring a second top-level class named like a helper of the tests)
        classpath = [str(tools.classes), str(JAVA_SHARE / LAUNCHER_JAR), str(built.classes_test),
                     str(built.classes_main), *([str(built.classes_aux)] if built.classes_aux else []),
                     *[str(box.root / r) for r in built.layout.resources],
                     *[str(box.root / j) for j in built.layout.jars], *built.layout.dependency_jars,
                     *built.layout.test_dependency_jars, *framework_jars()]
        # the record channel is a socket the JVM gets as its standard input (the runner takes it
        # with System.inheritedChannel): a socket cannot be opened again through /proc/self/fd
        # to read the records and their token, as a pipe's write end can (red team 2, row 3)
        channel = ResultChannel(socket=True)
        record_fd = channel.child_fds[1]
        res = box.run(["/bin/bash", "-c", f'exec "$@" 0<&{record_fd} {record_fd}<&-', "bash",
                       *jvm, "-cp", os.pathsep.join(classpath), RUNNER_CLASS, str(argfile)],
                      env=JVM_ENV, channel=channel, timeout=timeout)
        return channel.finish(), res

    def _per_class_runs(self, box, tools: "RunnerTools", built: _Built, options: list[str], agent: Path | None,
                        limits, log: str, crashed: str = "") -> SuiteRun:
        """The whole suite under coverage did not finish in its half of the time, or its verdict
        is untrusted (``crashed``: why; a class hit a process limit, ended the JVM): every test class
        runs alone, in its own JVM with its own verdict channel and coverage data, sharing the other
        half (at least ``CLASS_MIN_SECONDS_PER_CLASS`` each). A class whose run is trusted gives its
        results; the methods of a class that is not (its time out, a crash) are errors, the class
        listed in ``adjustments["incomplete_classes"]`` and the run's reason ``incomplete: ...``."""
        by_class: dict[str, list[str]] = {}
        for test in self.discover(box.root):
            cls = test.split("#", 1)[0]
            if (built.classes_test / (cls.replace(".", "/") + ".class")).is_file():
                by_class.setdefault(cls, []).append(test)
        deadline = time.monotonic() + limits.timeout / 2
        results: list[TestResult] = []
        sessions: list[tuple[ChannelRecords, Path]] = []
        incomplete: dict[str, str] = {}
        whole = f"the whole suite under coverage was incomplete ({crashed})" if crashed else \
            f"the whole suite under coverage did not finish in {limits.timeout / 2:.0f} s"
        log += f"\n# {whole}: {len(by_class)} test classes run one at a time"
        for n, (cls, tests) in enumerate(sorted(by_class.items())):
            share = max(C.CLASS_MIN_SECONDS_PER_CLASS, (deadline - time.monotonic()) / (len(by_class) - n))
            name = f"class-{n}"
            records, res = self._junit(box, tools, built, [*options, f"class={cls}"], agent, name, share)
            got, problems = judge_records(records, res)
            if problems:
                why = "timed out" if res.timed_out else "; ".join(problems)[:200]
                incomplete[cls] = why
                results += [TestResult(t, TestOutcome.ERROR, 0.0, f"incomplete: the class's own run {why}") for t in tests]
                log += f"\n$ junit runner ({cls}): {why}"
                continue
            results += got
            sessions.append((records, box.control / "coverage" / f"{name}.exec"))
        if not sessions:
            if crashed:
                return SuiteRun(SuiteStatus.CRASHED, results, {}, log,
                                f"incomplete: {crashed}; no test class finished alone either",
                                adjustments=_adjustments(built))
            return SuiteRun(SuiteStatus.TIMEOUT, results, {}, log, "timeout: no test class finished alone either",
                            adjustments=_adjustments(built))
        adjustments = _adjustments(built)
        reason = ""
        if incomplete:
            adjustments["incomplete_classes"] = [f"{c}: {why}" for c, why in sorted(incomplete.items())]
            reason = f"incomplete: {len(incomplete)} of {len(by_class)} test classes did not finish alone " + \
                (f"(the whole suite under coverage: {crashed})" if crashed else
                 f"(the whole suite under coverage took over {limits.timeout / 2:.0f} s)")
        run = SuiteRun(SuiteStatus.OK, sorted(results, key=lambda r: r.test_id), {}, log, reason, adjustments=adjustments)
        self._coverage(box, tools, built, sessions, run)
        return run

    @staticmethod
    def _coverage(box, tools: "RunnerTools", built: _Built, runs: list[tuple[ChannelRecords, Path]], run: SuiteRun) -> None:
        """Fill ``run``'s coverage fields from the execution data the runner appended, one file per
        JVM run (``runs``: its records and its file; each analysed by a JVM of ours in the same
        sandbox; what the tests left in a file only changes coverage)."""
        run.per_test_coverage, run.coverable, run.coverage = {}, {}, {}
        note = ""
        # the files compiled, not every main file: a copy left out of the build (jOOR's
        # jOOR-java-6/ and jOOR-java-8/ Reflect.java, ``duplicate class``) no longer hides the one
        # that ran (JaCoCo names a source by package and file name only)
        # and a file that declares no type makes no class (jOOR-java-6's Compile.java: its package
        # line and blank lines, what jOOQ's preprocessor leaves for Java 6)
        not_compiled = dict(built.left_out)
        for name, files in _jacoco_names(built.layout, not_compiled).items():
            if len(files) > 1:
                not_compiled.update((rel, "declares no type") for rel in files if not _declares_type(box, rel))
        sources = source_files(built.layout, not_compiled)
        ambiguous = ambiguous_sources(built.layout, not_compiled)
        if ambiguous:  # compiled files JaCoCo cannot tell apart: no coverage for them, counted
            run.adjustments["coverage_ambiguous_sources"] = ambiguous
        left = C.COVERAGE_MAX_LINE_ENTRIES  # for all the runs' coverage together
        for records, exec_file in runs:
            argv = ["java", *JVM_OPTIONS, "-cp", os.pathsep.join([str(tools.classes), *tools.jacoco]), COVERAGE_CLASS,
                    str(exec_file), str(built.classes_main)]
            res = box.run(argv, env=JVM_ENV)
            sessions = {f"test-{r.get('seq')}": str(r.get("id")) for r in records.records}
            try:
                per_test, coverable = parse_coverage(res.result.stdout, sessions, sources, max_entries=left)
            except CoverageTooLarge as exc:  # host memory (red team 2026-11-29f row 2): no coverage at all
                run.per_test_coverage, run.coverable, run.coverage = {}, {}, {}
                run.refused.append((f"{hostfs.HOST_FILES_STAGE}/coverage_too_many_lines", f"{exec_file.name}: {exc}"))
                run.log += f"\n$ coverage: refused, {exc} (COVERAGE_MAX_LINE_ENTRIES)"
                return
            left -= sum(len(lines) for files in per_test.values() for lines in files.values())
            left -= sum(len(lines) for lines in coverable.values())
            run.per_test_coverage.update(per_test)
            for rel, lines in coverable.items():
                run.coverable.setdefault(rel, set()).update(lines)
            if not res.result.ok or res.result.stdout_truncated:
                note += f" (analysis of {exec_file.name} incomplete: {res.result.status.value} {res.result.returncode}" \
                        f"{', output truncated' if res.result.stdout_truncated else ''})\n" + res.result.stderr[-2000:]
        for files in run.per_test_coverage.values():
            for rel, lines in files.items():
                run.coverage.setdefault(rel, set()).update(lines)
        run.log += f"\n$ coverage: {len(run.per_test_coverage)} tests with coverage of {len(run.results)}" + note


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
    if records.tampered:
        problems.append(records.tampered)
    if records.overflow:
        problems.append(f"{records.overflow} channel lines over the channel's limits")
    failed = records.events.get("launcher_failed")
    if failed is not None:
        # a Throwable out of the launcher (an OutOfMemoryError of one test, java-uuid-generator's
        # testSortingMV7 under -Xmx): the tests after it did not run; say what ended it
        problems.insert(0, f"the JUnit launcher failed: {str(failed.get('message') or '')[:200]}")
    end = records.session_end
    seqs = [r.get("seq") for r in records.records]
    if end is None:
        problems.append("no end record (the JVM exited, halted or was killed before the runner finished)")
    elif end.get("tests") != len(seqs):
        problems.append(f"the end record counts {end.get('tests')} tests, the channel carried {len(seqs)}")
    elif end.get("seq") != len(seqs) + len(records.events):
        # each named event takes a number too (the runner's launcher_failed)
        problems.append(f"the end record is number {end.get('seq')}, the channel carried "
                        f"{len(seqs) + len(records.events)} records")
    if seqs != list(range(len(seqs))):
        problems.append("test records out of order, repeated or missing")
    result = res.result
    if result.status is not RunStatus.EXITED or result.returncode != 0:
        problems.append(f"the runner ended with {result.status.value} {result.returncode}")
    if res.process_limit_hit or res.memory_limit_hit:
        problems.append("a process or memory limit was hit")
    return [folded[k] for k in sorted(folded)], problems


# ------------------------------------------------------------------------------ coverage --
def _jacoco_names(layout: JavaLayout, left_out: dict[str, str] | None = None) -> dict[str, list[str]]:
    """``pkg/path/Name.java`` (how JaCoCo names a class's source) -> the compiled main files
    (those not in ``left_out``) it may be."""
    seen: dict[str, list[str]] = {}
    for rel in layout.main:
        if left_out and rel in left_out:
            continue
        package = layout.packages.get(rel, "")
        name = rel.rsplit("/", 1)[-1]
        seen.setdefault(f"{package.replace('.', '/')}/{name}" if package else name, []).append(rel)
    return seen


# the declarations that make a class file (what javac compiles a Java file's top level into)
_JAVA_TYPE_DECLARATIONS = frozenset({"class_declaration", "interface_declaration", "enum_declaration",
                                     "record_declaration", "annotation_type_declaration"})


def _declares_type(box, rel: str) -> bool:
    """Whether the copy's ``rel`` declares a type at its top level, read by tree-sitter within the
    parse budget (True when it cannot be read or parsed: kept as it was)."""
    try:
        text = box.read_back(f"repo/{rel}")
        tree = get_language(Lang.JAVA).parse(text, rel)
    except (OSError, UnicodeError, ValueError, ParseTimeout):
        return True
    root = tree.root_node
    return root.has_error or any(node.type in _JAVA_TYPE_DECLARATIONS for node in root.children)


def source_files(layout: JavaLayout, left_out: dict[str, str] | None = None) -> dict[str, str]:
    """``pkg/path/Name.java`` (how JaCoCo names a class's source) -> the main file it is, for the
    names only one compiled main file has (files in ``left_out`` were not compiled: not counted)."""
    return {k: v[0] for k, v in _jacoco_names(layout, left_out).items() if len(v) == 1}


def ambiguous_sources(layout: JavaLayout, left_out: dict[str, str] | None = None) -> list[str]:
    """``name: file, file`` for each JaCoCo source name several compiled main files share (no
    per-test coverage can be given to either)."""
    return [f"{k}: {', '.join(v)}" for k, v in sorted(_jacoco_names(layout, left_out).items()) if len(v) > 1]


_RANGE_MAX_LINES = 100_000  # one range of the analysis's output covers at most this many lines more


class CoverageTooLarge(ValueError):
    """The analysis's output holds more (test, file, line) and (file, line) entries than the host
    keeps (``COVERAGE_MAX_LINE_ENTRIES``): the run's coverage is refused (red team 2026-11-29f
    row 2: 100 tests over 60,000 straight-line lines were 6,000,000 entries, +263 MB)."""


def _ranges(ranges) -> list[tuple[int, int]]:
    """The well-formed ``[first, last]`` pairs of ``ranges``, each cut at ``_RANGE_MAX_LINES``."""
    out: list[tuple[int, int]] = []
    for pair in ranges if isinstance(ranges, list) else ():
        if isinstance(pair, list) and len(pair) == 2 and all(isinstance(x, int) for x in pair) and 0 < pair[0] <= pair[1]:
            out.append((pair[0], min(pair[1], pair[0] + _RANGE_MAX_LINES)))
    return out


def _merged(ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``ranges`` sorted, overlapping and touching ones joined: each line once (pure)."""
    out: list[tuple[int, int]] = []
    for first, last in sorted(ranges):
        if out and first <= out[-1][1] + 1:
            if last > out[-1][1]:
                out[-1] = (out[-1][0], last)
        else:
            out.append((first, last))
    return out


def parse_coverage(text: str, sessions: dict[str, str], sources: dict[str, str],
                   max_entries: int = C.COVERAGE_MAX_LINE_ENTRIES
                   ) -> tuple[dict[str, dict[str, set[int]]], dict[str, set[int]]]:
    """``CrossfileCoverage``'s output -> (test id -> file -> executed lines, file -> lines holding
    code). ``sessions``: session name -> test id (invocations of one method add up); ``sources``:
    JaCoCo's source name -> repository file (:func:`source_files`; other sources are left out).

    The output gives line *ranges*; they are kept as ranges and counted (each line of a test's
    file once, however many invocations ran it) before any is expanded into a set of lines:
    more than ``max_entries`` entries in all (per test and file, and coverable per file) raises
    :class:`CoverageTooLarge`, nothing expanded (the Python runner's cap on the same data).

    What ran outside every test's window -- during discovery (the session ``before-tests``: a
    JUnit 4 Parameterized class's ``@Parameters`` rows, the enums they name and what those
    initialize) or between two tests (``outside:CLASS``, before a test of CLASS: its class's
    static initializers, ``@BeforeClass``) -- is added to a test's lines in each file the test
    itself executes (discovery's for every test, the between-tests data for the tests of CLASS):
    the state a test reads was built there. Reset at each test's start, it was lost, and
    user-agent-utils' version fetchers, built while the Browser enum initialized at discovery,
    counted their constructors as never run (held-out 19)."""
    per_test: dict[str, dict[str, list[tuple[int, int]]]] = {}
    coverable: dict[str, list[tuple[int, int]]] = {}
    # entries of the lists as last merged (each line once), plus the lengths of the ranges added
    # since (a line again for each range that names it: an upper bound)
    counted = [0]
    exact: dict[int, int] = {}  # id of a kept list -> its entries when last merged
    merged_len: dict[int, int] = {}  # id of a kept list -> its length when last merged
    dirty: dict[int, list[tuple[int, int]]] = {}  # the lists extended since

    def count(target: list[tuple[int, int]], ranges: list[tuple[int, int]]) -> None:
        target.extend(ranges)
        dirty[id(target)] = target
        counted[0] += sum(last - first + 1 for first, last in ranges)
        if counted[0] <= max_entries:
            return
        for key, kept in dirty.items():  # the exact count: merge the lists extended since the last merge
            counted[0] -= exact.get(key, 0) + sum(last - first + 1 for first, last in kept[merged_len.get(key, 0):])
            kept[:] = _merged(kept)
            exact[key], merged_len[key] = sum(last - first + 1 for first, last in kept), len(kept)
            counted[0] += exact[key]
        dirty.clear()
        if counted[0] > max_entries:
            raise CoverageTooLarge(f"more than {max_entries} (test, file, line) entries")

    before: dict[str, list[tuple[int, int]]] = {}  # file -> lines run during discovery
    outside: dict[str, dict[str, list[tuple[int, int]]]] = {}  # test class -> file -> lines run between tests

    for line in text.splitlines():
        try:
            obj = loads_untrusted(line)
        except (ValueError, RecursionError):  # JSONDecodeError, or a number over JSON_INT_MAX_DIGITS
            continue
        if not isinstance(obj, dict):
            continue
        if isinstance(obj.get("coverable"), dict):
            for name, ranges in obj["coverable"].items():
                if name in sources:
                    count(coverable.setdefault(sources[name], []), _ranges(ranges))
        elif isinstance(obj.get("lines"), dict) and isinstance(obj.get("session"), str):
            session = obj["session"]
            if session in sessions:
                files = per_test.setdefault(sessions[session], {})
            elif session == "before-tests":
                files = before
            elif session.startswith("outside:"):
                files = outside.setdefault(session[len("outside:"):], {})
            else:
                continue
            for name, ranges in obj["lines"].items():
                if name in sources:
                    count(files.setdefault(sources[name], []), _ranges(ranges))
    for test, files in per_test.items():
        shared = outside.get(test.split("#", 1)[0], {})
        for rel, kept in files.items():
            extra = before.get(rel, []) + shared.get(rel, [])
            if extra:
                count(kept, extra)

    def expand(ranges: list[tuple[int, int]]) -> set[int]:
        out: set[int] = set()
        for first, last in ranges:
            out.update(range(first, last + 1))
        return out

    return ({t: {rel: expand(r) for rel, r in f.items()} for t, f in per_test.items() if f},
            {rel: expand(r) for rel, r in coverable.items()})


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
    java: str = "java"  # the launcher of the tests' JVM (:func:`sealed_java`)
    javac_archive: Path | None = None  # class data sharing archive of javac's classes (:func:`javac_archive`)

    @property
    def read_only(self) -> tuple[str, ...]:
        sealed = Path(self.java).parent.parent if os.path.isabs(self.java) else None
        archive = self.javac_archive.parent if self.javac_archive else None
        return tuple(str(p) for p in (self.classes, self.agent.parent if self.agent else None, sealed, archive)
                     if p is not None)


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
    return RunnerTools(classes, agent, jacoco, sealed_java(classes.parent), default_javac_archive())


# the options every javac of ours runs with (:meth:`JavaRunner._javac`, and the run that makes the
# archive: a dynamic archive is made and used under the same options)
# C1 only (-J-XX:TieredStopAtLevel=1): javac of a few dozen files is over before C2 pays off; half
# the CPU time (commons-codec 1.4's main set: 5.2 s -> 2.5 s user)
JAVAC_JVM_OPTIONS = ("-J-Xmx768m", "-J-XX:+UseSerialGC", "-J-XX:TieredStopAtLevel=1", "-J-XX:CompressedClassSpaceSize=128m",
                     "-J-XX:ReservedCodeCacheSize=96m")
_WARM_SOURCE = """package warm;
import java.util.*;
import java.util.function.*;
import java.util.stream.*;
/** What javac loads for ordinary code: generics, lambdas, streams, inner and anonymous classes, enums. */
public class Warm<T extends Comparable<T>> implements Iterable<T> {
    enum Kind { A, B }
    private final List<T> items = new ArrayList<>();
    @Override public Iterator<T> iterator() { return items.iterator(); }
    public Map<Boolean, List<T>> split(Predicate<? super T> p) {
        return items.stream().sorted().collect(Collectors.partitioningBy(p));
    }
    public Runnable task(final String name) {
        return new Runnable() { public void run() { System.out.println(name + Kind.A + String.format("%d", 1)); } };
    }
    static <K, V> V get(Map<K, V> m, K k, Supplier<V> d) { try { return m.getOrDefault(k, d.get()); } catch (RuntimeException e) { throw e; } }
}
"""


def default_javac_archive() -> Path | None:
    """:func:`javac_archive` in the default cache (where our Java helpers are compiled)."""
    from crossfile_datasets.core.paths import default_cache_dir

    return javac_archive(default_cache_dir() / "java")


@functools.lru_cache(maxsize=8)
def javac_archive(cache: Path) -> Path | None:
    """A class data sharing archive of javac's own classes (``-XX:ArchiveClassesAtExit``), made
    once per JDK in the cache by compiling a file of ours on the host (no repository code), then
    given to every javac of the runner (``-XX:SharedArchiveFile``): javac of one changed file --
    each wrong class of the class builder's gates -- spends most of its time loading and linking
    javac itself (concurrent-trees' ``ConcurrentRadixTree``, quiet machine, 2026-11-28g: 0.51 s
    -> 0.38 s a javac; see docs/classlevel.md). None when it cannot be made (javac runs as
    before). The JVM ignores an archive of another JDK or a damaged one, silently."""
    javac = shutil.which("javac")
    if javac is None:
        return None
    home = Path(javac).resolve().parent.parent
    try:
        key = (home / "release").read_bytes() + str(home).encode()
        for lib in sorted(home.glob("lib/server/libjvm.so")):
            stat = lib.stat()
            key += f"{lib}:{stat.st_size}:{stat.st_mtime_ns}".encode()
    except OSError:
        return None
    folder = cache / f"javac-cds-{hashlib.sha256(key).hexdigest()[:16]}"
    target = folder / "javac.jsa"
    if target.is_file():
        return target
    from crossfile_datasets.analyzers.run import run as run_process

    tmp = cache / f".javac-cds-{os.getpid()}-{threading.get_ident()}"
    shutil.rmtree(tmp, ignore_errors=True)
    try:
        (tmp / "warm").mkdir(parents=True)
        (tmp / "warm" / "Warm.java").write_text(_WARM_SOURCE, encoding="utf-8")
        res = run_process([javac, *JAVAC_JVM_OPTIONS, f"-J-XX:ArchiveClassesAtExit={tmp / 'javac.jsa'}",
                           "-encoding", "UTF-8", "-nowarn", "-proc:none", "-g", "-d", str(tmp / "out"),
                           str(tmp / "warm" / "Warm.java")], timeout=300)
        if not res.ok or not (tmp / "javac.jsa").is_file():
            return None
        folder.mkdir(parents=True, exist_ok=True)
        os.replace(tmp / "javac.jsa", target)  # atomic: builds side by side see it whole or not at all
        return target
    except OSError:
        return None
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def sealed_java(cache: Path) -> str:
    """An execute-only copy of the ``java`` launcher (mode 0111, its JDK's other folders linked
    beside it, so it finds its JDK as the original does): the tests' JVM is started from it.

    A process whose program file it cannot read is not dumpable (the kernel's rule for
    execute-only programs), and the sandbox's processes hold no capability: no process of the
    sandbox -- a child the tests start, such as ``jhsdb jmap --pid`` or a script reading
    ``/proc/<jvm>/mem`` -- can read the tests' JVM's memory, open its descriptors or trace it,
    where the runner's token lives. ``"java"`` when the JDK cannot be found."""
    found = shutil.which("java")
    if found is None:
        return "java"
    real = Path(found).resolve()
    home = real.parent.parent
    digest = hashlib.sha256(real.read_bytes() + str(home).encode()).hexdigest()[:16]
    folder = cache / f"java-sealed-{digest}"
    target = folder / "bin" / "java"
    if os.path.lexists(target):
        return str(target)
    tmp = cache / f".java-sealed-{os.getpid()}-{threading.get_ident()}"
    shutil.rmtree(tmp, ignore_errors=True)
    (tmp / "bin").mkdir(parents=True)
    for name in os.listdir(home):
        if name != "bin":
            os.symlink(home / name, tmp / name)
    shutil.copyfile(real, tmp / "bin" / "java")
    os.chmod(tmp / "bin" / "java", 0o111)
    try:
        os.rename(tmp, folder)
    except OSError:  # another process made it first
        shutil.rmtree(tmp, ignore_errors=True)
    return str(target)


_MODULES: dict[str, tuple[str, ...]] = {}


def limit_modules(java: str = "java") -> tuple[str, ...]:
    """``--limit-modules`` options for the tests' JVM: every module of the JDK but
    :data:`HIDDEN_MODULES` (none when the JDK does not list its modules)."""
    if java not in _MODULES:
        from crossfile_datasets.analyzers.run import run as run_process

        listed = run_process([java, "--list-modules"], timeout=120)
        names = sorted({line.split("@", 1)[0].strip() for line in listed.stdout.splitlines() if line.strip()})
        kept = [n for n in names if n not in HIDDEN_MODULES]
        _MODULES[java] = ("--limit-modules", ",".join(kept)) if listed.ok and kept else ()
    return _MODULES[java]


def _extract_agent(cache: Path) -> Path:
    bundle = JAVA_SHARE / JACOCO_AGENT_BUNDLE
    digest = hashlib.sha256(bundle.read_bytes()).hexdigest()[:16]
    folder = cache / f"jacoco-{digest}"
    target = folder / JACOCO_AGENT_ENTRY
    if target.is_file():
        return target
    folder.mkdir(parents=True, exist_ok=True)
    tmp = folder / f".{os.getpid()}.{threading.get_ident()}.{JACOCO_AGENT_ENTRY}"  # repositories built side by side
    with zipfile.ZipFile(bundle) as z:
        tmp.write_bytes(z.read(JACOCO_AGENT_ENTRY))
    os.replace(tmp, target)
    return target


def _adjustments(built: _Built) -> dict[str, list[str]]:
    """``SuiteRun.adjustments``: the files left out of the build, each with why; the files
    compiled from a UTF-8 copy, each with its encoding."""
    out = {"left_out_sources": [f"{f}: {why}" for f, why in sorted(built.left_out.items())]} if built.left_out else {}
    if built.layout is not None:  # "host_files/<refusal>: path": files the host refused to read or parse
        refused = [f"{why}: {f}" for f, why in sorted(built.layout.refused.items()) if why.startswith("host_files/")]
        if refused:
            out["host_files"] = refused
    if built.layout is not None and built.layout.unresolved:  # "<build file>: group:artifact (scope)"
        out["unresolved_dependencies"] = list(built.layout.unresolved)
    if built.layout is not None and built.layout.other_versions:  # "<build file>: g:a declared X, here Y"
        out["dependency_versions"] = list(built.layout.other_versions)
    if built.layout is not None and built.layout.generated:
        out["generated_sources"] = [f"{f}: from {t}" for f, t in sorted(built.layout.generated.items())]
    if built.generated_cut:
        out["generated_sources_cut"] = [f"{f}: {why}" for f, why in sorted(built.generated_cut.items())]
    if built.recoded_notes:
        out["recoded_sources"] = [f"{f}: {how}" for f, how in sorted(built.recoded_notes.items())]
    removed = [item for _, (_, items) in sorted(built.trimmed.items()) for item in items]
    if [i for i in removed if not i.startswith(("import ", "field "))]:
        out["left_out_tests"] = [i for i in removed if not i.startswith(("import ", "field "))]
    if [i for i in removed if i.startswith("import ")]:
        out["left_out_test_imports"] = [i[len("import "):] for i in removed if i.startswith("import ")]
    if [i for i in removed if i.startswith("field ")]:
        out["left_out_test_fields"] = [i[len("field "):] for i in removed if i.startswith("field ")]
    return out


# ----------------------------------------------------------------------------- encodings --
_POM_ENCODING = re.compile(r"<(?:project\.build\.sourceEncoding|encoding)>\s*([^<\s]+)\s*</")
# both read linearly (red team 2026-11-28g row 3): ``options.encoding`` first, then the task name
# looked for once on its line before it (after the previous setting); each ``<javac`` tag's end found
# once, its attribute looked for inside it
_GRADLE_ENCODING = re.compile(r"\boptions\.encoding\s*=\s*['\"]([^'\"]+)['\"]")
_GRADLE_TASK = re.compile(r"\b(compileJava|compileTestJava)\b")
_ANT_JAVAC = re.compile(r"<javac\b", re.IGNORECASE)
_ANT_ENCODING = re.compile(r"\bencoding\s*=\s*[\"']([^\"']+)[\"']", re.IGNORECASE)


def gradle_encodings(text: str) -> list[tuple[str, str]]:
    """(task, encoding) of each ``options.encoding = '...'`` of a Gradle build file, ``task`` the
    first ``compileJava`` / ``compileTestJava`` on its line before it ("" when none), pure."""
    out: list[tuple[str, str]] = []
    after = 0
    for m in _GRADLE_ENCODING.finditer(text):
        task = _GRADLE_TASK.search(text, max(after, text.rfind("\n", after, m.start()) + 1), m.start())
        out.append((task.group(1) if task else "", m.group(1)))
        after = m.end()
    return out


def ant_encoding(text: str) -> str | None:
    """The first ``encoding`` attribute of a ``<javac>`` tag of an Ant build file, pure."""
    after = 0
    for m in _ANT_JAVAC.finditer(text):
        if m.start() < after:
            continue  # inside the tag already read
        end = text.find(">", m.end())
        after = len(text) if end < 0 else end
        found = _ANT_ENCODING.search(text, m.end(), after)
        if found:
            return found.group(1)
    return None


def _charset(name: str) -> str | None:
    if "$" in name:
        return None
    try:
        codecs.lookup(name)
    except LookupError:
        return None
    return name


def declared_encodings(root: Path) -> dict[str, str]:
    """The source encoding the repository's build declares, per source set (``main``, ``tests``,
    ``aux``); empty when it declares none. Maven: ``project.build.sourceEncoding`` or the compiler
    plugin's ``<encoding>``; Gradle: ``options.encoding = '...'`` (``compileTestJava``'s for the
    tests); Ant: ``<javac encoding="...">``. Build files are read through the host file boundary."""
    found: dict[str, str] = {}
    for name in ("build.xml", "pom.xml"):
        try:
            text = hostfs.read_text(root, name, max_bytes=1 << 20)
        except OSError:
            continue
        m = _POM_ENCODING.search(text) if name == "pom.xml" else None
        declared = m.group(1) if m else ant_encoding(text) if name == "build.xml" else None
        if declared and _charset(declared):
            found = dict.fromkeys(("main", "tests", "aux"), declared)
    for name in ("build.gradle", "build.gradle.kts"):
        try:
            text = hostfs.read_text(root, name, max_bytes=1 << 20)
        except OSError:
            continue
        general: str | None = None
        specific: dict[str, str] = {}
        for task, encoding in gradle_encodings(text):
            if not _charset(encoding):
                continue
            if task:
                specific.setdefault("tests" if task == "compileTestJava" else "main", encoding)
            elif general is None:
                general = encoding
        if general or specific:
            main = specific.get("main", general)
            found = {k: v for k, v in (("main", main), ("tests", specific.get("tests", general)), ("aux", main)) if v}
    return found


def source_encoding(data: bytes, declared: str | None) -> tuple[str, str]:
    """(codec, how it was found) of one source file: the declared encoding when the file decodes
    in it (``declared``), else UTF-8 when it decodes so, else windows-1252 or, where a byte is
    undefined there, ISO-8859-1 (``detected``: a build declaring UTF-8 for a file written in a
    single-byte encoding, as older javac only warned about)."""
    if declared and codecs.lookup(declared).name != "utf-8":
        try:
            data.decode(declared)
            return codecs.lookup(declared).name, "declared"
        except (UnicodeDecodeError, LookupError):
            pass
    try:
        data.decode("utf-8")
        return "utf-8", ""
    except UnicodeDecodeError:
        pass
    how = "detected: not UTF-8 as declared" if declared else "detected"
    try:
        data.decode("cp1252")
        return "cp1252", how
    except UnicodeDecodeError:
        return "iso8859-1", how


def _recode(box, built: _Built) -> None:
    """UTF-8 copies, in the control folder, of the sources that are in another encoding."""
    layout = built.layout
    declared = declared_encodings(box.root)
    for kind in ("main", "aux", "tests"):
        for rel in getattr(layout, kind):
            try:
                data = hostfs.read_bytes(box.root, rel)
            except OSError:
                continue  # javac reports it
            if data.isascii():
                continue
            codec, how = source_encoding(data, declared.get(kind))
            if codec == "utf-8":
                continue
            copy = box.control / "recoded" / rel
            copy.parent.mkdir(parents=True, exist_ok=True)
            copy.write_text(data.decode(codec), encoding="utf-8")
            built.recoded[rel] = copy
            built.recoded_notes[rel] = f"{codec} ({how})"


_JAVA_METHODS = frozenset({"method_declaration", "constructor_declaration"})


def _test_methods(root) -> list:
    """The method declarations of a parsed Java file that a runner would take as tests: annotated
    with a test annotation, or JUnit 3's ``public void testX()``."""
    out, stack = [], [root]
    while stack:
        node = stack.pop()
        if node.type == "method_declaration":
            mods = next((c for c in node.children if c.type == "modifiers"), None)
            names = _annotation_names(node)
            name = node.child_by_field_name("name")
            params = node.child_by_field_name("parameters")
            junit3 = name is not None and (name.text or b"").startswith(b"test") and mods is not None \
                and b"public" in (mods.text or b"") and params is not None and not params.named_children
            if names & TEST_ANNOTATIONS or junit3:
                out.append(node)
        stack.extend(node.named_children)
    return out


# what a test class runs around its tests: blanked, the tests would run without it
FIXTURE_ANNOTATIONS = frozenset({"Before", "After", "BeforeClass", "AfterClass", "BeforeEach", "AfterEach",
                                 "BeforeAll", "AfterAll", "Rule", "ClassRule", "RegisterExtension"})


def _annotation_names(node) -> set[str]:
    mods = next((c for c in node.children if c.type == "modifiers"), None)
    marks = [c for c in (mods.named_children if mods is not None else ()) if "annotation" in c.type]
    return {(a.child_by_field_name("name").text or b"").decode("utf-8", "replace").rsplit(".", 1)[-1]
            for a in marks if a.child_by_field_name("name") is not None}


def _is_fixture(node) -> bool:
    """A member that sets up or tears down a test class's tests: an ``@Before``/``@BeforeEach``/
    ``@After``... method, a ``@Rule`` field, a constructor, JUnit 3's ``setUp``/``tearDown``."""
    if node.type == "constructor_declaration" or _annotation_names(node) & FIXTURE_ANNOTATIONS:
        return True
    name = node.child_by_field_name("name")
    params = node.child_by_field_name("parameters")
    return node.type == "method_declaration" and name is not None and name.text in (b"setUp", b"tearDown") \
        and params is not None and not params.named_children


def trim_test_source(text: str, errors: list[JavacError]) -> tuple[str, list[str]] | None:
    """``text`` (a test file) with the imports, fields and methods holding ``errors`` blanked
    (spaces, line ends kept: the other errors' lines stay right), and what was blanked, each
    ``pkg.Cls#method: why`` (the outermost method around the error: a test method, not a lambda's
    or an anonymous class's), ``field pkg.Cls#name: why`` or ``import <name>: why``, ``why`` the
    first missing symbol or message of its errors (``needs <package>`` for a package that does not
    exist: a library not installed); None when an error is outside every import, field and method
    (a class header: the file is left out whole), when an error is in a fixture member (an
    ``@Before``/``@BeforeEach``/``@After`` method, a ``@Rule`` field, a constructor, JUnit 3's
    ``setUp``: the tests left would run without their fixture and fail, or pass, for that --
    held-out 18's aerogear-otp-java TotpTest, whose ``setUp`` needed mockito, kept two weak tests
    that judged Totp), when the file held test methods and would keep none (a test framework
    that is not installed: the file is left out, ``needs <package>``) or when the file cannot be
    parsed (pure)."""
    try:
        root = get_language(Lang.JAVA).parse(text).root_node
    except (ValueError, ParseTimeout):
        return None
    if root.has_error:
        return None
    package = ""
    imports = []
    for node in root.named_children:
        if node.type == "package_declaration":
            package = " ".join((c.text or b"").decode("utf-8", "replace") for c in node.named_children
                               if c.type in ("scoped_identifier", "identifier"))
        elif node.type == "import_declaration":
            imports.append(node)
    cuts: dict[tuple[int, int], tuple[str, str]] = {}  # byte span -> (what, why)
    lines = text.split("\n")
    for e in errors:
        missing = re.match(r"package ([\w.]+) does not exist", e.message)
        row = e.line - 1
        why = (f"needs {package_label(missing.group(1))}" if missing else
               f"missing symbol: {e.symbol}" if e.symbol else e.message)[:200]
        found = next((n for n in imports if n.start_point[0] <= row <= n.end_point[0]), None)
        if found is not None:
            name = (found.text or b"").decode("utf-8", "replace").strip().rstrip(";").strip()
            cuts.setdefault((found.start_byte, found.end_byte), ("import " + name[len("import"):].strip(), why))
            continue
        line = lines[row] if 0 <= row < len(lines) else ""
        col = len(line) - len(line.lstrip())
        node = root.descendant_for_point_range((row, len(line[:col].encode("utf-8"))), (row, len(line.encode("utf-8"))))
        method, owners = None, []
        while node is not None:
            if node.type in _JAVA_METHODS or node.type == "field_declaration":
                method, owners = node, []  # the outermost one wins
            elif node.type in _JAVA_TYPE_DECLARATIONS and method is not None:
                owner = node.child_by_field_name("name")
                owners.append((owner.text or b"").decode("utf-8", "replace") if owner is not None else "?")
            node = node.parent
        if method is None or _is_fixture(method):
            return None
        cls = "$".join(reversed(owners))
        if method.type == "field_declaration":
            names = [(d.child_by_field_name("name").text or b"").decode("utf-8", "replace")
                     for d in method.named_children
                     if d.type == "variable_declarator" and d.child_by_field_name("name") is not None]
            member = f"field {package + '.' if package else ''}{cls}#{','.join(names) or '?'}"
        else:
            name = method.child_by_field_name("name")
            member = f"{package + '.' if package else ''}{cls}#{(name.text or b'').decode('utf-8', 'replace') if name else '?'}"
        cuts.setdefault((method.start_byte, method.end_byte), (member, why))
    if not cuts:
        return None
    tests = _test_methods(root)
    if tests and all(any(start <= t.start_byte and t.end_byte <= end for start, end in cuts) for t in tests):
        return None  # nothing of it would run: a file's loss (a test framework not installed)
    data = bytearray(text.encode("utf-8"))
    for start, end in cuts:
        data[start:end] = bytes(b if b == 0x0A else 0x20 for b in data[start:end])
    return data.decode("utf-8"), [f"{what}: {why}" for _, (what, why) in sorted(cuts.items())]


def _trim_test_file(box, built: _Built, rel: str, errors: list[JavacError]) -> bool:
    """Blank what of test file ``rel`` does not compile (:func:`trim_test_source`) into a control
    copy javac reads instead; False when it cannot be cut so (the caller leaves it out)."""
    try:
        text = Path(built.source_path(box.root, rel)).read_text(encoding="utf-8")
    except (OSError, UnicodeError):
        return False
    cut = trim_test_source(text, errors)
    if cut is None:
        return False
    new, removed = cut
    _write_trimmed(box, built, rel, new, built.trimmed.get(rel, ("", []))[1] + removed)
    return True


def _write_trimmed(box, built: _Built, rel: str, text: str, removed: list[str]) -> None:
    copy = box.control / "trimmed" / rel
    copy.parent.mkdir(parents=True, exist_ok=True)
    copy.write_text(text, encoding="utf-8")
    built.recoded[rel] = copy
    built.trimmed[rel] = (text, removed)


def _left_out_note(left_out: dict[str, str]) -> str:
    if not left_out:
        return ""
    return "\n# files left out (they do not compile here):\n" + "\n".join(f"{f}: {why}" for f, why in sorted(left_out.items()))


def _nothing_left(built: _Built, files: list[str], reason: str) -> SuiteRun:
    """No file of a source set compiled: ``FRAMEWORK_UNAVAILABLE`` naming what they need (the
    packages of ``needs ...`` reasons), else ``COMPILE_FAILED`` with the first file's reason."""
    reasons = [built.left_out[f] for f in files if f in built.left_out]
    labels = sorted({r[len("needs "):] for r in reasons if r.startswith("needs ")})
    log = built.log + _left_out_note(built.left_out)
    if labels:
        return SuiteRun(SuiteStatus.FRAMEWORK_UNAVAILABLE, log=log, reason=f"{reason}: " + ", ".join(labels),
                        adjustments=_adjustments(built))
    return SuiteRun(SuiteStatus.COMPILE_FAILED, log=log, reason="compile_failed: " + (reasons[0] if reasons else "no file compiles"),
                    adjustments=_adjustments(built))


def _relative(printed: str, root: Path) -> str:
    try:
        return Path(printed).resolve().relative_to(Path(root).resolve()).as_posix()
    except ValueError:
        return printed


def build_key(root: Path, layout: JavaLayout) -> str:
    """What identifies a tree's build for :meth:`JavaRunner.setup`: every source file's path and
    the text of the test and auxiliary files (a generated class changes one main file's text)."""
    digest = hashlib.sha256()
    for kind in ("main", "aux", "tests"):
        for rel in getattr(layout, kind):
            digest.update(f"{kind}\0{rel}\0".encode())
            if kind != "main":
                try:
                    digest.update(hostfs.read_bytes(root, rel))
                except OSError:
                    pass
            digest.update(b"\0")
    return digest.hexdigest()


RUNNER = JavaRunner()
