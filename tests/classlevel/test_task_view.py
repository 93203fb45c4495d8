"""repo-tools on a class-level task's repository with the target class removed
(builders/classlevel/tools.py, `repo-tools task-view`)."""
from __future__ import annotations

import pytest
from typer.testing import CliRunner

from crossfile_datasets.builders.classlevel.build import build_class_split
from crossfile_datasets.builders.repo_tools import RepoTools, tools_app
from crossfile_datasets.core.records import Repository
from crossfile_datasets.core.report import BuildReport
from tests.classlevel.fixture import write_shop


@pytest.fixture(scope="module")
def task(tmp_path_factory):
    base = tmp_path_factory.mktemp("view")
    root = write_shop(base / "shop")
    build_class_split("python", [Repository("shop", root, "", "", "MIT")], base / "out", allow_execution=True,
                      report=BuildReport())
    return base, base / "out" / "python" / "class.jsonl"


@pytest.mark.slow
def test_tools_answer_from_the_repository_without_the_class(task, tmp_path):
    base, split = task
    runner = CliRunner()
    result = runner.invoke(tools_app, ["task-view", str(split), "shop/python/class/0", "--out", str(tmp_path / "v")])
    assert result.exit_code == 0, result.output
    graph, root = tmp_path / "v" / "graph.json", tmp_path / "v" / "repo"
    assert f"--graph {graph} --root {root}" in result.output
    assert "class Cart" not in (root / "pkg" / "cart.py").read_text()
    assert "class Cart" in (base / "shop" / "pkg" / "cart.py").read_text()  # the original is untouched
    tools = RepoTools.load(graph, root)
    assert tools.find_classes("Cart") == []  # the answer is not there
    assert "def times(self, price)" in tools.get_class_info("Quantity")
    assert tools.get_imports(["with_tax"], "pkg/cart.py") == ["from pkg.money import with_tax"]
    assert all("def subtotal" not in s["retrieved_chunk"] for s in tools.get_related_snippets("subtotal lines prices", 5))
    missing = runner.invoke(tools_app, ["class-info", "Cart", "--graph", str(graph), "--root", str(root)])
    assert missing.exit_code == 1 and "no class named 'Cart'" in missing.output
    unknown = runner.invoke(tools_app, ["task-view", str(split), "nope", "--out", str(tmp_path / "w")])
    assert unknown.exit_code == 2
