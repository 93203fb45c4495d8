"""Pylint plugin: members used on a parameter whose classes the repository's tests observed.

Pylint (astroid) cannot type an unannotated parameter, so ``def f(stack): stack.preprocess``
gives the stub-and-diff method nothing to see, however many times the tests pass a
``FilterStack`` in. With ``--observe-types`` the builder runs the suite once in the sandbox and
records, per function parameter, the repository classes it received
(``sandbox/type_observation.py``); this checker reads that record (``CROSSFILE_OBSERVED_TYPES``:
a JSON file; ``CROSSFILE_OBSERVED_ROOT``: the checked copy's root) and, for ``param.member`` on
such a parameter, resolves the member on every observed class with astroid. When all of them
resolve it to one declaration in another file of the repository, it reports
``W9901 crossfile-observed-member`` with the use's exact position and the declaration:
a use found by observation and resolution, never by guessing from the name. A parameter that is
reassigned, annotated (``crossfile_annotations`` handles those), or whose classes disagree on the
member is left alone.

Message text (parsed by ``lang/python``)::

    observed <member> at <line>:<byte column> on <module>.<Class>[, ...] declared by <file>::<Class>.<member>
"""

from __future__ import annotations

import json
import os
from functools import lru_cache

import astroid
from astroid import nodes
from pylint.checkers import BaseChecker

MESSAGE = "W9901"
SYMBOL = "crossfile-observed-member"


def _load() -> tuple[str, dict[tuple[str, int, str], list[tuple[str, str]]]]:
    path = os.environ.get("CROSSFILE_OBSERVED_TYPES", "")
    root = os.path.realpath(os.environ.get("CROSSFILE_OBSERVED_ROOT", ""))
    if not path or not root:
        return "", {}
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    table = {}
    for p in data.get("parameters", []):
        table[(p["file"], int(p["line"]), p["parameter"])] = [(m, q) for m, q in p["types"]]
    return root, table


@lru_cache(maxsize=None)
def _class(module: str, qualname: str) -> nodes.ClassDef | None:
    try:
        scope: nodes.NodeNG = astroid.MANAGER.ast_from_module_name(module)
    except Exception:  # noqa: BLE001 - astroid raises many kinds; an unreadable module is skipped
        return None
    for part in qualname.split("."):
        found = [n for n in scope.locals.get(part, []) if isinstance(n, nodes.ClassDef)]
        if len(found) != 1:
            return None
        scope = found[0]
    return scope if isinstance(scope, nodes.ClassDef) else None


def _declaring_class(node: nodes.NodeNG) -> nodes.ClassDef | None:
    """The class whose body (or whose method, for ``self.x = ...``) declares ``node``."""
    frame = node.frame()
    if isinstance(frame, nodes.ClassDef):
        return frame
    if isinstance(frame, nodes.FunctionDef) and isinstance(frame.parent, nodes.ClassDef):
        return frame.parent  # a method, or an attribute its body assigns (self.x = ...)
    return None


def _declaration(cls: nodes.ClassDef, member: str) -> tuple[str, str] | None:
    """(absolute file, Class.member) of the declaration astroid resolves ``member`` to on an
    instance of ``cls`` (inherited members: their own class), None when it does not resolve."""
    try:
        found = cls.instantiate_class().getattr(member)
    except Exception:  # noqa: BLE001 - AttributeInferenceError and friends: not resolvable
        return None
    owners = {(c.root().file, f"{c.qname()[len(c.root().name) + 1:]}.{member}")
              for c in (_declaring_class(n) for n in found) if c is not None and c.root().file}
    return owners.pop() if len(owners) == 1 else None


class ObservedMemberChecker(BaseChecker):
    name = "crossfile-observed"
    msgs = {MESSAGE: ("%s", SYMBOL, "A member used on a parameter whose class the repository's tests observed.")}

    def __init__(self, linter) -> None:
        super().__init__(linter)
        self.root, self.table = _load()

    def visit_attribute(self, node: nodes.Attribute) -> None:
        if not self.table or not isinstance(node.expr, nodes.Name):
            return
        member = node.attrname
        if member.startswith("__") and member.endswith("__"):
            return
        name = node.expr.name
        try:
            _, assigned = node.expr.lookup(name)
        except Exception:  # noqa: BLE001
            return
        if len(assigned) != 1 or not isinstance(assigned[0], nodes.AssignName) \
                or not isinstance(assigned[0].parent, nodes.Arguments):
            return  # not a parameter, or also assigned in the body
        arguments = assigned[0].parent
        function = arguments.parent
        if not isinstance(function, nodes.FunctionDef) or _annotated(arguments, name):
            return
        filename = os.path.realpath(function.root().file or "")
        if not filename.startswith(self.root + os.sep):
            return
        rel = os.path.relpath(filename, self.root).replace(os.sep, "/")
        first = min([d.lineno for d in function.decorators.nodes] if function.decorators else [function.lineno])
        classes = self.table.get((rel, first, name))
        if not classes:
            return
        declarations = set()
        for module, qualname in classes:
            cls = _class(module, qualname)
            declaration = _declaration(cls, member) if cls is not None else None
            if declaration is None:
                return  # one observed class does not have it (a dynamic attribute?): no claim
            declarations.add(declaration)
        if len(declarations) != 1:
            return
        where, symbol = declarations.pop()
        where = os.path.realpath(where)
        if not where.startswith(self.root + os.sep) or where == filename:
            return  # declared outside the repository, or in this very file
        declared = os.path.relpath(where, self.root).replace(os.sep, "/")
        line, column = node.end_lineno, node.end_col_offset - len(member.encode("utf-8"))
        observed = ", ".join(f"{m}.{q}" for m, q in classes)
        self.add_message(MESSAGE, node=node,
                         args=(f"observed {member} at {line}:{column} on {observed} declared by {declared}::{symbol}",))


def _annotated(arguments: nodes.Arguments, name: str) -> bool:
    for params, notes in ((arguments.posonlyargs, arguments.posonlyargs_annotations),
                          (arguments.args, arguments.annotations),
                          (arguments.kwonlyargs, arguments.kwonlyargs_annotations)):
        for param, note in zip(params or [], notes or []):
            if param.name == name and note is not None:
                return True
    return False


def register(linter) -> None:  # Pylint's plugin entry point
    linter.register_checker(ObservedMemberChecker(linter))
