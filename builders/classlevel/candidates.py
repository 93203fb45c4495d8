"""Which classes become class-level tasks: RepoClassBench's Stage 2, for every language.

Why it exists: a class is a fair task only when (a) writing it needs the repository -- it makes
at least one *external reference* (to a definition in another file of the repository, or in
its own file outside the class) -- and (b) the repository's own tests judge it: tests that
pass on the original repository, execute the class, and whose bodies name the class or its
members, directly or through the test-code helpers they call (the task's EXPECTED_TO_PASS
tests). The paper's per-language thresholds are options
(``lang.classes.Thresholds``; each language applies its own in
``LanguageSupport.class_task_shortfall``):

- Python: >= 2 methods that are executed by an EXPECTED_TO_PASS test *and* make an external
  reference;
- Java: >= 2/3 of the class's methods named in the EXPECTED_TO_PASS test bodies, >= 1 external
  reference;
- C#: >= 30% of the class file's lines covered by the EXPECTED_TO_PASS tests, >= 1 external
  reference.

Everything language-specific comes from below: the class records from
``lang.classes.extractor_for``, the test outcomes and covered lines from
``sandbox.suites.runner_for``, definitions and name resolution from the repository graph
(``analyzers/graph.py``: a name in the class body resolves through the file's imports, its own
definitions and its package exactly as the graph resolves base classes). A runner without
per-test coverage (``SuiteRun.per_test_coverage`` empty) selects tests by their bodies alone.
Every class that does not become a task is counted under the stage ``classes`` with a named
reason, first failing check wins, in the order of :data:`REJECTIONS`.
"""

from __future__ import annotations

import dataclasses
import functools
import re
import weakref
from collections import Counter
from dataclasses import asdict, dataclass, field
from typing import Callable, Mapping

import networkx as nx

from crossfile_datasets.analyzers.graph import CLASS_KINDS, ScopeResolver, split_node
from crossfile_datasets.core.constants import CLASS_MIN_TESTS
from crossfile_datasets.core.records import FileFacts
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.lang import Lang, get_language
from crossfile_datasets.lang.base import LanguageSupport, iter_leaves, iter_leaves_in
from crossfile_datasets.lang.csharp.extensions import extension_target, extension_unseen, in_member_call
from crossfile_datasets.lang.python.scopes import PythonScopes
from crossfile_datasets.lang.classes import ClassInfo, ClassMeasures, MethodInfo, Thresholds
from crossfile_datasets.sandbox.suites import SuiteRun, TestOutcome

STAGE = "classes"
# rejection reasons, in the order they are checked (docs/classlevel.md explains each)
REJECTIONS = (
    "not_a_class",  # enum / interface / record / struct: only classes become tasks
    "in_test_file",  # a class of the test suite itself
    "no_methods",  # nothing to generate but fields
    "no_external_reference",  # needs nothing from the repository
    "suite_not_run",  # the repository's suite did not run (its reason: repositories/suite_<status>)
    "not_covered_by_tests",  # no test executes a line of its methods (runners with per-test coverage)
    "covered_only_by_failing_tests",  # every test executing it fails on the original repository
    "tests_do_not_reference_class",  # passing tests execute it but none names the class or a member
    "below_python_method_threshold",  # < N covered methods that make an external reference
    "below_java_method_share",  # < 2/3 of methods named in the EXPECTED_TO_PASS tests
    "below_csharp_file_coverage",  # < 30% of the file's lines covered
)

# identifier leaves and, per node type, the field holding a *member* name (``obj.member``):
# a member name alone is not resolved as a free name (``self.label`` is not the function ``label``)
IDENTIFIER_TYPES = frozenset({"identifier", "type_identifier"})
MEMBER_FIELDS = {
    "attribute": "attribute",  # Python
    "field_access": "field",  # Java
    "method_invocation": "name",  # Java (with an object)
    "member_access_expression": "name",  # C#
    "keyword_argument": "name",  # Python f(x=1): the parameter name
}
# node types whose ``name`` field declares a name instead of using one
DECLARING_TYPES = frozenset({
    "function_definition", "class_definition", "method_declaration", "class_declaration",
    "constructor_declaration", "variable_declarator", "formal_parameter", "parameter",
    "interface_declaration", "enum_declaration", "record_declaration", "struct_declaration",
    "property_declaration", "local_function_statement", "catch_parameter", "typed_parameter",
    "default_parameter", "typed_default_parameter",
})
_PARAMS = re.compile(r"(\[.*\]|\(.*\))$")
_WORD = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")


