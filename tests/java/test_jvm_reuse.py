"""One warm JVM serves every repository a worker process checks (issue 9: checkers kept alive
per worker), instead of one JVM start per repository."""

from __future__ import annotations

import pytest

from crossfile_datasets.builders.completion.shards import BuildSettings
from crossfile_datasets.builders.completion.pipeline import build_language
from crossfile_datasets.builders.repos import RepoSpec, resolve_all
from crossfile_datasets.lang import Lang
from tests.badinput.corpus import write_clean
from tests.conftest import require_tool

pytestmark = pytest.mark.javac


def test_two_repositories_share_one_jvm(tmp_path):
    require_tool("javac")
    repos = resolve_all([RepoSpec(path=str(write_clean(tmp_path / "repos" / name, Lang.JAVA))) for name in ("a", "b")])
    stats = build_language(Lang.JAVA, repos, BuildSettings(output=tmp_path / "out", retrievers=(), use_cache=False))
    assert stats["checker"]["javac_compilations"] >= 4
    assert stats["checker"].get("javac_jvm_starts", 0) <= 1  # 0 when an earlier test already warmed it
    assert stats["repositories_with_examples"] == 2
