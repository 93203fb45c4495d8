"""The layering of the project, checked on every import statement (module level, inside
functions and under ``TYPE_CHECKING`` alike) and on every registry string handed to
``importlib.import_module`` (``"crossfile_datasets.lang.python:PythonSupport"``): a lower layer
never imports an upper one, the splits under ``builders/`` never import each other (nor the
split's package itself), the parts they share never import a split, one language package never
imports another, and no two modules import each other, directly or in a longer cycle, a module
and its own parent package included (imports under ``TYPE_CHECKING`` never execute and are left
out of the cycle rule). Each rule has a self-check that shows it can fail.

The order (docs/architecture.md): core < analyzers < lang < sandbox < harness < evaluation <
builders, and the evaluation is a consumer: no builders module but the command entry points
imports it (what both need -- the model client, FIM prompts, post-processing and scoring,
placing and running a candidate -- is in ``harness``, below both).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import networkx as nx
import pytest

ROOT = Path(__file__).resolve().parents[2]
NS = "crossfile_datasets"
LAYERS = ["core", "analyzers", "lang", "sandbox", "harness", "evaluation", "builders"]
SPLITS = {"completion", "executable", "instruct", "classlevel"}
# builders/ modules behind the commands (build-dataset, retrieval-report, repo-tools): they wire
# the splits together, so they may import any split
ENTRY_POINTS = {"builders.cli", "builders.retrieval_cli", "builders.repo_tools"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def project_modules() -> dict[str, Path]:
    return {module_name(p): p for layer in LAYERS for p in (ROOT / layer).rglob("*.py") if "node_modules" not in p.parts}


def _known(name: str, known: set[str]) -> str:
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name


# "crossfile_datasets.lang.python:PythonSupport" and the like: registries that import_module later
_REGISTRY_STRING = re.compile(rf"^{NS}\.([\w.]+?)(?::\w+)?$")


def _nodes(tree: ast.AST, typing_only: bool):
    """Every node, or (``typing_only=False``) every node outside ``if TYPE_CHECKING:`` blocks."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if not typing_only and isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                stack.extend(child.orelse)
                continue
            stack.append(child)


def imported_modules(path: Path, known: set[str], lazy: bool = False, typing_only: bool = True) -> set[str]:
    """Every project module ``path`` imports (``from pkg import mod`` counts ``pkg.mod``); with
    ``lazy`` also the modules named by registry strings given to ``importlib.import_module``;
    without ``typing_only`` not the imports under ``TYPE_CHECKING`` (never executed)."""
    found: set[str] = set()
    for node in _nodes(ast.parse(path.read_text(encoding="utf-8")), typing_only):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{path}: relative import; use {NS}.<layer>..."
            names = [node.module or ""] + [f"{node.module}.{alias.name}" for alias in node.names]
        elif lazy and isinstance(node, ast.Constant) and isinstance(node.value, str):
            match = _REGISTRY_STRING.match(node.value)
            names = [f"{NS}.{match.group(1)}"] if match else []
        for name in names:
            if name.startswith(NS + "."):
                name = _known(name[len(NS) + 1:], known)
                if name:
                    found.add(name)
        for name in names:
            assert name.split(".")[0] not in LAYERS, f"{path}: imports '{name}' outside the {NS} namespace"
    return found


def layer_of(module: str) -> int:
    return LAYERS.index(module.split(".")[0])


def split_of(module: str) -> str | None:
    """The split a builders module belongs to, the split's package itself included."""
    parts = module.split(".")
    return parts[1] if parts[0] == "builders" and len(parts) >= 2 and parts[1] in SPLITS else None


def language_of(module: str) -> str | None:
    """The language package a lang module belongs to (``lang.java.syntax`` -> ``java``)."""
    parts = module.split(".")
    return parts[1] if parts[0] == "lang" and len(parts) >= 2 and parts[1] in LANGUAGE_PACKAGES else None


LANGUAGE_PACKAGES = {p.name for p in (ROOT / "lang").iterdir() if (p / "__init__.py").is_file()}


def build_graph(modules: dict[str, Path], lazy: bool, typing_only: bool = True) -> nx.DiGraph:
    """Import edges between project modules. A module importing its own parent package is an
    edge like any other (``lang/java/syntax.py`` importing ``lang/java/__init__`` while that
    imports it is a real cycle); only a package's own submodules are not edges of the package."""
    graph = nx.DiGraph()
    graph.add_nodes_from(modules)
    for name, path in modules.items():
        for target in imported_modules(path, set(modules), lazy, typing_only):
            if target != name:
                graph.add_edge(name, target)
    return graph


@pytest.fixture(scope="module")
def import_graph() -> nx.DiGraph:
    """Import-time edges and the lazy ones of registries (for the layer rules)."""
    return build_graph(project_modules(), lazy=True)


@pytest.fixture(scope="module")
def eager_graph() -> nx.DiGraph:
    """Edges that execute (for cycles): not the registry strings (imported on first use) nor the
    imports under ``TYPE_CHECKING`` (never executed; a type checker resolves their cycles)."""
    return build_graph(project_modules(), lazy=False, typing_only=False)


# ------------------------------------------------------------------------------ rules --
def upward_imports(graph: nx.DiGraph) -> list[str]:
    return sorted(f"{a} -> {b}" for a, b in graph.edges if layer_of(b) > layer_of(a))


def core_imports_outside_core(graph: nx.DiGraph) -> list[str]:
    return sorted(f"{a} -> {b}" for a, b in graph.edges if a.startswith("core") and not b.startswith("core"))


