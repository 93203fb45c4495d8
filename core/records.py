"""The records every layer passes around: source files and their facts, checker diagnostics,
cross-file usages, repositories.

They live in the bottom layer so that languages, checkers, the sandbox, the splits and the
evaluation share one definition without importing each other.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields
from functools import cached_property
from pathlib import Path

from tree_sitter import Node, Tree

from crossfile_datasets.core.text import TextIndex


@dataclass(frozen=True)
class Diagnostic:
    """One checker message, positions in the checked text: 1-based line, 0-based char column."""

    file: str
    line: int
    column: int
    code: str
    message: str
    end_line: int | None = None
    end_column: int | None = None
    severity: str = "error"
    symbol: str = ""  # tool-specific symbol ("no-member", javac's "symbol:" line...)
    location: str = ""  # javac's "location:" line, when present

    def key(self) -> tuple:
        """Identity used to diff two runs (rows already mapped to the original file)."""
        return (self.file, self.line, self.column, self.code, self.message)


@dataclass(frozen=True)
class CrossFileUsage:
    """A use of a project name defined in another file, proven by a checker diagnostic.

    ``line``/``column`` locate the cross-file entity in the original file: the member name
    when ``member`` is set, else the imported name itself (1-based line, 0-based column).
    """

    repository: str
    file: str
    line: int
    column: int
    imported_name: str
    member: str | None
    stubbed_import: str
    tool: str
    code: str
    message: str
    definition_file: str | None = None
    definition_symbol: str | None = None  # qualified name inside definition_file, when known
    end_line: int | None = None
    end_column: int | None = None
    mode: str = ""  # which stubbing produced it ("remove", "empty_class", ...)
    round: int = 1  # checker round that revealed it (rounds > 1 uncover masked errors)
    # 1-based line of the declaration in definition_file when the checker named it (javac's
    # resolution, the TypeScript language service): tells overloads of one name apart
    definition_line: int | None = None

    def to_json(self) -> dict:
        # every field is a str, int or None: a flat copy is what asdict's recursive deep copy
        # gives, at a tenth of the cost (38,834 usages of one large repository: seconds)
        return {name: getattr(self, name) for name in _USAGE_FIELDS}

    @property
    def first_use_key(self) -> tuple:
        """What one entity of one file is: the name as written and the file defining it (two
        nested ``Builder`` classes of two files used as ``Builder`` are two entities)."""
        return (self.file, self.imported_name, self.member, self.definition_file)


_USAGE_FIELDS = tuple(f.name for f in fields(CrossFileUsage))

@dataclass(frozen=True)
class SourceFile:
    """One source file of a repository, decoded and normalized (see module docstring)."""

    path: str  # relative to the repository root, '/' separators
    text: str
    had_bom: bool = False
    had_crlf: bool = False
    raw_sha256: str = ""  # hash of the file's bytes as stored (for deduplication lists)

    @cached_property
    def index(self) -> TextIndex:
        return TextIndex(self.text)


@dataclass(frozen=True)
class Span:
    """A half-open character range with its 0-based rows and columns."""

    start: int
    end: int
    start_row: int
    start_col: int
    end_row: int
    end_col: int

    @classmethod
    def of_node(cls, node: Node, index: TextIndex) -> "Span":
        start, end = index.node_start(node), index.node_end(node)
        (sr, sc), (er, ec) = index.row_col(start), index.row_col(end)
        return cls(start, end, sr, sc, er, ec)

    def to_dict(self) -> dict:
        """Exported form: 1-based lines, 0-based columns."""
        return {
            "start_line": self.start_row + 1,
            "start_column": self.start_col,
            "end_line": self.end_row + 1,
            "end_column": self.end_col,
        }


@dataclass(frozen=True)
class ImportBinding:
    """One name an import statement brings into a file's scope."""

    local_name: str  # the name bound in the file ("Z" for `from m import Y as Z`, "a" for `import a.b`)
    imported_name: str  # the name as imported ("Y", "a.b", "pkg.Cls")
    module: str  # the module / package / namespace as written ("..pkg.mod", "java.util")
    kind: str  # "symbol" | "module" | "wildcard" | "namespace"
    statement: Span  # the whole import statement
    target_file: str | None = None  # the project file it resolves to; None = external
    target_symbol: str | None = None  # the symbol inside target_file (None for a module)

    @property
    def is_project(self) -> bool:
        return self.target_file is not None


@dataclass(frozen=True)
class Definition:
    """A top-level or nested definition (class, function, method, field, constant...)."""

    name: str
    qualified_name: str  # "Outer.Inner.method" (within its file)
    kind: str  # class | interface | enum | struct | record | function | method | field | constant | variable
    path: str
    span: Span
    signature: str = ""
    bases: tuple[str, ...] = ()  # names of base classes as written
    namespace: str = ""  # package / namespace / module dotted name


@dataclass
class FileFacts:
    """What one language learns from parsing one file."""

    file: SourceFile
    tree: Tree
    imports: list[ImportBinding] = field(default_factory=list)
    definitions: list[Definition] = field(default_factory=list)
    package: str = ""  # module dotted name / Java package / C# namespace
    has_syntax_error: bool = False
    # the parse went past its budget (lang.base.bounded_parse): the tree is an empty file's and
    # has_syntax_error is set, so nothing is taken from it; counted as files/parse_timeout
    parse_timeout: bool = False

    @cached_property
    def import_rows(self) -> frozenset[int]:
        rows: set[int] = set()
        for imp in self.imports:
            rows.update(range(imp.statement.start_row, imp.statement.end_row + 1))
        return frozenset(rows)


@dataclass(frozen=True)
class Token:
    """A tree-sitter leaf token in char offsets."""

    start: int
    end: int
    type: str


# scheme://[user[:pass]@]host/<path> or scp-like user@host:<path>; file:// is a machine path.
# Matched on the URL without its trailing slashes: a lazy path followed by `/*$` tried every split
# of a slash run before a `?` failed the match (quadratic: a handed-over checkout's remote of
# 12,000 slashes took seconds, 1 MB hours); with the slashes gone each position costs O(1).
_HOSTED_URL = re.compile(r"(?:(?!file:)[a-z][a-z0-9+.-]*://(?:[^@/]*@)?[^/]+/|[^@/\s]+@[^:/\s]+:)(?P<path>[^?#]+?)(?:\.git)?\Z", re.I)


def hosted_path(url: str) -> str:
    """``https://host/Owner/Name.git`` -> ``owner/name``; '' for anything that is not a hosted URL."""
    m = _HOSTED_URL.match(url.strip().rstrip("/"))
    return m.group("path").strip("/").lower() if m else ""


@dataclass(frozen=True)
class Repository:
    name: str  # unique id within a build, used in task ids and shard names
    root: Path
    url: str
    commit: str
    license: str
    is_git: bool = False
    snapshot_sha256: str = ""  # filled by list_sources (hash over the files read)
    # --observe-types (Python): a JSON file of the parameter classes the repository's tests passed
    # (sandbox/type_observation.py), read by the Pylint plugin crossfile_observed; "" = none
    observed_types: str = ""

    @property
    def canonical_id(self) -> str:
        """What identifies the repository whatever way it was given: ``owner/name`` of a hosted
        URL (a clone URL or a local clone's remote), else the content hash. Cursor seeds use it,
        so the same repository given as a folder or as a URL gives the same examples."""
        return hosted_path(self.url) or f"sha256:{self.snapshot_sha256}"
