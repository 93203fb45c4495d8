"""Mutation operators for Python code: do a problem's or a task's tests tell right code from wrong?

Why it exists: a test that passes on the reference code says nothing about whether it would fail
on wrong code. RepoExec-style problems built from repository and generated tests were found to
accept off-by-one errors, negated results, swapped branches and stubs that always raise the
expected error or return ``False``; class-level tasks were found to accept a wrong ``Event``
class (issue 34). Both splits therefore run their tests against wrong versions of the reference
-- the executable split of a function (``builders/executable/``), the class-level split of one
method of a class (``lang/python/wrong_classes.py``) -- and keep only what their tests reject
well enough. It lives in ``lang/`` because both splits use it and it only rewrites syntax.

Two kinds of wrong versions, both made with libcst from the reference code:

- **mutants**, one small change each (the classic operators): arithmetic and comparison
  operators, ``and``/``or``, dropped ``not``, constants (numbers, booleans, strings),
  return values (``return None``), swapped or negated ``if`` branches, a removed statement;
  in a class, only inside the method named by ``only``;
- **stubs**, the whole body of a function replaced: ``pass`` (the empty body), ``return False``
  / ``return True``, and ``raise E()`` for each exception type the tests expect
  (``pytest.raises(E)``, ``assertRaises(E)``). A stub that passes means the tests only check a
  constant or an error path (typically generated tests on junk input).

``mutation_score`` = killed / non-equivalent mutants, the stubs apart (over the stubs only when a
function has no single-change mutant); a mutant whose AST
equals the reference's is equivalent and never run. Pure functions.
"""

from __future__ import annotations

import ast
import functools
import random
import re
from dataclasses import dataclass
from typing import Callable, Iterable

import libcst as cst

from crossfile_datasets.lang.python.versions import python2_only_lines


@dataclass(frozen=True)
class Mutant:
    operator: str  # e.g. "comparison", "constant", "stub_empty_body"
    description: str  # what changed, e.g. "line 4: < -> <="
    code: str  # the whole function, mutated
    stub: bool = False


# ------------------------------------------------------------------------ single changes --
_BINARY_SWAPS: dict[type, type] = {
    cst.Add: cst.Subtract, cst.Subtract: cst.Add, cst.Multiply: cst.FloorDivide, cst.Divide: cst.Multiply,
    cst.FloorDivide: cst.Multiply, cst.Modulo: cst.FloorDivide, cst.Power: cst.Multiply,
    cst.BitAnd: cst.BitOr, cst.BitOr: cst.BitAnd, cst.LeftShift: cst.RightShift, cst.RightShift: cst.LeftShift,
}
_AUG_SWAPS: dict[type, type] = {
    cst.AddAssign: cst.SubtractAssign, cst.SubtractAssign: cst.AddAssign,
    cst.MultiplyAssign: cst.FloorDivideAssign, cst.DivideAssign: cst.MultiplyAssign,
}
_COMPARE_SWAPS: dict[type, type] = {
    cst.LessThan: cst.LessThanEqual, cst.LessThanEqual: cst.LessThan, cst.GreaterThan: cst.GreaterThanEqual,
    cst.GreaterThanEqual: cst.GreaterThan, cst.Equal: cst.NotEqual, cst.NotEqual: cst.Equal,
    cst.In: cst.NotIn, cst.NotIn: cst.In, cst.Is: cst.IsNot, cst.IsNot: cst.Is,
}


# keyword arguments that hand over documentation (``doc=``: property(), blinker's Signal,
# typing's NewType-like helpers); their value is text for readers, not behaviour
_DOC_KEYWORDS = frozenset({"doc", "__doc__"})


def _names_doc(target: cst.BaseExpression) -> bool:
    """Whether an assignment target is ``__doc__`` (a name or an attribute)."""
    return (isinstance(target, cst.Name) and target.value == "__doc__") or (
        isinstance(target, cst.Attribute) and target.attr.value == "__doc__")


