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
