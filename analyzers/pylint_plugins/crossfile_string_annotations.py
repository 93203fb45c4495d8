"""Pylint plugin: a name in a string annotation is undefined when its import is removed.

Detection empties an import and keeps what Pylint reports as new: E0602 for an imported name.
Pylint 4 does not look inside string annotations (``router: "Router"``, ``Optional["Router"]``,
``ClassVar[List["Router"]]``), the usual way to name a class imported under ``if
TYPE_CHECKING:`` or defined later; so those type-only uses were lost without a diagnostic
(lundberg/respx, held-out 16: 4 of 38 type-only labels). Here every string inside an annotation
(of a parameter, a return, an annotated assignment, the type of ``cast(...)``) is parsed as an expression, and each name
in it that the annotation's scope does not define is reported as Pylint's own E0602 at the
string's opening quote (where Pylint puts an E0602 on a string; ``lang/python`` maps it to the
name inside). ``Literal[...]`` arguments and ``Annotated[...]`` metadata are values, not types:
left alone. Reporting more in *both* copies loses nothing: a name undefined in the original
copy too is reported in both and dropped by the diff.
Loaded with ``--load-plugins=crossfile_string_annotations`` (see ``analyzers/pylint.py``).
"""

from __future__ import annotations

import ast
import builtins

from astroid import nodes
from pylint.checkers import BaseChecker

CODE = "W9904"
# subscripts whose arguments (all, or all but the first) are values, not types
_VALUE_ARGUMENTS = {"Literal": 0, "Annotated": 1}
_MAX_STRING = 512  # longer strings are not annotations anybody writes


def _type_strings(annotation: nodes.NodeNG):
    """The string constants of an annotation that are themselves types."""
    stack = [annotation]
    while stack:
        node = stack.pop()
        if isinstance(node, nodes.Const):
            if isinstance(node.value, str):
                yield node
            continue
        if isinstance(node, nodes.Subscript):
            form = node.value.as_string().rsplit(".", 1)[-1]
            if form in _VALUE_ARGUMENTS:
                args = node.slice.elts if isinstance(node.slice, nodes.Tuple) else [node.slice]
                stack.extend(args[:_VALUE_ARGUMENTS[form]])
                continue
        stack.extend(node.get_children())


def _names(text: str) -> list[str]:
    """The names a string annotation refers to (``"Optional[Router]"`` -> Optional, Router;
    ``"Literal[MODE]"`` -> Literal)."""
    if len(text) > _MAX_STRING:
        return []
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except (SyntaxError, ValueError, RecursionError):
        return []
    found: list[str] = []
    stack: list[ast.AST] = [tree.body]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Name):
            if node.id not in found:
                found.append(node.id)
            continue
        if isinstance(node, ast.Subscript):
            form = getattr(node.value, "id", None) or getattr(node.value, "attr", None)
            if form in _VALUE_ARGUMENTS:
                args = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
                stack.extend([node.value, *args[:_VALUE_ARGUMENTS[form]]])
                continue
        stack.extend(ast.iter_child_nodes(node))
    return found


class StringAnnotationChecker(BaseChecker):
    name = "crossfile-string-annotations"
    # never emitted itself: enabled so Pylint opens this checker (``analyzers/pylint.py``); the
    # reports are Pylint's own E0602
    msgs = {CODE: ("%s", "crossfile-string-annotations", "Never emitted: keeps the string-annotation checker open.")}

    def _check(self, annotation: nodes.NodeNG | None) -> None:
        if annotation is None:
            return
        for const in _type_strings(annotation):
            for name in _names(const.value):
                if hasattr(builtins, name):
                    continue
                try:
                    _, assignments = const.scope().lookup(name)
                except Exception:  # noqa: BLE001 - a lookup astroid cannot answer says nothing
                    continue
                if not assignments:
                    self.add_message("undefined-variable", node=const, args=(name,))

    def visit_functiondef(self, node: nodes.FunctionDef) -> None:
        args = node.args
        for group in (args.posonlyargs_annotations, args.annotations, args.kwonlyargs_annotations):
            for annotation in group or ():
                self._check(annotation)
        self._check(args.varargannotation)
        self._check(args.kwargannotation)
        self._check(node.returns)

    visit_asyncfunctiondef = visit_functiondef

    def visit_annassign(self, node: nodes.AnnAssign) -> None:
        self._check(node.annotation)

    def visit_call(self, node: nodes.Call) -> None:
        """The type of ``cast("block.FencedCode", element)`` is a string annotation too (marko,
        held-out 20: 4 type-only uses); any function spelled ``cast`` with two arguments: a name
        undefined in both copies is dropped by the diff."""
        func = node.func
        name = func.name if isinstance(func, nodes.Name) else getattr(func, "attrname", None)
        if name == "cast" and len(node.args) == 2 and isinstance(node.args[0], nodes.Const):
            self._check(node.args[0])


def register(linter) -> None:  # Pylint's plugin entry point
    linter.register_checker(StringAnnotationChecker(linter))
