"""Repository copies for sandboxed runs keep holes and leave out oversize files (red team row 14):
``sandbox.data_regions``, ``copy_file_sparse``, ``copy_repository`` and ``tree_digest``."""

from __future__ import annotations

import os

from crossfile_datasets.core import constants as C
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.sandbox import copy_file_sparse, copy_repository, data_regions, tree_digest

MiB = 1 << 20


def sparse(path, size: int, data: dict[int, bytes]) -> None:
    with open(path, "wb") as fh:
        fh.truncate(size)
        for offset, chunk in data.items():
            fh.seek(offset)
            fh.write(chunk)


def allocated(path) -> int:
    return os.stat(path).st_blocks * 512


def test_data_regions_of_a_sparse_a_dense_and_an_empty_file(tmp_path):
    sparse(tmp_path / "s", 32 * MiB, {8 * MiB: b"x" * 100, 32 * MiB - 1: b"y"})
    with open(tmp_path / "s", "rb") as fh:
        regions = list(data_regions(fh.fileno(), 32 * MiB))
    assert len(regions) == 2  # the filesystem rounds regions to its blocks
    (a, b), (c, d) = regions
    assert a <= 8 * MiB < 8 * MiB + 100 <= b < c <= 32 * MiB - 1 and d == 32 * MiB
    (tmp_path / "d").write_bytes(b"z" * 5000)
    with open(tmp_path / "d", "rb") as fh:
        assert list(data_regions(fh.fileno(), 5000)) == [(0, 5000)]
    (tmp_path / "e").write_bytes(b"")
    with open(tmp_path / "e", "rb") as fh:
        assert list(data_regions(fh.fileno(), 0)) == []
    sparse(tmp_path / "h", 4 * MiB, {})
    with open(tmp_path / "h", "rb") as fh:
        assert list(data_regions(fh.fileno(), 4 * MiB)) == []


def test_a_sparse_file_is_copied_with_its_holes_and_its_content(tmp_path):
    source, dest = tmp_path / "s", tmp_path / "copy"
    sparse(source, 64 * MiB, {3: b"head", 40 * MiB: b"middle" * 1000, 64 * MiB - 4: b"tail"})
    os.chmod(source, 0o640)
    copy_file_sparse(source, dest)
    assert os.path.getsize(dest) == 64 * MiB and os.stat(dest).st_mode & 0o777 == 0o640
    assert allocated(dest) <= allocated(source) + MiB  # not 64 MiB
    with open(source, "rb") as a, open(dest, "rb") as b:
        while chunk := a.read(4 * MiB):
            assert b.read(4 * MiB) == chunk
    dense = tmp_path / "dense"
    dense.write_bytes(os.urandom(3 * MiB + 7))
    copy_file_sparse(dense, tmp_path / "dense-copy")
    assert (tmp_path / "dense-copy").read_bytes() == dense.read_bytes()


def test_oversize_files_are_left_out_of_the_copy_and_the_tree_hash_and_counted(tmp_path, monkeypatch):
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "mod.py").write_text("X = 1\n")
    sparse(repo / "big.bin", 2 * MiB + 1, {})
    sparse(repo / "small.bin", 2 * MiB, {MiB: b"x"})
    monkeypatch.setattr(C, "COPY_FILE_MAX_BYTES", 2 * MiB)
    drops = copy_repository(repo, tmp_path / "copy")
    assert drops.oversize == ["big.bin"]
    assert sorted(os.listdir(tmp_path / "copy")) == ["mod.py", "small.bin"]
    digest, tree_drops = tree_digest(repo)
    assert tree_drops.oversize == ["big.bin"]
    (repo / "big.bin").unlink()
    assert tree_digest(repo)[0] == digest  # what the copy does not hold does not count
    report = BuildReport()
    drops.count_into(report, "repo")
    assert report.counts == {"host_files/copy_oversize_file": 1}


def _swapping_walk(monkeypatch, swaps: dict):
    """``sandbox._copy_walk`` that runs the swap of an entry named in ``swaps`` at the worst
    moment (the source changed by someone else mid-copy, deterministically): a file's between
    the walk's look at it and the consumer's open, a folder's after it was seen, before it is listed."""
    import crossfile_datasets.sandbox as sandbox

    walk = sandbox._copy_walk

    def swapping(source, drops):
        for entry in walk(source, drops):
            if entry[0] == "f" and entry[1] in swaps:
                swaps.pop(entry[1])()
            yield entry
            if entry[1] in swaps:
                swaps.pop(entry[1])()

    monkeypatch.setattr(sandbox, "_copy_walk", swapping)


def _swap_for_link(path, target):
    def swap():
        os.rename(path, f"{path}.before")
        os.symlink(target, path)
    return swap


