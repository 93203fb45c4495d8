"""Pylint plugin: names typed by an annotation are inferred as instances of that class.

Pylint (astroid) ignores annotations, so ``def f(state: BlockState): state.tokens`` gives it
nothing to check: in real, annotated code most cross-file member uses go through such
parameters and stayed invisible. With these inference tips, emptying the imported ``BlockState``
makes ``state.tokens`` an E1101 like any other member of an emptied class, so the use is still
proven by the checker's diff (original run: no error; stubbed run: error), never guessed.

Typed by their annotation:

- parameters (``def f(x: X)``), always;
- annotated assignments (``x: X = make()``, ``self.x: X | None = None``, class-level and
  dataclass/attrs fields ``x: X``) when astroid infers no class instance from the value itself
  (a value it does infer, such as a subclass instance, is kept: it is more precise);
- calls of a function or method with a return annotation (``def parse() -> Parsed``,
  ``def copy(self) -> Self``) when astroid infers nothing but ``Uninferable``/``None`` from its
  body, or only instances of several subclasses of the annotated class (a lookup in a table
  of implementations: the annotation names the class that declares what they share);
- parameters annotated ``type[X]``: the class X itself (``cls()`` is then an X);
- elements of a collection whose annotation says what it holds (``for item in basket.items``
  with ``self.items: list[Item]``, ``table()[key]`` with ``-> dict[str, Item]``): the collection's
  annotation comes from a parameter, an annotated variable or attribute, or a return annotation;
  also iterated through ``reversed``/``sorted``/``list``/``tuple``/``iter``/``set``, unpacked
  from ``enumerate(items)``, and the keys/values of ``table.items()``/``.keys()``/``.values()``;
- a name or a subscript narrowed by ``if isinstance(name, X):`` or ``if type(name) is X:``
  (also ``type(a) is type(name) is X``) inside that branch; ``isinstance(name, (A, B))``
  narrows to ``A``;
- parameters annotated with a union of classes (``Union[A, B]``, ``A | B``): the first class;
- a value of a dict, list or tuple literal whose values are all instances of one class;
- ``ei.value`` after ``with pytest.raises(E) as ei:`` (also ``raises`` imported from pytest):
  an instance of E (pytest's ``ExceptionInfo[E]`` says so through a generic astroid cannot
  follow);
- an unannotated parameter of a test function (``test*``) or of a fixture, named like a pytest
  fixture with a return annotation (``@pytest.fixture def store() -> SQLiteStore``; a yield
  fixture's ``Iterator[X]``/``Generator[X, ...]`` gives X): the fixture of the test's class, else
  of its module, else of the nearest ``conftest.py`` above it (pytest's own lookup order; a
  fixture ``name=`` counts, fixtures a conftest only imports are not followed); an unannotated
  fixture whose every ``return`` (``yield``) constructs one class gives that class;
- the value of ``await f(...)`` where ``async def f(...) -> X`` (or ``def f(...) ->
  Awaitable[X]``): an instance of X (astroid infers no ``await``);
- the target of ``async with m as x``: what ``m``'s ``__aenter__`` returns by its annotation
  (``Self``: ``m``'s class; unannotated, ``m``'s class when it only returns ``self``), or what an
  ``@asynccontextmanager`` called as ``m`` yields (``-> AsyncIterator[X]``);

Handled annotations: ``X``, ``mod.X``, ``"X"`` (string annotations, resolved in the scope of the
annotation), ``Optional[X]`` and ``X | None``, ``Self`` for return values. Anything else
(generics, protocols that do not infer to a class, unions of several classes, the typing
module's own special forms) falls back to astroid's own inference.
Loaded with ``--load-plugins=crossfile_annotations`` (see ``analyzers/pylint.py``).
"""

from __future__ import annotations

import collections
import collections.abc
import os
import sys
import typing
from typing import Iterator

import astroid
from astroid import nodes, objects
from astroid.context import InferenceContext
from astroid.exceptions import AstroidError, InferenceError, UseInferenceDefault

_MAX_DEPTH = 4


def _annotation_of(name: nodes.AssignName) -> nodes.NodeNG | None:
    args = name.parent
    if not isinstance(args, nodes.Arguments):
        return None
    for params, notes in ((args.posonlyargs, args.posonlyargs_annotations), (args.args, args.annotations),
                          (args.kwonlyargs, args.kwonlyargs_annotations)):
        for param, annotation in zip(params or [], notes or []):
            if param is name:
                return annotation
    return None


def _string_annotation(node: nodes.Const) -> nodes.NodeNG | None:
    """``"pkg.Name"`` -> a Name/Attribute node placed where the string is, so it resolves in
    the function's scope (TYPE_CHECKING imports included). A generic ``"Name[P, R]"`` names
    its class (``Name``); ``"X | None"`` and ``"Optional[X]"`` name X."""
    text = node.value.strip()
    sides = [side.strip() for side in text.split("|")] if "[" not in text else [text]
    sides = [side for side in sides if side != "None"]
    if len(sides) != 1:
        return None
    text = sides[0]
    if text.endswith("]") and "[" in text:
        head, inner = text[:-1].split("[", 1)
        if head.strip().rsplit(".", 1)[-1] == "Optional":
            text = inner
        elif head.strip().rsplit(".", 1)[-1] in _NOT_GENERIC_CLASSES:
            return None  # list[X], dict[K, V], type[X]...: not the class of the value
        else:
            text = head
        text = text.strip()
    parts = text.split(".")
    if not parts or not all(p.isidentifier() for p in parts):
        return None
    expr: nodes.NodeNG = nodes.Name(parts[0], node.lineno, node.col_offset, node.parent,
                                    end_lineno=node.end_lineno, end_col_offset=node.end_col_offset)
    for part in parts[1:]:
        attr = nodes.Attribute(part, node.lineno, node.col_offset, node.parent,
                               end_lineno=node.end_lineno, end_col_offset=node.end_col_offset)
        attr.postinit(expr)
        expr = attr
    return expr


# subscripted forms that do not name the value's class (``list[X]`` is a list, ``type[X]`` a class)
_NOT_GENERIC_CLASSES = frozenset({"list", "List", "dict", "Dict", "set", "Set", "frozenset", "FrozenSet", "tuple",
                                  "Tuple", "type", "Type", "Union", "Callable", "Literal", "ClassVar", "Final",
                                  "Annotated", "Sequence", "Mapping", "Iterable", "Iterator", "Awaitable",
                                  "Coroutine", "Generator", "AsyncIterator", "AsyncGenerator", "Collection"})


def _classes(annotation: nodes.NodeNG | None, context=None, depth: int = 0) -> Iterator[nodes.ClassDef]:
    if annotation is None or depth > _MAX_DEPTH:
        return
    if isinstance(annotation, nodes.Const) and isinstance(annotation.value, str):
        yield from _classes(_string_annotation(annotation), context, depth + 1)
        return
    if isinstance(annotation, nodes.Subscript):
        form = annotation.value.as_string().rsplit(".", 1)[-1]
        if form == "Optional":
            yield from _classes(annotation.slice, context, depth + 1)
        elif form not in _NOT_GENERIC_CLASSES:  # a project generic: Box[int] is a Box
            for cls in _classes(annotation.value, context, depth + 1):
                if cls.root().name not in _SPECIAL_MODULES:
                    yield cls
        return
    if isinstance(annotation, nodes.BinOp) and annotation.op == "|":
        for side in (annotation.left, annotation.right):
            if not (isinstance(side, nodes.Const) and side.value is None):
                yield from _classes(side, context, depth + 1)
        return
    if isinstance(annotation, (nodes.Name, nodes.Attribute)):
        typevar = _typevar(annotation)
        if typevar is not None:
            # `self: _T` with `_T = TypeVar("_T", bound="Renderer")`: the bound (none: no class).
            # astroid makes the TypeVar a class `_T` of its own, with none of the bound's members
            # (marko, held-out 20: `with self.renderer as r: r.render(...)` was no use)
            bound = next((k.value for k in typevar.keywords or [] if k.arg == "bound"), None)
            yield from _classes(bound, context, depth + 1)
            return
        annotation = _unshadowed(annotation)
        try:
            for value in annotation.infer(context):
                if isinstance(value, nodes.ClassDef):
                    yield value
        except (InferenceError, AstroidError, RecursionError):
            yield from _forward_reference(annotation)


