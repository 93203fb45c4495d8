"""Java: tree-sitter parsing, project-wide name resolution, javac stubbing, statement ends.

A use is cross-file when javac, given the file with a project class made empty, reports
"cannot find symbol" (or a constructor that no longer accepts its arguments) at it, and the
unmodified file compiled against the same sourcepath does not. The stubs are described in
:mod:`lang.java.stubs`; the project model (source roots, FQNs, members) in
:mod:`lang.java.project`; javac itself runs in one helper JVM per repository
(:class:`analyzers.javac.JavacHelper`). Design choices and measurements: ``docs/java.md``.
"""

from __future__ import annotations

import re

import atexit
import dataclasses
import os
import queue
import shutil
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Sequence

import tree_sitter_java
from tree_sitter import Language

from crossfile_datasets.core.deadline import carried
from crossfile_datasets.analyzers.crossfile import (
    RoundOutcome,
    dedupe_usages,
    drive,
    new_diagnostics,
    stub_rounds,
    usage_at,
)
from crossfile_datasets.analyzers.graph import CLASS_KINDS
from crossfile_datasets.analyzers.javac import (
    INSTALL_HINT,
    JAVAC_BATCH_FILES,
    TOOL,
    HelperAnswer,
    JavacFailure,
    JavacHelper,
    Reference,
    new_helper_process,
)
from crossfile_datasets.analyzers.run import PersistentProcess
from crossfile_datasets.core import constants as C
from crossfile_datasets.core.records import (
    CrossFileUsage,
    Diagnostic,
    FileFacts,
    SourceFile,
)
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.core.repofiles import walk, write_texts
from crossfile_datasets.lang import Lang
from crossfile_datasets.lang.base import (
    STATEMENT_DELIMITERS,
    LanguageSupport,
    end_after_first_delimiter,
)
from crossfile_datasets.lang.java.modules import JavaModule, JavaUnit, compilation_units, find_modules
from crossfile_datasets.lang.java.project import JavaProject
from crossfile_datasets.lang.java.stubs import (
    Attribution,
    Attributor,
    Stub,
    UNPARSED,
    StubState,
    build_variant,
    parse_symbol,
    plan_stubs,
)
from crossfile_datasets.lang.java.syntax import (
    RESERVED_WORDS,
    JavaFileFacts,
    read_declarations,
    read_imports,
    read_mentions,
    read_package,
)

_LANGUAGE = Language(tree_sitter_java.language())
# A use found by javac's resolution of the unmodified file rather than by a stub's new error
RESOLVED_MODE = "resolved"
RESOLVED_CODE = "compiler.resolved"
SPECIAL_FILES = {"module-info.java": "module_info", "package-info.java": "package_info"}


