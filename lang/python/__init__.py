"""Python: tree-sitter parsing, import resolution, stubbing for Pylint, statement ends.

Cross-file uses are found with two stubbed variants of every file that imports project names
(both laid out as whole-project copies and checked by one Pylint process each):

- ``remove``: each project import statement becomes ``pass`` (or keeps only its external
  names); every use of an imported name is then E0602 undefined-variable.
- ``empty_class``: each imported project name becomes an empty class
  (``Name = type("Name", (), {})``, on the import's own line so no other line moves); every
  member access Pylint can infer on it (the class, its instances, subclasses defined in the
  file) is then E1101 no-member.

Both are diffed against the unmodified copy. See ``docs/python.md`` for what Pylint can and
cannot see.
"""

from __future__ import annotations

import json
import keyword
import os
import re
import shutil
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path, PurePosixPath
from typing import Callable, Iterable, Sequence

import tree_sitter_python
from tree_sitter import Language, Node

from crossfile_datasets.core.deadline import carried
from crossfile_datasets.core import constants as C
from crossfile_datasets.core.records import CrossFileUsage, Diagnostic
from crossfile_datasets.analyzers.crossfile import (
    StubbedVariant,
    Unattributed,
    count_unattributed,
    dedupe_usages,
    new_diagnostics,
    usage_at,
)
from crossfile_datasets.analyzers.pylint import (
    INSTALL_HINT,
    OBSERVED_CODE,
    RESOLVED_CODE,
    TOOL,
    CheckOutcome,
    PylintChecker,
)
from crossfile_datasets.lang import Lang
from crossfile_datasets.core.records import Definition, FileFacts, ImportBinding, SourceFile, Span
from crossfile_datasets.lang.base import LanguageSupport, iter_nodes
from crossfile_datasets.lang.python import bounded_compile
from crossfile_datasets.lang.python.exports import ExportResolver

# FileFacts attribute holding the bindings a file's project wildcard imports expand to
WILDCARD_NAMES = "python_wildcard_names"

_LANGUAGE = Language(tree_sitter_python.language())

SIMPLE_STATEMENTS = frozenset(
    {
        "expression_statement", "return_statement", "assert_statement", "delete_statement",
        "raise_statement", "pass_statement", "break_statement", "continue_statement",
        "global_statement", "nonlocal_statement", "import_statement", "import_from_statement",
        "future_import_statement", "print_statement", "exec_statement", "type_alias_statement",
        "decorator",
    }
)
HEADER_STATEMENTS = frozenset(
    {
        "if_statement", "elif_clause", "else_clause", "for_statement", "while_statement",
        "try_statement", "except_clause", "except_group_clause", "finally_clause", "with_statement",
        "function_definition", "class_definition", "match_statement", "case_clause",
    }
)
_NO_MEMBER = re.compile(r"^(?:Instance of|Class) '([^']+)' has no '([^']+)' member")
# every owner form of Pylint's E1101, for naming the member of one left unattributed ("Super of
# 'XMLRenderer' has no '__enter__' member" is a use found by the resolved check: marko, held-out 20)
_ANY_NO_MEMBER = re.compile(r"^(?:Instance of|Class|Super of|Module) '([^']+)' has no '([^']+)' member")
_UNDEFINED = re.compile(r"^Undefined variable '([^']+)'")


def _name_in_string(line: str, col: int, name: str) -> int | None:
    """The column of ``name`` inside the one-line string literal starting at ``col`` (a string
    annotation ``"LauncherKind"`` or ``"Optional[Scheme]"``, where Pylint's E0602 points at the
    quote), when the name occurs there once as a whole identifier; else None."""
    quote = line[col : col + 1]
    if quote not in ("'", '"'):
        return None
    end = line.find(quote, col + 1)
    if end < 0:
        return None
    hits = [m.start() for m in re.finditer(rf"(?<![\w.]){re.escape(name)}(?!\w)", line[col + 1 : end])]
    return col + 1 + hits[0] if len(hits) == 1 else None


# ---------------------------------------------------------------------------- resolution --
_IMPORTED_MODULE = re.compile(r"^[ \t]*(?:from[ \t]+([\w.]+)[ \t]+import|import[ \t]+([\w.]+))", re.M)


def imported_modules(text: str) -> set[str]:
    """The absolute module names a file's import statements name (first name of each
    statement; a cheap scan, enough to tell a namespace package from a source folder)."""
    return {a or b for a, b in _IMPORTED_MODULE.findall(text)}


def _namespace_portion(package_dir: str, roots: Sequence[str], imported: set[str]) -> bool:
    """True when ``package_dir`` (a folder with ``__init__.py`` whose parent has none) is
    imported under its parent's name from one of ``roots``: ``jaraco/text`` as ``jaraco.text``."""
    for root in roots:
        if root and not package_dir.startswith(root + "/"):
            continue
        dotted = (package_dir[len(root) + 1:] if root else package_dir).replace("/", ".")
        if "." in dotted and any(m == dotted or m.startswith(dotted + ".") for m in imported):
            return True
    return False


class PythonProject:
    """Module name <-> file mapping of one repository (root and `src/` layouts, namespaces)."""

    def __init__(self, paths: Sequence[str], imported: Iterable[str] = ()) -> None:
        self.paths = set(paths)
        self.dirs: set[str] = set()
        for p in paths:
            parts = p.split("/")[:-1]
            for i in range(1, len(parts) + 1):
                self.dirs.add("/".join(parts[:i]))
        self.roots = [""] + (["src"] if "src" in self.dirs else [])
        base_roots = list(self.roots)
        imported = set(imported)
        # parents of top-level packages (e.g. lib/ in lib/pkg/__init__.py) are roots too, unless
        # the parent is a PEP 420 namespace package: the project imports the package through it
        # (``jaraco/text/__init__.py`` without ``jaraco/__init__.py``, imported as ``jaraco.text``:
        # held-out 15 named the module ``text``)
        for p in paths:
            if p.endswith("/__init__.py"):
                d = p[: -len("/__init__.py")]
                parent = d.rsplit("/", 1)[0] if "/" in d else ""
                if parent and parent + "/__init__.py" not in self.paths and parent not in self.roots \
                        and not _namespace_portion(d, base_roots, imported):
                    self.roots.append(parent)

    def _file_of(self, dir_path: str) -> str | None:
        for cand in (f"{dir_path}.py", f"{dir_path}/__init__.py"):
            if cand.lstrip("/") in self.paths:
                return cand.lstrip("/")
        return None

    def resolve_path(self, rel_dir: str) -> tuple[str | None, bool]:
        """A module path without extension -> (file, is_package_dir)."""
        f = self._file_of(rel_dir)
        return f, rel_dir in self.dirs

    def resolve_absolute(self, dotted: str) -> tuple[str | None, str | None]:
        """'a.b.c' -> (file, base_dir) where base_dir is the directory the module maps to."""
        parts = dotted.split(".")
        for root in self.roots:
            base = "/".join([root, *parts]) if root else "/".join(parts)
            f, is_dir = self.resolve_path(base)
            if f or is_dir:
                return f, base
        return None, None

    def resolve_relative(self, importer: str, dots: int, dotted: str) -> tuple[str | None, str | None]:
        base = PurePosixPath(importer).parent
        for _ in range(dots - 1):
            base = base.parent
        rel = str(base) if str(base) != "." else ""
        target = "/".join(x for x in [rel, *(dotted.split(".") if dotted else [])] if x)
        if not dotted:
            f, is_dir = self.resolve_path(rel) if rel else (self._file_of("__init__"), True)
            return f, rel
        f, is_dir = self.resolve_path(target)
        return (f, target) if (f or is_dir) else (None, None)


