"""Pylint plugin: members whose declaration Pylint's own inference finds in another file.

Stubbing reveals a member use only when emptying an import of the checked file changes what the
receiver is: ``order.tray.load()`` where ``order`` is an ``Order`` (imported, emptied: ``tray``
is an error) and ``tray`` a ``Tray`` of ``Order``'s module (real in every run: ``load`` never is
an error), ``Tray.from_size(3).load()`` (the emptied class has no ``from_size``, so its value is
unknown), a value returned by a function of another module... The Java checker answers this
with javac's attribution of the unmodified file; this is the same question put to Pylint's
inference engine (astroid), in the unmodified copy only: for every ``expr.member`` read or
written in a checked file, ``expr`` is inferred, and when every value is an instance of (or is) a class of
the repository and all of them resolve ``member`` to one declaration in another file of the
copy, ``W9902 crossfile-resolved-member`` reports the use with its exact position and the
declaration. A receiver astroid cannot infer completely (one ``Uninferable`` value) says
nothing; ``None`` values are left aside (``if self.x is not None: self.x.m()``). Dunders count
only when written through a class (``Renderer.__call__(self, text)``). The declaring
class is the first class of the receiver's class and its ancestors that declares the member
in its body or its methods (``self.m = ...``), never a class that merely assigns it from outside.

``--crossfile-root=<copy root>`` (an option of this plugin) says which files are the
repository's. Message text (parsed by ``lang/python``)::

    resolved <member> at <line>:<byte column> on <module>.<Class>[, ...] declared by <absolute file>::<Class>.<member>
"""

from __future__ import annotations

import os

import astroid
from astroid import bases, nodes
from pylint.checkers import BaseChecker

MESSAGE = "W9902"
SYMBOL = "crossfile-resolved-member"
_MAX_VALUES = 8


def _declaring_class(node: nodes.NodeNG) -> nodes.ClassDef | None:
    """The class whose body (or whose method, for ``self.x = ...``) declares ``node``."""
    frame = node.frame()
    if isinstance(frame, nodes.ClassDef):
        return frame
    if isinstance(frame, nodes.FunctionDef) and isinstance(frame.parent, nodes.ClassDef):
        return frame.parent
    return None


def _declaration(value, member: str) -> tuple[nodes.ClassDef, nodes.ClassDef] | None:
    """(class of the value, class declaring ``member`` for it), or None."""
    cls = value if isinstance(value, nodes.ClassDef) else value._proxied
    try:
        found = value.getattr(member)
        order = [cls, *cls.ancestors()]
    except Exception:  # noqa: BLE001 - AttributeInferenceError and the like: not resolvable
        return None
    owners = {_declaring_class(n) for n in found}
    for candidate in order:  # the first declaring class in lookup order
        if candidate in owners:
            return cls, candidate
    return None


class ResolvedMemberChecker(BaseChecker):
    name = "crossfile-resolved"
    msgs = {MESSAGE: ("%s", SYMBOL, "A member whose declaration Pylint's inference finds in another file.")}
    options = (("crossfile-root", {"default": "", "type": "string", "metavar": "<folder>",
                                   "help": "The checked copy: declarations outside it are not reported."}),)

    def open(self) -> None:
        root = self.linter.config.crossfile_root
        self.root = os.path.join(os.path.realpath(root), "") if root else ""
        self.files: dict[str, str] = {}

    def _real(self, path: str | None) -> str:
        if not path:
            return ""
        real = self.files.get(path)
        if real is None:
            real = self.files[path] = os.path.realpath(path)
        return real

    def visit_assignattr(self, node: nodes.AssignAttr) -> None:
        """``marker._markers = ...`` writes a member declared by another file's class: a use too
        (as javac's resolution reports ``options.slow = true``)."""
        self.visit_attribute(node)

    def visit_attribute(self, node: nodes.Attribute | nodes.AssignAttr) -> None:
        member = node.attrname
        dunder = member.startswith("__") and member.endswith("__")
        if not self.root:
            return
        try:
            values = []
            for value in node.expr.infer():
                if value is astroid.Uninferable:
                    return
                if isinstance(value, nodes.Const) and value.value is None:
                    continue
                if not (isinstance(value, nodes.ClassDef) or type(value) is bases.Instance):
                    return  # a module, a function, a constant, a builtin container...
                values.append(value)
                if len(values) > _MAX_VALUES:
                    return
        except Exception:  # noqa: BLE001 - an inference failure says nothing
            return
        if not values:
            return
        if dunder and not all(isinstance(v, nodes.ClassDef) for v in values):
            return  # a dunder counts only when called through the class (``Base.__call__(self)``)
        declared = set()
        for value in values:
            found = _declaration(value, member)
            if found is None:
                return
            cls, owner = found
            if not self._real(cls.root().file).startswith(self.root):
                return  # an instance of a class outside the repository
            declared.add((self._real(owner.root().file), f"{owner.qname()[len(owner.root().name) + 1:]}.{member}",
                          cls.qname()))
        if len({(f, s) for f, s, _ in declared}) != 1:
            return
        where = next(iter(declared))[0]
        if not where.startswith(self.root) or where == self._real(node.root().file):
            return  # declared outside the repository, or in this very file
        symbol = next(iter(declared))[1]
        line, column = node.end_lineno, node.end_col_offset - len(member.encode("utf-8"))
        classes = ", ".join(sorted({c for _, _, c in declared}))
        self.add_message(MESSAGE, node=node,
                         args=(f"resolved {member} at {line}:{column} on {classes} declared by {where}::{symbol}",))


def register(linter) -> None:  # Pylint's plugin entry point
    linter.register_checker(ResolvedMemberChecker(linter))