class JavaSupport(LanguageSupport):
    lang = Lang.JAVA
    display_name = "Java"
    extensions = (".java",)
    test_file_globs = ("*Test.java", "*Tests.java", "Test*.java", "*IT.java", "*TestCase.java")
    comment_prefix = "//"
    file_named_after_public_class = True
    import_line = re.compile(r"^\s*import\s+(static\s+)?[\w.]+(\.\*)?\s*;\s*$")
    package_line = re.compile(r"^\s*package\s+[\w.]+\s*;\s*$")
    reserved_words = RESERVED_WORDS
    cursor_stop_tokens = STATEMENT_DELIMITERS  # the reference ends at the first of these
    min_prompt_lines = 20
    checker_name = TOOL
    required_binaries = {
        "javac": INSTALL_HINT,
        "java": INSTALL_HINT,
    }

    def __init__(
        self,
        request_timeout: float = C.JAVAC_REQUEST_TIMEOUT,
        max_rounds: int = C.JAVAC_MAX_ROUNDS,
        batch_files: int = JAVAC_BATCH_FILES,
        prune_imports: bool = True,
        parallelism: int | None = None,
    ) -> None:
        self.request_timeout = request_timeout
        # javac helpers (one JVM each) checking one repository's files side by side; the pipeline
        # gives each worker process its share of the cores (set_checker_parallelism)
        self.parallelism = parallelism or max(1, os.cpu_count() or 1)
        self.max_rounds = max_rounds
        self.batch_files = batch_files  # unmodified files per compilation (1: each alone)
        self.prune_imports = prune_imports  # hollowed files lose the imports they no longer use
        self._jvms: list[PersistentProcess] = []  # warm helper JVMs, reused across repositories

    def set_checker_parallelism(self, processes: int) -> None:
        self.parallelism = max(1, processes)

    def _shared_jvms(self, count: int) -> list[PersistentProcess]:
        while len(self._jvms) < count:
            jvm = new_helper_process()
            atexit.register(jvm.close)
            self._jvms.append(jvm)
        return self._jvms[:count]

    def ts_language(self, path: str = "") -> Language:
        return _LANGUAGE

    def import_statement(self, *, name: str, qualified_name: str, kind: str, path: str, package: str,
                         namespace: str = "", from_file: str | None = None) -> str | None:
        # types only (a nested one by its dotted name); the default package cannot be imported
        if kind not in CLASS_KINDS or not package:
            return None
        return f"import {package}.{qualified_name};"

    # ------------------------------------------------------------------------- parsing --
    def analyze_files(self, repo_root: str, files: Sequence[SourceFile]) -> dict[str, FileFacts]:
        facts: dict[str, JavaFileFacts] = {}
        for f in files:
            tree, timed_out = self.parse_source(f.text, f.path)
            ff = JavaFileFacts(f, tree, has_syntax_error=tree.root_node.has_error or timed_out, parse_timeout=timed_out)
            src = f.index.data
            ff.package, ff.package_rows = read_package(tree.root_node, src)
            ff.java_imports = read_imports(ff)
            ff.mentioned, ff.type_parameters = read_mentions(tree.root_node, src)
            ff.types, ff.definitions = read_declarations(ff)
            facts[f.path] = ff
        for unit, project in self._projects(repo_root, facts):
            for path in sorted(unit.owned):
                facts[path].imports = project.import_bindings(facts[path])
        return dict(facts)

    @staticmethod
    def _projects(repo_root: str, facts: dict[str, JavaFileFacts], report=None
                  ) -> list[tuple[JavaUnit, JavaProject]]:
        """The repository's compilation units (one, unless two modules declare the same class:
        see :mod:`lang.java.modules`), each with the project model of the files it sees."""
        def modules() -> list[JavaModule]:
            found = find_modules(repo_root)
            for m in found:
                if m.error and report is not None:
                    report.count("projects", "java_build_file_unreadable", m.build_file, m.error)
            return found
        declared = {path: [f"{ff.package}.{t.qualified}" if ff.package else t.qualified for t in ff.top_level_types]
                    for path, ff in facts.items()}
        units = compilation_units(facts, declared, modules)
        if report is not None and len(units) > 1:
            report.count("checker", "java_module_units", n=len(units))
        return [(unit, JavaProject({p: facts[p] for p in sorted(unit.visible)})) for unit in units]

    def prompt_code_lines(self, facts: FileFacts, prompt: str) -> int:
        """Non-empty prompt lines that are neither imports nor the package declaration."""
        # the prompt is the file's text up to the cursor: its whole lines are the file's first rows,
        # counted once per file (examples of a long file used to split its prompt each time)
        cumulative = facts.__dict__.get("_code_lines_before")
        if cumulative is None:
            skipped = facts.import_rows | getattr(facts, "package_rows", frozenset())
            cumulative = [0]
            for row, line in enumerate(facts.file.text.split("\n")):
                cumulative.append(cumulative[-1] + (1 if line.strip() and row not in skipped else 0))
            facts.__dict__["_code_lines_before"] = cumulative
        whole = prompt.count("\n")
        if not facts.file.text.startswith(prompt) or whole >= len(cumulative):
            skipped = facts.import_rows | getattr(facts, "package_rows", frozenset())
            return sum(1 for row, line in enumerate(prompt.split("\n")) if line.strip() and row not in skipped)
        last = prompt[prompt.rfind("\n") + 1:]
        skipped_last = whole in facts.import_rows or whole in getattr(facts, "package_rows", frozenset())
        return cumulative[whole] + (1 if last.strip() and not skipped_last else 0)

    # -------------------------------------------------------------------------- usages --
    def find_usages(self, repo, facts: dict[str, FileFacts], report) -> list[CrossFileUsage]:
        java_facts = {p: ff for p, ff in facts.items() if isinstance(ff, JavaFileFacts)}
        checks: list[tuple[JavaProject, list[tuple[JavaFileFacts, list[Stub]]]]] = []
        for unit, project in self._projects(repo.root, java_facts, report):
            plans = self._plans(project, unit.owned, report)
            if plans:
                checks.append((project, plans))
        if not checks:
            return []
        # javac reads the sourcepath and classpath itself: it gets a copy holding only the files
        # the walker accepted (a FIFO or a link to /dev/zero named like a class is never opened),
        # one copy per unit (the files that unit sees: another module's class of the same name
        # must not be on its sourcepath)
        stage = tempfile.mkdtemp(prefix="crossfile-javac-")
        try:
            jars = self._readable_jars(stage_jars(repo.root, os.path.join(stage, "jars"), report), report)
            usages: list[CrossFileUsage] = []
            for number, (project, plans) in enumerate(checks):
                root = os.path.join(stage, f"src{number}" if len(checks) > 1 else "src")
                write_texts(root, {path: ff.file.text for path, ff in project.facts.items()})
                usages.extend(self._check_plans(repo, root, jars, project, plans, report))
            return dedupe_usages(usages)
        finally:
            shutil.rmtree(stage, ignore_errors=True)

    def _readable_jars(self, staged: dict[str, str], report) -> list[str]:
        """The staged jars (copy -> path in the repository) the JVM can open; each other one is
        counted under ``checker/classpath_jar_unreadable`` and left off the classpath."""
        if not staged:
            return []
        try:
            unreadable = JavacHelper([], list(staged), process=self._shared_jvms(1)[0]).unreadable_classpath()
        except JavacFailure:
            return list(staged)  # the JVM failed: the compilations report that themselves
        for copy, why in unreadable.items():
            report.count("checker", "classpath_jar_unreadable", staged.get(copy, copy), why)
        return [copy for copy in staged if copy not in unreadable]

    @staticmethod
    def _plans(project: JavaProject, owned, report) -> list[tuple[JavaFileFacts, list[Stub]]]:
        """The files of ``owned`` to check, each with its stubs; the others counted by reason."""
        for path in project.mismatched:
            if path in owned:
                report.count("checker", "package_path_mismatch", path)
        plans: list[tuple[JavaFileFacts, list[Stub]]] = []
        for path, ff in sorted(project.facts.items()):
            if path not in owned:
                continue
            special = SPECIAL_FILES.get(path.rsplit("/", 1)[-1])
            if special:
                report.count("files", special, path)
                continue
            if ff.has_syntax_error:
                if not ff.parse_timeout:  # counted once, as files/parse_timeout
                    report.count("files", "syntax_error", path)
                continue
            if path in project.duplicate_files:
                report.count("files", "duplicate_class", path, ", ".join(sorted(
                    f"{ff.package}.{t.qualified}" if ff.package else t.qualified for t in ff.top_level_types)))
                continue
            if any(imp.name == "lombok" or imp.name.startswith("lombok.") for imp in ff.java_imports):
                report.count("files", "lombok_annotations", path)
                continue
            stubs, ambiguous = plan_stubs(ff, project)
            for name in ambiguous:
                report.count("usages", "ambiguous_class", path, name)
            if stubs or writes_qualified_project_name(ff, project):
                plans.append((ff, stubs))  # without stubs: javac's resolution alone (fully qualified uses)
        return plans

    def _check_plans(self, repo, root: str, jars: list[str], project: JavaProject,
                     plans: list[tuple[JavaFileFacts, list[Stub]]], report) -> list[CrossFileUsage]:
        usages: list[CrossFileUsage] = []
        started = time.monotonic()
        workers = max(1, min(self.parallelism, len(plans)))
        jvms = self._shared_jvms(workers)
        starts_before = sum(jvm.starts for jvm in jvms)
        roots = [os.path.join(root, r) if r else root for r in project.roots]
        helpers = [JavacHelper(roots, jars, request_timeout=self.request_timeout, process=jvm) for jvm in jvms]
        free: queue.SimpleQueue[JavacHelper] = queue.SimpleQueue()
        for helper in helpers:
            free.put(helper)

        def with_helper(task):
            helper = free.get()
            try:
                return task(helper)
            finally:
                free.put(helper)

        def rounds_of(plan: tuple[JavaFileFacts, list[Stub]]) -> tuple[list[CrossFileUsage], BuildReport]:
            ff, stubs = plan
            own = BuildReport()  # merged in file order: the same report as checking one by one
            try:
                found = with_helper(lambda helper: self._check_file(helper, repo, root, ff, project, stubs, own,
                                                                    originals.get(ff.file.path)))
            except JavacFailure as exc:
                own.count("files", exc.reason, ff.file.path, exc.detail)
                found = []
            return found, own

        try:
            # files are independent (each checks its own variants against the unchanged others),
            # so the JVMs take them from one queue; results are put back in file order
            with ThreadPoolExecutor(max_workers=workers) as pool:
                originals: dict[str, HelperAnswer] = {}
                batches = self._original_batches([ff for ff, _ in plans])
                for answers, own in pool.map(carried(lambda chunk: with_helper(
                        lambda helper: self._check_original_batch(helper, root, chunk))), batches):
                    originals.update(answers)
                    report.merge(own)
                for found, own in pool.map(carried(rounds_of), plans):
                    usages.extend(found)
                    report.merge(own)
        finally:
            for helper in helpers:
                helper.close()
            report.add_time("checker_seconds", time.monotonic() - started)
            report.count("checker", "javac_compilations", n=sum(helper.requests for helper in helpers))
            report.count("checker", "javac_jvm_starts", n=sum(jvm.starts for jvm in jvms) - starts_before)
        return dedupe_usages(usages)

    def _original_batches(self, files: list[JavaFileFacts]) -> list[list[JavaFileFacts]]:
        if self.batch_files <= 1:
            return []
        chunks = [files[start : start + self.batch_files] for start in range(0, len(files), self.batch_files)]
        return [chunk for chunk in chunks if len(chunk) >= 2]

    def _check_original_batch(self, helper: JavacHelper, root: str, chunk: list[JavaFileFacts]
                              ) -> tuple[dict[str, HelperAnswer], BuildReport]:
        """Unmodified files checked together in one compilation (``JAVAC_BATCH_FILES`` at a time).

        Checked alone, every file makes javac read the sourcepath it reaches (through imports,
        the whole repository: 800 of 800 files parsed for one file of a generated repository), so
        one check costs in proportion to the repository and all of them its square. The
        unmodified texts are the files' own, so a file sees the same sourcepath in a shared
        compilation as alone: same diagnostics, same resolution (compared on the fixtures by
        ``tests/java/test_java_batched.py``). A batch with a syntax error or a failure is left
        out: its files are checked one by one as before (and fail with their own reason)."""
        report = BuildReport()
        units = [(os.path.join(root, ff.file.path), ff.file.text) for ff in chunk]
        try:
            answers = helper.compile_units(units, references=True, timeout=self.request_timeout * (1 + len(units) / 8))
        except JavacFailure as exc:
            report.count("checker", "javac_batch_failed", chunk[0].file.path, f"{exc.reason}: {exc.detail}"[:300])
            return {}, report
        if any(a.parse_errors for a in answers.values()):
            report.count("checker", "javac_batch_parse_errors", chunk[0].file.path)
            return {}, report
        report.count("checker", "javac_batched_originals", n=len(chunk))
        return {ff.file.path: answers[target] for ff, (target, _) in zip(chunk, units)}, report

    def _check_file(self, helper: JavacHelper, repo, root: str, ff: JavaFileFacts, project: JavaProject,
                    stubs: list[Stub], report, original: HelperAnswer | None = None) -> list[CrossFileUsage]:
        """Original run (unless already checked in a batch), then up to ``max_rounds`` stubbed
        runs; each round restores the members whose uses it reported, so errors those uses
        masked can surface in the next one."""
        path = ff.file.path
        target = os.path.join(root, path)
        if original is None:
            original = helper.compile(target, ff.file.text, references=True)
        if original.parse_errors:
            first = next((d.message for d in original.diagnostics if d.file == target), "")
            raise JavacFailure("javac_syntax_error", first.split("\n")[0])
        if original.references_error:
            report.count("checker", "resolution_failed", path, original.references_error)
        baseline = [d for d in original.diagnostics if d.file == target and d.severity == "error"]
        if baseline:
            report.count("checker", "preexisting_errors", path, baseline[0].message.split("\n")[0])
        rounds = JavaRounds(self, helper, repo.name, root, ff, project, StubState(stubs), baseline, report)
        out = drive(stub_rounds(rounds, self.max_rounds if stubs else 0), rounds.check)
        usages = self._with_references(repo.name, root, ff, project, out, original.references, report)
        count_unparsed(path, rounds.unparsed, usages, report)
        return usages

    @staticmethod
    def _with_references(repo_name: str, root: str, ff: JavaFileFacts, project: JavaProject,
                         usages: list[CrossFileUsage], references: list[Reference], report) -> list[CrossFileUsage]:
        """Complete the stub rounds with javac's own resolution of the unmodified file.

        Stubbing only reveals members reached through a name the file writes; javac's
        attribution (``CrossfileJavac.References``) also resolves members reached through a
        field or a return value whose type the file never names, no-argument constructors,
        enum constants in ``case`` labels, and uses masked in every round by another error, so
        the true first use of each member is found. A stub use at the same position gets the
        declaring file and symbol from the resolution (an inherited member is defined by the
        supertype that declares it); a resolved-only use takes the ``imported_name``/``member``
        of a stub use of the same declaration in the file, so both share one first-use key.
        """
        path = ff.file.path
        index = ff.file.index
        text = ff.file.text
        by_position = {(u.line, u.column): k for k, u in enumerate(usages)}
        out = list(usages)
        resolved: list[tuple[int, int, Reference, str, str]] = []
        for ref in references:
            rel = os.path.relpath(ref.file, root).replace(os.sep, "/")
            if rel == path or rel not in project.facts or rel in project.duplicate_files:
                continue  # this file's own declarations, a source outside the project, an ambiguous class
            if text[ref.offset : ref.offset + len(ref.name)] != ref.name:
                report.count("usages", "reference_not_located", f"{path}:{ref.offset}", ref.name)
                continue
            package = project.facts[rel].package
            owner = ref.owner[len(package) + 1 :] if package and ref.owner.startswith(package + ".") else ref.owner
            symbol = owner if ref.names_type else f"{owner}.{ref.name}"
            row, col = index.row_col(ref.offset)
            resolved.append((row + 1, col, ref, rel, symbol))
        keys: dict[str, tuple[str, str | None, str]] = {}
        for line, col, ref, rel, symbol in resolved:
            k = by_position.get((line, col))
            # javac's own resolution names the declaring class also where the stub named the
            # written receiver's class (`d1.add(x)` on a MergingDigest, `add(double)` declared by
            # AbstractTDigest while MergingDigest declares other overloads of `add`)
            if k is not None and (out[k].definition_symbol in (None, symbol)
                                  or (out[k].member or out[k].imported_name) == ref.name):
                out[k] = dataclasses.replace(out[k], definition_file=rel, definition_symbol=symbol,
                                             definition_line=ref.line or None)
                keys.setdefault(symbol, (out[k].imported_name, out[k].member, out[k].stubbed_import))
        added = 0
        for line, col, ref, rel, symbol in resolved:
            if (line, col) in by_position:
                continue
            owner_name = ref.name if ref.names_type else symbol.rsplit(".", 1)[0].rsplit(".", 1)[-1]
            imported_name, member, stubbed = keys.get(
                symbol, (owner_name, None if ref.names_type else ref.name, f"(resolved) {ref.owner}"))
            by_position[(line, col)] = len(out)
            added += 1
            out.append(usage_at(
                repo_name, path, line - 1, col, imported_name=imported_name, member=member, stubbed_import=stubbed,
                tool=TOOL, code=RESOLVED_CODE,
                message=f"{ref.name} resolves to {ref.owner}" + ("" if ref.names_type else f".{ref.name}"),
                definition_file=rel, definition_symbol=symbol, entity=ref.name, mode=RESOLVED_MODE, round_no=0,
                definition_line=ref.line or None,
            ))
        if added:
            report.count("checker", "javac_resolved_uses", n=added)
        return out

    # ------------------------------------------------------------------------ examples --
    # -- class-level split: the paper's selection rule ------------------------------------
    def class_task_shortfall(self, measures, thresholds):
        # RepoClassBench, Java: a share of the methods named in the test bodies, external references.
        # With per-test coverage a method the tests execute counts too (named or not: yamlbeans'
        # tests call YamlReader.read(), which runs its other methods, 11 of 21 named): "named in
        # the tests" stood for "used by the tests" where nothing measured what they run
        # Each method counts once, overloads apart (``measures.used``): counting distinct names
        # over all methods held a class with overloads below its share whatever its tests did
        # (parsington's ExpressionParser, 6 constructors: 6 names of 11 methods)
        used = measures.used if measures.used >= 0 else len(set(measures.referenced) | set(measures.covered))
        share = used / max(1, measures.methods)
        if share + 1e-9 < thresholds.java_min_method_share or measures.external_references < thresholds.java_min_external:
            return "below_java_method_share", f"{used}/{measures.methods} methods named or run by the tests"
        return None

    def names_class_in(self, ff: FileFacts, name: str, package: str) -> bool | None:
        """Java's scope rules for a simple type name in ``ff`` (JLS 6.4.1, 7.5): a type the file
        declares shadows everything, then a single-type import, then the file's own package, then
        type-import-on-demand (``import pkg.*``). javaewah's ``EWAHCompressedBitmapTest`` (package
        ``com.googlecode.javaewah``, ``import java.util.*``) writes ``BitSet`` for
        ``java.util.BitSet``, not ``com.googlecode.javaewah.datastructure.BitSet`` (issue 34). A
        file writing the fully qualified name names the project's class whatever else it does."""
        fqn = f"{package}.{name}" if package else name
        if package and re.search(rf"(?<![\w.]){re.escape(fqn)}(?!\w)", ff.file.text):
            return True
        if any(d.name == name and d.kind in CLASS_KINDS for d in ff.definitions):
            return False
        for imp in ff.imports:
            if imp.kind == "symbol" and imp.local_name == name:
                return imp.imported_name == fqn
        if ff.package == package:
            return True
        return any(imp.kind == "wildcard" and imp.module == package for imp in ff.imports) and bool(package)

    # -- class-level split: wrong classes (lang/java/wrong_classes.py) ----------------------
    def throwing_stub(self, info):
        from crossfile_datasets.lang.java.wrong_classes import throwing_stub

        return throwing_stub(info, self.parse(info.source))

    def method_mutants(self, info, methods, *, limit: int, seed: int = 0, checks: bool = False):
        from crossfile_datasets.lang.java.wrong_classes import method_mutants

        return method_mutants(info, self.parse(info.source), list(methods), limit=limit, seed=seed, checks=checks)

    def statement_end(self, facts: FileFacts, offset: int) -> int:
        """Just after the first ``;``, ``{`` or ``}`` token at or after the entity (CrossCodeEval)."""
        return end_after_first_delimiter(facts, offset)