def _unshadowed(annotation: nodes.Name | nodes.Attribute) -> nodes.Name | nodes.Attribute:
    """An annotation whose first name is the very parameter or variable it annotates, or another
    parameter of its function (``def f(env: env.IsolatedEnv)`` after ``from . import env``;
    ``env: env.IsolatedEnv = make()``): astroid looks the name up in the function and finds the
    parameter (a value, never a class: Uninferable), where Python evaluates a parameter's
    annotation in the scope around the function (type checkers read a variable's the same way).
    A copy of the expression placed in that scope; any other annotation as it is (a class or an
    alias the function defines itself keeps its meaning)."""
    head = annotation
    while isinstance(head, nodes.Attribute):
        head = head.expr
    if not isinstance(head, nodes.Name):
        return annotation
    frame = head.frame()
    if not isinstance(frame, (nodes.FunctionDef, nodes.Lambda)) or frame.parent is None:
        return annotation
    try:
        scope, found = head.lookup(head.name)
    except AstroidError:
        return annotation
    params = {id(p) for p in frame.args.arguments or []} if isinstance(frame.args, nodes.Arguments) else set()

    def annotated_by_it(node: nodes.NodeNG) -> bool:  # the target of ``name: <this annotation> = ...``
        statement = node.parent
        return isinstance(statement, nodes.AnnAssign) and statement.target is node \
            and statement.lineno <= (head.lineno or 0) <= (statement.annotation.end_lineno or statement.lineno)

    if scope is not frame or not found or \
            not all(isinstance(n, nodes.AssignName) and (id(n) in params or annotated_by_it(n)) for n in found):
        return annotation
    statement = nodes.Expr(lineno=frame.lineno, col_offset=frame.col_offset, parent=frame.parent,
                           end_lineno=frame.lineno, end_col_offset=frame.col_offset)
    copy = _rebuild(annotation, statement)
    if copy is None:
        return annotation
    statement.postinit(copy)
    return copy


def _forward_reference(annotation: nodes.NodeNG) -> Iterator[nodes.ClassDef]:
    """A class of the annotation's module defined below it: ``def table() -> dict[str, Item]``
    before ``class Item`` (lazy with ``from __future__ import annotations`` or in a string).
    astroid looks an annotation up where it is written, so a later definition is not found."""
    if isinstance(annotation, nodes.Name):
        for node in annotation.root().locals.get(annotation.name, []):
            if isinstance(node, nodes.ClassDef) and node.parent is annotation.root():
                yield node


_SPECIAL_MODULES = frozenset({"typing", "typing_extensions", "builtins", "abc", "collections.abc", "_collections_abc"})
_SELF = frozenset({"Self", "typing.Self", "typing_extensions.Self"})
_MAX_VALUES = 16  # astroid's own default cap on inferred values of a node


def _one_class(annotation: nodes.NodeNG | None, context=None) -> nodes.ClassDef | None:
    """The single class an annotation names, or None (a union of classes would let a member of
    either pass for the other's; ``object``, ``type`` and typing's special forms say nothing)."""
    classes = list(_classes(annotation, context))
    if len(classes) != 1:
        return None
    cls = classes[0]
    if cls.name in ("object", "type") or cls.root().name in _SPECIAL_MODULES:
        return None
    return cls


def _is_annotated_parameter(name: nodes.AssignName) -> bool:
    return _annotation_of(name) is not None


class _TheClass:
    """What a tip answers for ``type[X]``: the class X itself, not an instance of it."""

    def __init__(self, cls: nodes.ClassDef) -> None:
        self.cls = cls


# the attribute of a node holding each tip's decision for it
_DECISIONS = "_crossfile_tip_decisions"


def _tip(decide):
    """An inference tip from ``decide(node, context) -> class, _TheClass or None``: an instance
    of the class (or the class itself), else astroid's own inference; an error of ours never
    reaches Pylint.

    A decision is taken once per node and kept on the node: the deciders probe astroid in fresh
    contexts (``_own_values``), so it does not depend on the caller's context, while astroid's
    cache of tips is keyed by that context (its call arguments, its bound node). Undecided, every
    call site of a method re-ran the probes of every annotated call in its body, and of theirs:
    exponential in the depth of the call chain (urllib3's ``poolmanager.py`` alone ran > 900 s
    and its files were abandoned, corpus 2026-11-28)."""
    def infer(node, context=None):
        decided = node.__dict__.setdefault(_DECISIONS, {})
        if decide in decided:
            cls = decided[decide]
        else:
            try:
                cls = decide(node, context)
            except UseInferenceDefault:
                raise
            except Exception:  # noqa: BLE001 - never let our tip crash Pylint: fall back to astroid's own
                cls = None
            decided[decide] = cls
        if cls is None:
            raise UseInferenceDefault
        return iter([cls.cls if isinstance(cls, _TheClass) else cls.instantiate_class()])

    return infer


_TYPE_FORMS = frozenset({"type", "Type"})


def _type_form_class(annotation: nodes.NodeNG | None, context=None) -> nodes.ClassDef | None:
    """X of ``type[X]``, ``type[X] | None``, ``Optional[type[X]]`` (else None)."""
    annotation = _unwrap_optional(annotation)
    if isinstance(annotation, nodes.Subscript) and annotation.value.as_string().rsplit(".", 1)[-1] in _TYPE_FORMS:
        return _one_class(annotation.slice, context)
    return None


def _class_or_type_form(annotation: nodes.NodeNG | None, context=None) -> nodes.ClassDef | _TheClass | None:
    """What a name annotated ``annotation`` holds: the class X itself for ``type[X]`` (also
    through an alias, :func:`_alias_value`), else an instance of the one class it names."""
    unwrapped = _unwrap_optional(annotation)
    if isinstance(unwrapped, nodes.Subscript) and unwrapped.value.as_string().rsplit(".", 1)[-1] in _TYPE_FORMS:
        cls = _type_form_class(annotation, context)  # cls: type[X] (| None)
        return _TheClass(cls) if cls is not None else None
    return _one_class(annotation, context)


@_tip
def _infer_parameter(name: nodes.AssignName, context=None) -> nodes.ClassDef | _TheClass | None:
    annotation = _annotation_of(name)
    return _class_or_type_form(annotation, context) or _union_first_class(annotation, context)


def _union_first_class(annotation: nodes.NodeNG | None, context=None) -> nodes.ClassDef | None:
    """The first class of ``Union[A, B]`` / ``A | B`` (``None`` aside) when every member names one
    class outside the builtins and typing: as for ``isinstance(x, (A, B))``, a member the
    classes share (``response.status_code`` declared by their common base) is attributed to
    the first one, one that only a later class declares is not seen (Pylint's no-member needs
    every inferred value to lack it)."""
    members = _union_members(annotation)
    if len(members) < 2:
        return None
    classes = [_one_class(member, context) for member in members]
    return None if any(c is None for c in classes) else classes[0]


def _union_members(annotation: nodes.NodeNG | None, depth: int = 0) -> list[nodes.NodeNG]:
    if annotation is None or depth > _MAX_DEPTH:
        return []
    if isinstance(annotation, nodes.Subscript) and annotation.value.as_string().rsplit(".", 1)[-1] in ("Union", "Optional"):
        items = annotation.slice.elts if isinstance(annotation.slice, nodes.Tuple) else [annotation.slice]
    elif isinstance(annotation, nodes.BinOp) and annotation.op == "|":
        items = [annotation.left, annotation.right]
    else:
        return [annotation]
    out: list[nodes.NodeNG] = []
    for item in items:
        if not (isinstance(item, nodes.Const) and item.value is None):
            out.extend(_union_members(item, depth + 1))
    return out


def _informative(values: list) -> bool:
    """Whether astroid's own values say more than "unknown": a class instance, a class, a
    constant other than None, a function..."""
    return any(v is not astroid.Uninferable and not (isinstance(v, nodes.Const) and v.value is None) for v in values)


def _own_values(infer) -> list:
    """What astroid infers by itself, probed in a fresh context: every inference of one query
    shares one budget of inferred nodes (past it astroid answers ``Uninferable``, and caches
    that), so a probe must not spend the caller's."""
    try:
        out = []
        for value in infer(InferenceContext()):
            out.append(value)
            if len(out) >= _MAX_VALUES:
                break
        return out
    except (InferenceError, AstroidError, RecursionError, StopIteration):
        return []


def _is_annotated_target(node: nodes.AssignName | nodes.AssignAttr) -> bool:
    parent = node.parent
    return isinstance(parent, nodes.AnnAssign) and parent.target is node and parent.annotation is not None


@_tip
def _infer_annotated_target(node: nodes.AssignName | nodes.AssignAttr, context=None) -> nodes.ClassDef | None:
    """``x: X = value`` / ``self.x: X | None = value`` / a field ``x: X``: an instance of X when
    the value itself tells astroid nothing better."""
    statement = node.parent
    if statement.value is not None and _informative(_own_values(statement.value.infer)):
        return None
    return _one_class(statement.annotation, context)


def _function_of(callee) -> nodes.FunctionDef | None:
    """The function a callee value is: a bound method's proxy is an unbound method, whose proxy
    is the function (astroid 3-4), so the proxies are followed to the end."""
    for _ in range(3):
        if isinstance(callee, nodes.FunctionDef):
            return callee
        if not isinstance(callee, (astroid.BoundMethod, astroid.UnboundMethod)):
            return None
        callee = callee._proxied
    return callee if isinstance(callee, nodes.FunctionDef) else None