def _text(node: Node | None, src: bytes) -> str:
    return src[node.start_byte : node.end_byte].decode("utf-8", errors="replace") if node else ""


_FUTURE_IMPORT = re.compile(r"\s*from\s+__future__\s+import\b")


class PythonSupport(LanguageSupport):
    lang = Lang.PYTHON
    display_name = "Python"
    extensions = (".py",)
    test_file_globs = ("test_*.py", "*_test.py", "tests.py", "conftest.py")
    comment_prefix = "#"
    statements_end_at_line_ends = True
    indentation_is_syntax = True
    reserved_words = frozenset(keyword.kwlist)
    min_prompt_lines = 10
    checker_name = TOOL
    required_binaries: dict[str, str] = {}  # Pylint runs as `python -m pylint`; checked in check_tools

    # checker rounds: round 2 recovers members masked behind a member found in round 1
    rounds = 2

    def __init__(self, checker: PylintChecker | None = None, parallelism: int | None = None) -> None:
        self.checker = checker or PylintChecker()
        self.parallelism = parallelism or max(1, os.cpu_count() or 1)

    def set_checker_parallelism(self, processes: int) -> None:
        self.parallelism = max(1, processes)

    def ts_language(self, path: str = "") -> Language:
        return _LANGUAGE

    def compiles(self, text: str) -> bool | None:
        # compile() only: the text is never run. Any refusal of the compiler (a syntax error, a
        # null byte, a nesting past the parser's limits, a lone surrogate) is "does not compile",
        # and so is a text past the memory or CPU limit of the forked child it is compiled in
        # (constant folding: red team 2026-11-29d row 1)
        return bounded_compile.compiles(text)

    def import_statement(self, *, name: str, qualified_name: str, kind: str, path: str, package: str,
                         namespace: str = "", from_file: str | None = None) -> str | None:
        # module level only: a nested definition is reached through the one containing it
        return None if "." in qualified_name or not package else f"from {package} import {name}"

    def place_class(self, file_without_class: str, offset: int, code: str) -> str:
        # imports stay in the answer (a module may import anywhere), but `from __future__` must
        # open the module: it cannot stay at the insertion point
        code = "\n".join(line for line in code.split("\n") if not _FUTURE_IMPORT.match(line))
        return file_without_class[:offset] + code.strip("\n") + file_without_class[offset:]

    def empty_class(self, signature: str) -> str:
        return signature.rstrip() + "\n    pass\n"

    def class_task_shortfall(self, measures, thresholds):
        # RepoClassBench, Python: >= N methods the tests execute that make an external reference
        good = [m for m in measures.covered if m in measures.with_references]
        if len(good) < thresholds.python_min_methods:
            return ("below_python_method_threshold",
                    f"{len(good)} covered methods with an external reference (need {thresholds.python_min_methods})")
        return None

    def throwing_stub(self, info):
        from crossfile_datasets.lang.python.wrong_classes import throwing_stub

        return throwing_stub(info)

    def method_mutants(self, info, methods, *, limit: int, seed: int = 0, checks: bool = False):
        from crossfile_datasets.lang.python.wrong_classes import method_mutants

        return method_mutants(info, list(methods), limit=limit, seed=seed)

    def disguised_control(self, info, caught, rng):
        from crossfile_datasets.lang.python.wrong_classes import disguised_control

        return disguised_control(info.source, list(caught), rng)

    def checker_fingerprint(self) -> str:
        import astroid
        import pylint

        import hashlib

        from crossfile_datasets.analyzers.pylint import PLUGIN_DIR

        plugins = hashlib.sha256(b"".join(p.read_bytes() for p in sorted(PLUGIN_DIR.glob("*.py")))).hexdigest()
        extra = (f"pylint={pylint.__version__};astroid={astroid.__version__};plugins={plugins};"
                 f"wrapper={os.environ.get('CROSSFILE_PYLINT', '')}")
        return super().checker_fingerprint() + ";" + extra

    def check_tools(self) -> None:
        import importlib.util

        from crossfile_datasets.analyzers.run import MissingToolError

        if importlib.util.find_spec("pylint") is None:  # pragma: no cover - pylint is a dependency
            raise MissingToolError(f"Pylint is not installed: {INSTALL_HINT}")

    # ------------------------------------------------------------------------- parsing --
    def analyze_files(self, repo_root: str, files: Sequence[SourceFile]) -> dict[str, FileFacts]:
        project = PythonProject([f.path for f in files], {m for f in files for m in imported_modules(f.text)})
        facts: dict[str, FileFacts] = {}
        for f in files:
            tree, timed_out = self.parse_source(f.text, f.path)
            ff = FileFacts(f, tree, has_syntax_error=tree.root_node.has_error or timed_out, parse_timeout=timed_out)
            ff.package = self.module_name(f.path, project)
            ff.imports = self.extract_imports(ff, project)
            ff.definitions = self.extract_definitions(ff)
            facts[f.path] = ff
        # chase re-exports (explicit, aliased, wildcard, several levels) to the defining file;
        # a name that ends in the standard library or a third-party package becomes external
        resolver = ExportResolver(facts)
        chased = {path: [self._chase(b, resolver) for b in ff.imports] for path, ff in facts.items()}
        for path, ff in facts.items():
            ff.imports = chased[path]
        # the names each project wildcard import binds, for stubbing (the wildcard binding itself
        # stays in ``imports`` for the graph and the other consumers)
        resolver = ExportResolver(facts)
        for ff in facts.values():
            ff.__dict__[WILDCARD_NAMES] = [x for b in ff.imports for x in resolver.expand_wildcard(b)]
        return facts

    def module_name(self, path: str, project: PythonProject) -> str:
        stem = path[:-3]
        if stem.endswith("/__init__") or stem == "__init__":
            stem = stem[: -len("/__init__")] if "/" in stem else ""
        for root in sorted(project.roots, key=len, reverse=True):
            if root and stem.startswith(root + "/"):
                return stem[len(root) + 1 :].replace("/", ".")
        return stem.replace("/", ".")

    @staticmethod
    def _chase(b: ImportBinding, resolver: ExportResolver) -> ImportBinding:
        if b.kind != "symbol" or not b.target_file:
            return b
        r = resolver.resolve_binding(b)
        if r.kind == "external":  # e.g. `from pkg._compat import builtins`: not a project name
            return ImportBinding(b.local_name, b.imported_name, b.module, b.kind, b.statement, None, b.target_symbol)
        if r.kind == "module":
            return ImportBinding(b.local_name, b.imported_name, b.module, "module", b.statement, r.file, None)
        if r.kind == "definition":
            return ImportBinding(b.local_name, b.imported_name, b.module, b.kind, b.statement, r.file, r.symbol)
        return b

    def extract_imports(self, ff: FileFacts, project: PythonProject) -> list[ImportBinding]:
        src = ff.file.index.data
        out: list[ImportBinding] = []
        for node in iter_nodes(ff.tree.root_node):
            if node.type == "import_statement":
                span = Span.of_node(node, ff.file.index)
                for child in node.named_children:
                    if child.type == "dotted_name":
                        dotted, alias = _text(child, src), None
                    elif child.type == "aliased_import":
                        dotted, alias = _text(child.child_by_field_name("name"), src), _text(child.child_by_field_name("alias"), src)
                    else:
                        continue
                    target, _ = project.resolve_absolute(dotted)
                    local = alias or dotted.split(".")[0]
                    out.append(ImportBinding(local, dotted, dotted, "module", span, target, None))
            elif node.type == "import_from_statement":
                out.extend(self._from_import(node, ff, project, src))
        return out

    def _from_import(self, node: Node, ff: FileFacts, project: PythonProject, src: bytes) -> list[ImportBinding]:
        span = Span.of_node(node, ff.file.index)
        module_node = node.child_by_field_name("module_name")
        module_text = _text(module_node, src)
        if module_node is not None and module_node.type == "relative_import":
            dots = len(module_text) - len(module_text.lstrip("."))
            mod_file, base_dir = project.resolve_relative(ff.file.path, dots, module_text[dots:])
        else:
            mod_file, base_dir = project.resolve_absolute(module_text)
        out = []
        if any(c.type == "wildcard_import" for c in node.children):
            return [ImportBinding("*", "*", module_text, "wildcard", span, mod_file, None)]
        for child in node.children_by_field_name("name"):
            if child.type == "aliased_import":
                name, alias = _text(child.child_by_field_name("name"), src), _text(child.child_by_field_name("alias"), src)
            else:
                name, alias = _text(child, src), None
            target, kind, symbol = None, "symbol", name
            if base_dir is not None:
                sub_file, _ = project.resolve_path(f"{base_dir}/{name.replace('.', '/')}" if base_dir else name.replace(".", "/"))
                if sub_file:
                    target, kind, symbol = sub_file, "module", None
                elif mod_file:
                    target = mod_file
            out.append(ImportBinding(alias or name, name, module_text, kind, span, target, symbol))
        return out

    def extract_definitions(self, ff: FileFacts) -> list[Definition]:
        src = ff.file.index.data
        out: list[Definition] = []

        def visit(node: Node, scope: list[str], in_class: bool) -> None:
            for child in node.named_children:
                target = child
                if child.type == "decorated_definition":
                    target = child.child_by_field_name("definition") or child
                if target.type in ("function_definition", "class_definition"):
                    name = _text(target.child_by_field_name("name"), src)
                    qual = ".".join([*scope, name])
                    body = target.child_by_field_name("body")
                    header_end = body.start_byte if body is not None else target.end_byte
                    signature = src[target.start_byte:header_end].decode("utf-8", "replace").rstrip().rstrip(":").strip()
                    bases: tuple[str, ...] = ()
                    if target.type == "class_definition":
                        sup = target.child_by_field_name("superclasses")
                        if sup is not None:
                            bases = tuple(_text(a, src) for a in sup.named_children if a.type in ("identifier", "attribute"))
                        kind = "class"
                    else:
                        kind = "method" if in_class else "function"
                    out.append(Definition(name, qual, kind, ff.file.path, Span.of_node(child, ff.file.index),
                                          signature, bases, ff.package))
                    if body is not None:
                        visit(body, [*scope, name], target.type == "class_definition")
                elif child.type == "expression_statement" and (not scope or in_class):
                    assign = child.named_children[0] if child.named_children else None
                    if assign is not None and assign.type == "assignment":
                        left = assign.child_by_field_name("left")
                        if left is not None and left.type == "identifier":
                            name = _text(left, src)
                            kind = "field" if in_class else ("constant" if name.isupper() else "variable")
                            out.append(Definition(name, ".".join([*scope, name]), kind, ff.file.path,
                                                  Span.of_node(child, ff.file.index), _text(assign, src).split("\n")[0][:200],
                                                  (), ff.package))
                elif child.type in ("if_statement", "try_statement", "block", "else_clause", "except_clause", "finally_clause") and not scope:
                    visit(child, scope, in_class)  # module-level definitions guarded by if/try

        visit(ff.tree.root_node, [], False)
        return out

    # ------------------------------------------------------------------------- stubbing --
    def stub_variant(self, ff: FileFacts, mode: str, restore: frozenset[str] = frozenset()) -> StubbedVariant | None:
        """``mode`` = "remove" | "empty_class"; None when the file has no project import to stub.
        Names in ``restore`` keep their real import (a later round, see :meth:`find_usages`)."""
        src = ff.file.text
        by_statement: dict[tuple[int, int], list[ImportBinding]] = {}
        expanded = ff.__dict__.get(WILDCARD_NAMES, [])
        for b in ff.imports:
            by_statement.setdefault((b.statement.start, b.statement.end), []).append(b)
        for b in expanded:  # a project wildcard import stands for the names it binds
            bindings = by_statement.setdefault((b.statement.start, b.statement.end), [])
            bindings[:] = [x for x in bindings if x.kind != "wildcard"] + [b]
        edits: list[tuple[int, int, str]] = []
        stubbed: dict[str, ImportBinding] = {}
        for (start, end), bindings in sorted(by_statement.items()):
            project = [b for b in bindings if b.is_project and b.kind != "wildcard" and b.local_name not in restore]
            if mode == "empty_class":
                # `import a.b` binds `a`, whose members are modules, not the stubbed name
                project = [b for b in project if not b.imported_name.startswith(b.local_name + ".")]
            if not project:
                continue
            keep = [b for b in bindings if b not in project]
            statement_text = src[start:end]
            parts: list[str] = []
            if keep:
                rebuilt = _rebuild_import(statement_text, keep)
                if rebuilt is None:
                    continue  # cannot separate the names safely: leave the statement alone
                parts.append(rebuilt)
            if mode == "empty_class":
                parts.extend(f'{b.local_name} = type("{b.local_name}", (), {{}})' for b in project)
            elif not parts:
                parts.append("pass")
            newlines = statement_text.count("\n")
            edits.append((start, end, "; ".join(parts) + "\n" * newlines))
            for b in project:
                stubbed[b.local_name] = b
        if not edits:
            return None
        out = []
        last = 0
        for start, end, repl in edits:
            out.append(src[last:start])
            out.append(repl)
            last = end
        out.append(src[last:])
        return StubbedVariant(ff.file.path, mode, "".join(out), stubbed)

    # -------------------------------------------------------------------------- usages --
    def find_usages(self, repo, facts: dict[str, FileFacts], report) -> list[CrossFileUsage]:
        checkable: dict[str, FileFacts] = {}
        for path, ff in facts.items():
            if not any(b.is_project and b.kind != "wildcard" for b in [*ff.imports, *ff.__dict__.get(WILDCARD_NAMES, [])]):
                continue
            if ff.has_syntax_error:
                if not ff.parse_timeout:  # counted once, as files/parse_timeout
                    report.count("files", "syntax_error", path)
                continue
            checkable[path] = ff
        observed = Path(repo.observed_types) if getattr(repo, "observed_types", "") else None
        # --observe-types: files with an observed parameter are checked too, for W9901 alone
        observed_files = _observed_files(observed, facts) if observed is not None else set()
        if not checkable and not observed_files:
            return []
        variants = {mode: {p: self.stub_variant(ff, mode) for p, ff in checkable.items()} for mode in ("remove", "empty_class")}
        all_paths = sorted(facts)
        texts = {p: ff.file.text for p, ff in facts.items()}
        usages: list[CrossFileUsage] = []
        unattributed: list[Unattributed] = []
        resolver = ExportResolver(facts)
        tmp = Path(tempfile.mkdtemp(prefix="crossfile-pylint-"))
        try:
            t0 = time.monotonic()
            jobs = {"original": (texts, sorted(set(checkable) | observed_files))}
            for mode, by_path in variants.items():
                mode_texts = dict(texts)
                mode_texts.update({p: v.text for p, v in by_path.items() if v is not None})
                jobs[mode] = (mode_texts, sorted(p for p, v in by_path.items() if v is not None))
            outcomes = self._check_copies(tmp, jobs, all_paths, {"original": observed}, resolve={"original"})
            original = outcomes.pop("original")
            results = outcomes
            if observed is not None:
                original = self._without_observed(tmp, original, jobs["original"], all_paths, report)
            report.add_time("checker_seconds", time.monotonic() - t0)
            _count_runs(report, original, *results.values())
            failed: dict[str, str] = dict(original.failed)
            details = {p: f"original: {text}" for p, text in original.details.items()}
            for mode, r in results.items():
                for p, why in r.failed.items():
                    failed.setdefault(p, why)
                    if p in r.details:
                        details.setdefault(p, f"{mode}: {r.details[p]}")
            for path, why in sorted(failed.items()):
                if path in checkable:
                    report.count("files", why, path, detail=details.get(path))
            orig_by_file = _group(original.diagnostics)
            for mode, res in results.items():
                stub_by_file = _group(res.diagnostics)
                for path, variant in variants[mode].items():
                    if variant is None or path in failed:
                        continue
                    fresh = new_diagnostics(orig_by_file.get(path, []), stub_by_file.get(path, []))
                    usages.extend(self._attribute(repo.name, checkable[path], variant, fresh, report, resolver,
                                                  unattributed))
            if observed is not None:
                usages.extend(observed_usages(repo.name, facts, original.diagnostics, failed, report))
            if self.rounds >= 2:
                usages.extend(self._second_round(repo.name, checkable, jobs["empty_class"][0], usages, failed,
                                                 orig_by_file, all_paths, tmp, report, resolver, unattributed))
            # last: a use a stub run found keeps its record
            usages = resolved_usages(repo.name, facts, usages, original.diagnostics, failed, report,
                                     (tmp / "original").resolve())
            count_unattributed(unattributed, usages, report, _unattributed_name, declared=_declared_in(facts))
        finally:
            self.checker.close()
            shutil.rmtree(tmp, ignore_errors=True)
        return dedupe_usages(usages)

    def _without_observed(self, tmp: Path, original: CheckOutcome, job: tuple[dict[str, str], list[str]],
                          all_paths: list[str], report) -> CheckOutcome:
        """The files an ``--observe-types`` check of the original copy lost, checked again without
        the observed plugin: a failure there (a time-out of the fresh processes it needs, a crash
        of the plugin) costs those files their observed uses, not every use (structlog lost all
        37 files on 2026-11-27). Counted as ``files/observed_check_failed`` with the failure text."""
        lost = sorted(p for p in original.failed if p in job[1])
        if not lost:
            return original
        # the same copy folder: the resolved plugin's declarations are read relative to it
        retried = self._check_copies(tmp, {"original": (job[0], lost)}, all_paths, resolve={"original"})["original"]
        kept = CheckOutcome(diagnostics=list(original.diagnostics), failed=dict(original.failed),
                            details=dict(original.details), runs=original.runs + retried.runs,
                            resident_fallbacks=original.resident_fallbacks + retried.resident_fallbacks)
        recovered = [p for p in lost if p not in retried.failed]
        for path in recovered:
            report.count("files", "observed_check_failed", path,
                         f"{original.failed[path]}: {original.details.get(path, '')}".rstrip(": "))
            kept.failed.pop(path)
            kept.details.pop(path, None)
        recovered_set = set(recovered)
        kept.diagnostics.extend(d for d in retried.diagnostics if d.file in recovered_set)
        return kept

    def _second_round(self, repo_name, checkable, round1_texts, usages, failed, orig_by_file, all_paths, tmp,
                      report, resolver, unattributed=None) -> list[CrossFileUsage]:
        """Errors masked behind round 1's: ``md.renderer.NAME`` reports only ``renderer`` while
        ``Markdown`` is empty (the receiver of ``NAME`` is then unknown). Round 2 restores, per
        file, the imports whose members round 1 found, keeps every other stub, and diffs again
        against the original run; what is new is reported with ``round=2``."""
        restore: dict[str, set[str]] = {}
        for u in usages:
            if u.member and u.mode == "empty_class" and u.file not in failed:
                restore.setdefault(u.file, set()).add(u.imported_name)
        variants = {p: self.stub_variant(checkable[p], "empty_class", frozenset(names)) for p, names in restore.items()}
        variants = {p: v for p, v in variants.items() if v is not None}
        if not variants:
            return []
        t0 = time.monotonic()
        texts = dict(round1_texts)
        texts.update({p: v.text for p, v in variants.items()})
        outcome = self._check_copies(tmp, {"round2": (texts, sorted(variants))}, all_paths)["round2"]
        report.add_time("checker_seconds", time.monotonic() - t0)
        _count_runs(report, outcome)
        for path, why in sorted(outcome.failed.items()):
            if path in variants:
                report.count("files", f"{why}_round2", path)
        stub_by_file = _group(outcome.diagnostics)
        out = []
        for path, variant in sorted(variants.items()):
            if path in outcome.failed:
                continue
            fresh = new_diagnostics(orig_by_file.get(path, []), stub_by_file.get(path, []))
            out.extend(replace(u, round=2) for u in self._attribute(repo_name, checkable[path], variant, fresh, report,
                                                                    resolver, unattributed))
        return out

    def _check_copies(self, tmp: Path, jobs: dict[str, tuple[dict[str, str], list[str]]], all_paths: list[str],
                      observed: dict[str, Path | None] | None = None,
                      resolve: frozenset[str] | set[str] = frozenset()) -> dict[str, CheckOutcome]:
        """Lay out each copy under ``tmp/<name>`` and check its files; one outcome per copy.

        The copies are independent, and so are the files of one copy: a large copy is cut into
        up to one contiguous chunk (neighbouring files import the same modules) per core of this
        worker, and all chunks of all copies are checked side by side (threads only wait on the
        Pylint processes). A chunk of fewer than ``PYLINT_MIN_CHUNK`` files is not worth the
        modules every chunk infers again."""
        observed = observed or {}
        tasks = []
        for name, (texts, files) in jobs.items():
            root = tmp / name
            for rel, text in texts.items():
                dest = root / rel
                dest.parent.mkdir(parents=True, exist_ok=True)
                dest.write_text(text, encoding="utf-8")
            chunks = max(1, min(self.parallelism, len(files) // C.PYLINT_MIN_CHUNK))
            size = -(-len(files) // chunks) or 1
            tasks.extend((name, root, texts, files[i : i + size]) for i in range(0, len(files), size))
        outcomes = {name: CheckOutcome() for name in jobs}
        with ThreadPoolExecutor(max_workers=self.parallelism) as pool:
            done = pool.map(carried(lambda t: self.checker.check(t[1], t[3], all_paths, t[2], observed.get(t[0]),
                                                                 resolve=t[0] in resolve)), tasks)
            for (name, *_), outcome in zip(tasks, done):
                outcomes[name].merge(outcome)
        return outcomes

    def _attribute(self, repo_name: str, ff: FileFacts, variant: StubbedVariant, diags: list[Diagnostic], report,
                   resolver: ExportResolver | None = None,
                   unattributed: list[Unattributed] | None = None) -> list[CrossFileUsage]:
        """The uses the new diagnostics of one stubbed variant of a file name. A diagnostic tied to
        no stubbed import is counted as ``unattributed_<code>``, or, given ``unattributed``, left
        there for :func:`count_unattributed` to name once every check has spoken."""
        resolver = resolver or ExportResolver({ff.file.path: ff})
        out = []
        index = ff.file.index
        class_bases = {d.name: d.bases for d in ff.definitions if d.kind == "class"}
        for d in diags:
            binding, member, row, col = None, None, d.line - 1, d.column
            if d.code == "E0602":
                m = _UNDEFINED.match(d.message)
                if m and m.group(1) in variant.stubbed:
                    binding = variant.stubbed[m.group(1)]
                    if binding.kind == "module" and 0 <= row < index.num_lines:
                        # `mod.x` is a use of x: the member after the module path, when written
                        # (also inside a string annotation, `"block.Paragraph"`)
                        line_text = index.line(row)
                        at = col if line_text.startswith(binding.local_name, col) else \
                            _name_in_string(line_text, col, binding.local_name)
                        found = _module_member(line_text, at, binding) if at is not None else None
                        if found is not None:
                            member, col = found
                        elif at == col:
                            # `getattr(block, name)`: the module as a value names no definition
                            # (marko, held-out 20: 2 extra usages)
                            report.count("usages", "module_itself", f"{ff.file.path}:{d.line}", d.message)
                            continue
            elif d.code == "E1101":
                m = _NO_MEMBER.match(d.message)
                if m:
                    owner, member = m.group(1), m.group(2)
                    binding = variant.stubbed.get(owner)
                    if binding is None:
                        # "Instance of 'Sub' has no 'x'" where Sub's base was emptied
                        stubbed_bases = [variant.stubbed[b] for b in class_bases.get(owner, ()) if b in variant.stubbed]
                        binding = stubbed_bases[0] if len(stubbed_bases) == 1 else None
                    if binding is not None:
                        pos = _member_position(index, d, member)
                        if pos is None:
                            report.count("usages", "member_not_located", f"{ff.file.path}:{d.line}", d.message)
                            continue
                        row, col = pos
            if binding is None:
                if unattributed is not None:
                    unattributed.append(Unattributed(ff.file.path, d.line, d.code, d.message, d.end_line))
                else:
                    report.count("usages", f"unattributed_{d.code}", f"{ff.file.path}:{d.line}", d.message)
                continue
            if row >= index.num_lines:
                continue
            line_text = index.line(row)
            if member is None and line_text[col : col + len(binding.local_name)] != binding.local_name:
                # a string annotation (`kind: "LauncherKind"`): Pylint points at the string's quote
                inside = _name_in_string(line_text, col, binding.local_name)
                if inside is None:
                    report.count("usages", "name_not_located", f"{ff.file.path}:{d.line}", d.message)
                    continue
                col = inside
            definition_file, symbol = binding.target_file, binding.target_symbol
            if member:
                target, why = self._member_definition(binding, member, resolver)
                # `pkg.sub.x` where `sub` is a submodule: the use is `x` (a module is not a use)
                while target is not None and binding.kind == "module" and target[1] is None and target[0]:
                    step = _IDENT.match(line_text, col + len(member))
                    if step is None:
                        break
                    member, col = step.group(1), step.start(1)
                    target, why = self._member_definition(
                        ImportBinding(binding.local_name, binding.imported_name, binding.module, "module",
                                      binding.statement, target[0], None), member, resolver)
                if target is None:
                    report.count("usages", why, f"{ff.file.path}:{row + 1}", d.message)
                    continue
                definition_file, symbol = target
            stmt = ff.file.text[binding.statement.start : binding.statement.end]
            out.append(usage_at(
                repo_name, ff.file.path, row, col, imported_name=binding.local_name, member=member, stubbed_import=stmt,
                tool=TOOL, code=d.code, message=d.message, definition_file=definition_file, definition_symbol=symbol,
                mode=variant.mode,
            ))
        return out

    @staticmethod
    def _member_definition(binding: ImportBinding, member: str,
                           resolver: ExportResolver) -> tuple[tuple[str | None, str | None] | None, str]:
        """``((definition_file, definition_symbol), "")`` of ``member`` reached through the
        stubbed ``binding``, or ``(None, reason)`` when it is not a member of a project
        definition (the reason is counted)."""
        dunder = member.startswith("__") and member.endswith("__")
        if binding.kind == "module":
            r = resolver.member(binding.target_file, member)
            if dunder:
                # `block.__all__`, `pkg.__version__`: a module variable the project assigns is
                # its own (marko, held-out 20); `__file__`, `__name__`... are Python's
                if r is None or r.kind in ("unknown", "external"):
                    return None, "dunder_member"
                return (r.file, r.symbol), ""
            if (r is None or r.kind == "unknown") and _has_module_getattr(resolver, binding.target_file):
                # PEP 562: a name only the module's `__getattr__` provides has no definition
                return None, "module_getattr_member"
            if r is None or r.kind == "unknown":
                return (binding.target_file, member), ""
            if r.kind == "external":  # `compat.builtins` where compat does `import builtins`
                return None, "external_via_project_module"
            return (r.file, r.symbol), ""
        if dunder:
            return None, "dunder_member"  # __doc__, __next__...: Python's, not the project's
        owner = _owner_class(resolver, binding.target_file, binding.target_symbol)
        if owner is None:
            return (binding.target_file, f"{binding.target_symbol}.{member}" if binding.target_symbol else member), ""
        kind, owner_file, owner_qual = owner
        if kind == "function":
            # the function was replaced by an empty class: "Instance of 'f'" is its return value,
            # a member of the class its return annotation names (`def parse() -> Parsed`)
            returned = _returned_class(resolver, owner_file, owner_qual)
            if returned is None:
                return None, "member_of_function_value"
            kind, owner_file, owner_qual = returned
            found = _class_member(resolver, owner_file, owner_qual, member)
            if found is None:  # not declared by the project class: its base's, or a guess
                return None, "member_of_function_value"
            return found, ""
        if kind == "value":
            return None, "member_of_non_class_value"
        found = _class_member(resolver, owner_file, owner_qual, member)
        if found is None and _inherits_outside_project(resolver, owner_file, owner_qual, member):
            # e.g. `self.assertIn` in a test whose project base class extends unittest.TestCase
            return None, "member_of_external_base"
        return (found or (owner_file, f"{owner_qual}.{member}")), ""

    # ------------------------------------------------------------------------ examples --
    def statement_end(self, facts: FileFacts, offset: int) -> int:
        index = facts.file.index
        byte = index.char_to_byte(offset)
        node = facts.tree.root_node.descendant_for_byte_range(byte, byte)
        while node is not None:
            if node.type in SIMPLE_STATEMENTS:
                return index.node_end(node)
            if node.type in HEADER_STATEMENTS:
                for child in node.children:
                    if child.type == ":" and child.start_byte >= byte:
                        return index.node_end(child)
                break
            node = node.parent
        row, _ = index.row_col(offset)
        return index.line_starts[row] + len(index.line(row))


def _count_runs(report, *outcomes: CheckOutcome) -> None:
    report.count("checker", "pylint_runs", n=sum(o.runs for o in outcomes))
    fallbacks = sum(o.resident_fallbacks for o in outcomes)
    if fallbacks:
        report.count("checker", "pylint_resident_fallbacks", n=fallbacks)


def _group(diags: Sequence[Diagnostic]) -> dict[str, list[Diagnostic]]:
    out: dict[str, list[Diagnostic]] = {}
    for d in diags:
        out.setdefault(d.file, []).append(d)
    return out


_IDENT = re.compile(r"\s*\.\s*([A-Za-z_][A-Za-z0-9_]*)")


def _module_member(line: str, col: int, binding: ImportBinding) -> tuple[str, int] | None:
    """For ``mod.x`` (or ``a.b.x`` after ``import a.b``) written at ``col``: ``(x, column of x)``."""
    path = binding.imported_name.split(".")[1:] if binding.imported_name.startswith(binding.local_name + ".") else []
    pos = col + len(binding.local_name)
    segments: list[tuple[str, int]] = []
    while len(segments) <= len(path):
        m = _IDENT.match(line, pos)
        if not m:
            return None
        segments.append((m.group(1), m.start(1)))
        pos = m.end()
    if [name for name, _ in segments[: len(path)]] != path:
        return None
    return segments[len(path)]


def _owner_class(resolver: ExportResolver, path: str | None, symbol: str | None) -> tuple[str, str, str] | None:
    """What an imported name is: ``("class", file, qual)``, ``("function", ...)``, or
    ``("value", ...)`` for a module-level value that is not an instance of a project class
    (``X = re.compile(...)``); a value built by calling a project class (``X = Config()``) or an
    alias of one (``X = Config``) is that class. None when the definition is not found."""
    ff = resolver.facts.get(path) if path else None
    if ff is None or not symbol:
        return None
    found = [d for d in ff.definitions if d.qualified_name == symbol]
    if not found:
        return None
    d = found[-1]
    if d.kind in ("class", "interface", "enum"):
        return "class", path, symbol
    if d.kind in ("function", "method"):
        return "function", path, symbol
    m = re.match(r"^[A-Za-z_]\w*\s*=\s*([A-Za-z_][\w.]*)\s*(\(|$)", d.signature)
    if m:
        target = _resolve_dotted(resolver, path, m.group(1))
        if target is not None:
            tff = resolver.facts.get(target[0])
            if tff and any(x.qualified_name == target[1] and x.kind == "class" for x in tff.definitions):
                return "class", target[0], target[1]
    return "value", path, symbol


def _return_annotation(signature: str) -> str | None:
    """What follows the first ``->`` of a signature, stripped (None when nothing does). String
    operations, not ``->\\s*(.+?)\\s*$``: a lazy group before a blank run backtracks
    quadratically, and signatures are repository text (red team 2, row 4's audit)."""
    _, arrow, rest = signature.partition("->")
    rest = rest.strip()
    return rest if arrow and rest else None


def _optional_inner(text: str) -> str | None:
    """``X`` of ``Optional[X]`` / ``typing.Optional[X]`` (stripped), else None (linear, as above)."""
    for prefix in ("Optional[", "typing.Optional["):
        if text.startswith(prefix) and text.endswith("]"):
            inner = text[len(prefix):-1].strip()
            return inner or None
    return None


def _returned_class(resolver: ExportResolver, path: str, qual: str) -> tuple[str, str, str] | None:
    """``("class", file, qual)`` of the project class a function's return annotation names
    (``-> Parsed``, ``-> "Parsed"``, ``-> Optional[Parsed]``, ``-> Parsed | None``), else None."""
    ff = resolver.facts.get(path)
    found = [d for d in (ff.definitions if ff else ()) if d.qualified_name == qual and d.kind in ("function", "method")]
    annotation = _return_annotation(found[-1].signature) if found else None
    if annotation is None:
        return None
    text = annotation.strip("'\"")
    optional = _optional_inner(text)
    if optional:
        text = optional
    parts = [p.strip().strip("'\"") for p in text.split("|")]
    parts = [p for p in parts if p != "None"]
    if len(parts) != 1 or not re.fullmatch(r"[A-Za-z_][\w.]*", parts[0]):
        return None
    target = _resolve_dotted(resolver, path, parts[0])
    if target is None:
        return None
    tff = resolver.facts.get(target[0])
    if tff is None or not any(d.qualified_name == target[1] and d.kind == "class" for d in tff.definitions):
        return None
    return "class", target[0], target[1]


def _has_module_getattr(resolver: ExportResolver, path: str | None) -> bool:
    """Whether the module ``path`` defines a module-level ``__getattr__`` (PEP 562)."""
    ff = resolver.facts.get(path) if path else None
    return ff is not None and any(d.qualified_name == "__getattr__" and d.kind == "function" for d in ff.definitions)


def _resolve_dotted(resolver: ExportResolver, path: str, dotted: str) -> tuple[str, str] | None:
    """``Name`` or ``mod.Name`` as written in ``path`` -> (file, qualified name) of a definition."""
    first, *rest = dotted.split(".")
    r = resolver.resolve(path, first)
    while r is not None and r.kind == "module" and rest:
        r = resolver.member(r.file, rest.pop(0))
    if r is None or r.kind != "definition" or rest:
        return None
    return r.file, r.symbol


def _class_member(resolver: ExportResolver, path: str, qual: str, member: str, depth: int = 0) -> tuple[str, str] | None:
    """(file, qualified name) of ``member`` in class ``qual`` of ``path`` or its nearest project
    base class that defines it."""
    ff = resolver.facts.get(path)
    if ff is None or depth > 8:
        return None
    for d in ff.definitions:
        if d.qualified_name == f"{qual}.{member}":
            return path, d.qualified_name
    for cls in (d for d in ff.definitions if d.qualified_name == qual):
        for base in cls.bases:
            target = _resolve_dotted(resolver, path, base)
            if target is not None:
                found = _class_member(resolver, target[0], target[1], member, depth + 1)
                if found:
                    return found
    return None


# outside bases that give instances no members a program would call
_MEMBERLESS_BASES = frozenset({"object", "ABC", "abc.ABC", "Generic", "typing.Generic", "Protocol", "typing.Protocol"})


def _assigned_member_regex(member: str) -> re.Pattern:
    """`self.m = ...`, `self.m: T = ...`, or a declared field `m: T` (dataclasses, pydantic
    models). The annotation holds no `:`: each try's scan then stops at the next `self.m:`, so a
    line of many of them is read once, not once per occurrence (16,000 `self.m:` on one line of a
    class body took 27 s with `[^=\\n]*`)."""
    return re.compile(r"\b(?:self|cls)\.\s*" + re.escape(member) + r"\s*(?::[^=\n:]*)?=[^=]|^[ \t]+"
                      + re.escape(member) + r"\s*:[^\n]", re.M)


def _inherits_outside_project(resolver: ExportResolver, path: str, qual: str, member: str) -> bool:
    """Whether class ``qual`` (or a project base of it) has a base outside the project and no
    class of that project chain assigns ``self.<member>``: then the member, found in no project
    class body, belongs to the outside base (a standard-library or third-party class)."""
    assigned = _assigned_member_regex(member)
    external = False
    frontier, seen = [(path, qual)], set()
    while frontier:
        file, name = frontier.pop()
        if (file, name) in seen or len(seen) > 16:
            continue
        seen.add((file, name))
        ff = resolver.facts.get(file)
        for cls in (d for d in (ff.definitions if ff else ()) if d.qualified_name == name):
            if assigned.search(ff.file.text[cls.span.start : cls.span.end]):
                return False
            for base in cls.bases:
                target = _resolve_dotted(resolver, file, base)
                if target is not None:
                    frontier.append(target)
                elif base not in _MEMBERLESS_BASES:
                    external = True
    return external


def _member_position(index, d: Diagnostic, member: str) -> tuple[int, int] | None:
    """Where ``member`` stands in ``expr.member``: Pylint's end position minus its length."""
    if d.end_line and d.end_column is not None:
        row, col = d.end_line - 1, d.end_column - len(member)
        if 0 <= row < index.num_lines and index.line(row)[col : col + len(member)] == member:
            return row, col
    row = d.line - 1
    if 0 <= row < index.num_lines:
        m = re.compile(r"\.\s*(" + re.escape(member) + r")\b").search(index.line(row), d.column)
        if m:
            return row, m.start(1)
    return None


def _rebuild_import(statement: str, keep: list[ImportBinding]) -> str | None:
    """The import statement with only the ``keep`` names (e.g. `import os, pkg.mod` -> `import os`)."""
    def clause(b: ImportBinding) -> str:
        plain = b.local_name == b.imported_name or b.imported_name.startswith(b.local_name + ".")
        return b.imported_name if plain else f"{b.imported_name} as {b.local_name}"

    head = statement.lstrip()
    if head.startswith("import "):
        return "import " + ", ".join(clause(b) for b in keep)
    if head.startswith("from "):
        return f"from {keep[0].module} import " + ", ".join(clause(b) for b in keep)
    return None


def _message_position(d: Diagnostic, m: re.Match, facts: dict[str, FileFacts], report) -> tuple[int, int] | None:
    """(0-based row, character column) of the member a plugin's message names (``at line:byte
    column``), or None (counted) when it is not there."""
    index = facts[d.file].file.index
    row, member = int(m["line"]) - 1, m["member"]
    if not 0 <= row < index.num_lines:
        report.count("usages", "position_out_of_file", f"{d.file}:{d.line}", d.message)
        return None
    line = index.line(row)
    col = len(line.encode("utf-8")[: int(m["col"])].decode("utf-8", errors="replace"))
    if line[col : col + len(member)] != member:
        report.count("usages", "member_not_located", f"{d.file}:{row + 1}", d.message)
        return None
    return row, col


# ------------------------------------------------------------------ resolved by the inference --
RESOLVED_MODE = "resolved"  # found by Pylint's inference of the unmodified copy (crossfile_resolved)
_RESOLVED = re.compile(r"resolved (?P<member>\w+) at (?P<line>\d+):(?P<col>\d+) on (?P<classes>.+?) "
                       r"declared by (?P<file>.+?)::(?P<symbol>[\w.]+)(?P<declared> \(declared type\))?$")


def resolved_usages(repo_name: str, facts: dict[str, FileFacts], usages: list[CrossFileUsage],
                    diagnostics: list[Diagnostic], failed: dict[str, str], report, root: Path) -> list[CrossFileUsage]:
    """``usages`` completed with W9902 of the original run (``crossfile_resolved``): members
    whose declaration Pylint's inference finds in another file, where no stub run reported
    them (a receiver whose type the file never names, a value of a classmethod constructor or
    of another module's function, an attribute of such a value).

    As with Java's resolution, a stub use at the same position is kept as it is, and a
    resolved-only use takes the ``imported_name``/``member``/``stubbed_import`` of a stub use of
    the same declaration in the file, so both share one first-use key; else the declaring
    class's name (``stubbed_import`` "(resolved) <file>::<Class>"). ``mode="resolved"``,
    ``round=0``, counted as ``checker/pylint_resolved_uses``. A W9902 on the receiver's declared
    class (several implementations inferred, message ending ``(declared type)``) replaces the
    stub uses of the implementations' members at its position (counted
    ``usages/implementation_of_declared_member``)."""
    prefix = os.path.join(str(root), "")
    taken = {(u.file, u.line, u.column) for u in usages}
    keys: dict[tuple, tuple[str, str | None, str]] = {}
    for u in usages:
        if u.member and u.definition_file and u.definition_symbol:
            keys.setdefault((u.file, u.definition_file, u.definition_symbol), (u.imported_name, u.member, u.stubbed_import))
    out = list(usages)
    added = 0
    for d, m in _matching(diagnostics, RESOLVED_CODE, _RESOLVED, facts, failed, report,
                          lambda m: os.path.realpath(m["file"]).startswith(prefix)):
        declared = os.path.relpath(os.path.realpath(m["file"]), str(root)).replace(os.sep, "/")
        if declared not in facts or declared == d.file:
            continue
        member = m["member"]
        position = _message_position(d, m, facts, report)
        if position is None:
            continue
        row, col = position
        symbol = m["symbol"]
        at = (d.file, row + 1, col)
        if at in taken:
            if not m["declared"]:
                continue  # a stub run found it: its record stands
            # stub runs named the implementations (one emptied at a time); the line uses the
            # member of the receiver's declared class: keep that one use
            here = [u for u in out if (u.file, u.line, u.column) == at]
            others = [u for u in here if (u.definition_file, u.definition_symbol) != (declared, symbol)]
            if others:
                dropped = {id(u) for u in others}
                out = [u for u in out if id(u) not in dropped]
                report.count("usages", "implementation_of_declared_member", f"{d.file}:{row + 1}", d.message,
                             n=len(others))
            if len(others) < len(here):
                continue  # a stub run found the declared member too: its record stands
        taken.add(at)
        owner = symbol.rsplit(".", 1)[0]
        imported, member_name, stubbed = keys.get(
            (d.file, declared, symbol), (owner.rsplit(".", 1)[-1], member, f"(resolved) {declared}::{owner}"))
        out.append(usage_at(repo_name, d.file, row, col, imported_name=imported, member=member_name,
                            stubbed_import=stubbed, tool=TOOL, code=d.code,
                            message=f"{member} on {m['classes']} is declared by {declared}::{symbol}",
                            definition_file=declared, definition_symbol=symbol, mode=RESOLVED_MODE, round_no=0))
        added += 1
    if added:
        report.count("checker", "pylint_resolved_uses", n=added)
    return out


def _declared_in(facts: dict[str, FileFacts]) -> Callable[[str], bool]:
    """Whether any file of the project declares a name as something a member error could be
    about: a class, function, method, module- or class-level variable (the files' definitions),
    or an attribute it assigns through any receiver (``self.x = ``, ``obj.x: T = ``, ``x += ``; a
    library object's attribute reads as declared: erring on the side of a loss). Parameters,
    keyword arguments and locals are not members. Cached per name."""
    defined = {d.name for ff in facts.values() for d in ff.definitions}
    texts = [ff.file.text for ff in facts.values()]
    seen: dict[str, bool] = {}

    def declared(name: str) -> bool:
        if name not in seen:
            assigned = re.compile(rf"\.{re.escape(name)}\s*(?::[^=\n]|[-+*/|&]?=(?!=))")
            seen[name] = name in defined or any(assigned.search(text) for text in texts)
        return seen[name]

    return declared


def _unattributed_name(code: str, message: str) -> str | None:
    """The name an unattributed diagnostic is about: the member of an E1101, the variable of an
    E0602."""
    m = _ANY_NO_MEMBER.match(message) if code == "E1101" else _UNDEFINED.match(message) if code == "E0602" else None
    return m.group(2 if code == "E1101" else 1) if m else None


def _matching(diagnostics: list[Diagnostic], code: str, pattern: re.Pattern, facts: dict[str, FileFacts],
              failed: dict[str, str], report, accept=lambda m: True):
    """The diagnostics of one plugin ``code`` in analysed files whose message ``pattern`` reads
    (and ``accept`` keeps), with the match; any other is counted as ``unattributed_<code>``."""
    for d in diagnostics:
        if d.code != code or d.file in failed or d.file not in facts:
            continue
        m = pattern.match(d.message)
        if m is None or not accept(m):
            report.count("usages", f"unattributed_{d.code}", f"{d.file}:{d.line}", d.message)
            continue
        yield d, m


# ----------------------------------------------------------------- observed parameter types --
OBSERVED_MODE = "observed"  # found by --observe-types (CrossFileUsage.mode), not by a stub round
_OBSERVED = re.compile(r"observed (?P<member>\w+) at (?P<line>\d+):(?P<col>\d+) on (?P<classes>.+?) "
                       r"declared by (?P<file>.+?)::(?P<symbol>[\w.]+)$")


def _observed_files(path: Path, facts: dict[str, FileFacts]) -> set[str]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return set()
    return {p["file"] for p in data.get("parameters", []) if p.get("file") in facts and not facts[p["file"]].has_syntax_error}


def observed_usages(repo_name: str, facts: dict[str, FileFacts], diagnostics: list[Diagnostic],
                    failed: dict[str, str], report) -> list[CrossFileUsage]:
    """W9901 of the original run (``crossfile_observed``) -> usages with ``mode="observed"``: a
    member used on a parameter whose classes the tests observed, declared in another file."""
    out = []
    for d, m in _matching(diagnostics, OBSERVED_CODE, _OBSERVED, facts, failed, report):
        member = m["member"]
        position = _message_position(d, m, facts, report)
        if position is None:
            continue
        row, col = position
        owner = m["symbol"].rsplit(".", 1)[0]
        out.append(usage_at(repo_name, d.file, row, col, imported_name=owner.rsplit(".", 1)[-1], member=member,
                            stubbed_import=f"(observed) {m['classes']}", tool=TOOL, code=d.code, message=d.message,
                            definition_file=m["file"], definition_symbol=m["symbol"], mode=OBSERVED_MODE, round_no=0))
    if out:
        report.count("checker", "observed_uses", n=len(out))
    return out