def _assigns_doc(stmt: cst.CSTNode) -> bool:
    """Whether a statement assigns ``__doc__`` (``x.__doc__ = "..."``, annotated or not)."""
    if isinstance(stmt, cst.Assign):
        return any(_names_doc(t.target) for t in stmt.targets)
    return isinstance(stmt, cst.AnnAssign) and _names_doc(stmt.target)


class _Sites(cst.CSTTransformer):
    """Walks the function body; at site number ``target`` (in visiting order) applies the
    change. With ``target=None`` it only counts sites (``self.sites``: (operator, line))."""

    METADATA_DEPENDENCIES = (cst.metadata.PositionProvider,)

    def __init__(self, target: int | None, only: str | None = None, single_return: bool = False,
                 counts: dict[int, int] | None = None) -> None:
        super().__init__()
        self.target = target
        # the counting pass (``target`` None) fills ``counts``: id of a node of the (shared,
        # immutable) tree -> the sites in its subtree. A targeted pass then steps over every
        # subtree whose sites all come before the target, and over everything once the change
        # is made: a change costs a walk of the path to its site, not of the whole function (a
        # 16 kB lookup function's 16 mutants walked the whole tree each: 7.2 s of the builder's
        # CPU, red team 2026-11-29g row 4)
        self.counts = counts
        self._entered: list[int] = []
        self._cut: set[int] = set()
        self.changed: cst.CSTNode | None = None  # the node at the target site, and what replaced it
        self.replacement: cst.CSTNode | None = None
        self.only = only  # mutate only the outermost functions of this name (a class's method)
        # a copy of the object or None for falsy values are the mistakes a model makes in a
        # function that hands back what it computed in one place (identity, a lookup); in a
        # function of several returns of numbers they are mostly equivalent mutants
        self.single_return = single_return
        self.sites: list[tuple[str, int, str]] = []
        self.depth = 0  # nesting of FunctionDef: only the outer function's body is mutated
        self.skipped: list[bool] = []  # per FunctionDef on the way: left out (another method)
        self.in_docstring = False

    def on_visit(self, node: cst.CSTNode) -> bool:
        if self.target is None:
            self._entered.append(len(self.sites))
        elif len(self.sites) > self.target or (
                (inside := self.counts.get(id(node)) if self.counts is not None else None) is not None
                and len(self.sites) + inside <= self.target):
            if len(self.sites) <= self.target:
                self.sites.extend([("", 0, "")] * inside)  # the subtree's sites, counted before
            self._cut.add(id(node))
            return False  # neither its visit nor its leave handlers: the subtree stays as it is
        return super().on_visit(node)

    def on_leave(self, original_node: cst.CSTNode, updated_node: cst.CSTNode):  # type: ignore[override]
        if id(original_node) in self._cut:
            self._cut.discard(id(original_node))
            return updated_node
        result = super().on_leave(original_node, updated_node)
        if original_node is self.changed and self.replacement is None and isinstance(result, cst.CSTNode):
            self.replacement = result
        if self.target is None and self.counts is not None:
            self.counts[id(original_node)] = len(self.sites) - self._entered.pop()
        return result

    def _site(self, operator: str, node: cst.CSTNode, what: str) -> bool:
        if self.only is not None and self.depth == 0:
            return False  # a class body or module code outside the chosen functions
        pos = self.get_metadata(cst.metadata.PositionProvider, node, None)
        self.sites.append((operator, pos.start.line if pos else 0, what))
        hit = self.target is not None and len(self.sites) - 1 == self.target
        if hit:
            self.changed = node
        return hit

    # only inside the function body, never in decorators, the signature or the docstring
    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        skip = self.only is not None and self.depth == 0 and node.name.value != self.only
        self.skipped.append(skip)
        if skip:
            return False
        self.depth += 1
        return True

    def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef) -> cst.FunctionDef:
        if not self.skipped.pop():
            self.depth -= 1
        return updated

    def visit_Decorator(self, node: cst.Decorator) -> bool:
        return False

    def visit_Parameters(self, node: cst.Parameters) -> bool:
        return False

    def visit_Annotation(self, node: cst.Annotation) -> bool:
        return False

    # documentation handed over as a value: ``Signal(doc="...")`` (it becomes ``__doc__``),
    # ``x.__doc__ = "..."``. No behaviour reads it; a changed text is an equivalent mutant that
    # counted as a survivor (held-out 14: 2 of blinker Signal's 6 gate mutants, the task dropped as
    # ``tasks/mutants_survive``). Like docstring statements, never a site: not its text, not the
    # keyword dropped (``leave_Call``), not the assignment removed (``leave_SimpleStatementLine``).
    def visit_Arg(self, node: cst.Arg) -> bool:
        return not (node.keyword is not None and node.keyword.value in _DOC_KEYWORDS)

    def visit_Assign(self, node: cst.Assign) -> bool:
        return not _assigns_doc(node)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> bool:
        return not _assigns_doc(node)

    def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> bool:
        if len(node.body) == 1 and isinstance(node.body[0], cst.Expr) and isinstance(
                node.body[0].value, (cst.SimpleString, cst.ConcatenatedString)):
            return False  # docstrings and bare string statements
        return True

    def leave_BinaryOperation(self, original: cst.BinaryOperation, updated: cst.BinaryOperation):
        swap = _BINARY_SWAPS.get(type(updated.operator))
        if swap and self._site("arithmetic", original, f"{type(updated.operator).__name__} -> {swap.__name__}"):
            return updated.with_changes(operator=swap())
        if _order_matters(updated) and self._site("operand_order", original,
                                                  f"{type(updated.operator).__name__}: operands swapped"):
            return updated.with_changes(left=_parenthesized(updated.right), right=_parenthesized(updated.left))
        return updated

    def leave_AugAssign(self, original: cst.AugAssign, updated: cst.AugAssign):
        swap = _AUG_SWAPS.get(type(updated.operator))
        if swap and self._site("arithmetic", original, f"{type(updated.operator).__name__} -> {swap.__name__}"):
            return updated.with_changes(operator=swap())
        return updated

    def leave_Comparison(self, original: cst.Comparison, updated: cst.Comparison):
        targets = list(updated.comparisons)
        for i, comp in enumerate(targets):
            swap = _COMPARE_SWAPS.get(type(comp.operator))
            if swap and self._site("comparison", original, f"{type(comp.operator).__name__} -> {swap.__name__}"):
                targets[i] = comp.with_changes(operator=swap())
                return updated.with_changes(comparisons=targets)
        return updated

    def leave_BooleanOperation(self, original: cst.BooleanOperation, updated: cst.BooleanOperation):
        swap = cst.Or if isinstance(updated.operator, cst.And) else cst.And
        if self._site("boolean", original, f"{type(updated.operator).__name__} -> {swap.__name__}"):
            return updated.with_changes(operator=swap())
        return updated

    def leave_UnaryOperation(self, original: cst.UnaryOperation, updated: cst.UnaryOperation):
        if isinstance(updated.operator, (cst.Not, cst.Minus)) and self._site(
                "negation", original, f"drop {type(updated.operator).__name__}"):
            return updated.expression
        return updated

    def leave_Integer(self, original: cst.Integer, updated: cst.Integer):
        try:
            value = int(updated.value.replace("_", ""), 0)
        except ValueError:
            return updated
        new = 1 if value == 0 else value + 1 if value < 100 else value - 1
        if self._site("constant", original, f"{value} -> {new}"):
            return cst.Integer(str(new))
        return updated

    def leave_Name(self, original: cst.Name, updated: cst.Name):
        if updated.value in ("True", "False") and self._site("constant", original, f"{updated.value} -> not"):
            return cst.Name("False" if updated.value == "True" else "True")
        return updated

    def leave_SimpleString(self, original: cst.SimpleString, updated: cst.SimpleString):
        prefix = re.match(r"[a-zA-Z]*", updated.value).group(0)
        if "b" in prefix.lower() or "f" in prefix.lower():
            return updated
        try:
            value = ast.literal_eval(updated.value)
        except (ValueError, SyntaxError):
            return updated
        new = "" if value else "mutant"
        if self._site("constant", original, f"string {value[:20]!r} -> {new!r}"):
            return cst.SimpleString(repr(new))
        return updated

    def leave_Return(self, original: cst.Return, updated: cst.Return):
        value = updated.value
        if value is not None and not (isinstance(value, cst.Name) and value.value == "None"):
            if self._site("return_value", original, "return None"):
                return updated.with_changes(value=cst.Name("None"))
            text = cst.Module([]).code_for_node(value)
            if isinstance(value, (cst.Comparison, cst.BooleanOperation)) or (
                    isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Not)):
                if self._site("return_value", original, "result negated"):
                    return updated.with_changes(value=cst.parse_expression(f"not ({text})"))
            if self.single_return and isinstance(value, (cst.Name, cst.Attribute, cst.Subscript)) and \
                    self._site("copy_identity", original, f"return a copy of {text[:30]}"):
                return updated.with_changes(value=cst.parse_expression(f"__import__('copy').copy({text})"))
            if self.single_return and not isinstance(value, (cst.Comparison, cst.BooleanOperation)) and \
                    self._site("falsy_result", original, "falsy results -> None"):
                return updated.with_changes(value=cst.parse_expression(f"({text}) or None"))
        return updated

    def leave_If(self, original: cst.If, updated: cst.If):
        if isinstance(updated.orelse, cst.Else):
            if self._site("swap_branches", original, "if/else branches swapped"):
                return updated.with_changes(body=updated.orelse.body,
                                            orelse=updated.orelse.with_changes(body=updated.body))
        elif self._site("negate_condition", original, "if condition negated"):
            return updated.with_changes(test=cst.UnaryOperation(cst.Not(), cst.ensure_type(
                cst.parse_expression(f"({cst.Module([]).code_for_node(updated.test)})"), cst.BaseExpression)))
        return updated

    def leave_Call(self, original: cst.Call, updated: cst.Call):
        func = updated.func
        name = func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) else ""
        positional = [i for i, a in enumerate(updated.args) if a.keyword is None and not a.star]
        if len(positional) >= 2 and len(positional) == len([a for a in updated.args if a.keyword is None]):
            i, j = positional[0], positional[1]
            if self._site("argument_order", original, f"{name or 'call'}: first two arguments swapped"):
                args = list(updated.args)
                args[i], args[j] = (args[j].with_changes(comma=args[i].comma), args[i].with_changes(comma=args[j].comma))
                return updated.with_changes(args=args)
        keywords = [a for a in updated.args if a.keyword is not None and a.keyword.value not in _DOC_KEYWORDS]
        if keywords and self._site("drop_keyword", original, f"{name or 'call'}: {keywords[0].keyword.value}= dropped"):
            args = [a for a in updated.args if a is not keywords[0]]
            if args:
                args[-1] = args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
            return updated.with_changes(args=args)
        swap = _CALL_SWAPS.get(name)
        if swap and self._site("call_swap", original, f"{name} -> {swap}"):
            new_func = func.with_changes(attr=cst.Name(swap)) if isinstance(func, cst.Attribute) else cst.Name(swap)
            return updated.with_changes(func=new_func)
        if name in ("range", "len") and isinstance(func, cst.Name) and updated.args and \
                self._site("off_by_one", original, f"{name}(...) off by one"):
            if name == "len":
                return cst.BinaryOperation(updated, cst.Subtract(), cst.Integer("1"))
            args = list(updated.args)
            last = len(args) - 1 if len(args) <= 2 else 1  # range's stop
            args[last] = args[last].with_changes(value=cst.BinaryOperation(
                cst.parse_expression(f"({cst.Module([]).code_for_node(args[last].value)})"), cst.Add(), cst.Integer("1")))
            return updated.with_changes(args=args)
        return updated

    def leave_Slice(self, original: cst.Slice, updated: cst.Slice):
        for part, delta in (("lower", cst.Add()), ("upper", cst.Subtract())):
            bound = getattr(updated, part)
            if bound is not None and self._site("off_by_one", original, f"slice {part} bound off by one"):
                return updated.with_changes(**{part: cst.BinaryOperation(
                    cst.parse_expression(f"({cst.Module([]).code_for_node(bound)})"), delta, cst.Integer("1"))})
        return updated

    def leave_Continue(self, original: cst.Continue, updated: cst.Continue):
        if self._site("loop_control", original, "continue -> break"):
            return cst.Break()
        return updated

    def leave_Break(self, original: cst.Break, updated: cst.Break):
        if self._site("loop_control", original, "break -> continue"):
            return cst.Continue()
        return updated

    def leave_ExceptHandler(self, original: cst.ExceptHandler, updated: cst.ExceptHandler):
        if self._site("exception_handler", original, "handler re-raises"):
            return updated.with_changes(body=cst.IndentedBlock(body=[cst.SimpleStatementLine(body=[cst.Raise()])]))
        return updated

    def leave_SimpleStatementLine(self, original: cst.SimpleStatementLine, updated: cst.SimpleStatementLine):
        if self.depth != 1:
            return updated
        stmt = updated.body[0] if len(updated.body) == 1 else None
        if isinstance(stmt, (cst.Assign, cst.AugAssign, cst.Expr, cst.AnnAssign)) and not (
                isinstance(stmt, cst.Expr) and isinstance(stmt.value, (cst.SimpleString, cst.ConcatenatedString))) \
                and not _assigns_doc(stmt):
            if self._site("remove_statement", original, "statement removed"):
                return updated.with_changes(body=[cst.Pass()])
        return updated