def test_a_folder_or_file_swapped_for_a_link_during_the_walk_is_refused_and_counted(tmp_path, monkeypatch):
    """Red team 2026-11-27d, row 6: the walk saw ``z`` as a folder (and ``a.py`` as a file),
    then both became links to a builder-only folder and file before it listed ``z`` (opened
    ``a.py``). Before: the copy listed ``z`` by its path and copied the folder the link named,
    and nothing was counted; now each folder is opened with ``O_NOFOLLOW`` under its parent's
    descriptor and each file under its folder's: both refused, counted, not copied or hashed."""
    secret = tmp_path / "builder-only"
    secret.mkdir(mode=0o700)
    (secret / "id_rsa").write_text("KEY")
    repo = tmp_path / "repo"
    (repo / "z").mkdir(parents=True)
    (repo / "z" / "notes.py").write_text("NOTES = 2\n")
    (repo / "a.py").write_text("A = 1\n")
    (repo / "m.py").write_text("M = 1\n")
    honest_digest = tree_digest(repo)[0]
    for run in ("copy", "digest"):
        for name in ("z", "a.py"):
            if os.path.islink(repo / name):
                os.unlink(repo / name)
                os.rename(repo / f"{name}.before", repo / name)
        _swapping_walk(monkeypatch, {"z": _swap_for_link(repo / "z", secret),
                                     "a.py": _swap_for_link(repo / "a.py", secret / "id_rsa")})
        if run == "copy":
            drops = copy_repository(repo, tmp_path / "copy")
            copied = sorted(str(p.relative_to(tmp_path / "copy")) for p in (tmp_path / "copy").rglob("*"))
            assert copied == ["m.py", "z"], copied  # the folder made when seen, empty; no id_rsa, no a.py
            assert not os.path.islink(tmp_path / "copy" / "z")
        else:
            digest, drops = tree_digest(repo)
            assert digest != honest_digest
        assert sorted(drops.changed) == ["a.py", "z"], (run, drops)
        report = BuildReport()
        drops.count_into(report, "repo")
        assert report.counts == {"host_files/copy_changed_during_copy": 2}


def test_the_copy_caps_depth_entries_and_total_size_and_counts_them(tmp_path, monkeypatch):
    """A copy runs before every run's time limit starts, once per run: its entries, total size
    and depth are capped (before: a folder of 100,000 empty files took 137 s per run to copy)."""
    repo = tmp_path / "repo"
    (repo / "a" / "b" / "c").mkdir(parents=True)
    (repo / "a" / "b" / "c" / "deep.py").write_text("D = 1\n")
    (repo / "big").mkdir()
    for i in range(3):
        (repo / "big" / f"f{i}.bin").write_bytes(b"x" * 1000)
    (repo / "many").mkdir()
    for i in range(20):
        (repo / "many" / f"m{i:02d}.py").write_text("")
    (repo / "top.py").write_text("T = 1\n")
    monkeypatch.setattr(C, "MAX_DIR_DEPTH", 2)
    monkeypatch.setattr(C, "COPY_MAX_TOTAL_BYTES", 2500)
    monkeypatch.setattr(C, "COPY_MAX_ENTRIES", 4 + 1 + 3 + 10)  # root, a, a/b, big: then "many" is over
    drops = copy_repository(repo, tmp_path / "copy")
    assert drops.too_deep == ["a/b/c"]
    assert drops.over_total == ["big/f2.bin"]
    assert drops.too_many_entries == ["many"]
    copied = sorted(str(p.relative_to(tmp_path / "copy")) for p in (tmp_path / "copy").rglob("*"))
    assert copied == ["a", "a/b", "big", "big/f0.bin", "big/f1.bin", "many", "top.py"]
    assert tree_digest(repo)[1] == drops
    report = BuildReport()
    drops.count_into(report, "repo")
    assert report.counts == {"host_files/copy_too_deep": 1, "host_files/copy_total_too_large": 1,
                             "host_files/copy_too_many_entries": 1}


def test_a_folder_named_like_build_output_is_copied_when_it_holds_the_package(tmp_path):
    """pypa/build keeps its package in ``src/build/``: the source walk reads it (recall10), and a
    copy without it could not import what the problems call. A ``build/`` of output, a C#
    ``bin/`` and a ``.venv`` stay out; a link named ``build`` is never followed."""
    repo = tmp_path / "repo"
    files = {
        "src/build/__init__.py": "VERSION = 1\n",
        "src/build/env.py": "from build import VERSION\n",
        "build/lib/build/__init__.py": "stale = True\n",  # setuptools output: no __init__.py at its top
        "app/bin/App.dll": "MZ",
        ".venv/lib/site.py": "x = 1\n",
        "tests/test_env.py": "import build\n",
    }
    for rel, text in files.items():
        (repo / rel).parent.mkdir(parents=True, exist_ok=True)
        (repo / rel).write_text(text)
    (repo / "pkg").mkdir()
    os.symlink("../src/build", repo / "pkg" / "build")
    copy_repository(repo, tmp_path / "copy")
    copied = {str(p.relative_to(tmp_path / "copy")) for p in (tmp_path / "copy").rglob("*") if p.is_file()}
    assert copied == {"src/build/__init__.py", "src/build/env.py", "tests/test_env.py"}
    digest, _ = tree_digest(repo)
    (repo / "src/build/env.py").write_text("changed = 1\n")
    assert tree_digest(repo)[0] != digest  # the package's files are part of the snapshot's hash
