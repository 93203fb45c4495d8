"""TypeScript: tree-sitter parsing, tsconfig-aware import resolution, stubbing for tsc.

Cross-file uses are found with CrossCodeEval's two modifications of every file importing
project names, each checked in memory by one long-lived TypeScript language service per
repository (``tsc_server.js``, see ``analyzers/tsc.py``) and diffed against the unmodified file:

- ``remove``: the project import statements are blanked; every use of an imported name is then
  TS2304 "Cannot find name 'X'" (TS2552 when tsc suggests a spelling, TS2503 in a type's
  namespace position);
- ``dummy_class``: each imported project name becomes ``class Name {}``; every member access on
  it (the class, its instances, classes of the file extending it) is then TS2339 "Property 'x'
  does not exist on type 'Name'" (TS2551 with a suggestion; TS2702/TS2694/TS2724/TS2305 when
  it is used as a namespace). Further bounded rounds give the dummy class the members already
  found (with their real signatures) and its real number of type parameters, which unmasks uses
  hidden behind them (``Name.create().run()``, ``x: Name<T>``); ``round`` records which.

Replacements stay on the import's own lines and an ``export {}`` keeps the file a module, so
every other line and column is unchanged. Without an explicit ``lib`` the checker runs without
the DOM library: a removed project class named ``Request``/``Event``/``Node`` would otherwise
resolve to the browser global. See ``docs/typescript.md``.
"""

from __future__ import annotations

import atexit
import os
import re
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import Sequence

import tree_sitter_typescript
from tree_sitter import Language, Node, Parser, Tree

from crossfile_datasets.core.deadline import carried
from crossfile_datasets.core.records import CrossFileUsage, Diagnostic
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.analyzers.crossfile import (
    RoundOutcome,
    StubbedVariant,
    Unattributed,
    count_unattributed,
    dedupe_usages,
    drive,
    new_diagnostics,
    stub_rounds,
    usage_at,
)
from crossfile_datasets.analyzers.run import MissingToolError
from crossfile_datasets.analyzers.tsc import (
    MISSING_EXPORT_CODES,
    MISSING_MEMBER_CODES,
    NODE_HINT,
    SIGNAL_CODES,
    TOOL,
    UNDEFINED_NAME_CODES,
    TscCheckError,
    TscServer,
    require_typescript,
)
from crossfile_datasets.core import constants as C
from crossfile_datasets.lang import Lang
from crossfile_datasets.lang.base import STATEMENT_DELIMITERS, LanguageSupport, bounded_parse, iter_leaves
from crossfile_datasets.core.records import FileFacts, ImportBinding, SourceFile
from crossfile_datasets.core.repofiles import walk
from crossfile_datasets.core.text import classify_file, decode_source, utf16_col_to_char_col
from crossfile_datasets.lang.typescript.resolve import ModuleResolver, relative_specifier
from crossfile_datasets.lang.typescript.syntax import RESERVED_WORDS, ModuleSyntax, newer_syntax_blanked, read_module
from crossfile_datasets.lang.typescript.standins import stand_ins
from crossfile_datasets.lang.typescript.tsconfig import TsConfig, checker_options, find_configs, load_config

_TYPESCRIPT = Language(tree_sitter_typescript.language_typescript())
_TSX = Language(tree_sitter_typescript.language_tsx())
DECLARATION_SUFFIXES = (".d.ts", ".d.mts", ".d.cts")
# Nodes whose leaves are not code tokens for the statement-end rule.
NON_CODE_ANCESTORS = frozenset({"string", "template_string", "comment", "regex", "jsx_text"})
# Containers whose children are statements (the statement of an entity = its child of one).
STATEMENT_CONTAINERS = frozenset({"program", "statement_block", "class_body", "switch_body", "switch_case",
                                  "switch_default", "interface_body", "object_type", "enum_body"})

_CANNOT_FIND = re.compile(r"^Cannot find (?:name|namespace) '([^']+)'|^No value exists in scope for the shorthand property '([^']+)'")


def split_resuggested(original: list[Diagnostic], fresh: list[Diagnostic],
                      stubbed: set[str]) -> tuple[list[Diagnostic], list[Diagnostic]]:
    """``fresh`` split into (kept, resuggested): resuggested are the names undefined in the
    original file too, at the same place, that no stubbing removed, whose message only changed
    with the stubbing. Jest's ``expect`` without Jest's types: TS2304 in the original, TS2552
    ("Did you mean 'expected'?") once an import is gone (jeffijoe/awilix, held-out 17; tsc
    stops suggesting names after a number of suggestions per file). No project name is behind
    them: a note, not the loss ``unattributed_TS2552``."""
    before = {(d.line, d.column, _undefined_name(d)) for d in original if d.code in UNDEFINED_NAME_CODES}
    kept: list[Diagnostic] = []
    resuggested: list[Diagnostic] = []
    for d in fresh:
        name = _undefined_name(d) if d.code in UNDEFINED_NAME_CODES else None
        if name is None or name in stubbed or (d.line, d.column, name) not in before:
            kept.append(d)
        else:
            resuggested.append(d)
    return kept, resuggested


def _undefined_name(d: Diagnostic) -> str | None:
    """The name of an undefined-name diagnostic (``Cannot find name 'x'...``), else None."""
    m = _CANNOT_FIND.match(d.message)
    return (m.group(1) or m.group(2)) if m else None
def diagnostic_name(code: str, message: str) -> str | None:
    """The name a signal diagnostic is about (the member of a missing property or export, the
    undefined name), for telling one whose use another round found (``count_unattributed``)."""
    del code  # the message says it
    m = _NO_PROPERTY.match(message)
    if m:
        return m.group(1) or m.group(3)
    m = _NO_EXPORTED.match(message)
    if m:
        return m.group(2) or m.group(4)
    m = _CANNOT_FIND.match(message)
    return (m.group(1) or m.group(2)) if m else None


_NO_PROPERTY = re.compile(r"^Property '([^']+)' does not exist on type '(.+?)'\.(?: Did you mean|$)"
                          r"|^Object literal may only specify known properties, (?:but|and) '([^']+)' does not exist in type '(.+?)'\.(?: Did you mean|$)", re.S)
_ONLY_TYPE = re.compile(r"^'([^']+)' only refers to a type, but is being used as a namespace here")
_NO_EXPORTED = re.compile(r"^(?:Namespace|Module) '([^']+)' has no exported member '([^']+)'|^'([^']+)' has no exported member named '([^']+)'")
_NOT_GENERIC = re.compile(r"^Type '([^']+)' is not generic")
_IDENT = r"[A-Za-z_$][\w$]*"
_IDENT_RE = re.compile(_IDENT)


# ------------------------------------------------------------------------------ facts --
@dataclass
class TypeScriptProject:
    """What a repository's files share: configurations, declaration files, the resolver."""

    root: Path
    configs: dict[str, TsConfig]
    problems: list[tuple[str, str, str]]  # (reason, path, detail), counted by find_usages
    declarations: dict[str, "TypeScriptFileFacts"] = field(default_factory=dict)  # .d.ts files
    config_of: dict[str, str] = field(default_factory=dict)  # file -> config id
    # Root files of the checked programs: what each tsconfig includes, plus sources it does not
    # include (they must be checkable); other declaration files only enter through imports.
    roots: set[str] = field(default_factory=set)
    resolver: ModuleResolver | None = None

    def facts_of(self, path: str, sources: dict[str, FileFacts]) -> "TypeScriptFileFacts | None":
        found = sources.get(path) or self.declarations.get(path)
        return found if isinstance(found, TypeScriptFileFacts) else None