# calls a model confuses with their twin (the name is replaced, the arguments kept)
_CALL_SWAPS = {
    "startswith": "endswith", "endswith": "startswith", "lstrip": "rstrip", "rstrip": "lstrip",
    "min": "max", "max": "min", "any": "all", "all": "any", "upper": "lower", "lower": "upper",
    "append": "extend", "extend": "append", "find": "rfind", "rfind": "find", "index": "rindex",
    "rindex": "index", "split": "rsplit", "rsplit": "split", "isinstance": "issubclass", "sorted": "reversed",
    "reversed": "sorted", "floor": "ceil", "ceil": "floor", "keys": "values", "values": "keys",
    "getattr": "hasattr", "hasattr": "getattr", "deepcopy": "copy", "copy": "deepcopy",
}
_SEQUENCE_NODES = (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString, cst.List, cst.Tuple,
                   cst.ListComp)


def _order_matters(node: cst.BinaryOperation) -> bool:
    """Swapping the operands changes the result: ``-``, ``/``, ``//``, ``%``, ``**``, and ``+``
    when one side is a string, a list or a tuple (concatenation: prefix vs suffix)."""
    if isinstance(node.operator, (cst.Subtract, cst.Divide, cst.FloorDivide, cst.Power)):
        return True
    if isinstance(node.operator, cst.Modulo):
        return not isinstance(node.left, _SEQUENCE_NODES)  # "%s" % x: swapping is a TypeError, not a model error
    return isinstance(node.operator, cst.Add) and (isinstance(node.left, _SEQUENCE_NODES)
                                                   or isinstance(node.right, _SEQUENCE_NODES))


