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


def _declarations(cls: nodes.ClassDef, member: str) -> list[tuple[nodes.ClassDef, nodes.NodeNG]] | None:
    """(declaring class, node) of what ``member`` is on an instance of ``cls``: the nodes of the
    most derived class declaring it; None when it does not resolve."""
    try:
        found = cls.instantiate_class().getattr(member)
    except Exception:  # noqa: BLE001 - AttributeInferenceError and friends: not resolvable
        return None
    pairs = [(c, n) for c, n in ((_declaring_class(n), n) for n in found) if c is not None and c.root().file]
    if len({c.qname() for c, _ in pairs}) > 1:
        # an override and the base's declaration (`SchemeDictionaryDestination.write_file` over
        # `WheelDestination.write_file`): the instance's member is the most derived one, the
        # first of them in the class's method resolution order
        try:
            order = [c.qname() for c in cls.mro()]
        except Exception:  # noqa: BLE001 - an inconsistent or unresolvable hierarchy: no claim
            return None
        if any(c.qname() not in order for c, _ in pairs):
            return None
        first = min((c.qname() for c, _ in pairs), key=order.index)
        pairs = [(c, n) for c, n in pairs if c.qname() == first]
    return pairs or None


def _declaration(cls: nodes.ClassDef, member: str) -> tuple[str, str] | None:
    """(absolute file, Class.member) of the declaration astroid resolves ``member`` to on an
    instance of ``cls`` (inherited members: their own class), None when it does not resolve."""
    pairs = _declarations(cls, member)
    owners = {(c.root().file, f"{c.qname()[len(c.root().name) + 1:]}.{member}") for c, _ in pairs or ()}
    return owners.pop() if len(owners) == 1 else None


def _returned_class(cls: nodes.ClassDef, method: str) -> nodes.ClassDef | None:
    """The class the return annotation of ``method`` (on an instance of ``cls``) names, when it
    names exactly one class (`def write_file(...) -> RecordEntry`)."""
    pairs = _declarations(cls, method)
    functions = {id(n): n for _, n in pairs or () if isinstance(n, nodes.FunctionDef)}
    if len(functions) != 1 or len(pairs or ()) != 1:
        return None
    returns = next(iter(functions.values())).returns
    if returns is None:
        return None
    try:
        inferred = [c for c in returns.infer() if c is not astroid.Uninferable]
    except Exception:  # noqa: BLE001
        return None
    if len(inferred) != 1 or not isinstance(inferred[0], nodes.ClassDef) or not inferred[0].root().file:
        return None
    return inferred[0]


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
        found = self._observed(node.expr)
        if found is None:
            return
        filename, classes = found
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

    def _observed(self, name_node: nodes.Name, via_call: bool = True) -> tuple[str, list[tuple[str, str]]] | None:
        """(checked file, observed classes as (module, qualified name)) of the value a name holds:
        an unannotated parameter the tests observed, or (``via_call``) a local assigned once from a
        method call on such a parameter (`record = destination.write_file(...)`), whose class is the
        one the method's return annotation names on every observed class; None otherwise."""
        name = name_node.name
        try:
            _, assigned = name_node.lookup(name)
        except Exception:  # noqa: BLE001
            return None
        if len(assigned) != 1 or not isinstance(assigned[0], nodes.AssignName):
            return None  # not a parameter or a local, or also assigned elsewhere
        parent = assigned[0].parent
        if isinstance(parent, nodes.Assign):
            call = parent.value
            if not (via_call and len(parent.targets) == 1 and parent.targets[0] is assigned[0]
                    and isinstance(call, nodes.Call) and isinstance(call.func, nodes.Attribute)
                    and isinstance(call.func.expr, nodes.Name)):
                return None
            found = self._observed(call.func.expr, via_call=False)
            if found is None:
                return None
            returned = set()
            for module, qualname in found[1]:
                cls = _class(module, qualname)
                result = _returned_class(cls, call.func.attrname) if cls is not None else None
                if result is None:
                    return None
                returned.add((result.root().name, result.qname()[len(result.root().name) + 1:]))
            return (found[0], sorted(returned)) if len(returned) == 1 else None
        if not isinstance(parent, nodes.Arguments):
            return None
        function = parent.parent
        if not isinstance(function, nodes.FunctionDef) or _annotated(parent, name):
            return None
        filename = os.path.realpath(function.root().file or "")
        if not filename.startswith(self.root + os.sep):
            return None
        rel = os.path.relpath(filename, self.root).replace(os.sep, "/")
        first = min([d.lineno for d in function.decorators.nodes] if function.decorators else [function.lineno])
        classes = self.table.get((rel, first, name))
        return (filename, classes) if classes else None


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
