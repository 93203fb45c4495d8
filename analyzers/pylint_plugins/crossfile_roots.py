"""Pylint plugin: the repository's source roots come before the installed packages.

Pylint puts on its search path, while it checks, the one source root that holds each checked
file (the first of ``--source-roots`` that contains it): for ``testing/test_x.py`` the
repository's root, never its ``src/``. A test's ``import pluggy`` of a ``src/pluggy`` package
then found the *installed* pluggy (a dependency of pytest, in the checker's environment):
its classes lie outside the copy, so no member of them was the repository's, and a package that
is not installed was not found at all. Here every source root goes on the search path for the
check, before the first ``site-packages``/``dist-packages`` entry: after the standard library
(a repository's ``json.py`` under ``src/`` does not replace the one Pylint itself uses), before
every installed distribution (the repository's own package wins over an installed copy of it).
Pylint restores its search path after each check; the resident server forgets the modules whose
top-level name is one of the roots' (``crossfile_pylint_server``).
Loaded with ``--load-plugins=crossfile_roots`` (see ``analyzers/pylint.py``).
"""

from __future__ import annotations

import os
import sys

from pylint.checkers import BaseChecker


def with_roots(path: list[str], roots: list[str]) -> list[str]:
    """``path`` with the ``roots`` it lacks inserted before its first installed-packages entry
    (at its end when it has none)."""
    missing = [r for r in dict.fromkeys(os.path.realpath(r) for r in roots)
               if r not in {os.path.realpath(p) for p in path if p}]
    at = next((i for i, p in enumerate(path) if os.path.basename(p.rstrip(os.sep)) in ("site-packages", "dist-packages")),
              len(path))
    return [*path[:at], *missing, *path[at:]]


class SourceRootsChecker(BaseChecker):
    name = "crossfile-roots"
    # never emitted: Pylint opens only the checkers with an enabled message (``analyzers/pylint.py``
    # enables this one)
    msgs = {"W9903": ("%s", "crossfile-roots", "Never emitted: keeps the source-roots checker open.")}

    def open(self) -> None:
        roots = list(self.linter.config.source_roots or ())
        if roots:
            sys.path[:] = with_roots(sys.path, roots)


def register(linter) -> None:  # Pylint's plugin entry point
    linter.register_checker(SourceRootsChecker(linter))