def _parenthesized(node: cst.BaseExpression) -> cst.BaseExpression:
    if isinstance(node, (cst.BinaryOperation, cst.BooleanOperation, cst.Comparison, cst.UnaryOperation,
                         cst.IfExp, cst.Lambda)) and not node.lpar:
        return node.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
    return node


def _function(module: cst.Module) -> cst.FunctionDef:
    for stmt in module.body:
        if isinstance(stmt, cst.FunctionDef):
            return stmt
    raise ValueError("no function in the code")


@functools.lru_cache(maxsize=4)  # asked once per pass over the same code
def _single_return(code: str) -> bool:
    """The outer function returns a value in one place only."""
    try:
        fn = ast.parse(code).body[0]
    except (SyntaxError, IndexError):
        return False
    stack, returns = list(ast.iter_child_nodes(fn)), 0
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Return) and node.value is not None:
            returns += 1
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            stack.extend(ast.iter_child_nodes(node))
    return returns == 1


@functools.lru_cache(maxsize=4)
def _wrapper(code: str) -> cst.metadata.MetadataWrapper:
    """The parsed code with its positions resolved, shared by every site of the same code: the
    tree is immutable (a transformer returns a new one), and parsing a class, copying it and
    computing its positions cost a few seconds a time for a class of 600 lines (python-semver's
    ``Version``), against a fraction of a second for the walk itself."""
    wrapper = cst.metadata.MetadataWrapper(cst.parse_module(code), unsafe_skip_copy=True)
    wrapper.resolve(cst.metadata.PositionProvider)
    return wrapper