@dataclass(frozen=True)
class ExternalReference:
    name: str  # as written at the use ("round_money", "u.helper", "Quantity")
    kind: str  # the definition's kind (function, class, constant, method, ...)
    file: str  # the defining file
    symbol: str  # qualified name inside the defining file
    span: dict  # the definition's span {start_line, start_column, end_line, end_column}
    line: int  # 1-based line of the (first) use inside the class
    method: str  # the method of the first use ("" = the class header or body outside methods)
    used_in: tuple[str, ...] = ()  # every method using it, in class order ("" = outside methods)

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass
class Candidate:
    info: ClassInfo
    references: list[ExternalReference]
    expected_to_pass: list[str] = field(default_factory=list)
    covered_methods: list[str] = field(default_factory=list)  # executed by an EXPECTED_TO_PASS test
    referenced_methods: list[str] = field(default_factory=list)  # named in an EXPECTED_TO_PASS test body
    methods_with_references: list[str] = field(default_factory=list)
    file_coverage: float = 0.0  # share of the file's code lines (code_lines) covered by EXPECTED_TO_PASS
    # the wrong-class gate's result (builders/classlevel/build.py: wrong_class_gate): {} = not run
    wrong_classes: dict = field(default_factory=dict)
    # the gold gate's checked values (Python): ``{"test", "site"}`` compared on the host
    value_checks: list[dict] = field(default_factory=list)
    # the time of a run of its tests (builders/classlevel/build.py: mutant_time_limit): the gold
    # rerun's seconds of its EXPECTED_TO_PASS tests, the throwing stub's whole placed run
    gold_seconds: float = 0.0
    stub_seconds: float | None = None


# ------------------------------------------------------------------------ external refs --
def _is_member_position(node) -> bool:
    parent = node.parent
    if parent is None:
        return False
    member_field = MEMBER_FIELDS.get(parent.type)
    if member_field is not None and parent.child_by_field_name(member_field) == node:
        if parent.type == "method_invocation":  # Java: `name(...)` without an object is a free call
            return parent.child_by_field_name("object") is not None
        return True
    if parent.type in DECLARING_TYPES and parent.child_by_field_name("name") == node:
        return True
    return parent.type == "parameters" or parent.type == "lambda_parameters"


def _object_of(node):
    """The member-access node whose object is ``node`` (``u`` in ``u.helper``), or None."""
    parent = node.parent
    if parent is None or parent.type not in MEMBER_FIELDS or parent.type == "keyword_argument":
        return None
    obj = parent.child_by_field_name("object") or parent.child_by_field_name("expression")
    return parent if obj == node else None


def _access_chain(node) -> list:
    """The member accesses ``node`` starts, outermost first: for ``pkg`` in ``pkg.util.helper``,
    the nodes of ``pkg.util.helper`` and ``pkg.util``. A call ends the chain (Java's
    ``method_invocation`` is a member access and a call: what follows it is a member of a value)."""
    chain = []
    access = _object_of(node)
    while access is not None:
        chain.append(access)
        if access.type == "method_invocation":
            break
        access = _object_of(access)
    return chain[::-1]


def _access_name(index, access) -> str:
    """The qualified name an access spells: ``pkg.util.helper``; a Java call ``Empty.<E>vector()``
    names ``Empty.vector`` (no type arguments, no arguments)."""
    if access.type == "method_invocation":
        obj, name = access.child_by_field_name("object"), access.child_by_field_name("name")
        if obj is not None and name is not None:
            return re.sub(r"\s+", "", index.node_text(obj)) + "." + index.node_text(name)
    return re.sub(r"\s+", "", index.node_text(access))


_TYPE_KINDS = frozenset({"class", "interface", "enum", "struct", "record"})


def _test_owner(test_id: str) -> str:
    """The class (fixture, module) part of a test id: ``pkg.Cls#m``, ``path::Cls::m``, ``Ns.Fixture.M``."""
    for sep in ("#", "::", "."):
        if sep in test_id:
            return test_id.rsplit(sep, 1)[0]
    return ""


def nested_code(info: ClassInfo, ff: FileFacts) -> list[str]:
    """The nested types of ``info`` (qualified within the file) that hold methods of their own."""
    prefix = info.qualified_name + "."
    nested = [d.qualified_name for d in ff.definitions
              if d.kind in _TYPE_KINDS and d.qualified_name.startswith(prefix)]
    with_methods = {d.qualified_name.rpartition(".")[0] for d in ff.definitions
                    if d.kind in ("method", "function") and d.qualified_name.startswith(prefix)}
    return sorted(n for n in nested if n in with_methods)


