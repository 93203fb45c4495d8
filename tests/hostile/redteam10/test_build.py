"""Attacks by one repository on a whole build: what ``run_repositories`` (``builders/split.py``)
does for every repository *before* its guarded build (the shard key), where an exception is not
that repository's failure but the build's."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from crossfile_datasets.builders.cli import app
from tests.hostile.redteam.conftest import remove_hostile_tree
from tests.hostile.redteam3.test_trees import _deep_java_repository
from tests.hostile.redteam10._repos import python_repo


@pytest.mark.slow
@pytest.mark.pylint
def test_a_deep_folder_tree_in_one_repository_does_not_stop_the_completion_build(tmp_path, monkeypatch):
    """Data loss (the completion split: no ``--allow-execution`` needed; the usage cache is keyed
    the same way). Red team 3 row 9's fix put every listing of a repository on depth-capped or
    iterative walks, "every other walk is capped"; ``builders/cache.tree_hash`` still walks with
    ``os.walk`` (recursive in Python 3.11). It keys the completion split's shards
    (``pipeline.shard_content``), and ``run_repositories`` computes every repository's key before
    any build, outside the per-repository guard: one repository holding ``d/d/.../d`` 1,100 levels
    deep ends ``build-dataset`` with a ``RecursionError`` traceback, and the other repositories
    of the manifest (here one good package) are not built at all."""
    monkeypatch.setenv("CROSSFILE_CACHE", str(tmp_path / "cache"))
    repos = tmp_path / "repos"
    python_repo(repos / "good")
    _deep_java_repository(repos / "deep")  # d/d/.../d 1,100 deep (and a Java file, not read here)
    python_repo(repos / "deep")
    manifest = repos / "repos.jsonl"
    manifest.write_text('{"path": "good"}\n{"path": "deep"}\n')
    out = tmp_path / "out"
    try:
        res = CliRunner().invoke(app, ["--lang", "python", "--repos", str(manifest), "--output", str(out),
                                       "--cache-dir", str(tmp_path / "cache"), "--workers", "1"])
    finally:
        remove_hostile_tree(repos / "deep")
    path = out / "python" / "line_completion.jsonl"
    built = {json.loads(line)["metadata"]["repository"] for line in path.read_text().splitlines()} if path.is_file() else set()
    assert res.exit_code == 0 and "good" in built, \
        f"exit {res.exit_code}, repositories built {sorted(built)}: {type(res.exception).__name__}: {res.exception}"
