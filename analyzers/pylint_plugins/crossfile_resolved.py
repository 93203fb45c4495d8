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
only when written through a class (``Renderer.__call__(self, text)``) or through ``super()``
(``super().__init__(...)``, ``super().wraps(fn)``: the first class after the current one in the
MRO that declares the member). The declaring
class is the first class of the receiver's class and its ancestors that declares the member
in its body or its methods (``self.m = ...``), never a class that merely assigns it from outside.

When astroid's own values of the receiver are incomplete (one ``Uninferable``, as when another
module assigns ``state.outcome = value`` with ``value: Any``) or are not instances (a function
cast to a Protocol), the receiver's *declared* class is taken instead, when its declaration
names exactly one class: the annotation of the attribute (``self.outcome: Future | None``), the
return annotation of a property (``def plan(self) -> Plan``) or of the function called, a
parameter's annotation (``cls: type[X] | None`` called gives an X), followed through a name's
single assignment, the first operand of ``or`` (``cls = self._cls or default``) and the return
annotation of an operator's dunder on the left operand (``api.get(url) % reply`` with
``def __mod__(self, reply) -> "Route"``).

When astroid's values are instances of several classes whose declarations of the member differ
(``self._connection: ConnectionInterface | None`` assigned an HTTP/1.1 or an HTTP/2 connection),
the use is reported on the receiver's declared class, provided it declares the member and every
value derives from it, with `` (declared type)`` at the end of the message: the member the code
names is the declared one, as a type checker's "go to definition" has it; the implementations'
members are not what the line uses (httpcore, held-out 21: 23 usages named them, definition
accuracy 0.874).

``--crossfile-root=<copy root>`` (an option of this plugin) says which files are the
repository's. Message text (parsed by ``lang/python``)::

    resolved <member> at <line>:<byte column> on <module>.<Class>[, ...] declared by <absolute file>::<Class>.<member>[ (declared type)]
