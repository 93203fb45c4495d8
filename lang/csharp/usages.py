"""C# cross-file uses with mono's ``mcs``: empty a file's types, compile, diff, attribute.

C# imports namespaces, not files, so CrossCodeEval's C# procedure works per *defining* file:
replace every type of file F by an empty one (same name, namespace, kind, generic arity, base
list), compile the project, and keep the errors that the unmodified compilation does not have.
An error located in another file G is a use in G of a member of F ("`Shop.Item' does not
contain a definition for `Price'"). Steps per compilation unit (``lang.csharp.projects``):

1. **Syntax level.** mcs accepts C# <= 7.2; a unit with a file using newer syntax (found with
   tree-sitter, ``syntax.detect_newer_syntax``) is skipped with a named reason.
2. **Preparation** (a bounded loop on the unmodified sources). mcs checks method bodies only
   when the declarations compiled; a missing NuGet package (an unresolvable ``using``, a base
   class from a missing assembly) would hide every cross-file error. So: blank out ``using``
   directives mcs cannot resolve, declare stand-ins for the types it cannot find
   (``lang.csharp.external``), and exclude files still failing (emptied, then removed).
   A *sentinel* file with a deliberate body error tells whether mcs reached the bodies.
   The result is the baseline: its errors are never counted.
3. **Rounds per defining file F** (in parallel, ``workers`` compilations at a time). Round 1
   empties F entirely. mcs reports only the first failing operand of an expression and skips
   what depends on a failed declaration, so each later round restores the members behind the
   uses reported so far (and whatever blocked the declarations) and compiles again; errors
   not seen before are new uses, tagged with their ``round``. Bounded by ``max_rounds``.
4. **Which files are compiled** (``optimized``). Only files that mention a name through which
   F's members can be reached (``ProjectIndex.observable_names``) can observe them; F is
   skipped when there are none. The compiled set is F plus those observers plus everything
   they name, transitively (``closure``), which compiles like the whole unit for those files.
   A blocked subset compilation falls back to the whole unit. ``optimized=False`` compiles the
   whole unit for every defining file (the naive procedure, kept for the benchmark).
5. **Shared compilations** (``CSharpChecker.batches``). Defining files none of which observes
   another and whose observer sets are disjoint run their rounds in lockstep, one compilation
   per round for up to ``MCS_BATCH_FILES`` of them; each gets the errors located in its own
   observers. A shared compilation that fails or stops before the bodies is repeated per file.
   Each compilation holds nearly the whole unit, so one per file made the cost grow with the
   square of the repository (``docs/repo_size.md``).
6. **Compiler processes.** By default compilations go to resident compilers
   (``lang.csharp.mcs_server``), else one ``mcs`` process each. docs/csharp.md has the numbers.
"""

from __future__ import annotations

import bisect
import dataclasses
import functools
import hashlib
import os
import re
import shutil
import tempfile
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Generator, Iterable, Sequence

from tree_sitter import Node

from crossfile_datasets.core.deadline import carried
from crossfile_datasets.analyzers.crossfile import (
    RoundOutcome,
    Unattributed,
    count_unattributed,
    dedupe_usages,
    drive,
    stub_rounds,
    usage_at,
)
from crossfile_datasets.analyzers.mcs import (
    FAILED as MCS_FAILED,
    BAD_EXTENSION,
    EMPTIED_OBJECT_MEMBER,
    METHOD_GROUP,
    MISSING_MEMBER,
    NO_CONSTRUCTOR,
    NO_INSTANCE,
    NO_NAME,
    NO_NESTED_TYPE,
    NO_OVERLOAD,
    NO_OVERRIDE,
    NO_TYPE,
    NOT_IN_NAMESPACE,
    NOT_IN_INTERFACE,
    NOT_INFERRED,
    QUERY_PATTERN,
    TOOL,
    CompileResult,
    CompileStatus,
    compile_sources,
    diagnostic_name,
)
from crossfile_datasets.analyzers.run import PersistentProcessError, run
from crossfile_datasets.core import constants as C
from crossfile_datasets.core.records import CrossFileUsage, Diagnostic, FileFacts
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.lang.base import iter_leaves, strip_type_arguments
from crossfile_datasets.lang.csharp.external import ExternalStubs, node_at
from crossfile_datasets.lang.csharp.typerefs import TypeResolver
from crossfile_datasets.lang.csharp.mcs_server import McsServerPool
from crossfile_datasets.lang.csharp.projects import (
    CompilationUnit,
    compilation_units,
    file_defines,
    projects_without_sources,
    repository_defines,
)
from crossfile_datasets.lang.csharp.syntax import (
    COMPILE_DEFINES,
    NEWER_NODE_FEATURES,
    FileModel,
    MemberDecl,
    TypeDecl,
    absolute_using_targets,
    abstractable,
    hides_inherited,
    active_code,
    blank_bodies,
    blank_out,
    body_ranges,
    build_model,
    discards_for_mcs,
    detect_newer_syntax,
    errors_only_in_bodies,
    newer_syntax_events,
    enclosing_types,
    render_emptied,
    simple_type_name,
    strip_bodies,
    strippable_ranges,
)

SUPPORT_DIR = "__crossfile__"
SENTINEL_PATH = f"{SUPPORT_DIR}/sentinel.cs"
NAMESPACES_PATH = f"{SUPPORT_DIR}/namespaces.cs"
EXTERNAL_PATH = f"{SUPPORT_DIR}/external_types.cs"
SENTINEL_TEXT = "namespace CrossfileSentinel__ { internal class Sentinel__ { void Body() { int reached = \"body\"; } } }\n"
SENTINEL_CODE = "CS0029"
BODILESS_DIR = f"{SUPPORT_DIR}/bodiless/"  # copies of unit files with their method bodies stripped
NAMES_DIR = f"{SUPPORT_DIR}/names/"  # links under plain names to sources whose names mcs cannot report
# a backslash (mcs prints it as `/`) or a control character (a newline splits its message) in a
# source's path: mcs compiles it through a link with a plain name, its messages are mapped back
_UNREPORTABLE_NAME = re.compile(r"[\\\x00-\x1f\x7f]")

# mcs codes of lexical/syntax errors (the file did not parse).
# declaration errors an abstract stand-in can cause (`new()` constraints, `new` in a field initializer)
ABSTRACT_BLOCKERS = frozenset({"CS0310", "CS0144"})
SYNTAX_CODES = frozenset({
    "CS1001", "CS1002", "CS1003", "CS1010", "CS1012", "CS1024", "CS1025", "CS1026", "CS1027", "CS1028",
    "CS1031", "CS1032", "CS1038", "CS1040", "CS1041", "CS1056", "CS1513", "CS1514", "CS1517", "CS1519",
    "CS1525", "CS1526", "CS1527", "CS1528", "CS1529", "CS1530", "CS1547", "CS1552", "CS1597", "CS1609",
    "CS8025",
})
TOO_NEW_CODES = frozenset({"CS1644", "CS8107"})  # "feature ... is not part of the C# 7.2 specification"
USING_CODES = frozenset({"CS0246", "CS0234", "CS0138", "CS0576"})

# Codes whose message names only the member: when F's member vanished, mcs fell back to an
# extension method of the same name (LINQ's Where/Count/Select...) and failed on it.
_MEMBER_ONLY = {"CS0411": NOT_INFERRED, "CS1501": NO_OVERLOAD, "CS0428": METHOD_GROUP}
# conversion errors that name no member: in the arguments of a call of F's extension method, a
# sign that the call lost F's overloads (Attributor._argument_of_extension_call)
# members every type has: an access of one inside a failed call's lambda is no evidence of F
_OBJECT_MEMBERS = frozenset({"ToString", "Equals", "GetHashCode", "GetType"})
# the code of a use found by resolving a written type name (lang/csharp/typerefs.py), not by mcs
TYPE_REFERENCE_CODE = "type_reference"
# a name bound to a type where a value was expected: with a base class stubbed, an inherited
# member named like a type in scope ("Color Color") binds to that type (Attributor._inherited_over_type)
# a name the enclosing class inherited, bound to a type once its base is emptied: CS0118/CS0119 (a
# type where a value is expected), CS0305 (a generic type's arity), CS0122 (an inaccessible type,
# `System.Platform` of mscorlib for an inherited `Platform`: NGraphics, held-out 21, 34 counted lost)
_TYPE_FOR_VALUE_CODES = frozenset({"CS0118", "CS0119", "CS0305", "CS0122"})
_ARGUMENT_CODES = frozenset({"CS0029", "CS0266", "CS0407", "CS1502", "CS1503", "CS1593", "CS1643", "CS1660", "CS1662"})


_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")




@dataclass
class PreparedUnit:
    """A unit ready for rounds: compilable texts, support files, the baseline errors."""

    unit: CompilationUnit
    workdir: Path
    texts: dict[str, str]  # compiled path -> text (unit files after neutralization/exclusion)
    candidates: list[str]  # files whose uses we attribute (not excluded, parsed cleanly)
    excluded: dict[str, str]  # path -> "emptied" | "removed"
    baseline: frozenset[tuple]
    support: dict[str, str]  # support file path -> text (sentinel, namespaces, external types)
    # defining file -> files compiled with their bodies in its rounds (CSharpChecker.strip_bodies)
    keep: dict[str, frozenset[str]] = field(default_factory=dict)
    closure: dict[str, set[str]] = field(default_factory=dict)  # defining file -> its closure with every body
    bodiless: dict[str, str] = field(default_factory=dict)  # unit file -> its bodiless copy's text, once written
    lock: threading.Lock = field(default_factory=threading.Lock)

    @functools.cached_property
    def candidate_set(self) -> frozenset[str]:
        return frozenset(self.candidates)


# Defining files with disjoint observers whose rounds share one compilation (CSharpChecker.batches):
# each compilation holds (nearly) the closure of the unit, so sharing it divides the work.
MCS_BATCH_FILES = 16
MCS_BATCH_SPLITS = 3  # times a blocked shared compilation is retried without the files that blocked it
# declaration errors after which mcs still checks the bodies (docs/csharp.md): not what blocked them
NON_BLOCKING_CODES = frozenset({"CS0534", "CS0535"})


@dataclass
class RoundRequest:
    """One compilation a defining file's rounds need (see ``CSharpChecker._rounds``)."""

    texts: dict[str, str]
    sources: list[str]
    write: dict[str, str]
    tag: str
    events: BuildReport
    variant: str  # where the emptied defining file is written
    copies: dict[str, str]  # copy path -> the unit file it replaces (overrides blanked)
    keep: frozenset[str] | None = None  # files compiled with their bodies (None: every file)
    with_bodies: list[str] | None = None  # the sources without bodiless copies (when some were used)


@dataclass
class FileRounds:
    usages: list[CrossFileUsage] = field(default_factory=list)
    events: BuildReport = field(default_factory=BuildReport)
    # new diagnostics no emptied type explained, named once the repository's usages are known
    unattributed: list[Unattributed] = field(default_factory=list)


