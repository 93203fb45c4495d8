"""--snapshots and the ranked list: a user rebuilds any context from the exact repository files."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import datasets
import pytest

from crossfile_datasets.builders.completion.pipeline import build_language
from crossfile_datasets.builders.completion.shards import BuildSettings
from crossfile_datasets.builders.hub import prepare_upload
from crossfile_datasets.builders.repos import RepoSpec, resolve_all
from crossfile_datasets.core.constants import SNAPSHOTS_DATASET, SNAPSHOTS_FILE
from crossfile_datasets.lang import Lang
from tests.conftest import write_tree

pytestmark = [pytest.mark.pylint, pytest.mark.slow]

PAD = "".join(f"step_{i} = {i}\n" for i in range(12))


def repo(root: Path) -> Path:
    return write_tree(root / "shop", {
        "lib/__init__.py": "",
        "lib/prices.py": "\ufeffdef compute_total(n):\r\n    return n * 2\r\n",  # BOM + CRLF: content is the read text
        "lib/widget.py": "class Widget:\n    def render_widget(self):\n        return '<w>'\n",
        "app.py": "from lib import prices\nfrom lib.widget import Widget\n" + PAD
                  + "value = prices.compute_total(3)\nother = Widget().render_widget()\n",
    })


def read(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_snapshots_hold_every_file_each_example_names_and_contexts_rebuild_from_them(tmp_path):
    root = repo(tmp_path)
    out = tmp_path / "out"
    repos = resolve_all([RepoSpec(path=str(root))])
    stats = build_language(Lang.PYTHON, repos, BuildSettings(output=out, retrievers=("bm25",), use_cache=False,
                                                             snapshots=True))
    folder = out / "python"
    rows = read(folder / SNAPSHOTS_FILE)
    assert stats["snapshot_files"] == len(rows) == 4
    by_path = {r["path"]: r for r in rows}
    assert by_path["lib/prices.py"]["content"] == "def compute_total(n):\n    return n * 2\n"
    raw = (root / "lib/prices.py").read_bytes()
    assert by_path["lib/prices.py"]["sha256"] == hashlib.sha256(raw).hexdigest()
    records = read(folder / "line_completion_rg1_bm25.jsonl")
    assert records
    for record in records:
        assert record["snapshot"] == rows[0]["snapshot"] and record["snapshot"].startswith("sha256:")
        ctx = record["crossfile_context"]
        assert ctx["ranked"], "the retriever's ranking is kept"
        # what the context shows is the head of the ranking, its lines taken from the snapshot
        for shown, ranked in zip(ctx["list"], ctx["ranked"]):
            assert shown["filename"] == ranked["filename"] and shown["lines"] == ranked["lines"][: len(shown["lines"])]
            lines = by_path[shown["filename"]]["content"].split("\n")
            assert shown["retrieved_chunk"] == "\n".join(lines[n - 1] for n in shown["lines"])
    saved = datasets.load_from_disk(str(folder / SNAPSHOTS_DATASET))
    assert sorted(saved["path"]) == sorted(by_path)

    upload = prepare_upload(out, ["python"], tmp_path / "upload")
    assert "python_snapshots" in upload.configs

    # a rebuild without the option leaves no stale snapshot behind; the records still name theirs
    build_language(Lang.PYTHON, repos, BuildSettings(output=out, retrievers=("bm25",), use_cache=False))
    assert not (folder / SNAPSHOTS_FILE).exists() and not (folder / SNAPSHOTS_DATASET).exists()
    assert {r["snapshot"] for r in read(folder / "line_completion.jsonl")} == {rows[0]["snapshot"]}
