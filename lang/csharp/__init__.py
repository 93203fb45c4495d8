"""C#: tree-sitter parsing, namespace/using resolution, mono ``mcs`` cross-file uses.

Parsing and the model of a file (namespaces, usings, types, members, syntax level) live in
``lang.csharp.syntax``; which files compile together in ``lang.csharp.projects``; the checker
procedure (empty a file's types, compile, diff, attribute, rounds) in ``lang.csharp.usages``.
``docs/csharp.md`` describes the procedure and its measured cost.

Imports: a C# ``using`` names a namespace, not a file. A ``using`` of a namespace declared in the
project yields one :class:`ImportBinding` per project type of that namespace (kind
``"namespace"``, ``target_file`` = the file declaring the type); an alias (``using M = A.B;``)
and a ``using static A.B.C;`` yield one binding (kinds ``"alias"`` / ``"static"``), resolved
when they name a project type; every other ``using`` is one external binding.
"""

from __future__ import annotations

import re

from pathlib import Path
from typing import Sequence

from tree_sitter import Language, Node

from crossfile_datasets.core.records import CrossFileUsage
from crossfile_datasets.analyzers.graph import CLASS_KINDS
from crossfile_datasets.analyzers.mcs import INSTALL_HINT, TOOL
from crossfile_datasets.lang import Lang
from crossfile_datasets.lang.base import STATEMENT_DELIMITERS, LanguageSupport, end_after_first_delimiter
from crossfile_datasets.core.records import Definition, FileFacts, ImportBinding, SourceFile
from crossfile_datasets.lang.csharp.projects import file_defines
from crossfile_datasets.lang.csharp.syntax import (
    LANGUAGE,
    NAMESPACE_NODES,
    RESERVED_WORDS,
    FileModel,
    absolute_using_targets,
    active_code,
    build_model,
)



