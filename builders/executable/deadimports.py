"""Which test programs cannot import the repository, read from one run's collection errors.

Why it exists: when a package of the repository cannot be imported (its ``__init__.py``
imports a version file a checkout lacks, a module the environment does not have), every
program importing it fails the same way. Rerunning them one sandbox each to learn that cost
python-humanize's build 806 s of validation (tuning 2026-11-27e), and in one pytest process the
programs collected after the first failure may even import: the failed package leaves its
submodules in ``sys.modules``, which a fresh process (the gold gate, evaluation) does not have.
So the modules whose import fails are read from the collection errors' tracebacks, and every
program importing them (or a submodule of a failed package) gets that error, named alike.

Pure functions over pytest's messages and the programs' source.
"""

from __future__ import annotations

import ast
import re
from typing import Iterable

# a traceback frame of a module body in pytest's short form: "src/pkg/__init__.py:35: in <module>"
# (``^[ \t]*``: ``^\s*`` under re.M ran over every later line end from each line start, red team
# 2026-11-28g row 7)
_MODULE_FRAME = re.compile(r"(?m)^[ \t]*([\w./-]+)\.py:\d+: in <module>[ \t]*$")


def module_of(path: str, roots: Iterable[str]) -> str | None:
    """The dotted module name of a repository-relative ``.py`` path (without the suffix) under
    one of the source ``roots`` (``""`` = the repository root), the longest root first."""
    path = path.lstrip("./")
    for root in sorted(roots, key=len, reverse=True):
        if root and not path.startswith(root.rstrip("/") + "/"):
            continue
        rest = path[len(root.rstrip("/")) + 1:] if root else path
        parts = rest.split("/")
        if parts[-1] == "__init__":
            parts = parts[:-1]
        if parts and all(p.isidentifier() for p in parts):
            return ".".join(parts)
    return None


def failed_modules(message: str, roots: Iterable[str], program_paths: Iterable[str] = ()) -> set[str]:
    """The repository modules whose body was executing when the import in ``message`` (a
    collection error's text) failed: the frames ``<path>.py:<n>: in <module>`` other than the
    test programs themselves."""
    own = {p.removesuffix(".py") for p in program_paths}
    out = set()
    roots = list(roots)
    for path in _MODULE_FRAME.findall(message or ""):
        if path in own or path.rsplit("/", 1)[-1].startswith("test_cfd_"):
            continue
        name = module_of(path, roots)
        if name:
            out.add(name)
    return out


def imported_modules(source: str) -> set[str]:
    """Absolute module names a program imports: ``import a.b``, ``from a.b import c`` (and
    ``a.b.c``, which may be a module), ``importlib.import_module('a.b')`` / ``__import__``
    with a literal name (the doctest programs')."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return set()
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.add(node.module)
            out.update(f"{node.module}.{a.name}" for a in node.names if a.name != "*")
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant) \
                and isinstance(node.args[0].value, str):
            fn = node.func
            name = fn.attr if isinstance(fn, ast.Attribute) else fn.id if isinstance(fn, ast.Name) else ""
            if name in ("import_module", "__import__"):
                out.add(node.args[0].value)
    return out


def failed_import(source: str, failed: Iterable[str]) -> str | None:
    """The failed module a program imports (or the failed package of a module it imports: in
    a fresh process importing ``pkg.sub`` runs ``pkg/__init__.py`` first), else None."""
    failed = set(failed)
    if not failed:
        return None
    for name in sorted(imported_modules(source)):
        parts = name.split(".")
        for i in range(1, len(parts) + 1):
            if ".".join(parts[:i]) in failed:
                return ".".join(parts[:i])
    return None
