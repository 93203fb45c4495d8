"""Wrong versions of a Python class: the throwing stub and one-method mutants.

Why it exists: a class-level task is only fair when its EXPECTED_TO_PASS tests judge the class
(issue 34: a wrong ``Event`` passed its 129 expected tests). The builder's wrong-class gate
(``builders/classlevel/build.py``) runs each task's tests against classes that must fail them:

- the **throwing stub**: the class as written -- decorators, bases, docstring, class
  attributes, every method's decorators, signature and docstring -- with every method body
  replaced by ``raise NotImplementedError(...)``; a test that still passes does not judge the
  class;
- **one-method mutants**: one small change (``lang/python/mutation.py``'s operators) inside one
  method, round robin over the methods the tests execute.

Both rewrite the class text (``ClassInfo.source``, LF line ends) with libcst; nothing runs here.
"""

from __future__ import annotations

import ast

import libcst as cst

from crossfile_datasets.lang.classes import ClassInfo, WrongClass
from crossfile_datasets.lang.python.bounded_compile import compiles
from crossfile_datasets.lang.python.mutation import mutants

STUB_MESSAGE = "throwing stub: the class-level wrong-class gate"


class _Throwing(cst.CSTTransformer):
    """Replaces the body (after its docstring) of every function directly in the top class's body."""

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0  # 1 inside the top class body
        self.replaced = 0

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        self.depth += 1
        return self.depth == 1  # nested classes stay as written

    def leave_ClassDef(self, original: cst.ClassDef, updated: cst.ClassDef) -> cst.ClassDef:
        self.depth -= 1
        return updated

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False

    def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef) -> cst.FunctionDef:
        if self.depth != 1:
            return updated
        raise_stmt = cst.parse_statement(f"raise NotImplementedError({STUB_MESSAGE!r})\n")
        body = updated.body
        if not isinstance(body, cst.IndentedBlock):  # def f(self): return 1
            self.replaced += 1
            return updated.with_changes(body=cst.IndentedBlock(body=[raise_stmt]))
        keep = []
        first = body.body[0] if body.body else None
        if isinstance(first, cst.SimpleStatementLine) and len(first.body) == 1 and isinstance(first.body[0], cst.Expr) \
                and isinstance(first.body[0].value, (cst.SimpleString, cst.ConcatenatedString)):
            keep.append(first)
        self.replaced += 1
        return updated.with_changes(body=body.with_changes(body=[*keep, raise_stmt]))


def throwing_stub(info: ClassInfo) -> str:
    """The class with every method throwing ``NotImplementedError`` (signatures, decorators,
    docstrings and class attributes kept). Raises ValueError when the class does not parse."""
    try:
        module = cst.parse_module(info.source)
    except cst.ParserSyntaxError as exc:
        raise ValueError(f"the class does not parse: {exc}") from None
    return module.visit(_Throwing()).code


def method_mutants(info: ClassInfo, methods: list[str], *, limit: int, seed: int = 0) -> list[WrongClass]:
    """Up to ``limit`` classes with one change in one of ``methods`` (round robin over them, in
    the given order), none equivalent to the original by AST.

    Made as the round robin takes them: the k-th mutant of a method is asked for only when the
    walk reaches it (``mutants(limit=k)`` is the first k of a longer list, so the result is the
    round robin over every method's full list). Each mutant is a full parse of the class: making
    ``limit`` of them for every covered method first cost python-semver's ``Version`` (40
    methods) most of its 478 s wrong-class gate, for the 6 the gate ran."""
    names = list(dict.fromkeys(methods))
    made: dict[str, list[WrongClass]] = {name: [] for name in names}
    exhausted: set[str] = set()
    out: list[WrongClass] = []
    depth = 0
    while len(out) < limit and len(exhausted) < len(names):
        depth += 1
        for name in names:
            if len(out) >= limit:
                break
            if name in exhausted:
                continue
            if len(made[name]) < depth:
                found = mutants(info.source, limit=depth, seed=seed, only=name)
                made[name] = [WrongClass("mutant", m.code, name, f"{name}: {m.description} ({m.operator})")
                              for m in found]
                if len(made[name]) < depth:
                    exhausted.add(name)
                    continue
            out.append(made[name][depth - 1])
    return out


# ------------------------------------------------------------------------- disguised controls --
# Names whose use makes a function's locals visible by name: such a function keeps its names.
_INTROSPECTING = frozenset({"locals", "vars", "eval", "exec", "dir", "globals"})


