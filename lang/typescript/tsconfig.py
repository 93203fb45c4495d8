"""Reading a repository's ``tsconfig.json`` files the way TypeScript does, but tolerantly.

Import resolution (``baseUrl``, ``paths``, ``rootDirs``) and the options the checker runs with
both come from the repository's tsconfig files. Real tsconfig files are JSON *with comments and
trailing commas* (TypeScript's own reader accepts both), often ``extends`` another file, and
are sometimes simply broken. A broken or unreadable file is recorded as a problem (the caller
counts it in the build report) and that directory falls back to TypeScript's defaults; it never
stops a build.

All paths kept here are repository-relative POSIX paths ("" = repository root), so resolution is
a pure computation over the list of project files; :func:`checker_options` turns them into the
absolute paths the compiler needs.
"""

from __future__ import annotations

import functools
import json
import os
import posixpath
import re
from dataclasses import dataclass, field
from pathlib import Path

from crossfile_datasets.core import constants as C
from crossfile_datasets.core.repofiles import is_file_inside, read_inside, walk
from crossfile_datasets.core.text import NotRegularFile

CONFIG_NAME = "tsconfig.json"
MAX_EXTENDS_DEPTH = 8  # `extends` chains longer than this are treated as cycles (ours)
# Options whose values are paths relative to the tsconfig file that sets them.
PATH_OPTIONS = ("baseUrl", "rootDir", "outDir", "declarationDir")
PATH_LIST_OPTIONS = ("rootDirs", "typeRoots")


def strip_jsonc(text: str) -> str:
    """JSON with ``//`` and ``/* */`` comments and trailing commas -> strict JSON text.

    Strings are copied verbatim (a ``//`` inside ``"http://x"`` is not a comment).
    """
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i : j + 1])
            i = j + 1
        elif text.startswith("//", i):
            nl = text.find("\n", i)
            i = n if nl < 0 else nl
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            if end < 0:
                raise ValueError("unterminated /* comment")
            out.append(" ")
            i = end + 2
        else:
            out.append(ch)
            i += 1
    # A comma followed only by whitespace and a closing bracket is a trailing comma.
    return re.sub(r",(\s*[}\]])", r"\1", "".join(out))


def parse_jsonc(text: str) -> object:
    """Parse tsconfig-style JSON; raises ValueError (json.JSONDecodeError included)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text.strip():
        return {}
    return json.loads(strip_jsonc(text))


def _join(base: str, rel: str) -> str:
    """Repository-relative join and normalisation ("" is the root; may start with "../")."""
    joined = posixpath.normpath(posixpath.join(base, rel)) if base else posixpath.normpath(rel)
    return "" if joined == "." else joined


@dataclass
class TsConfig:
    """One tsconfig.json after following ``extends``; paths repository-relative."""

    path: str  # "" for the implicit default configuration (no tsconfig.json applies)
    directory: str
    options: dict = field(default_factory=dict)  # compilerOptions, path values made repository-relative
    paths_base: str = ""  # directory `paths` substitutions are relative to
    include: list[str] | None = None  # patterns relative to `directory`; None = TypeScript's default
    exclude: list[str] | None = None
    files: list[str] | None = None
    broken: bool = False  # the file itself could not be read: defaults are used

    @property
    def id(self) -> str:
        return self.path or "<default>"

    @property
    def base_url(self) -> str | None:
        return self.options.get("baseUrl")

    @property
    def paths(self) -> dict[str, list[str]]:
        value = self.options.get("paths")
        return value if isinstance(value, dict) else {}

    @property
    def root_dirs(self) -> list[str]:
        value = self.options.get("rootDirs")
        return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []

    def includes(self, rel_path: str) -> bool:
        """Whether a repository-relative file is part of this configuration's program."""
        if self.directory and not rel_path.startswith(self.directory + "/"):
            return False
        local = rel_path[len(self.directory) + 1 :] if self.directory else rel_path
        if self.files is not None and local in self._file_set():
            return True
        include = self.include
        if include is None:
            include = [] if self.files is not None else ["**/*"]
        if not any(_glob_match(p, local) for p in include):
            return False
        exclude = self.exclude if self.exclude is not None else []
        return not any(_glob_match(p, local) for p in exclude)


    def _file_set(self) -> frozenset[str]:
        key = tuple(self.files or ())
        if self.__dict__.get("_files_key") != key:  # computed once per list (the list may be replaced)
            self.__dict__["_files_key"], self.__dict__["_files"] = key, frozenset(posixpath.normpath(f) for f in key)
        return self.__dict__["_files"]


