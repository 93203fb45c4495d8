"""Command-line defects of issue 16: wrong input is a clear error with a non-zero exit, and
help and report tables are readable at 80 columns (nothing cut)."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import click
import pytest
import typer
from typer.testing import CliRunner

from crossfile_datasets.analyzers.graph import save_graph
from crossfile_datasets.builders.repo_tools import tools_app
from tests.conftest import ROOT as REPO_ROOT
from tests.graph.shopkeeper import ROOT, analyzed
from tests.retrieval.test_report import HAND_MADE


@pytest.fixture(scope="module")
def graph_path(tmp_path_factory):
    path = tmp_path_factory.mktemp("tools") / "shopkeeper.json"
    save_graph(analyzed().graph, path)
    return path


@pytest.mark.pylint
def test_repo_tools_wrong_root_or_unknown_names_fail_loudly(graph_path, tmp_path):
    runner = CliRunner()
    common = ["--graph", str(graph_path), "--root", str(ROOT)]
    wrong_root = runner.invoke(tools_app, ["class-info", "Warehouse", "--graph", str(graph_path), "--root", str(tmp_path)])
    assert wrong_root.exit_code == 2
    assert f"error: {tmp_path} is not the repository of {graph_path}" in wrong_root.output
    for args, message in (
        (["class-info", "Nope"], "error: no class named 'Nope' in the repository"),
        (["signature", "Nope", "price"], "error: no class named 'Nope'"),
        (["signature", "Item", "nope"], "error: no method 'nope' in class 'Item'"),
        (["method-body", "Item", "nope"], "error: no method 'nope' in class 'Item'"),
        (["imports", "Undefined", "price"], "error: none of Undefined, price is an importable project definition"),
        (["snippets", "zzzqqq"], "error: no repository chunk shares a word with 'zzzqqq'"),
    ):
        result = runner.invoke(tools_app, [*args, *common])
        assert result.exit_code == 1 and message in result.output, (args, result.output)
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    result = runner.invoke(tools_app, ["class-info", "Item", "--graph", str(broken), "--root", str(ROOT)])
    assert result.exit_code == 2 and "error: cannot read the graph" in result.output


def _apps():
    from crossfile_datasets.builders.cli import app as build_app
    from crossfile_datasets.builders.retrieval_cli import report_app
    from crossfile_datasets.evaluation.cli import app as evaluate_app
    from crossfile_datasets.evaluation.generate import app as generate_app

    return {"build-dataset": build_app, "retrieval-report": report_app, "repo-tools": tools_app,
            "evaluate-predictions": evaluate_app, "generate-predictions": generate_app}


def _option_names(command: click.Command) -> list[str]:
    return [name for p in command.params if isinstance(p, click.Option) for name in p.opts + p.secondary_opts]


@pytest.mark.parametrize("name", ["build-dataset", "retrieval-report", "repo-tools", "evaluate-predictions",
                                  "generate-predictions"])
def test_help_at_80_columns_shows_every_option_in_full(name):
    app = _apps()[name]
    root = typer.main.get_command(app)
    commands = [(root, [])] + [(cmd, [sub]) for sub, cmd in getattr(root, "commands", {}).items()]
    for command, path in commands:
        result = CliRunner().invoke(app, [*path, "--help"], terminal_width=80, env={"COLUMNS": "80"})
        assert result.exit_code == 0, result.output
        assert "…" not in result.output
        assert max(len(line) for line in result.output.splitlines()) <= 80
        words = set(re.findall(r"--?[\w-]+", result.output))
        missing = [o for o in _option_names(command) if o not in words]
        assert not missing, (name, path, missing)


def test_retrieval_report_table_fits_80_columns(tmp_path):
    for lang in ("python", "csharp"):
        for variant in ("rg1_bm25", "oracle_bm25", "graph"):
            path = tmp_path / lang / f"line_completion_{variant}.jsonl"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text("".join(json.dumps(r) + "\n" for r in HAND_MADE))
    proc = subprocess.run([sys.executable, "-m", "crossfile_datasets.builders.retrieval_cli", str(tmp_path)], cwd=REPO_ROOT,
                          env={"COLUMNS": "80", "PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO_ROOT)},
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert "…" not in proc.stdout and max(len(line) for line in lines) <= 80
    header = next(line for line in lines if "metric" in line)
    assert all(column in header for column in ("graph", "oracle_bm25", "rg1_bm25"))
    assert any("file recall@5" in line and "0.800" in line for line in lines)