def repository_type_names(graph: nx.MultiDiGraph) -> frozenset[str]:
    """The simple names of the graph's types (classes, interfaces, enums, structs ...)."""
    cached = _TYPE_NAMES.get(graph)
    if cached is None:
        cached = frozenset(str(a.get("name")) for _, a in graph.nodes(data=True) if a.get("kind") in CLASS_KINDS)
        _TYPE_NAMES[graph] = cached
    return cached


_TYPE_NAMES: "weakref.WeakKeyDictionary[nx.MultiDiGraph, frozenset[str]]" = weakref.WeakKeyDictionary()


@functools.lru_cache(maxsize=32)
def python_scopes(path: str, text: str) -> PythonScopes:
    """The local scopes of one Python file (its classes are read one after the other)."""
    return PythonScopes(text, path)


def external_references(info: ClassInfo, ff: FileFacts, graph: nx.MultiDiGraph,
                        resolver: ScopeResolver, unresolved: set[str] | None = None) -> list[ExternalReference]:
    """Definitions of the repository the class uses that lie outside it (one per definition,
    at its first use), resolved by the graph's scope rules. ``unresolved`` (C#): receives the
    names the class writes that spell a repository type, or call a repository extension method,
    and that the scope rules did not resolve (counted by the caller, never dropped silently)."""
    csharp = unresolved is not None and graph.graph.get("language") == "csharp"
    # Python: a parameter, local or class-body name is not the module's definition of that name
    scopes = python_scopes(ff.file.path, ff.file.text) if graph.graph.get("language") == "python" else None
    type_names = repository_type_names(graph) if csharp else frozenset()
    own_types = {info.name} | {d.name for d in ff.definitions
                               if d.qualified_name.startswith(info.qualified_name + ".")}
    index = ff.file.index
    start_b, end_b = index.char_to_byte(info.start_byte), index.char_to_byte(info.end_byte)
    own_prefix = info.qualified_name + "."
    found: dict[str, ExternalReference] = {}
    users: dict[str, set[str]] = {}
    method_rows = [(m.start_line, m.end_line, m.name) for m in info.methods]

    def method_at(line: int) -> str:
        return next((name for s, e, name in method_rows if s <= line <= e), "")

    def record(target: str, name: str, path: str, qual: str, line: int) -> None:
        """``target`` used at ``line`` (as ``name``): its first use kept, every using method."""
        if target not in found:
            attrs = graph.nodes[target]
            found[target] = ExternalReference(name, str(attrs.get("kind", "")), path, qual,
                                              dict(attrs.get("span") or {}), line, method_at(line))
        users.setdefault(target, set()).add(method_at(line))

    for leaf in iter_leaves_in(ff.tree.root_node, start_b, end_b):
        if leaf.type not in IDENTIFIER_TYPES or leaf.start_byte < start_b or leaf.end_byte > end_b:
            continue
        written = index.node_text(leaf)
        if _is_member_position(leaf):
            # C#: `x.M(...)` may call a repository extension method (Tiny-JSON's JsonBuilder)
            target = extension_target(graph, resolver, ff.file.path, written) if in_member_call(leaf) else None
            if target is not None:
                path, qual = split_node(target)
                record(target, written, path, str(qual), leaf.start_point[0] + 1)
            elif csharp and in_member_call(leaf) and extension_unseen(graph, resolver, ff.file.path, written):
                unresolved.add(f".{written}()")  # type: ignore[union-attr]
            continue
        if scopes is not None and scopes.is_local(leaf, written):
            continue  # `index` the parameter, `self.index = index`, a field `index: int` (parsy)
        # `u.helper`, `pkg.util.helper`, `Cls.CONST`: the longest qualified name first
        attempts = [_access_name(index, access) for access in _access_chain(leaf)]
        attempts.append(written)
        for name in attempts:
            target = resolver.resolve(ff.file.path, name)
            if target is None:
                continue
            path, qual = split_node(target)
            if qual is None or (path == ff.file.path and (qual == info.qualified_name or qual.startswith(own_prefix))):
                break  # the class itself: not external
            record(target, name, path, qual, leaf.start_point[0] + 1)
            break
        else:
            if csharp and written in type_names and written not in own_types:
                unresolved.add(written)  # type: ignore[union-attr]
    order = {m.name: i for i, m in enumerate(info.methods)}
    refs = [dataclasses.replace(r, used_in=tuple(sorted(users[t], key=lambda m: order.get(m, -1))))
            for t, r in found.items()]
    return sorted(refs, key=lambda r: (r.line, r.file, r.symbol))


