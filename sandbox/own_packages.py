"""The installed releases of a repository's own packages, hidden from its runs.

Why it exists: a run imports the repository from its copy (the copy's source roots are first
on ``PYTHONPATH``), but the interpreter the tests run in may also hold a *published release*
of the same package in its site directories: the harness's tools (pytest, pluggy, coverage,
iniconfig, packaging) are in every environment, and a requirement's dependency closure brings
many popular packages (``requests`` brings ``idna``, ``urllib3``, ``certifi``...). An answer
that implements nothing could move the copy aside on ``sys.path`` for one import and call the
released function (red team 2026-11-27f, row 1). So every run of a :class:`sandbox.Sandbox`
sees, in each site directory of its interpreter, an empty folder (or an empty file) where a
top-level package or module named like one of the copy's own is installed.

Nothing else changes for the run: those names already resolve to the copy, which comes first
on ``sys.path`` (also when the repository *is* one of the harness's tools: pytest then runs with
the copy's package, as it did before). Only the releases behind the copy are gone. The standard
library's folders are never touched (a repository module named like a standard one cannot be
hidden there without breaking the interpreter; the standard library is no release of the
repository). Without bubblewrap (the explicit opt-out) nothing is hidden.
"""

from __future__ import annotations

import functools
import json
import os
import subprocess
from pathlib import Path
from typing import Iterable, Sequence

from crossfile_datasets.sandbox.isolation import confined

# how deep namespace packages (folders without ``__init__.py``) are followed in the copy
NAMESPACE_DEPTH = 3
# extension and compiled forms of a top-level module in a site directory
_MODULE_SUFFIXES = (".py", ".pyc", ".so", ".pyd")

_PROBE = """
import json, sys, sysconfig
paths = sysconfig.get_paths()
stdlib = {paths.get("stdlib"), paths.get("platstdlib")}
print(json.dumps({"path": sys.path, "stdlib": sorted(p for p in stdlib if p),
                  "stdlib_names": sorted(sys.stdlib_module_names), "builtins": sorted(sys.builtin_module_names)}))
"""


@functools.lru_cache(maxsize=32)
def site_directories(python: str) -> tuple[tuple[str, ...], frozenset[str]]:
    """(the folders on ``python``'s ``sys.path`` that are not the standard library's, the
    standard library's module names). The probe starts the interpreter (its ``.pth`` files run:
    confined, read-only and offline). Folders only: zip files and path hooks are left as they
    are."""
    try:
        done = subprocess.run(confined([python, "-c", _PROBE]), capture_output=True, text=True, timeout=60,
                              env={"PATH": os.defpath, "PYTHONNOUSERSITE": "1", "LANG": "C.UTF-8"})
        info = json.loads(done.stdout)
    except (OSError, ValueError, subprocess.TimeoutExpired):
        return (), frozenset()
    stdlib = {os.path.realpath(p) for p in info.get("stdlib", []) if isinstance(p, str)}
    stdlib |= {os.path.join(p, "lib-dynload") for p in stdlib}
    dirs: list[str] = []
    for entry in info.get("path", []):
        if not isinstance(entry, str) or not os.path.isabs(entry):
            continue  # '' (the working folder) and path hooks
        real = os.path.realpath(entry)
        if real in stdlib or not os.path.isdir(real) or real in dirs:
            continue
        dirs.append(real)
    names = frozenset(n for n in (*info.get("stdlib_names", []), *info.get("builtins", [])) if isinstance(n, str))
    return tuple(dirs), names


def _module_name(entry: str) -> str | None:
    """The top-level import name a site-directory or copy entry provides, for a file."""
    for suffix in _MODULE_SUFFIXES:
        if entry.endswith(suffix):
            return entry.split(".", 1)[0]
    return None


def own_names(roots: Iterable[str | os.PathLike]) -> set[tuple[str, ...]]:
    """The import names the copy's source ``roots`` provide, as dotted paths: a regular package
    (a folder with ``__init__.py``) or a module at a root is one name (``("idna",)``); a
    namespace package (a folder of Python files without ``__init__.py``) contributes the
    packages and modules inside it (``("google", "mylib")``), not the namespace itself, which
    other distributions share. Read before any run (the copy is ours then)."""
    out: set[tuple[str, ...]] = set()

    def walk(folder: Path, prefix: tuple[str, ...], depth: int) -> None:
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError:
            return
        for entry in entries:
            name = entry.name
            try:
                is_dir = entry.is_dir()
            except OSError:
                continue
            if is_dir:
                if not name.isidentifier():
                    continue
                if (Path(entry.path) / "__init__.py").is_file():
                    out.add((*prefix, name))
                elif depth < NAMESPACE_DEPTH and _holds_python(entry.path):
                    walk(Path(entry.path), (*prefix, name), depth + 1)
            elif (module := _module_name(name)) and module.isidentifier() and name != "__init__.py":
                out.add((*prefix, module))

    for root in roots:
        walk(Path(root), (), 0)
    return out


def _holds_python(path: str) -> bool:
    """Whether a folder without ``__init__.py`` can be a namespace package: it holds a Python
    file or a regular package (a folder of data or documents is not walked)."""
    for entry in _scan(path):
        if entry.name.endswith(".py") or (Path(entry.path) / "__init__.py").is_file():
            return True
    return False


def _scan(path: str) -> list[os.DirEntry]:
    try:
        return list(os.scandir(path))
    except OSError:
        return []


def shadowed_releases(python: str, roots: Sequence[str | os.PathLike]) -> list[str]:
    """The paths, in ``python``'s site directories, of the installed packages and modules named
    like the copy's own (:func:`own_names` of ``roots``): what a run must not see. Standard
    library names, and the roots themselves, are never among them."""
    names = own_names(roots)
    if not names:
        return []
    sites, stdlib = site_directories(python)
    root_paths = {os.path.realpath(r) for r in roots}
    out: list[str] = []
    for site in sites:
        if site in root_paths:
            continue
        for dotted in sorted(names):
            if dotted[0] in stdlib:
                continue
            folder = os.path.join(site, *dotted[:-1])
            for entry in _scan(folder):
                if entry.name == dotted[-1] or _module_name(entry.name) == dotted[-1]:
                    path = os.path.realpath(entry.path) if entry.is_symlink() else entry.path
                    if path not in out and not any(path == r or path.startswith(r + os.sep) for r in root_paths):
                        out.append(path)
    return out


def count_hidden_releases(report, where: str, python: str, root: str | os.PathLike,
                          python_path: Iterable[str]) -> list[str]:
    """Count, once per repository, the installed releases its runs will not see
    (``environment/own_package_hidden``): ``python_path`` holds the repository-relative source
    roots ("" = the root). Returns their paths."""
    hidden = shadowed_releases(python, [str(Path(root) / p) if p else str(root) for p in python_path])
    for path in hidden:
        report.count("environment", "own_package_hidden", f"{where}: {Path(path).name}",
                     "installed in the test interpreter's site directories: hidden from the runs "
                     "(the repository's copy is imported)")
    return hidden