@dataclass
class TypeScriptFileFacts(FileFacts):
    syntax: ModuleSyntax | None = None
    project: TypeScriptProject | None = None

    @cached_property
    def import_rows(self) -> frozenset[int]:
        """Rows of imports and of ``export ... from`` statements (both are import-like lines)."""
        rows = set(super().import_rows)
        if self.syntax is not None:
            rows.update(self.syntax.export_rows)
        return frozenset(rows)


def _is_declaration(path: str) -> bool:
    return path.endswith(DECLARATION_SUFFIXES)


def _read_declarations(root: Path, problems: list) -> list[SourceFile]:
    """The repository's .d.ts files (not sources, but they declare what sources import), by the
    walk every reader uses; one it refuses or cannot use is counted as a problem."""
    out = []
    for found in walk(root, _is_declaration, lambda r: None if r.folder else problems.append(
            ("unreadable_declaration_file", r.rel, r.reason + (f": {r.detail}" if r.detail else "")))):
        data = found.read(C.MAX_FILE_BYTES + 1)
        why = classify_file(found.rel, data)
        try:
            if why in ("oversize", "binary"):
                raise ValueError(why)
            text, bom, crlf = decode_source(data)
        except (ValueError, UnicodeDecodeError) as exc:
            problems.append(("unreadable_declaration_file", found.rel, str(exc)))
            continue
        out.append(SourceFile(found.rel, text, bom, crlf))
    return out


def _stubbed_receiver(line: str, col: int, member: str, stubbed) -> str | None:
    """``Name`` when ``line`` has ``Name.member`` with ``member`` at ``col`` and ``Name`` a bare
    identifier (not itself a member: ``a.Name.member``) among the stubbed names."""
    if line[col : col + len(member)] != member:
        return None
    m = re.search(r"(?<![\w$.])(" + _IDENT + r")\s*\??\.\s*$", line[:col])
    return m.group(1) if m is not None and m.group(1) in stubbed else None


def _type_name(type_text: str) -> str:
    """'typeof Foo' / 'Foo<string>' / 'Foo' -> 'Foo' (the named type a member was looked up on)."""
    text = type_text.strip()
    if text.startswith("typeof "):
        text = text[len("typeof "):]
    lt = text.find("<")
    return text[:lt] if lt > 0 else text