# --------------------------------------------------------------------------------- tests --
def method_body_lines(method: MethodInfo) -> set[int]:
    """1-based lines of a method's body (its block; a one-line method: its only line)."""
    if not method.body:
        return set()
    first = method.end_line - method.body.rstrip("\n").count("\n")
    return set(range(max(first, method.start_line), method.end_line + 1))


def locate_test(test_id: str, facts: Mapping[str, FileFacts], language: LanguageSupport):
    """(file facts, definition) of a test id's function/method, or None.

    Ids are read language-neutrally: ``path::Class::name[params]`` (pytest) or
    ``pkg.Class#name`` / ``pkg.Class.name()`` (JUnit/NUnit); the last identifier is the
    test's name, earlier ones name its class (and the path, when given)."""
    bare = _PARAMS.sub("", test_id.strip())
    path = None
    if "::" in bare:
        path, _, rest = bare.partition("::")
        words = rest.split("::")
    else:
        words = _WORD.findall(bare)
    if not words:
        return None
    name, owners = words[-1], words[:-1]
    best = None
    for file, ff in facts.items():
        if path is not None and file != path:
            continue
        for d in ff.definitions:
            if d.name != name or d.kind not in ("function", "method"):
                continue
            owner = d.qualified_name.rpartition(".")[0].rpartition(".")[2]
            score = (2 if owners and owner == owners[-1] else 0) + (1 if language.is_test_path(file) else 0)
            if best is None or score > best[0]:
                best = (score, ff, d)
    return None if best is None else (best[1], best[2])


def _span_identifiers(ff: FileFacts, d) -> set[str]:
    index = ff.file.index
    start, end = index.char_to_byte(d.span.start), index.char_to_byte(d.span.end)
    return {index.node_text(leaf) for leaf in iter_leaves_in(ff.tree.root_node, start, end)
            if "identifier" in leaf.type or leaf.type in ("constant",)}


def _fixture_name(test_id: str) -> str:
    """The class a test id runs in: ``Ns.Derived.Base`1.Method`` (NUnit's id of a test inherited
    from a generic base) -> ``Derived``; ``pkg.Outer$Inner#m`` -> ``Inner``; ``Ns.Fix<Int32>.M`` -> ``Fix``."""
    bare = _PARAMS.sub("", test_id.strip())
    if "::" in bare:
        return ""
    parts = [p.split("<", 1)[0] for p in re.split(r"[.+$#]", bare) if p and "`" not in p]
    return parts[-2] if len(parts) >= 2 else ""


# how many calls deep a test's helpers are followed (test -> fixture helper -> shared formatter ->
# its helper: mono.reflection's DisassemblerTest reaches Disassembler.GetInstructions at depth 3)
HELPER_DEPTH = 4


class HelperIndex(dict):
    """Name -> [(file facts, definition)] (:func:`test_helpers`), with each definition's
    identifiers computed once (a parametrized test's ids all expand the same helpers)."""

    def __init__(self) -> None:
        super().__init__()
        self.identifiers: dict[int, set[str]] = {}

    def of(self, ff: FileFacts, d) -> set[str]:
        key = id(d)
        if key not in self.identifiers:
            self.identifiers[key] = _span_identifiers(ff, d)
        return self.identifiers[key]


def test_helpers(facts: Mapping[str, FileFacts], language: LanguageSupport) -> HelperIndex:
    """Name -> [(file facts, definition)] of every function and method defined in a test file:
    the helpers a test may call (and, in pytest, the fixtures its parameters name)."""
    out = HelperIndex()
    for file, ff in facts.items():
        if not language.is_test_path(file):
            continue
        for d in ff.definitions:
            if d.kind in ("function", "method"):
                out.setdefault(d.name, []).append((ff, d))
    return out


def _through_helpers(found: set[str], home: str, helpers: Mapping[str, list]) -> set[str]:
    """``found`` and the identifiers of the test-code helpers it names, followed
    :data:`HELPER_DEPTH` calls deep; a name defined in the test's own file (``home``) means that
    definition, else every test file's definition of it."""
    names, frontier = set(found), set(found)
    seen: set[str] = set()
    for _ in range(HELPER_DEPTH):
        nxt: set[str] = set()
        for name in sorted(frontier & helpers.keys() - seen):
            seen.add(name)
            defs = helpers[name]
            local = [(ff, d) for ff, d in defs if ff.file.path == home]
            for ff, d in local or defs:
                nxt |= helpers.of(ff, d) if isinstance(helpers, HelperIndex) else _span_identifiers(ff, d)
        frontier = nxt - names
        names |= nxt
        if not frontier:
            break
    return names


