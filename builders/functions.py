"""Python functions as RepoExec sees them: candidates, their dependencies, the prompts (shared by the executable and instruct splits).

Why it exists: RepoExec's problems are functions with a meaningful docstring whose body needs
code from elsewhere in the repository. This module decides which functions qualify (each
exclusion counted by reason), finds what their bodies use one level deep (in-file functions,
classes and module-level assignments; through project imports, definitions of other files;
for methods, the members of their own class reached through ``self``/``cls``), and renders
the prompts at RepoExec's three context sizes:

- ``full_context``: the file's imports, the in-file module-level assignments the function
  uses, every dependency's code (cross-file blocks in import order, then in-file blocks in
  source order), then the target's signature and docstring;
- ``medium_context``: the same, dependencies reduced to signatures and docstrings;
- ``small_context``: the same, dependencies reduced to signatures.

Unlike RepoExec's published prompts, reduced definitions keep a ``...`` body, so every prompt is
valid Python (checked with ``ast.parse``). No code is executed here.
"""

from __future__ import annotations

import ast
import builtins
import dataclasses
import functools
import hashlib
import heapq
import re
import symtable
import textwrap
from dataclasses import dataclass, field
from pathlib import PurePosixPath

import libcst as cst

from crossfile_datasets.core import constants as C
from crossfile_datasets.lang.python.versions import python2_only_lines
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.core.records import Definition, FileFacts, ImportBinding

SIZES = C.EXECUTABLE_SPLITS  # RepoExec's context sizes: the executable split's split names
TEST_DIR_NAMES = frozenset({"test", "tests", "testing", "unittests", "unit_tests"})
ENTRY_POINT_NAMES = frozenset({"main", "cli", "run_cli", "entrypoint", "entry_point"})
# packaging and task scripts: importing them runs the packaging (``setup.py``'s ``setup(...)``
# parses the command line and exits: humanfriendly's ``from setup import get_contents`` raised
# ``SystemExit`` in the validation run of all 245 programs, execheld14); their helpers are no
# library code. Any folder for setup.py; the others at the repository's root.
PACKAGING_SCRIPTS = frozenset({"setup.py"})
ROOT_PACKAGING_SCRIPTS = frozenset({"noxfile.py", "fabfile.py", "pavement.py", "tasks.py", "dodo.py"})
# builtins, and the globals every module has (``__file__`` is not in ``builtins``: cookiecutter's
# ``version_msg`` reads it, and its prompts counted it missing)
_BUILTINS = frozenset(dir(builtins)) | {"__file__", "__cached__", "__path__", "__annotations__"}
_CLI_DECORATOR = re.compile(r"(^|\.)(command|group|callback|main|entrypoint)$|^(click|typer)\.")


@dataclass
class Candidate:
    """A function or method that qualifies as a problem (before any test is looked at)."""

    path: str  # repo-relative file
    module: str  # dotted module name
    qualname: str  # "func" or "Cls.method"
    name: str
    class_name: str | None
    start_line: int  # first line, decorators included (1-based)
    def_line: int
    end_line: int
    body_lines: tuple[int, ...]  # statement lines after the docstring: the coverage denominator
    signature: str  # "def f(a: int) -> str:" (RepoExec's function_signature)
    docstring: str
    source: str  # the function, dedented (the gold solution)
    target_prompt: str  # decorators + signature + docstring, dedented (target_function_prompt)
    indent: str
    dependencies: list["Dependency"] = field(default_factory=list)
    prompts: dict[str, str] = field(default_factory=dict)
    is_property: bool = False  # @property: tests read it (``x.name``) instead of calling it
    body_statements: int = 0  # statements after the docstring (RepoExec keeps one-statement bodies)

    @property
    def key(self) -> str:
        return f"{self.path}::{self.qualname}"


@dataclass(frozen=True)
class Dependency:
    name: str  # qualified name inside its file
    kind: str  # function | class | constant | variable | method | field
    file: str
    code: str  # dedented source
    in_file: bool
    order: tuple = ()  # prompt order
    member_of: str | None = None  # the target's own class, for members reached through self/cls
    # identifiers through which the target's body uses it: an import alias (`h` for `helper`),
    # the attribute of `self.attr` reached through a base class or the constructor...; the
    # dependency invocation rate looks for these in a generation
    used_as: list[str] = field(default_factory=list)

    def to_record(self) -> dict:
        return {"name": self.name, "kind": self.kind, "file": self.file, "code": self.code, "used_as": list(self.used_as)}


# ---------------------------------------------------------------------------- candidates --
def is_test_path(path: str) -> bool:
    parts = PurePosixPath(path).parts
    name = parts[-1]
    return (any(p in TEST_DIR_NAMES for p in parts[:-1]) or name.startswith("test_") or name.endswith("_test.py")
            or name in ("conftest.py", "tests.py", "test.py"))


def _own_scope_nodes(node: ast.AST):
    """Nodes of a function body, not descending into nested functions, lambdas or classes."""
    stack = list(ast.iter_child_nodes(node))
    while stack:
        n = stack.pop()
        yield n
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        stack.extend(ast.iter_child_nodes(n))


def _decorator_names(node: ast.FunctionDef) -> list[str]:
    out = []
    for d in node.decorator_list:
        target = d.func if isinstance(d, ast.Call) else d
        try:
            out.append(ast.unparse(target))
        except Exception:  # unparse of odd decorator expressions; never fatal
            out.append("")
    return out


def exclusion_reason(node: ast.AST, path: str, class_node: ast.ClassDef | None) -> str | None:
    """Why a function is not a problem candidate (None = it is one)."""
    if isinstance(node, ast.AsyncFunctionDef):
        return "async_function"
    assert isinstance(node, ast.FunctionDef)
    name = node.name
    if name.startswith("test") or (class_node is not None and class_node.name.startswith("Test")):
        return "test_function"
    if name.startswith("__") and name.endswith("__"):
        return "dunder_method"
    if PurePosixPath(path).name in PACKAGING_SCRIPTS or path in ROOT_PACKAGING_SCRIPTS:
        return "packaging_script"
    decorators = _decorator_names(node)
    if any(d.split(".")[-1] in ("setter", "deleter") for d in decorators):
        return "property_setter"
    if any(d.split(".")[-1] in ("abstractmethod", "overload") for d in decorators):
        return "abstract_or_overload"
    if (name in ENTRY_POINT_NAMES or PurePosixPath(path).name == "__main__.py"
            or any(_CLI_DECORATOR.search(d) for d in decorators if d)):
        return "entry_point"
    own = list(_own_scope_nodes(node))
    if any(isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and
           (n.value.id, n.attr) in (("sys", "argv"), ("argparse", "ArgumentParser")) for n in own):
        return "entry_point"  # parses the command line: a CLI handler
    doc = ast.get_docstring(node, clean=True)
    if not doc:
        return "no_docstring"
    if len(re.findall(r"[A-Za-z][A-Za-z'-]+", doc)) < C.EXEC_MIN_DOCSTRING_WORDS:
        return "short_docstring"
    body = node.body[1:]  # the docstring is the first statement
    if not body or (len(body) == 1 and is_placeholder(body[0])):
        return "trivial_body"  # RepoExec keeps one-statement bodies; only placeholders are not problems
    generator = any(isinstance(n, (ast.Yield, ast.YieldFrom)) for n in own)
    returns = [n for n in own if isinstance(n, ast.Return) and n.value is not None
               and not (isinstance(n.value, ast.Constant) and n.value.value is None)]
    if not returns and not generator:
        return "no_return_value"
    return None


