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

import libcst as cst

from crossfile_datasets.lang.classes import ClassInfo, WrongClass
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