class CSharpChecker:
    """Runs the procedure of the module docstring for one repository."""

    def __init__(self, *, optimized: bool = True, workers: int = C.MCS_WORKERS, max_rounds: int = C.MCS_MAX_ROUNDS,
                 unmask: int = C.MCS_UNMASK_ROUNDS,
                 timeout: float = C.MCS_COMPILE_TIMEOUT, resident: bool = True, runner: Callable = run,
                 batch_files: int = MCS_BATCH_FILES, strip_bodies: bool = True) -> None:
        self.optimized = optimized
        # compile the files that cannot observe the defining file without their method bodies
        # (module doc, step 5); needs the observer analysis, so only when optimized
        self.strip_bodies = strip_bodies and optimized
        self.body_ranges: dict[str, tuple[tuple[int, int], ...]] = {}  # path -> ranges strip_bodies removes
        self.declared_identifiers: dict[str, frozenset[str]] = {}  # path -> identifiers outside those
        self.batch_files = batch_files  # defining files whose rounds share compilations (1: each alone)
        self.resident = resident  # compile with resident McsServer processes (else one mcs per run)
        self.pool: McsServerPool | None = None
        self.workers = max(1, workers)
        self.max_rounds = max(1, max_rounds)
        self.unmask = unmask  # unmasking rounds after the stub rounds (_DefiningFileRounds.unmask)
        self.timeout = timeout
        self.runner = runner
        self.defines: tuple[str, ...] = COMPILE_DEFINES
        self.file_defines: dict[str, tuple[str, ...]] = {}  # path -> its project's symbols
        self.attributed: set[str] = set()
        self.unattributed: list[Unattributed] = []  # new diagnostics no emptied type explained
        self.syntax_events: dict[str, list] = {}  # path -> syntax.newer_syntax_events of its tree
        self.too_new_counted: set[str] = set()  # files counted files/csharp_syntax_too_new(_parsed)
        self.rejected_files: set[str] = set()  # files of units rejected for their syntax before mcs ran
        self.compiled_files: set[str] = set()  # files of units prepared for mcs
        self.excluded_counted: set[str] = set()  # files counted files/excluded_* (once, whatever the units)
        self.body_errors_only: dict[str, bool] = {}  # path -> syntax.errors_only_in_bodies
        self.file_cache: dict = {}  # ProjectIndex.per_file

    # ------------------------------------------------------------------------- entry --
    def find_usages(self, repo, facts: dict[str, FileFacts], report) -> list[CrossFileUsage]:
        models = {p: build_model(p, ff.tree, ff.file.index) for p, ff in facts.items()}
        absolute_using_targets(models.values())
        self.attributed = set()  # candidate files of the units already checked
        self.unattributed = []  # of every unit, named at the end
        self.syntax_events = {}
        self.too_new_counted, self.rejected_files, self.compiled_files = set(), set(), set()
        self.excluded_counted = set()
        self.body_errors_only = {}
        for path in sorted(facts):  # once per file, whichever units it belongs to
            if facts[path].has_syntax_error and not facts[path].parse_timeout:
                if self._body_errors_only(path, facts):
                    report.count("files", "syntax_error_in_bodies", path,
                                 "tree-sitter failed inside method bodies only: declarations whole, checked as a definition file")
                else:
                    report.count("files", "syntax_error", path,
                                 "tree-sitter could not parse it; compiled with its unit, never a definition file")
        self.body_ranges, self.declared_identifiers = {}, {}
        self.file_cache: dict = {}  # ProjectIndex.per_file
        # the symbols the trees were parsed with (lang.csharp.CSharpSupport.analyze_files)
        self.defines = repository_defines(Path(repo.root))
        self.file_defines = file_defines(Path(repo.root), sorted(facts))
        units, projects = compilation_units(Path(repo.root), sorted(facts))
        for p in projects:
            if p.error:
                report.count("projects", "csproj_unreadable", p.path, p.error)
        for p, under in projects_without_sources(projects, sorted(facts)):
            report.count("projects", "project_owns_no_sources", p.path,
                         f"{'SDK-style' if p.sdk_style else 'old-style'} project; {under} source file(s) under its folder")
        usages: list[CrossFileUsage] = []
        tmp = Path(tempfile.mkdtemp(prefix="crossfile-mcs-", dir=_memory_tmp()))
        if self.resident and units:
            self.pool = McsServerPool.create(self.workers)
            if self.pool is None:
                report.count("checker", "mcs_server_unavailable", repo.name, "one mcs process per compilation instead")
        # the next unit is prepared while this one's rounds run: preparation does not depend on
        # the units before it (only the rounds do, through `attributed`), and the rounds of a
        # unit often keep fewer than `workers` compilers busy (a few groups in lockstep)
        ahead = ThreadPoolExecutor(max_workers=1) if self.workers > 1 and len(units) > 1 else None
        staged: dict[int, Future] = {}

        def stage(k: int) -> None:
            if ahead is not None and k < len(units) and k not in staged:
                staged[k] = ahead.submit(carried(self.stage_unit), units[k], facts, models, tmp / f"unit{k}")

        try:
            stage(0)
            for n, unit in enumerate(units):
                t0 = time.monotonic()
                stage(n + 1)
                events, prepared, failure = (staged.pop(n).result() if n in staged
                                             else self.stage_unit(unit, facts, models, tmp / f"unit{n}"))
                try:
                    if failure is not None:
                        raise failure
                    if prepared is not None:
                        usages.extend(self.run_unit(repo.name, unit, facts, models, tmp / f"unit{n}", events, prepared))
                except (OSError, ValueError, PersistentProcessError) as exc:
                    # what compiling a project can throw (files, the resident compiler); a bug of
                    # ours fails the repository with its traceback instead of passing for a crash
                    events.count("projects", "checker_crash", unit.name, f"{type(exc).__name__}: {exc}")
                finally:
                    report.merge(events)
                    report.add_time("checker_seconds", time.monotonic() - t0)
                    shutil.rmtree(tmp / f"unit{n}", ignore_errors=True)  # a unit's files are not read again
        finally:
            if ahead is not None:
                for future in staged.values():
                    future.cancel()
                ahead.shutdown(wait=True)
            if self.pool is not None:
                self.pool.close()
                self.pool = None
            shutil.rmtree(tmp, ignore_errors=True)
        for path in sorted(self.rejected_files - self.compiled_files):
            report.count("files", "csharp_unit_not_compiled", path,
                         "every compilation unit of the file was rejected for its syntax before mcs ran: not checked")
        usages = dedupe_usages(strongest_evidence(usages, report))
        count_unattributed(self.unattributed, usages, report, diagnostic_name, follow_on=_ARGUMENT_CODES)
        return usages

    def stage_unit(self, unit: CompilationUnit, facts: dict[str, FileFacts], models: dict[str, FileModel],
                   workdir: Path) -> tuple[BuildReport, PreparedUnit | None, Exception | None]:
        """The syntax-level check and the preparation of one unit, with their own events (and
        the exception compiling threw, handed to the caller as if raised there)."""
        events = BuildReport()
        try:
            if self._too_new(unit, facts, models, events):
                return events, None, None
            prepared = self.prepare(unit, facts, models, workdir, events)
            if prepared is not None:
                self.compiled_files.update(unit.files)
            return events, prepared, None
        except (OSError, ValueError, PersistentProcessError) as exc:
            return events, None, exc

    def run_unit(self, repo_name: str, unit: CompilationUnit, facts: dict[str, FileFacts],
                 models: dict[str, FileModel], workdir: Path, events: BuildReport,
                 prepared: PreparedUnit | None = None) -> list[CrossFileUsage]:
        if prepared is None:
            if self._too_new(unit, facts, models, events):
                return []
            prepared = self.prepare(unit, facts, models, workdir, events)
            if prepared is None:
                return []
            self.compiled_files.update(unit.files)
        index = ProjectIndex(prepared, models, self.file_cache)
        jobs = []
        observers: dict[str, set[str]] = {}
        for path in sorted(prepared.candidates):
            model = models[path]
            if not any(t.kind != "delegate" for t in model.all_types()):
                continue
            if self.optimized:
                dependents = index.dependents(path)
                if not dependents:
                    events.count("checker", "defining_file_unobserved", path)
                    continue
                # every file that can observe F keeps its bodies, also when checked in another unit
                keep = frozenset(dependents | {path})
                if path in self.attributed:
                    # F and these observers were checked in an earlier unit (a library is part of
                    # every unit that references it): only observers new to this unit can add uses
                    dependents -= self.attributed
                    if not dependents:
                        events.count("checker", "defining_file_checked_in_other_unit", path)
                        continue
                compiled = index.closure({path, *dependents})
                if self.strip_bodies:
                    prepared.keep[path] = keep
                    prepared.closure[path] = compiled
                    if len(compiled) < len(prepared.texts):
                        # bodiless files need only what their declarations name
                        compiled = index.closure({path, *dependents} | (keep & compiled), keep,
                                                 lambda p: self.declared(p, facts, prepared, models))
                observers[path] = dependents
            else:
                compiled = set(prepared.texts)
            jobs.append((path, compiled))
        events.count("checker", "defining_files_checked", n=len(jobs))
        batches = self.batches(jobs, observers)

        def run(batch: list[tuple[int, str, set[str], set[str]]]) -> list[FileRounds]:
            if len(batch) == 1:
                n, path, _, compiled = batch[0]
                return [self.rounds_for(repo_name, prepared, index, facts, models, path, compiled, n)]
            return self.rounds_batched(repo_name, prepared, index, facts, models, batch)

        if self.workers > 1 and len(batches) > 1:
            with ThreadPoolExecutor(max_workers=self.workers) as pool:
                results = [r for f in [pool.submit(carried(run), b) for b in batches] for r in f.result()]
        else:
            results = [r for b in batches for r in run(b)]
        out: list[CrossFileUsage] = []
        for r in results:
            out.extend(r.usages)
            events.merge(r.events)
            self.unattributed.extend(r.unattributed)
        for u in out:
            events.count("checker", f"usages_found_in_round_{u.round}")
        out.extend(self.type_references(repo_name, prepared, index, facts, models, out, events))
        self.attributed.update(prepared.candidates)
        return out

    def type_references(self, repo_name: str, prepared: PreparedUnit, index: ProjectIndex,
                        facts: dict[str, FileFacts], models: dict[str, FileModel],
                        found: Sequence[CrossFileUsage], events: BuildReport) -> list[CrossFileUsage]:
        """Types written as types in the unit's candidate files (``lang/csharp/typerefs.py``):
        no stub round reveals them, since an emptied type keeps its name. A position a round
        already attributed keeps that use; files checked in an earlier unit are not read again;
        code the compiled text blanks (inactive ``#if`` regions, bodies mcs refused) has no use,
        as for the rounds."""
        taken = {(u.file, u.line - 1, u.column) for u in found}
        resolver = index.type_resolver
        out: list[CrossFileUsage] = []
        for g in sorted(set(prepared.candidates) - self.attributed):
            compiled = prepared.texts.get(g, "")
            for ref in resolver.references(facts[g], models[g]):
                if (g, ref.row, ref.column) in taken:
                    continue
                if compiled[ref.offset : ref.offset + len(ref.name)] != ref.name:
                    continue  # blanked for mcs (inactive #if code, bodies mcs refused or crashed on)
                taken.add((g, ref.row, ref.column))
                t = ref.decl
                out.append(usage_at(
                    repo_name, g, ref.row, ref.column, imported_name=ref.name, member=None,
                    stubbed_import=f"(resolved) {t.full_name}", tool=TOOL, code=TYPE_REFERENCE_CODE,
                    message=f"{ref.name} names {t.full_name} ({ref.context})", definition_file=ref.path,
                    definition_symbol=t.qualified_name, entity=ref.name, mode="type_reference", round_no=0,
                ))
        if out:
            events.count("checker", "csharp_type_references", n=len(out))
        return out

    def batches(self, jobs: list[tuple[str, set[str]]], observers: dict[str, set[str]]
                ) -> list[list[tuple[int, str, set[str], set[str]]]]:
        """Defining files grouped for shared compilations: in one group no two files have an
        observer in common and none observes another (greedy, in file order, at most
        ``batch_files`` per group). Without observer sets (``optimized=False``) one file each."""
        groups: list[list[tuple[int, str, set[str], set[str]]]] = []
        claimed: list[set[str]] = []  # per group: its defining files and all their observers
        for n, (path, compiled) in enumerate(jobs):
            seen_by = observers.get(path)
            item = (n, path, seen_by or set(), compiled)
            if seen_by is None or self.batch_files <= 1:
                groups.append([item])
                claimed.append(set())
                continue
            mine = {path} | seen_by
            for group, taken in zip(groups, claimed):
                if taken and len(group) < self.batch_files and not (mine & taken):
                    group.append(item)
                    taken |= mine
                    break
            else:
                groups.append([item])
                claimed.append(mine)
        return groups

    # ----------------------------------------------------------------------- bodies --
    def _ranges(self, path: str, facts) -> tuple[tuple[int, int], ...]:
        """The body ranges of ``path`` that :func:`syntax.strip_bodies` removes (none for a file
        that is not attributed: excluded or unparsable files are compiled as they are)."""
        if path not in self.body_ranges:
            ff = facts[path]
            self.body_ranges[path] = strippable_ranges(ff.file.text, body_ranges(ff.tree, ff.file.index))
        return self.body_ranges[path]

    def declared(self, path: str, facts, prepared: PreparedUnit, models) -> frozenset[str]:
        """Identifiers of ``path`` outside the bodies its bodiless copy loses (all of them for a
        file compiled as it is)."""
        if path not in prepared.candidate_set:
            return models[path].identifiers
        if path not in self.declared_identifiers:
            ff = facts[path]
            ranges = self._ranges(path, facts)
            starts = [a for a, _ in ranges]
            index = ff.file.index
            names = set()
            for leaf in iter_leaves(ff.tree.root_node):
                if leaf.type != "identifier":
                    continue
                at = index.node_start(leaf)
                k = bisect.bisect_right(starts, at) - 1
                if k < 0 or not (ranges[k][0] <= at < ranges[k][1]):
                    names.add(index.node_text(leaf))
            self.declared_identifiers[path] = frozenset(names)
        return self.declared_identifiers[path]

    def bodiless(self, prepared: PreparedUnit, paths: Iterable[str], facts) -> dict[str, str]:
        """``{unit file: its bodiless copy}`` for the attributed files among ``paths``; each copy is
        written once per unit (under the unit's lock, before any compilation reads it)."""
        out: dict[str, str] = {}
        candidates = prepared.candidate_set
        with prepared.lock:
            for p in paths:
                if p not in candidates:
                    continue
                copy = BODILESS_DIR + p
                if p not in prepared.bodiless:
                    text = strip_bodies(prepared.texts[p], self._ranges(p, facts))
                    dest = prepared.workdir / copy
                    dest.parent.mkdir(parents=True, exist_ok=True)
                    dest.write_text(text, encoding="utf-8")
                    prepared.bodiless[p] = text
                out[p] = copy
        return out

    # ----------------------------------------------------------------- syntax level --
    def _too_new(self, unit: CompilationUnit, facts, models, events: BuildReport) -> bool:
        value_types = {t.name for p in unit.files for t in models[p].all_types() if t.kind in ("struct", "enum")}
        reference_types = {t.name for p in unit.files for t in models[p].all_types()
                           if t.kind in ("class", "interface", "delegate", "record")}
        offenders = []
        for path in unit.files:
            ff = facts[path]
            if path not in self.syntax_events:  # a library file is part of every unit referencing it
                self.syntax_events[path] = newer_syntax_events(ff.tree, ff.file.index)
            found = detect_newer_syntax(ff.tree, ff.file.index, value_types, reference_types, unit.nullable, limit=3,
                                        events=self.syntax_events[path])
            if ff.has_syntax_error:
                # statements at top level in a file tree-sitter could not parse are its error
                # recovery, not a verdict: mcs compiles the unit and says CS1644/CS8107 if too new
                # (nodes inside ERROR regions or with MISSING tokens give none: newer_syntax_events)
                found = [f for f in found if f.feature != NEWER_NODE_FEATURES["global_statement"]]
            if found:
                first = found[0]
                self._count_too_new(events, "csharp_syntax_too_new_parsed", path, f"line {first.row + 1}: {first.feature}")
                offenders.append(f"{path}:{first.row + 1}: {first.feature}")
        if unit.implicit_usings:
            offenders.append(f"{unit.name}: ImplicitUsings (C# 10 global usings)")
        if offenders:
            events.count("projects", "csharp_syntax_too_new_parsed", unit.name,
                         f"{len(offenders)} file(s) need C# > 7.2, e.g. {offenders[0]}")
            self.rejected_files.update(unit.files)
            return True
        return False

    def _count_too_new(self, events: BuildReport, reason: str, path: str, detail: str) -> None:
        """files/<reason> for a file whose syntax is too new, once per repository: a library file is
        part of every unit that references it, and either verdict (tree-sitter's, mcs's) counts it."""
        if path not in self.too_new_counted:
            self.too_new_counted.add(path)
            events.count("files", reason, path, detail)

    def _body_errors_only(self, path: str, facts) -> bool:
        if path not in self.body_errors_only:
            self.body_errors_only[path] = errors_only_in_bodies(facts[path].tree)
        return self.body_errors_only[path]

    # ------------------------------------------------------------------ preparation --
    def prepare(self, unit: CompilationUnit, facts, models, workdir: Path, events: BuildReport) -> PreparedUnit | None:
        """Make the unit's declarations compile without its missing assemblies (module doc, step 2).

        Phase 1 (until mcs reaches method bodies): blank out unresolvable usings, declare
        stand-ins for missing types, exclude files still failing. Phase 2 (a few more passes):
        give the stand-ins the members the bodies use, so the arguments of calls on them are
        checked too; a pass that breaks the compilation is undone.
        """
        # each file as its own project compiles it: inactive #if branches blanked with that
        # project's symbols (one mcs run cannot give the files of a unit different ones)
        texts = {p: discards_for_mcs(active_code(facts[p].file.text, self.file_defines.get(p, self.defines), same_chars=True),
                                     facts[p].tree, facts[p].file.index)
                 for p in unit.files}
        excluded: dict[str, str] = {}
        why: dict[str, str] = {}  # path -> what made phase 1 exclude it (the counted detail)
        external = ExternalStubs(t.name for p in unit.files for t in models[p].all_types())
        namespaces = sorted({ns for p in unit.files for ns in models[p].namespaces})
        support_texts = {
            SENTINEL_PATH: SENTINEL_TEXT,
            NAMESPACES_PATH: "".join(f"namespace {ns} {{ }}\n" for ns in namespaces),
        }
        neutralized = 0
        blanked: set[str] = set()  # files whose bodies phase 1 blanked (mcs refused code inside them)
        crashed: set[str] = set()  # ... of those, the ones blanked because mcs crashed on them
        isolated = 0  # files removed because mcs crashed or hung on them
        good: tuple | None = None  # (diagnostics, stand-ins) of the last pass that reached the bodies
        member_passes = 0
        for attempt in range(C.MCS_PREPARE_ROUNDS + C.MCS_STUB_MEMBER_ROUNDS):
            support_texts[EXTERNAL_PATH] = external.render()
            all_texts = {**texts, **support_texts}
            res = self.compile(workdir, all_texts, sorted(all_texts), all_texts, f"baseline{attempt}", events)
            while res.status in MCS_FAILED and len(texts) > 1 and isolated < C.MCS_ISOLATE_FILES:
                culprit = self.isolate_failure(workdir, texts, support_texts, res, events)
                if culprit is None:
                    break
                isolated += 1
                status = res.status
                events.count("files", f"checker_{status}_isolated", culprit, res.detail[:300])
                # its declarations are what the files deriving from it or naming its types need:
                # first try the file with its method bodies blanked, removing it only if mcs still fails
                ff = facts[culprit]
                blank_text = blank_bodies(texts[culprit], body_ranges(ff.tree, ff.file.index))
                if blank_text != texts[culprit]:
                    all_texts = {**texts, culprit: blank_text, **support_texts}
                    res = self.compile(workdir, all_texts, sorted(all_texts), all_texts, f"baseline{attempt}", events)
                    if res.status not in MCS_FAILED:
                        texts[culprit] = blank_text
                        blanked.add(culprit)
                        crashed.add(culprit)
                        events.count("files", f"checker_{status}_bodies_blanked", culprit,
                                     "declarations kept, method bodies blanked: the uses inside them are not found")
                        continue
                excluded[culprit] = "removed"
                why[culprit] = f"mcs {status} isolated to this file, its declarations too: {res.detail[:200]}"
                texts.pop(culprit)
                all_texts = {**texts, **support_texts}
                self.write(workdir, all_texts)
                res = self.compile(workdir, all_texts, sorted(all_texts), all_texts, f"baseline{attempt}", events)
            if res.status is not CompileStatus.OK:
                events.count("projects", f"checker_{res.status}", unit.name, res.detail)
                return None
            if res.unlocated:
                events.count("projects", "checker_error", unit.name, "; ".join(f"{c}: {m}" for _, c, m in res.unlocated)[:300])
                return None
            diags = res.diagnostics
            too_new = [d for d in diags if d.code in TOO_NEW_CODES and d.file in texts]
            if too_new:
                d = too_new[0]
                self._count_too_new(events, "csharp_syntax_too_new", d.file, f"line {d.line}: mcs {d.code}: {d.message}")
                events.count("projects", "csharp_syntax_too_new", unit.name, f"{d.file}:{d.line}: {d.message}")
                self.rejected_files.update(unit.files)
                return None
            if reached_bodies(diags):
                good = (diags, external.snapshot())
                if member_passes >= C.MCS_STUB_MEMBER_ROUNDS:
                    break
                member_passes += 1
                if not external.learn([d for d in diags if d.file in texts], facts, with_members=True):
                    break
                continue
            if good is not None:  # the last members pass broke the declarations: undo it
                external.restore(good[1])
                support_texts[EXTERNAL_PATH] = external.render()
                break
            changed, neutralized = self._unblock(diags, texts, excluded, external, facts, models, events, neutralized,
                                                 blanked, why)
            if not changed:
                break
        if good is None:
            sample = "; ".join(f"{d.file}:{d.line} {d.code}" for d in diags[:5])
            events.count("projects", "checker_blocked", unit.name, f"declarations never compiled: {sample}")
            return None
        diags = good[0]
        # the files on disk must match the accepted pass (an undone pass may have been written)
        all_texts = {**texts, **support_texts}
        self.write(workdir, all_texts)
        if neutralized:
            events.count("checker", "usings_neutralized", unit.name, n=neutralized)
        if external:
            events.count("checker", "external_types_declared", unit.name, ", ".join(external.names())[:300],
                         n=len(external.types))
        for path, how in sorted(excluded.items()):
            if path not in self.excluded_counted:  # a file of several projects is one file (NGraphics: 25 for 7)
                self.excluded_counted.add(path)
                events.count("files", f"excluded_{how}", path, why.get(path, "declarations do not compile"))
        for path in sorted(blanked - crashed - set(excluded)):
            events.count("files", "bodies_blanked", path, "mcs refuses code inside its method bodies: declarations kept")
        # a file tree-sitter failed on inside method bodies only keeps whole declarations: it is
        # a definition file too (its bodies are emptied in the stubbed variants)
        candidates = [p for p in unit.files if p not in excluded and not (
            facts[p].has_syntax_error and (facts[p].parse_timeout or not self._body_errors_only(p, facts)))]
        return PreparedUnit(unit, workdir, texts, candidates, excluded, frozenset(d.key() for d in diags),
                            dict(support_texts))

    def _unblock(self, diags, texts, excluded, external: ExternalStubs, facts, models, events: BuildReport,
                 neutralized: int, blanked: set[str], why: dict[str, str]) -> tuple[bool, int]:
        """One pass of phase 1 over errors that kept mcs from the bodies; (changed, neutralized).

        An error inside a method body in a pass that never reached the bodies is one mcs makes
        while parsing (two out variables of one name are CS0128; C# 7 discards mcs would misread
        so are rewritten beforehand, ``syntax.discards_for_mcs``): the file's bodies are blanked
        (``blanked``), its declarations kept for the files that need them.
        """
        changed = False
        declared_now: set[str] = set()  # stand-ins declared in this pass: compiled in the next one
        for d in diags:
            if d.file == EXTERNAL_PATH:  # a stand-in clashes with something real: withdraw it
                changed |= external.reject_line(d.line)
                continue
            if d.file not in texts:
                continue
            model, ff = models[d.file], facts[d.file]
            using = next((u for u in model.usings if u.span.start_row + 1 <= d.line <= u.span.end_row + 1), None)
            if using is not None and d.code in USING_CODES and d.file not in excluded:
                if texts[d.file][using.start:using.end].strip():
                    texts[d.file] = blank_out(texts[d.file], using.start, using.end)
                    neutralized += 1
                    changed = True
                continue
            if d.code in SYNTAX_CODES:
                events.count("files", "syntax_error", d.file, f"mcs {d.code} line {d.line}: {d.message}")
                excluded[d.file] = "removed"
                why[d.file] = f"syntax mcs refuses (mcs {d.code} line {d.line}: {d.message[:150]})"
                texts.pop(d.file, None)
                changed = True
                continue
            if d.code in ("CS0246", "CS0234") and d.file not in excluded:
                # CS0234: the next type of a namespace a stand-in opened (`NAudio.Wave.Mp3Frame`)
                missing = NO_TYPE.match(d.message) or NOT_IN_NAMESPACE.match(d.message)
                if external.learn([d], facts, with_members=False):
                    changed = True
                    if missing:
                        declared_now.add(missing["name"])
                    continue
                if missing and missing["name"] in declared_now:
                    continue  # another file's error of this pass declared it already
            if d.file not in excluded and self._in_body(d, ff):
                if d.file not in blanked:  # (a second error in the same bodies needs nothing more)
                    texts[d.file] = blank_bodies(texts[d.file], body_ranges(ff.tree, ff.file.index))
                    blanked.add(d.file)
                    changed = True
                continue
            # any other declaration-level failure: empty the file, then drop it
            how = "removed" if d.file in excluded or d.code == "CS0101" else "emptied"
            if excluded.get(d.file) != how:
                excluded[d.file] = how
                why[d.file] = (f"declarations do not compile without missing assemblies "
                               f"(mcs {d.code} line {d.line}: {d.message[:150]})")
                if how == "removed":
                    texts.pop(d.file, None)
                else:
                    texts[d.file] = render_emptied(ff.tree, texts[d.file], ff.file.index, model,
                                                   lambda t, m: False, lambda t: False)
                changed = True
        return changed, neutralized

    @staticmethod
    def _in_body(d: Diagnostic, ff: FileFacts) -> bool:
        """Whether ``d`` lies inside one of the method bodies :func:`syntax.blank_bodies` blanks."""
        index = ff.file.index
        if not 0 < d.line <= index.num_lines:
            return False
        at = index.offset(d.line - 1, min(d.column, len(index.line(d.line - 1))))
        return any(start < at < end - 1 for start, end in body_ranges(ff.tree, index))

    def write(self, workdir: Path, write: dict[str, str]) -> None:
        for rel, text in write.items():
            dest = workdir / rel
            if dest.exists() and dest.read_text(encoding="utf-8") == text:
                continue
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_text(text, encoding="utf-8")

    def compile(self, workdir: Path, texts: dict[str, str], sources: Sequence[str], write: dict[str, str], tag: str,
                events: BuildReport, fallback: bool = True) -> CompileResult:
        """Write ``write`` (files new or changed since the last call) and compile ``sources``.

        ``texts`` holds the text of every compiled path (for column conversion). Rounds run
        in parallel threads: each writes only its own variant file, never a shared one.
        """
        self.write(workdir, write)
        names = {s: _plain_name(workdir, s) for s in sources if _UNREPORTABLE_NAME.search(s)}
        if names:
            res = self._compile(workdir, {names.get(p, p): t for p, t in texts.items()}, [names.get(s, s) for s in sources],
                                tag, events, fallback)
            back = {plain: s for s, plain in names.items()}
            return dataclasses.replace(res, diagnostics=tuple(
                dataclasses.replace(d, file=back.get(d.file, d.file)) for d in res.diagnostics))
        return self._compile(workdir, texts, sources, tag, events, fallback)

    def _compile(self, workdir: Path, texts: dict[str, str], sources: Sequence[str], tag: str, events: BuildReport,
                 fallback: bool) -> CompileResult:
        out = workdir / SUPPORT_DIR / f"{tag}.dll"
        if self.pool is not None:
            res = self.pool.compile(workdir, list(sources), texts, str(out), self.timeout, self.defines)
            if fallback and res.status in MCS_FAILED and not res.compiler_error:
                # the resident server died or hung (it restarts on the next request): this
                # compilation is repeated by a plain mcs process, which has no state to lose (an
                # internal error mcs itself reports would only repeat)
                events.count("checker", "mcs_server_fallback", tag, f"{res.status}: {res.detail[:200]}")
                events.count("checker", "mcs_compilations")
                res = compile_sources(workdir, list(sources), texts, str(out), self.timeout, runner=self.runner,
                                      defines=self.defines)
        else:
            res = compile_sources(workdir, list(sources), texts, str(out), self.timeout, runner=self.runner,
                                      defines=self.defines)
        events.count("checker", "mcs_compilations")
        return res

    def isolate_failure(self, workdir: Path, texts: dict[str, str], support: dict[str, str], failed: CompileResult,
                        events: BuildReport) -> str | None:
        """The unit file whose removal stops mcs from failing as ``failed`` did, by bisection.

        mcs 6.8 crashes on some valid C# (``case T _:`` in a switch is "NotImplementedException:
        type pattern matching" while parsing); one such file must not cost the whole project.
        Assumes one culprit at a time (the caller repeats); bounded by ``MCS_ISOLATE_COMPILATIONS``.
        A crash at another place (``CompileResult.signature``) is another fault, one that the
        culprit's presence had kept mcs from reaching: its removal counts as stopping the failure.
        """
        def same(res: CompileResult) -> bool:
            return res.status == failed.status and (not failed.signature or res.signature == failed.signature)

        suspects = sorted(texts)
        budget = C.MCS_ISOLATE_COMPILATIONS
        deadline = time.monotonic() + C.MCS_ISOLATE_SECONDS
        n = 0
        while len(suspects) > 1 and budget > 0 and time.monotonic() < deadline:
            half = suspects[: len(suspects) // 2]
            kept = {p: t for p, t in texts.items() if p not in half}
            all_texts = {**kept, **support}
            budget -= 1
            n += 1
            res = self.compile(workdir, all_texts, sorted(all_texts), all_texts, f"isolate{n}", events, fallback=False)
            suspects = half if not same(res) else suspects[len(suspects) // 2:]
        if len(suspects) != 1:
            return None
        kept = {p: t for p, t in texts.items() if p != suspects[0]}
        all_texts = {**kept, **support}
        res = self.compile(workdir, all_texts, sorted(all_texts), all_texts, "isolate_check", events, fallback=False)
        return suspects[0] if not same(res) else None

    # ------------------------------------------------------------------------ rounds --
    def rounds_for(self, repo_name: str, prepared: PreparedUnit, index: "ProjectIndex", facts, models,
                   path: str, compiled: set[str], job: int) -> FileRounds:
        """The rounds of one defining file, each compilation on its own."""
        return drive(self._rounds(repo_name, prepared, index, facts, models, path, compiled, job),
                     lambda request: self.compile_request(prepared, request))

    def compile_request(self, prepared: PreparedUnit, request: "RoundRequest") -> CompileResult:
        """One defining file's compilation. mcs 6.8 crashes on some code depending on what else it
        compiles and in which order (:func:`source_order`), so a compilation with bodiless files
        that crashes or hangs is repeated with every body, as before bodies were stripped:
        whatever mcs does with those sources is what the file gets."""
        res = self.compile(prepared.workdir, request.texts, request.sources, request.write, request.tag,
                           request.events)
        if res.status in MCS_FAILED and request.with_bodies is not None:
            res = self.compile(prepared.workdir, request.texts, request.with_bodies, request.write,
                               f"{request.tag}b", request.events)
        return res

    def rounds_batched(self, repo_name: str, prepared: PreparedUnit, index: "ProjectIndex", facts, models,
                       batch: list[tuple[int, str, set[str], set[str]]]) -> list[FileRounds]:
        """The rounds of several defining files whose observers are disjoint, in lockstep: each
        round of all of them is ONE compilation (the files' emptied texts side by side), and each
        file's rounds get the diagnostics located in its own observers (and in the files only its
        own compilation would hold), as a compilation of that file alone would give them.

        Observers are disjoint and no defining file observes another, so an error in an observer
        of F can come only from F's emptied types (``ProjectIndex.observable_names``). When the
        shared compilation fails or does not reach the method bodies (one file's stub may block
        the declarations of all), each file's compilation is repeated alone."""
        events = BuildReport()
        steps: dict[int, Generator] = {}
        requests: dict[int, RoundRequest] = {}
        results: dict[int, FileRounds] = {}
        info = {job: (path, dependents, compiled) for job, path, dependents, compiled in batch}
        for job, path, dependents, compiled in batch:
            steps[job] = self._rounds(repo_name, prepared, index, facts, models, path, compiled, job)
            try:
                requests[job] = next(steps[job])
            except StopIteration as stop:
                results[job] = stop.value
        cycle = 0
        while requests:
            cycle += 1
            answers = self._batch_compile(prepared, requests, info, events, f"b{min(requests)}c{cycle}")
            for job in list(requests):
                try:
                    answer = answers[job]
                    requests[job] = steps[job].throw(answer) if isinstance(answer, Exception) else steps[job].send(answer)
                except StopIteration as stop:
                    results[job] = stop.value
                    del requests[job]
        out = [results[job] for job, *_ in batch]
        out.append(FileRounds(events=events))
        return out

    def _batch_compile(self, prepared: PreparedUnit, requests: dict[int, "RoundRequest"],
                       info: dict[int, tuple[str, set[str], set[str]]], events: BuildReport, tag: str,
                       depth: int = 0) -> dict:
        """One compilation for every pending request (or one each when that cannot be shared).

        When the shared compilation stops before the bodies, the files whose own parts (emptied
        file, blanked copies, observers) hold errors the baseline does not have are compiled
        alone and the others share a compilation again (at most ``MCS_BATCH_SPLITS`` times):
        one file's blocked declarations no longer cost every file of the group a compilation
        of its own. Each file still gets the answer of a compilation that reached the bodies
        with no other file's errors in its observers, or of its own compilation."""

        def alone(which: Iterable[int] | None = None) -> dict:
            answers: dict = {}
            for job, request in requests.items():
                if which is not None and job not in which:
                    continue
                try:
                    answers[job] = self.compile_request(prepared, request)
                except Exception as exc:  # noqa: BLE001 - handed to that file's rounds, as alone
                    answers[job] = exc
            return answers

        replaced = [g for r in requests.values() for g in r.copies.values()]
        if len(requests) == 1 or len(replaced) != len(set(replaced)):
            return alone()
        originals = {info[job][0] for job in requests} | set(replaced)
        chosen = {s for r in requests.values() for s in r.sources
                  if unit_file(s) not in originals}
        # a file one job compiles with its bodies is compiled with them (and what they name) for all
        sources = sorted((s for s in chosen if not (s.startswith(BODILESS_DIR) and unit_file(s) in chosen)),
                         key=source_order)
        texts: dict[str, str] = {}
        write: dict[str, str] = {}
        copies: dict[str, str] = {}
        for r in requests.values():
            texts.update(r.texts)
            write.update(r.write)
            copies.update(r.copies)
        res = self.compile(prepared.workdir, texts, sources, write, tag, events)
        if res.status is not CompileStatus.OK or not reached_bodies(res.diagnostics):
            blockers = self._blockers(prepared, requests, info, res) if depth < MCS_BATCH_SPLITS else None
            if blockers and len(requests) - len(blockers) >= 2:
                events.count("checker", "mcs_batch_alone", tag, n=len(blockers))
                answers = alone(blockers)
                rest = {job: r for job, r in requests.items() if job not in blockers}
                answers.update(self._batch_compile(prepared, rest, info, events, f"{tag}s", depth + 1))
                return answers
            events.count("checker", "mcs_batch_alone", tag, n=len(requests))
            return alone()
        events.count("checker", "mcs_batched_rounds", n=len(requests))
        diagnostics = [dataclasses.replace(d, file=copies[d.file]) if d.file in copies else d for d in res.diagnostics]
        variants = {r.variant: job for job, r in requests.items()}
        owner = {g: job for job in requests for g in info[job][1]}
        routed: dict[int, list[Diagnostic]] = {job: [] for job in requests}
        for d in diagnostics:
            if d.file in variants:
                routed[variants[d.file]].append(d)
            elif d.file in owner:
                routed[owner[d.file]].append(d)
            elif d.file in prepared.texts:
                for job in requests:
                    if d.file in info[job][2]:
                        routed[job].append(d)
            else:  # support files (the sentinel, stand-ins): every compilation has them
                for job in requests:
                    routed[job].append(d)
        return {job: dataclasses.replace(res, diagnostics=tuple(routed[job])) for job in requests}

    @staticmethod
    def _blockers(prepared: PreparedUnit, requests: dict[int, "RoundRequest"],
                  info: dict[int, tuple[str, set[str], set[str]]], res: CompileResult) -> set[int] | None:
        """The jobs of a shared compilation that stopped before the bodies whose own files hold
        errors the baseline does not have; None when that cannot be told (a crash, an error in a
        file no single job owns, or no such error)."""
        if res.status is not CompileStatus.OK:
            return None
        variants = {r.variant: job for job, r in requests.items()}
        copies = {copy: job for job, r in requests.items() for copy in r.copies}
        owner = {g: job for job in requests for g in info[job][1]}
        found: set[int] = set()
        for d in res.diagnostics:
            if d.file == SENTINEL_PATH or d.code in NON_BLOCKING_CODES:
                continue
            job = variants.get(d.file, copies.get(d.file))
            if job is None:
                original = unit_file(d.file)
                if dataclasses.replace(d, file=original).key() in prepared.baseline:
                    continue
                job = owner.get(original)
                if job is None:
                    return None
            found.add(job)
        return found or None

    def _rounds(self, repo_name: str, prepared: PreparedUnit, index: "ProjectIndex", facts, models,
                path: str, compiled: set[str], job: int) -> Generator["RoundRequest", CompileResult, FileRounds]:
        """The rounds of one defining file as a generator: it yields each compilation it needs
        (:class:`RoundRequest`) and is sent the result (or thrown the compiler's exception)."""
        result = FileRounds()
        try:
            rounds = _DefiningFileRounds(self, repo_name, prepared, index, facts, models, path, compiled, job, result)
            yield from stub_rounds(rounds, self.max_rounds)
            for _ in range(self.unmask):
                # one more compilation: the members whose written uses no round reported stay
                # empty, every other found member comes back (the masks) -- see unmask(); again
                # while it finds something (a mask may itself have been masked)
                if not rounds.unmask():
                    break
                request = rounds.variant(rounds.round_no + 1)
                outcome = rounds.observe(rounds.round_no + 1, request, (yield request))
                if not outcome.found:
                    break
                rounds.restore(outcome.found)
            if self.unmask and rounds.unmask_masks():
                # the members left empty that mask others come back, the rest stay empty
                request = rounds.variant(rounds.round_no + 1)
                rounds.observe(rounds.round_no + 1, request, (yield request))
        except (OSError, ValueError, PersistentProcessError) as exc:
            # what a compilation or the files can throw; a bug of ours propagates (and fails the
            # repository with its traceback) instead of passing for a checker crash
            result.events.count("files", "checker_crash", path, f"{type(exc).__name__}: {exc}")
        return result


def source_order(source: str) -> str:
    """Sort key of a compiled path: a bodiless copy takes the place of the file it replaces. mcs
    reads its sources in command-line order and 6.8 crashes on some code depending on that order
    (Stateless: an async method with `out var`, whenever one bodiless copy sorted first)."""
    return unit_file(source)


def unit_file(source: str) -> str:
    """The unit file a compiled path stands for: a bodiless copy's original, else the path itself."""
    return source.removeprefix(BODILESS_DIR)


def _plain_name(workdir: Path, source: str) -> str:
    """A plain name in ``workdir`` for ``source`` (a link to it, made once; the link follows the
    file's current text)."""
    plain = NAMES_DIR + hashlib.sha256(source.encode("utf-8", "surrogateescape")).hexdigest()[:24] + ".cs"
    link = workdir / plain
    if not link.is_symlink():
        link.parent.mkdir(parents=True, exist_ok=True)
        try:
            os.symlink(workdir / source, link)
        except FileExistsError:  # another round's thread made it
            pass
    return plain


def _memory_tmp() -> str | None:
    """/dev/shm when writable: every unit writes hundreds of files that mcs reads and that are
    deleted afterwards (on the shared disk, unlinking NLog's ~7,000 took 9 s); else the default."""
    shm = "/dev/shm"
    return shm if os.path.isdir(shm) and os.access(shm, os.W_OK | os.X_OK) else None


def reached_bodies(diags: Iterable[Diagnostic]) -> bool:
    return any(d.file == SENTINEL_PATH and d.code == SENTINEL_CODE for d in diags)


# ----------------------------------------------------------------------- dependencies --
class ProjectIndex:
    """Names declared and mentioned per file of a prepared unit, and the types by name."""

    def __init__(self, prepared: PreparedUnit, models: dict[str, FileModel], cache: dict | None = None) -> None:
        self.prepared = prepared
        self.models = models
        # facts of one file computed once per repository (a file is observed by many defining
        # files, in many rounds and units): walking its tree each time grew with N x observers
        self.cache = cache if cache is not None else {}
        self.paths = sorted(prepared.texts)
        self.declared: dict[str, set[str]] = {}
        self.by_name: dict[str, set[str]] = {}
        self.types_by_full: dict[str, list[tuple[str, TypeDecl]]] = {}
        self.types_by_simple: dict[str, list[tuple[str, TypeDecl]]] = {}
        for p in self.paths:
            names: set[str] = set()
            for t in models[p].all_types():
                names.add(t.name)
                if t.name.endswith("Attribute") and len(t.name) > len("Attribute"):
                    names.add(t.name[: -len("Attribute")])  # [Foo] means FooAttribute
                for m in t.members:
                    if m.is_extension:
                        names.update(m.names)
                self.types_by_full.setdefault(t.full_name, []).append((p, t))
                self.types_by_simple.setdefault(t.name, []).append((p, t))
            self.declared[p] = names
            for n in names:
                self.by_name.setdefault(n, set()).add(p)
        # (owner type, member names, identifiers of the signature) of every project member
        self.member_signatures: list[tuple[str, tuple[str, ...], frozenset[str]]] = [
            (t.name, m.names, frozenset(_WORD.findall(m.signature)) - set(m.names))
            for p in self.paths for t in models[p].all_types() for m in t.members
        ]
        # the same facts indexed once, so that each file's question costs what it finds, not the
        # repository (asked for every file, the scans grew with the square of the repository)
        self.subtypes: dict[str, set[str]] = {}  # base name -> names of project types listing it
        for p in self.paths:
            for t in models[p].all_types():
                for b in t.bases:
                    self.subtypes.setdefault(b, set()).add(t.name)
        self.signatures_naming: dict[str, list[tuple[str, tuple[str, ...]]]] = {}  # word -> (owner, member names)
        for owner, member_names, words in self.member_signatures:
            for w in words:
                self.signatures_naming.setdefault(w, []).append((owner, member_names))
        self.mentioning: dict[str, set[str]] = {}  # identifier -> files mentioning it
        for p in self.paths:
            for name in models[p].identifiers:
                self.mentioning.setdefault(name, set()).add(p)

    @functools.cached_property
    def type_resolver(self) -> TypeResolver:
        """C#'s lookup of written type names over the unit's types (``lang/csharp/typerefs.py``),
        with the ``global using`` directives of all its files."""
        return TypeResolver(self.types_by_full, self.base_chain,
                            [u for p in self.paths for u in self.models[p].usings if u.is_global])

    def parts(self, t: TypeDecl) -> list[TypeDecl]:
        """Every declaration of ``t``'s type in the unit (the parts of a partial type; ``t``
        alone otherwise)."""
        return [d for _, d in self.types_by_full.get(t.full_name, ()) if d.arity == t.arity] or [t]

    def per_file(self, key: tuple, compute: Callable):
        if key not in self.cache:
            self.cache[key] = compute()  # the same value if two threads race
        return self.cache[key]

    def observable_names(self, path: str) -> set[str]:
        """Names a file must mention to reach a member of a type defined in ``path``.

        A member of F's type T is reached through an expression whose type is T: the name of
        T itself (a declaration, a static call, `new T`), of a project type deriving from T,
        or of a project member whose declared type names one of those (`repo.Find(id).Total`
        names `Find`, declared `Order Find(int id)`); extension methods of F are called by
        their own name. A file mentioning none of these cannot observe F's members.
        """
        types = {t.name for t in self.models[path].all_types()}
        extensions = {n for t in self.models[path].all_types() for m in t.members if m.is_extension for n in m.names}
        # project subtypes of F's types, transitively
        stack = list(types)
        while stack:
            for sub in self.subtypes.get(stack.pop(), ()):
                if sub not in types:
                    types.add(sub)
                    stack.append(sub)
        names = set(types) | extensions
        names.update(t[: -len("Attribute")] for t in types if t.endswith("Attribute") and len(t) > len("Attribute"))
        for word in types:
            for owner, member_names in self.signatures_naming.get(word, ()):
                # members of F's types and subtypes are reached through those types' names already
                if owner not in types:
                    names.update(member_names)
        return names

    def dependents(self, path: str) -> set[str]:
        names = self.observable_names(path)
        found: set[str] = set()
        for name in names:
            found |= self.mentioning.get(name, set())
        found.discard(path)
        return found

    def closure(self, start: Iterable[str], keep: frozenset[str] | None = None,
                declared: Callable[[str], frozenset[str]] | None = None) -> set[str]:
        """``start`` and every unit file declaring a name they mention, transitively. With
        ``keep`` and ``declared``, a file outside ``keep`` is compiled without its bodies and
        mentions only ``declared(path)`` (the identifiers outside them)."""
        out: set[str] = set()
        stack = list(start)
        while stack:
            p = stack.pop()
            if p in out or p not in self.prepared.texts:
                continue
            out.add(p)
            names = self.models[p].identifiers if keep is None or p in keep else declared(p)
            for name in names:
                for q in self.by_name.get(name, ()):
                    if q not in out:
                        stack.append(q)
        return out

    def base_chain(self, t: TypeDecl, depth: int = 0) -> Iterable[tuple[str, TypeDecl]]:
        """Project types named in ``t``'s base list, recursively (partial parts included)."""
        if depth > 6:
            return
        for base in t.bases:
            for p, bt in self.types_by_simple.get(base, ()):
                yield p, bt
                yield from self.base_chain(bt, depth + 1)


# ------------------------------------------------------------------- overriders of F --
_OVERRIDE = re.compile(r"\boverride\b")
_ABSTRACT = re.compile(r"\babstract\b")
# nodes whose body is one scope for local names (a receiver text means one thing inside)
_SCOPES = frozenset({"method_declaration", "constructor_declaration", "destructor_declaration", "accessor_declaration",
                     "operator_declaration", "conversion_operator_declaration", "local_function_statement",
                     "field_declaration", "property_declaration", "indexer_declaration", "event_declaration",
                     "lambda_expression", "anonymous_method_expression"})


@dataclass
class Overrider:
    """A declaration in another file G that needs a member of F: an override or explicit implementation."""

    file: str
    start: int  # span to blank out: the `override` modifier or the `IFoo.` qualifier
    end: int
    owner: TypeDecl  # F's type that declares (or should declare) the member
    member: str


def abstract_implementations(path: str, model: FileModel, index: "ProjectIndex") -> frozenset[tuple[str, str]]:
    """``(type qualified name, member name)`` of the overrides of F's classes that implement an
    abstract member of a project base class declared in another file (``Section : Part``
    overriding ``Part``'s abstract ``Render``).

    Emptied, such a class no longer implements that member: a concrete class is CS0534 itself,
    and one made abstract (``render_emptied``) passes the debt to its subclasses in other files
    (``Block : Section``, implementing only ``Render``), while blanking their ``override`` of
    the member (``find_overriders``) makes it hide the abstract one (CS0533). Either is a
    declaration error: mcs checked no body, and every member of F was lost. These overrides
    are kept without their bodies instead; a call of them through F's type then compiles
    against the base's declaration, as it would through the base."""
    out: set[tuple[str, str]] = set()
    for t in model.all_types():
        if t.kind != "class":
            continue
        for m in t.members:
            if not m.is_override or len(m.names) != 1:
                continue
            for bp, bt in index.base_chain(t):
                declared = [bm for bm in bt.members if m.names[0] in bm.names]
                if not declared:
                    continue
                if bp != path and bt.kind == "class" and any(_ABSTRACT.search(bm.signature) for bm in declared):
                    out.add((t.qualified_name, m.names[0]))
                break
    return frozenset(out)


def find_overriders(path: str, model: FileModel, index: "ProjectIndex", facts, files: Iterable[str]) -> list[Overrider]:
    """Declarations in ``files`` that stop compiling once F's members are gone.

    An ``override`` of a member of F's type (in a project subtype) and an explicit
    implementation ``IFoo.M`` of F's interface are declaration errors (CS0115, CS0539) that
    make mcs skip every method body of the compilation, and restoring the member in F (the
    only other way out) hides every use of it. Blanking the ``override`` modifier or the
    ``IFoo.`` qualifier in G (same length, so no position moves) turns them into ordinary
    methods while F's member is absent.
    """
    mine = {t.full_name: t for t in model.all_types()}
    interfaces = {t.name: t for t in model.all_types() if t.kind == "interface"}
    out: list[Overrider] = []
    for g in files:
        if g == path or g not in facts or g not in index.models:
            continue
        text = index.prepared.texts.get(g)
        if text is None:
            continue
        for t in index.models[g].all_types():
            owners = [mine[bt.full_name] for bp, bt in index.base_chain(t) if bp == path and bt.full_name in mine]
            if not owners:
                continue
            for m in t.members:
                if not m.is_override:
                    continue
                # only an override of a member F's type declares (directly, or as the override of
                # an override) needs F: one of an intermediate class's own abstract member does not
                # (an abstract base implementing F's interface: blanking it hid every use of F)
                # (an override never overrides an interface's member: an interface is no owner);
                # an overload counts by its parameters: Pfim's CompressedDds declares its own
                # abstract Decode(5 parameters) beside Dds's Decode(2), and blanking the overrides
                # of the first made them hide it (CS0533): no body of the round was checked
                owner = next((o for o in owners if o.kind != "interface" and _declares_like(o, m)), None)
                if owner is None:
                    continue
                if any(bp != path and bt.kind != "interface" and _declares_like(bt, m, own_only=True)
                       for bp, bt in index.base_chain(t)):
                    continue  # another file's class declares what it overrides: it compiles without F
                found = _OVERRIDE.search(text, m.start, m.end)
                if found is not None:
                    out.append(Overrider(g, found.start(), found.end(), owner, m.names[0]))
        if interfaces:
            for start, end, written, name in index.per_file(("interface_specifiers", g),
                                                            lambda: interface_specifiers(facts[g])):
                owner = interfaces.get(simple_type_name(strip_type_arguments(written)))
                if owner is not None:
                    out.append(Overrider(g, start, end, owner, name))
    return out


def _parameter_count(signature: str) -> int | None:
    """Parameters of a method's signature (top-level commas of its first parameter list), None
    for a declaration without one (a property, a field)."""
    params = _parameters(signature)
    return None if params is None else len(params)


def _parameters(signature: str) -> list[str] | None:
    """The parameters of a method's signature as written (top-level commas of its first
    parameter list), None for a declaration without one."""
    start = signature.find("(")
    if start < 0:
        return None
    depth, params, current = 0, [], []
    for ch in signature[start + 1:]:
        if ch in "(<[":
            depth += 1
        elif ch in ")>]":
            if depth == 0:
                break
            depth -= 1
        if ch == "," and depth == 0:
            params.append("".join(current).strip())
            current = []
        else:
            current.append(ch)
    last = "".join(current).strip()
    return params + [last] if params or last else []


def _accepts_arguments(m: MemberDecl, count: int) -> bool:
    """Method ``m`` can be called with ``count`` positional arguments (optional parameters and
    a ``params`` array counted); a member that is not a method accepts any call."""
    params = _parameters(m.signature) if m.kind == "method" else None
    if params is None:
        return True
    variadic = bool(params) and re.match(r"(\[[^\]]*\]\s*)*params\b", params[-1]) is not None
    required = sum(1 for p in params if "=" not in p) - variadic
    return required <= count and (variadic or count <= len(params))


def _declares_like(t: TypeDecl, member: MemberDecl, own_only: bool = False) -> bool:
    """Whether ``t`` declares a member ``member`` may override: one of its names, the same number
    of parameters (either without a parameter list: any); ``own_only``: not itself an override."""
    arity = _parameter_count(member.signature)
    for m in t.members:
        if own_only and m.is_override or not set(m.names) & set(member.names):
            continue
        other = _parameter_count(m.signature)
        if arity is None or other is None or arity == other:
            return True
    return False


def interface_specifiers(ff: FileFacts) -> list[tuple[int, int, str, str]]:
    """``(start, end, interface as written, member name)`` of every explicit implementation
    ``IFoo.M`` of a file (the ``IFoo.`` span)."""
    out = []
    index = ff.file.index
    for node in iter_nodes_of_type(ff.tree.root_node, "explicit_interface_specifier"):
        named = [c for c in node.named_children]
        written = index.node_text(named[0]) if named else ""
        name = node.next_named_sibling
        if name is not None and name.type == "identifier":
            out.append((index.node_start(node), index.node_end(node), written, index.node_text(name)))
    return out


# where C# declares a name a member body's code can read: a local, a parameter, a loop or catch
# variable, a pattern or ``out var`` designation
_DECLARING_PARENTS = frozenset({"variable_declarator", "parameter", "foreach_statement", "catch_declaration",
                                "single_variable_designation", "implicit_parameter", "local_function_statement"})


def _constructed_local(index, node, type_name: str, declared_names: Callable[[object], dict[str, int]]):
    """``(name, member body node)`` when ``node`` is the type name of ``new T(...)`` initializing
    a local ``var x`` or ``T x`` that its member body declares once (no parameter, other local
    or designation of the same name: ``declared_names(body)``), else None. Texts are read
    through ``index`` (a tree parsed from a read callback holds no text of its own)."""
    while node is not None and node.type in ("identifier", "generic_name", "qualified_name", "alias_qualified_name"):
        parent = node.parent
        if parent is None or parent.type == "object_creation_expression":
            break
        node = parent
    creation = node.parent if node is not None else None
    if creation is None or creation.type != "object_creation_expression" or creation.child_by_field_name("type") != node:
        return None
    declarator = creation.parent
    if declarator is not None and declarator.type == "equals_value_clause":
        declarator = declarator.parent
    declaration = declarator.parent if declarator is not None and declarator.type == "variable_declarator" else None
    if declaration is None or declaration.type != "variable_declaration" or declaration.parent is None \
            or declaration.parent.type != "local_declaration_statement":
        return None
    written = declaration.child_by_field_name("type")
    if not (written is not None and (written.type == "implicit_type" or re.sub(
            r"<.*", "", index.node_text(written)).rsplit(".", 1)[-1].strip() == type_name)):
        return None
    name_node = declarator.child_by_field_name("name") or next(
        (c for c in declarator.named_children if c.type == "identifier"), None)
    if name_node is None:
        return None
    name = index.node_text(name_node)
    body = declaration.parent
    while body is not None and body.type not in _MEMBER_BODIES:
        body = body.parent
    if body is None:
        return None
    return (name, body) if declared_names(body).get(name, 0) == 1 else None


def _declared_names(index, body) -> dict[str, int]:
    """How many times a member body declares each name (locals, parameters, loop and catch
    variables, designations, lambda parameters, local functions)."""
    counts: dict[str, int] = {}
    for identifier in iter_nodes_of_type(body, "identifier"):
        parent = identifier.parent
        if parent is None or parent.type not in _DECLARING_PARENTS:
            continue
        named = parent.child_by_field_name("name")
        if (named == identifier
                or (named is None and parent.named_children and parent.named_children[0] == identifier)
                or parent.type in ("single_variable_designation", "implicit_parameter")
                or (parent.type == "foreach_statement" and parent.child_by_field_name("left") == identifier)):
            text = index.node_text(identifier)
            counts[text] = counts.get(text, 0) + 1
    return counts


_NO_INDEXER = re.compile(r"Cannot apply indexing with \[\] to an expression of type `(?P<type>[^']+)'")
# CS0019 (binary) and CS0023 (unary): a user-defined operator of an emptied type is missing
_NO_OPERATOR = re.compile(r"Operator `[^']+' cannot be applied to operands of type `(?P<left>[^']+)' and "
                          r"`(?P<right>[^']+)'|The `[^']+' operator cannot be applied to operand of type `(?P<type>[^']+)'")

# how directly a usage's mode knows the receiver's type: the compiler's own error on an emptied
# type, a local made by `new T` (its static type is T), then receivers typed through another
# proven use (their type is T or any subtype of T)
_EVIDENCE_RANK = {"constructed_local": 1, "chained_call": 2, "same_receiver": 2}


def strongest_evidence(usages: Sequence[CrossFileUsage], report: BuildReport) -> list[CrossFileUsage]:
    """The usages, where several name different definitions for one member at one position, of
    the most direct evidence only (counted ``checker/usages_superseded``).

    Two defining files' rounds can both recover ``stp.Start()``: the abstract base's round
    through ``stp.QueueWorkItem`` (the receiver holds a base or a subtype) and the subclass's
    through ``SmartThreadPool stp = new SmartThreadPool()`` (exactly the subclass, whose override
    is what the call names). Both were kept, one with the wrong definition (SmartThreadPool,
    held-out 18: 4 usages naming the base)."""
    best: dict[tuple, int] = {}
    for u in usages:
        if u.member is not None:
            key = (u.file, u.line, u.column, u.member)
            best[key] = min(best.get(key, 9), _EVIDENCE_RANK.get(u.mode, 0))
    kept = []
    for u in usages:
        if u.member is not None and _EVIDENCE_RANK.get(u.mode, 0) > best[(u.file, u.line, u.column, u.member)]:
            report.count("checker", "usages_superseded", f"{u.file}:{u.line}", u.definition_symbol)
            continue
        kept.append(u)
    return kept


def _argument_count(access: Node) -> int | None:
    """The number of arguments of the call ``access(...)`` (``x.N(a, b)``: 2), None when the
    member access ``access`` is not called."""
    call = access.parent
    if call is None or call.type != "invocation_expression" or call.child_by_field_name("function") != access:
        return None
    arguments = call.child_by_field_name("arguments")
    return sum(1 for a in arguments.named_children if a.type == "argument") if arguments is not None else None


def member_accesses(ff: FileFacts) -> list[tuple[int, int, str, str, int | None]]:
    """``(row, column, member, receiver text without spaces, id of the enclosing scope node)`` of
    every ``receiver.member`` of a file, in tree order."""
    index = ff.file.index
    accesses = []
    for node in iter_nodes_of_type(ff.tree.root_node, "member_access_expression"):
        name = node.child_by_field_name("name")
        receiver = node.child_by_field_name("expression")
        if name is None or receiver is None or name.type != "identifier":
            continue
        scope = node.parent
        while scope is not None and scope.type not in _SCOPES:
            scope = scope.parent
        row, _ = name.start_point
        col = index.node_start(name) - index.line_starts[row]
        accesses.append((row, col, index.node_text(name), re.sub(r"\s+", "", index.node_text(receiver)),
                         scope.id if scope is not None else None))
    return accesses


_MEMBER_BODIES = frozenset({"method_declaration", "constructor_declaration", "destructor_declaration",
                            "operator_declaration", "conversion_operator_declaration", "property_declaration",
                            "indexer_declaration", "event_declaration", "field_declaration"})


def member_body_accesses(ff: FileFacts) -> list[tuple[int, int, str, int | None]]:
    """``(row, column, member, id of the enclosing member declaration)`` of every ``x.member``
    of a file: unlike :func:`member_accesses`' scopes, lambdas and local functions belong to
    the method they are written in."""
    index = ff.file.index
    out = []
    for node in iter_nodes_of_type(ff.tree.root_node, "member_access_expression"):
        name = node.child_by_field_name("name")
        if name is None or name.type != "identifier":
            continue
        scope = node.parent
        while scope is not None and scope.type not in _MEMBER_BODIES:
            scope = scope.parent
        row, _ = name.start_point
        out.append((row, index.node_start(name) - index.line_starts[row], index.node_text(name),
                    scope.id if scope is not None else None))
    return out


def _identifier_of(name):
    """The identifier node of a member access's name (``M`` of ``M<T>``), or None."""
    if name is not None and name.type == "generic_name":
        name = next((c for c in name.children if c.type == "identifier"), None)
    return name if name is not None and name.type == "identifier" else None


def iter_nodes_of_type(root, kind: str):
    """Nodes of one type, iteratively (deeply nested code must not exhaust the stack)."""
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == kind:
            yield node
        stack.extend(reversed(node.children))

class _DefiningFileRounds:
    """The stub rounds of one defining file F (:func:`analyzers.crossfile.stub_rounds` hooks):
    F's types are emptied except for the members whose uses earlier rounds reported (and the
    nested types those need), its observers are compiled against that, and every new error in
    an observer located on F's member or type is a use."""

    def __init__(self, checker: "CSharpChecker", repo_name: str, prepared: PreparedUnit, index: "ProjectIndex",
                 facts, models, path: str, compiled: set[str], job: int, result: FileRounds) -> None:
        self.prepared, self.index, self.path, self.compiled, self.job, self.result = (
            prepared, index, path, compiled, job, result)
        self.ff, self.model = facts[path], models[path]
        self.checker, self.facts = checker, facts
        self.keep = prepared.keep.get(path) if checker.strip_bodies else None
        self.restore_members: set[tuple[str, str]] = set()  # (type qualified name, member name)
        self.restore_any: set[str] = set()  # member names restored in every type of the file
        self.keep_nested: set[str] = set()
        self.seen = set(prepared.baseline)
        self.variant_path = f"{SUPPORT_DIR}/variant{job}.cs"
        self.subset = checker.optimized and len(compiled) < len(prepared.texts)
        self.attributor = Attributor(repo_name, path, self.model, index, facts, models)
        self.candidates = set(prepared.candidates)
        # overrides implementing a project base's abstract member stay (bodiless: render_emptied)
        self.abstract_implementations = abstract_implementations(path, self.model, index)
        if self.abstract_implementations:
            result.events.count("checker", "abstract_implementations_kept", path, n=len(self.abstract_implementations))
        self.overriders = [o for o in (find_overriders(path, self.model, index, facts, prepared.texts)
                                       if self.model.types else [])
                           if (o.owner.qualified_name, o.member) not in self.abstract_implementations]
        if self.overriders:
            result.events.count("checker", "overrides_blanked", path, n=len(self.overriders))
        # parameterless constructor calls are only visible on abstract stand-ins (render_emptied)
        self.abstract_stand_ins = {t.qualified_name for t in self.model.all_types() if abstractable(t, index.parts(t))}
        # method overrides (of a library base's member, DynamicObject's TryGetMember, or of a
        # project base's virtual one) and methods declared `new` over an inherited one
        # (SmartThreadPool's STPStartInfo.AsReadOnly): emptied, they leave an obsolete-as-error stand-in
        # (render_emptied), so a call through F's type is not answered by the base's member;
        # implementations of a project base's abstract members are kept instead (above)
        self.external_overrides = {
            (t.qualified_name, m.names[0]) for t in self.model.all_types() for m in t.members
            if (m.is_override or hides_inherited(m)) and m.kind == "method" and len(m.names) == 1
            and (t.qualified_name, m.names[0]) not in self.abstract_implementations}
        self.pending: tuple[set, set, set] = (set(), set(), set())
        self.round_no = 0  # the last round checked
        self.unmasking: frozenset[str] = frozenset()  # found members left empty by unmask()

    def _restored(self, qualified: str, name: str) -> bool:
        if name in self.unmasking:
            return False
        return (qualified, name) in self.restore_members or name in self.restore_any

    def _kept(self, t: TypeDecl, m: MemberDecl) -> bool:
        return any(self._restored(t.qualified_name, n) for n in m.names)

    def _kept_type(self, t: TypeDecl) -> bool:
        return t.qualified_name in self.keep_nested

    def _instantiable(self, t: TypeDecl) -> bool:  # until a constructor use of t is found
        return t.qualified_name not in self.abstract_stand_ins or (t.qualified_name, t.name) in self.restore_members

    def _external_override(self, t: TypeDecl, m: MemberDecl) -> bool:
        return (t.qualified_name, m.names[0]) in self.external_overrides

    def _abstract_implementation(self, t: TypeDecl, m: MemberDecl) -> bool:
        return (t.qualified_name, m.names[0]) in self.abstract_implementations

    def variant(self, round_no: int) -> RoundRequest:
        prepared, path = self.prepared, self.path
        emptied = render_emptied(self.ff.tree, prepared.texts[path], self.ff.file.index, self.model, self._kept,
                                 self._kept_type, self._instantiable if self.abstract_stand_ins else None,
                                 self._external_override if self.external_overrides else None,
                                 self._abstract_implementation if self.abstract_implementations else None)
        files = self.compiled if self.subset else set(prepared.texts)
        # G files whose overrides of F's absent members are blanked, as this job's own copies
        blanks: dict[str, list[Overrider]] = {}
        for o in self.overriders:
            if o.file in files and not self._restored(o.owner.qualified_name, o.member):
                blanks.setdefault(o.file, []).append(o)
        copies = {f"{SUPPORT_DIR}/j{self.job}/{g}": g for g in blanks}
        patched = {}
        for copy, g in copies.items():
            text = prepared.texts[g]
            for o in blanks[g]:
                text = blank_out(text, o.start, o.end)
            patched[copy] = text
        plain = files - {path} - set(blanks)
        # files that cannot observe F are compiled from their bodiless copies (their errors are
        # the baseline's, and bodies change nothing another file sees)
        stripped = self.checker.bodiless(prepared, plain - self.keep, self.facts) if self.keep is not None else {}
        sources = sorted((plain - set(stripped)) | set(stripped.values()) | set(prepared.support)
                         | {self.variant_path} | set(copies), key=source_order)
        with_bodies = None
        if stripped:  # what this compilation was before bodies were stripped
            files = prepared.closure.get(path, files) if self.subset else set(prepared.texts)
            with_bodies = sorted((files - {path} - set(blanks)) | set(prepared.support) | {self.variant_path}
                                 | set(copies))
        texts = {**prepared.texts, **prepared.support, **{c: prepared.bodiless[g] for g, c in stripped.items()},
                 self.variant_path: emptied, **patched}
        return RoundRequest(texts, sources, {self.variant_path: emptied, **patched}, f"v{self.job}r{round_no}",
                            self.result.events, self.variant_path, copies, self.keep, with_bodies)

    def observe(self, round_no: int, request: RoundRequest, res: CompileResult) -> RoundOutcome[CrossFileUsage]:
        path, events = self.path, self.result.events
        self.round_no = round_no
        if request.copies and res.status is CompileStatus.OK:
            res = dataclasses.replace(res, diagnostics=tuple(
                dataclasses.replace(d, file=request.copies[d.file]) if d.file in request.copies else d
                for d in res.diagnostics))
        if res.status is not CompileStatus.OK:
            events.count("files", f"checker_{res.status}", path, res.detail)
            return RoundOutcome(stop=True)
        if not reached_bodies(res.diagnostics) and self.abstract_stand_ins and round_no == 1 and any(
                d.code in ABSTRACT_BLOCKERS and d.file != path for d in res.diagnostics):
            # an emptied class made abstract broke a declaration (e.g. a `new()` constraint)
            events.count("checker", "abstract_classes_undone", path)
            self.abstract_stand_ins = set()
            return RoundOutcome(retry=True)
        if not reached_bodies(res.diagnostics) and self.subset and round_no == 1:
            # the dependency closure missed something that declarations need
            events.count("checker", "subset_fallback", path)
            self.subset = False
            return RoundOutcome(retry=True)
        # uses are attributed in candidate files only (not in excluded or unparsable ones,
        # whose compiled text is not the text of the examples)
        fresh = [d for d in res.diagnostics if d.key() not in self.seen and d.file in self.candidates and d.file != path]
        self.seen.update(d.key() for d in res.diagnostics)
        found, more_restore, more_any, more_nested = self.attributor.attribute(fresh, round_no, events,
                                                                                 self.result.unattributed)
        self.result.usages.extend(found)
        # masked uses behind a typed receiver, restored too so the next round sees past them
        recovered: list[CrossFileUsage] = []
        for reason, recover in (("usages_same_receiver", self.attributor.same_receiver),
                                ("usages_constructed_locals", self.attributor.constructed_locals),
                                ("usages_chained_calls", self.attributor.chained_calls)):
            more = recover(self.result.usages)
            if more:
                events.count("checker", reason, path, n=len(more))
                self.result.usages.extend(more)
                more_restore |= {(u.definition_symbol.rsplit(".", 1)[0], u.member) for u in more}
                recovered = recovered + more
        if not reached_bodies(res.diagnostics):
            events.count("checker", "variant_declarations_blocked", path, f"round {round_no}")
        self.pending = (more_restore, more_any, more_nested)
        return RoundOutcome(found + recovered)

    @functools.cached_property
    def foreign_types(self) -> frozenset[str]:
        """Simple and full names of the project types declared outside F that neither share a
        name with F's types nor derive from them: a receiver written as one of them is that type."""
        mine = {n for t in self.model.all_types() for n in (t.name, t.full_name)}
        out: set[str] = set()
        for types in self.index.types_by_full.values():
            for gp, t in types:
                if gp == self.path or t.name in mine or t.full_name in mine:
                    continue
                if any(bp == self.path for bp, _ in self.index.base_chain(t)):
                    continue
                out |= {t.name, t.full_name}
        return frozenset(out - mine)

    def _reported_and_observers(self) -> tuple[set[tuple[str, int, int]], list[str]]:
        """Positions of the uses found so far, and the compiled candidate files other than F."""
        reported = {(u.file, u.line, u.column) for u in self.result.usages}
        files = (self.compiled if self.subset else set(self.prepared.texts)) & self.candidates
        return reported, [g for g in sorted(files - {self.path}) if g in self.facts]

    def unmask(self) -> bool:
        """Set up the unmasking round; False when there is nothing to unmask.

        A member found in round r comes back in round r+1, and with it every use of it that an
        earlier failing expression masked: ``var cur = Block.CreateDocument(); cur = cur.Parent;``
        reports ``CreateDocument`` (``cur`` then has no type) and never ``Parent`` once ``Parent``
        was found elsewhere. The unmasking round restores every member found so far except the
        members that still have a written access (``x.Parent`` in a compiled file of this
        defining file) no round reported: the masks come back, the masked stay empty, and each
        masked use is an error of its own, proven like any other (new against every earlier
        round and the unmodified compilation). Members a declaration needs back (an override,
        an explicit implementation: ``restore_any``) are never left empty. An access through
        the name of another project type (``ValueGetter.GetValue(...)``, a static member of a
        class outside F: :attr:`foreign_types`) is no access of F's member: counted as
        unreported, it left F's ``GetValue`` empty, which masked again what depended on it
        (``var value = context.GetValue(Name); var helper = value as HelperProxy; helper(data =>
        {...})``: the lambdas' uses were never checked)."""
        self.unmasking = frozenset()
        found = {n for _, n in self.restore_members} - self.restore_any
        if not found:
            return False
        reported, observers = self._reported_and_observers()
        unreported: set[str] = set()
        for g in observers:
            accesses = self.index.per_file(("accesses", g), lambda g=g: member_accesses(self.facts[g]))
            # an access whose receiver already calls the same member (`x.M(a).M(b)`) is masked by
            # that earlier one whenever M is empty: leaving M empty cannot reveal it
            unreported |= {a[2] for a in accesses if a[2] in found and (g, a[0] + 1, a[1]) not in reported
                           and not re.search(rf"\.{re.escape(a[2])}\b", a[3]) and a[3] not in self.foreign_types}
        if not unreported:
            return False
        self.unmasking = frozenset(unreported)
        self.result.events.count("checker", "mcs_unmasking_rounds", self.path)
        return True

    def unmask_masks(self) -> bool:
        """Set up one more round after the unmasking rounds; False when it would change nothing.

        The unmasking rounds leave empty every found member that has an unreported written
        access, and a name shared with other classes' members (``GetValue``: reflection's
        ``PropertyInfo.GetValue``, another class's instance method) always has one. Such a
        member may itself be a mask: ``var value = context.GetValue(Name); var helper = value
        as HelperProxy; helper(data => { context.Push(data); ... })`` -- empty, ``GetValue``
        leaves ``helper`` without a type, so the lambdas are not checked and ``Push`` stays
        unreported however often it is left empty. This round brings back the members left
        empty that have a reported use in a method (or other member body) where an unreported
        access of another member left empty comes later, and keeps the rest empty. It only
        adds: every use of the earlier rounds is kept, and a new error is proven like any other
        (``checker/mcs_mask_rounds``)."""
        left = set(self.unmasking)
        if len(left) < 2:
            return False
        reported, observers = self._reported_and_observers()
        masks: set[str] = set()
        for g in observers:
            accesses = self.index.per_file(("member_scopes", g), lambda g=g: member_body_accesses(self.facts[g]))
            mine = [a for a in accesses if a[2] in left]
            later: dict[int, list[tuple[int, int, str]]] = {}
            for row, col, name, scope in mine:
                if scope is not None and (g, row + 1, col) not in reported:
                    later.setdefault(scope, []).append((row, col, name))
            for row, col, name, scope in mine:
                if scope in later and (g, row + 1, col) in reported and any(
                        (r, c) > (row, col) and n != name for r, c, n in later[scope]):
                    masks.add(name)
        if not masks or not left - masks:
            return False
        self.unmasking = frozenset(left - masks)
        self.result.events.count("checker", "mcs_mask_rounds", self.path)
        return True

    def restore(self, found: list[CrossFileUsage]) -> bool:
        # what the errors named comes back, used or not (an override in G needs F's member back)
        more_restore, more_any, more_nested = self.pending
        added = ((more_restore - self.restore_members) | {(None, n) for n in more_any - self.restore_any}
                 | (more_nested - self.keep_nested))
        if not added:
            return False
        self.restore_members |= more_restore
        self.restore_any |= more_any
        self.keep_nested |= more_nested
        self.keep_nested |= self.attributor.nested_needed(self.restore_members, self.restore_any)
        return True



# ------------------------------------------------------------------------ attribution --
class Attributor:
    """Turns the new errors of one defining file's rounds into CrossFileUsage records."""

    def __init__(self, repo_name: str, path: str, model: FileModel, index: ProjectIndex, facts, models) -> None:
        self.repo_name = repo_name
        self.path = path
        self.model = model
        self.index = index
        self.facts = facts
        self.models = models
        self.types = {t.full_name: t for t in model.all_types()}
        # `Result` and `Result<T>` in one file share a full name: the arity tells them apart
        self.types_by_arity = {(t.full_name, t.arity): t for t in model.all_types()}
        self.by_simple: dict[str, list[TypeDecl]] = {}
        for t in model.all_types():
            self.by_simple.setdefault(t.name, []).append(t)
        self._constructed: dict[tuple, tuple | None] = {}  # constructed_locals' reading of each `new`

    # which F type an error's type name denotes (directly, or as a project subtype of it)
    def resolve(self, type_text: str, member: str | None) -> TypeDecl | None:
        full = strip_type_arguments(type_text).replace("global::", "")
        direct = self.types_by_arity.get((full, _last_arity(type_text))) or self.types.get(full)
        if direct is not None:
            if member is not None and member not in direct.member_names() and member not in {n.name for n in direct.nested}:
                # inherited from a base type of this file (`IntBox : Box<int>`, `Value` declared by Box<T>)
                for bp, bt in self.index.base_chain(direct):
                    if bp == self.path and bt.full_name in self.types and member in self.types[bt.full_name].member_names():
                        return self.types[bt.full_name]
            return direct
        for _, t in self.index.types_by_full.get(full, ()):
            for bp, bt in self.index.base_chain(t):
                if bp == self.path and bt.full_name in self.types:
                    mine = self.types[bt.full_name]
                    if member is None or member in mine.member_names() or member in {n.name for n in mine.nested}:
                        return mine
        return None

    def declaring(self, member: str) -> list[TypeDecl]:
        return [t for t in self.model.all_types()
                if any(member in m.names and not m.is_override for m in t.members) or member in {n.name for n in t.nested}]

    def nested_needed(self, restore: set[tuple[str, str]], restore_any: set[str]) -> set[str]:
        """Nested types a restored member's text mentions (their emptied shells must exist)."""
        nested = {t.name: t for t in self.model.all_types() if t.parent is not None}
        if not nested:
            return set()
        text = self.index.prepared.texts[self.path]
        out: set[str] = set()
        for t in self.model.all_types():
            for m in t.members:
                if any((t.qualified_name, n) in restore or n in restore_any for n in m.names):
                    words = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text[m.start:m.end]))
                    for w in words & set(nested):
                        cur: TypeDecl | None = nested[w]
                        while cur is not None and cur.parent is not None:
                            out.add(cur.qualified_name)
                            cur = cur.parent
        return out

    def _indexed_type(self, d: Diagnostic) -> TypeDecl | None:
        """F's type whose emptied indexer ``d`` (CS0021, "Cannot apply indexing with [] to an
        expression of type `T'") misses, when it declares one."""
        m = _NO_INDEXER.match(d.message) if d.code == "CS0021" else None
        t = self.resolve(m["type"], None) if m else None
        return t if t is not None and any("this" in member.names for member in t.members) else None

    def _operated_type(self, d: Diagnostic) -> TypeDecl | None:
        """F's type whose emptied user-defined operator ``d`` (CS0019/CS0023) misses, when it
        declares operators: the operator's value had an error type, which hid every member read
        on it (NGraphics, held-out 21: ``var p = localPoint - frame.Center; p.X``)."""
        m = _NO_OPERATOR.match(d.message) if d.code in ("CS0019", "CS0023") else None
        for name in (m["left"], m["right"], m["type"]) if m else ():
            t = self.resolve(name, None) if name else None
            if t is not None and any("operator" in member.names for member in t.members):
                return t
        return None

    def _on_another_part_header(self, d: Diagnostic) -> bool:
        """``d`` is an obligation of a base list (CS0535 "does not implement interface member",
        CS0534 an abstract member) reported on the header of another file's part of one of F's
        partial types: the emptied part left the type's interfaces unimplemented. A declaration,
        no use (SmartThreadPool, held-out 18: 6 such errors counted as lost uses)."""
        model = self.models.get(d.file)
        if d.code not in ("CS0534", "CS0535") or d.file == self.path or model is None:
            return False
        return any(t.full_name in self.types and "partial" in t.modifiers and t.span.start_row + 1 <= d.line
                   and self.facts[d.file].file.index.row_col(t.body_start)[0] + 1 >= d.line
                   for t in model.all_types())

    def attribute(self, diags: Sequence[Diagnostic], round_no: int, events: BuildReport,
                  unattributed: list[Unattributed]):
        usages: list[CrossFileUsage] = []
        restore: set[tuple[str, str]] = set()
        restore_any: set[str] = set()
        nested: set[str] = set()
        taken: set[tuple[str, int, int]] = set()
        for d in diags:
            if d.code == "CS0120":
                d = self._qualifier_of(d)  # the inherited value's position, when it is one
            found = self._one(d)
            if found is None:
                m = NO_OVERRIDE.match(d.message) or NOT_IN_INTERFACE.match(d.message)
                q = QUERY_PATTERN.match(d.message) if d.code in ("CS1935", "CS1936") else None
                if m:  # a declaration in G needs a member of F back (not a use)
                    restore_any.add(m["member"].split(".")[-1])
                elif q and self.declaring(q["method"]):
                    # F declares the query operator (Select/SelectMany): the whole `from ... select`
                    # failed and hides every use inside; no identifier is written, so no use, but
                    # the operator comes back for the next round
                    restore_any.add(q["method"])
                    events.count("usages", f"unattributed_{d.code}", f"{d.file}:{d.line}", d.message)
                else:
                    inside = self._uses_in_lambda_arguments(d) if d.code == "CS1501" else []
                    for t, member, at in inside:
                        restore.add((t.qualified_name, member))
                        if (at.file, at.line, at.column) in taken:
                            continue
                        taken.add((at.file, at.line, at.column))
                        kind = "extension" if any(member in mm.names and mm.is_extension for mm in t.members) else "member"
                        usage = self._usage(at, t, member, kind, round_no, events)
                        if usage is not None:
                            usages.append(usage)
                            events.count("checker", "mcs_lambda_argument_uses", f"{d.file}:{d.line}", d.message)
                    if inside:
                        continue
                    called = self._argument_of_extension_call(d) if d.code in _ARGUMENT_CODES else None
                    if called is None and self._on_another_part_header(d):
                        events.count("usages", "partial_part_declaration", f"{d.file}:{d.line}", d.message)
                        continue
                    indexed = self._indexed_type(d) if called is None else None
                    if indexed is not None:  # `table[key]` on F's type: the indexer has no name to complete
                        restore.add((indexed.qualified_name, "this"))
                        events.count("usages", "indexer_access", f"{d.file}:{d.line}", d.message)
                        continue
                    operated = self._operated_type(d) if called is None else None
                    if operated is not None:  # `a - b` on F's type: its operators come back, and with
                        restore.add((operated.qualified_name, "operator"))  # them the value's type
                        events.count("usages", "operator_use", f"{d.file}:{d.line}", d.message)
                        continue
                    if called is None:
                        unattributed.append(Unattributed(d.file, d.line, d.code, d.message,
                                                         name=self._assigned_member(d) if d.code == "CS0131" else None))
                        continue
                    t, member, at = called
                    restore.add((t.qualified_name, member))
                    if (at.file, at.line, at.column) in taken:
                        continue
                    taken.add((at.file, at.line, at.column))
                    usage = self._usage(at, t, member, "extension", round_no, events)
                    if usage is not None:
                        usages.append(usage)
                        events.count("checker", "mcs_extension_argument_uses", f"{d.file}:{d.line}", d.message)
                continue
            t, member, code_kind = found
            if member is not None and member in {n.name for n in t.nested}:
                nested.add(f"{t.qualified_name}.{member}")
            elif member is not None:
                restore.add((t.qualified_name, member))
            else:
                restore.add((t.qualified_name, t.name))  # constructors
            usage = self._usage(d, t, member, code_kind, round_no, events)
            if usage is not None:
                usages.append(usage)
        return usages, restore, restore_any, nested

    def _one(self, d: Diagnostic) -> tuple[TypeDecl, str | None, str] | None:
        msg = d.message
        m = MISSING_MEMBER.match(msg) or BAD_EXTENSION.match(msg)
        if m and d.code in ("CS0117", "CS1061", "CS1928", "CS1929"):
            member = m["member"]
            t = self.resolve(m["type"], member)
            if t is None and d.code in ("CS0117", "CS1061") and re.fullmatch(r"[A-Za-z_]\w*", m["type"]):
                t = self._constraint_owner(d, m["type"], member)
            if t is not None and (member in t.member_names() or member in {n.name for n in t.nested}):
                return t, member, "member"
            # one type, however many overloads of the extension method it declares
            ext = list({x.qualified_name: x for x in self.model.all_types() for mm in x.members
                        if mm.is_extension and member in mm.names}.values())
            if len(ext) == 1:
                return ext[0], member, "extension"
            return None
        m = EMPTIED_OBJECT_MEMBER.match(msg)
        if m and d.code == "CS0619":  # a call of an override of ToString/Equals/GetHashCode or a library base's method
            t = self.resolve(m["type"], m["member"])
            return (t, m["member"], "member") if t is not None else None
        m = NO_CONSTRUCTOR.match(msg)
        if m and d.code == "CS1729":
            t = self.resolve(m["type"], None)
            return (t, None, "constructor") if t is not None else None
        m = NO_INSTANCE.match(msg)
        if m and d.code == "CS0144":
            t = self.types.get(strip_type_arguments(m["type"]).replace("global::", ""))
            return (t, None, "constructor") if t is not None and abstractable(t, self.index.parts(t)) else None
        m = NO_NESTED_TYPE.match(msg)
        if m and d.code == "CS0426":
            t = self.resolve(m["type"], m["member"])
            if t is not None and m["member"] in {n.name for n in t.nested}:
                return t, m["member"], "member"
            return None
        m = NO_NAME.match(msg) or NO_TYPE.match(msg)
        if m and d.code in ("CS0103", "CS0246"):
            return self._unqualified(d, m["name"])
        if d.code in _TYPE_FOR_VALUE_CODES:
            return self._inherited_over_type(d)
        if d.code == "CS0120":  # moved to the qualifier by attribute() (a member's name is refused)
            return self._inherited_over_type(d)
        pattern = _MEMBER_ONLY.get(d.code)
        m = pattern.match(msg) if pattern is not None else None
        if m:
            name = m["method"].split(".")[-1]
            owners = self.declaring(name)
            if len(owners) == 1:
                return owners[0], name, "member"
        return None

    def _assigned_member(self, d: Diagnostic) -> str | None:
        """The member an assignment at ``d`` writes (``MaxQueueLength`` of ``pool.MaxQueueLength =
        0``): mcs's CS0131 ("The left-hand side of an assignment must be a variable...") names
        nothing, and after an emptied type's other errors it is a follow-on of the member's use,
        found by another round (SmartThreadPool, held-out 18: 3 losses overstated; CQRSlite,
        held-out 19: 9)."""
        ff = self.facts.get(d.file)
        node = node_at(ff, d.line, d.column) if ff is not None else None
        while node is not None and node.type != "assignment_expression":
            node = node.parent
        left = node.child_by_field_name("left") if node is not None else None
        if left is not None and left.type == "member_access_expression":
            left = left.child_by_field_name("name")
        return ff.file.index.node_text(left) if left is not None and left.type == "identifier" else None

    def _constraint_owner(self, d: Diagnostic, type_parameter: str, member: str) -> TypeDecl | None:
        """F's type declaring ``member`` that a constraint of the type parameter named in ``d``
        gives it (``Save<T>(T aggregate) where T : AggregateRoot``, then ``aggregate.Id``: mcs
        reports "Type `T' does not contain a definition for `Id'"), when exactly one constraint
        leads to F (CQRSlite, held-out 19: 7 first uses lost as ``unattributed_CS1061``)."""
        ff, gmodel = self.facts.get(d.file), self.models.get(d.file)
        node = node_at(ff, d.line, d.column) if ff is not None and gmodel is not None else None
        if node is None:
            return None
        index = ff.file.index
        entries = self.index.type_resolver.constraint_entries(d.file, gmodel, node, type_parameter,
                                                              index.node_start(node), index.node_text)
        owners = {t.qualified_name: t for _, decl in entries
                  if (t := self.resolve(decl.full_name, member)) is not None
                  and (member in t.member_names() or member in {n.name for n in t.nested})}
        return next(iter(owners.values())) if len(owners) == 1 else None

    def _argument_of_extension_call(self, d: Diagnostic) -> tuple[TypeDecl, str, Diagnostic] | None:
        """``(type, method, diagnostic at the method's name)`` when ``d`` (a conversion error, no
        member named) lies in the arguments of a call ``x.M(...)`` of an extension method M that
        one static class of F declares: with F's overloads gone, mcs bound the call to another
        file's overload (``OnSuccess(this Result<T>, Func<T, Task>)``) and failed on the argument
        (``customer => customer.AddBalance(m)`` returns nothing), so the call used F's M. The
        innermost such call is taken; none: None."""
        ff = self.facts.get(d.file)
        if ff is None:
            return None
        index = ff.file.index
        row = d.line - 1
        if not 0 <= row < index.num_lines:
            return None
        byte = index.char_to_byte(index.offset(row, min(d.column, len(index.line(row)))))
        node = ff.tree.root_node.descendant_for_byte_range(byte, byte)
        extensions = {n: x for x in self.model.all_types() for mm in x.members if mm.is_extension for n in mm.names}
        while node is not None:
            if node.type == "argument_list" and node.parent is not None and node.parent.type == "invocation_expression":
                function = node.parent.child_by_field_name("function")
                name = function.child_by_field_name("name") if function is not None and \
                    function.type == "member_access_expression" else None
                if name is not None and name.type == "generic_name":
                    name = next((c for c in name.children if c.type == "identifier"), None)
                method = index.node_text(name) if name is not None else None
                if method in extensions and len({t.qualified_name for t in self.declaring(method)}) == 1:
                    name_row, _ = name.start_point
                    column = index.node_start(name) - index.line_starts[name_row]
                    return extensions[method], method, dataclasses.replace(d, line=name_row + 1, column=column,
                                                                           symbol="")
            node = node.parent
        return None

    def _uses_in_lambda_arguments(self, d: Diagnostic) -> list[tuple[TypeDecl, str, Diagnostic]]:
        """``(type, member, diagnostic at the member's name)`` for the accesses ``x.M`` inside the
        lambda arguments of a call that failed as a whole (CS1501, "No overload for method `Check'
        takes `3' arguments") when ``Check`` is not F's: mcs gave up on the call's expanded
        ``params`` form once a lambda body failed (``Check(() => source.ToHierarchy(...), "a",
        "b")`` with ``Check(Expression<Action>, params string[])``) and reported nothing inside
        the lambda. The error is new with F emptied, so what failed is in the arguments: each
        access there of a member that one type of F declares is a use (``object``'s members
        excepted). None found: []."""
        msg = NO_OVERLOAD.match(d.message)
        if msg is None or self.declaring(msg["method"].split(".")[-1]):
            return []
        ff = self.facts.get(d.file)
        if ff is None:
            return []
        index = ff.file.index
        row = d.line - 1
        if not 0 <= row < index.num_lines:
            return []
        byte = index.char_to_byte(index.offset(row, min(d.column, len(index.line(row)))))
        node = ff.tree.root_node.descendant_for_byte_range(byte, byte)
        while node is not None and node.type != "invocation_expression":
            node = node.parent
        arguments = node.child_by_field_name("arguments") if node is not None else None
        if arguments is None:
            return []
        out: list[tuple[TypeDecl, str, Diagnostic]] = []
        for argument in arguments.named_children:
            for lam in argument.named_children:
                if lam.type not in ("lambda_expression", "anonymous_method_expression"):
                    continue
                for access in iter_nodes_of_type(lam, "member_access_expression"):
                    name = access.child_by_field_name("name")
                    if name is not None and name.type == "generic_name":
                        name = next((c for c in name.children if c.type == "identifier"), None)
                    if name is None or name.type != "identifier":
                        continue
                    member = index.node_text(name)
                    owners = self.declaring(member)
                    if len(owners) != 1 or member in _OBJECT_MEMBERS:
                        continue
                    name_row, _ = name.start_point
                    column = index.node_start(name) - index.line_starts[name_row]
                    out.append((owners[0], member, dataclasses.replace(d, line=name_row + 1, column=column, symbol="")))
        return out

    def _qualifier_of(self, d: Diagnostic) -> Diagnostic:
        """``d`` moved to the qualifier of ``Name.member`` when it is CS0120 ("An object reference
        is required to access non-static member") on that member and ``Name`` a plain identifier:
        with the base class stubbed, the inherited property ``Transform`` (of type ``Transform``,
        "Color Color") became the type, on which ``TransformRect`` is an instance method
        (NGraphics, held-out 21: the property's uses were lost as ``unattributed_CS0120``);
        else ``d`` itself."""
        ff = self.facts.get(d.file)
        node = node_at(ff, d.line, d.column) if ff is not None and d.code == "CS0120" else None
        access = node.parent if node is not None and node.type == "identifier" else None
        if access is None or access.type != "member_access_expression" or access.child_by_field_name("name") != node:
            return d
        qualifier = access.child_by_field_name("expression")
        if qualifier is None or qualifier.type != "identifier":
            return d
        row, _ = qualifier.start_point
        index = ff.file.index
        return dataclasses.replace(d, line=row + 1, column=index.node_start(qualifier) - index.line_starts[row])

    def _inherited_over_type(self, d: Diagnostic) -> tuple[TypeDecl, str, str] | None:
        """The member of an F type that an unqualified name at ``d`` stands for, where mcs read the
        name as a type (CS0118 "is a `type' but a `variable' was expected", CS0119, CS0305 "requires
        `1' type argument(s)"): with the base class stubbed, the inherited static property
        ``DefaultComparer`` (``IFullComparer<T>``) bound to the class ``Util.DefaultComparer<T>``
        that a using brings into scope (StephenCleary/Comparers' ``ComparableBaseWithOperators``,
        held-out 14: 6 uses lost as ``unattributed_CS0118``/``0119``/``0305``)."""
        ff = self.facts.get(d.file)
        node = node_at(ff, d.line, d.column) if ff is not None else None
        if node is None or node.type != "identifier":
            return None
        parent = node.parent
        if parent is not None and parent.type == "member_access_expression" and parent.child_by_field_name("name") == node:
            return None  # `x.Name`: a qualified name, not one the enclosing class inherits
        return self._unqualified(d, ff.file.index.node_text(node))

    def _unqualified(self, d: Diagnostic, name: str) -> tuple[TypeDecl, str, str] | None:
        """An unqualified name in G: inherited from an F type, a partial part, or `using static`."""
        gmodel = self.models.get(d.file)
        if gmodel is None:
            return None
        index = self.facts[d.file].file.index
        row = d.line - 1
        if not 0 <= row < index.num_lines:
            return None
        offset = index.offset(row, min(d.column, len(index.line(row))))
        for enclosing in enclosing_types(gmodel, offset):
            if enclosing.full_name in self.types:  # another part of a partial type
                t = self.types[enclosing.full_name]
                if name in t.member_names() or name in {n.name for n in t.nested}:
                    return t, name, "member"
            for bp, bt in self.index.base_chain(enclosing):
                if bp == self.path and bt.full_name in self.types:
                    t = self.types[bt.full_name]
                    if name in t.member_names() or name in {n.name for n in t.nested}:
                        return t, name, "inherited"
        for u in gmodel.usings:
            if u.kind == "static":
                t = self.types.get(strip_type_arguments(u.target))
                if t is not None and name in t.member_names():
                    return t, name, "static_using"
        return None

    # ---------------------------------------------------------------- same receiver --
    def _member_uses_by_file(self, proven: Sequence[CrossFileUsage]) -> dict[str, list[CrossFileUsage]]:
        by_file: dict[str, list[CrossFileUsage]] = {}
        for u in proven:
            if u.member is not None and u.file in self.facts:
                by_file.setdefault(u.file, []).append(u)
        return by_file

    def same_receiver(self, proven: Sequence[CrossFileUsage]) -> list[CrossFileUsage]:
        """Uses masked in every round, recovered through a receiver the compiler already typed.

        mcs reports one failing operand per expression (``painter.Prefix() + painter.Frame()``
        reports Prefix) and nothing after a failed argument (``plan.Fire(Season.Spring)
        .Then(Season.Summer)``); once Frame or Summer is restored because of another use,
        these occurrences are never reported. A proven use ``R.M`` says the receiver text R has
        F's type T: in the same member body (in the whole file when R is T's own name, a
        static access), every other ``R.N`` with N declared by T is a use of N.
        """
        out: list[CrossFileUsage] = []
        for g, usages in self._member_uses_by_file(proven).items():
            accesses = self.index.per_file(("accesses", g), lambda: member_accesses(self.facts[g]))
            where = {(a[0], a[1]): a for a in accesses}
            taken = {(u.line - 1, u.column) for u in usages}
            for u in usages:
                a = where.get((u.line - 1, u.column))
                t = self._owner(u)
                if a is None or t is None:
                    continue
                static = a[3] in {u.imported_name, t.name}
                # an override (ToString) still exists on the emptied type, through its base
                members = {n for m in t.members if not m.is_override for n in m.names} - {t.name}
                for b in accesses:
                    if (b[0], b[1]) in taken or b[3] != a[3] or b[2] not in members or (not static and b[4] != a[4]):
                        continue
                    taken.add((b[0], b[1]))
                    out.append(dataclasses.replace(
                        u, line=b[0] + 1, column=b[1], member=b[2], end_line=b[0] + 1, end_column=b[1] + len(b[2]),
                        definition_symbol=f"{t.qualified_name}.{b[2]}", mode="same_receiver",
                        message=f"receiver `{a[3]}' has type `{t.full_name}' (line {u.line}: {u.message})"[:500]))
        return out

    # -------------------------------------------------------------- constructed locals --
    def constructed_locals(self, proven: Sequence[CrossFileUsage]) -> list[CrossFileUsage]:
        """Members reached through a local made by ``new`` of an F type, masked in every round.

        ``var converter = new EnumerableConverter();`` then ``converter.ConvertFromString("",
        mockRow.Object, data)``: mcs resolves no call one of whose arguments it cannot type (a
        missing library's mock), so no stubbing of F reveals the member (JoshClose/CsvHelper,
        held-out 17: 2 first uses). The constructor use is proven (CS0144 at ``new`` of the
        abstract stand-in); a local declared ``var x = new T(...)`` or ``T x = new T(...)`` has
        the static type T, so every ``x.N`` of that member body, N declared by T (an override
        too: the emptied T hides it with a stand-in mcs reports whenever it resolves the call),
        is a use of N, when the member body declares no other local or parameter named x.
        """
        out: list[CrossFileUsage] = []
        taken = {(u.file, u.line - 1, u.column) for u in proven}
        for u in proven:
            if u.member is not None or u.file not in self.facts:
                continue
            key = (u.file, u.line, u.column, u.definition_symbol)
            if key not in self._constructed:  # each `new` is read once, not once per round
                self._constructed[key] = self._constructed_accesses(u)
            found = self._constructed[key]
            if found is None:
                continue
            t, name, accesses = found
            for row, col, text in accesses:
                if (u.file, row, col) in taken:
                    continue
                taken.add((u.file, row, col))
                out.append(dataclasses.replace(
                    u, line=row + 1, column=col, member=text, end_line=row + 1, end_column=col + len(text),
                    definition_symbol=f"{t.qualified_name}.{text}", definition_line=None, mode="constructed_local",
                    message=f"local `{name}' is made by `new {t.name}' (line {u.line}: {u.message})"[:500]))
        return out

    def _constructed_accesses(self, u: CrossFileUsage):
        """(T, local name, [(row, column, member)]) of the ``x.N`` reached through the local a
        type use ``new T(...)`` initializes (:meth:`constructed_locals`), else None."""
        t = next((t for t in self.model.all_types() if t.qualified_name == u.definition_symbol), None)
        if t is None:
            return None
        ff = self.facts[u.file]
        index = ff.file.index
        bodies = self.index.per_file(("declared_names", u.file), dict)
        local = _constructed_local(index, node_at(ff, u.line, u.column), t.name,
                                   lambda body: bodies.setdefault(body.id, _declared_names(index, body)))
        if local is None:
            return None
        name, body = local
        # an explicit interface implementation (`void IRow.Read()`) is not reached through T
        members = {n for m in t.members for n in m.names
                   if not re.search(rf"[\w>]\s*\.\s*{re.escape(n)}\b", re.split(r"[({=]", m.signature, 1)[0])} - {t.name}
        accesses = []
        for node in iter_nodes_of_type(body, "member_access_expression"):
            receiver, member = node.child_by_field_name("expression"), node.child_by_field_name("name")
            if (receiver is None or member is None or receiver.type != "identifier" or member.type != "identifier"
                    or index.node_text(receiver) != name or index.node_text(member) not in members):
                continue
            count = _argument_count(node)
            if count is not None and not any(_accepts_arguments(m, count) for m in t.members
                                             if index.node_text(member) in m.names):
                continue  # `pool.WaitForIdle()`: an overload of a base class, not T's
            row, _ = member.start_point
            accesses.append((row, index.node_start(member) - index.line_starts[row], index.node_text(member)))
        return t, name, accesses

    # ------------------------------------------------------------------ chained calls --
    def chained_calls(self, proven: Sequence[CrossFileUsage]) -> list[CrossFileUsage]:
        """Uses masked behind a proven use of the same chain, recovered through its declared type.

        ``Parse.LetterOrDigit.Many().Text()``: once ``Many`` and ``Text`` came back because of uses
        elsewhere, the round that reports ``LetterOrDigit`` is the last to see the chain, and
        ``.Many()``, ``.Text()`` were masked behind it (mcs types nothing after a failed operand).
        A proven use ``R.N`` whose declaration in F names its type (``Parser<char> LetterOrDigit``,
        ``Parser<IEnumerable<T>> Many<T>(...)``) types the next access ``R.N.M`` / ``R.N(...).M``:
        M is a use when every declaration of M in F is an extension method on that type (and no
        other file declares an extension method of that name) or a member of that type, the type
        being a project type (not a type parameter, not a library type). Repeated along the chain.
        """
        out: list[CrossFileUsage] = []
        for g, usages in self._member_uses_by_file(proven).items():
            ff = self.facts[g]
            index = ff.file.index
            known = {(u.line - 1, u.column): u for u in usages}
            links = []  # (row, col, member, (row, col) of the previous link) of every R.N.M / R.N(...).M
            for node in iter_nodes_of_type(ff.tree.root_node, "member_access_expression"):
                name = _identifier_of(node.child_by_field_name("name"))
                receiver = node.child_by_field_name("expression")
                if name is None or receiver is None:
                    continue
                if receiver.type == "invocation_expression":
                    receiver = receiver.child_by_field_name("function")
                if receiver is None or receiver.type != "member_access_expression":
                    continue
                previous = _identifier_of(receiver.child_by_field_name("name"))
                if previous is None:
                    continue
                row, _ = name.start_point
                prow, _ = previous.start_point
                links.append((row, index.node_start(name) - index.line_starts[row], index.node_text(name),
                              (prow, index.node_start(previous) - index.line_starts[prow])))
            changed = True
            while changed:
                changed = False
                for row, col, member, at in links:
                    prev = known.get(at)
                    if (row, col) in known or prev is None or prev.member is None:
                        continue
                    owner = self._owner(prev)
                    typ = self._declared_type(owner, prev.member) if owner is not None else None
                    target = self._chained_owner(member, typ) if typ is not None else None
                    if target is None:
                        continue
                    usage = dataclasses.replace(
                        prev, line=row + 1, column=col, member=member, end_line=row + 1, end_column=col + len(member),
                        imported_name=target.name, definition_symbol=f"{target.qualified_name}.{member}", definition_line=None,
                        mode="chained_call",
                        message=f"`{prev.member}' (line {prev.line}) has type `{typ}' ({prev.message})"[:500])
                    known[(row, col)] = usage
                    out.append(usage)
                    changed = True
        return out

    def _declared_type(self, t: TypeDecl, member: str) -> str | None:
        """The simple name of the type every declaration of ``member`` in ``t`` gives (a field's
        or property's type, a method's return type), when it is one project type; else None."""
        found: set[str] = set()
        for m in t.members:
            if member not in m.names or m.is_override:
                continue
            head = m.signature.split("(", 1)[0] if m.kind == "method" or "(" in m.signature else m.signature
            head = head.split("{", 1)[0]
            spot = [x.start() for x in re.finditer(rf"(?<![\w.]){re.escape(member)}\b", head)]
            if not spot:
                return None
            before = head[:spot[-1]].rstrip()
            while True:
                stripped = re.sub(r"<[^<>]*>", "", before)
                if stripped == before:
                    break
                before = stripped
            word = re.search(r"([A-Za-z_][A-Za-z0-9_]*)$", before)
            if word is None:
                return None
            found.add(word.group(1))
        if len(found) != 1:
            return None
        typ = found.pop()
        return typ if typ in self.index.types_by_simple else None

    def _chained_owner(self, member: str, typ: str) -> TypeDecl | None:
        """The F type whose ``member`` an access on a value of project type ``typ`` reaches."""
        decls = [(t, m) for t in self.model.all_types() for m in t.members if member in m.names and not m.is_override]
        if not decls or len({t.qualified_name for t, _ in decls}) != 1:
            return None
        t = decls[0][0]
        if all(m.is_extension for _, m in decls):
            if self.index.by_name.get(member, set()) - {self.path}:
                return None  # another file declares an extension method of that name
            for _, m in decls:
                this = re.search(r"\(\s*this\s+([A-Za-z_][\w.]*)", m.signature)
                if this is None or this.group(1).split(".")[-1] != typ:
                    return None
            return t
        if not any(m.is_extension for _, m in decls) and t.name == typ:
            return t
        return None

    def _owner(self, u: CrossFileUsage) -> TypeDecl | None:
        qualified = (u.definition_symbol or "").rsplit(".", 1)[0]
        return next((t for t in self.model.all_types() if t.qualified_name == qualified), None)

    # -------------------------------------------------------------------- positions --
    def _usage(self, d: Diagnostic, t: TypeDecl, member: str | None, kind: str, round_no: int,
               events: BuildReport) -> CrossFileUsage | None:
        ff = self.facts[d.file]
        gmodel = self.models[d.file]
        index = ff.file.index
        row = d.line - 1
        if not 0 <= row < index.num_lines:
            events.count("usages", "position_out_of_file", f"{d.file}:{d.line}", d.message)
            return None
        aliases = {u.alias for u in gmodel.usings if u.kind == "alias" and u.alias
                   and simple_type_name(u.target) == t.name}
        type_names = {t.name, *aliases}
        if t.name.endswith("Attribute") and len(t.name) > 9:
            type_names.add(t.name[:-9])
        leaves = _row_identifiers(ff, row)
        clamped = d.symbol == "column_clamped"
        if member is not None:
            col = _locate(index, leaves, row, d.column, {member}, clamped)
        else:
            col = _locate(index, leaves, row, d.column, type_names, clamped, after_only=True)
        if col is None:
            if kind == "constructor" and _in_constructor_initializer(ff, row, d.column):
                reason = "constructor_initializer"
            elif member == "Add" and _in_collection_initializer(ff, row, d.column):
                reason = "collection_initializer_add"
            else:
                reason = "name_not_located"
            events.count("usages", reason, f"{d.file}:{d.line}", d.message)
            return None
        line_text = index.line(row)
        entity = member if member is not None else next(n for n in sorted(type_names, key=len, reverse=True)
                                                         if line_text.startswith(n, col))
        imported = t.name
        if member is not None and kind == "member":
            before = _receiver_name(ff, row, col)
            if before in type_names:
                imported = before
        elif member is None:
            imported = entity
        symbol = f"{t.qualified_name}.{member}" if member else t.qualified_name
        return usage_at(
            self.repo_name, d.file, row, col, imported_name=imported, member=member,
            stubbed_import=self._scope_statement(gmodel, ff, t), tool=TOOL, code=d.code, message=d.message,
            definition_file=self.path, definition_symbol=symbol, entity=entity, mode="empty_type", round_no=round_no,
        )

    def _scope_statement(self, gmodel: FileModel, ff: FileFacts, t: TypeDecl) -> str:
        """The using directive of G that brings ``t`` into scope (or its namespace)."""
        text = ff.file.text
        for u in gmodel.usings:
            if (u.kind == "namespace" and u.target == t.namespace) or (
                    u.kind in ("alias", "static") and strip_type_arguments(u.target) in (t.full_name, t.namespace)):
                return text[u.start:u.end]
        return f"namespace {t.namespace}" if t.namespace else ""