def _returned_class(callee) -> nodes.ClassDef | None:
    """The class a callee's return annotation names (``Self``: the class it is called on)."""
    function = _function_of(callee)
    if function is None or function.returns is None:
        return None
    returns = function.returns
    text = returns.value if isinstance(returns, nodes.Const) and isinstance(returns.value, str) else returns.as_string()
    if text.strip() in _SELF:
        bound = getattr(callee, "bound", None)
        if isinstance(bound, astroid.Instance):
            return bound._proxied
        if isinstance(bound, nodes.ClassDef):
            return bound
        return function.parent.frame() if isinstance(function.parent, nodes.ClassDef) else None
    return _one_class(returns, None)


def _is_call(node: nodes.Call) -> bool:
    """A call of a name or attribute that astroid's own brain does not infer already: a tip of
    ours would replace the brain's (``super()``, ``namedtuple(...)``, ``dataclasses.field()``)."""
    return isinstance(node.func, (nodes.Name, nodes.Attribute)) and getattr(node, "_explicit_inference", None) is None


@_tip
def _infer_call(node: nodes.Call, context=None) -> nodes.ClassDef | None:
    """A call of a function with a return annotation: an instance of the annotated class when
    astroid's own inference of the body finds nothing but ``Uninferable`` or ``None``."""
    callees = _own_values(node.func.infer)
    if len(callees) != 1 or isinstance(callees[0], nodes.ClassDef):
        return None
    cls = _returned_class(callees[0])
    if cls is None:
        return None
    own = _own_values(node._infer)
    if _informative(own) and not _several_subclasses(own, cls):
        return None
    return cls


_CAST_MODULES = frozenset({"typing", "typing_extensions"})


def _is_cast_call(node: nodes.Call) -> bool:
    """``cast(C, value)`` / ``typing.cast(C, value)`` by its spelling (what it calls is checked
    by the tip)."""
    func = node.func
    name = func.name if isinstance(func, nodes.Name) else func.attrname if isinstance(func, nodes.Attribute) else None
    return name == "cast" and len(node.args) == 2 and not node.keywords


@_tip
def _infer_cast(node: nodes.Call, context=None) -> nodes.ClassDef | _TheClass | None:
    """``doc = cast(block.Document, make())``: an instance of the class the cast declares (also
    ``cast("block.Document", ...)`` and ``cast(type[X], ...)``). astroid's typing brain gives
    the second argument's value, which is often Uninferable (marko, held-out 20: ``doc.children``
    on such a value was no use); the cast is the program's own statement of the type, as for a
    type checker."""
    callees = _own_values(node.func.infer)
    if len(callees) != 1 or not isinstance(callees[0], nodes.FunctionDef) or callees[0].root().name not in _CAST_MODULES:
        return None
    return _class_or_type_form(node.args[0], context)


_PLAIN_INSTANCES = (astroid.Instance, objects.ExceptionInstance)
# subscripted names whose first argument is the value's class
_WRAPPING_GENERICS = frozenset({"Optional", "ClassVar", "Final", "Annotated", "Required", "NotRequired", "ReadOnly"})
# subscripted names of typing and the standard library that are no class of the value
_LIBRARY_GENERICS = frozenset(set(typing.__all__) | set(collections.abc.__all__) | set(collections.__all__)
                              | {"TypeAlias", "TypeGuard", "TypeIs", "Unpack", "Self", "LiteralString", "Never"})


def plain_instance(value) -> bool:
    """Whether astroid's ``value`` is an instance of a class as such: ``Instance``, or the
    ``ExceptionInstance`` astroid gives instances of ``Exception`` subclasses (``self`` in an
    exception class's method); not the constants, containers and other ``Instance`` subclasses
    astroid models on its own (python-jsonschema/referencing, held-out 19: ``self.resource`` of an
    exception class had no class, so its member use was lost)."""
    return type(value) in _PLAIN_INSTANCES


def _several_subclasses(values: list, cls: nodes.ClassDef) -> bool:
    """Whether ``values`` are instances of at least two classes, each ``cls`` or a subclass of
    it (``None``/``Uninferable`` aside): no one of them is the value's type, the annotation is."""
    classes = set()
    for value in values:
        if value is astroid.Uninferable or (isinstance(value, nodes.Const) and value.value is None):
            continue
        if not plain_instance(value):
            return False
        proxied = value._proxied
        if proxied is not cls and cls not in proxied.ancestors():
            return False
        classes.add(proxied)
    return len(classes) >= 2


def _annotated_class_expression(annotation: nodes.NodeNG, depth: int = 0) -> nodes.NodeNG | None:
    """The class expression of ``X``, ``mod.X``, ``"X"``, ``Optional[X]``, ``X | None``,
    ``ClassVar[X]``, ``Annotated[X, ...]`` and of a generic class's ``X[A, B]`` (the typing and
    collections generics, ``Union``, ``type[X]`` and the builtins' ``list[X]`` name no such class)."""
    if depth > _MAX_DEPTH:
        return None
    if isinstance(annotation, nodes.Const) and isinstance(annotation.value, str):
        return _string_annotation(annotation)
    if isinstance(annotation, nodes.Subscript):
        generic = annotation.value.as_string().rsplit(".", 1)[-1]
        if generic in _WRAPPING_GENERICS:
            inner = annotation.slice.elts[0] if isinstance(annotation.slice, nodes.Tuple) and generic == "Annotated" \
                else annotation.slice
            return _annotated_class_expression(inner, depth + 1)
        if isinstance(annotation.value, (nodes.Name, nodes.Attribute)) and generic[:1].isupper() \
                and generic not in _LIBRARY_GENERICS:
            return annotation.value  # `Resource[Any]`: an instance of the project's generic class
        return None
    if isinstance(annotation, nodes.BinOp) and annotation.op == "|":
        sides = [s for s in (annotation.left, annotation.right) if not (isinstance(s, nodes.Const) and s.value is None)]
        return _annotated_class_expression(sides[0], depth + 1) if len(sides) == 1 else None
    if isinstance(annotation, (nodes.Name, nodes.Attribute)):
        return annotation
    return None


def _is_class_field(node: nodes.AnnAssign) -> bool:
    return node.value is None and isinstance(node.parent, nodes.ClassDef) and isinstance(node.target, nodes.AssignName)


def _field_value(node: nodes.AnnAssign) -> nodes.AnnAssign:
    """A class-level ``x: X`` (a dataclass, attrs, NamedTuple or plain field) gets the value
    ``X()`` for inference: astroid leaves an annotation without a value out of the class's
    attributes, so ``self.x.member`` had no receiver. ``X()`` of an emptied X is an instance of
    the emptied class, as for an annotated parameter. Positions are the annotation's."""
    expression = _annotated_class_expression(node.annotation)
    if expression is None:
        return node
    call = nodes.Call(lineno=node.annotation.lineno, col_offset=node.annotation.col_offset, parent=node,
                      end_lineno=node.annotation.end_lineno, end_col_offset=node.annotation.end_col_offset)
    func = _rebuild(expression, call)
    if func is None:
        return node
    call.postinit(func=func, args=[], keywords=[])
    node.value = call
    return node


def _rebuild(expression: nodes.NodeNG, parent: nodes.NodeNG) -> nodes.NodeNG | None:
    """A copy of a Name/Attribute chain under ``parent`` (a node has one parent)."""
    where = dict(lineno=expression.lineno, col_offset=expression.col_offset, end_lineno=expression.end_lineno,
                 end_col_offset=expression.end_col_offset)
    if isinstance(expression, nodes.Name):
        return nodes.Name(expression.name, parent=parent, **where)
    if isinstance(expression, nodes.Attribute):
        attr = nodes.Attribute(expression.attrname, parent=parent, **where)
        inner = _rebuild(expression.expr, attr)
        if inner is None:
            return None
        attr.postinit(inner)
        return attr
    return None


_SEQUENCES = frozenset({"list", "List", "Sequence", "MutableSequence", "Iterable", "Iterator", "Collection",
                        "set", "Set", "frozenset", "FrozenSet", "AbstractSet", "MutableSet", "deque", "Deque"})
_MAPPINGS = frozenset({"dict", "Dict", "Mapping", "MutableMapping", "OrderedDict", "defaultdict", "DefaultDict"})


# qualifiers that say how a name holds its value, not what the value is: ``ClassVar[List[X]]``
_QUALIFIERS = frozenset({"Optional", "ClassVar", "Final", "Annotated"})


# subscripted heads that make an assignment a type alias (``ElementType = type[Element]``)
_ALIAS_FORMS = _NOT_GENERIC_CLASSES | _QUALIFIERS | frozenset({"Type", "Optional", "Union"})


