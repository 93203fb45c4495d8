"""Which folders a reader of a repository skips by their name, and when a name yields.

Why it exists: the source walk (``core/repofiles.py``) and the sandbox's repository copy
(``sandbox/__init__.py``) must agree on which folders hold the project (pypa/build's package is
``src/build/``), and the sandbox's modules load without the parsing libraries (they also run
as another user with only the standard library), so these pure name rules live apart from the
walker.
"""

from __future__ import annotations

from typing import Iterable

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