def _glob_match(pattern: str, path: str) -> bool:
    """TypeScript include/exclude semantics: `**/` any directories, `*` within one segment,
    and a pattern whose last segment has no wildcard and no extension names a directory.

    Matched segment by segment (a set of reachable path positions per pattern segment), each
    segment with a regex of one star group per run of `*`s whose literal tails are matched
    atomically (as ``fnmatch.translate`` does): a regex of the whole pattern backtracked
    polynomially on crafted includes (`**/` and `*` repeated: 2.4 s for one path)."""
    segments = _glob_segments(pattern)
    parts = path.split("/")
    reach = {0}
    for i, segment in enumerate(segments):
        if segment is None:  # `**`: zero or more whole segments (one or more when it ends the pattern)
            reach = set(range(min(reach) + (i == len(segments) - 1), len(parts) + 1))
        else:
            reach = {k + 1 for k in reach if k < len(parts) and segment.fullmatch(parts[k])}
        if not reach:
            return False
    return len(parts) in reach


@functools.lru_cache(maxsize=4096)
def _glob_segments(pattern: str) -> tuple[re.Pattern | None, ...]:
    """A pattern's segments compiled once (each file is matched against every pattern of its
    configurations): None for `**`, else a regex of the segment (runs of `**` are one)."""
    pattern = posixpath.normpath(pattern.strip())
    if pattern == ".":
        pattern = "**/*"
    last = pattern.rsplit("/", 1)[-1]
    if "*" not in last and "?" not in last and "." not in last:
        pattern = f"{pattern}/**/*"
    out: list[re.Pattern | None] = []
    for segment in pattern.split("/"):
        if segment == "**":
            if not out or out[-1] is not None:
                out.append(None)
            continue
        out.append(re.compile(_segment_regex(segment), re.S))
    return tuple(out)


def _segment_regex(segment: str) -> str:
    """One segment's regex: `*` any run of characters, `?` one, the rest literal. Between two
    stars, the literal part is found by an atomic lazy search (``(?>.*?lit)``), so a segment of
    many stars never backtracks over earlier ones (the way ``fnmatch.translate`` avoids it)."""
    pieces = re.split(r"(\*+)", segment)  # literal, stars, literal, stars, ..., literal
    regex = _literal_piece(pieces[0])
    for i in range(1, len(pieces), 2):
        tail = _literal_piece(pieces[i + 1])
        last = i + 2 >= len(pieces)
        regex += f".*{tail}" if last else f"(?>.*?{tail})"
    return regex


def _literal_piece(text: str) -> str:
    return "".join("." if c == "?" else re.escape(c) for c in text)


class ConfigError(ValueError):
    pass


def _read_config(repo_root: Path, rel: str) -> dict:
    # a FIFO named tsconfig.json would block the read forever, a link would read another file
    try:
        data = read_inside(repo_root, rel, C.MAX_FILE_BYTES)
    except NotRegularFile as exc:
        raise ConfigError(str(exc)) from exc
    except OSError as exc:
        raise ConfigError(f"unreadable: {exc.strerror or exc}") from exc
    try:
        value = parse_jsonc(data.decode("utf-8", errors="replace"))
    except ValueError as exc:
        raise ConfigError(f"not valid JSON: {exc}") from exc
    except RecursionError as exc:  # thousands of nested arrays/objects: the decoder recurses
        raise ConfigError("nested too deeply to read") from exc
    if not isinstance(value, dict):
        raise ConfigError("not a JSON object")
    return value


def _extends_target(repo_root: Path, config_rel: str, spec: str) -> str | None:
    """The repository-relative file an ``extends`` entry names (None when it lies elsewhere)."""
    directory = posixpath.dirname(config_rel)
    if spec.startswith((".", "/")):
        cand = _join(directory, spec)
        candidates = [cand] if cand.endswith(".json") else [cand + ".json", cand + "/tsconfig.json", cand]
    else:  # a package: only usable when the repository has its node_modules installed
        base = _join(directory, "node_modules/" + spec)
        candidates = [base, base + ".json", base + "/tsconfig.json"]
    for cand in candidates:
        if not cand.startswith("../") and is_file_inside(repo_root, cand):
            return cand
    return None


