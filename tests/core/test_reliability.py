"""Pure pieces of the build's reliability rules (issue 15), on small inputs written here."""

from __future__ import annotations

import fcntl
import os
import tempfile
import time

import pytest

from crossfile_datasets.builders.completion.export import skip_reasons
from crossfile_datasets.builders.completion.pipeline import TMP_PREFIX, remove_stale_temporary_folders
from crossfile_datasets.core.text import NotRegularFile, classify_file, decode_source, odd_name, read_regular


def test_lone_cr_files_are_not_minified_and_normalize_like_crlf():
    text = "".join(f"line_{i} = {i}\n" for i in range(200))
    for ending in ("\r", "\r\n"):
        data = text.replace("\n", ending).encode()
        assert classify_file("m.py", data) is None
        assert decode_source(data)[0] == text
    assert classify_file("m.py", b"x=1;" * 3000) == "minified"  # one real long line still is


def test_skip_reasons_of_different_stages_do_not_overwrite_each_other():
    stats = {"skipped_files": {"checker_crash": 2}, "skipped_projects": {"checker_crash": 1},
             "skipped_repositories": {"clone_failed": 1}}
    assert skip_reasons(stats) == {"files/checker_crash": 2, "projects/checker_crash": 1, "repositories/clone_failed": 1}


def test_odd_names_and_non_regular_files(tmp_path):
    assert odd_name(os.fsdecode(b"caf\xe9.py")) and not odd_name("café.py")
    os.mkfifo(tmp_path / "pipe.py")
    t0 = time.monotonic()
    with pytest.raises(NotRegularFile):
        read_regular(tmp_path / "pipe.py", 100)
    assert time.monotonic() - t0 < 1
    (tmp_path / "f.py").write_bytes(b"x" * 50)
    assert read_regular(tmp_path / "f.py", 10) == b"x" * 10


def test_stale_build_folders_are_removed_and_live_ones_kept(tmp_path):
    dead = tmp_path / f"{TMP_PREFIX}111-dead"
    live = tmp_path / f"{TMP_PREFIX}222-live"
    other = tmp_path / "unrelated"
    old_loose, new_loose, users = tmp_path / "crossfile-pylint-abc", tmp_path / "crossfile-mcs-def", tmp_path / "crossfile-cache"
    for folder in (old_loose, new_loose, users):
        folder.mkdir()
    day_ago = time.time() - 2 * 86400
    for folder in (old_loose, users):
        os.utime(folder, (day_ago, day_ago))
    for folder in (dead, live, other):
        folder.mkdir()
        (folder / ".lock").write_text("")
        (folder / "crossfile-pylint-x").mkdir()
    holder = open(live / ".lock", "a+")
    fcntl.flock(holder.fileno(), fcntl.LOCK_EX)
    try:
        assert sorted(remove_stale_temporary_folders(tmp_path)) == sorted([dead.name, old_loose.name])
    finally:
        holder.close()
    assert live.exists() and other.exists() and new_loose.exists() and users.exists()
    assert not dead.exists() and not old_loose.exists()


def test_a_concurrent_builds_sweep_never_removes_a_folder_being_made(tmp_path, monkeypatch):
    """Regression: build_scope made its crossfile-build-* folder, then locked it; a second build
    starting in between took the free lock and removed the folder (FileNotFoundError on its
    .lock, seen with two builds at once)."""
    from crossfile_datasets.builders.completion import pipeline

    base = tmp_path / "tmp"
    base.mkdir()
    real_mkdtemp = tempfile.mkdtemp

    def mkdtemp_then_another_build_sweeps(*args, **kwargs):
        made = real_mkdtemp(*args, **kwargs)
        pipeline.remove_stale_temporary_folders(base)  # the other build's start
        return made

    monkeypatch.setattr(tempfile, "tempdir", str(base))
    monkeypatch.setenv("TMPDIR", str(base))
    monkeypatch.setattr(pipeline.tempfile, "mkdtemp", mkdtemp_then_another_build_sweeps)
    with pipeline.build_scope(tmp_path / "out"):
        inside = tempfile.gettempdir()
        assert os.path.basename(inside).startswith(TMP_PREFIX) and os.path.isdir(inside)
        assert pipeline.remove_stale_temporary_folders(base) == []  # held: a live build
        assert os.path.isdir(inside)
    assert not os.path.exists(inside)
    assert os.listdir(base) == []