def _assigned_value(annotation: nodes.NodeNG | None) -> nodes.NodeNG | None:
    """The value of the one module- or class-level assignment an annotation's name (``X``, or
    ``mod.X`` of a module) refers to (``X = ...``, ``X: TypeAlias = ...``), else None."""
    if isinstance(annotation, nodes.Name):
        try:
            _, found = annotation.lookup(annotation.name)
        except AstroidError:
            return None
    elif isinstance(annotation, nodes.Attribute):
        modules = [v for v in _own_values(annotation.expr.infer) if isinstance(v, nodes.Module)]
        found = modules[0].locals.get(annotation.attrname, []) if len(modules) == 1 else []
    else:
        return None
    if len(found) != 1 or not isinstance(found[0], nodes.AssignName):
        return None
    statement = found[0].parent
    if not isinstance(statement.scope(), (nodes.Module, nodes.ClassDef)):
        return None
    if isinstance(statement, nodes.Assign) and statement.targets == [found[0]]:
        return statement.value
    if (isinstance(statement, nodes.AnnAssign) and statement.target is found[0] and statement.value is not None
            and statement.annotation.as_string().rsplit(".", 1)[-1] == "TypeAlias"):
        return statement.value
    return None


def _alias_value(annotation: nodes.NodeNG | None) -> nodes.NodeNG | None:
    """The annotation an alias name stands for: ``element: ElementType`` with the module-level
    ``ElementType = type[element.Element]`` (often under ``if TYPE_CHECKING:`` at the bottom of
    the module) -> ``type[element.Element]``, placed where the alias is defined so its names
    resolve there; also ``mod.ElementType`` and ``X: TypeAlias = ...``. astroid infers such an
    alias to the builtin ``type`` (or ``list``...), which names no class of the project, so the
    parameter and loop tips read the form the alias stands for. None when ``annotation`` is no
    such alias (one assignment of a subscripted typing form or a ``|`` union)."""
    value = _assigned_value(annotation)
    if isinstance(value, nodes.Subscript) and value.value.as_string().rsplit(".", 1)[-1] in _ALIAS_FORMS:
        return value
    if isinstance(value, nodes.BinOp) and value.op == "|":
        return value
    return None


def _typevar(annotation: nodes.NodeNG | None) -> nodes.Call | None:
    """The ``TypeVar("_T", bound=...)`` call a name refers to (``_T = TypeVar(...)``), else None."""
    value = _assigned_value(annotation)
    if isinstance(value, nodes.Call) and value.func.as_string().rsplit(".", 1)[-1] == "TypeVar":
        return value
    return None


def _unalias(annotation: nodes.NodeNG | None) -> nodes.NodeNG | None:
    """``annotation`` with an alias of a typing form replaced by that form (:func:`_alias_value`),
    through a chain of aliases; anything else as it is."""
    for _ in range(_MAX_DEPTH):
        value = _alias_value(annotation)
        if value is None:
            return annotation
        annotation = value
    return annotation


def _unwrap_optional(annotation: nodes.NodeNG | None, depth: int = 0) -> nodes.NodeNG | None:
    """``Optional[C]`` / ``C | None`` -> ``C``; ``ClassVar[C]``, ``Final[C]``, ``Annotated[C, ...]``
    -> ``C``; an alias of one of these or of ``type[C]``/``list[C]``... -> what it stands for
    (anything else as it is)."""
    if annotation is None or depth > _MAX_DEPTH:
        return annotation
    annotation = _unalias(annotation)
    if isinstance(annotation, nodes.Subscript) and annotation.value.as_string().rsplit(".", 1)[-1] in _QUALIFIERS:
        inner = annotation.slice
        if isinstance(inner, nodes.Tuple) and inner.elts:
            inner = inner.elts[0]  # Annotated[C, metadata]
        return _unwrap_optional(inner, depth + 1)
    if isinstance(annotation, nodes.BinOp) and annotation.op == "|":
        sides = [s for s in (annotation.left, annotation.right) if not (isinstance(s, nodes.Const) and s.value is None)]
        return _unwrap_optional(sides[0], depth + 1) if len(sides) == 1 else None
    return annotation


def _element_annotation(annotation: nodes.NodeNG | None, subscript: bool) -> nodes.NodeNG | None:
    """What one element of a collection annotated ``annotation`` is annotated: ``list[X]`` -> X
    (iterated or subscripted), ``dict[K, V]`` -> K iterated, V subscripted, ``tuple[X, ...]`` -> X."""
    annotation = _unwrap_optional(annotation)
    if not isinstance(annotation, nodes.Subscript):
        return None
    form = annotation.value.as_string().rsplit(".", 1)[-1]
    args = annotation.slice.elts if isinstance(annotation.slice, nodes.Tuple) else [annotation.slice]
    if form in _SEQUENCES and len(args) == 1:
        return args[0]
    if form in _MAPPINGS and len(args) == 2:
        return args[1] if subscript else args[0]
    if form in ("tuple", "Tuple") and len(args) == 2 and isinstance(args[1], nodes.Const) and args[1].value is Ellipsis:
        return args[0]
    return None


def _attribute_annotation(cls: nodes.ClassDef, name: str) -> nodes.NodeNG | None:
    """The annotation of ``cls``'s (or an ancestor's) attribute ``name``: a class-level
    ``name: T`` or a ``self.name: T = ...`` in a method."""
    for klass in [cls, *cls.ancestors()]:
        for target in [*klass.locals.get(name, []), *klass.instance_attrs.get(name, [])]:
            statement = target.parent
            if isinstance(statement, nodes.AnnAssign) and statement.target is target:
                return statement.annotation
    return None


def _declared_annotation(expr: nodes.NodeNG) -> nodes.NodeNG | None:
    """The annotation that declares what ``expr`` is: a call's return annotation, an annotated
    parameter or variable's annotation, an annotated attribute's (``obj.items``)."""
    if isinstance(expr, nodes.Call):
        callees = _own_values(expr.func.infer)
        if len(callees) != 1:
            return None
        function = _function_of(callees[0])
        return function.returns if function is not None else None
    if isinstance(expr, nodes.Name):
        _, assignments = expr.lookup(expr.name)
        if len(assignments) != 1:
            return None
        target = assignments[0]
        annotation = _annotation_of(target) if isinstance(target, nodes.AssignName) else None
        if annotation is None and _is_annotated_target(target):
            annotation = target.parent.annotation
        if annotation is None and _assigned_call(target) is not None:
            annotation = _declared_annotation(_assigned_call(target))  # atoms = parse(v), -> Iterator[Atom]
        if annotation is None and _unpacking_call(target) is not None:  # notes, rest = exc.group() -> tuple[A, B]
            annotation = _unpacked_item(_declared_annotation(_unpacking_call(target)), target)
        return annotation
    if isinstance(expr, nodes.Attribute):
        # instances, or the class itself (``cls.routers`` in a classmethod, ``Mocker.routers``)
        owners = {v._proxied if plain_instance(v) else v for v in _own_values(expr.expr.infer)
                  if plain_instance(v) or isinstance(v, nodes.ClassDef)}
        return _attribute_annotation(owners.pop(), expr.attrname) if len(owners) == 1 else None
    return None


def _assigned_call(target: nodes.NodeNG) -> nodes.Call | None:
    """The call of ``name = call(...)`` (one plain target), else None."""
    statement = target.parent
    if (isinstance(target, nodes.AssignName) and isinstance(statement, nodes.Assign)
            and statement.targets == [target] and isinstance(statement.value, nodes.Call)):
        return statement.value
    return None


def _unpacking_call(target: nodes.NodeNG) -> nodes.Call | None:
    """The call of ``a, b = call(...)`` (or ``(a,) = ...``, ``[a, b] = ...``) when ``target`` is
    one of the names (no starred name)."""
    names = target.parent
    statement = names.parent if names is not None else None
    if (isinstance(target, nodes.AssignName) and isinstance(names, (nodes.Tuple, nodes.List))
            and isinstance(statement, nodes.Assign)
            and statement.targets == [names] and isinstance(statement.value, nodes.Call)
            and not any(isinstance(e, nodes.Starred) for e in names.elts)):
        return statement.value
    return None


def _tuple_items(annotation: nodes.NodeNG | None) -> list[nodes.NodeNG] | None:
    """The element annotations of a fixed-length ``tuple[A, B]`` / ``Tuple[A, B]`` (``Optional``
    unwrapped); None for ``tuple[X, ...]`` and anything else."""
    annotation = _unwrap_optional(annotation)
    if not (isinstance(annotation, nodes.Subscript) and annotation.value.as_string().rsplit(".", 1)[-1] in ("tuple", "Tuple")):
        return None
    args = annotation.slice.elts if isinstance(annotation.slice, nodes.Tuple) else [annotation.slice]
    return None if any(isinstance(a, nodes.Const) and a.value is Ellipsis for a in args) else list(args)


def _unpacked_item(annotation: nodes.NodeNG | None, node: nodes.NodeNG) -> nodes.NodeNG | None:
    """The annotation of ``node``, one name of the unpacking target ``node.parent``, when the
    unpacked value is annotated ``tuple[A, B]`` with as many items as the target has names, or
    is a homogeneous collection (``list[X]``, ``Sequence[X]``, ``tuple[X, ...]``: every name an
    ``X``, as in ``(ping,) = container.get_pings()`` with ``-> list[Ping]``)."""
    names = node.parent
    if not isinstance(names, (nodes.Tuple, nodes.List)) or not any(name is node for name in names.elts):
        return None
    items = _tuple_items(annotation)
    if items is None:
        return _element_annotation(annotation, subscript=False)
    if len(items) != len(names.elts):
        return None
    return next((item for item, name in zip(items, names.elts) if name is node), None)