def is_placeholder(stmt: ast.stmt) -> bool:
    """``pass``, ``...``, a lone ``return``/``return None`` or ``raise NotImplementedError``."""
    if isinstance(stmt, ast.Pass):
        return True
    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and stmt.value.value is Ellipsis:
        return True
    if isinstance(stmt, ast.Return) and (stmt.value is None or (isinstance(stmt.value, ast.Constant) and stmt.value.value is None)):
        return True
    if isinstance(stmt, ast.Raise) and stmt.exc is not None:
        exc = stmt.exc.func if isinstance(stmt.exc, ast.Call) else stmt.exc
        return isinstance(exc, ast.Name) and exc.id == "NotImplementedError"
    return False


def _statement_lines(node: ast.FunctionDef) -> tuple[int, ...]:
    """The lines of the body's statements, its docstring and the statements only Python 2 runs
    left out (held-out 19: simplejson's ``else:`` of ``if _PY3:`` were 6 of the 14 and of the 23
    lines of ``py_encode_basestring`` and ``py_encode_basestring_ascii``: no run under Python 3
    reaches them, the share could not pass 0.57)."""
    lines = set()
    for stmt in node.body[1:]:
        for n in ast.walk(stmt):
            if isinstance(n, ast.stmt):
                lines.add(n.lineno)
    return tuple(sorted(lines - python2_only_lines(node)))


def select_candidates(facts: dict[str, FileFacts], report: BuildReport, where: str = "") -> list[Candidate]:
    """Every qualifying module-level function and method of a top-level class, in file order."""
    out: list[Candidate] = []
    for path in sorted(facts):
        ff = facts[path]
        if is_test_path(path):
            continue
        text = ff.file.text
        try:
            tree = ast.parse(text)
        except SyntaxError as exc:
            report.count("candidates", "file_syntax_error", f"{where}{path}", str(exc))
            continue
        lines = text.split("\n")
        for top in tree.body:
            members: list[tuple[ast.FunctionDef | ast.AsyncFunctionDef, ast.ClassDef | None]] = []
            if isinstance(top, (ast.FunctionDef, ast.AsyncFunctionDef)):
                members.append((top, None))
            elif isinstance(top, ast.ClassDef):
                members.extend((m, top) for m in top.body if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)))
            for node, cls in members:
                qual = f"{cls.name}.{node.name}" if cls else node.name
                reason = exclusion_reason(node, path, cls)
                if reason:
                    report.count("candidates", reason, f"{where}{path}::{qual}")
                    continue
                assert isinstance(node, ast.FunctionDef)
                out.append(_candidate(ff, path, node, cls, lines))
                report.count("candidates", "selected")
    return out


def _candidate(ff: FileFacts, path: str, node: ast.FunctionDef, cls: ast.ClassDef | None, lines: list[str]) -> Candidate:
    start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
    end = node.end_lineno or node.lineno
    raw = "\n".join(lines[start - 1 : end])
    first = lines[start - 1]
    indent = first[: len(first) - len(first.lstrip())]
    source = textwrap.dedent(raw).rstrip() + "\n"
    doc = ast.get_docstring(node, clean=True) or ""
    return Candidate(
        path=path, module=ff.package, qualname=f"{cls.name}.{node.name}" if cls else node.name, name=node.name,
        class_name=cls.name if cls else None, start_line=start, def_line=node.lineno, end_line=end,
        body_lines=_statement_lines(node), signature=function_signature(source), docstring=doc, source=source,
        target_prompt=render_definition(source, "medium_context"), indent=indent,
        is_property=any(d.split(".")[-1] in ("property", "cached_property") for d in _decorator_names(node)),
        body_statements=len(node.body) - 1,
    )


# ------------------------------------------------------------------------------ rendering --
def _is_docstring(stmt: cst.CSTNode) -> bool:
    return (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Expr)
            and isinstance(stmt.body[0].value, (cst.SimpleString, cst.ConcatenatedString)))


_TARGET_SENTINEL = "__crossfile_target__"
_ELLIPSIS_BODY = cst.IndentedBlock(body=[cst.SimpleStatementLine(body=[cst.Expr(cst.Ellipsis())])])


class _Reducer(cst.CSTTransformer):
    """Functions -> signature (+ docstring for medium) with a ``...`` body; classes keep their
    header, docstring (medium), class-level assignments and reduced methods."""

    def __init__(self, keep_docstrings: bool) -> None:
        super().__init__()
        self.keep_docstrings = keep_docstrings

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False  # the body is replaced; nothing inside matters

    def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef) -> cst.FunctionDef:
        body = updated.body.body if isinstance(updated.body, cst.IndentedBlock) else ()
        if self.keep_docstrings and body and _is_docstring(body[0]):
            return updated.with_changes(body=cst.IndentedBlock(body=[body[0]]))
        return updated.with_changes(body=_ELLIPSIS_BODY)

    def leave_ClassDef(self, original: cst.ClassDef, updated: cst.ClassDef) -> cst.ClassDef:
        body = list(updated.body.body) if isinstance(updated.body, cst.IndentedBlock) else []
        kept = []
        for i, stmt in enumerate(body):
            if i == 0 and _is_docstring(stmt):
                if self.keep_docstrings:
                    kept.append(stmt)
            elif isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
                kept.append(stmt)
            elif isinstance(stmt, cst.SimpleStatementLine) and all(
                    isinstance(s, (cst.Assign, cst.AnnAssign, cst.AugAssign)) for s in stmt.body):
                kept.append(stmt)
        return updated.with_changes(body=cst.IndentedBlock(body=kept or _ELLIPSIS_BODY.body))


@functools.lru_cache(maxsize=512)
def _parsed_module(code: str) -> cst.Module | None:
    """libcst's tree of a definition's code, parsed once for every prompt that shows it (libcst
    trees are immutable). A method's prompt parses its whole class for the skeleton: youtube-dl's
    ``YoutubeDL`` and ``InfoExtractor`` classes (thousands of lines) were parsed again for every
    method and every context size, 0.3 s each: 143 of the 184 s that 30 of its 121 candidates'
    prompts took, at load; the static stage was about 2,900 s of its 7,922 s build."""
    try:
        return cst.parse_module(code)
    except cst.ParserSyntaxError:
        return None


@functools.lru_cache(maxsize=512)
def render_definition(code: str, size: str) -> str:
    """A dedented definition (function, class or assignment) at one context size (pure: cached,
    a helper pasted into many prompts is reduced once)."""
    if size == "full_context":
        return code
    module = _parsed_module(code)
    if module is None:
        return code  # libcst lags behind the newest syntax: keep the code rather than break it
    if not any(isinstance(s, (cst.FunctionDef, cst.ClassDef)) for s in module.body):
        return code  # assignments are shown whole at every size (RepoExec)
    return module.visit(_Reducer(keep_docstrings=size == "medium_context")).code


def function_signature(source: str) -> str:
    """``def name(args) -> ret:`` of a dedented function (no decorators), as written."""
    try:
        module = cst.parse_module(source)
        fn = next(s for s in module.body if isinstance(s, cst.FunctionDef))
        stub = fn.with_changes(decorators=(), leading_lines=(),
                               body=cst.SimpleStatementSuite(body=[cst.Expr(cst.Ellipsis())]))
        text = module.code_for_node(stub).rstrip()
        return text[: -len("...")].rstrip()
    except (cst.ParserSyntaxError, StopIteration):
        tree = ast.parse(source)
        node = tree.body[0]
        assert isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        return source.split("\n")[node.lineno - 1 - (min([node.lineno, *(d.lineno for d in node.decorator_list)]) - 1)].rstrip()