def _last_arity(type_text: str) -> int:
    """The number of type arguments of the last segment of a type as mcs writes it:
    ``Fx.Result`` 0, ``Fx.Result<int>`` 1, ``A<B<C, D>>.Inner<E, F>`` 2, ``A<B>.Inner`` 0."""
    text = type_text.strip()
    while text.endswith("[]"):
        text = text[:-2].rstrip()
    if not text.endswith(">"):
        return 0
    depth, parens, count = 0, 0, 1
    for ch in reversed(text):
        if ch == ">":
            depth += 1
        elif ch == "<":
            depth -= 1
            if depth == 0:
                return count
        elif ch in ")]":
            parens += 1
        elif ch in "([":
            parens -= 1
        elif ch == "," and depth == 1 and parens == 0:  # not a tuple's `(a, b)`
            count += 1
    return 0


def _in_constructor_initializer(ff: FileFacts, row: int, column: int) -> bool:
    """Whether ``row``/``column`` lies in a ``: base(...)`` / ``: this(...)`` constructor
    initializer: a call of a constructor that names no type, so no use with a name to complete."""
    node = node_at(ff, row + 1, column)
    while node is not None and node.type not in ("constructor_declaration", "block"):
        if node.type == "constructor_initializer":
            return True
        node = node.parent
    return False


