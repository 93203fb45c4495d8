"""sandbox/tempfolders.py: removing trees sandboxed code built, held folders and the sweep of
folders killed harnesses left (red team rows 4, 15, 19, 20). Everything happens under the
test's own ``tmp_path``, never in the shared temporary folder."""

from __future__ import annotations

import fcntl
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from crossfile_datasets.sandbox import tempfolders as tf
from crossfile_datasets.sandbox.tempfolders import (
    LOCK_SUFFIX,
    SANDBOX_PREFIX,
    HeldFolder,
    remove_tree,
    sweep_stale_sandboxes,
)

PROJECT = Path(__file__).resolve().parents[2]


def deep_tree(root: Path, depth: int) -> None:
    """``root/d/d/.../d`` ``depth`` levels deep (by descriptors: no path gets long)."""
    root.mkdir()
    fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY)
    try:
        for _ in range(depth):
            os.mkdir("d", dir_fd=fd)
            child = os.open("d", os.O_RDONLY | os.O_DIRECTORY, dir_fd=fd)
            os.close(fd)
            fd = child
        os.close(os.open("f", os.O_WRONLY | os.O_CREAT, dir_fd=fd))
    finally:
        os.close(fd)


def mode(path: Path) -> int:
    return os.lstat(path).st_mode & 0o7777


# ------------------------------------------------------------------------- remove_tree --
def test_a_tree_deeper_than_the_recursion_limit_and_the_descriptor_limit_is_removed(tmp_path):
    tree = tmp_path / "tree"
    deep_tree(tree, 1100)  # > sys.getrecursionlimit(), > the usual 1,024 open descriptors
    assert remove_tree(tree) == 0
    assert not os.path.lexists(tree)


def test_a_wide_tree_with_links_and_locked_folders_is_removed(tmp_path):
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "keep.txt").write_text("x")
    os.chmod(victim, 0o755)
    tree = tmp_path / "tree"
    tree.mkdir()
    for i in range(300):
        (tree / f"sub{i}").mkdir()
        (tree / f"sub{i}" / "f").write_text("x")
    (tree / "to-victim").symlink_to(victim)
    (tree / "sub0" / "to-victim-file").symlink_to(victim / "keep.txt")
    (tree / "sub1" / "dangling").symlink_to(tmp_path / "nowhere")
    locked = tree / "sub2" / "locked"
    locked.mkdir()
    (locked / "inner").mkdir()
    os.chmod(locked / "inner", 0)
    os.chmod(locked, 0o500)
    os.chmod(tree / "sub3", 0)
    os.mkfifo(tree / "fifo")
    before = mode(tmp_path)
    assert remove_tree(tree) == 0
    assert not os.path.lexists(tree)
    assert (victim / "keep.txt").read_text() == "x" and mode(victim) == 0o755  # never followed
    assert mode(tmp_path) == before  # the tree's parent is never opened up


def test_a_link_or_a_file_at_the_path_is_unlinked_never_followed(tmp_path):
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "keep.txt").write_text("x")
    link = tmp_path / "link"
    link.symlink_to(victim)
    assert remove_tree(link) == 0
    assert not os.path.lexists(link) and (victim / "keep.txt").exists()
    assert remove_tree(tmp_path / "missing") == 0
    (tmp_path / "file").write_text("x")
    assert remove_tree(tmp_path / "file") == 0 and not (tmp_path / "file").exists()


@pytest.mark.skipif(os.geteuid() == 0, reason="root removes entries of read-only folders anyway")
def test_what_cannot_be_removed_is_counted_not_raised(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    tree = outside / "tree"
    tree.mkdir()
    os.chmod(outside, 0o500)  # the parent is not ours to open up: the tree itself cannot go
    try:
        assert remove_tree(tree) == 1
        assert tree.is_dir() and mode(outside) == 0o500
    finally:
        os.chmod(outside, 0o700)


# ------------------------------------------------------------------------ held folders --
def test_a_held_folder_is_locked_until_closed_and_leaves_nothing(tmp_path):
    held = HeldFolder("class-eval-", parent=tmp_path)
    assert held.path.is_dir() and held.path.name.startswith(f"{SANDBOX_PREFIX}{os.getpid()}-class-eval-")
    assert held.lock == held.path.with_name(held.path.name + LOCK_SUFFIX)
    other = os.open(held.lock, os.O_RDWR)
    try:
        with pytest.raises(BlockingIOError):
            fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)
        deep_tree(held.path / "deep", 1100)
        assert held.close() == 0
        fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)  # released
    finally:
        os.close(other)
    assert list(tmp_path.iterdir()) == []
    assert held.close() == 0  # twice is harmless


# ------------------------------------------------------------------------------- sweep --
HOLDER = '''
import sys, time
from crossfile_datasets.sandbox.tempfolders import HeldFolder
held = HeldFolder(parent=sys.argv[1])
print(held.path, flush=True)
time.sleep(600)
'''