def count_unparsed(path: str, unparsed: list[Diagnostic], usages: list[CrossFileUsage], report) -> None:
    """Name the diagnostics of file ``path`` whose symbol or location lines could not be read,
    once javac's own resolution has completed the file's usages: one whose symbol a kept usage
    has at its line (``super.unloadPlugin(...)`` in an anonymous class body, resolved by the
    reference pass) is ``unattributed_found_elsewhere`` (a note, as for Python and C#), the
    others ``unparsed_symbol_or_location`` (a loss). Counted at once, pf4j's 3 such losses
    (held-out 18) had all been found."""
    found = {(u.line, u.member or u.imported_name) for u in usages if u.file == path}
    for d in unparsed:
        symbol = parse_symbol(d.symbol) if d.symbol else None
        reason = "unattributed_found_elsewhere" if symbol is not None and (d.line, symbol[1]) in found else UNPARSED
        report.count("usages", reason, f"{path}:{d.line}:{d.column}", d.message.split("\n")[0])


class JavaRounds:
    """The stub rounds of one Java file (:func:`analyzers.crossfile.stub_rounds` hooks): each
    round compiles the file with its project imports' classes emptied except for the members
    whose uses earlier rounds reported, so errors those uses masked can surface."""

    def __init__(self, support: JavaSupport, helper: JavacHelper, repo_name: str, root: str, ff: JavaFileFacts,
                 project: JavaProject, state: StubState, baseline: list[Diagnostic], report) -> None:
        self.support, self.helper, self.repo_name, self.root = support, helper, repo_name, root
        self.ff, self.project, self.state, self.baseline, self.report = ff, project, state, baseline, report
        self.target = os.path.join(root, ff.file.path)
        self.seen: set[tuple] = set()
        self.unparsed: list[Diagnostic] = []  # named by count_unparsed once the resolution has spoken
        # the stub declarations are appended after the original's last line: ignore their rows
        self.last_line = ff.file.text.count("\n") + (0 if ff.file.text.endswith("\n") else 1)

    def variant(self, round_no: int) -> tuple[str, dict]:
        self.state.round = round_no
        return build_variant(self.ff, self.project, self.state, self.root, self.support.prune_imports)

    def check(self, variant: tuple[str, dict]) -> HelperAnswer:
        text, overrides = variant
        return self.helper.compile(self.target, text, overrides)

    def observe(self, round_no: int, variant, answer: HelperAnswer) -> RoundOutcome[CrossFileUsage]:
        if answer.parse_errors:
            raise JavacFailure("stub_syntax_error", next((d.message for d in answer.diagnostics), ""))
        path = self.ff.file.path
        errors = [d for d in answer.diagnostics
                  if d.file == self.target and d.severity == "error" and d.line <= self.last_line]
        # the same error seen again in a later round: its message may name another class
        # (the round-1 empty class is declared in this file, later ones are the real one)
        fresh = [d for d in new_diagnostics(self.baseline, errors) if (d.line, d.column, d.code, d.symbol) not in self.seen]
        self.seen.update((d.line, d.column, d.code, d.symbol) for d in fresh)
        attributor = Attributor(self.ff, self.project, self.state)
        found: list[Attribution] = []
        for d in fresh:
            result = attributor.attribute(d)
            if result == UNPARSED:
                self.unparsed.append(d)
                continue
            if isinstance(result, str):
                self.report.count("usages", result, f"{path}:{d.line}:{d.column}", d.message.split("\n")[0])
                continue
            found.append(result)
        if found:
            self.report.count("checker", f"javac_round_{round_no}_uses", n=len(found))
        self.attributions = found
        return RoundOutcome([self._usage(a, round_no) for a in found])

    def restore(self, found: list[CrossFileUsage]) -> bool:
        for a in self.attributions:
            self.state.record(a, a.inherited)
        return bool(self.attributions)  # every found member is given back: the next round differs

    def _usage(self, a: Attribution, round_no: int) -> CrossFileUsage:
        row, col = self.ff.file.index.row_col(a.offset)
        return usage_at(self.repo_name, self.ff.file.path, row, col, imported_name=a.imported_name, member=a.member,
                        stubbed_import=a.stub.stubbed_import, tool=TOOL, code=a.diagnostic.code,
                        message=a.diagnostic.message, definition_file=a.definition_file,
                        definition_symbol=a.definition_symbol, mode=a.stub.mode, round_no=round_no)


