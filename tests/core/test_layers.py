"""The layering of the project, checked on every import statement (module level, inside
functions and under ``TYPE_CHECKING`` alike): a lower layer never imports an upper one, the
splits under ``builders/`` never import each other, the parts they share never import a split,
and no two modules import each other, directly or in a longer cycle.

The order (docs/architecture.md): core < analyzers < lang < sandbox < evaluation < builders.
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx
import pytest

ROOT = Path(__file__).resolve().parents[2]
NS = "crossfile_datasets"
LAYERS = ["core", "analyzers", "lang", "sandbox", "evaluation", "builders"]
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


def imported_modules(path: Path, known: set[str]) -> set[str]:
    """Every project module ``path`` imports (``from pkg import mod`` counts ``pkg.mod``)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{path}: relative import; use {NS}.<layer>..."
            names = [node.module or ""] + [f"{node.module}.{alias.name}" for alias in node.names]
        for name in names:
            if name.startswith(NS + "."):
                name = name[len(NS) + 1:]
                while name and name not in known:
                    name = name.rpartition(".")[0]
                if name:
                    found.add(name)
        for name in names:
            assert name.split(".")[0] not in LAYERS, f"{path}: imports '{name}' outside the {NS} namespace"
    return found


def layer_of(module: str) -> int:
    return LAYERS.index(module.split(".")[0])


def split_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if parts[0] == "builders" and len(parts) > 2 and parts[1] in SPLITS else None


@pytest.fixture(scope="module")
def import_graph() -> nx.DiGraph:
    modules = project_modules()
    graph = nx.DiGraph()
    graph.add_nodes_from(modules)
    for name, path in modules.items():
        for target in imported_modules(path, set(modules)):
            if target != name and not name.startswith(target + "."):  # a module may import its own package
                graph.add_edge(name, target)
    return graph


def test_every_layer_exists():
    for layer in LAYERS:
        assert (ROOT / layer / "__init__.py").is_file(), layer


def test_lower_layers_never_import_upper_ones(import_graph):
    upward = sorted(f"{a} -> {b}" for a, b in import_graph.edges if layer_of(b) > layer_of(a))
    assert upward == []


def test_core_imports_nothing_of_ours_but_core(import_graph):
    assert sorted(f"{a} -> {b}" for a, b in import_graph.edges if a.startswith("core") and not b.startswith("core")) == []


def test_splits_never_import_each_other_and_shared_parts_never_import_a_split(import_graph):
    wrong = []
    for a, b in import_graph.edges:
        if not (a.startswith("builders") and b.startswith("builders")):
            continue
        sa, sb = split_of(a), split_of(b)
        if sb is None or sa == sb or a in ENTRY_POINTS:
            continue
        wrong.append(f"{a} -> {b}")
    assert sorted(wrong) == []


def test_no_import_cycles(import_graph):
    # a package importing its own submodules is not a cycle of concern; edges into a package's
    # __init__ from its own submodules were dropped when the graph was built
    assert sorted(sorted(cycle) for cycle in nx.simple_cycles(import_graph)) == []


def test_the_checker_finds_an_upward_import(tmp_path):
    """The rule itself can fail: a core module importing builders is reported."""
    fake = tmp_path / "core" / "bad.py"
    fake.parent.mkdir()
    fake.write_text(f"def f():\n    from {NS}.builders import cli\n")
    known = {"core.bad", "builders", "builders.cli"}
    targets = imported_modules(fake, known)
    assert "builders.cli" in targets and layer_of("builders.cli") > layer_of("core.bad")