def test_identifiers(test_id: str, facts: Mapping[str, FileFacts], language: LanguageSupport,
                     helpers: Mapping[str, list] | None = None) -> set[str] | None:
    """The identifiers written in a test's body (None: the test's source was not found). A test
    a fixture inherits (its method declared in a base class) also gets the identifiers of the
    fixture that runs it: ``Int16ConverterTest : BaseConverterTest<short>`` names the class under
    test only in its overrides (issue 34). With ``helpers`` (:func:`test_helpers`), what the test
    calls counts too: the bodies of the test-code functions it names, followed a few calls deep
    (``AssertMethod(expected, "ReadField")`` -> ``Formatter.FormatMethodBody`` ->
    ``method.GetInstructions()``: the test judges ``Disassembler`` without naming it)."""
    located = locate_test(test_id, facts, language)
    if located is None:
        return None
    ff, d = located
    found = _span_identifiers(ff, d)
    fixture = _fixture_name(test_id)
    owner = d.qualified_name.rpartition(".")[0].rpartition(".")[2]
    if fixture and owner and fixture != owner:
        for fixture_ff in facts.values():
            for c in fixture_ff.definitions:
                if c.name == fixture and c.kind in ("class", "struct", "record"):
                    found = found | _span_identifiers(fixture_ff, c)
                    break
            else:
                continue
            break
    if helpers:
        found = _through_helpers(found - {d.name}, ff.file.path, helpers) | {d.name}
    return found


def file_identifiers(ff: FileFacts) -> frozenset[str]:
    """Every identifier written in a file (imports included)."""
    index = ff.file.index
    return frozenset(index.node_text(leaf) for leaf in iter_leaves(ff.tree.root_node) if "identifier" in leaf.type)


def member_names(info: ClassInfo) -> set[str]:
    names = {m.name for m in info.methods if not (m.name.startswith("__") and m.name.endswith("__"))}
    names |= {v.name for v in info.member_variables}
    return names


def _nonblank_lines(ff: FileFacts) -> int:
    return sum(1 for line in ff.file.text.splitlines() if line.strip())


def code_lines(ff: FileFacts) -> int:
    """The file's lines holding code: a token of its tree other than a comment. Comment-only
    lines (C#'s ``///`` documentation) and the branches of an ``#if`` the compiler does not
    see (the C# tree is parsed from the text mcs compiles: ``lang.csharp.syntax.active_code``
    blanks them) are not lines a test could cover: counted, they made the coverage share fall
    with the documentation a file carries (held-out 18's AhoCorasick: CharComparer.cs, 160
    non-blank lines, 45 of them ``///`` and 18 an ``#if NET40`` copy, 0.29 of them covered).
    The non-blank lines when the tree holds no code (a parse past its budget)."""
    rows: set[int] = set()
    for leaf in iter_leaves(ff.tree.root_node):
        if "comment" in leaf.type or leaf.start_byte == leaf.end_byte:
            continue
        rows.update(range(leaf.start_point[0], leaf.end_point[0] + 1))
    return len(rows) or _nonblank_lines(ff)