def _in_collection_initializer(ff: FileFacts, row: int, column: int) -> bool:
    """Whether ``row``/``column`` is an element of a collection initializer (``new ParserMock {
    { "Id", "Name" } }``): mcs reports the implicit ``Add`` there, a call no text names, so no
    use with a name to complete (CsvHelper, held-out 17: 23 counted ``name_not_located``)."""
    node = node_at(ff, row + 1, column)
    while node is not None and node.type not in ("block", "method_declaration", "class_declaration"):
        if node.type == "initializer_expression" and node.parent is not None \
                and node.parent.type in ("object_creation_expression", "implicit_object_creation_expression"):
            return True
        node = node.parent
    return False


def _row_identifiers(ff: FileFacts, row: int) -> list:
    index = ff.file.index
    start = index.char_to_byte(index.line_starts[row])
    end = index.char_to_byte(index.line_starts[row] + len(index.line(row)))
    node = ff.tree.root_node.descendant_for_byte_range(start, max(start, end))
    while node is not None and node.parent is not None and (node.start_byte > start or node.end_byte < end):
        node = node.parent
    out = []
    for leaf in iter_leaves(node if node is not None else ff.tree.root_node):
        if leaf.start_point[0] == row and leaf.type == "identifier":
            out.append(leaf)
    return out