def _is_unpacked_call_target(node: nodes.AssignName) -> bool:
    return _unpacking_call(node) is not None


@_tip
def _infer_unpacked_call_target(node: nodes.AssignName, context=None) -> nodes.ClassDef | None:
    """``notes, rest = exc.group_exceptions()`` with ``-> tuple[list[Note], list[Exception]]``:
    ``notes`` a ``list[Note]`` says nothing, a name unpacked to a plain class is an instance of
    it, when astroid's own inference of the name says nothing better."""
    if _informative(_own_values(node._infer)):
        return None
    return _one_class(_unpacked_item(_declared_annotation(_unpacking_call(node)), node), context)


# builtins whose result iterates over the elements of their first argument, in some order
_KEEP_ELEMENTS = frozenset({"reversed", "sorted", "list", "tuple", "iter", "set", "frozenset"})


def _builtin_call(expr: nodes.NodeNG, names: frozenset[str]) -> str | None:
    """The name of the builtin ``expr`` calls with at least one positional argument, when it is
    one of ``names`` and the name is the builtin's (not a function of the project's)."""
    if not (isinstance(expr, nodes.Call) and isinstance(expr.func, nodes.Name) and expr.func.name in names
            and expr.args and not isinstance(expr.args[0], nodes.Starred)):
        return None
    callees = _own_values(expr.func.infer)
    if len(callees) != 1 or callees[0].root().name != "builtins":
        return None
    return expr.func.name


def _mapping_annotations(annotation: nodes.NodeNG | None) -> tuple[nodes.NodeNG, nodes.NodeNG] | None:
    """(K, V) of ``dict[K, V]`` and the other mapping forms (``Optional`` unwrapped), else None."""
    annotation = _unwrap_optional(annotation)
    if not isinstance(annotation, nodes.Subscript) or annotation.value.as_string().rsplit(".", 1)[-1] not in _MAPPINGS:
        return None
    args = annotation.slice.elts if isinstance(annotation.slice, nodes.Tuple) else [annotation.slice]
    return (args[0], args[1]) if len(args) == 2 else None


def _iterated_annotation(iterable: nodes.NodeNG, depth: int = 0) -> nodes.NodeNG | None:
    """The annotation of one element that iterating ``iterable`` yields: ``items`` with
    ``items: Sequence[Item]`` -> ``Item``, through ``reversed(items)``, ``sorted(items, ...)``,
    ``list(items)`` and the like; ``table.values()`` with ``table: dict[str, Item]`` -> ``Item``."""
    if depth > _MAX_DEPTH:
        return None
    if _builtin_call(iterable, _KEEP_ELEMENTS):
        return _iterated_annotation(iterable.args[0], depth + 1)
    if isinstance(iterable, (nodes.GeneratorExp, nodes.ListComp, nodes.SetComp)) and len(iterable.generators) == 1:
        # `(e for e in table.values() if ...)`: the elements of what the comprehension iterates
        loop = iterable.generators[0]
        if isinstance(iterable.elt, nodes.Name) and isinstance(loop.target, nodes.AssignName) \
                and iterable.elt.name == loop.target.name:
            return _iterated_annotation(loop.iter, depth + 1)
        return None
    if (isinstance(iterable, nodes.Call) and isinstance(iterable.func, nodes.Attribute) and not iterable.args
            and iterable.func.attrname in ("keys", "values")):
        pair = _mapping_annotations(_declared_annotation(iterable.func.expr))
        return None if pair is None else pair[iterable.func.attrname == "values"]
    return _element_annotation(_declared_annotation(iterable), subscript=False)


def _unpacked_annotation(node: nodes.AssignName, iterable: nodes.NodeNG) -> nodes.NodeNG | None:
    """The annotation of ``node``, one name of an unpacking target of a loop over
    ``enumerate(items)`` (the second name: an element of ``items``), ``table.items()`` (key,
    value of ``table: dict[K, V]``) or items annotated ``tuple[A, B, ...]`` (``for exc, note in
    pairs`` with ``pairs: list[tuple[Exception, Note]]``: ``note`` a ``Note``)."""
    target = node.parent
    if not (isinstance(target, nodes.Tuple) and any(e is node for e in target.elts)):
        return None
    second = len(target.elts) == 2 and target.elts[1] is node
    if _builtin_call(iterable, frozenset({"enumerate"})):
        return _iterated_annotation(iterable.args[0]) if second else None
    if (isinstance(iterable, nodes.Call) and isinstance(iterable.func, nodes.Attribute) and not iterable.args
            and iterable.func.attrname == "items"):
        pair = _mapping_annotations(_declared_annotation(iterable.func.expr))
        return None if pair is None or len(target.elts) != 2 else pair[second]
    return _unpacked_item(_iterated_annotation(iterable), node)


def _loop_of(node: nodes.AssignName) -> nodes.For | nodes.Comprehension | None:
    """The loop (or comprehension) whose target is ``node`` or a tuple of names holding it."""
    parent = node.parent
    if isinstance(parent, nodes.Tuple) and len(parent.elts) >= 2:
        parent, node = parent.parent, parent
    if isinstance(parent, (nodes.For, nodes.Comprehension)) and parent.target is node:
        return parent
    return None


def _is_loop_target(node: nodes.AssignName) -> bool:
    return _loop_of(node) is not None


@_tip
def _infer_loop_target(node: nodes.AssignName, context=None) -> nodes.ClassDef | _TheClass | None:
    """``for item in basket.items`` with ``items: list[Item]``: an ``Item`` when astroid's own
    inference of the iterated values says nothing (an empty list at its creation...); also
    through ``reversed``/``sorted``/``list``/... (:func:`_iterated_annotation`) and for the
    names of ``for i, item in enumerate(items)`` and ``for key, value in table.items()``."""
    if _informative(_own_values(node._infer)):
        return None
    loop = _loop_of(node)
    if loop is None:
        return None
    if loop.target is node:
        return _class_or_type_form(_iterated_annotation(loop.iter))
    return _class_or_type_form(_unpacked_annotation(node, loop.iter))


# builtins taking a one-argument function of the elements of their first argument as `key=`
_KEY_FUNCTION_CALLS = frozenset({"sorted", "min", "max"})


def _key_lambda_iterable(node: nodes.AssignName) -> nodes.NodeNG | None:
    """The iterable whose elements ``node``, the one parameter of a lambda, receives:
    ``sorted(items, key=lambda e: e.priority)`` (also ``min``/``max`` and ``items.sort(key=...)``
    on a list), ``map(lambda e: ..., items)``, ``filter(lambda e: ..., items)``."""
    args = node.parent
    lam = args.parent if isinstance(args, nodes.Arguments) else None
    if not isinstance(lam, nodes.Lambda) or len(args.args or []) != 1 or args.args[0] is not node:
        return None
    holder = lam.parent
    if isinstance(holder, nodes.Keyword) and holder.arg == "key" and isinstance(holder.parent, nodes.Call):
        call = holder.parent
        if _builtin_call(call, _KEY_FUNCTION_CALLS):
            return call.args[0]
        if isinstance(call.func, nodes.Attribute) and call.func.attrname == "sort" and not call.args:
            return call.func.expr
        return None
    if isinstance(holder, nodes.Call) and len(holder.args) == 2 and holder.args[0] is lam \
            and _builtin_call(holder, frozenset({"map", "filter"})):
        return holder.args[1]
    return None


def _is_key_lambda_parameter(node: nodes.AssignName) -> bool:
    return isinstance(node.parent, nodes.Arguments) and isinstance(node.parent.parent, nodes.Lambda)


@_tip
def _infer_key_lambda_parameter(node: nodes.AssignName, context=None) -> nodes.ClassDef | _TheClass | None:
    """``sorted(self.block_elements.values(), key=lambda e: e.priority)`` with ``dict[str,
    type[Element]]``: ``e`` is what iterating the first argument gives (:func:`_iterated_annotation`);
    astroid infers a lambda's parameter as Uninferable (marko, held-out 20)."""
    iterable = _key_lambda_iterable(node)
    if iterable is None or _informative(_own_values(node._infer)):
        return None
    return _class_or_type_form(_iterated_annotation(iterable))


def _is_read_subscript(node: nodes.Subscript) -> bool:
    return getattr(node.ctx, "name", "") == "Load" and not isinstance(node.slice, nodes.Slice)


@_tip
def _infer_subscript(node: nodes.Subscript, context=None) -> nodes.ClassDef | None:
    """``table()[key]`` with ``-> dict[str, Item]``, ``items[0]`` with ``items: list[Item]``; as for
    a call, instances of several subclasses of the annotated class give way to the annotation.
    Inside ``if type(out[-1]) is Chunk:`` (or ``isinstance``), ``out[-1]`` is a ``Chunk``; a value
    of a dict or list literal of instances of one class (``self.conn = {A: Conn(A), B:
    Conn(B)}``, then ``self.conn[role]``) is an instance of that class."""
    own = _own_values(node._infer)
    if _narrowing(node) is not None:
        return _narrowed_class(node, own, context)
    known = _informative(own)
    if known and len({v._proxied for v in own if plain_instance(v)}) < 2:
        return None  # astroid knows (one class at most): its answer stands, the annotation is not read
    cls = _one_class(_element_annotation(_declared_annotation(node.value), subscript=True))
    if cls is None and not known:
        return _literal_element_class(node.value)
    if cls is None or (known and not _several_subclasses(own, cls)):
        return None
    return cls