# ------------------------------------------------------------------------------ selection --
def select_candidates(
    lang: Lang,
    language: LanguageSupport,
    facts: Mapping[str, FileFacts],
    classes: list[ClassInfo],
    suite: SuiteRun,
    graph: nx.MultiDiGraph,
    thresholds: Thresholds,
    report: BuildReport,
    where: str = "",
    *,
    static_only: bool = False,
) -> list[Candidate]:
    """The classes that pass Stage 2; every other one counted under ``classes/<reason>``.
    ``static_only``: stop after the checks that need no test run (kind, test file, methods,
    external references) and return the classes that pass them (not counted as selected)."""
    resolver = ScopeResolver(facts, graph)
    outcomes = suite.outcomes()
    passing = {t for t, o in outcomes.items() if o is TestOutcome.PASSED}
    per_test = suite.per_test_coverage
    has_per_test = bool(per_test)
    not_built = suite.left_out_sources()  # files the run could not compile: their classes never ran
    # tests that failed on a library body the compiler here could not build (C#: mcs lacks C# 7's
    # type patterns): a class they reach that then falls short of tests or coverage falls short
    # for the compiler, and is named so (held-out 15's ExcelNumberFormat: 16 of 18 tests)
    uncompiled = suite.failed_on_uncompiled_bodies()
    members = ", ".join(e.split(": ")[1] for e in suite.adjustments.get("left_out_library_members", [])
                        if ": " in e)
    # C#'s per-test coverage is its fixture's, and is kept for passing tests only: a failing test
    # ran what the passing tests of its fixture are said to run
    fixture_lines: dict[str, dict[str, set[int]]] = {}
    for t in uncompiled:
        for p in per_test:
            if _test_owner(p) == _test_owner(t):
                for path, lines in per_test[p].items():
                    fixture_lines.setdefault(t, {}).setdefault(path, set()).update(lines)
    idents_cache: dict[str, set[str] | None] = {}
    helpers = test_helpers(facts, language)

    def idents(test_id: str) -> set[str]:
        if test_id not in idents_cache:
            idents_cache[test_id] = test_identifiers(test_id, facts, language, helpers)
        return idents_cache[test_id] or set()

    names_cache: dict[str, frozenset[str]] = {}  # test file -> its identifiers
    located_cache: dict[str, FileFacts | None] = {}  # test id -> its file's facts

    def test_file(test_id: str) -> FileFacts | None:
        if test_id not in located_cache:
            located = locate_test(test_id, facts, language)
            located_cache[test_id] = None if located is None else located[0]
        return located_cache[test_id]

    def file_names(test_id: str) -> frozenset[str]:
        ff = test_file(test_id)
        if ff is None:
            return frozenset()
        path = ff.file.path
        if path not in names_cache:
            names_cache[path] = file_identifiers(ff)
        return names_cache[path]

    resolved_cache: dict[tuple[str, str, str], bool | None] = {}

    def resolves(test_id: str, info: ClassInfo) -> bool | None:
        """Whether the test's file names ``info`` when it writes its simple name (None: unknown)."""
        ff = test_file(test_id)
        if ff is None:
            return None
        key = (ff.file.path, info.name, facts[info.file].package)
        if key not in resolved_cache:
            resolved_cache[key] = language.names_class_in(ff, *key[1:])
        return resolved_cache[key]

    def names_it(test_id: str, info: ClassInfo, names: set[str]) -> bool | None:
        """True: the test names the class or a member; None: it does not; False: its file writes
        the class's name for another class (the members it calls are that class's)."""
        found = idents(test_id) & names
        if not found:
            return None
        if resolves(test_id, info) is False:
            if info.name in file_names(test_id):
                return False
            found.discard(info.name)  # written in a helper of another file, for another class
        return bool(found) or None

    out = []
    notes: dict[int, tuple[str, bool, str | None]] = {}  # a candidate's report key, reached through a facade, detail
    for info in classes:
        key = f"{where}{info.file}::{info.report_name}"

        def reject(reason: str, detail: str | None = None, key: str = key) -> None:
            report.count(STAGE, reason, key, detail)

        def short(reason: str, detail: str | None, info: ClassInfo = info, lines: set[int] | None = None) -> None:
            """A shortfall of tests or coverage: named for the compiler when tests reaching the
            class failed on a body it could not build."""
            names = member_names(info) | {info.name}
            reach = [t for t in uncompiled
                     if (lines and (per_test.get(t) or fixture_lines.get(t, {})).get(info.file, set()) & lines)
                     or names_it(t, info, names)]
            if reach:
                reject("compiler_unsupported_syntax",
                       f"{len(reach)} tests reaching it failed on library members the compiler here cannot "
                       f"build ({members[:150]}); else {reason}" + (f": {detail}" if detail else ""))
                return
            reject(reason, detail)

        if info.kind != "class":
            reject("not_a_class", info.kind)
            continue
        if language.is_test_path(info.file):
            reject("in_test_file")
            continue
        if not info.methods:
            reject("no_methods")
            continue
        ff = facts[info.file]
        holding = nested_code(info, ff) if all(m.is_constructor for m in info.methods) else []
        if holding:
            # bytes-java's Util: a private constructor and six static nested classes holding the
            # code; nested types belong to their outer class and are never tasks alone, and the
            # outer class's own members (the constructor) say nothing of them: not a task, named
            # so (it was `not_covered_by_tests`, though 27 passing tests call Util.Byte / Util.Converter)
            reject("only_nested_types", f"its own members are {len(info.methods)} constructors; its code is in "
                                        f"{', '.join(holding[:8])}")
            continue
        unresolved: set[str] = set()
        refs = external_references(info, ff, graph, resolver, unresolved)
        if unresolved:
            # C#: names of the repository's types or extension methods the scope rules left
            # unresolved (held-out 20's enclosing namespaces were such a silent loss)
            report.count("references", "unresolved_repository_name", key,
                         f"{len(unresolved)}: {', '.join(sorted(unresolved)[:10])}", n=len(unresolved))
        if not refs:
            reject("no_external_reference", f"unresolved: {', '.join(sorted(unresolved)[:10])}" if unresolved else None)
            continue
        if static_only:
            out.append(Candidate(info, refs))
            continue
        if info.file in not_built:
            # the tests may call it; it was not in the build (a missing jar, a C# level mcs lacks, a
            # same-named copy in another module folder): word-wrap's WordWrap, trienet's suffix tries
            reject("file_not_built", not_built[info.file][:300])
            continue
        # every method's lines, overloads apart (a dict by name kept only the last of them:
        # parsington's DefaultStackEvaluator, whose tests run `super()` of its first constructor,
        # was `not_covered_by_tests` for its second one)
        all_lines = set().union(*(method_body_lines(m) for m in info.methods))
        names = member_names(info) | {info.name}
        if has_per_test:
            covering = {t for t, files in per_test.items() if files.get(info.file, set()) & all_lines}
            if not covering:
                short("not_covered_by_tests", None, lines=all_lines)
                continue
            covering_passing = covering & passing
            if not covering_passing:
                short("covered_only_by_failing_tests", f"{len(covering)} tests", lines=all_lines)
                continue
        else:
            covering_passing = set(passing)
        verdicts = {t: names_it(t, info, names) for t in covering_passing}
        expected = sorted(t for t, v in verdicts.items() if v)
        elsewhere = sum(1 for v in verdicts.values() if v is False)
        if elsewhere:
            report.count("tests", "names_another_class", key, f"{elsewhere} tests")
        detail = f"{len(covering_passing)} passing tests execute it" if has_per_test else None
        reaching = sorted(t for t in covering_passing if verdicts[t] is not False)
        facade = has_per_test and not expected and len(reaching) >= thresholds.min_facade_tests
        if facade:
            # reached through a facade (jmespath's tests call `jmespath.search`, which runs
            # TreeInterpreter; yamlbeans' YamlReader runs NodeEvent): per-test coverage proves the
            # tests execute it; the gates then check that they judge it (stub, mutants)
            expected = reaching
        if not has_per_test and expected:
            # without coverage, a body naming `trim` or `print` is no evidence that the test uses
            # *this* class (String.trim()): its file must name the class (an import or a use)
            naming = [t for t in expected if info.name in file_names(t) and resolves(t, info) is not False]
            if not naming:
                detail = f"{len(expected)} passing tests name a member, their files never name {info.name}"
            expected = naming
        if not expected:
            short("tests_do_not_reference_class", detail, lines=all_lines)
            continue
        cand, reason, detail = measure(lang, info, refs, ff, expected, idents, suite, thresholds)
        wider = sorted(set(reaching) - set(expected))
        # too few to be a task (the build's min-tests gate): one test writing a member's name by
        # coincidence closed the facade path (user-agent-utils' PatternBasedVersionFetcher and
        # SequentialVersionFetcher, held-out 19: one test names `getVersion`, every parameterized
        # browser test runs them; uiri/toml's TomlEncoder, held-out 17)
        few = len(expected) < CLASS_MIN_TESTS
        if (reason is not None or few) and has_per_test and not facade and wider \
                and len(reaching) >= thresholds.min_facade_tests:
            # the tests naming it fall short and the tests running it do not: a member named like
            # a common word (configobj's InterpolationEngine.section, held-out 18) is written by
            # tests that never interpolate, while the interpolation tests that run its `_fetch`
            # name none of its members. Measured on every passing test that runs it, as a class
            # reached through a facade is; the gates then check that they judge it
            wide, wide_reason, _ = measure(lang, info, refs, ff, reaching, idents, suite, thresholds)
            if wide_reason is None:
                why = reason if reason is not None else f"fewer than {CLASS_MIN_TESTS} tests"
                report.count("tasks", "measured_on_running_tests", key,
                             f"{len(expected)} tests naming it: {why}; {len(reaching)} passing tests run it")
                cand, reason = wide, None
        if reason is not None:
            short(reason, detail, lines=all_lines)
            continue
        out.append(cand)
        notes[id(cand)] = (key, facade, detail)
    if static_only:
        return out
    kept = one_part_per_partial_class(out, facts, report, where)
    for cand in kept:
        key, facade, detail = notes[id(cand)]
        report.count(STAGE, "selected", key)
        if facade:  # (measure's detail may be None: the count stands, as before partial classes)
            report.count("tasks", "reached_through_facade", key, detail)
    return kept