def _locate(index, leaves, row: int, column: int, names: set[str], clamped: bool, after_only: bool = False) -> int | None:
    """Column of the identifier in ``names`` the diagnostic points at (or the nearest one)."""
    line = index.line(row)
    for n in names:
        if not clamped and line.startswith(n, column) and _is_word_at(line, column, n):
            return column
    cols = []
    for leaf in leaves:
        c = index.node_start(leaf) - index.line_starts[row]
        if index.node_text(leaf) in names:
            cols.append(c)
    if not cols:
        return None
    after = [c for c in cols if c >= column]
    if after:
        return min(after)
    if after_only and not clamped:
        return None
    return min(cols, key=lambda c: abs(c - column))


def _is_word_at(line: str, col: int, word: str) -> bool:
    before = line[col - 1] if col > 0 else " "
    after = line[col + len(word)] if col + len(word) < len(line) else " "
    return not (before.isalnum() or before == "_") and not (after.isalnum() or after == "_")


def _receiver_name(ff: FileFacts, row: int, col: int) -> str | None:
    """The simple name written before `.member` at (row, col): `Item` in `Item.Create`."""
    index = ff.file.index
    byte = index.char_to_byte(index.offset(row, col))
    node = ff.tree.root_node.descendant_for_byte_range(byte, byte)
    parent = node.parent if node is not None else None
    if parent is None or parent.type not in ("member_access_expression", "qualified_name"):
        return None
    receiver = parent.child_by_field_name("expression") or parent.child_by_field_name("qualifier") or parent.named_children[0]
    if receiver is None or receiver == node:
        return None
    if receiver.type == "generic_name":
        receiver = receiver.named_children[0] if receiver.named_children else receiver
    if receiver.type in ("member_access_expression", "qualified_name"):
        receiver = receiver.child_by_field_name("name") or receiver.named_children[-1]
    return simple_type_name(index.node_text(receiver)) if receiver is not None else None
