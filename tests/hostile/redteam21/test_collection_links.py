"""Row 1: ``build-dataset --repos-dir FOLDER`` builds every sub-folder of a collection
(``builders/repos.py`` ``collection_specs``: ``p.is_dir()``, which follows links), and
``resolve`` then works on ``Path(spec.path).resolve()``: a *link* in the collection (an
unpacked archive of repositories, a shared folder, a checkout of a "repositories" repository:
git stores links) to any folder of the machine is built as one of the collection's repositories,
and its code is published (every completion record holds its file's text). A manifest's
``path`` is held inside the manifest's folder after resolving links (``read_manifest``: "a
manifest from elsewhere must not make the build read any folder of the machine", red team
2026-11-28d row 1 for its ``url``); the collection has no such rule. Scratch: ``build-dataset
--lang python --repos-dir C`` with ``C/ledger`` a link to a copy of examples/python/textkit
elsewhere published its 26 completion examples (repository ``ctrl``, the link target's name)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from crossfile_datasets.builders.repos import RepositoryError, collection_specs, read_manifest, resolve_all
from crossfile_datasets.core.report import BuildReport


def _tree(root: Path, text: str) -> Path:
    root.mkdir(parents=True)
    (root / "shop.py").write_text(text)
    return root


def test_a_collection_cannot_build_a_folder_outside_it_through_a_link(tmp_path):
    private = _tree(tmp_path / "home" / "work" / "private-ledger", "SECRET_RATE = 0.07\n")
    collection = tmp_path / "collection"
    _tree(collection / "shop", "def total(xs):\n    return sum(xs)\n")
    os.symlink(private, collection / "ledger")
    # control: the same link named by a manifest in that folder is refused (the rule for manifests)
    (collection / "repos.jsonl").write_text('{"path": "ledger"}\n')
    try:
        read_manifest(collection / "repos.jsonl")
    except RepositoryError:
        pass
    else:
        pytest.fail("precondition: a manifest's path through a link out of its folder is refused")
    repos = resolve_all(collection_specs(collection), report=BuildReport())
    roots = sorted(str(r.root) for r in repos)
    print(roots)
    if str((collection / "shop").resolve()) not in roots:
        pytest.fail(f"precondition: the collection's own repository is built: {roots}")
    outside = [r for r in roots if not Path(r).is_relative_to(collection.resolve())]
    assert not outside, outside
    # contained: the link is refused and counted, the collection's own repository built
    report = BuildReport()
    assert [r.name for r in resolve_all(collection_specs(collection), report=report)] == ["shop"]
    assert report.to_dict()["counts"] == {"repositories/path_outside_collection": 1}
    # asked for: --allow-outside-manifest builds it
    assert len(resolve_all(collection_specs(collection, allow_outside=True))) == 2
