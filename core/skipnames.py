"""Which folders a reader of a repository skips by their name, and when a name yields.

Why it exists: the source walk (``core/repofiles.py``) and the sandbox's repository copy
(``sandbox/__init__.py``) must agree on which folders hold the project (pypa/build's package is
``src/build/``), and the sandbox's modules load without the parsing libraries (they also run
as another user with only the standard library), so these pure name rules live apart from the
walker.
"""

from __future__ import annotations

import re
from typing import Callable, Iterable

from crossfile_datasets.core import constants as C


def skip_reason(name: str) -> str | None:
    """The ``files/<reason>`` a folder named ``name`` is skipped under (build output, environments,
    caches, version control, dependencies, hidden folders), None when its name is no reason."""
    if name in C.VENDOR_DIRS:
        return "vendored_dir"
    if name in C.BUILD_OUTPUT_DIRS:
        return "build_output_dir"
    if name in C.ENVIRONMENT_DIRS:
        return "environment_dir"
    if name in C.CACHE_DIRS:
        return "cache_dir"
    if name.startswith("."):
        return "hidden_dir"
    return None


def skipped_dir(name: str) -> bool:
    """Folders no reader enters by their name alone (see :func:`skip_reason`; a generic name
    yields to :func:`holds_project_code`)."""
    return skip_reason(name) is not None


def generic_skip(name: str) -> bool:
    """Is ``name`` skipped by a generic rule only (``build``, ``dist``, ``env``, ``bin``, ``coverage``...),
    a name a project may give its own package? Vendored, hidden and cache-only names are not."""
    return skip_reason(name) in ("build_output_dir", "environment_dir", "cache_dir") and not name.startswith(".") \
        and name != "__pycache__"


def holds_project_code(rel: str, names: Iterable[str], project_dirs: frozenset[str] = frozenset()) -> bool:
    """Does the folder ``rel`` (a :func:`generic_skip` name), whose files are ``names``, hold the
    project's own code, so that its name is no reason to skip it: a Python package
    (``__init__.py``), a Python folder directly inside a ``src/`` layout root (a namespace
    package), or one of ``project_dirs`` (the packaging configuration's packages, folders other
    project files import: ``lang/sources.list_sources``). A ``src/bin`` or ``src/obj`` of a C#
    project beside ``src/*.csproj`` holds no Python and stays skipped."""
    names = set(names)
    parent = rel.rsplit("/", 1)[0] if "/" in rel else ""
    src_layout = parent.rsplit("/", 1)[-1] == "src" and any(n.endswith((".py", ".pyi")) for n in names)
    return rel in project_dirs or "__init__.py" in names or src_layout


# ``__version__ = "3.11"`` at the start of a line of a package's ``__init__.py``
_VERSION = re.compile(r"""^__version__\s*(?::\s*str\s*)?=\s*[rRbBuU]?['"]([^'"\n]{1,40})['"]""", re.M)


def vendored_folders(paths: Iterable[str], read: Callable[[str], str | None]) -> dict[str, str]:
    """The folders of the source files ``paths`` that hold copied third-party code, each with why:
    a folder named like one (:data:`C.VENDORED_FOLDER_NAMES`: ``_vendor``, ``third_party``...), or
    a Python package inside another package whose ``__init__.py`` gives it a ``__version__`` of
    its own, other than the enclosing package's (jsonpath-ng's ``jsonpath_ng/_ply``: PLY 3.11
    inside jsonpath-ng 1.8.0, held-out 17). ``read(path)``: a file's text or None. The walk keeps
    such folders (the project imports them); the class split leaves their classes out."""
    out: dict[str, str] = {}
    folders = sorted({p.rsplit("/", 1)[0] for p in paths if "/" in p})
    inits: dict[str, str | None] = {}

    def init_text(folder: str) -> str | None:  # each package's __init__.py read once
        if folder not in inits:
            inits[folder] = read(f"{folder}/__init__.py") if folder else None
        return inits[folder]

    def version(folder: str) -> str | None:
        match = _VERSION.search(init_text(folder) or "")
        return match.group(1) if match else None

    for folder in folders:
        parts = folder.split("/")
        for i, name in enumerate(parts):
            if name.lower() in C.VENDORED_FOLDER_NAMES:
                out[folder] = f"inside the folder {'/'.join(parts[:i + 1])}/ (a vendored-code name)"
                break
        if folder in out:
            continue
        for i in range(2, len(parts) + 1):
            inner, outer = "/".join(parts[:i]), "/".join(parts[:i - 1])
            own = version(inner)
            outer_text = init_text(outer)
            if own is None or outer_text is None:
                continue
            if version(outer) is None and "__version__" in outer_text:
                continue  # the package takes its version from the inner one (``from .v import __version__``)
            if own != version(outer):
                out[folder] = (f"inside {inner}/, a package with a version of its own ({own}) in the package "
                               f"{outer}/ ({version(outer) or 'no __version__'})")
                break
    return out