@functools.lru_cache(maxsize=4)
def _survey(code: str, only: str | None) -> tuple[cst.metadata.MetadataWrapper, list[tuple[str, int, str]],
                                                  dict[int, int]]:
    """The counting pass over the shared tree: (its wrapper, the sites, the sites per subtree
    by node id). The wrapper is held with the counts: the ids are those of its tree's nodes."""
    wrapper = _wrapper(code)
    counts: dict[int, int] = {}
    transformer = _Sites(None, only, only is None and _single_return(code), counts)
    wrapper.visit(transformer)
    return wrapper, transformer.sites, counts


def _sites(code: str, target: int | None, only: str | None = None) -> tuple[str, list[tuple[str, int, str]]]:
    """(the code with site ``target`` changed, or unchanged for None; the sites, those of a
    targeted pass before the target as placeholders)."""
    wrapper, sites, counts = _survey(code, only)
    if target is None:
        return code, list(sites)
    transformer = _Sites(target, only, only is None and _single_return(code), counts)
    new = wrapper.visit(transformer)
    spliced = _spliced(code, wrapper, transformer.changed, transformer.replacement)
    return new.code if spliced is None else spliced, transformer.sites


def _spliced(code: str, wrapper: cst.metadata.MetadataWrapper, changed: cst.CSTNode | None,
             replacement: cst.CSTNode | None) -> str | None:
    """The changed code as the original text with the changed node's text replaced, when the
    change is within one line and the node's own code is exactly the text at its position
    (then the whole tree's code generation would write the same: it is the concatenation of
    its nodes' code, and indentation only comes in at line starts); None otherwise. A change
    then costs the length of the text, not a code generation of the whole tree (red team
    2026-11-29g row 4)."""
    if changed is None or replacement is None:
        return None
    pos = wrapper.resolve(cst.metadata.PositionProvider).get(changed)
    if pos is None or pos.start.line != pos.end.line:
        return None
    empty = cst.Module([])
    old, new = empty.code_for_node(changed), empty.code_for_node(replacement)
    if "\n" in old or "\n" in new or "\r" in old or "\r" in new:
        return None
    lines = code.split("\n")
    line = lines[pos.start.line - 1]
    if line[pos.start.column:pos.end.column] != old:
        return None
    lines[pos.start.line - 1] = line[:pos.start.column] + new + line[pos.end.column:]
    return "\n".join(lines)