class CSharpSupport(LanguageSupport):
    lang = Lang.CSHARP
    display_name = "C#"
    extensions = (".cs",)
    test_file_globs = ("*Test.cs", "*Tests.cs", "*Fixture.cs")
    comment_prefix = "//"
    # `static` needs no group of its own (`using static X;` is a word run like any name).
    import_line = re.compile(r"^\s*using\s+[\w.=][\w.=\s]*;\s*$")
    package_line = re.compile(r"^\s*namespace\s+[\w.]+\s*;\s*$")  # a file-scoped namespace
    reserved_words = RESERVED_WORDS
    cursor_stop_tokens = STATEMENT_DELIMITERS  # the reference ends at the first of these
    min_prompt_lines = 5
    checker_name = TOOL
    required_binaries = {"mcs": INSTALL_HINT}

    def __init__(self, *, optimized: bool = True, workers: int | None = None, max_rounds: int | None = None,
                 resident: bool = True) -> None:
        from crossfile_datasets.core import constants as C

        self.optimized = optimized
        self.resident = resident
        self.workers = workers if workers is not None else C.MCS_WORKERS
        self.max_rounds = max_rounds if max_rounds is not None else C.MCS_MAX_ROUNDS

    def set_checker_parallelism(self, processes: int) -> None:
        self.workers = max(1, processes)

    def ts_language(self, path: str = "") -> Language:
        return LANGUAGE

    def class_task_shortfall(self, measures, thresholds):
        # RepoClassBench, C#: a share of the class file's lines covered, external references
        if measures.file_coverage + 1e-9 < thresholds.csharp_min_file_coverage or \
                measures.external_references < thresholds.csharp_min_external:
            return "below_csharp_file_coverage", f"{measures.file_coverage:.2f} of the file's lines covered"
        return None

    def throwing_stub(self, info):
        from crossfile_datasets.lang.csharp.wrong_classes import throwing_stub

        return throwing_stub(info)

    def method_mutants(self, info, methods, *, limit: int, seed: int = 0, checks: bool = False):
        from crossfile_datasets.lang.csharp.wrong_classes import method_mutants

        return method_mutants(info, list(methods), limit=limit, seed=seed)

    def import_statement(self, *, name: str, qualified_name: str, kind: str, path: str, package: str,
                         namespace: str = "", from_file: str | None = None) -> str | None:
        # `using` names a namespace and brings its types; functions and members have none
        namespace = namespace or package
        return f"using {namespace};" if kind in CLASS_KINDS and namespace else None

    # ------------------------------------------------------------------------- parsing --
    def analyze_files(self, repo_root: str, files: Sequence[SourceFile]) -> dict[str, FileFacts]:
        facts: dict[str, FileFacts] = {}
        models: dict[str, FileModel] = {}
        defines = file_defines(Path(repo_root), [f.path for f in files])
        for f in files:
            # the tree of the code mcs compiles (inactive #if branches blanked with the symbols of
            # the file's own project, offsets unchanged)
            tree, timed_out = self.parse_source(active_code(f.text, defines[f.path]), f.path)
            ff = FileFacts(f, tree, has_syntax_error=tree.root_node.has_error or timed_out, parse_timeout=timed_out)
            models[f.path] = build_model(f.path, tree, f.index)
            facts[f.path] = ff
        absolute_using_targets(models.values())
        # project namespaces -> their top-level types (first declaring file for partial types)
        namespace_types: dict[str, dict[str, tuple[str, str]]] = {}
        type_files: dict[str, tuple[str, str]] = {}
        for path in sorted(models):
            for t in models[path].types:
                namespace_types.setdefault(t.namespace, {}).setdefault(t.name, (path, t.qualified_name))
            for t in models[path].all_types():
                type_files.setdefault(t.full_name, (path, t.qualified_name))
        for path, ff in facts.items():
            model = models[path]
            ff.package = next((t.namespace for t in model.types), model.namespaces[-1] if model.namespaces else "")
            ff.imports = self._imports(model, namespace_types, type_files)
            ff.definitions = self._definitions(model)
        return facts

    @staticmethod
    def _imports(model: FileModel, namespace_types, type_files) -> list[ImportBinding]:
        out: list[ImportBinding] = []
        for u in model.usings:
            span = u.span
            if u.kind == "namespace":
                members = namespace_types.get(u.target)
                if members:
                    for name, (path, qual) in sorted(members.items()):
                        out.append(ImportBinding(name, f"{u.target}.{name}", u.target, "namespace", span, path, qual))
                else:
                    out.append(ImportBinding(u.target, u.target, u.target, "namespace", span, None, None))
                continue
            target = type_files.get(u.target.split("<")[0])
            local = u.alias if u.kind == "alias" and u.alias else u.target.split(".")[-1]
            module = u.target.rsplit(".", 1)[0] if "." in u.target else u.target
            out.append(ImportBinding(local, u.target, module, u.kind, span,
                                     target[0] if target else None, target[1] if target else None))
        return out

    @staticmethod
    def _definitions(model: FileModel) -> list[Definition]:
        out: list[Definition] = []
        for t in model.all_types():
            out.append(Definition(t.name, t.qualified_name, t.kind, model.path, t.span, t.signature, t.bases, t.namespace))
            for m in t.members:
                for name in m.names:
                    if name in ("this", "operator"):
                        continue
                    out.append(Definition(name, f"{t.qualified_name}.{name}", m.kind, model.path, m.span, m.signature,
                                          (), t.namespace))
        return out

    # -------------------------------------------------------------------------- usages --
    def find_usages(self, repo, facts: dict[str, FileFacts], report) -> list[CrossFileUsage]:
        from crossfile_datasets.lang.csharp.usages import CSharpChecker

        checker = CSharpChecker(optimized=self.optimized, workers=self.workers, max_rounds=self.max_rounds,
                                resident=self.resident)
        return checker.find_usages(repo, facts, report)

    # ------------------------------------------------------------------------ examples --
    def statement_end(self, facts: FileFacts, offset: int) -> int:
        """Just after the first `;`, `{` or `}` token at or after the end of the entity."""
        return end_after_first_delimiter(facts, offset)

    def prompt_code_lines(self, facts: FileFacts, prompt: str) -> int:
        """Non-empty prompt lines that are neither `using` directives nor namespace headers."""
        skip = set(facts.import_rows) | namespace_header_rows(facts.tree.root_node)
        return sum(1 for row, line in enumerate(prompt.split("\n")) if line.strip() and row not in skip)


def namespace_header_rows(root: Node) -> set[int]:
    rows: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        for child in node.named_children:
            if child.type in NAMESPACE_NODES:
                name = child.child_by_field_name("name")
                end_row = name.end_point[0] if name is not None else child.start_point[0]
                rows.update(range(child.start_point[0], end_row + 1))
                body = child.child_by_field_name("body")
                stack.append(body if body is not None else child)
            elif child.type.startswith("preproc_if") or child.type in ("preproc_else", "preproc_elif"):
                stack.append(child)
    return rows