def _literal_element_class(collection: nodes.NodeNG) -> nodes.ClassDef | None:
    """The class of every value of the dict, list or tuple literal ``collection`` infers to (a
    project class's instances, all of one class), else None."""
    literals = [v for v in _own_values(collection.infer) if v is not astroid.Uninferable]
    if len(literals) != 1 or not isinstance(literals[0], (nodes.Dict, nodes.List, nodes.Tuple)):
        return None
    literal = literals[0]
    elements = [value for _, value in literal.items] if isinstance(literal, nodes.Dict) else list(literal.elts)
    if not elements:
        return None
    classes = set()
    for element in elements:
        values = [v for v in _own_values(element.infer) if v is not astroid.Uninferable]
        if len(values) != 1 or not plain_instance(values[0]):
            return None
        classes.add(values[0]._proxied)
    if len(classes) != 1:
        return None
    cls = classes.pop()
    return None if cls.root().name in _SPECIAL_MODULES else cls


_SCOPES = (nodes.FunctionDef, nodes.AsyncFunctionDef, nodes.Lambda, nodes.ClassDef, nodes.Module)


def _isinstance_class(test: nodes.NodeNG, name: str) -> nodes.NodeNG | None:
    """The class expression of ``isinstance(name, X)`` or ``type(name) is X`` in an ``if`` test
    (alone or in an ``and``); ``X`` may be a tuple of classes ``(A, B)`` for ``isinstance``.
    ``name`` is the narrowed expression as written (``event``, ``out[-1]``)."""
    if isinstance(test, nodes.BoolOp) and test.op == "and":
        found = [c for c in (_isinstance_class(v, name) for v in test.values) if c is not None]
        return found[0] if len(found) == 1 else None
    if isinstance(test, nodes.Compare):
        return _type_is_class(test, name)
    if (isinstance(test, nodes.Call) and isinstance(test.func, nodes.Name) and test.func.name == "isinstance"
            and len(test.args) == 2 and isinstance(test.args[0], (nodes.Name, nodes.Subscript))
            and test.args[0].as_string() == name and _class_expressions(test.args[1])):
        return test.args[1]
    return None


def _type_is_class(test: nodes.Compare, name: str) -> nodes.NodeNG | None:
    """X of ``type(name) is X`` (or ``==``), also in a chain ``type(a) is type(name) is X``: every
    operand but one is a ``type(...)`` call, the one left is the class."""
    if not test.ops or any(op not in ("is", "==") for op, _ in test.ops):
        return None
    operands = [test.left, *(operand for _, operand in test.ops)]
    calls = [o for o in operands if isinstance(o, nodes.Call) and isinstance(o.func, nodes.Name)
             and o.func.name == "type" and len(o.args) == 1 and not o.keywords]
    others = [o for o in operands if not any(o is c for c in calls)]
    if len(others) != 1 or not isinstance(others[0], (nodes.Name, nodes.Attribute)):
        return None
    return others[0] if any(c.args[0].as_string() == name for c in calls) else None


def _class_expressions(node: nodes.NodeNG) -> list[nodes.NodeNG]:
    """``[X]`` for ``X`` or ``mod.X``, the elements of a tuple ``(A, B)`` of such, else ``[]``."""
    items = node.elts if isinstance(node, nodes.Tuple) else [node]
    return items if items and all(isinstance(i, (nodes.Name, nodes.Attribute)) for i in items) else []


def _narrowing(node: nodes.Name | nodes.Subscript) -> nodes.NodeNG | None:
    """The class an enclosing ``if isinstance(x, X):`` (or ``if type(x) is X:``) narrows ``node``
    to, ``x`` being ``node`` as written (a name, or a subscript such as ``out[-1]``), when the
    branch assigns the name (the subscript's base name) nowhere before it (``key = key.key``
    reads the narrowed ``key``)."""
    base = node
    while isinstance(base, nodes.Subscript):
        base = base.value
    if not isinstance(base, nodes.Name):
        return None
    written = node.as_string()
    child, parent = node, node.parent
    while parent is not None and not isinstance(parent, _SCOPES):
        if isinstance(parent, nodes.If) and child in parent.body:
            found = _isinstance_class(parent.test, written)
            if found is not None:
                index = parent.body.index(child)
                before = parent.body[:index] + [s for s in parent.body[index:index + 1] if _assigns_after(s, node)]
                assigned = any(a.name == base.name for statement in before
                               for a in statement.nodes_of_class(nodes.AssignName))
                if node is not base:  # ``out[-1] = ...`` or ``out.append(...)`` may change the element
                    assigned = assigned or any(_touches(inner, base.name, node) for statement in before
                                               for inner in statement.nodes_of_class((nodes.Call, nodes.Subscript)))
                return None if assigned else found
        child, parent = parent, parent.parent
    return None


def _touches(inner: nodes.NodeNG, name: str, node: nodes.NodeNG) -> bool:
    """Whether ``inner`` (before ``node`` in the narrowed branch) may change the collection
    ``name``: a call of one of its methods or a store into it."""
    if inner is node:
        return False
    if isinstance(inner, nodes.Call):
        func = inner.func
        return isinstance(func, nodes.Attribute) and isinstance(func.expr, nodes.Name) and func.expr.name == name
    return (getattr(inner.ctx, "name", "") != "Load" and isinstance(inner.value, nodes.Name)
            and inner.value.name == name)


def _assigns_after(statement: nodes.NodeNG, node: nodes.Name) -> bool:
    """Whether ``statement`` (which holds ``node``) may assign the name before ``node`` is read:
    anything but a plain assignment whose value holds the read (``key = key.key``)."""
    if isinstance(statement, (nodes.Assign, nodes.AnnAssign, nodes.AugAssign)) and statement.value is not None:
        value = statement.value
        current = node
        while current is not None and current is not statement:
            if current is value:
                return False
            current = current.parent
    return True


def _is_narrowed_name(node: nodes.Name) -> bool:
    return _narrowing(node) is not None


@_tip
def _infer_narrowed_name(node: nodes.Name, context=None) -> nodes.ClassDef | None:
    """Inside ``if isinstance(key, Item):``, ``key`` is an ``Item`` unless astroid already infers
    only instances of ``Item`` or its subclasses (those are more precise).

    With a tuple ``isinstance(data, (Table, Inline))`` the name is an instance of the first class:
    a member the classes share is then attributed to the file of the first one that declares it
    (the labeling rule for a union), one only the later classes declare is not seen. Pylint's
    no-member needs every inferred value to lack the member, so inferring all of them would
    hide the first class's members whenever another class of the tuple keeps them.
    """
    return _narrowed_class(node, [v for v in _own_values(node._infer) if v is not astroid.Uninferable], context)


def _narrowed_class(node: nodes.Name | nodes.Subscript, own: list, context=None) -> nodes.ClassDef | None:
    """The class the enclosing test narrows ``node`` to (the first of a tuple), unless astroid's
    own values ``own`` are already all instances of those classes or their subclasses."""
    expressions = _class_expressions(_narrowing(node))
    classes = [_one_class(e, context) for e in expressions]
    if not classes or any(c is None for c in classes):
        return None
    cls = classes[0]
    own = [v for v in own if v is not astroid.Uninferable]
    if own and all(plain_instance(v) and any(v._proxied is c or c in v._proxied.ancestors() for c in classes)
                   for v in own):
        return None
    return cls


def _is_raises_value(node: nodes.Attribute) -> bool:
    return node.attrname == "value" and isinstance(node.expr, nodes.Name)


def _is_pytest_raises(func: nodes.NodeNG) -> bool:
    """``pytest.raises`` or a ``raises`` imported from pytest (read from the code, not inferred)."""
    if isinstance(func, nodes.Attribute):
        return func.attrname == "raises" and isinstance(func.expr, nodes.Name) and func.expr.name == "pytest"
    if isinstance(func, nodes.Name) and func.name == "raises":
        _, found = func.lookup("raises")
        return bool(found) and all(isinstance(f, nodes.ImportFrom) and f.modname == "pytest" for f in found)
    return False


def _raises_class(target: nodes.NodeNG, context=None) -> nodes.ClassDef | None:
    """E of ``with pytest.raises(E) as target:`` (one class, not a tuple), else None."""
    statement = target.parent
    if not isinstance(target, nodes.AssignName) or not isinstance(statement, nodes.With):
        return None
    call = next((item for item, name in statement.items if name is target), None)
    if not isinstance(call, nodes.Call) or not call.args or not _is_pytest_raises(call.func):
        return None
    return _one_class(call.args[0], context)


