"""Resolving TypeScript module specifiers to project files, as the compiler would.

Covers what real projects use: relative specifiers (with the ``.js`` extension ESM projects
write for ``.ts`` files), directory imports through ``index.ts``, the tsconfig ``paths``
aliases (``@/*``, ``@app/core``) with TypeScript's longest-prefix rule, ``baseUrl`` and
``rootDirs``. A specifier resolving to nothing inside the repository (a package, a Node
built-in, a missing file) is external: ``None``. Pure computation over the list of files.
"""

from __future__ import annotations

import posixpath
from typing import Iterable

from crossfile_datasets.lang.typescript.tsconfig import TsConfig

# Try order of TypeScript's node/bundler resolution for a path without extension.
EXTENSIONS = (".ts", ".tsx", ".d.ts")
JS_TO_TS = {".js": (".ts", ".tsx", ".d.ts"), ".jsx": (".tsx",), ".mjs": (".mts", ".d.mts"), ".cjs": (".cts", ".d.cts")}
# Suffixes a specifier leaves out (``.d.ts`` before ``.ts``: the longest first).
_SPECIFIER_SUFFIXES = (".d.ts", ".tsx", ".ts", ".mts", ".cts")


def relative_specifier(target: str, from_file: str | None) -> str:
    """The relative module specifier of the project file ``target`` as seen from ``from_file``
    (no extension; a folder's ``index`` file is the folder): the inverse of resolving one."""
    stem = target
    for suffix in _SPECIFIER_SUFFIXES:
        if stem.endswith(suffix):
            stem = stem[: -len(suffix)]
            break
    if posixpath.basename(stem) == "index":
        stem = posixpath.dirname(stem) or "."
    base = posixpath.dirname(from_file) if from_file else ""
    rel = posixpath.relpath(stem, base or ".")
    return rel if rel.startswith(".") else f"./{rel}"


def _norm(path: str) -> str:
    out = posixpath.normpath(path)
    return "" if out == "." else out


class ModuleResolver:
    """Maps (importing file, specifier) to a repository-relative project file or None."""

    def __init__(self, files: Iterable[str]) -> None:
        self.files = set(files)

    def resolve(self, importer: str, specifier: str, config: TsConfig | None) -> str | None:
        if not specifier or specifier.startswith(("/", "node:")) or "://" in specifier:
            return None
        if specifier.startswith("./") or specifier.startswith("../") or specifier in (".", ".."):
            directory = posixpath.dirname(importer)
            found = self._file_or_directory(_norm(posixpath.join(directory, specifier)))
            if found is None and config is not None and config.root_dirs:
                found = self._via_root_dirs(directory, specifier, config.root_dirs)
            return found
        if config is None:
            return None
        for candidate in self._path_mapping(specifier, config):
            found = self._file_or_directory(candidate)
            if found is not None:
                return found
        if config.base_url is not None:
            return self._file_or_directory(_norm(posixpath.join(config.base_url, specifier)))
        return None

    def _path_mapping(self, specifier: str, config: TsConfig) -> list[str]:
        """Substitutions of the best-matching ``paths`` pattern (exact, else longest prefix)."""
        best: tuple[int, str, str] | None = None  # (prefix length, pattern, captured)
        for pattern in config.paths:
            if "*" not in pattern:
                if pattern == specifier:
                    best = (len(pattern) + 1, pattern, "")
                    break
                continue
            prefix, _, suffix = pattern.partition("*")
            if specifier.startswith(prefix) and specifier.endswith(suffix) and len(specifier) >= len(prefix) + len(suffix):
                captured = specifier[len(prefix) : len(specifier) - len(suffix)]
                if best is None or len(prefix) > best[0]:
                    best = (len(prefix), pattern, captured)
        if best is None:
            return []
        _, pattern, captured = best
        base = config.paths_base
        return [_norm(posixpath.join(base, sub.replace("*", captured))) for sub in config.paths[pattern] if isinstance(sub, str)]

    def _via_root_dirs(self, directory: str, specifier: str, root_dirs: list[str]) -> str | None:
        """``rootDirs``: directories merged into one virtual directory for relative imports."""
        for root in root_dirs:
            if directory == root or directory.startswith(root + "/") or root == "":
                rel_dir = directory[len(root) :].lstrip("/")
                for other in root_dirs:
                    found = self._file_or_directory(_norm(posixpath.join(other, rel_dir, specifier)))
                    if found is not None:
                        return found
        return None

    def _file_or_directory(self, base: str) -> str | None:
        if base.startswith("../") or base == "..":
            return None  # outside the repository
        stem, ext = posixpath.splitext(base)
        if base.endswith(EXTENSIONS) and base in self.files:
            return base
        for replacement in JS_TO_TS.get(ext, ()):
            if stem + replacement in self.files:
                return stem + replacement
        for ext in EXTENSIONS:
            if base + ext in self.files:
                return base + ext
        for ext in EXTENSIONS:
            index = f"{base}/index{ext}" if base else f"index{ext}"
            if index in self.files:
                return index
        return None