# -------------------------------------------------------------------------- dependencies --
def _definition_code(ff: FileFacts, d: Definition) -> str:
    lines = ff.file.text.split("\n")
    return textwrap.dedent("\n".join(lines[d.span.start_row : d.span.end_row + 1])).rstrip() + "\n"


def _definitions(ff: FileFacts) -> dict[str, Definition]:
    out: dict[str, Definition] = {}
    for d in ff.definitions:
        out.setdefault(d.qualified_name, d)  # the first definition wins (guarded re-definitions)
    return out


def _function_table(module_table: symtable.SymbolTable, cand: Candidate) -> symtable.SymbolTable | None:
    scope = module_table
    if cand.class_name:
        classes = [t for t in module_table.get_children() if t.get_name() == cand.class_name and t.get_type() == "class"]
        if not classes:
            return None
        scope = classes[-1]
    found = [t for t in scope.get_children() if t.get_name() == cand.name and t.get_type() == "function"]
    exact = [t for t in found if t.get_lineno() in (cand.start_line, cand.def_line)]
    return (exact or found)[-1] if exact or found else None


def _global_names(table: symtable.SymbolTable) -> set[str]:
    names: set[str] = set()
    stack = [table]
    while stack:
        t = stack.pop()
        for sym in t.get_symbols():
            if sym.is_global() and sym.is_referenced():
                names.add(sym.get_name())
        stack.extend(t.get_children())
    return names


def _function_node(tree: ast.Module, cand: Candidate) -> ast.FunctionDef | None:
    body = tree.body
    if cand.class_name:
        classes = [n for n in body if isinstance(n, ast.ClassDef) and n.name == cand.class_name]
        if not classes:
            return None
        body = classes[-1].body
    found = [n for n in body if isinstance(n, ast.FunctionDef) and n.name == cand.name and n.lineno == cand.def_line]
    return found[-1] if found else None


def _attribute_chains(node: ast.AST) -> list[tuple[str, ...]]:
    """``a.b.c`` uses in the body as ('a', 'b', 'c'), outermost chains only, in source order."""
    chains: list[tuple[int, int, tuple[str, ...]]] = []
    inner: set[int] = set()
    for n in ast.walk(node):
        if isinstance(n, ast.Attribute) and id(n) not in inner:
            parts = []
            cur: ast.AST = n
            while isinstance(cur, ast.Attribute):
                inner.add(id(cur.value))
                parts.append(cur.attr)
                cur = cur.value
            if isinstance(cur, ast.Name):
                parts.append(cur.id)
                chains.append((n.lineno, n.col_offset, tuple(reversed(parts))))
    return [c for _, _, c in sorted(chains)]


def _name_positions(node: ast.AST) -> dict[str, tuple[int, int]]:
    pos: dict[str, tuple[int, int]] = {}
    for n in ast.walk(node):
        if isinstance(n, ast.Name):
            key = (n.lineno, n.col_offset)
            if n.id not in pos or key < pos[n.id]:
                pos[n.id] = key
    return pos


def _reexported(facts: dict[str, FileFacts], ff: FileFacts, name: str, depth: int = 4
                ) -> tuple[FileFacts, Definition] | None:
    """The definition a module's ``name`` re-exports (``from .objects import to_string`` in a
    package's ``__init__.py``, through ``from .x import *`` or a chain of such modules), with
    its file; None when ``name`` is no re-export of a project definition. pydash's
    ``import pydash as pyd; pyd.to_string(text)`` reached only the package's ``__init__.py``,
    and ``pad``'s prompts lacked ``to_string`` (execheld14)."""
    if depth <= 0:
        return None
    for b in reversed(ff.imports):  # the later import of a name wins, as at run time
        target = facts.get(b.target_file or "")
        if target is None or target is ff:
            continue
        if b.kind == "symbol" and b.local_name == name and b.target_symbol:
            d = _definitions(target).get(b.target_symbol)
            if d is not None:
                return target, d
            return _reexported(facts, target, b.target_symbol, depth - 1)
        if b.kind == "wildcard" and not name.startswith("_"):
            d = _definitions(target).get(name)
            found = (target, d) if d is not None else _reexported(facts, target, name, depth - 1)
            if found is not None:
                return found
    return None


def _submodule_file(facts: dict[str, FileFacts], file: str, part: str) -> str | None:
    if not file.endswith("__init__.py"):
        return None
    base = file[: -len("__init__.py")]
    for cand in (f"{base}{part}.py", f"{base}{part}/__init__.py"):
        if cand in facts:
            return cand
    return None


@functools.lru_cache(maxsize=8)
def _file_tables(text: str, path: str) -> tuple[ast.Module, symtable.SymbolTable]:
    """A file's syntax tree and symbol table, made once for all its candidates (only read):
    youtube-dl's ``utils.py`` (6,000 lines) was parsed twice again for each of its functions,
    98 s of the dependencies of its 121 candidates."""
    return ast.parse(text), symtable.symtable(text, path, "exec")


def resolve_dependencies(cand: Candidate, facts: dict[str, FileFacts]) -> list[Dependency]:
    """One level of what the target's body uses, resolved to project definitions."""
    ff = facts[cand.path]
    tree, module_table = _file_tables(ff.file.text, cand.path)
    node = _function_node(tree, cand)
    table = _function_table(module_table, cand)
    if node is None or table is None:
        return []
    body = ast.Module(body=node.body, type_ignores=[])
    names = _global_names(table)
    positions = _name_positions(body)
    local_defs = _definitions(ff)
    # the later import of a name wins, as at run time
    bindings: dict[str, ImportBinding] = {b.local_name: b for b in ff.imports}
    wildcards = [(b, facts[b.target_file]) for b in ff.imports if b.kind == "wildcard" and b.target_file and b.target_file in facts]
    deps: dict[tuple[str, str], Dependency] = {}

    def add(target_ff: FileFacts, d: Definition, order: tuple, member_of: str | None = None, *, used_as: str) -> None:
        key = (d.path, d.qualified_name)
        if d.path == cand.path and d.qualified_name == cand.qualname:
            return
        if key not in deps:
            in_file = d.path == cand.path
            deps[key] = Dependency(d.qualified_name, d.kind, d.path, _definition_code(target_ff, d), in_file, order, member_of)
        if used_as not in deps[key].used_as:
            deps[key].used_as.append(used_as)

    def import_order(b: ImportBinding, d: Definition) -> tuple:
        return (0, b.statement.start, d.span.start)

    module_bindings: dict[str, ImportBinding] = {}
    for name in sorted(names, key=lambda n: positions.get(n, (0, 0))):
        if name in local_defs and "." not in name:
            local = local_defs[name]
            if local.kind in ("function", "class", "constant", "variable"):
                add(ff, local, (1, local.span.start), used_as=name)
            continue
        b = bindings.get(name)
        if b is not None and b.is_project:
            if b.kind == "module":
                module_bindings[name] = b
            elif b.target_file in facts and b.target_symbol:
                imported = facts[b.target_file]
                d = _definitions(imported).get(b.target_symbol)
                if d is not None:
                    add(imported, d, import_order(b, d), used_as=name)
            continue
        if b is not None or name in _BUILTINS:
            continue  # external import or builtin
        blocks, index = _blocks(ff)
        if name in index and blocks[index[name]].kind in ("assignment", "block"):
            # bound by a statement the analyzer has no definition for: a chained alias
            # (`Money.NA = NoMoney = NoneMoney()`), a guarded import (`try: import x`)
            block = blocks[index[name]]
            key = (cand.path, name)
            if key not in deps:
                deps[key] = Dependency(name, "variable", cand.path, block.code, True, (1, block.index * 10**6))
            deps[key].used_as.append(name)
            continue
        for w, w_facts in wildcards:
            d = _definitions(w_facts).get(name)
            if d is not None:
                add(w_facts, d, import_order(w, d), used_as=name)
                break

    for chain in _attribute_chains(body):
        root = chain[0]
        if root in module_bindings:
            b = module_bindings[root]
            prefix = b.imported_name.split(".")
            if b.local_name == prefix[0] and len(prefix) > 1:  # `import a.b` binds `a`
                if list(chain[: len(prefix)]) != prefix:
                    continue
                rest = chain[len(prefix):]
            else:
                rest = chain[1:]
            file = b.target_file
            for part in rest:
                target = facts.get(file or "")
                if target is None:
                    break
                d = _definitions(target).get(part)
                if d is not None:
                    add(target, d, import_order(b, d), used_as=part)
                    break
                found = _reexported(facts, target, part)
                if found is not None:  # `pyd.to_string`: the package re-exports it from a module
                    add(found[0], found[1], import_order(b, found[1]), used_as=part)
                    break
                file = _submodule_file(facts, file or "", part)
                if file is None:
                    break
        elif cand.class_name and len(chain) > 1 and (root in ("self", "cls") or root == cand.class_name):
            _add_member(cand, facts, ff, local_defs, bindings, chain[1], add)
        elif cand.class_name and len(chain) > 1 and f"{cand.class_name}.{chain[1]}" in local_defs and \
                local_defs[f"{cand.class_name}.{chain[1]}"].kind == "method":
            # `token = self; token._child(step)`: a helper method of the own class reached
            # through another name
            _add_member(cand, facts, ff, local_defs, bindings, chain[1], add)
    return sorted(deps.values(), key=lambda d: d.order)