def _normalized(code: str) -> str | None:
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return None
    for node in ast.walk(tree):  # docstrings do not change behaviour
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and ast.get_docstring(node) is not None:
            node.body = node.body[1:] or [ast.Pass()]
    return ast.dump(tree)


def _stub(code: str, body: str) -> str:
    """The function with its body (after the docstring) replaced by ``body`` (one line)."""
    module = _wrapper(code).module  # the shared parse (immutable: a change makes new nodes)
    fn = _function(module)
    block = fn.body
    assert isinstance(block, cst.IndentedBlock)
    keep = []
    first = block.body[0] if block.body else None
    if isinstance(first, cst.SimpleStatementLine) and len(first.body) == 1 and isinstance(first.body[0], cst.Expr) \
            and isinstance(first.body[0].value, (cst.SimpleString, cst.ConcatenatedString)):
        keep.append(first)
    new_fn = fn.with_changes(body=block.with_changes(body=[*keep, cst.parse_statement(body + "\n")]))
    return module.with_changes(body=[new_fn if s is fn else s for s in module.body]).code


# ---------------------------------------------------------------------------- public API --
def expected_exceptions(tests: Iterable[str]) -> list[str]:
    """Exception names the tests expect: ``pytest.raises(E)``, ``self.assertRaises(E)``,
    ``assertRaisesRegex(E, ...)`` (builtins and dotted names as written)."""
    out: list[str] = []
    for source in tests:
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.args and \
                    node.func.attr in ("raises", "assertRaises", "assertRaisesRegex", "assertRaisesRegexp"):
                first = node.args[0]
                names = first.elts if isinstance(first, ast.Tuple) else [first]
                for n in names:
                    try:
                        text = ast.unparse(n)
                    except Exception:  # unparse of odd expressions; never fatal
                        continue
                    if re.fullmatch(r"[A-Za-z_][\w.]*", text) and text not in out:
                        out.append(text)
    return out


