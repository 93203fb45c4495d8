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
@pytest.mark.slow
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


@pytest.mark.slow
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


# --------------------------------------------------------------------- issue 31, item 7 --
def _build_dataset(*args: str, env: dict | None = None, timeout: float = 600) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "crossfile_datasets.builders.cli", *args], cwd=REPO_ROOT,
                          capture_output=True, text=True, timeout=timeout, env=env)


@pytest.mark.slow
def test_a_missing_repository_path_leaves_no_output_folder_or_lock(tmp_path):
    out = tmp_path / "out"
    res = _build_dataset("--lang", "python", "--repos", str(tmp_path / "nope"), "--output", str(out))
    assert res.returncode == 2 and "repository path does not exist" in res.stderr
    assert not out.exists()  # it used to be made, with .build.lock left inside


@pytest.mark.slow
def test_lang_all_names_a_missing_checker_before_building_any_language(tmp_path):
    """Without mcs, `--lang all` stopped at C# after building Python, Java and TypeScript."""
    import os
    import shutil

    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for folder in os.environ["PATH"].split(os.pathsep):  # every program of PATH but mcs
        if not os.path.isdir(folder):
            continue
        for name in os.listdir(folder):
            target = os.path.join(folder, name)
            if name != "mcs" and not (bin_dir / name).exists() and os.access(target, os.X_OK):
                (bin_dir / name).symlink_to(target)
    assert shutil.which("mcs", path=str(bin_dir)) is None
    out = tmp_path / "out"
    res = _build_dataset("--lang", "all", "--output", str(out), env={**os.environ, "PATH": str(bin_dir)})
    assert res.returncode == 2, res.stderr[-2000:]
    assert "missing checker" in res.stderr and "csharp" in res.stderr and "mcs" in res.stderr
    assert not out.exists()


@pytest.mark.pylint
@pytest.mark.slow
def test_retrieval_report_of_one_language_folder_reads_that_language(tmp_path):
    """`retrieval-report OUT/<lang>` read the split folders cross_file_random/ and in_file/ as languages."""
    from tests.badinput.corpus import write_clean

    repo = write_clean(tmp_path / "repos" / "shop", __import__("crossfile_datasets.lang", fromlist=["Lang"]).Lang.PYTHON)
    out = tmp_path / "out"
    built = _build_dataset("--lang", "python", "--repos", str(repo), "--output", str(out), "--no-cache")
    assert built.returncode == 0, built.stderr[-2000:]
    res = subprocess.run([sys.executable, "-m", "crossfile_datasets.builders.retrieval_cli", str(out / "python")],
                         cwd=REPO_ROOT, capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr[-2000:]
    report = json.loads((out / "retrieval_report.json").read_text())
    assert list(report["results"]) == ["python"]
    assert "cross_file_random" not in res.stdout and "in_file" not in res.stdout
    # repo-tools on that build without --root: the repository its shard recorded
    tools = CliRunner().invoke(tools_app, ["snippets", "def", "--graph", str(out / "python" / "graphs" / "shop.json")])
    assert tools.exit_code == 0, tools.output


def test_no_bootstrap_interval_is_claimed_without_resamples(tmp_path):
    from crossfile_datasets.evaluation.cli import completion_table
    from rich.console import Console

    row = {"count": 3, **{m: {"mean": 50.0, "ci_low": 50.0, "ci_high": 50.0}
                          for m in ("em", "es", "id_em", "id_precision", "id_recall", "id_f1")}}
    console = Console(width=200, record=True)
    console.print(completion_table({"python": row}, resamples=0))
    text = console.export_text()
    assert "bootstrap" not in text and "no interval" in text and "[50.0-50.0]" not in text
    console = Console(width=200, record=True)
    console.print(completion_table({"python": row}, resamples=100, confidence=0.9))
    assert "90% bootstrap CI" in console.export_text()