def _add_member(cand: Candidate, facts, ff: FileFacts, local_defs: dict[str, Definition],
                bindings: dict[str, ImportBinding], member: str, add) -> None:
    """``self.member``: the target's own class, then its bases (one level), else the
    constructor (instance attributes are assigned there)."""
    own = local_defs.get(f"{cand.class_name}.{member}")
    if own is not None:
        add(ff, own, (2, own.span.start), member_of=cand.class_name, used_as=member)
        return
    cls = local_defs.get(cand.class_name or "")
    for base in cls.bases if cls else ():
        if base in local_defs and f"{base}.{member}" in local_defs:
            add(ff, local_defs[base], (1, local_defs[base].span.start), used_as=member)
            return
        b = bindings.get(base)
        if b is not None and b.is_project and b.target_file in facts and b.target_symbol:
            target = facts[b.target_file]
            defs = _definitions(target)
            if f"{b.target_symbol}.{member}" in defs and b.target_symbol in defs:
                d = defs[b.target_symbol]
                add(target, d, (0, b.statement.start, d.span.start), used_as=member)
                return
    init = local_defs.get(f"{cand.class_name}.__init__")
    if init is not None and init.qualified_name != cand.qualname:
        add(ff, init, (2, init.span.start), member_of=cand.class_name, used_as=member)


# -------------------------------------------------------------------------------- prompts --
def _module_imports(ff: FileFacts, pasted: frozenset[str] = frozenset()) -> list[str]:
    """Text of the file's module-level import statements, in order, without the names in
    ``pasted`` (cross-file definitions the prompt shows as code: a dependency appears once).
    A statement left without names is dropped."""
    seen: list[tuple[int, int]] = []
    for b in ff.imports:
        key = (b.statement.start, b.statement.end)
        if key not in seen and b.statement.start_col == 0:
            seen.append(key)
    out = []
    for s, e in sorted(seen):
        text = ff.file.text[s:e]
        if pasted:
            text = _without_imported(text, pasted)
        if text:
            out.append(text)
    return out


def _without_imported(text: str, names: frozenset[str]) -> str:
    """``from m import a, b`` minus the aliases binding a name of ``names`` under its own
    name ("" when none is left); other statements unchanged."""
    try:
        stmt = cst.parse_statement(text + "\n")
    except cst.ParserSyntaxError:
        return text
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.ImportFrom)):
        return text
    node = stmt.body[0]
    if isinstance(node.names, cst.ImportStar):
        return text
    keep = [a for a in node.names if not (a.asname is None and isinstance(a.name, cst.Name) and a.name.value in names)]
    if len(keep) == len(node.names):
        return text
    if not keep:
        return ""
    keep[-1] = keep[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    # parentheses stay as written: a multi-line name list needs them
    return cst.Module([]).code_for_node(node.with_changes(names=keep))


@functools.lru_cache(maxsize=4096)
def _member_statement(class_code: str, i: int, size: str) -> cst.BaseStatement:
    """The ``i``-th statement of a class's body, a member the skeleton shows, rendered at one
    context size (cached per class: every method of a large class shows the members it uses,
    each printed and parsed again before, at every size; libcst nodes are immutable)."""
    module = _parsed_module(class_code)
    assert module is not None and isinstance(module.body[0], cst.ClassDef)
    stmt = module.body[0].body.body[i]
    member_code = module.code_for_node(stmt.with_changes(leading_lines=()))
    return cst.parse_statement(render_definition(member_code, size))


def _class_skeleton(cand: Candidate, ff: FileFacts, members: list[Dependency], size: str, include_target: bool) -> str:
    """The target's class: header, docstring (not small), fields, used members, then the target."""
    defs = _definitions(ff)
    cls = defs.get(cand.class_name or "")
    code = _definition_code(ff, cls) if cls else f"class {cand.class_name}:\n    ...\n"
    used = {m.name.split(".", 1)[1] for m in members} | _members_read_by_fields(code)
    module = _parsed_module(code)
    if module is None or not isinstance(module.body[0], cst.ClassDef):
        header = f"class {cand.class_name}:\n"
        return header + textwrap.indent(cand.target_prompt if include_target else "...\n", "    ")
    node = module.body[0]
    keep_doc = size != "small_context"
    body = list(node.body.body) if isinstance(node.body, cst.IndentedBlock) else []
    kept: list[cst.BaseStatement] = []
    for i, stmt in enumerate(body):
        if i == 0 and _is_docstring(stmt):
            if keep_doc:
                kept.append(stmt)
        elif isinstance(stmt, cst.SimpleStatementLine) and all(
                isinstance(s, (cst.Assign, cst.AnnAssign, cst.AugAssign)) for s in stmt.body):
            kept.append(stmt)  # fields define the class's data: shown at every size
        elif isinstance(stmt, cst.FunctionDef) and stmt.name.value == "__init__" and cand.name != "__init__":
            # the attributes the constructor sets are the instance's data: shown at every size
            kept.append(stmt.with_changes(leading_lines=()))
        elif isinstance(stmt, (cst.FunctionDef, cst.ClassDef)) and stmt.name.value in used and stmt.name.value != cand.name:
            kept.append(_member_statement(code, i, size))
    if include_target:
        # a sentinel line stands for the target: its text is inserted verbatim afterwards, with
        # the original indentation (libcst would keep the dedented docstring's inner lines)
        kept.append(cst.parse_statement(f"{_TARGET_SENTINEL}\n"))
    if not kept:
        kept = list(_ELLIPSIS_BODY.body)
    code = module.code_for_node(node.with_changes(body=node.body.with_changes(body=kept)))
    if not include_target:
        return code
    lines = code.rstrip("\n").split("\n")
    # the sentinel's own line, not the last one: comments after the class's last statement (the
    # block's footer) are rendered after it (held-out 19: hyperlink's ``DecodedURL`` ends with
    # ``# # End Twisted Compat Code``, the comment was replaced and the sentinel stayed in 42 prompts)
    at = max((i for i, line in enumerate(lines) if line.strip() == _TARGET_SENTINEL), default=len(lines) - 1)
    indent = lines[at][: len(lines[at]) - len(lines[at].lstrip())]
    target = textwrap.indent(cand.target_prompt, indent)
    separator = [""] if at > 1 else []
    return "\n".join([*lines[:at], *separator, target.rstrip("\n"), *lines[at + 1:]]) + "\n"


@functools.lru_cache(maxsize=64)
def _members_read_by_fields(class_code: str) -> frozenset[str]:
    """Methods and nested classes of a class that its class-level assignments read (tornado's
    ``initialize = _initialize``): the skeleton shows the fields, so it shows these too."""
    try:
        node = ast.parse(class_code).body[0]
    except (SyntaxError, IndexError):
        return frozenset()
    if not isinstance(node, ast.ClassDef):
        return frozenset()
    members = {s.name for s in node.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))}
    read = {n.id for s in node.body if isinstance(s, (ast.Assign, ast.AnnAssign, ast.AugAssign)) and s.value is not None
            for n in ast.walk(s.value) if isinstance(n, ast.Name)}
    return frozenset(read & members)