def stubs(code: str, exceptions: Iterable[str] = ()) -> list[Mutant]:
    """Whole-body replacements: the empty body, constant results, the expected errors."""
    out = [Mutant("stub_empty_body", "body: pass", _stub(code, "pass"), True),
           Mutant("stub_constant", "body: return False", _stub(code, "return False"), True),
           Mutant("stub_constant", "body: return True", _stub(code, "return True"), True)]
    for name in list(exceptions)[:3]:
        out.append(Mutant("stub_raise", f"body: raise {name}", _stub(code, f"raise {name}('mutant')"), True))
    return out


def _early_return(code: str) -> str | None:
    """The function returning its first argument unchanged before doing anything (a model
    that misreads the task as 'pass through'); None when the body is one statement (then it
    is often the same function) or there is no argument."""
    module = _wrapper(code).module
    fn = _function(module)
    params = [p.name.value for p in fn.params.params if p.name.value not in ("self", "cls")]
    block = fn.body
    if not params or not isinstance(block, cst.IndentedBlock):
        return None
    body = list(block.body)
    doc = body[:1] if body and _is_docstring_line(body[0]) else []
    if len(body) - len(doc) < 2:
        return None
    new_body = [*doc, cst.parse_statement(f"return {params[0]}\n"), *body[len(doc):]]
    new_fn = fn.with_changes(body=block.with_changes(body=new_body))
    return module.with_changes(body=[new_fn if x is fn else x for x in module.body]).code


def _is_docstring_line(stmt: cst.CSTNode) -> bool:
    return (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Expr)
            and isinstance(stmt.body[0].value, (cst.SimpleString, cst.ConcatenatedString)))