def load_config(repo_root: Path, rel: str, problems: list[tuple[str, str, str]], depth: int = 0) -> TsConfig:
    """Read ``rel`` and its ``extends`` chain. Problems are appended as (reason, path, detail)."""
    directory = posixpath.dirname(rel)
    cfg = TsConfig(path=rel, directory=directory)
    try:
        raw = _read_config(repo_root, rel)
    except ConfigError as exc:
        problems.append(("broken_tsconfig", rel, str(exc)))
        cfg.broken = True
        return cfg
    extends = raw.get("extends")
    bases = [extends] if isinstance(extends, str) else [e for e in extends if isinstance(e, str)] if isinstance(extends, list) else []
    for spec in bases:
        if spec.startswith("/") or _join(directory, spec).startswith("../"):
            # a machine path or a file outside the repository: never read (not our content)
            problems.append(("tsconfig_extends_outside_repo", rel, spec))
            continue
        target = _extends_target(repo_root, rel, spec)
        if target is None or depth >= MAX_EXTENDS_DEPTH:
            problems.append(("tsconfig_extends_unresolved", rel, spec))
            continue
        base = load_config(repo_root, target, problems, depth + 1)
        cfg.options.update(base.options)
        if "paths" in base.options:
            cfg.paths_base = base.paths_base
        # include/exclude/files of a base are relative to the base's directory
        for name in ("include", "exclude", "files"):
            value = getattr(base, name)
            if value is not None:
                setattr(cfg, name, [posixpath.relpath(_join(base.directory, v), directory or ".") for v in value])
    options = raw.get("compilerOptions")
    if options is not None and not isinstance(options, dict):
        problems.append(("broken_tsconfig", rel, "compilerOptions is not an object"))
        options = {}
    for key, value in (options or {}).items():
        if key in PATH_OPTIONS and isinstance(value, str):
            value = _join(directory, value)
        elif key in PATH_LIST_OPTIONS and isinstance(value, list):
            value = [_join(directory, v) for v in value if isinstance(v, str)]
        elif key == "paths":
            if not isinstance(value, dict):
                problems.append(("broken_tsconfig", rel, "paths is not an object"))
                continue
            cfg.paths_base = directory
        cfg.options[key] = value
    if "baseUrl" in cfg.options:
        # TypeScript resolves `paths` against baseUrl when one is set, whichever file set it
        cfg.paths_base = cfg.options["baseUrl"]
    for name in ("include", "exclude", "files"):
        value = raw.get(name)
        if isinstance(value, list):
            setattr(cfg, name, [v for v in value if isinstance(v, str)])
    patterns = len(cfg.include or ()) + len(cfg.exclude or ())
    if patterns > C.TSCONFIG_MAX_PATTERNS:  # each is matched against every file of the repository
        problems.append(("broken_tsconfig", rel, f"{patterns} include/exclude patterns (more than {C.TSCONFIG_MAX_PATTERNS})"))
        return TsConfig(path=rel, directory=directory, broken=True)
    return cfg


def find_configs(repo_root: Path) -> list[str]:
    """Repository-relative paths of every tsconfig.json outside skipped/vendored directories,
    those the walk refused (a FIFO, a link, unreadable) included: reading them fails and is
    counted as a broken configuration."""
    found: list[str] = []
    wanted = lambda rel: rel.rsplit("/", 1)[-1] == CONFIG_NAME  # noqa: E731
    refused = lambda r: found.append(r.rel) if not r.folder and r.reason != "undecodable_name" else None  # noqa: E731
    found.extend(f.rel for f in walk(repo_root, wanted, refused))
    return sorted(found)


def _is_es_library(name: object) -> bool:
    """``es5``, ``ES2015``, ``es2020.promise``, ``esnext.array``: a library of the language itself."""
    return isinstance(name, str) and re.match(r"(?i)es(5|6|20\d\d|next)\b", name) is not None


def checker_options(cfg: TsConfig, repo_root: Path) -> dict:
    """compilerOptions for the checker: the project's own, made absolute, plus our overrides.

    - no ``lib`` in the project: ``esnext`` *without* the DOM library, so that a removed import
      of a project class named like a browser global (``Request``, ``Event``, ``Node``) is
      reported as missing instead of silently resolving to the DOM declaration;
    - a ``lib`` that names no ES library (``["WebWorker", "DOM"]``: the project's own build gets
      ``Promise`` and ``Record`` from a package absent here) gets ``esnext`` added, or every
      member of a ``Promise``, an ``async`` handler's parameter or a ``Record`` union is untyped
      and its cross-file uses are lost without a diagnostic;
    - ``jsx`` defaults to ``preserve`` so .tsx files type-check without a JSX factory;
    - ``skipLibCheck``: errors inside declaration files are never ours to count;
    - emitting options are dropped (the checker never writes files).
    """
    root = str(repo_root)
    opts: dict = {}
    for key, value in cfg.options.items():
        if key in PATH_OPTIONS and isinstance(value, str):
            value = os.path.join(root, value) if value else root
        elif key in PATH_LIST_OPTIONS and isinstance(value, list):
            value = [os.path.join(root, v) if v else root for v in value]
        elif key == "paths" and isinstance(value, dict):
            base = os.path.join(root, cfg.paths_base) if cfg.paths_base else root
            value = {k: [os.path.normpath(os.path.join(base, s)) for s in v if isinstance(s, str)]
                     for k, v in value.items() if isinstance(v, list)}
        opts[key] = value
    for key in ("outDir", "declarationDir", "outFile", "out", "tsBuildInfoFile", "composite", "incremental",
                "declaration", "declarationMap", "emitDeclarationOnly", "sourceMap", "plugins"):
        opts.pop(key, None)
    if "lib" not in opts:
        opts["lib"] = ["esnext"]
    elif isinstance(opts["lib"], list) and not any(_is_es_library(v) for v in opts["lib"]):
        opts["lib"] = ["esnext", *opts["lib"]]
    opts.setdefault("jsx", "preserve")
    opts["skipLibCheck"] = True
    opts["noEmit"] = True
    opts["allowJs"] = False
    opts["checkJs"] = False
    return opts


__all__ = [
    "TsConfig",
    "checker_options",
    "find_configs",
    "load_config",
    "parse_jsonc",
    "strip_jsonc",
]
