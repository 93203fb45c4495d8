"""A resumed executable build served a finished shard (``DONE.json``) under a key made of the
settings, the repository's identity (name, url, commit, license, folder) and the digest of its
*source files*; what the problems record about the rest of the tree (``tree_sha256``, which every
evaluation checks its copy against) was not in the key. Contained: the key covers the whole
tree's digest too (``builders.split.keyed_by_content``)."""

from __future__ import annotations

import json

import pytest

from crossfile_datasets.builders.executable.build import build_executable_split
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.sandbox import tree_digest
from tests.hostile.conftest import ledger

pytestmark = pytest.mark.slow


def test_a_resumed_build_does_not_serve_a_shard_of_another_tree(tmp_path):
    """Stale shard (executable build with ``--output`` of an earlier run; the class build keys
    its shards the same way): a local folder (no commit; also uncommitted edits of a checkout)
    gets a ``pytest.ini`` after the first build (any non-``.py`` file: ``requirements.txt``,
    ``setup.cfg``, test data). The second build finds the shard's ``DONE.json`` under the same
    key and publishes the old problems: their ``tree_sha256`` is the old tree's, so every
    evaluation of the new split refuses them ("the repository folder differs"), and their
    ``requirements`` and test programs are the old ones."""
    repo = ledger(tmp_path / "ledger")
    out = tmp_path / "out"

    def build() -> list[dict]:
        return build_executable_split([repo], out, allow_execution=True, seed=3, workers=1, report=BuildReport(),
                                      use_pynguin=False, mutants=0)

    first = build()
    if len(first) != 1 or first[0]["tree_sha256"] != tree_digest(repo.root)[0]:
        pytest.fail(f"the first build did not give one problem of this tree: {len(first)} records")
    (repo.root / "pytest.ini").write_text("[pytest]\nmarkers =\n    ledger: tests of the ledger\n")
    now = tree_digest(repo.root)[0]
    second = build()
    if len(second) != 1:
        pytest.fail(f"the second build gave {len(second)} records")
    published = [json.loads(line) for line in (out / "python" / "executable.jsonl").read_text().splitlines()]
    assert second[0]["tree_sha256"] == now, "the resumed build served the shard of the old tree"
    assert all(p["tree_sha256"] == now for p in published)