def writes_qualified_project_name(ff: JavaFileFacts, project: JavaProject) -> bool:
    """Does the file write a project class of another file by its fully qualified name
    (``new org.acme.Options()``, no import)? Such a file has nothing to stub but has uses."""
    text = ff.file.text
    return any(fqn in text for fqn, refs in project.types.items()
               if "." in fqn and any(path != ff.file.path for path, _ in refs))


# a jar in a source set's resources (``src/test/resources/fixture.jar``) is data the code reads,
# not a dependency: Maven and Gradle never put it on the compile classpath
_RESOURCE_JAR = re.compile(r"(?:^|/)src/[^/]+/resources/")


def stage_jars(repo_root, dest: str, report) -> dict[str, str]:
    """Copies of the jars shipped inside the repository (``lib/*.jar``...) for javac's classpath,
    in walk order (copy -> path in the repository): regular files only, each up to
    ``JAVAC_MAX_JAR_BYTES`` and all together up to ``JAVAC_MAX_JARS_TOTAL_BYTES``; every other
    jar is counted under ``checker/classpath_jar_refused``, a jar among a source set's resources
    under ``checker/classpath_jar_resource``."""
    def refuse(where: str, why: str) -> None:
        report.count("checker", "classpath_jar_refused", where, why)

    jars: dict[str, str] = {}
    total = 0
    os.makedirs(dest, exist_ok=True)
    for found in walk(repo_root, lambda rel: rel.endswith(".jar"), lambda r: refuse(r.rel, r.reason) if not r.folder else None):
        if _RESOURCE_JAR.search(found.rel):
            report.count("checker", "classpath_jar_resource", found.rel)
            continue
        if len(jars) >= C.JAVAC_MAX_CLASSPATH_JARS:
            break
        limit = min(C.JAVAC_MAX_JAR_BYTES, C.JAVAC_MAX_JARS_TOTAL_BYTES - total)
        copy = os.path.join(dest, f"{len(jars):04d}.jar")
        if found.size <= limit and found.copy_to(copy, limit):
            jars[copy] = found.rel
            total += os.path.getsize(copy)
        else:
            refuse(found.rel, f"over the size cap ({C.JAVAC_MAX_JAR_BYTES} bytes a jar, {C.JAVAC_MAX_JARS_TOTAL_BYTES} in all)")
    return jars