@dataclass(frozen=True)
class _Block:
    """A top-level statement of a file pasted into a prompt (a definition, an assignment, a
    ``try``/``if`` block binding names), with where it comes from."""

    file: str
    index: int  # position among the file's top-level statements (source order)
    code: str  # dedented source
    kind: str  # function | class | assignment | block | import | other
    names: tuple[str, ...]  # names it binds at module level


_BLOCK_CACHE: dict[tuple[str, str], tuple[list[_Block], dict[str, int]]] = {}


def _blocks(ff: FileFacts) -> tuple[list[_Block], dict[str, int]]:
    """A file's top-level statements as blocks and name -> index of the block that binds it
    first (``Money.NA = NoMoney = NoneMoney()`` binds ``NoMoney``; ``try: import x`` /
    ``except ImportError: x = None`` binds ``x`` as a whole). Import statements are blocks of
    kind ``import`` (the prompt shows the file's imports whole, never as pasted blocks)."""
    text = ff.file.text
    key = (ff.file.path, hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest())
    if key in _BLOCK_CACHE:
        return _BLOCK_CACHE[key]
    lines = text.split("\n")
    out: list[_Block] = []
    index: dict[str, int] = {}
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return [], {}
    for i, stmt in enumerate(tree.body):
        if isinstance(stmt, (ast.Import, ast.ImportFrom)):
            out.append(_Block(ff.file.path, i, "", "import", ()))
            continue
        start = min([stmt.lineno, *(d.lineno for d in getattr(stmt, "decorator_list", []))])
        code = textwrap.dedent("\n".join(lines[start - 1 : (stmt.end_lineno or stmt.lineno)])).rstrip() + "\n"
        names: list[str] = []
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.append(stmt.name)
            kind = "class" if isinstance(stmt, ast.ClassDef) else "function"
        elif isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            kind = "assignment"
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            for t in targets:
                for n in ast.walk(t):
                    if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
                        names.append(n.id)
        elif isinstance(stmt, (ast.Try, ast.If, ast.With)):
            kind = "block"
            for n in ast.walk(stmt):
                if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
                    names.append(n.id)
                elif isinstance(n, (ast.Import, ast.ImportFrom)):
                    names.extend((a.asname or a.name).split(".")[0] for a in n.names if a.name != "*")
                elif isinstance(n, (ast.FunctionDef, ast.ClassDef)):
                    names.append(n.name)
        else:
            kind = "other"
        out.append(_Block(ff.file.path, i, code, kind, tuple(dict.fromkeys(names))))
        for name in names:
            index.setdefault(name, i)
    _BLOCK_CACHE[key] = (out, index)
    return out, index


@functools.lru_cache(maxsize=8192)
def _used_names(code: str) -> tuple[str, ...]:
    """Module-level names a block's code reads (every nested scope; in first-use order),
    builtins and the names the code binds at its own top level left out. Cached: a block is
    read again for every candidate whose context reaches it (tornado, 228 candidates: 2,499
    calls, 25 s of the 116 s its prompts took, 2026-11-28)."""
    try:
        table = symtable.symtable(code, "<block>", "exec")
        tree = ast.parse(code)
    except SyntaxError:
        return ()
    top = {sym.get_name() for sym in table.get_symbols() if sym.is_assigned() or sym.is_imported()}
    used: set[str] = set()
    stack = [table]
    while stack:
        t = stack.pop()
        for sym in t.get_symbols():
            if sym.is_referenced() and (t is table or sym.is_global()):
                used.add(sym.get_name())
        stack.extend(t.get_children())
    order = [n.id for n in sorted((n for n in ast.walk(tree) if isinstance(n, ast.Name)),
                                  key=lambda n: (n.lineno, n.col_offset))]
    return tuple(n for n in dict.fromkeys(order) if n in used and n not in _BUILTINS and n not in top)


def _resolve_block(name: str, ff: FileFacts, facts: dict[str, FileFacts]) -> "_Block | None":
    """The block that defines ``name`` as seen from the file ``ff``: an in-file top-level
    binding (``try``/``except`` import blocks included), else the definition a project import
    brings in (``from .m import name``, wildcards). External imports: None (the file's import
    lines show them)."""
    blocks, index = _blocks(ff)
    imported = [b for b in ff.imports if b.local_name == name and b.statement.start_col == 0]
    if name in index and not imported:
        return blocks[index[name]]
    for b in reversed(imported):
        if not b.is_project or b.target_file not in facts:
            return None
        if b.kind == "symbol" and b.target_symbol:
            tblocks, tindex = _blocks(facts[b.target_file])
            if b.target_symbol in tindex:
                return tblocks[tindex[b.target_symbol]]
        return None
    if name in index:
        return blocks[index[name]]
    for w in ff.imports:
        if w.kind == "wildcard" and w.target_file in facts:
            tblocks, tindex = _blocks(facts[w.target_file])
            if name in tindex:
                return tblocks[tindex[name]]
    return None


@functools.lru_cache(maxsize=8192)
def _code_attribute_chains(code: str) -> tuple[tuple[str, ...], ...]:
    """:func:`_attribute_chains` of a block's code, parsed once per code (cached)."""
    try:
        return tuple(_attribute_chains(ast.parse(code)))
    except SyntaxError:
        return ()


def _module_attr_blocks(code: str, ff: FileFacts, facts: dict[str, FileFacts]) -> list["_Block"]:
    """``m.f`` where ``m`` is a project module the file imports: the block defining ``f``."""
    out: list[_Block] = []
    chains = _code_attribute_chains(code)
    if not chains:
        return out
    modules = {b.local_name: b for b in ff.imports if b.kind == "module" and b.is_project and b.target_file in facts}
    for chain in chains:
        b = modules.get(chain[0])
        if b is None:
            continue
        prefix = b.imported_name.split(".")
        rest = chain[len(prefix):] if b.local_name == prefix[0] and len(prefix) > 1 else chain[1:]
        file = b.target_file
        for part in rest:
            target = facts.get(file or "")
            if target is None:
                break
            tblocks, tindex = _blocks(target)
            if part in tindex:
                out.append(tblocks[tindex[part]])
                break
            file = _submodule_file(facts, file or "", part)
            if file is None:
                break
    return out