def split_crossings(graph: nx.DiGraph) -> list[str]:
    """A split importing another split, or a shared builders module importing a split."""
    wrong = []
    for a, b in graph.edges:
        if not (a.startswith("builders") and b.startswith("builders")):
            continue
        sa, sb = split_of(a), split_of(b)
        if sb is None or sa == sb or a in ENTRY_POINTS:
            continue
        wrong.append(f"{a} -> {b}")
    return sorted(wrong)


def builders_into_evaluation(graph: nx.DiGraph) -> list[str]:
    """A builders module (not a command entry point) importing the evaluation: the builders'
    filters and gates judge candidates with ``harness``, the evaluation's own parts are not theirs."""
    return sorted(f"{a} -> {b}" for a, b in graph.edges
                  if a.startswith("builders") and b.startswith("evaluation") and a not in ENTRY_POINTS)


def language_crossings(graph: nx.DiGraph) -> list[str]:
    """One language package importing another (each language is knowledge of its own)."""
    return sorted(f"{a} -> {b}" for a, b in graph.edges
                  if language_of(a) and language_of(b) and language_of(a) != language_of(b))


def import_cycles(graph: nx.DiGraph) -> list[list[str]]:
    """Every cycle, a module and its own parent package's ``__init__`` included."""
    return sorted(sorted(cycle) for cycle in nx.simple_cycles(graph))


def test_every_layer_exists():
    for layer in LAYERS:
        assert (ROOT / layer / "__init__.py").is_file(), layer


@pytest.mark.slow
def test_lower_layers_never_import_upper_ones(import_graph):
    assert upward_imports(import_graph) == []


def test_core_imports_nothing_of_ours_but_core(import_graph):
    assert core_imports_outside_core(import_graph) == []


def test_splits_never_import_each_other_and_shared_parts_never_import_a_split(import_graph):
    assert split_crossings(import_graph) == []


def test_builders_never_import_the_evaluation(import_graph):
    assert builders_into_evaluation(import_graph) == []


def test_languages_never_import_each_other(import_graph):
    assert language_crossings(import_graph) == []


@pytest.mark.slow
def test_no_import_cycles(eager_graph):
    assert import_cycles(eager_graph) == []


# ------------------------------------------------------------------ the rules can fail --
def _fake_graph(tmp_path: Path, files: dict[str, str], lazy: bool = True) -> nx.DiGraph:
    return build_graph(_modules(tmp_path, files), lazy)


def _modules(tmp_path: Path, files: dict[str, str]) -> dict[str, Path]:
    modules = {}
    for name, text in files.items():
        path = tmp_path / (name.replace(".", "/") + ".py")
        if name in {n.rpartition(".")[0] for n in files}:  # a package
            path = tmp_path / name.replace(".", "/") / "__init__.py"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        modules[name] = path
    return modules


def test_the_checker_finds_an_upward_import(tmp_path):
    """The rule itself can fail: a core module importing builders is reported."""
    graph = _fake_graph(tmp_path, {"core.bad": f"def f():\n    from {NS}.builders import cli\n",
                                   "builders": "", "builders.cli": ""})
    assert "core.bad -> builders.cli" in upward_imports(graph)
    assert "core.bad -> builders.cli" in core_imports_outside_core(graph)


def test_the_checker_finds_a_builder_importing_the_evaluation(tmp_path):
    graph = _fake_graph(tmp_path, {"builders": "", "evaluation": "", "evaluation.classlevel": "",
                                   "builders.classlevel": "", "builders.cli": f"import {NS}.evaluation.classlevel\n",
                                   "builders.classlevel.build":
                                       f"def gate():\n    from {NS}.evaluation.classlevel import run\n"})
    assert builders_into_evaluation(graph) == ["builders.classlevel.build -> evaluation.classlevel"]


def test_the_checker_finds_an_import_of_a_split_package_itself(tmp_path):
    graph = _fake_graph(tmp_path, {"builders": "", "builders.hub": f"import {NS}.builders.completion\n",
                                   "builders.completion": "", "builders.executable": "",
                                   "builders.executable.build": f"from {NS}.builders import completion\n"})
    assert split_crossings(graph) == ["builders.executable.build -> builders.completion",
                                      "builders.hub -> builders.completion"]


def test_the_checker_finds_a_registry_string_and_a_language_crossing(tmp_path):
    graph = _fake_graph(tmp_path, {"lang": "", "lang.java": "", "lang.python": "",
                                   "lang.java.syntax": f'WHERE = "{NS}.lang.python:helper"\n',
                                   "sandbox": "", "analyzers": "",
                                   "analyzers.bad": f'REGISTRY = {{"x": "{NS}.sandbox:Sandbox"}}\n'})
    assert language_crossings(graph) == ["lang.java.syntax -> lang.python"]
    assert upward_imports(graph) == ["analyzers.bad -> sandbox"]


def test_the_checker_finds_a_cycle_through_a_parent_package(tmp_path):
    files = {"lang": "", "lang.java": f"from {NS}.lang.java.syntax import x\n",
             "lang.java.syntax": f"from {NS}.lang.java import y\n"}
    assert import_cycles(_fake_graph(tmp_path / "a", files, lazy=False)) == [["lang.java", "lang.java.syntax"]]
    typed = {**files, "lang.java.syntax": f"from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from {NS}.lang.java import y\n"}
    assert import_cycles(build_graph(_modules(tmp_path / "b", typed), lazy=False, typing_only=False)) == []
