"""The Ray executor builds the same dataset as a local build (local Ray instance)."""

from __future__ import annotations

import hashlib

import pytest

from crossfile_datasets.builders.completion.shards import BuildSettings
from crossfile_datasets.builders.completion.pipeline import build_language
from crossfile_datasets.builders.repos import RepoSpec, resolve_all
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
