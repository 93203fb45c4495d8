"""Repository selection criteria (metadata and files) and the dedup hash list."""

from __future__ import annotations

import hashlib
import json
from datetime import date

import pytest

from crossfile_datasets.builders.collection import RepositoryCriteria, filter_specs, load_hash_list
from crossfile_datasets.builders.completion.shards import BuildSettings
from crossfile_datasets.builders.completion.pipeline import build_language
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.builders.repos import RepoSpec, read_manifest, resolve_all
from crossfile_datasets.lang import Lang
from tests.conftest import write_tree


def spec(**meta):
    return RepoSpec(path="/x", license=meta.pop("license", None), meta=meta)


@pytest.mark.parametrize(
    "criteria, meta, reason",
    [
        (RepositoryCriteria(created_after=date(2023, 3, 1)), {"created_at": "2023-02-28T10:00:00Z"}, "created_too_early"),
        (RepositoryCriteria(created_after=date(2023, 3, 1)), {"created_at": "2023-03-01T00:00:00Z"}, None),
        (RepositoryCriteria(created_before=date(2023, 6, 1)), {"created_at": "2023-06-02"}, "created_too_late"),
        (RepositoryCriteria(created_before=date(2023, 6, 1)), {}, "no_creation_date"),
        (RepositoryCriteria(exclude_forks=True), {"fork": "true"}, "fork"),
        (RepositoryCriteria(exclude_forks=True), {"fork": False}, None),
        (RepositoryCriteria(min_stars=5), {"stars": "4"}, "too_few_stars"),
        (RepositoryCriteria(min_stars=5), {"stars": 5}, None),
        (RepositoryCriteria(max_size_kb=100), {"size_kb": 101}, "too_large"),
        (RepositoryCriteria(permissive_only=True), {"license": "GPL-3.0"}, "license_not_permissive"),
        (RepositoryCriteria(permissive_only=True), {"license": "MIT"}, None),
    ],
)
def test_metadata_criteria(criteria, meta, reason):
    assert criteria.check_metadata(spec(**meta)) == reason


def test_filter_specs_counts_reasons(tmp_path):
    manifest = tmp_path / "m.jsonl"
    rows = [{"path": f"r{i}", "stars": i, "fork": i == 3} for i in range(5)]
    manifest.write_text("\n".join(json.dumps(r) for r in rows))
    report = BuildReport()
    kept = filter_specs(read_manifest(manifest), RepositoryCriteria(min_stars=2, exclude_forks=True), report)
    assert [s.path.rsplit("/", 1)[-1] for s in kept] == ["r2", "r4"]
    assert report.stage("repositories") == {"too_few_stars": 2, "fork": 1}


def test_hash_list(tmp_path):
    good = hashlib.sha256(b"x").hexdigest()
    f = tmp_path / "hashes.txt"
    f.write_text(f"# corpus\n{good.upper()}\n\n")
    assert load_hash_list(f) == {good}
    f.write_text("not-a-hash\n")
    with pytest.raises(ValueError, match="sha256"):
        load_hash_list(f)


@pytest.mark.pylint
@pytest.mark.slow
def test_file_criteria_in_a_build(tmp_path):
    shared = "def compute_total(n):\n    return n * 2\n"
    pad = "".join(f"s{i} = {i}\n" for i in range(12))
    for name in ("keep", "dup"):
        write_tree(tmp_path / "repos" / name, {
            "LICENSE": "MIT License\nPermission is hereby granted, free of charge",
            "lib/__init__.py": "", "lib/helpers.py": shared if name == "dup" else shared + "# own\n",
            "app.py": "from lib import helpers\n" + pad + "value = helpers.compute_total(3)\n",
        })
    write_tree(tmp_path / "repos" / "tiny", {"LICENSE": "MIT License\nPermission is hereby granted, free of charge", "a.py": "x = 1\n"})
    repos = resolve_all([RepoSpec(path=str(p)) for p in sorted((tmp_path / "repos").iterdir())])
    criteria = RepositoryCriteria(min_files=2, permissive_only=True, dedup_hashes=frozenset({hashlib.sha256(shared.encode()).hexdigest()}))
    stats = build_language(Lang.PYTHON, repos, BuildSettings(output=tmp_path / "out", retrievers=(), criteria=criteria))
    assert stats["skipped_repositories"] == {"file_in_dedup_list": 1, "too_few_source_files": 1}
    assert stats["repositories_with_examples"] == 1 and stats["examples"] >= 1
