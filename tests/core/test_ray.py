"""The Ray executor builds the same dataset as a local build (local Ray instance)."""

from __future__ import annotations

import hashlib
import os

import pytest

from crossfile_datasets.builders.completion.shards import BuildSettings
from crossfile_datasets.builders.completion.pipeline import build_language
from crossfile_datasets.builders.repos import RepoSpec, resolve_all
from crossfile_datasets.builders.split import RepositoryResult, run_repositories
from crossfile_datasets.core.records import Repository
from crossfile_datasets.lang import Lang
from tests.core.test_pipeline import good_repo

pytestmark = [pytest.mark.pylint, pytest.mark.slow]


def test_ray_build_matches_local_build(tmp_path):
    pytest.importorskip("ray", reason="Ray is installed by the test extras")
    repos = resolve_all([RepoSpec(path=str(good_repo(tmp_path / "repos", n))) for n in ("r1", "r2", "r3")])
    local = build_language(Lang.PYTHON, repos, BuildSettings(output=tmp_path / "local", retrievers=(), use_cache=False))
    ray_stats = build_language(Lang.PYTHON, repos, BuildSettings(output=tmp_path / "ray", retrievers=(), use_cache=False,
                                                                  executor="ray", workers=2))
    assert ray_stats["examples"] == local["examples"] > 0
    for name in ("line_completion.jsonl", "usages.jsonl"):
        a = hashlib.sha256((tmp_path / "local/python" / name).read_bytes()).hexdigest()
        b = hashlib.sha256((tmp_path / "ray/python" / name).read_bytes()).hexdigest()
        assert a == b, name


def test_on_ray_the_build_writes_the_shards_not_the_workers(tmp_path, monkeypatch):
    """On Ray a repository's result comes back through the object store and the build writes its
    shard: a cluster's nodes share no folder with the output (they used to write it there)."""
    pytest.importorskip("ray", reason="Ray is installed by the test extras")
    monkeypatch.setenv("RAY_AUTH_MODE", "disabled")
    writes = tmp_path / "writes.log"

    class Store:  # defined here: Ray ships it to the workers by value
        def remove_partial(self):
            return []

        def read(self, name, key):
            return None

        def write(self, name, result, key):
            with open(writes, "a", encoding="utf-8") as fh:
                fh.write(f"{name} {os.getpid()} {result.records[0]['built_by'] != os.getpid()}\n")
            return RepositoryResult([], result.report, result.stats)

    def build_one(repo, report):
        return [{"built_by": os.getpid()}], {}

    repos = [Repository(name, tmp_path, f"https://example.org/{name}", "abc", "MIT") for name in ("a", "b", "c")]
    results = run_repositories(repos, build_one, store=Store(), key_of=lambda repo: "k", executor="ray", workers=2)
    assert [r.stats["status"] for r in results] == ["built"] * 3
    # written in this process, from records built in another one (a Ray worker)
    assert sorted(writes.read_text(encoding="utf-8").split("\n")[:-1]) == [f"{n} {os.getpid()} True" for n in "abc"]