def _body_shape(node: ast.AST) -> str:
    """A function body's AST with identifiers and constants erased: two functions with the
    same shape differ only in names (``Price.of`` beside ``Money.of``)."""
    body = list(getattr(node, "body", []))
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) and \
            isinstance(body[0].value.value, str):
        body = body[1:]
    dumped = ast.dump(ast.Module(body=body, type_ignores=[]), include_attributes=False)
    return re.sub(r"(id|attr|arg|name)='[^']*'|Constant\(value=[^,)]*", "_", dumped)


def _target_shape(cand: Candidate) -> str | None:
    try:
        node = ast.parse(cand.source).body[0]
    except (SyntaxError, IndexError):
        return None
    return _body_shape(node)


@functools.lru_cache(maxsize=8192)
def _function_shapes(code: str) -> tuple[tuple[int, int, str], ...]:
    """(first line with decorators, last line, body shape) of every function in a block's code,
    once per code (cached: tornado's pasted blocks were parsed and their shapes dumped 3,747
    times, 22 s of its prompts)."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return ()
    return tuple((min([n.lineno, *(d.lineno for d in n.decorator_list)]), n.end_lineno or n.lineno, _body_shape(n))
                 for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)))


def _without_near_copies(code: str, shape: str | None, size: str) -> str:
    """A pasted block with every function whose body has the target's shape reduced to its
    signature and docstring: the context must not show the answer under another name."""
    if shape is None or size != "full_context":
        return code
    near = [(start, end) for start, end, body in _function_shapes(code) if body == shape]
    if not near:
        return code
    lines = code.split("\n")
    for start, end in sorted(near, reverse=True):
        text = "\n".join(lines[start - 1 : end])
        indent = text[: len(text) - len(text.lstrip())]
        reduced = textwrap.indent(render_definition(textwrap.dedent(text), "medium_context").rstrip(), indent)
        lines[start - 1 : end] = reduced.split("\n")
    return "\n".join(lines)


def _skeleton_source(class_code: str, cand: Candidate) -> str:
    """The parts of the target's class its skeleton shows (bases, decorators, fields, the
    constructor): the names they use must be defined too."""
    return _skeleton_parts(class_code, cand.name == "__init__")


@functools.lru_cache(maxsize=32)
def _skeleton_parts(class_code: str, target_is_init: bool) -> str:
    """:func:`_skeleton_source` of a class, once per class (not once per method)."""
    try:
        node = ast.parse(class_code).body[0]
    except (SyntaxError, IndexError):
        return ""
    if not isinstance(node, ast.ClassDef):
        return ""
    parts = [ast.unparse(b) for b in node.bases] + [ast.unparse(d) for d in node.decorator_list]
    read = _members_read_by_fields(class_code)
    for stmt in node.body:
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)) or (
                isinstance(stmt, ast.FunctionDef) and stmt.name == "__init__" and not target_is_init) or (
                isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and stmt.name in read):
            parts.append(ast.unparse(stmt))
    return "\n".join(parts)


def context_blocks(cand: Candidate, facts: dict[str, FileFacts], deps: list[Dependency],
                   budget: int = C.EXEC_CONTEXT_MAX_CHARS, cut_out: list[_Block] | None = None) -> list[_Block]:
    """The blocks a prompt pastes, from the dependency graph: what the target (its
    decorators, signature, body, and its class's skeleton) uses, whole, always; then, within
    ``budget`` characters of pasted code, what each pasted block and each used member of the own
    class uses in turn, resolved in its own file (helpers, regexes, aliases, guarded imports).
    The target's own class is not a block (the prompt shows its skeleton).

    Names before bodies: the target's own needs are pasted first as signatures and docstrings
    (signatures when that does not fit; :func:`_forms`; assignments and guarded blocks are whole
    at every size); every block a pasted block needs then comes in its smallest form,
    transitively, nearest and smallest first, while it fits; then the pasted definitions grow
    back to their larger forms nearest first: the target's own needs whole whenever they fit,
    the others only together with what their larger form needs. Pasting whole blocks breadth
    first until the budget ran out stopped part-way through the names pasted code uses (pypara's ``dcfc_act_act`` showed the
    ``dcc`` decorator but neither ``DCC`` nor ``DCCRegistry``, which it calls; 2026-11-28g,
    ``bench/prompt_names.py``). A block a pasted block needs is pasted only with what it needs
    in turn; those left out for the budget (smallest forms) are appended to ``cut_out``, and the
    assignments pasted with their value left out (:func:`elided_assignment`), in that form."""
    ff = facts[cand.path]
    pasted: dict[tuple[str, int], _Block] = {}  # in the order pasted
    level_of: dict[tuple[str, int], int] = {}
    used = [0]  # characters pasted so far

    def wanted(block: _Block | None) -> bool:
        if block is None or block.kind in ("import", "other") or (block.file, block.index) in pasted:
            return False
        # the target itself, or its own class (shown as the skeleton)
        return not (block.file == cand.path and block.kind in ("class", "function") and
                    (cand.class_name or cand.name) in block.names)

    def needs_of(block: _Block) -> list[_Block | None]:
        bff = facts[block.file]
        return [*(_resolve_block(name, bff, facts) for name in _used_names(block.code)),
                *_module_attr_blocks(block.code, bff, facts)]

    def paste(block: _Block, level: int) -> None:
        key = (block.file, block.index)
        used[0] += len(block.code) - (len(pasted[key].code) if key in pasted else 0)
        pasted[key] = block
        level_of[key] = level

    def reduced_closure(queue: list[tuple[_Block, int]]) -> list[tuple[_Block, int]]:
        """What the queued blocks need that is not pasted, in their smallest form, transitively
        (each once)."""
        out: list[tuple[_Block, int]] = []
        keys: set[tuple[str, int]] = set()
        while queue:
            block, level = queue.pop(0)
            for needed in needs_of(block):
                if wanted(needed) and (needed.file, needed.index) not in keys:  # type: ignore[union-attr]
                    assert needed is not None
                    keys.add((needed.file, needed.index))
                    out.append((_forms(needed)[0], level + 1))
                    queue.append(out[-1])
        return out

    cut: dict[tuple[str, int], _Block] = {}  # blocks left out for the budget (what was cut)

    def close(queue: list[tuple[_Block, int]]) -> None:
        """Paste, reduced, what the queued blocks need, transitively, while it fits: nearest
        first, and the smaller first at one distance (more names defined for the characters);
        each block together with what it needs in turn, or not at all. Pasting each block that
        still fit on its own filled inflect's ``engine.no`` prompts with 118 table assignments
        (``pl_sb_z_zes_bysize = bysize(pl_sb_z_zes_list)``) whose own names (``bysize``, the
        ``pl_sb_*_list`` tuples) no longer fit: undefined in every prompt (held-out 20)."""
        for small, level in sorted(reduced_closure(queue), key=lambda e: (e[1], len(e[0].code))):
            key = (small.file, small.index)
            if key in pasted:
                continue
            needs = reduced_closure([(small, level)])
            if used[0] + len(small.code) + sum(len(b.code) for b, k in needs
                                               if (b.file, b.index) != key) <= budget:
                paste(small, level)
                for b, k in needs:
                    if (b.file, b.index) not in pasted:
                        paste(b, k)
            else:
                cut[key] = small

    first: list[tuple[_Block, int]] = []

    def offer_first(block: _Block | None) -> None:  # the target's own needs: docstrings, else signatures
        if wanted(block):
            assert block is not None
            forms = _forms(block)
            paste(next((f for f in reversed(forms[:-1]) if used[0] + len(f.code) <= budget), forms[0]), 1)
            first.append((pasted[(block.file, block.index)], 1))

    own = cand.source
    if cand.class_name:
        blocks, index = _blocks(ff)
        if cand.class_name in index:
            own += "\n" + _skeleton_source(blocks[index[cand.class_name]].code, cand)
    for name in _used_names(own):
        offer_first(_resolve_block(name, ff, facts))
    for block in _module_attr_blocks(cand.source, ff, facts):
        offer_first(block)
    for d in deps:  # what resolve_dependencies found (bases' members, module attributes)
        if d.member_of is None:
            tblocks, tindex = _blocks(facts[d.file]) if d.file in facts else ([], {})
            top = d.name.split(".")[0]
            offer_first(tblocks[tindex[top]] if top in tindex else None)
    # members of the own class the target uses (shown in its skeleton): what they use comes next
    first += [(_Block(cand.path, -1, d.code, "function", ()), 1) for d in deps if d.member_of is not None]
    close(first)
    # larger forms back, nearest first; what a larger form adds comes in its smallest form in
    # turn. One pass: the room only shrinks, so a block that could not grow never can later
    heap = [(level_of[key], n, key) for n, key in enumerate(pasted)]
    heapq.heapify(heap)
    tried: set[tuple[str, int]] = set()
    while heap:
        level, _, key = heapq.heappop(heap)
        if key in tried:
            continue
        tried.add(key)
        block = pasted[key]
        forms = _forms(_blocks(facts[block.file])[0][block.index])
        codes = [f.code for f in forms]
        for bigger in reversed(forms[codes.index(block.code) + 1:] if block.code in codes else []):
            # a larger form comes back with what it needs (smallest forms), or not at all: no
            # name left undefined; the target's own needs get theirs whenever they fit, and what
            # they need as far as it fits
            grow = len(bigger.code) - len(block.code)
            if used[0] + grow > budget:
                continue
            # an assignment's value comes back only with what it reads: never a name without
            # its definition (price-parser's tables, held-out 21)
            if (level == 1 and block.kind != "assignment") or \
                    used[0] + grow + sum(len(b.code) for b, _ in reduced_closure([(bigger, level)])) <= budget:
                before = set(pasted)
                paste(bigger, level)
                close([(bigger, level)])
                for new_key in set(pasted) - before:
                    heapq.heappush(heap, (level_of[new_key], len(pasted) + len(heap), new_key))
                break
    if cut_out is not None:
        cut_out.extend(block for key, block in cut.items() if key not in pasted)
        # and the assignments pasted with their value left out (their ``NAME = ...`` form)
        cut_out.extend(block for block in pasted.values() if block.kind == "assignment" and ELIDED_MARK in block.code)
    return list(pasted.values())


ELIDED_MARK = "# value left out for the prompt's size"


def elided_assignment(block: _Block) -> _Block | None:
    """An assignment of at least ``EXEC_CONTEXT_ELIDE_MIN_CHARS`` characters with its value left
    out (``CURRENCIES = ...  # value left out ...``, its annotation too): the names it binds stay
    defined in a prompt the whole table does not fit (price-parser, held-out 21: the prompts
    pasted ``CURRENCY_CODES = list(CURRENCIES.keys())`` without the 1,500-line ``CURRENCIES``,
    or ``_search_unsafe_currency = or_regex(OTHER_CURRENCY_SYMBOLS).search`` without what it
    reads); None for a shorter one, an augmented assignment or one that does not parse."""
    if block.kind != "assignment" or len(block.code) < C.EXEC_CONTEXT_ELIDE_MIN_CHARS:
        return None
    try:
        stmt = ast.parse(block.code).body[0]
    except (SyntaxError, IndexError):
        return None
    if isinstance(stmt, ast.Assign):
        targets = [ast.unparse(t) for t in stmt.targets]
    elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
        targets = [ast.unparse(stmt.target)]
    else:
        return None
    lines = block.code.count("\n")
    code = f"{' = '.join(targets)} = ...  {ELIDED_MARK} ({lines} lines)\n"
    return dataclasses.replace(block, code=code) if len(code) < len(block.code) else None


def _forms(block: _Block) -> list[_Block]:
    """A block as a full prompt may paste it, smallest first: a function or class as the small
    context shows it (signatures), as the medium one does (and docstrings), whole; a long
    assignment with its value left out (:func:`elided_assignment`), whole; a shorter one or a
    guarded block whole only (shown whole at every size)."""
    if block.kind not in ("class", "function"):
        elided = elided_assignment(block)
        return [block] if elided is None else [elided, block]
    forms: list[_Block] = []
    for size in ("small_context", "medium_context"):
        code = render_definition(block.code, size)
        if code != block.code and all(code != f.code for f in forms):
            forms.append(dataclasses.replace(block, code=code))
    return [*forms, block]


def foreign_imports(cand: Candidate, facts: dict[str, FileFacts], blocks: list[_Block]) -> list[str]:
    """Import lines of other files that their pasted blocks need (``re`` for a pasted
    ``NUMBER_RE = re.compile(...)``), each once, unless the target's file imports the same."""
    own = set(_module_imports(facts[cand.path]))
    out: list[str] = []
    for block in blocks:
        if block.file == cand.path:
            continue
        bff = facts[block.file]
        for name in _used_names(block.code):
            for b in bff.imports:
                if b.local_name == name and b.statement.start_col == 0:
                    text = bff.file.text[b.statement.start : b.statement.end]
                    if text not in own and text not in out:
                        out.append(text)
                    break
    return out


def _block_order(cand: Candidate, facts: dict[str, FileFacts], blocks: list[_Block]) -> list[_Block]:
    """Cross-file blocks first (files in the order the target's file imports them, each in
    source order), then the target file's blocks in source order."""
    rank: dict[str, int] = {}
    for b in facts[cand.path].imports:
        if b.target_file and b.target_file not in rank:
            rank[b.target_file] = len(rank)
    return sorted(blocks, key=lambda b: (b.file == cand.path, rank.get(b.file, len(rank)), b.file, b.index))


def build_prompts(cand: Candidate, facts: dict[str, FileFacts], deps: list[Dependency],
                  include_target: bool = True, cut_out: list[_Block] | None = None) -> dict[str, str]:
    """RepoExec's three prompts (see the module docstring); each ends with the target's
    signature and docstring (inside its class skeleton for a method). Without the target:
    the context part alone (what the instruction-style prompt puts before its instruction).

    The context comes from the dependency graph (:func:`context_blocks`): every name the
    target and each pasted block use, transitively within the budget, as whole top-level
    blocks in source order (module-level aliases, ``try``/``except`` import blocks whole);
    the file's import lines are kept whole, as RepoExec keeps them. A function with the
    target's body shape is never pasted with its body. A method's own class is shown as its
    skeleton, with the members the target reaches (``self.x``, ``token.x``). ``cut_out``: the
    blocks left out for the budget (:func:`context_blocks`)."""
    ff = facts[cand.path]
    members = [d for d in deps if d.member_of is not None]
    closure = _member_closure(cand, ff, members)
    full = _block_order(cand, facts, context_blocks(cand, facts, deps + closure, cut_out=cut_out))
    # the medium and small skeletons show the members' signatures and docstrings, not their
    # bodies: what only the bodies use is not pasted there (inflect's `engine.no`: 118 tables
    # that `engine.plural`'s body reads, most of its 19,345-character medium prompt, held-out 20)
    lean = full if not members else _block_order(cand, facts, context_blocks(
        cand, facts, [d if d.member_of is None else dataclasses.replace(d, code=render_definition(d.code, "medium_context"))
                      for d in deps]))
    shape = _target_shape(cand)
    prompts = {}
    for size in SIZES:
        blocks = full if size == "full_context" else lean
        imports = _module_imports(ff) + foreign_imports(cand, facts, blocks)
        rendered = [_without_near_copies(b.code if b.kind in ("assignment", "block") else render_definition(b.code, size),
                                         shape, size) for b in blocks]
        # where members show their bodies, the helpers those bodies reach are shown too
        shown = members + closure if size == "full_context" else members
        prompts[size] = _assemble(cand, ff, imports, rendered, shown, size, include_target)
    return prompts


def _member_closure(cand: Candidate, ff: FileFacts, members: list[Dependency]) -> list[Dependency]:
    """The methods of the target's class that the bodies of its shown members reach in turn
    (``self.x``, ``token.x`` after ``token = self``), transitively: typesystem's
    ``Token.lookup_key`` shows ``lookup``, whose body calls ``token._get_child_token(key)``,
    which the full prompt left out (issue 36 item 2)."""
    if not cand.class_name:
        return []
    defs = _definitions(ff)
    have = {m.name.split(".", 1)[1] for m in members} | {cand.name}
    queue = [m.code for m in members]
    init = defs.get(f"{cand.class_name}.__init__")
    if init is not None and cand.name != "__init__":  # the skeleton shows it whole
        have.add("__init__")
        queue.append(_definition_code(ff, init))
    out: list[Dependency] = []

    def later_definitions(name: str) -> None:
        # the full skeleton shows every definition of a used member's name: a property's setter
        # and deleter too, whose reads must be resolved as the getter's are (prettytable's
        # ``field_names.setter`` reads ``BASE_ALIGN_VALUE``, held-out 17); ``defs`` keeps the first
        for d in [d for d in ff.definitions if d.qualified_name == name and d.kind == "method"][1:]:
            code = _definition_code(ff, d)
            out.append(Dependency(name, "method", cand.path, code, True, member_of=cand.class_name,
                                  used_as=[name.split(".", 1)[1]]))
            queue.append(code)

    for m in members:
        later_definitions(m.name)
    while queue:
        try:
            tree = ast.parse(textwrap.dedent(queue.pop(0)))
        except SyntaxError:
            continue
        for n in ast.walk(tree):
            if not isinstance(n, ast.Attribute) or n.attr in have:
                continue
            d = defs.get(f"{cand.class_name}.{n.attr}")
            if d is None or d.kind != "method":
                continue
            have.add(n.attr)
            code = _definition_code(ff, d)
            out.append(Dependency(f"{cand.class_name}.{n.attr}", "method", cand.path, code, True,
                                  member_of=cand.class_name, used_as=[n.attr]))
            queue.append(code)
            later_definitions(f"{cand.class_name}.{n.attr}")
    return out


def _assemble(cand: Candidate, ff: FileFacts, imports: list[str], blocks: list[str], members: list[Dependency],
              size: str, include_target: bool) -> str:
    parts = []
    if imports:
        parts.append("\n".join(imports) + "\n")
    parts.extend(blocks)
    if cand.class_name:
        parts.append(_class_skeleton(cand, ff, members, size, include_target))
    elif include_target:
        parts.append(cand.target_prompt)
    return "\n".join(p if p.endswith("\n") else p + "\n" for p in parts)


def prompt_missing_names(prompt: str, cand: Candidate) -> list[str]:
    """Names the gold solution reads that the prompt neither defines, imports, nor has as a
    builtin; for a method also ``self.x`` members the prompt's class (and its bases shown in
    the prompt) does not show. Empty = the prompt names everything the answer uses."""
    try:
        table = symtable.symtable(prompt, "<prompt>", "exec")
        tree = ast.parse(prompt)
    except SyntaxError:
        return ["<prompt does not parse>"]
    defined = {sym.get_name() for sym in table.get_symbols() if sym.is_assigned() or sym.is_imported()}
    missing = [n for n in _used_names(cand.source) if n not in defined]
    if not cand.class_name:
        return missing
    try:
        fn = ast.parse(cand.source).body[0]
    except (SyntaxError, IndexError):
        return missing
    if not isinstance(fn, ast.FunctionDef) or not fn.args.args:
        return missing
    # a staticmethod's first parameter is no instance (held-out 17: ``Theme.format_code(s)``'s
    # ``s.strip`` was reported as a missing ``self.strip``)
    static = any(isinstance(d, ast.Name) and d.id == "staticmethod" for d in fn.decorator_list)
    owners = (cand.class_name,) if static else (fn.args.args[0].arg, cand.class_name)
    wanted = {n.attr for n in ast.walk(fn) if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)
              and n.value.id in owners and isinstance(n.ctx, ast.Load)}
    classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    shown: set[str] = set()
    pending, visited = [cand.class_name], set()
    while pending:
        name = pending.pop()
        node = classes.get(name)
        if node is None or name in visited:
            if node is None and name != cand.class_name:
                return missing  # a base outside the prompt (a library class): its members are not checked
            continue
        visited.add(name)
        for n in ast.walk(node):
            if isinstance(n, ast.FunctionDef) and n.name == "__getattr__":
                return missing  # any member may be served by it (prettytable's ``self.rowcount``)
            if isinstance(n, (ast.FunctionDef, ast.ClassDef)):
                shown.add(n.name)
            elif isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
                shown.add(n.id)
            elif isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store):
                shown.add(n.attr)
        pending.extend(ast.unparse(b) for b in node.bases)
    return missing + sorted(f"self.{a}" for a in wanted - shown if not (a.startswith("__") and a.endswith("__")))


INSTRUCTION_TEMPLATE = ("The provided code snippet includes necessary dependencies for implementing the "
                        "`{entry_point}` function. Write a Python function `{signature}` to solve the following problem:\n"
                        "{docstring}\n")


def instruct_prompts(cand: Candidate, contexts: dict[str, str]) -> dict[str, str]:
    """RepoExec's instruction-style prompt (its ``instruct1`` variant) per context size: the
    context code (``build_prompts(..., include_target=False)``), the instruction with the
    signature and docstring, then the target's signature and docstring."""
    signature = cand.signature[:-1] if cand.signature.endswith(":") else cand.signature
    signature = " ".join(signature.replace("\\", "").split())
    instruction = INSTRUCTION_TEMPLATE.format(entry_point=cand.name, signature=signature, docstring=cand.docstring)
    return {size: f"{context.rstrip()}\n\n{instruction}\n{cand.target_prompt}" for size, context in contexts.items()}


def prompts_parse(prompts: dict[str, str]) -> str | None:
    """The first context size whose prompt is not valid Python, or None."""
    for size, text in prompts.items():
        try:
            ast.parse(text)
        except SyntaxError:
            return size
    return None
