"""The one walker and reader of repository files (core/repofiles.py): what it accepts, what it
refuses and under which reason, in the order os.walk gave; nothing it refuses is ever opened."""

from __future__ import annotations

import errno
import os

import pytest

from crossfile_datasets.core import constants as C
from crossfile_datasets.core import repofiles
from crossfile_datasets.core.repofiles import is_file_inside, read_inside, walk
from crossfile_datasets.core.skipnames import skipped_dir
from crossfile_datasets.core.text import NotRegularFile
from tests.conftest import write_tree


def _walk(root, want=lambda rel: rel.endswith(".py")):
    refused, accepted = [], []
    for found in walk(root, want, refused.append):
        accepted.append((found.rel, found.read(100)))
    return accepted, {(r.rel, r.reason) for r in refused}


def _os_walk_order(root, want):
    out = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not skipped_dir(d))
        rel_dir = os.path.relpath(dirpath, root)
        for name in sorted(filenames):
            rel = name if rel_dir == "." else f"{rel_dir}/{name}"
            if want(rel):
                out.append(rel)
    return out


def test_accepts_regular_files_in_os_walk_order(tmp_path):
    write_tree(tmp_path, {"b.py": "b", "a/z.py": "z", "a/b/c.py": "c", "a.b/x.py": "x", "A/y.py": "y", "a/y.txt": "t",
                          "node_modules/m.py": "m", ".hidden/h.py": "h", "build/o.py": "o"})
    accepted, refused = _walk(tmp_path)
    assert [rel for rel, _ in accepted] == _os_walk_order(tmp_path, lambda rel: rel.endswith(".py"))
    assert dict(accepted)["a/b/c.py"] == b"c"
    assert refused == {("node_modules", "vendored_dir")}  # other skipped folders are build output


def test_refuses_links_fifos_long_paths_and_deep_folders(tmp_path, monkeypatch):
    write_tree(tmp_path, {"ok.py": "ok", "d1/d2/d3/d4/deep.py": "deep"})
    os.mkfifo(tmp_path / "pipe.py")
    os.symlink("/dev/zero", tmp_path / "zero.py")
    os.symlink("ok.py", tmp_path / "alias.py")
    os.symlink("..", tmp_path / "loop")
    long_dir = tmp_path / ("x" * 200) / ("y" * 200)
    long_dir.mkdir(parents=True)
    (long_dir / "long.py").write_text("long")
    monkeypatch.setattr(C, "MAX_PATH_BYTES", 300)
    monkeypatch.setattr(C, "MAX_DIR_DEPTH", 3)
    accepted, refused = _walk(tmp_path)
    assert [rel for rel, _ in accepted] == ["ok.py"]
    assert refused == {("pipe.py", "not_regular_file"), ("zero.py", "link_outside_repo"), ("alias.py", "symlink"),
                       ("loop", "symlinked_dir"), ("d1/d2/d3/d4", "too_deep"),
                       (f"{'x' * 200}/{'y' * 200}/long.py", "path_too_long")}


def test_a_file_swapped_for_a_link_after_listing_is_refused(tmp_path):
    write_tree(tmp_path, {"a.py": "a", "b.py": "b"})
    refused = []
    walker = walk(tmp_path, lambda rel: rel.endswith(".py"), refused.append)
    first = next(walker)  # the folder is listed: b.py was a regular file
    assert first.rel == "a.py"
    os.unlink(tmp_path / "b.py")
    os.symlink("/dev/zero", tmp_path / "b.py")
    assert list(walker) == []
    assert [(r.rel, r.reason) for r in refused] == [("b.py", "symlink")]


def test_a_folder_swapped_for_a_link_after_listing_is_refused(tmp_path):
    write_tree(tmp_path, {"a.py": "a", "sub/b.py": "b"})
    refused = []
    walker = walk(tmp_path, lambda rel: rel.endswith(".py"), refused.append)
    assert next(walker).rel == "a.py"  # the root is listed: sub was a folder
    (tmp_path / "sub").rename(tmp_path / "moved")
    os.symlink(tmp_path / "moved", tmp_path / "sub")
    assert list(walker) == []
    assert [(r.rel, r.reason) for r in refused] == [("sub", "symlinked_dir")]


def test_a_root_that_cannot_be_opened_is_one_refused_folder(tmp_path):
    refused = []
    assert list(walk(tmp_path / "missing", lambda rel: True, refused.append)) == []
    assert [(r.rel, r.reason) for r in refused] == [(".", "unreadable_dir")]


def test_read_inside_never_follows_a_link_nor_leaves_the_root(tmp_path):
    outside = tmp_path / "outside"
    write_tree(outside, {"secret.json": "{}"})
    root = tmp_path / "repo"
    write_tree(root, {"sub/tsconfig.json": "{\"a\": 1}"})
    os.symlink(outside, root / "linked")
    os.symlink(outside / "secret.json", root / "base.json")
    os.mkfifo(root / "pipe.json")
    assert read_inside(root, "sub/tsconfig.json", 100) == b"{\"a\": 1}"
    assert read_inside(root, "sub/tsconfig.json", 3) == b"{\"a"
    # a linked folder on the way: O_NOFOLLOW | O_DIRECTORY says ENOTDIR (Linux)
    for rel, codes in (("linked/secret.json", (errno.ELOOP, errno.ENOTDIR)), ("base.json", (errno.ELOOP,)),
                       ("../outside/secret.json", (errno.EPERM,)), ("/etc/hostname", (errno.EPERM,)),
                       ("sub/../base.json", (errno.EPERM,))):
        with pytest.raises(OSError) as caught:
            read_inside(root, rel, 100)
        assert caught.value.errno in codes, rel
        assert not is_file_inside(root, rel)
    with pytest.raises(NotRegularFile):
        read_inside(root, "pipe.json", 100)  # opened non-blocking: returns at once
    assert is_file_inside(root, "sub/tsconfig.json") and not is_file_inside(root, "pipe.json")


def test_copy_to_stops_at_the_cap(tmp_path):
    write_tree(tmp_path, {"big.jar": "x" * 1000, "small.jar": "y" * 10})
    copies = {}
    for found in walk(tmp_path, lambda rel: rel.endswith(".jar")):
        copies[found.rel] = found.copy_to(tmp_path / f"copy-{found.rel}", 100)
    assert copies == {"big.jar": False, "small.jar": True}
    assert not (tmp_path / "copy-big.jar").exists() and (tmp_path / "copy-small.jar").read_text() == "y" * 10