def _top_class(module: ast.Module) -> ast.ClassDef | None:
    return next((node for node in module.body if isinstance(node, ast.ClassDef)), None)


def _renamable_locals(func: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The names ``func`` binds as plain locals that can be renamed everywhere in its body:
    not its parameters, nor anything a nested scope binds by parameter, ``except ... as``,
    ``import``, ``match`` or ``global``/``nonlocal``; empty when the function reads its names by
    string (``locals()``, ``eval``...)."""
    stored: set[str] = set()
    kept = {a.arg for a in (*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs,
                            *([func.args.vararg] if func.args.vararg else []),
                            *([func.args.kwarg] if func.args.kwarg else []))}
    for node in ast.walk(func):
        if isinstance(node, (ast.Global, ast.Nonlocal, ast.Match, ast.ClassDef)):
            return set()
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _INTROSPECTING:
            return set()
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            stored.add(node.id)
        elif isinstance(node, ast.arg):
            kept.add(node.arg)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            kept.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            kept.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node is not func:
            kept.add(node.name)
    return stored - kept


def _rename_locals(cls: ast.ClassDef, rng, taken: set[str]) -> None:
    for func in cls.body:
        if isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
            _rename_function_locals(func, rng, taken)


def _fresh_name(rng, taken: set[str]) -> str:
    while True:
        new = f"{rng.choice('abcdefghjkmnpqrstuvwxyz')}{rng.randrange(10, 10_000)}"
        if new not in taken:
            taken.add(new)
            return new


def _rename_function_locals(func: ast.FunctionDef | ast.AsyncFunctionDef, rng, taken: set[str]) -> None:
    mapping = {name: _fresh_name(rng, taken) for name in sorted(_renamable_locals(func))}
    for node in ast.walk(func):
        if isinstance(node, ast.Name) and node.id in mapping:
            node.id = mapping[node.id]


def _combine(base: list, first: list, second: list) -> None:
    """Put in ``first`` (in place) the statements where ``second`` differs from ``base`` and
    ``first`` does not: two mutations of different places in one version."""
    if len(second) == len(base) == len(first):
        for i, (b, s, c) in enumerate(zip(base, second, first)):
            if ast.dump(s) != ast.dump(b) and ast.dump(c) == ast.dump(b):
                first[i] = s


def _reorder_methods(cls: ast.ClassDef, rng) -> None:
    """Shuffle the class's undecorated methods among their own places, when nothing else in the
    class body refers to a method by name (``alias = method``) and no name is defined twice."""
    slots = [i for i, node in enumerate(cls.body)
             if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and not node.decorator_list]
    names = [node.name for node in cls.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]
    if len(slots) < 2 or len(set(names)) != len(names):
        return
    for node in cls.body:
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and any(
                isinstance(n, ast.Name) and n.id in names for n in ast.walk(node)):
            return
    methods = [cls.body[i] for i in slots]
    rng.shuffle(methods)
    for i, node in zip(slots, methods):
        cls.body[i] = node


def disguised_control(original: str, caught: list[WrongClass], rng) -> str | None:
    """A wrong class that looks like an answer, not like a gate's variant: one or two of the
    ``caught`` one-method mutants of the class ``original`` (mutants of two methods combined when
    there are), its locals renamed, its methods reordered and the whole re-formatted
    (``ast.unparse``: quotes, spacing, comments gone), all drawn from ``rng`` (the builder's, not
    published). Each step keeps what the class does, so tests that caught the mutants catch the
    control; tests that pass it recognise the gate's variants. None when it cannot be made (a
    class that does not parse or compile after the changes)."""
    if not caught:
        return None
    first = rng.choice(caught)
    try:
        base, module = ast.parse(original), ast.parse(first.source)
    except SyntaxError:
        return None
    cls, base_cls = _top_class(module), _top_class(base)
    if cls is None or base_cls is None:
        return None
    others = [w for w in caught if w.method != first.method]
    if others:  # a second method's mutation, taken where it differs from the original
        try:
            second = _top_class(ast.parse(rng.choice(others).source))
        except SyntaxError:
            second = None
        if second is not None:
            _combine(base_cls.body, cls.body, second.body)
    taken = {n.id for n in ast.walk(module) if isinstance(n, ast.Name)}
    taken |= {n.arg for n in ast.walk(module) if isinstance(n, ast.arg)}
    _rename_locals(cls, rng, taken)
    _reorder_methods(cls, rng)
    try:
        text = ast.unparse(module) + "\n"
    except (SyntaxError, ValueError, RecursionError):
        return None
    return text if compiles(text, "<control>") else None  # the repository's text: red team 2026-11-29d row 1


# ---------------------------------------------------------------- disguised function versions --
# The executable split's gates (red team 16 row 3): its mutants are one small change of the gold
# text, so tests can recognise them (the AST within a few tokens of the gold's) and judge only
# those. A disguised version does what a caught mutant (or the gold) does and looks like another
# answer: locals renamed, ``if`` statements negated with their branches swapped, returned values
# bound to a name first, unused locals added, the whole re-formatted; every step keeps what the
# function does.


class _Disguise(ast.NodeTransformer):
    """Negates every ``if`` test (branches swapped) and binds each ``return <value>`` to a fresh
    local (``bind``); nested function and class scopes are left as they are."""

    def __init__(self, rng, taken: set[str], bind: bool) -> None:
        self.rng, self.taken, self.bind, self.depth = rng, taken, bind, 0

    def visit_FunctionDef(self, node):
        self.depth += 1
        if self.depth == 1:
            self.generic_visit(node)
        self.depth -= 1
        return node

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node):
        return node

    def visit_Lambda(self, node):
        return node

    def visit_If(self, node):
        self.generic_visit(node)
        node.test = ast.UnaryOp(op=ast.Not(), operand=node.test)
        node.body, node.orelse = (node.orelse or [ast.Pass()]), node.body
        return node

    def visit_Return(self, node):
        if not self.bind or node.value is None:
            return node
        name = _fresh_name(self.rng, self.taken)
        return [ast.Assign(targets=[ast.Name(id=name, ctx=ast.Store())], value=node.value),
                ast.Return(value=ast.Name(id=name, ctx=ast.Load()))]


def _first_function(module: ast.Module) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    return next((n for n in module.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))), None)


def _disguise(module: ast.Module, func: ast.FunctionDef | ast.AsyncFunctionDef, rng) -> str | None:
    taken = {n.id for n in ast.walk(module) if isinstance(n, ast.Name)}
    taken |= {n.arg for n in ast.walk(module) if isinstance(n, ast.arg)}
    introspects = any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in _INTROSPECTING
                      for n in ast.walk(func))
    _rename_function_locals(func, rng, taken)
    _Disguise(rng, taken, bind=not introspects).visit(func)  # a new local shows in locals()
    if not introspects:  # unused locals of their own, as an answer's leftovers
        start = 1 if func.body and isinstance(func.body[0], ast.Expr) and isinstance(func.body[0].value, ast.Constant) else 0
        for _ in range(rng.randrange(2, 4)):
            spare = ast.Assign(targets=[ast.Name(id=_fresh_name(rng, taken), ctx=ast.Store())],
                               value=ast.Constant(value=rng.choice((None, 0, "", False))))
            func.body.insert(rng.randrange(start, len(func.body)), spare)
    try:
        text = ast.unparse(ast.fix_missing_locations(module)) + "\n"
    except (SyntaxError, ValueError, RecursionError):
        return None
    return text if compiles(text, "<control>") else None  # the repository's text: red team 2026-11-29d row 1


def disguised_function(original: str, caught: list[str], rng) -> str | None:
    """A wrong version of the function ``original`` that looks like an answer: one of the
    ``caught`` versions (function texts, one mutation each) combined with a second one where they
    change different statements, then disguised (locals renamed, ``if`` tests negated with their
    branches swapped, returned values bound to a local, unused locals added, re-formatted), all
    drawn from ``rng``.
    None when it cannot be made."""
    if not caught:
        return None
    first = rng.choice(caught)
    try:
        base, module = ast.parse(original), ast.parse(first)
    except (SyntaxError, ValueError, RecursionError):
        return None
    func, base_func = _first_function(module), _first_function(base)
    if func is None or base_func is None:
        return None
    others = [c for c in caught if c != first]
    if others:
        try:
            second = _first_function(ast.parse(rng.choice(others)))
        except (SyntaxError, ValueError, RecursionError):
            second = None
        if second is not None:
            _combine(base_func.body, func.body, second.body)
    return _disguise(module, func, rng)


def disguised_gold(original: str, rng) -> str | None:
    """The function ``original`` disguised as :func:`disguised_function` disguises a wrong one: it
    does what the original does, so tests that judge the function pass it."""
    try:
        module = ast.parse(original)
    except (SyntaxError, ValueError, RecursionError):
        return None
    func = _first_function(module)
    return _disguise(module, func, rng) if func is not None else None