"""

from __future__ import annotations

import os

import astroid
from astroid import nodes, objects
from pylint.checkers import BaseChecker

# the annotation readers of our other plugin: Pylint runs with this folder as its only path entry
from crossfile_annotations import (_annotation_of, _attribute_annotation, _declared_annotation, _element_annotation,
                                   _one_class, _own_values, _returned_class, _type_form_class, named_tuple_origin,
                                   plain_instance)

MESSAGE = "W9902"
# the message's tail when the receiver's values are several implementations and the declaration
# is the receiver's declared class's (the annotation's), not one implementation's
ANNOTATED = " (declared type)"
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
    cls = named_tuple_origin(value if isinstance(value, nodes.ClassDef) else value._proxied)
    try:
        found = value.getattr(member)
        order = [cls, *cls.ancestors()]
    except Exception:  # noqa: BLE001 - AttributeInferenceError and the like: not resolvable
        return None
    if member.startswith("__") and member.endswith("__"):
        # astroid gives every class a `__module__`, `__qualname__`... of its own, written nowhere
        # (`Outer.__module__` is object's, not the project's): a dunder counts where it is written
        found = [n for n in found if getattr(n, "lineno", None) is not None]
    owners = {_declaring_class(n) for n in found}
    for candidate in order:  # the first declaring class in lookup order
        if candidate in owners:
            return cls, candidate
    return None


def _super_declaration(value: objects.Super, member: str) -> tuple[nodes.ClassDef, nodes.ClassDef] | None:
    """(class ``super()`` is called in, first class after it in the MRO declaring ``member``)."""
    try:
        mro = value.super_mro()
    except Exception:  # noqa: BLE001 - a super() astroid cannot place says nothing
        return None
    for candidate in mro:
        if member in candidate.locals or member in candidate.instance_attrs:
            return value.mro_pointer, candidate
    return None


# links of a receiver chain followed by declarations (``route.calls.last.request`` through an
# operator and a call: 6)
_MAX_DEPTH = 6
# the method Python calls for ``left <op> right`` (the reflected ``__r*__`` of the right operand
# only when the left has none: not followed)
_OPERATOR_DUNDERS = {"+": "__add__", "-": "__sub__", "*": "__mul__", "@": "__matmul__", "/": "__truediv__",
                     "//": "__floordiv__", "%": "__mod__", "**": "__pow__", "<<": "__lshift__",
                     ">>": "__rshift__", "&": "__and__", "|": "__or__", "^": "__xor__"}


def _is_property(function: nodes.FunctionDef) -> bool:
    decorators = function.decorators.nodes if function.decorators else []
    return any(d.as_string().rsplit(".", 1)[-1] in ("property", "cached_property") for d in decorators)


def _declared_type(annotation) -> tuple[nodes.ClassDef, bool] | None:
    """(class, is the class itself) an annotation declares: ``X``/``X | None`` -> (X, False),
    ``type[X]``/``type[X] | None`` -> (X, True); anything naming no single class -> None."""
    if annotation is None:
        return None
    cls = _type_form_class(annotation)
    if cls is not None:
        return cls, True
    cls = _one_class(annotation)
    return (cls, False) if cls is not None else None


def _receiver_class(expr: nodes.NodeNG, depth: int) -> nodes.ClassDef | None:
    """The one class whose instances (or which itself) ``expr`` is: astroid's own values when
    they agree, else the declared class."""
    owners = set()
    for value in _own_values(expr.infer):
        if isinstance(value, nodes.Const) and value.value is None:
            continue
        if plain_instance(value):
            owners.add(value._proxied)
        elif isinstance(value, nodes.ClassDef):
            owners.add(value)
        else:
            owners = set()
            break
    if len(owners) == 1:
        return owners.pop()
    declared = _declared(expr, depth + 1)
    return declared[0] if declared else None


def _declared(expr: nodes.NodeNG, depth: int = 0) -> tuple[nodes.ClassDef, bool] | None:
    """What the code declares ``expr`` to be, without astroid's values of it: (class, is the
    class itself), or None."""
    if depth > _MAX_DEPTH:
        return None
    if isinstance(expr, nodes.Name):
        try:
            _, assignments = expr.lookup(expr.name)
        except Exception:  # noqa: BLE001
            return None
        if len(assignments) != 1 or not isinstance(assignments[0], nodes.AssignName):
            return None
        target = assignments[0]
        annotation = _annotation_of(target)
        if annotation is not None:
            return _declared_type(annotation)
        statement = target.parent
        if isinstance(statement, nodes.AnnAssign) and statement.target is target:
            return _declared_type(statement.annotation)
        if isinstance(statement, nodes.Assign) and statement.targets == [target]:
            return _declared(statement.value, depth + 1)
        return None
    if isinstance(expr, nodes.BoolOp) and expr.op == "or":
        return _declared(expr.values[0], depth + 1)
    if isinstance(expr, nodes.BinOp) and expr.op in _OPERATOR_DUNDERS:
        # ``route = api.get(url) % dict(...)``: the left operand's dunder, by its return annotation
        owner = _receiver_class(expr.left, depth)
        try:
            found = owner.getattr(_OPERATOR_DUNDERS[expr.op]) if owner is not None else []
        except Exception:  # noqa: BLE001
            found = []
        functions = [n for n in found if isinstance(n, nodes.FunctionDef)]
        cls = _returned_class(functions[0]) if len(functions) == 1 else None
        return (cls, False) if cls is not None else None
    if isinstance(expr, nodes.Call):
        func = _declared(expr.func, depth + 1)
        if func is not None:
            return (func[0], False) if func[1] else None  # calling type[X] makes an X
        callees = _own_values(expr.func.infer)
        if len(callees) == 1 and isinstance(callees[0], nodes.ClassDef) and callees[0].name != "type":
            return callees[0], False  # ``self.calls = CallList(...)``: an instance of the class called
        if len(callees) == 1:
            cls = _returned_class(callees[0])
            return (cls, False) if cls is not None else None
        return None
    if isinstance(expr, nodes.Subscript):
        cls = _one_class(_element_annotation(_declared_annotation(expr.value), subscript=True))
        return (cls, False) if cls is not None else None
    if isinstance(expr, nodes.Attribute):
        owner = _receiver_class(expr.expr, depth)
        if owner is None:
            return None
        try:
            found = owner.getattr(expr.attrname)
        except Exception:  # noqa: BLE001
            found = []
        for node in found:
            if isinstance(node, nodes.FunctionDef) and _is_property(node) and node.returns is not None:
                return _declared_type(node.returns)
        annotation = _attribute_annotation(owner, expr.attrname)
        if annotation is not None:
            return _declared_type(annotation)
        assigned = [n for n in owner.instance_attrs.get(expr.attrname, []) if isinstance(n, nodes.AssignAttr)]
        if len(assigned) == 1 and isinstance(assigned[0].parent, nodes.Assign):
            return _declared(assigned[0].parent.value, depth + 1)  # self.a = <a typed expression>
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
        values = self._values(node.expr)
        if not values:
            return
        through_super = all(isinstance(v, objects.Super) for v in values)
        if dunder and not through_super and not all(isinstance(v, nodes.ClassDef) for v in values):
            return  # a dunder counts only when called through the class (``Base.__call__(self)``) or super()
        declared = set()
        for value in values:
            found = _super_declaration(value, member) if isinstance(value, objects.Super) else _declaration(value, member)
            if found is None:
                return
            cls, owner = found
            if not self._real(cls.root().file).startswith(self.root):
                return  # an instance of a class outside the repository
            declared.add((self._real(owner.root().file), f"{owner.qname()[len(owner.root().name) + 1:]}.{member}",
                          cls.qname()))
        suffix = ""
        if len({(f, s) for f, s, _ in declared}) != 1:
            # several implementations: the member the receiver's declared class declares
            # (``self._connection: ConnectionInterface`` holding HTTP/1.1 and HTTP/2 ones)
            declared = self._declared_member(node.expr, member, values)
            if not declared:
                return
            suffix = ANNOTATED
        where = next(iter(declared))[0]
        if not where.startswith(self.root) or where == self._real(node.root().file):
            return  # declared outside the repository, or in this very file
        symbol = next(iter(declared))[1]
        line, column = node.end_lineno, node.end_col_offset - len(member.encode("utf-8"))
        classes = ", ".join(sorted({c for _, _, c in declared}))
        self.add_message(MESSAGE, node=node,
                         args=(f"resolved {member} at {line}:{column} on {classes} declared by {where}::{symbol}{suffix}",))

    def _declared_member(self, expr: nodes.NodeNG, member: str, values: list) -> set:
        """{(file, Class.member, class)} of the class ``expr`` is declared to be when it declares
        ``member`` and every inferred value is an instance of it or of a subclass; else empty."""
        try:
            found = _declared(expr)
        except Exception:  # noqa: BLE001 - an error of ours says nothing
            return set()
        if found is None:
            return set()
        cls, itself = found
        classes = [v if isinstance(v, nodes.ClassDef) else getattr(v, "_proxied", None) for v in values]
        if itself != all(isinstance(v, nodes.ClassDef) for v in values) or not all(
                c is not None and (c is cls or cls in c.ancestors()) for c in classes):
            return set()
        owner = _declaration(cls if itself else cls.instantiate_class(), member)
        if owner is None or not self._real(cls.root().file).startswith(self.root):
            return set()
        declaring = owner[1]
        return {(self._real(declaring.root().file),
                 f"{declaring.qname()[len(declaring.root().name) + 1:]}.{member}", cls.qname())}


    @staticmethod
    def _values(expr: nodes.NodeNG) -> list:
        """The receiver's values: astroid's own when complete (instances, classes, ``super()``;
        ``None`` aside), else the one declared class (an instance of it, or the class), else []."""
        values, complete = [], True
        try:
            for value in expr.infer():
                if isinstance(value, nodes.Const) and value.value is None:
                    continue
                if value is astroid.Uninferable or not (
                        isinstance(value, (nodes.ClassDef, objects.Super)) or plain_instance(value)):
                    complete = False  # unknown, or a module, a function, a constant, a builtin container...
                    break
                values.append(value)
                if len(values) > _MAX_VALUES:
                    return []
        except Exception:  # noqa: BLE001 - an inference failure: try the declaration
            complete = False
        if complete:
            return values
        try:
            declared = _declared(expr)
        except Exception:  # noqa: BLE001 - an error of ours says nothing
            return []
        if declared is None:
            return []
        cls, itself = declared
        return [cls if itself else cls.instantiate_class()]


def register(linter) -> None:  # Pylint's plugin entry point
    linter.register_checker(ResolvedMemberChecker(linter))