_PARTIAL = re.compile(r"\bpartial\b")


def one_part_per_partial_class(cands: list[Candidate], facts: Mapping[str, FileFacts], report: BuildReport,
                               where: str = "") -> list[Candidate]:
    """One candidate per C# partial class: the part whose methods its tests run most (then the
    most tests, the most methods, the first path); each other part is counted
    ``classes/partial_class_other_part`` and stays in its file as the kept part's context.

    Why: a ``partial class`` declared in several files is one class. Held-out 21's
    Faithlife.Parsing gave six tasks all named ``Parser``, one per file, each judged by the tests
    of the whole class; one task per class keeps ``class_name`` a class and spends the gates'
    time once."""
    groups: dict[tuple[str, str], list[Candidate]] = {}
    for cand in cands:
        info = cand.info
        if info.language == "csharp" and _PARTIAL.search(info.signature):
            groups.setdefault((facts[info.file].package, info.report_name), []).append(cand)
    dropped: set[int] = set()
    for parts in groups.values():
        if len(parts) < 2:
            continue
        best = max(parts, key=lambda c: (len(c.covered_methods), len(c.expected_to_pass), len(c.info.methods),
                                         [-ord(ch) for ch in c.info.file]))
        for cand in parts:
            if cand is not best:
                dropped.add(id(cand))
                report.count(STAGE, "partial_class_other_part", f"{where}{cand.info.file}::{cand.info.report_name}",
                             f"the task is the part in {best.info.file} ({len(best.covered_methods)} methods run, "
                             f"{len(best.expected_to_pass)} tests); this part ({len(cand.covered_methods)} run) "
                             f"stays as its context")
    return [c for c in cands if id(c) not in dropped]