def mutants(code: str, *, limit: int, seed: int = 0, minimum: int = 0, only: str | None = None) -> list[Mutant]:
    """Up to ``limit`` single-change mutants of a function (dedented source), spread over the
    operators (round robin, a seeded choice within each), none equivalent to the original
    or to each other by AST. When fewer than ``minimum`` single changes exist (a one-line
    function), pairs of changes (``higher_order``) fill up to the minimum. ``only``: ``code``
    is a class (or a module) and only the bodies of its functions of that name change (a
    property's getter and setter share one)."""
    try:
        _, sites = _sites(code, None, only)
    except (cst.ParserSyntaxError, ValueError):
        return []
    original = _normalized(code)
    try:  # a change only Python 2 would run is a mutant no test can catch (held-out 19: simplejson)
        dead = python2_only_lines(ast.parse(code))
    except SyntaxError:
        dead = set()
    by_operator: dict[str, list[int]] = {}
    for i, (op, line, _) in enumerate(sites):
        if line not in dead:
            by_operator.setdefault(op, []).append(i)
    rng = random.Random(f"{seed}:{code}")
    for indexes in by_operator.values():
        rng.shuffle(indexes)
    order: list[int] = []
    queues = [list(v) for _, v in sorted(by_operator.items())]
    while any(queues):
        for q in queues:
            if q:
                order.append(q.pop(0))
    out: list[Mutant] = []
    seen = {original}

    def offer(mutant: Mutant) -> None:
        norm = _normalized(mutant.code)
        if norm is None or norm in seen:
            return  # unparsable, equivalent to the original, or a duplicate
        seen.add(norm)
        out.append(mutant)

    try:
        early = _early_return(code)
    except (cst.ParserSyntaxError, ValueError):
        early = None
    if early is not None:
        offer(Mutant("early_return", "returns its first argument unchanged", early))
    made: list[tuple[int, str]] = []
    for i in order:
        if len(out) >= limit:
            break
        try:
            new_code, _ = _sites(code, i, only)
        except (cst.ParserSyntaxError, ValueError, TypeError):
            continue
        op, line, what = sites[i]
        before = len(out)
        offer(Mutant(op, f"line {line}: {what}", new_code))
        if len(out) > before:
            made.append((i, new_code))
    # too few single changes: pairs of them, in the same seeded order
    for a in range(len(made)):
        for b in range(a + 1, len(made)):
            if len(out) >= max(minimum, 0) or len(out) >= limit:
                return out
            first, second = sites[made[a][0]], sites[made[b][0]]
            try:
                _, shifted = _sites(made[a][1], None, only)
                # the second site's index in the first mutant: same operator and line, same rank
                rank = [k for k, s in enumerate(sites) if s[:2] == second[:2]].index(made[b][0])
                where = [k for k, s in enumerate(shifted) if s[:2] == second[:2]]
                if rank >= len(where):
                    continue
                new_code, _ = _sites(made[a][1], where[rank], only)
            except (cst.ParserSyntaxError, ValueError, TypeError, IndexError):
                continue
            offer(Mutant("higher_order", f"line {first[1]}: {first[2]}; line {second[1]}: {second[2]}", new_code))
    return out


def mutation_score(mutants_run: list[Mutant], killed: list[bool]) -> float:
    """Killed / run over the single-change mutants (over the stubs when a function is too
    small to have any mutant)."""
    pairs = [(m, k) for m, k in zip(mutants_run, killed) if not m.stub] or list(zip(mutants_run, killed))
    return round(sum(k for _, k in pairs) / len(pairs), 4) if pairs else 0.0


def weak_reason(mutants_run: list[Mutant], killed: list[bool], threshold: float) -> str | None:
    """Why a problem's tests are too weak to keep it (None = strong enough): a stub that
    passes (the tests only check a constant or an error path), or a score below ``threshold``."""
    if not mutants_run:
        return "no mutant could be made"
    survivors = [m for m, k in zip(mutants_run, killed) if not k]
    stub = next((m for m in survivors if m.stub), None)
    if stub is not None:
        return f"a stub passes the tests ({stub.description})"
    score = mutation_score(mutants_run, killed)
    if score < threshold:
        # counted as the score is: over the single-change mutants, the stubs (all caught by
        # now) apart; a function with no mutant is scored over its stubs
        real = [k for m, k in zip(mutants_run, killed) if not m.stub]
        caught_stubs = len(killed) - len(real)
        if not real:
            return f"mutation score {score:.2f} < {threshold} (no single-change mutant; " \
                   f"{len(survivors)} of {len(killed)} stubs survive)"
        stubs_note = f"; {caught_stubs} stub{'s' if caught_stubs != 1 else ''} caught apart" if caught_stubs else ""
        return f"mutation score {score:.2f} < {threshold} ({len(survivors)} of {len(real)} mutants survive{stubs_note})"
    return None


def mutation_plan(code: str, tests: Iterable[str], *, limit: int, seed: int, minimum: int = 0,
                  solution_filter: Callable[[str], bool] | None = None) -> list[Mutant]:
    """Stubs first (they decide fastest), then up to ``limit`` mutants (at least ``minimum``
    where the function allows, see :func:`mutants`)."""
    plan = stubs(code, expected_exceptions(tests)) + mutants(code, limit=limit, seed=seed, minimum=minimum)
    return [m for m in plan if solution_filter is None or solution_filter(m.code)]