@_tip
def _infer_raises_value(node: nodes.Attribute, context=None) -> nodes.ClassDef | None:
    """``ei.value`` of ``with pytest.raises(VerificationError) as ei:`` is a VerificationError;
    every assignment of ``ei`` that reaches the read must say the same class."""
    _, assigned = node.expr.lookup(node.expr.name)
    classes = {_raises_class(a, context) for a in assigned} if assigned else {None}
    return classes.pop() if len(classes) == 1 else None


_YIELD_FORMS = frozenset({"Iterator", "Generator", "Iterable", "AsyncIterator", "AsyncGenerator"})
_CONFTEST_LEVELS = 8  # folders walked up from a test module to its source root for conftest.py


def _fixture_name(func: nodes.FunctionDef) -> str | None:
    """The fixture name of ``@pytest.fixture``, ``@pytest.fixture(...)`` or ``@fixture`` (imported
    from pytest) on ``func`` (its ``name=`` if given, else the function's), else None."""
    for decorator in (func.decorators.nodes if func.decorators else ()):
        call = decorator if isinstance(decorator, nodes.Call) else None
        target = call.func if call is not None else decorator
        if isinstance(target, nodes.Attribute):
            ok = target.attrname == "fixture" and isinstance(target.expr, nodes.Name) and target.expr.name == "pytest"
        elif isinstance(target, nodes.Name) and target.name == "fixture":
            _, found = target.lookup("fixture")
            ok = bool(found) and all(isinstance(f, nodes.ImportFrom) and f.modname == "pytest" for f in found)
        else:
            ok = False
        if ok:
            named = next((k.value for k in (call.keywords or []) if k.arg == "name"), None) if call is not None else None
            if isinstance(named, nodes.Const) and isinstance(named.value, str):
                return named.value
            return func.name
    return None


def _is_fixture_parameter(name: nodes.AssignName) -> bool:
    """An unannotated, default-less parameter (not ``self``/``cls``) of a ``test*`` function or of
    a fixture: what pytest fills with the fixture of that name."""
    args = name.parent
    if not isinstance(args, nodes.Arguments) or _annotation_of(name) is not None:
        return False
    func = args.parent
    if not isinstance(func, nodes.FunctionDef):
        return False
    params = list(args.args or [])
    if name not in params and name not in (args.kwonlyargs or []):
        return False
    if name in params:
        at = params.index(name)
        if at >= len(params) - len(args.defaults or []):
            return False  # a default value: not a fixture
        if at == 0 and func.is_method() and func.type != "staticmethod":
            return False
    elif args.kw_defaults and args.kw_defaults[args.kwonlyargs.index(name)] is not None:
        return False
    return func.name.startswith("test") or _fixture_name(func) is not None


def _fixtures_in(body: list, wanted: str) -> nodes.FunctionDef | None:
    found = None
    for statement in body:
        if isinstance(statement, nodes.FunctionDef) and _fixture_name(statement) == wanted:
            found = statement  # the last definition wins, as at run time
    return found


def _conftest_modules(module: nodes.Module) -> Iterator[nodes.Module]:
    """``conftest.py`` of the module's folder, then of each folder above it up to the source root
    that holds it (a ``sys.path`` entry while Pylint checks it); none beyond that root."""
    if not module.file:
        return
    roots = {os.path.realpath(p) for p in sys.path if p}
    folder = os.path.dirname(os.path.realpath(module.file))
    for _ in range(_CONFTEST_LEVELS):
        candidate = os.path.join(folder, "conftest.py")
        if os.path.realpath(candidate) != os.path.realpath(module.file) and os.path.isfile(candidate):
            try:
                yield astroid.MANAGER.ast_from_file(candidate)
            except AstroidError:
                pass
        if folder in roots:
            return
        parent = os.path.dirname(folder)
        if parent == folder:
            return
        folder = parent


def _fixture_of(name: nodes.AssignName) -> nodes.FunctionDef | None:
    func = name.parent.parent
    wanted = name.name
    scope = func.parent
    if isinstance(scope, nodes.ClassDef):
        found = _fixtures_in(scope.body, wanted)
        if found is not None and found is not func:
            return found
    module = func.root()
    found = _fixtures_in(module.body, wanted)
    if found is not None and found is not func:
        return found
    if isinstance(module, nodes.Module):
        for conftest in _conftest_modules(module):
            found = _fixtures_in(conftest.body, wanted)
            if found is not None:
                return found
    return None


def _constructed_class(fixture: nodes.FunctionDef, context=None) -> nodes.ClassDef | None:
    """The one class every ``return`` (every ``yield`` of a generator) of an unannotated fixture
    constructs: ``return SchemeDictionaryDestination(scheme_dict, ...)`` (pypa/installer). Any
    other value (a factory's result, a name, a second class, a bare ``return``) says nothing."""
    kind = nodes.Yield if fixture.is_generator() else nodes.Return
    nested = (nodes.FunctionDef, nodes.Lambda, nodes.ClassDef)  # their returns are not the fixture's
    found: set[nodes.ClassDef] = set()
    for statement in fixture.body:
        if isinstance(statement, nested):
            continue
        for node in statement.nodes_of_class(kind, skip_klass=nested):
            value = node.value
            if not isinstance(value, nodes.Call):
                return None
            cls = _one_class(value.func, context) or _called_class(value.func)
            if cls is None:
                return None
            found.add(cls)
    return found.pop() if len(found) == 1 else None


def _called_class(func: nodes.NodeNG) -> nodes.ClassDef | None:
    """The one project class a callee that is a value, not a class's name, holds: a fixture's
    parameter handing out a class (``converter_cls(...)``); read as a value, where
    :func:`_one_class` reads an annotation (in the scope around the function)."""
    values = [v for v in _own_values(func.infer) if v is not astroid.Uninferable]
    if len(values) != 1 or not isinstance(values[0], nodes.ClassDef) or values[0].root().name in _SPECIAL_MODULES:
        return None
    return values[0]


def _parametrized_class(fixture: nodes.FunctionDef, context=None) -> nodes.ClassDef | None:
    """The class a fixture parametrized over classes hands out: ``@pytest.fixture(params=(Base,
    Sub)) def converter_cls(request): return request.param``. As for ``isinstance(x, (A, B))``,
    the first class stands for all (a member they share is attributed to the first that declares
    it); any other return, or a parameter that is not a class, says nothing."""
    returns = list(fixture.nodes_of_class(nodes.Return, skip_klass=(nodes.FunctionDef, nodes.Lambda, nodes.ClassDef)))
    params = fixture.args.args or []
    if not (len(returns) == 1 and isinstance(returns[0].value, nodes.Attribute) and returns[0].value.attrname == "param"
            and isinstance(returns[0].value.expr, nodes.Name) and params and returns[0].value.expr.name == params[0].name
            and params[0].name == "request"):
        return None
    for decorator in fixture.decorators.nodes if fixture.decorators else ():
        values = [k.value for k in (decorator.keywords or []) if k.arg == "params"] if isinstance(decorator, nodes.Call) else []
        if len(values) == 1 and isinstance(values[0], (nodes.Tuple, nodes.List)):
            expressions = values[0].elts if all(isinstance(e, (nodes.Name, nodes.Attribute)) for e in values[0].elts) else []
            classes = [_one_class(e, context) for e in expressions]
            return classes[0] if classes and all(c is not None for c in classes) else None
    return None


@_tip
def _infer_fixture_parameter(name: nodes.AssignName, context=None) -> nodes.ClassDef | _TheClass | None:
    """The class a fixture's return annotation names, for a parameter that receives it; for an
    unannotated fixture, the class each of its returns constructs, or the class itself for a
    fixture parametrized over classes (:func:`_parametrized_class`)."""
    fixture = _fixture_of(name)
    if fixture is None:
        return None
    if fixture.returns is None:
        constructed = _constructed_class(fixture, context)
        if constructed is not None:
            return constructed
        handed = _parametrized_class(fixture, context)
        return _TheClass(handed) if handed is not None else None
    annotation = fixture.returns
    if fixture.is_generator():
        annotation = _form_argument(annotation, _YIELD_FORMS)
        if annotation is None:
            return None
    return _one_class(annotation, context)


# what a plain (not ``async def``) function's return annotation wraps for ``await``: the last argument
_AWAITABLE_FORMS = frozenset({"Awaitable", "Coroutine"})
# decorators that make a generator function a context manager (the ``with`` target is what it yields)
_CONTEXT_MANAGER_DECORATORS = frozenset({"contextmanager", "asynccontextmanager"})


def _form_argument(annotation: nodes.NodeNG | None, forms: frozenset[str], last: bool = False) -> nodes.NodeNG | None:
    """The first (or last) argument of ``annotation`` when it subscripts one of ``forms``
    (``Iterator[X]``, ``Generator[X, None, None]`` -> X; ``Coroutine[A, B, X]`` -> X, last), else None."""
    annotation = _unwrap_optional(annotation)
    if not (isinstance(annotation, nodes.Subscript) and annotation.value.as_string().rsplit(".", 1)[-1] in forms):
        return None
    inner = annotation.slice
    if isinstance(inner, nodes.Tuple) and inner.elts:
        return inner.elts[-1 if last else 0]
    return inner