def test_the_sweep_removes_a_folder_only_once_its_holder_is_gone(tmp_path):
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(tmp_path)], stdout=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONPATH": str(PROJECT)})
    try:
        folder = Path(holder.stdout.readline().strip())
        deep_tree(folder / "deep", 1100)
        assert sweep_stale_sandboxes(tmp_path) == tf.Sweep()
        assert folder.is_dir()
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
        holder.stdout.close()
    assert sweep_stale_sandboxes(tmp_path) == tf.Sweep(removed=1)
    assert list(tmp_path.iterdir()) == []


def test_the_sweep_touches_nothing_that_is_not_a_folder_of_ours(tmp_path):
    shared = tmp_path / "shared"
    shared.mkdir()
    os.chmod(shared, 0o1777)
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "keep.txt").write_text("x")
    os.chmod(victim, 0o755)
    (shared / f"{SANDBOX_PREFIX}999999999-link").symlink_to(victim)
    (shared / f"{SANDBOX_PREFIX}999999999-lock{LOCK_SUFFIX}").symlink_to(victim / "keep.txt")
    (shared / f"{SANDBOX_PREFIX}999999999-file").write_text("x")
    theirs = shared / f"{SANDBOX_PREFIX}999999999-theirs"
    theirs.mkdir()
    if os.geteuid() == 0:
        os.chown(theirs, 65534, 65534)
    else:
        theirs.rmdir()
    entries = sorted(os.listdir(shared))
    assert sweep_stale_sandboxes(shared) == tf.Sweep()
    assert sorted(os.listdir(shared)) == entries
    assert mode(shared) == 0o1777 and mode(victim) == 0o755 and (victim / "keep.txt").read_text() == "x"


def test_orphan_locks_go_and_unlocked_folders_wait_for_their_age(tmp_path, monkeypatch):
    orphan = tmp_path / f"{SANDBOX_PREFIX}999999999-gone{LOCK_SUFFIX}"
    orphan.write_text("")
    legacy = tmp_path / f"{SANDBOX_PREFIX}999999999-legacy"  # made before locks: no lock file
    legacy.mkdir()
    alive = tmp_path / f"{SANDBOX_PREFIX}{os.getpid()}-coverage-x"  # a live pid: never swept unlocked
    alive.mkdir()
    nameless = tmp_path / f"{SANDBOX_PREFIX}nopid"
    nameless.mkdir()
    assert sweep_stale_sandboxes(tmp_path) == tf.Sweep(orphan_locks=1)
    assert legacy.is_dir() and alive.is_dir() and not orphan.exists()
    monkeypatch.setattr(tf, "UNLOCKED_STALE_SECONDS", -1.0)
    assert sweep_stale_sandboxes(tmp_path) == tf.Sweep(removed=1)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([alive.name, nameless.name])


# A harness whose one sandbox ran once (the folder handed to the run's own uid when the builder
# is root) and that dies without closing it; the run adds an entry at the folder's top.
DIES_AFTER_A_RUN = '''
import os, sys
from crossfile_datasets.sandbox import Sandbox
box = Sandbox(None, python=sys.executable)
run = box.run(["/bin/sh", "-c", "id -u; echo x > $CROSSFILE_SANDBOX_ROOT/made-by-the-run"], timeout=60)
print(box.uid, run.result.returncode, run.result.stdout.split()[0] if run.result.stdout else "", flush=True)
os._exit(0)
'''


@pytest.mark.skipif(os.geteuid() != 0 or shutil.which("setpriv") is None or shutil.which("bwrap") is None,
                    reason="a uid of its own needs a root builder, setpriv and bubblewrap")
def test_a_folder_handed_to_the_runs_own_uid_is_still_swept_after_the_harness_dies(tmp_path):
    """The clean-clone regression of 8d6eef8 (own uid on): ``hand_over`` gave the sandbox folder
    itself to the run's uid, and the sweep touches only folders owned by the sweeping uid, so a
    killed harness's copy stayed in the temporary folder for good. The folder stays the
    builder's (group: the run's uid, 0770), the run still writes at its top."""
    temp = tmp_path / "t"
    temp.mkdir()
    temp.chmod(0o755)  # open to the run's uid on the way (reachable_by_others)
    env = {**os.environ, "PYTHONPATH": str(PROJECT), "TMPDIR": str(temp)}
    env.pop("CROSSFILE_SANDBOX_UID", None)  # the default
    done = subprocess.run([sys.executable, "-c", DIES_AFTER_A_RUN], env=env, capture_output=True, text=True,
                          timeout=120)
    uid, code, seen = done.stdout.split()
    assert code == "0" and uid != "None" and seen == uid, done.stdout + done.stderr[-2000:]
    (folder,) = [p for p in temp.iterdir() if not p.name.endswith(LOCK_SUFFIX)]
    assert (folder / "made-by-the-run").is_file()
    assert folder.stat().st_uid == os.geteuid()
    assert sweep_stale_sandboxes(temp) == tf.Sweep(removed=1)
    assert list(temp.iterdir()) == []
