"""Python's local scopes for a tree-sitter identifier: is the name bound by an enclosing function,
lambda, comprehension or class body rather than by the module?

Why it exists (held-out 21, parsy): the class split resolves every identifier of a class through
the module's definitions and imports (``analyzers/graph.py`` ``ScopeResolver``, which knows no
local scope), so a parameter or a field named like a module-level definition -- parsy's
``ParseError.__init__(self, expected, stream, index)`` beside the module's ``index = Parser(...)``
-- was taken for that definition, and the class was told it uses the module's parser.

The scopes are Python's own: :mod:`symtable` builds them from the text as the compiler does
(parameters, assignments, ``for``/``with``/``except`` targets, comprehension variables, nested
``def``/``import``, ``global``/``nonlocal``, and a class body's names that its methods do not
see). ``symtable`` parses the text without folding constants (the optimizer runs in the
compiler, after it: ``lang/python/bounded_compile.py``), so it costs what ``ast.parse`` costs.
A text ``symtable`` cannot read (a syntax error, a newer Python's syntax) has no local scopes:
every name resolves as before.
"""

from __future__ import annotations

import symtable
import warnings

from tree_sitter import Node

# tree-sitter's scope nodes -> the name symtable gives their table (a function's or class's own)
_SCOPES = {
    "function_definition": None,
    "class_definition": None,
    "lambda": "lambda",
    "list_comprehension": "listcomp",
    "set_comprehension": "setcomp",
    "dictionary_comprehension": "dictcomp",
    "generator_expression": "genexpr",
}


class PythonScopes:
    """The symbol tables of one file's text, looked up from tree-sitter nodes of the same text."""

    def __init__(self, text: str, path: str = "<class>") -> None:
        self.top: symtable.SymbolTable | None
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                self.top = symtable.symtable(text, path, "exec")
            except (SyntaxError, ValueError, MemoryError, RecursionError, OverflowError):
                self.top = None
        self._tables: dict[tuple[int, ...], symtable.SymbolTable | None] = {}

    def _table(self, chain: list[Node]) -> symtable.SymbolTable | None:
        """The table of the innermost scope node of ``chain`` (outermost first), or None when the
        nodes and the tables do not match one to one (then the name is left to the module)."""
        key = tuple(n.start_byte for n in chain)
        if key in self._tables:
            return self._tables[key]
        table = self.top
        if chain:
            parent = self._table(chain[:-1])
            node = chain[-1]
            table = None
            if parent is not None:
                name = _SCOPES[node.type]
                if name is None:
                    name_node = node.child_by_field_name("name")
                    name = name_node.text.decode("utf-8", "replace") if name_node is not None else ""
                line = node.start_point[0] + 1
                kids = [t for t in parent.get_children() if t.get_name() == name and t.get_lineno() == line]
                table = kids[0] if len(kids) == 1 else None
        self._tables[key] = table
        return table

    def is_local(self, leaf: Node, name: str) -> bool:
        """Whether ``name``, written at ``leaf``, is bound by a scope that encloses it below the
        module (a parameter, a local, a comprehension variable, a name of the class body read in
        that body, a closure's variable); False for a module-level name or a builtin, and when
        the scopes are unknown."""
        if self.top is None:
            return False
        chain: list[Node] = []
        node = leaf.parent
        while node is not None:
            if node.type in _SCOPES and _inside_own_scope(node, leaf):
                chain.append(node)
            node = node.parent
        chain.reverse()
        while chain:
            table = self._table(chain)
            if table is None:
                return False
            try:
                sym = table.lookup(name)
            except KeyError:  # written in the scope's header (a default, a base): the enclosing scope's
                chain.pop()
                continue
            if sym.is_global() or sym.is_declared_global():
                return False
            return sym.is_local() or sym.is_free() or sym.is_parameter()
        return False


def _inside_own_scope(scope: Node, leaf: Node) -> bool:
    """Whether ``leaf`` is evaluated in ``scope``'s own table: a function's or lambda's body and
    parameters (defaults and annotations are the enclosing scope's: their lookup misses and the
    walk goes out), a class's body, a comprehension -- but not a function's or class's name, nor
    a class's bases and decorators."""
    if scope.type in ("function_definition", "class_definition"):
        body = scope.child_by_field_name("body")
        params = scope.child_by_field_name("parameters")
        return any(part is not None and part.start_byte <= leaf.start_byte and leaf.end_byte <= part.end_byte
                   for part in (body, params))
    return True