def measure(lang: Lang, info: ClassInfo, refs: list[ExternalReference], ff: FileFacts, expected: list[str],
            idents: Callable[[str], set[str]], suite: SuiteRun, thresholds: Thresholds
            ) -> tuple[Candidate, str | None, str | None]:
    """The candidate for ``expected`` as its EXPECTED_TO_PASS tests, and the language threshold's
    rejection reason and detail (None when it holds)."""
    per_test = suite.per_test_coverage
    has_per_test = bool(per_test)
    used = set().union(*(idents(t) for t in expected))
    named = [m.name in used or (m.is_constructor and info.name in used) for m in info.methods]
    referenced = [m.name for m, n in zip(info.methods, named) if n]
    ran = [False] * len(info.methods)
    if has_per_test:
        lines_by_test = [per_test.get(t, {}).get(info.file, set()) for t in expected]
        bodies = [method_body_lines(m) for m in info.methods]  # once each, not once per test
        ran = [any(body & lines for lines in lines_by_test) for body in bodies]
    covered = [m.name for m, r in zip(info.methods, ran) if r]
    # methods named or run, each overload apart. A name a test writes stands for every method of
    # that name only without per-test coverage; with it, of overloads (constructors included) only
    # those the tests ran count: `new ExpressionParser()` runs one of its 6 constructors
    counts = Counter(m.name for m in info.methods)
    used_methods = sum(1 for m, n, r in zip(info.methods, named, ran)
                       if r or (n and (counts[m.name] == 1 or not has_per_test)))
    with_refs = sorted({m for r in refs for m in r.used_in if m})
    file_lines: set[int] = set()
    if has_per_test:
        for t in expected:
            file_lines |= per_test.get(t, {}).get(info.file, set())
    else:
        file_lines = set(suite.coverage.get(info.file, set()))
    share = len(file_lines) / max(1, code_lines(ff))
    cand = Candidate(info, refs, list(expected), covered, referenced, with_refs, round(share, 4))
    measures = ClassMeasures(methods=len(info.methods), covered=tuple(covered), referenced=tuple(referenced),
                             with_references=tuple(with_refs), external_references=len(refs), file_coverage=share,
                             used=used_methods)
    shortfall = get_language(lang).class_task_shortfall(measures, thresholds)
    if shortfall is not None:
        return cand, *shortfall
    return cand, None, None


def remeasure(lang: Lang, language: LanguageSupport, facts: Mapping[str, FileFacts], cand: Candidate,
              suite: SuiteRun, thresholds: Thresholds) -> tuple[Candidate, str | None, str | None]:
    """:func:`measure` again on the candidate's (narrowed) EXPECTED_TO_PASS tests: the builder's
    gates drop tests after selection, and the threshold is a property of the tests kept."""
    cache: dict[str, set[str]] = {}
    helpers = test_helpers(facts, language)

    def idents(test_id: str) -> set[str]:
        if test_id not in cache:
            cache[test_id] = test_identifiers(test_id, facts, language, helpers) or set()
        return cache[test_id]

    return measure(lang, cand.info, cand.references, facts[cand.info.file], cand.expected_to_pass, idents,
                   suite, thresholds)