def test_the_build_sweep_never_follows_nor_creates_a_planted_lock(tmp_path):
    """Regression (red team 2026-11-29 row 1): the build's sweep opened ``<folder>/.lock`` with
    ``open(..., "a+")``: a ``.lock`` link made the builder create (or open for writing) any file.
    Now a folder that is not a real folder of ours is never opened, and a lock that is a link, or
    missing, is never followed nor created (the folder of a dead build of ours still goes)."""
    target = tmp_path / "victim" / "nologin"
    target.parent.mkdir()
    base = tmp_path / "tmp"
    base.mkdir()
    linked = base / f"{TMP_PREFIX}4000000-linked"  # ours, its lock a link
    linked.mkdir()
    (linked / ".lock").symlink_to(target)
    folder_link = base / f"{TMP_PREFIX}4000000-folderlink"  # the folder itself a link
    folder_link.symlink_to(target.parent)
    lockless = base / f"{TMP_PREFIX}{os.getpid()}-lockless"  # no lock file, its pid alive: kept
    lockless.mkdir()
    dead = base / f"{TMP_PREFIX}4000000-dead"
    dead.mkdir()
    (dead / ".lock").write_text("4000000")
    theirs = base / f"{TMP_PREFIX}4000000-theirs"
    theirs.mkdir()
    (theirs / ".lock").write_text("")
    if os.geteuid() == 0:
        os.chown(theirs / ".lock", 65534, 65534)
        os.chown(theirs, 65534, 65534)
    assert remove_stale_temporary_folders(base) == [dead.name]
    assert not target.exists() and os.listdir(target.parent) == []
    assert linked.is_dir() and os.path.islink(linked / ".lock") and folder_link.is_symlink()
    assert lockless.is_dir() and not (lockless / ".lock").exists() and theirs.is_dir()


def test_the_build_sweep_leaves_held_sandbox_folders_and_other_users_folders(tmp_path):
    """Regression (red team 2026-11-29 row 2): the build's sweep removed every day-old
    ``crossfile-sandbox-*`` folder, its lock held or not, and loose folders of any owner. Now a
    held folder stays whatever its age (its stale twin goes, as the harness sweep decides), and a
    loose folder goes only when it is a real folder of ours."""
    from crossfile_datasets.sandbox.tempfolders import HeldFolder

    base = tmp_path / "tmp"
    base.mkdir()
    held = HeldFolder("class-eval-", parent=base)
    stale = HeldFolder("class-eval-", parent=base)
    day_ago = time.time() - 2 * 86400
    stale_path = stale.path
    os.close(stale._fd)  # its harness died: the lock is free, the folder stays behind
    stale._fd = -1
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "keep.txt").write_text("x")
    link = base / "crossfile-pylint-link"
    link.symlink_to(victim)
    theirs = base / "crossfile-pylint-theirs"
    theirs.mkdir()
    if os.geteuid() == 0:
        os.chown(theirs, 65534, 65534)
    for path in (held.path, stale_path, theirs):
        os.utime(path, (day_ago, day_ago))
    os.utime(link, (day_ago, day_ago), follow_symlinks=False)
    try:
        removed = remove_stale_temporary_folders(base)
        assert removed == [stale_path.name] if os.geteuid() == 0 else stale_path.name in removed
        assert held.path.is_dir() and not stale_path.exists()
        assert link.is_symlink() and (victim / "keep.txt").read_text() == "x"
        if os.geteuid() == 0:
            assert theirs.is_dir()
    finally:
        held.close()