def _awaited_class(callee) -> nodes.ClassDef | None:
    """The class ``await callee(...)`` gives: an ``async def``'s return annotation (``Self``
    included), or ``X`` of a plain function's ``-> Awaitable[X]`` / ``-> Coroutine[A, B, X]``."""
    function = _function_of(callee)
    if function is None or function.returns is None:
        return None
    if isinstance(function, nodes.AsyncFunctionDef):
        return _returned_class(callee)
    awaited = _form_argument(function.returns, _AWAITABLE_FORMS, last=True)
    return _one_class(awaited, None) if awaited is not None else None


def _is_awaited_call(node: nodes.Await) -> bool:
    return isinstance(node.value, nodes.Call)


@_tip
def _infer_await(node: nodes.Await, context=None) -> nodes.ClassDef | None:
    """``stream = await self._connect(request)`` with ``async def _connect(...) -> NetworkStream``:
    an instance of the annotated class. astroid infers no ``await`` at all (httpcore, held-out
    21: every member read on an awaited value was invisible, while the sync twin's were found)."""
    # ``await self._backend.connect()`` where the attribute holds one of several implementations:
    # every callee must declare the same awaited class
    classes = {_awaited_class(callee) for callee in _own_values(node.value.func.infer)}
    return classes.pop() if len(classes) == 1 else None


def _context_item(name: nodes.AssignName) -> tuple[nodes.NodeNG, bool] | None:
    """(manager expression, is ``async with``) when ``name`` is the whole target of a ``with``
    item, else None."""
    statement = name.parent
    if not isinstance(statement, (nodes.With, nodes.AsyncWith)):
        return None
    for manager, target in statement.items:
        if target is name:
            return manager, isinstance(statement, nodes.AsyncWith)
    return None


def _is_async_with_target(name: nodes.AssignName) -> bool:
    item = _context_item(name)
    return item is not None and item[1]


def _yielded_class(function: nodes.FunctionDef) -> nodes.ClassDef | None:
    """What a ``@contextmanager``/``@asynccontextmanager`` generator yields, by its return
    annotation (``-> AsyncIterator[X]``, ``-> Generator[X, None, None]``)."""
    decorators = function.decorators.nodes if function.decorators else []
    if not any(d.as_string().rsplit(".", 1)[-1] in _CONTEXT_MANAGER_DECORATORS for d in decorators):
        return None
    yielded = _form_argument(function.returns, _YIELD_FORMS)
    return _one_class(yielded, None) if yielded is not None else None


def _entered_class(manager: nodes.NodeNG, asynchronous: bool) -> nodes.ClassDef | None:
    """The class of ``x`` in ``[async] with manager as x``: what a context-manager generator
    yields, else the return annotation of the manager's ``__aenter__``/``__enter__`` (``Self``:
    the manager's class), else the manager's class when that method only returns ``self``."""
    if isinstance(manager, nodes.Call):
        callees = _own_values(manager.func.infer)
        function = _function_of(callees[0]) if len(callees) == 1 else None
        if function is not None and function.returns is not None:
            yielded = _yielded_class(function)
            if yielded is not None:
                return yielded
    owners = {v._proxied for v in _own_values(manager.infer) if plain_instance(v)}
    if len(owners) != 1:
        return None
    owner = owners.pop()
    try:
        entered = [n for n in owner.getattr("__aenter__" if asynchronous else "__enter__")
                   if isinstance(n, nodes.FunctionDef)]
    except Exception:  # noqa: BLE001 - no such method: nothing to say
        return None
    if not entered:
        return None
    method = entered[0]  # the manager's own, before its ancestors' (astroid lists them in MRO order)
    if method.returns is not None:
        text = method.returns.as_string().strip("\"'")
        return owner if text in _SELF else _one_class(method.returns, None)
    returns = list(method.nodes_of_class(nodes.Return, skip_klass=(nodes.FunctionDef, nodes.Lambda)))
    if returns and all(isinstance(r.value, nodes.Name) and r.value.name == "self" for r in returns):
        return owner
    return None


@_tip
def _infer_async_with_target(name: nodes.AssignName, context=None) -> nodes.ClassDef | None:
    """``async with AsyncConnectionPool() as pool`` (``async def __aenter__(self) -> Self``) and
    ``async with pool.stream(...) as response`` (an ``@asynccontextmanager`` annotated
    ``-> AsyncIterator[Response]``): astroid 4 looks up ``__enter__`` for an ``async with`` too
    (``protocols._infer_context_manager``), so such targets inferred to nothing (httpcore,
    held-out 21: all of an async test module's uses were lost; its ``with`` twin was found)."""
    item = _context_item(name)
    return _entered_class(*item) if item is not None else None


def _infer_named_tuple_class(node: nodes.ClassDef, context=None):
    """astroid's class for a ``class Binding(NamedTuple)``, with the fields that have a value
    (a default, or the ``X()`` that ``_field_value`` gives an annotated field) read from the class
    itself. astroid builds that class from ``collections.namedtuple``, whose fields infer to
    nothing, so ``binding.original.line`` (``original: Original``) had no receiver for ``line``."""
    for generated in _namedtuple_class(node, context):
        if isinstance(generated, nodes.ClassDef):
            generated.crossfile_origin = node  # the class written in the repository (see named_tuple_origin)
            for statement in node.body:
                if (isinstance(statement, nodes.AnnAssign) and isinstance(statement.target, nodes.AssignName)
                        and statement.value is not None):
                    name = statement.target.name
                    generated.locals[name] = [statement.target]
                    if name in generated.instance_attrs:  # namedtuple's field: an EmptyNode
                        generated.instance_attrs[name] = [statement.target]
        yield generated


def named_tuple_origin(cls: nodes.ClassDef) -> nodes.ClassDef:
    """The repository's ``class X(NamedTuple)`` behind astroid's generated class (which lives in
    no file: its fields and methods are declared by the written class), else ``cls`` itself."""
    origin = getattr(cls, "crossfile_origin", None)
    return origin if isinstance(origin, nodes.ClassDef) else cls


try:  # astroid's own NamedTuple brain, wrapped above (absent: its classes stay as astroid makes them)
    from astroid.brain.brain_namedtuple_enum import _has_namedtuple_base as _is_named_tuple_class
    from astroid.brain.brain_namedtuple_enum import infer_typing_namedtuple_class as _namedtuple_class
except ImportError:  # pragma: no cover - a future astroid
    _is_named_tuple_class = None


def register(linter) -> None:  # Pylint's plugin entry point; the work is the transforms below
    del linter


astroid.MANAGER.register_transform(nodes.AssignName, astroid.inference_tip(_infer_parameter), _is_annotated_parameter)
astroid.MANAGER.register_transform(nodes.AssignName, astroid.inference_tip(_infer_annotated_target), _is_annotated_target)
astroid.MANAGER.register_transform(nodes.AssignAttr, astroid.inference_tip(_infer_annotated_target), _is_annotated_target)
astroid.MANAGER.register_transform(nodes.Call, astroid.inference_tip(_infer_call), _is_call)
# after the typing brain's tip for ``cast``, which it replaces (undecided: astroid's inference of the call)
astroid.MANAGER.register_transform(nodes.Call, astroid.inference_tip(_infer_cast), _is_cast_call)
astroid.MANAGER.register_transform(nodes.AnnAssign, _field_value, _is_class_field)
astroid.MANAGER.register_transform(nodes.AssignName, astroid.inference_tip(_infer_loop_target), _is_loop_target)
astroid.MANAGER.register_transform(nodes.AssignName, astroid.inference_tip(_infer_key_lambda_parameter),
                                   _is_key_lambda_parameter)
astroid.MANAGER.register_transform(nodes.AssignName, astroid.inference_tip(_infer_unpacked_call_target),
                                   _is_unpacked_call_target)
astroid.MANAGER.register_transform(nodes.Subscript, astroid.inference_tip(_infer_subscript), _is_read_subscript)
astroid.MANAGER.register_transform(nodes.Name, astroid.inference_tip(_infer_narrowed_name), _is_narrowed_name)
astroid.MANAGER.register_transform(nodes.Attribute, astroid.inference_tip(_infer_raises_value), _is_raises_value)
astroid.MANAGER.register_transform(nodes.AssignName, astroid.inference_tip(_infer_fixture_parameter),
                                   _is_fixture_parameter)
astroid.MANAGER.register_transform(nodes.Await, astroid.inference_tip(_infer_await), _is_awaited_call)
astroid.MANAGER.register_transform(nodes.AssignName, astroid.inference_tip(_infer_async_with_target),
                                   _is_async_with_target)
if _is_named_tuple_class is not None:
    astroid.MANAGER.register_transform(nodes.ClassDef, astroid.inference_tip(_infer_named_tuple_class),
                                       _is_named_tuple_class)
