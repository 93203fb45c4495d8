"""A resident Pylint: one process checks copy after copy, keeping what does not change.

A Python build checks up to four copies of a repository (the original, two stub modes, a second
round). A fresh Pylint process per copy rebuilds and re-infers the standard library and the
third-party packages the project imports (docutils, jinja2, typing...) every time: on sphinx a
third of each check. This server keeps astroid's trees of the modules *outside* the copies and
forgets everything that can depend on a copy:

when a request names another copy than the last one, it drops

- every module whose file lies under the last copy, and every module with no file that is not
  built into the interpreter (namespace packages are the project's);
- every cached module whose top-level name is also a top-level name under the request's source
  roots (a repository's own ``json.py`` or ``re.py`` shadows the standard library's on Pylint's
  search path, as it would in a fresh process);
- astroid's inference caches, inference tips, module-file and import-spec caches, its and
  Pylint's LRU caches of node results (what ``AstroidManager.clear_cache`` clears, without
  dropping the trees themselves).

Batches of one copy share everything, like the files of one batch.

Protocol (``analyzers/run.py:PersistentProcess``): one JSON request per line on stdin,
``{"args": [Pylint arguments], "root": copy root, "roots": [source roots]}``; one JSON answer per
line on stdout, ``{"status": Pylint's exit status, "report": the JSON reporter's text}`` or
``{"error": traceback}`` (the client then falls back to fresh processes). Anything Pylint or a
plugin prints goes to stderr: file descriptor 1 is reserved for answers.

It runs with this folder as its only ``PYTHONPATH`` entry and ``PYTHONSAFEPATH`` (see
``analyzers/pylint.py``), so it imports nothing of the checked repository.
"""

from __future__ import annotations

import io
import json
import os
import sys
import traceback
from collections.abc import Set


def _top_level_names(roots: list[str]) -> set[str]:
    """Names a module or package directly under a source root can be imported by."""
    names = set()
    for root in roots:
        try:
            entries = os.listdir(root)
        except OSError:
            continue
        for entry in entries:
            stem, dot, ext = entry.partition(".")
            if not dot or ext in ("py", "pyi") or ext.endswith(("so", "pyd")):
                names.add(stem)
    return names


def _clear_derived_caches() -> None:
    """Everything ``AstroidManager.clear_cache`` clears except the module trees and the brains."""
    from astroid.context import _invalidate_cache
    from astroid.inference_tip import clear_inference_tip_cache
    from astroid.interpreter._import import spec, util
    from astroid.interpreter._import.spec import _find_spec, _is_setuptools_namespace
    from astroid.interpreter.objectmodel import ObjectModel
    from astroid import MANAGER
    from astroid.manager import _has_init
    from astroid.modutils import _cache_normalize_path_, cached_os_path_isfile
    from astroid.nodes._base_nodes import LookupMixIn
    from astroid.nodes.scoped_nodes import ClassDef
    from pylint.checkers.clear_lru_cache import clear_lru_caches

    clear_inference_tip_cache()
    _invalidate_cache()
    MANAGER._mod_file_cache.clear()
    for cached in (LookupMixIn.lookup, _cache_normalize_path_, _has_init, cached_os_path_isfile, util.is_namespace,
                   ObjectModel.attributes, ClassDef._metaclass_lookup_attribute, _find_spec, _is_setuptools_namespace):
        cached.cache_clear()
    for finder in spec._SPEC_FINDERS:
        finder.find_module.cache_clear()
    clear_lru_caches()


def _evict(root: str | None = None, shadowed: Set[str] = frozenset()) -> None:
    from astroid import MANAGER

    prefix = os.path.join(root, "") if root else None
    for name, module in list(MANAGER.astroid_cache.items()):
        path = getattr(module, "file", None) or ""
        if ((prefix and path.startswith(prefix)) or name.partition(".")[0] in shadowed
                or (not path and name not in sys.builtin_module_names)):
            del MANAGER.astroid_cache[name]
    _clear_derived_caches()


class _Server:
    def __init__(self) -> None:
        self.root: str | None = None  # the copy whose modules the caches hold

    def check(self, request: dict) -> dict:
        from pylint.lint import Run
        from pylint.reporters import JSONReporter

        if request["root"] != self.root:
            # another copy: forget the last one; batches of one copy share everything, as the
            # files of one batch do
            _evict(root=self.root, shadowed=_top_level_names(request["roots"]))
            self.root = request["root"]
        report = io.StringIO()
        try:
            status = Run(request["args"], reporter=JSONReporter(report), exit=False).linter.msg_status
        except SystemExit as exc:  # a usage error exits even with exit=False
            status = exc.code if isinstance(exc.code, int) else 32
        return {"status": status, "report": report.getvalue()}


def main() -> None:
    answers = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)  # whatever else writes to stdout must not corrupt the answers
    sys.stdout = sys.stderr
    server = _Server()
    for line in sys.stdin:
        try:
            answer = server.check(json.loads(line))
        except BaseException:  # noqa: BLE001 - any failure is the client's to handle (it restarts us)
            answer = {"error": traceback.format_exc()[-4000:]}
        answers.write(json.dumps(answer) + "\n")
        answers.flush()


if __name__ == "__main__":
    main()
