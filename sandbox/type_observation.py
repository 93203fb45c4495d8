"""Parameter types observed while a repository's own test suite runs (``--observe-types``).

Why it exists: Pylint (astroid) cannot type an unannotated parameter, so in
``def build_filter_stack(stack, options): stack.preprocess.append(...)`` the cross-file use of
``FilterStack.preprocess`` is invisible to the stub-and-diff method (on sqlparse, 17 of 36
hand-labeled first uses went through such parameters). The repository's tests know the types:
this module runs the suite once in the sandbox, in the per-repository environment of
``sandbox/suites/python.py``, with the harness plugin's profile function on
(``CROSSFILE_OBSERVE_TYPES``), and returns, per function parameter, the repository classes the
tests passed to it. The Pylint plugin ``crossfile_observed`` then resolves members used on such
parameters (``analyzers/pylint_plugins/crossfile_observed.py``).

It runs repository code, so the builder calls it only with ``--allow-execution``. The record is
the tested code's to forge (a ``conftest.py`` runs in the same interpreter as the observer), so
the host accepts it only from the process it started (the channel's pid check; a second
record makes the run untrusted) and validates every entry against the repository's own sources
(:func:`validate_parameters`): the function must be defined at that line of that file with
that parameter, and every observed class must be a class defined in a file of the repository.
"""

from __future__ import annotations

import ast
import json
import posixpath
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from crossfile_datasets.core.enums import StrEnum
from crossfile_datasets.sandbox import Sandbox, SandboxLimits, hostfs
from crossfile_datasets.sandbox.pytest_runs import pytest_argv, run_with_channel
from crossfile_datasets.sandbox.suites.python import python_setup

FORMAT = 1


class ObservationStatus(StrEnum):
    OK = "ok"  # the suite ran (tests may fail: their calls were observed all the same)
    ENVIRONMENT_FAILED = "environment_failed"
    NO_TESTS = "no_tests"
    INCOMPLETE = "incomplete"  # killed, timed out or crashed before the end of the session


@dataclass
class TypeObservations:
    status: ObservationStatus
    parameters: list[dict] = field(default_factory=list)  # {file, line, function, parameter, types}
    tests: int = 0
    detail: str = ""
    refused: int = 0  # entries (or observed classes) that name nothing of the repository: dropped
    refused_samples: list[str] = field(default_factory=list)

    def to_json(self) -> str:
        return json.dumps({"format": FORMAT, "parameters": self.parameters}, sort_keys=True)


def observe_parameter_types(root: Path, limits: SandboxLimits | None = None) -> TypeObservations:
    """Run the suite of the repository at ``root`` with the type observer; what it saw."""
    setup = python_setup(Path(root))
    if setup.problem:
        return TypeObservations(ObservationStatus.ENVIRONMENT_FAILED, detail=setup.problem)
    limits = limits or SandboxLimits()
    with Sandbox(root, python=setup.python, python_path=setup.python_path or ("",), limits=limits) as box:
        argv = pytest_argv(box, [], None, setup.pytest_plugins)
        srun, channel = run_with_channel(box, argv, timeout=limits.timeout, env={
            "CROSSFILE_OBSERVE_TYPES": str(box.root.resolve()),
            "CROSSFILE_TEST_TIMEOUT": str(limits.test_timeout),
            "PYTEST_ADDOPTS": "--continue-on-collection-errors",
        })
    observed = channel.events.get("observed_types")
    tests = int((channel.session_end or {}).get("collected") or 0)
    if observed is None or not channel.complete:
        tail = (srun.result.stderr or srun.result.stdout).strip().splitlines()[-1:] or [""]
        return TypeObservations(ObservationStatus.INCOMPLETE, tests=tests,
                                detail=("timed out" if srun.timed_out else tail[0])[:300])
    if tests == 0:
        return TypeObservations(ObservationStatus.NO_TESTS, detail="pytest collected no test")
    raw = observed.get("parameters", [])
    parameters, refused = validate_parameters(Path(root), setup.python_path or ("",), raw if isinstance(raw, list) else [])
    return TypeObservations(ObservationStatus.OK, parameters, tests, refused=len(refused), refused_samples=refused[:20])


class _Sources:
    """The repository's Python files, parsed on demand through the host-side boundary."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.trees: dict[str, ast.Module | None] = {}

    def tree(self, rel: str) -> ast.Module | None:
        if rel not in self.trees:
            try:
                self.trees[rel] = ast.parse(hostfs.read_text(self.root, rel, max_bytes=8 * 1024**2))
            except (OSError, SyntaxError, ValueError, RecursionError, MemoryError):
                self.trees[rel] = None
        return self.trees[rel]

    def module_file(self, module: str, roots: Sequence[str]) -> str | None:
        stem = module.replace(".", "/")
        for root in roots:
            for rel in (f"{stem}.py", f"{stem}/__init__.py"):
                rel = posixpath.join(root, rel) if root else rel
                if hostfs.is_regular_file(self.root, rel):
                    return rel
        return None


def _function_at(tree: ast.Module, line: int, name: str) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name:
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            if line in (node.lineno, first):
                return node
    return None


def _has_class(tree: ast.Module, qualname: str) -> bool:
    body: list[ast.stmt] = tree.body
    for part in qualname.split("."):
        found = [n for n in body if isinstance(n, ast.ClassDef) and n.name == part]
        if not found:
            return False
        body = found[-1].body
    return True


def validate_parameters(root: Path, python_path: Sequence[str], parameters: list) -> tuple[list[dict], list[str]]:
    """Keep the observed entries that name a real parameter of a real function of the repository
    at ``root`` and only classes defined in its files; -> (kept entries, what was refused)."""
    sources = _Sources(Path(root))
    kept: list[dict] = []
    refused: list[str] = []
    for entry in parameters:
        if not isinstance(entry, dict):
            refused.append(f"not an entry: {str(entry)[:80]}")
            continue
        file, line, function, parameter, types = (entry.get(k) for k in ("file", "line", "function", "parameter", "types"))
        where = f"{str(file)[:120]}:{line} {str(function)[:60]}({str(parameter)[:40]})"
        if not (isinstance(file, str) and file.endswith(".py") and type(line) is int and isinstance(function, str)
                and isinstance(parameter, str) and isinstance(types, list)):
            refused.append(f"malformed: {where}")
            continue
        tree = sources.tree(file)
        node = _function_at(tree, line, function) if tree is not None else None
        names = {a.arg for a in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs)} if node else set()
        if parameter not in names:
            refused.append(f"no such function parameter: {where}")
            continue
        good = []
        for kind in types:
            if not (isinstance(kind, list) and len(kind) == 2 and all(isinstance(x, str) for x in kind)):
                refused.append(f"malformed class: {where}")
                continue
            module_file = sources.module_file(kind[0], python_path)
            module_tree = sources.tree(module_file) if module_file else None
            if module_tree is None or not _has_class(module_tree, kind[1]):
                refused.append(f"not a class of the repository: {kind[0][:80]}.{kind[1][:80]} at {where}")
                continue
            good.append(list(kind))
        if good:
            kept.append({"file": file, "line": line, "function": function, "parameter": parameter, "types": good})
    return kept, refused