# -------------------------------------------------------------------------- the support --
class TypeScriptSupport(LanguageSupport):
    lang = Lang.TYPESCRIPT
    display_name = "TypeScript"
    extensions = (".ts", ".tsx")
    test_file_globs = ("*.test.ts", "*.spec.ts", "*.test.tsx", "*.spec.tsx")
    comment_prefix = "//"
    reserved_words = RESERVED_WORDS
    cursor_stop_tokens = STATEMENT_DELIMITERS  # the reference ends at the first of these
    min_prompt_lines = 30
    checker_name = TOOL
    required_binaries = {"node": NODE_HINT}
    modes = ("remove", "dummy_class")

    def __init__(self, parallelism: int | None = None) -> None:
        # Node processes checking one repository's files side by side; the pipeline gives each
        # worker process its share of the cores (set_checker_parallelism)
        self.parallelism = parallelism or max(1, os.cpu_count() or 1)
        self._servers: list[TscServer] = []  # warm Node processes, reused across repositories

    def set_checker_parallelism(self, processes: int) -> None:
        self.parallelism = max(1, processes)

    def _shared_servers(self, count: int) -> list[TscServer]:
        while len(self._servers) < count:
            server = TscServer(request_timeout=C.TSC_REQUEST_TIMEOUT, startup_timeout=C.TSC_STARTUP_TIMEOUT)
            atexit.register(server.close)
            self._servers.append(server)
        for server in self._servers:
            # limits are read per repository, so a changed setting applies to the warm processes too
            server.request_timeout, server.startup_timeout = C.TSC_REQUEST_TIMEOUT, C.TSC_STARTUP_TIMEOUT
        return self._servers[:count]

    def _shared_server(self) -> TscServer:
        return self._shared_servers(1)[0]

    def ts_language(self, path: str = "") -> Language:
        return _TSX if path.endswith(".tsx") else _TYPESCRIPT

    def parse(self, text: str, path: str = "") -> Tree:
        tree = super().parse(text, path)
        if tree.root_node.has_error:
            blanked = newer_syntax_blanked(text.encode("utf-8"), tree.root_node)
            if blanked is not None:
                return bounded_parse(Parser(self.ts_language(path)), blanked)
        return tree

    def import_statement(self, *, name: str, qualified_name: str, kind: str, path: str, package: str,
                         namespace: str = "", from_file: str | None = None) -> str | None:
        # a module's top-level export, by a path relative to the importing file
        if "." in qualified_name:
            return None
        return f'import {{ {name} }} from "{relative_specifier(path, from_file)}";'

    def is_source_path(self, path: str) -> bool:
        return path.endswith(self.extensions) and not _is_declaration(path)

    def check_tools(self) -> None:
        super().check_tools()
        require_typescript()

    # ------------------------------------------------------------------------- parsing --
    def analyze_files(self, repo_root: str, files: Sequence[SourceFile]) -> dict[str, FileFacts]:
        root = Path(repo_root)
        problems: list[tuple[str, str, str]] = []
        configs = {"<default>": TsConfig(path="", directory="")}
        for rel in find_configs(root):
            cfg = load_config(root, rel, problems)
            configs[cfg.id] = cfg
        project = TypeScriptProject(root, configs, problems)
        sources = [f for f in files if not _is_declaration(f.path)]
        known = {f.path for f in sources}
        declarations = [d for d in _read_declarations(root, problems) if d.path not in known]
        resolver = ModuleResolver([*known, *(d.path for d in declarations)])
        project.resolver = resolver
        facts: dict[str, FileFacts] = {}
        for f in [*sources, *declarations]:
            tree, timed_out = self.parse_source(f.text, f.path)
            syntax = read_module(tree.root_node, f.path, f.index)
            ff = TypeScriptFileFacts(f, tree, definitions=syntax.definitions,
                                     has_syntax_error=tree.root_node.has_error or timed_out, parse_timeout=timed_out,
                                     syntax=syntax, project=project)
            cfg = self._config_for(f.path, configs)
            project.config_of[f.path] = cfg.id
            if not _is_declaration(f.path) or cfg.includes(f.path):
                project.roots.add(f.path)
            ff.imports = [ImportBinding(raw.local_name, raw.imported_name, raw.specifier, raw.kind, raw.statement,
                                        resolver.resolve(f.path, raw.specifier, cfg),
                                        raw.imported_name if raw.kind == "symbol" else None)
                          for raw in syntax.imports]
            if _is_declaration(f.path):
                project.declarations[f.path] = ff
            else:
                facts[f.path] = ff
        for ff in [*facts.values(), *project.declarations.values()]:
            ff.imports = [self._chase_binding(b, project, facts) for b in ff.imports]
        return facts

    @staticmethod
    def _config_for(path: str, configs: dict[str, TsConfig]) -> TsConfig:
        """The nearest tsconfig.json above ``path`` that includes it (else the nearest one)."""
        ancestors = [c for c in configs.values() if c.path and (not c.directory or path.startswith(c.directory + "/"))]
        ancestors.sort(key=lambda c: len(c.directory), reverse=True)
        for cfg in ancestors:
            if not cfg.broken and cfg.includes(path):
                return cfg
        return ancestors[0] if ancestors else configs["<default>"]

    def _chase_binding(self, b: ImportBinding, project: TypeScriptProject, facts: dict[str, FileFacts]) -> ImportBinding:
        if b.kind != "symbol" or b.target_file is None:
            return b
        found = self.chase(project, facts, b.target_file, b.imported_name)
        if found is None:
            return b
        target_file, symbol = found
        kind = "symbol" if symbol is not None else "namespace"
        return ImportBinding(b.local_name, b.imported_name, b.module, kind, b.statement, target_file, symbol)

    def chase(self, project: TypeScriptProject, facts: dict[str, FileFacts], file: str, name: str,
              depth: int = 0, seen: frozenset = frozenset()) -> tuple[str, str | None] | None:
        """Where ``name`` exported by ``file`` is defined: (file, symbol) or (file, None) for a
        module re-exported as a namespace; follows barrels (``export * from``), renames and
        imports re-exported by name. None when it cannot be found (e.g. a re-export of a package)."""
        ff = project.facts_of(file, facts)
        if ff is None or ff.syntax is None or depth > 10 or (file, name) in seen:
            return None
        seen = seen | {(file, name)}
        syntax = ff.syntax
        top = {d.qualified_name for d in ff.definitions if "." not in d.qualified_name}
        local = syntax.local_exports.get(name, name if name != "default" else None)
        if local is not None:
            if local in top:
                return file, local
            for imp in ff.imports:
                if imp.local_name == local and imp.target_file is not None:
                    if imp.kind in ("namespace", "module") or imp.imported_name == "*":
                        return imp.target_file, None
                    target = project.facts_of(imp.target_file, facts)
                    if imp.target_symbol and target and any(d.qualified_name == imp.target_symbol for d in target.definitions):
                        return imp.target_file, imp.target_symbol  # an import already chased
                    return self.chase(project, facts, imp.target_file, imp.imported_name, depth + 1, seen)
        for rx in syntax.reexports:
            if rx.exported_name == name:
                target = self._resolve_spec(project, facts, file, rx.specifier)
                if target is None:
                    return None
                if rx.imported_name == "*":
                    return target, None
                return self.chase(project, facts, target, rx.imported_name, depth + 1, seen)
        for rx in syntax.reexports:
            if rx.exported_name == "*" and name != "default":
                target = self._resolve_spec(project, facts, file, rx.specifier)
                if target is not None:
                    found = self.chase(project, facts, target, name, depth + 1, seen)
                    if found is not None:
                        return found
        return None

    @staticmethod
    def _resolve_spec(project: TypeScriptProject, facts: dict[str, FileFacts], importer: str, specifier: str) -> str | None:
        resolver = project.resolver or ModuleResolver([*facts, *project.declarations])
        cfg = project.configs.get(project.config_of.get(importer, "<default>"))
        return resolver.resolve(importer, specifier, cfg)

    # ------------------------------------------------------------------------ stubbing --
    @staticmethod
    def stubbable(ff: FileFacts) -> list[ImportBinding]:
        """Project imports that bind a name (side-effect imports and packages are left alone)."""
        return [b for b in ff.imports if b.is_project and b.local_name]

    def stub_variant(self, ff: FileFacts, mode: str, declarations: dict[str, str] | None = None) -> StubbedVariant | None:
        """``mode`` = "remove" | "dummy_class"; ``declarations`` overrides the dummy class of a
        name (later rounds). Replacements stay on the import's rows; None when nothing to stub."""
        by_statement: dict[tuple[int, int], list[ImportBinding]] = {}
        for b in self.stubbable(ff):
            by_statement.setdefault((b.statement.start, b.statement.end), []).append(b)
        if not by_statement:
            return None
        src = ff.file.text
        pieces: list[str] = []
        last = 0
        stubbed: dict[str, ImportBinding] = {}
        for n, ((start, end), bindings) in enumerate(sorted(by_statement.items())):
            # every binding of one statement comes from the same module: all project or none
            if mode == "remove":
                replacement = ""
            else:
                replacement = " ".join((declarations or {}).get(b.local_name) or f"class {b.local_name} {{}}" for b in bindings)
            if n == 0:
                # a file whose only imports were removed would become a global script
                replacement = ("export {}; " + replacement).rstrip()
            pieces.append(src[last:start])
            pieces.append(_fit(replacement, src[start:end]))
            last = end
            for b in bindings:
                stubbed[b.local_name] = b
        pieces.append(src[last:])
        return StubbedVariant(ff.file.path, mode, "".join(pieces), stubbed)

    # -------------------------------------------------------------------------- usages --
    def find_usages(self, repo, facts: dict[str, FileFacts], report) -> list[CrossFileUsage]:
        checkable: dict[str, TypeScriptFileFacts] = {}
        project: TypeScriptProject | None = None
        for path, ff in sorted(facts.items()):
            if not isinstance(ff, TypeScriptFileFacts):
                continue
            project = project or ff.project
            if not self.stubbable(ff):
                continue
            if ff.has_syntax_error:
                if not ff.parse_timeout:  # counted once, as files/parse_timeout
                    report.count("files", "syntax_error", path)
                continue
            if "\\" in path:  # TypeScript takes it for a folder separator: the file cannot be named to it
                report.count("files", "name_unsupported_by_checker", path, "a backslash in the path")
                continue
            checkable[path] = ff
        if project is not None:
            for reason, where, detail in project.problems:
                report.count("tsconfig", reason, where, detail)
        if not checkable or project is None:
            return []
        self.check_tools()
        started = time.monotonic()
        # Each file is checked against the unchanged others, so files are independent: a large
        # repository's files are cut into contiguous groups, one per Node process of this worker
        # (each process loads the program once, so a group is worth it from TSC_MIN_GROUP files).
        paths = list(checkable)
        groups = max(1, min(self.parallelism, len(paths) // C.TSC_MIN_GROUP))
        size = -(-len(paths) // groups)
        chunks = [{p: checkable[p] for p in paths[i : i + size]} for i in range(0, len(paths), size)]
        servers = self._shared_servers(len(chunks))

        def check_group(index: int) -> tuple[list[CrossFileUsage], BuildReport, list[Unattributed]]:
            own = BuildReport()
            # every process holds the whole program: a file it leaves out is counted once
            session = _CheckSession(self, repo.name, project, facts, own, servers[index], count_left_out=index == 0)
            try:
                return session.run(chunks[index]), own, session.unattributed
            finally:
                session.close()

        usages: list[CrossFileUsage] = []
        unattributed: list[Unattributed] = []
        try:
            with ThreadPoolExecutor(max_workers=len(chunks)) as pool:
                for found, own, left in pool.map(carried(check_group), range(len(chunks))):  # in file order
                    usages.extend(found)
                    unattributed.extend(left)
                    report.merge(own)
        finally:
            report.add_time("checker_seconds", time.monotonic() - started)
        # `restOptions.concurrency` on the `{}` rest of an emptied options type names no stubbed
        # import, while the member's use is found by another round (tinybench, held-out 20: 34
        # such losses overstated)
        count_unattributed(unattributed, usages, report, diagnostic_name)
        return dedupe_usages(usages)

    # ------------------------------------------------------------------------ examples --
    def statement_end(self, facts: FileFacts, offset: int) -> int:
        """Just after the first ``;``/``{``/``}`` code token at or after the entity (CrossCodeEval),
        but never past the end of the entity's statement: without semicolons (ASI style) the
        next such token can be lines further down. End of line when neither exists."""
        index = facts.file.index
        root = facts.tree.root_node
        byte = index.char_to_byte(offset)
        entity = root.descendant_for_byte_range(byte, byte)
        entity_end = entity.end_byte if entity is not None and entity.start_byte <= byte else byte
        statement_end = None
        node = entity
        while node is not None and node.parent is not None:
            if node.parent.type in STATEMENT_CONTAINERS:
                statement_end = node.end_byte
                break
            node = node.parent
        row, _ = index.row_col(offset)
        line_end = index.line_starts[row] + len(index.line(row))
        for leaf in iter_leaves(root):
            if leaf.end_byte <= entity_end or leaf.start_byte < entity_end:
                continue
            if statement_end is not None and leaf.start_byte >= statement_end:
                # a class field's `;` is the class body's child, right after the field
                if leaf.type == ";" and leaf.start_byte == statement_end and leaf.end_byte > leaf.start_byte:
                    return index.node_end(leaf)
                return index.byte_to_char(statement_end)
            if leaf.type in STATEMENT_DELIMITERS and not leaf.is_missing and leaf.end_byte > leaf.start_byte \
                    and not _inside(leaf, NON_CODE_ANCESTORS):
                return index.node_end(leaf)
        if statement_end is not None:
            return index.byte_to_char(statement_end)
        return line_end


def _inside(node: Node, types: frozenset[str]) -> bool:
    parent = node.parent
    while parent is not None:
        if parent.type in types:
            return True
        parent = parent.parent
    return False


def _fit(replacement: str, statement: str) -> str:
    """``replacement`` laid over ``statement`` without moving any other row or column: it goes
    on the statement's first row, the statement's other rows become blank (same length)."""
    rows = statement.split("\n")
    if len(rows) == 1:
        return replacement.ljust(len(statement))
    return replacement + "\n" * (len(rows) - 1) + " " * len(rows[-1])


class _ModeRounds:
    """The stub rounds of one file in one stubbing mode (:func:`analyzers.crossfile.stub_rounds`
    hooks): later rounds declare dummy classes holding the members already found, so errors
    hidden behind them (``Name.create().run()``) surface."""

    def __init__(self, session: "_CheckSession", ff: TypeScriptFileFacts, mode: str, original: list[Diagnostic]) -> None:
        self.session, self.ff, self.mode, self.original = session, ff, mode, original
        self.declarations: dict[str, str] = {}
        self.found: list[CrossFileUsage] = []
        self.seen: set[tuple] = set()
        self.last: tuple[StubbedVariant, list[Diagnostic]] | None = None
        self.resuggested: set[tuple] = set()  # positions counted undefined_before_stubbing

    def variant(self, round_no: int) -> StubbedVariant | None:
        return self.session.support.stub_variant(self.ff, self.mode, self.declarations)

    def check(self, variant: StubbedVariant) -> list[Diagnostic]:
        return self.session.check(self.ff.file.path, variant.text)

    def observe(self, round_no: int, variant: StubbedVariant, stubbed: list[Diagnostic]) -> RoundOutcome[CrossFileUsage]:
        stub_rows = {r for b in variant.stubbed.values() for r in range(b.statement.start_row + 1, b.statement.end_row + 2)}
        fresh = [d for d in new_diagnostics(self.original, stubbed) if d.line not in stub_rows]
        fresh = self._without_resuggested(variant, fresh)
        new = [u for u in self.session._attribute(self.ff, variant, fresh, round_no) if _position(u) not in self.seen]
        self.session.report.count("usages_by_round", f"{self.mode}_round_{round_no}", n=len(new))
        self.found.extend(new)
        self.seen.update(_position(u) for u in new)
        self.last = (variant, fresh)
        return RoundOutcome(new)

    def _without_resuggested(self, variant: StubbedVariant, fresh: list[Diagnostic]) -> list[Diagnostic]:
        kept, resuggested = split_resuggested(self.original, fresh, set(variant.stubbed))
        for d in resuggested:
            if (d.line, d.column, d.code) not in self.resuggested:
                self.resuggested.add((d.line, d.column, d.code))
                self.session.report.count("usages", "undefined_before_stubbing", f"{self.ff.file.path}:{d.line}", d.message)
        return kept

    def restore(self, found: list[CrossFileUsage]) -> bool:
        if not found:
            return False
        variant, fresh = self.last
        following = self.session._restored_declarations(self.ff, variant, self.found, fresh)
        if following == self.declarations:
            return False
        self.declarations = following
        return True


# ----------------------------------------------------------------------------- checking --
class _CheckSession:
    """One repository's checks on one :class:`TscServer` (one Node process)."""

    def __init__(self, support: TypeScriptSupport, repo_name: str, project: TypeScriptProject,
                 facts: dict[str, FileFacts], report, server: TscServer, count_left_out: bool = True) -> None:
        self.support = support
        self.count_left_out = count_left_out
        self.repo_name = repo_name
        self.project = project
        self.facts = facts
        self.report = report
        self.server = server
        # project ids are namespaced by repository: the server outlives this session
        self.prefix = f"{project.root}#"
        self.restarts_before = server.restarts
        self.starts_before = server.process.starts
        self.registered: set[str] = set()
        self.checks = 0
        # per checked file and mode: class name -> namespace import declaring it in the current
        # round's stub, and use position -> that class for the members found on its instances
        self.namespace_classes: dict[str, str] = {}
        self.vias: dict[tuple, str] = {}
        self.left_out: set[str] = set()  # files the checker could not parse (already counted)
        self.unattributed: list[Unattributed] = []  # named once every check has spoken
        # the checker sees the files the walker accepted, as texts, and nothing else of the
        # repository (a FIFO or a link to /dev/zero it refused is never opened by module
        # resolution); the .d.ts files are among them
        root = str(project.root)
        texts = {os.path.join(root, p): ff.file.text for p, ff in [*facts.items(), *project.declarations.items()]}
        # absent packages imported for their types: stand-ins, so `any` does not absorb the
        # project types that intersect theirs (lang/typescript/standins.py)
        syntaxes = [(p, ff, getattr(ff, "syntax", None)) for p, ff in [*facts.items(), *project.declarations.items()]]
        added = stand_ins(((p, raw, b.is_project) for p, ff, syntax in syntaxes if syntax is not None
                           for raw, b in zip(syntax.imports, ff.imports)),
                          (r.specifier for _, _, syntax in syntaxes if syntax is not None for r in syntax.reexports))
        for rel, text in added.items():
            texts.setdefault(os.path.join(root, rel), text)
        if added:
            report.count("checker", "tsc_package_stand_ins", n=len(added))
        server.seal(root, texts)

    def close(self) -> None:
        try:
            self.server.forget(self.prefix, str(self.project.root))
        except TscCheckError:
            self.server.close()  # a fresh process next time rather than a polluted one
        self.report.count("checker", "tsc_checks", n=self.checks)
        self.report.count("checker", "tsc_node_starts", n=self.server.process.starts - self.starts_before)
        if self.server.restarts > self.restarts_before:
            self.report.count("checker", "tsc_server_restarts", n=self.server.restarts - self.restarts_before)

    def _project_id(self, path: str) -> str:
        cfg_id = self.project.config_of.get(path, "<default>")
        if cfg_id not in self.registered:
            cfg = self.project.configs[cfg_id]
            root = self.project.root
            files = sorted(os.path.join(root, p) for p, c in self.project.config_of.items()
                           if c == cfg_id and p in self.project.roots)
            errors = self.server.add_project(self.prefix + cfg_id, str(root / cfg.directory) if cfg.directory else str(root),
                                             files, checker_options(cfg, root), base=str(root))
            for err in errors:
                self.report.count("tsconfig", "compiler_option_error", cfg.path or "<default>", err)
            self.registered.add(cfg_id)
        return self.prefix + cfg_id

    def check(self, path: str, text: str) -> list[Diagnostic]:
        self.checks += 1
        try:
            return self.server.check(self._project_id(path), path, without_suppressions(text))
        finally:
            root = str(self.project.root).rstrip(os.sep) + os.sep
            for excluded in self.server.excluded:
                self.left_out.add(excluded[len(root):] if excluded.startswith(root) else excluded)
                if self.count_left_out:
                    self.report.count("files", "crashes_checker", excluded[len(root):] if excluded.startswith(root) else excluded,
                                      "parsing it overflows the compiler's stack: left out of the checked program")
            self.server.excluded.clear()
            self._count_refused()

    def _count_refused(self) -> None:
        """Files outside the repository the compiler asked for (``paths``, ``typeRoots``, module
        resolution climbing out of it) were refused; each process holds the whole program, so
        the first one counts them."""
        for outside in self.server.refused:
            if self.count_left_out:
                self.report.count("files", "checker_read_outside_repo", outside,
                                  "the checker asked for a file outside the repository: refused")
        self.server.refused.clear()

    def run(self, checkable: dict[str, TypeScriptFileFacts]) -> list[CrossFileUsage]:
        originals: dict[str, list[Diagnostic]] = {}
        # All unmodified files first: they share one program, so the checker is reused.
        for path, ff in checkable.items():
            try:
                originals[path] = self.check(path, ff.file.text)
            except TscCheckError as exc:
                if path not in self.left_out:  # counted once, as crashes_checker
                    self.report.count("files", exc.reason, path, exc.detail)
        found: dict[str, list[CrossFileUsage]] = {}
        for path, original in originals.items():
            try:
                found[path] = [u for mode in self.support.modes for u in self._mode(checkable[path], mode, original)]
            except TscCheckError as exc:
                self.report.count("files", exc.reason, path, exc.detail)
        # Questions about the unmodified files last: they share one program again.
        usages: list[CrossFileUsage] = []
        for path, uses in found.items():
            try:
                usages.extend(self._refine(checkable[path], uses))
            except TscCheckError as exc:
                self.report.count("files", f"refinement_{exc.reason}", path, exc.detail)
                usages.extend(uses)
        return usages

    def _mode(self, ff: TypeScriptFileFacts, mode: str, original: list[Diagnostic]) -> list[CrossFileUsage]:
        self.namespace_classes, self.vias = {}, {}
        rounds = _ModeRounds(self, ff, mode, original)
        max_rounds = C.TSC_MAX_ROUNDS if mode == "dummy_class" else 1
        return drive(stub_rounds(rounds, max_rounds), rounds.check)

    # ----------------------------------------------------------------------- refinement --
    def _refine(self, ff: TypeScriptFileFacts, found: list[CrossFileUsage]) -> list[CrossFileUsage]:
        """Two questions to the language service on the unmodified file.

        - Where each member use is really declared: ``Container.get`` with ``export const
          Container = ContainerRegistry.defaultContainer`` is declared by ``ContainerInstance``,
          not by the alias's file the import chase ends at.
        - The uses of an imported name that removing its import did not reveal, typically a
          project class named like a global of the library (``Set``, ``Symbol``, ``Record``...)
          that then silently resolves to the global. The service's references to the import
          are its uses (``mode="remove"``, ``code="references"``); counted under
          ``usages/found_by_references``.
        """
        if not found and not self.support.stubbable(ff):
            return found
        index = ff.file.index
        keys, literal_keys, shorthand = _member_keys(ff)
        queries: list[tuple[str, int, int]] = []
        # one question per member and current answer (every use of `Shop.open` is declared at
        # the same place): thousands of uses in a large test file stay one request's worth
        members = list({(u.imported_name, u.member, u.definition_file, u.definition_symbol): u
                        for u in sorted(found, key=lambda u: (u.line, u.column)) if u.member}.values())
        for u in members:
            queries.append(("definition", u.line, _utf16(index.line(u.line - 1), u.column)))
        # a name removing the import revealed: tsc said it is undefined; members missing on it
        # (`Option.Some` on DOM's `Option`) say the name silently became a global: not revealed
        revealed = {u.imported_name for u in found if u.mode == "remove" and u.code not in MISSING_MEMBER_CODES}
        silent = []
        for b in self.support.stubbable(ff):
            if b.local_name in revealed or b.local_name in {s.local_name for s in silent}:
                continue
            word = re.compile(r"(?<![\w$.])" + re.escape(b.local_name) + r"(?![\w$])")
            if not any(word.search(index.line(r)) for r in range(index.num_lines) if r not in ff.import_rows):
                continue
            at = _binding_position(ff.file.text, b)
            if at is not None:
                silent.append(b)
                row, col = index.row_col(at)
                queries.append(("references", row + 1, _utf16(index.line(row), col)))
        known = {(u.line, u.column) for u in found}
        keys = [k for k in keys if k not in known][:MAX_DEFINITION_QUERIES]
        first_key = len(queries)
        for line, col in keys:
            queries.append(("definition", line, _utf16(index.line(line - 1), col)))
        if not queries:
            return found
        answers = self.server.locate(self._project_id(ff.file.path), ff.file.path, queries)
        self._count_refused()
        found = found + self._declared_members(ff, keys, answers[first_key:], str(self.project.root), literal_keys,
                                               shorthand)
        answers = answers[:first_key]
        root = str(self.project.root).rstrip(os.sep) + os.sep
        declared: dict[tuple, tuple[str, str, int | None]] = {}
        external: set[tuple] = set()
        undeclared: set[tuple] = set()
        for u, answer in zip(members, answers):
            key = (u.imported_name, u.member, u.definition_file, u.definition_symbol)
            # a shorthand key `{ key }` is declared by the local `key` first (this file): the
            # property it fills comes after it
            own = ff.file.path if (u.line, u.column) in shorthand else None
            place = next((a for a in answer if self._project_file(a, root) not in (None, own)), None)
            if place is None:
                if answer:  # declared by the library only (`store.size` on a class extending Map)
                    external.add(key)
                elif not self._declares(u.definition_file, u.definition_symbol):
                    undeclared.add(key)
                continue
            rel = self._project_file(place, root)
            line = int(place.get("line", 0) or 0) or None
            declared[key] = (rel, self._symbol_at(rel, place, u.member), line)
        refined = []
        for u in found:
            key = (u.imported_name, u.member, u.definition_file, u.definition_symbol)
            if u.member and key in external:
                self.report.count("usages", "member_of_external_base", f"{ff.file.path}:{u.line}",
                                  f"{u.member}: declared by the library, inherited by {u.imported_name}")
                continue
            if u.member and key in undeclared:
                # nothing declares it: not the service, not the definition the import leads to
                # (`signal.aborted` on a const typed by a library type the project's `lib` lacks:
                # the original's receiver is an error type, the dummy class makes it an error)
                self.report.count("usages", "member_without_declaration", f"{ff.file.path}:{u.line}",
                                  f"{u.member} on {u.imported_name}")
                continue
            better = declared.get(key) if u.member else None
            if better is not None and better[0] == u.definition_file:  # the chase found it: its line
                u = replace(u, definition_line=better[2])
            elif better is not None:
                u = replace(u, definition_file=better[0], definition_symbol=better[1], definition_line=better[2])
            refined.append(u)
        for b, answer in zip(silent, answers[len(members):]):
            for ref in answer:
                row = int(ref.get("line", 0)) - 1
                if not (0 <= row < index.num_lines) or row in ff.import_rows:
                    continue
                col = utf16_col_to_char_col(index.line(row), int(ref.get("column", 0)))
                if index.line(row)[col:col + len(b.local_name)] != b.local_name:
                    continue
                definition_file, symbol = self._definition(b, None)
                self.report.count("usages", "found_by_references", f"{ff.file.path}:{row + 1}", b.local_name)
                refined.append(usage_at(
                    self.repo_name, ff.file.path, row, col, imported_name=b.local_name, member=None,
                    stubbed_import=ff.file.text[b.statement.start:b.statement.end], tool=TOOL, code="references",
                    message=f"Reference to the imported '{b.local_name}' (removing the import did not make "
                            f"it an error: e.g. a global of the library has the same name)",
                    definition_file=definition_file, definition_symbol=symbol, mode="remove"))
        return refined

    def _symbol_at(self, rel: str, place: dict, member: str) -> str:
        """The qualified name of the declaration a language-service answer points at: the
        innermost definition of ``rel`` named like it whose span holds the answer's line (the
        service names the container by its export, ``default`` for ``export default class``)."""
        name = str(place.get("name") or member)
        row = int(place.get("line", 0) or 0) - 1
        target = self.project.facts_of(rel, self.facts)
        holding = [d for d in (target.definitions if target else ()) if d.name == name
                   and d.span.start_row <= row <= d.span.end_row]
        if holding:
            return min(holding, key=lambda d: d.span.end - d.span.start).qualified_name
        container = str(place.get("container") or "")
        return f"{container}.{name}" if container else name

    def _declares(self, path: str | None, symbol: str | None) -> bool:
        """Whether the project file ``path`` has a definition named ``symbol`` (``Shop.open``)."""
        target = self.project.facts_of(path, self.facts) if path and symbol else None
        return target is not None and any(d.qualified_name == symbol for d in target.definitions)

    def _project_file(self, place: dict, root: str) -> str | None:
        """The repository path of a language-service answer's file when it is a project file."""
        where = str(place.get("file", ""))
        if not where.startswith(root):
            return None
        rel = where[len(root):]
        return rel if self.project.facts_of(rel, self.facts) is not None else None

    def _declared_members(self, ff: TypeScriptFileFacts, keys: list[tuple[int, int]], answers: list[list[dict]],
                          root_of: str, literal_keys: set[tuple[int, int]] = frozenset(),
                          shorthand: set[tuple[int, int]] = frozenset()) -> list[CrossFileUsage]:
        """Members and object-literal keys the stubbed checks cannot see, proven by where the
        language service says they are declared: ``options.hooks`` on a value whose type comes
        from a member's return type, ``{init: ...}`` typed as ``Required<Hooks>``,
        ``lazy(mapper).validate`` where ``lazy`` returns a ``Lazy``, ``result.error`` on a union
        narrowed to ``Failure``. One counts when it is declared inside a definition of another
        project file: under the import of this file that brings that definition (the imported
        name, or an export of an imported namespace) when there is one, else under the
        declaring type's own name (a class, interface, enum, type or namespace the file never
        names: ``stubbed_import`` ``(definition) <file>::<Type>``; an object-literal key too, as
        ``new RetryPolicy({ backoff: ..., maxAttempts: 3 })`` where the constructor's parameter is
        an interface of that file the caller never imports); ``mode="definition"``, counted under
        ``usages/found_by_definition``."""
        root = root_of.rstrip(os.sep) + os.sep
        index = ff.file.index
        owners: dict[tuple[str, str], ImportBinding] = {}
        for b in self.support.stubbable(ff):
            if b.kind == "namespace":
                continue
            target = self._definition(b, None)
            if target[0] and target[1]:
                owners.setdefault((target[0], target[1]), b)
        namespaces = [b for b in self.support.stubbable(ff) if b.kind == "namespace"]
        dynamic: set[str] | None = None
        out = []
        for (line, col), answer in zip(keys, answers):
            # a shorthand key `{ key }` is declared twice: by the local `key` (its value, in this
            # file), then by the property of the object type it is given to
            place = next((a for a in answer if str(a.get("file", "")).startswith(root)
                          and ((line, col) not in shorthand or str(a.get("file", ""))[len(root):] != ff.file.path)), None)
            if place is None:
                continue
            rel = str(place["file"])[len(root):]
            target = self.project.facts_of(rel, self.facts)
            if target is None or rel == ff.file.path:
                continue
            row = int(place.get("line", 0)) - 1
            enclosing = [d for d in target.definitions if "." not in d.qualified_name and d.span.start_row <= row <= d.span.end_row]
            if not enclosing:
                continue
            symbol = enclosing[0].qualified_name
            member = index.line(line - 1)[col:].split("(")[0]
            member = re.match(_IDENT, member).group(0) if re.match(_IDENT, member) else None
            if member is None:
                continue
            if row == enclosing[0].span.start_row and member == symbol:
                # a module-level definition itself, reached through the chain of a namespace
                # import (`collections.arrays.frequency`, `export var arrays = _arrays` in a barrel)
                root_name = _chain_root(index.line(line - 1), col)
                binding = next((ns for ns in namespaces if ns.local_name == root_name), None)
                # or a module the file loads with `import("./prompt")`: `.then((m) => m.prompt())`
                if binding is None and dynamic is None:
                    dynamic = self._dynamic_import_targets(ff)
                if (binding is None and rel not in dynamic) or (line, col) in literal_keys:
                    continue
                qualified = symbol
            else:
                binding = owners.get((rel, symbol))
                if binding is None:
                    binding = next((ns for ns in namespaces if self.support.chase(
                        self.project, self.facts, ns.target_file or "", symbol) == (rel, symbol)), None)
                if binding is None and enclosing[0].kind not in _TYPE_KINDS:
                    continue  # a member of a type the file never names: of a class, interface, enum, type
                name = str(place.get("name") or member)
                qualified = self._symbol_at(rel, place, member)
                qualified = qualified if qualified.startswith(symbol + ".") else f"{symbol}.{name}"
            self.report.count("usages", "found_by_definition", f"{ff.file.path}:{line}", qualified)
            imported, stubbed = ((binding.local_name, ff.file.text[binding.statement.start:binding.statement.end])
                                 if binding is not None else (symbol, f"(definition) {rel}::{symbol}"))
            out.append(usage_at(
                self.repo_name, ff.file.path, line - 1, col, imported_name=imported, member=member,
                stubbed_import=stubbed, tool=TOOL, code="definition", message=f"'{member}' is declared by {symbol} in {rel}",
                definition_file=rel, definition_symbol=qualified, mode="definition",
                definition_line=int(place.get("line", 0) or 0) or None))
        return out

    def _dynamic_import_targets(self, ff: TypeScriptFileFacts) -> set[str]:
        """The project files the file loads with ``import("<specifier>")`` (a literal specifier)."""
        out = set()
        for m in _DYNAMIC_IMPORT.finditer(ff.file.text):
            target = self.support._resolve_spec(self.project, self.facts, ff.file.path, m.group(2))
            if target is not None:
                out.add(target)
        return out

    # ---------------------------------------------------------------------- attribution --
    def _attribute(self, ff: TypeScriptFileFacts, variant: StubbedVariant, diags: list[Diagnostic],
                   round_no: int) -> list[CrossFileUsage]:
        out = []
        index = ff.file.index
        for d in diags:
            if d.code not in SIGNAL_CODES:
                if round_no == 1:  # later rounds repeat them
                    self.report.count("diagnostics", f"not_a_signal_{d.code}", f"{ff.file.path}:{d.line}", d.message)
                continue
            located = self._locate(ff, variant, d)
            if located is None:
                continue
            binding, member, row, col, via = located
            if not (0 <= row < index.num_lines):
                continue
            if row in ff.import_rows:  # `export { Name }`: a re-export, not a use to complete
                self.report.count("usages", "on_import_row", f"{ff.file.path}:{d.line}", d.message)
                continue
            definition_file, symbol = self._definition(binding, member, via)
            out.append(usage_at(
                self.repo_name, ff.file.path, row, col, imported_name=binding.local_name, member=member,
                stubbed_import=ff.file.text[binding.statement.start:binding.statement.end], tool=TOOL,
                code=d.code, message=d.message, definition_file=definition_file, definition_symbol=symbol,
                mode=variant.mode, round_no=round_no,
            ))
            if via is not None:
                self.vias[_position(out[-1])] = via
        return out

    def _locate(self, ff: TypeScriptFileFacts, variant: StubbedVariant, d: Diagnostic):
        """(binding, member, row, col) of a signal diagnostic, or None (counted) when it is not
        about a stubbed name or its text is not where tsc says."""
        index = ff.file.index
        row, col = d.line - 1, d.column
        where = f"{ff.file.path}:{d.line}"
        name, member, via = None, None, None
        if d.code in UNDEFINED_NAME_CODES:
            name = _undefined_name(d)
            ns = variant.stubbed.get(name) if name else None
            if ns is not None and ns.kind == "namespace" and row < index.num_lines:
                # `ns.member` through a namespace import: the use is the member (the module
                # itself is no definition to complete)
                after = re.compile(re.escape(name) + r"\s*\.\s*(" + _IDENT + ")").match(index.line(row), col)
                if after is not None:
                    member, col = after.group(1), after.start(1)
        elif d.code in MISSING_MEMBER_CODES:
            m = _NO_PROPERTY.match(d.message)
            if m:
                member, type_text = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
                type_name = _type_name(type_text)
                name = self._owner(ff, variant, type_name)
                if name is None and type_name not in self.namespace_classes:
                    # `Partial<Mutable<KyInstance>>`, `Required<Hooks>`: a wrapper of a stubbed
                    # name; the innermost stubbed one declares the member
                    for inner in reversed(re.findall(_IDENT, type_text)):
                        name = self._owner(ff, variant, inner)
                        if name is not None:
                            break
                if name is None:
                    # an instance of a class of a namespace import (`new ns.Bag().add()`): the
                    # later rounds declare `namespace ns { class Bag {} }`
                    name = self.namespace_classes.get(type_name)
                    via = type_name if name is not None else None
                if name is None and row < index.num_lines:
                    # `Option.Some(...)` with the import removed: the name now means a global of
                    # the lib (DOM's `Option`, the HTMLOptionElement constructor, swan-io/boxed),
                    # and tsc names that global's type; the receiver written right before the
                    # member is the stubbed name itself
                    name = _stubbed_receiver(index.line(row), col, member, variant.stubbed)
        elif d.code in MISSING_EXPORT_CODES:
            m = _ONLY_TYPE.match(d.message)
            if m:
                name = m.group(1)
                after = re.compile(re.escape(name) + r"\s*\.\s*(" + _IDENT + ")").match(index.line(row), col) if row < index.num_lines else None
                if after is not None:
                    member, col = after.group(1), after.start(1)
            else:
                m = _NO_EXPORTED.match(d.message)
                if m:
                    name, member = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
                    name = name.split(".")[0]
        binding = variant.stubbed.get(name) if name else None
        if binding is None:
            self.unattributed.append(Unattributed(ff.file.path, d.line, d.code, d.message))
            return None
        expected = member or binding.local_name
        if not (0 <= row < index.num_lines):
            return None
        line = index.line(row)
        if line[col:col + len(expected)] != expected:
            m = re.compile(r"(?<![\w$])" + re.escape(expected) + r"(?![\w$])").search(line, col)
            if m is None:
                self.report.count("usages", "name_not_located", where, d.message)
                return None
            col = m.start()
        return binding, member, row, col, via

    def _owner(self, ff: TypeScriptFileFacts, variant: StubbedVariant, type_name: str) -> str | None:
        """The stubbed name a missing member belongs to: the type itself, or the stubbed base of a
        class/interface of this file ("Property 'x' does not exist on type 'Sub'"), or the type a
        local alias stands for (``type BoardStore = Store<S, A>``)."""
        if type_name in variant.stubbed:
            return type_name
        bases = {d.name: d.bases for d in ff.definitions if d.kind in ("class", "interface") and "." not in d.qualified_name}
        for alias, target in (ff.syntax.aliases.items() if ff.syntax is not None else ()):
            bases.setdefault(alias, (target,))
        todo, visited = [type_name], set()
        while todo:
            current = todo.pop()
            if current in visited:
                continue
            visited.add(current)
            for base in bases.get(current, ()):
                head = base.split(".")[0].split("<")[0]
                if head in variant.stubbed:
                    return head
                todo.append(head)
        return None

    def _definition(self, binding: ImportBinding, member: str | None, via: str | None = None) -> tuple[str | None, str | None]:
        if binding.target_file is None:
            return None, None
        if via is not None:  # a member of class `via` exported by the namespace's module
            owner = self.support.chase(self.project, self.facts, binding.target_file, via)
            if owner is not None:
                return owner[0], f"{owner[1] or via}.{member}"
        if binding.target_symbol is None:  # a namespace import: the member is a module export
            if member is None:
                return binding.target_file, None
            found = self.support.chase(self.project, self.facts, binding.target_file, member)
            return found if found is not None else (binding.target_file, member)
        return binding.target_file, f"{binding.target_symbol}.{member}" if member else binding.target_symbol

    # --------------------------------------------------------------------------- rounds --
    def _restored_declarations(self, ff: TypeScriptFileFacts, variant: StubbedVariant, found: list[CrossFileUsage],
                               fresh: list[Diagnostic]) -> dict[str, str]:
        """Dummy classes for the next round: each stubbed class gets back the members already
        found (their real signatures when known, else ``any``) and its type parameters."""
        members: dict[str, dict[str, bool]] = {}
        class_members: dict[tuple[str, str], dict[str, bool]] = {}  # (namespace, class) -> members
        for u in found:
            if u.member:
                static = "typeof " in u.message or u.code in MISSING_EXPORT_CODES
                via = self.vias.get(_position(u))
                table = class_members.setdefault((u.imported_name, via), {}) if via else members.setdefault(u.imported_name, {})
                table[u.member] = table.get(u.member, False) or static
        not_generic = {m.group(1) for d in fresh if d.code == "TS2315" for m in [_NOT_GENERIC.match(d.message)] if m}
        out: dict[str, str] = {}
        for name, binding in variant.stubbed.items():
            if binding.kind == "namespace":
                if name in members:
                    out[name] = self._namespace_declaration(binding, members[name], class_members)
                continue
            arity = self._arity(binding)
            if name in not_generic and arity == 0:
                arity = 4  # a use with type arguments whose definition we could not read
            if name not in members and arity == 0:
                continue
            params = "<" + ", ".join(f"T{i} = any" for i in range(arity)) + ">" if arity else ""
            body = " ".join(self._member_declaration(binding, m, static) for m, static in sorted(members.get(name, {}).items()))
            out[name] = f"declare class {name}{params} {{ {body} }}"
        return out

    def _namespace_declaration(self, binding: ImportBinding, members: dict[str, bool],
                               class_members: dict[tuple[str, str], dict[str, bool]]) -> str:
        """``import * as ns`` in later rounds: an ambient namespace whose exports found so far are
        classes (with their type parameters and the members found on their instances) or
        ``any`` values, so ``const b = new ns.Bag(); b.add(x)`` reports ``add`` on ``Bag``."""
        parts = []
        for member in sorted(members):
            chased = self.support.chase(self.project, self.facts, binding.target_file or "", member)
            target = self.project.facts_of(chased[0], self.facts) if chased else None
            symbol = chased[1] if chased else None
            kinds = {d.kind for d in (target.definitions if target else []) if d.qualified_name == symbol}
            if symbol and kinds & {"class", "interface"} and _IDENT_RE.fullmatch(member):
                arity = target.syntax.type_params.get(symbol, 0) if target.syntax is not None else 0
                params = "<" + ", ".join(f"T{i} = any" for i in range(arity)) + ">" if arity else ""
                shape = ImportBinding(member, symbol, "", "symbol", binding.statement, chased[0], symbol)
                body = " ".join(self._member_declaration(shape, m, static)
                                for m, static in sorted(class_members.get((binding.local_name, member), {}).items()))
                parts.append(f"export class {member}{params} {{ {body} }}")
                self.namespace_classes[member] = binding.local_name
            elif _IDENT_RE.fullmatch(member):
                parts.append(f"export const {member}: any;")
        return f"declare namespace {binding.local_name} {{ {' '.join(parts)} }}"

    def _arity(self, binding: ImportBinding) -> int:
        target = self.project.facts_of(binding.target_file or "", self.facts)
        if target is None or target.syntax is None or binding.target_symbol is None:
            return 0
        return target.syntax.type_params.get(binding.target_symbol, 0)

    def _member_declaration(self, binding: ImportBinding, member: str, static: bool) -> str:
        prefix = "static " if static else ""
        fallback = f"{prefix}{member}: any;"
        if binding.target_symbol is None or binding.target_file is None:
            return fallback
        target = self.project.facts_of(binding.target_file, self.facts)
        qualified = f"{binding.target_symbol}.{member}"
        defs = [d for d in (target.definitions if target else []) if d.qualified_name == qualified and d.kind in ("method", "field")]
        if not defs:
            return fallback
        signature = re.sub(r"^(?:(?:public|private|protected|readonly|abstract|override|declare|async|static)\s+)*", "",
                           defs[0].signature)
        if not signature or signature.startswith(("constructor", "[")):
            return fallback
        return f"{prefix}{signature};"


_DYNAMIC_IMPORT = re.compile(r"\bimport\(\s*([\"'`])([^\"'`\n]{1,500})\1\s*\)")
_KEY_PARENTS = {"member_expression": "property", "pair": "key", "pair_pattern": "key"}
# definitions whose members a value can have without the file naming them (not functions or consts)
_TYPE_KINDS = frozenset({"class", "interface", "enum", "type_alias", "namespace"})
# Member names asked about per file (a 5000-line test file has ~4000; ~3 ms each): past it, the rest is
# left to the stubbed checks.
MAX_DEFINITION_QUERIES = 1000


def _is_literal_method(leaf) -> bool:
    """The name of a method written in an object literal (``{ log(obj) {...} }``): a key like
    ``log: (obj) => ...``, filling the property of the literal's contextual type."""
    parent = leaf.parent
    return (parent.type == "method_definition" and parent.child_by_field_name("name") == leaf
            and parent.parent is not None and parent.parent.type == "object")


def _member_keys(ff: TypeScriptFileFacts) -> tuple[list[tuple[int, int]], set[tuple[int, int]], set[tuple[int, int]]]:
    """(1-based line, column) of every member name (``a.b``), object-literal key (``{b: 1}``,
    also a shorthand ``{b}`` and a method ``{b() {}}``) and destructured property (``const {b} = a``, ``const {b: c} = a``)
    of the file outside import rows, in source order; the set of the object-literal keys; and the
    set of the shorthand keys among them (the service answers for those with the local value's
    declaration first, then the property's)."""
    out = []
    literal_keys = set()
    shorthand = set()
    index = ff.file.index
    for leaf in iter_leaves(ff.tree.root_node):
        if leaf.parent is None:
            continue
        if leaf.type == "shorthand_property_identifier_pattern":
            if leaf.parent.type != "object_pattern":
                continue
        elif leaf.type == "shorthand_property_identifier":
            if leaf.parent.type != "object":
                continue
            row, col = index.row_col(index.node_start(leaf))
            if row not in ff.import_rows:
                out.append((row + 1, col))
                literal_keys.add((row + 1, col))
                shorthand.add((row + 1, col))
            continue
        elif leaf.type != "property_identifier":
            continue
        elif not _is_literal_method(leaf):
            field_name = _KEY_PARENTS.get(leaf.parent.type)
            if field_name is None or leaf.parent.child_by_field_name(field_name) != leaf:
                continue
        row, col = index.row_col(index.node_start(leaf))
        if row not in ff.import_rows:
            out.append((row + 1, col))
            if leaf.parent.type in ("pair", "method_definition"):  # a literal's method: only through _is_literal_method
                literal_keys.add((row + 1, col))
    return out, literal_keys, shorthand


_SUPPRESSION = re.compile(r"(?<=//)(\s*)@ts-(?:expect-error|ignore)\b|(?<=/\*)(\s*)@ts-(?:expect-error|ignore)\b")


def without_suppressions(text: str) -> str:
    """``text`` with its ``// @ts-expect-error`` and ``// @ts-ignore`` directives blanked (same
    length, nothing moves), in the unmodified check and every stubbed one alike: a directive
    silences every error of the next line, so a removed import's use there was never reported
    (``// @ts-expect-error`` above ``lazy(() => undefined).validateSync()``). The errors the
    directive was written for are in the unmodified check too, and the diff drops them."""
    return _SUPPRESSION.sub(lambda m: " " * len(m.group(0)), text) if "@ts-" in text else text


def _word_char(c: str) -> bool:
    return c.isalnum() or c in "_$"  # the regex class [\w$]


def _chain_root(line: str, col: int) -> str | None:
    """The first name of the member chain ending just before ``col`` (``a`` of ``a.b.c``): what
    ``([A-Za-z_$][\\w$]*)(?:\\s*\\.\\s*[A-Za-z_$][\\w$]*)*\\s*\\.\\s*$`` finds in
    ``line[:col]``, scanned backwards in linear time (that search restarted inside every long
    word of a line, quadratic on repository text: red team 2, row 4's audit)."""
    text, i, root = line[:col], col, None

    def skip_blanks(i: int) -> int:
        while i > 0 and text[i - 1].isspace():
            i -= 1
        return i

    while True:
        i = skip_blanks(i)
        if i == 0 or text[i - 1] != ".":
            return root
        end = i = skip_blanks(i - 1)
        while i > 0 and _word_char(text[i - 1]):
            i -= 1
        start = next((k for k in range(i, end) if text[k].isascii() and (text[k].isalpha() or text[k] in "_$")), None)
        if start is None:
            return root
        root = text[start:end]
        if start != i:  # a word starting with a digit: the chain cannot go further left
            return root


def _utf16(line: str, col: int) -> int:
    """A character column -> TypeScript's UTF-16 column."""
    return col if line.isascii() else len(line[:col].encode("utf-16-le")) // 2


def _binding_position(text: str, binding: ImportBinding) -> int | None:
    """Offset of the local name an import statement binds (outside its module specifier)."""
    statement = text[binding.statement.start:binding.statement.end]
    last = None
    for m in re.finditer(r"(?<![\w$])" + re.escape(binding.local_name) + r"(?![\w$])", statement):
        if statement.count('"', 0, m.start()) % 2 == 0 and statement.count("'", 0, m.start()) % 2 == 0:
            last = m.start()
    return binding.statement.start + last if last is not None else None


def _position(u: CrossFileUsage) -> tuple:
    return (u.line, u.column, u.imported_name, u.member)


__all__ = ["TypeScriptFileFacts", "TypeScriptProject", "TypeScriptSupport", "MissingToolError"]
