"""The host-side file boundary (sandbox/hostfs.py) on real files, links and FIFOs."""

from __future__ import annotations

import os
import threading

import pytest

from crossfile_datasets.core.reasons import lookup
from crossfile_datasets.sandbox import hostfs
from crossfile_datasets.sandbox.hostfs import HostFileRefused, Refusal


@pytest.fixture
def tree(tmp_path):
    """anchor/ with a file, a folder, links to a secret outside, a FIFO, a socket."""
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP SECRET")
    anchor = tmp_path / "anchor"
    (anchor / "sub").mkdir(parents=True)
    (anchor / "sub" / "ok.txt").write_text("hello")
    (anchor / "link.txt").symlink_to(secret)
    (anchor / "linkdir").symlink_to(tmp_path)
    (anchor / "inner_link").symlink_to(anchor / "sub")  # a link that stays inside is refused too
    os.mkfifo(anchor / "fifo")
    return anchor, secret


def refusal(fn, *args, **kwargs) -> Refusal:
    with pytest.raises(HostFileRefused) as info:
        fn(*args, **kwargs)
    assert isinstance(info.value, OSError)
    return info.value.reason


def test_every_refusal_is_a_declared_reason():
    for reason in Refusal:
        declared = lookup(f"{hostfs.HOST_FILES_STAGE}/{reason.value}")
        assert declared is not None and declared.name == reason.value, reason


def test_reads_a_regular_file(tree):
    anchor, _ = tree
    assert hostfs.read_text(anchor, "sub/ok.txt") == "hello"
    assert hostfs.read_bytes(anchor, "./sub/ok.txt") == b"hello"
    with hostfs.open_stream(anchor, "sub/ok.txt") as stream:
        assert stream.read(2) == b"he"


def test_links_are_never_followed(tree):
    anchor, _ = tree
    assert refusal(hostfs.read_text, anchor, "link.txt") is Refusal.SYMLINK
    assert refusal(hostfs.read_text, anchor, "linkdir/secret.txt") is Refusal.SYMLINKED_PARENT
    assert refusal(hostfs.read_text, anchor, "inner_link/ok.txt") is Refusal.SYMLINKED_PARENT
    assert refusal(hostfs.read_text, anchor, "sub/ok.txt/x") is Refusal.PARENT_NOT_DIRECTORY


def test_paths_that_leave_the_anchor_are_refused(tree):
    anchor, secret = tree
    assert refusal(hostfs.read_text, anchor, "../secret.txt") is Refusal.ESCAPES
    assert refusal(hostfs.read_text, anchor, str(secret)) is Refusal.ESCAPES
    assert refusal(hostfs.read_text, anchor, "sub/../../secret.txt") is Refusal.ESCAPES
    assert refusal(hostfs.write_new, anchor, "../planted.txt", "x") is Refusal.ESCAPES
    assert refusal(hostfs.read_text, anchor, "nothing.txt") is Refusal.MISSING


def test_a_fifo_never_blocks(tree):
    anchor, _ = tree
    done = []

    def read():
        done.append(refusal(hostfs.read_text, anchor, "fifo"))

    worker = threading.Thread(target=read, daemon=True)
    worker.start()
    worker.join(5)
    assert done == [Refusal.NOT_REGULAR], "reading a FIFO blocked"
    assert refusal(hostfs.read_text, anchor, "sub") is Refusal.NOT_REGULAR
    assert not hostfs.is_regular_file(anchor, "fifo") and hostfs.is_regular_file(anchor, "sub/ok.txt")
    assert not hostfs.is_regular_file(anchor, "link.txt")


def test_size_caps_at_open_and_while_streaming(tree):
    anchor, _ = tree
    (anchor / "big").write_bytes(b"x" * 1000)
    assert refusal(hostfs.read_bytes, anchor, "big", max_bytes=999) is Refusal.TOO_LARGE
    assert len(hostfs.read_bytes(anchor, "big", max_bytes=1000)) == 1000
    # a file that grows after the open: the stream stops at the cap instead of loading it all
    with hostfs.open_stream(anchor, "big", max_bytes=1000) as stream:
        with open(anchor / "big", "ab") as grow:
            grow.write(b"y" * 5000)
        with pytest.raises(HostFileRefused) as info:
            stream.read()
    assert info.value.reason is Refusal.TOO_LARGE


def test_writes_create_new_files_only(tree):
    anchor, secret = tree
    hostfs.write_new(anchor, "new/deep/file.py", "print(1)\n")
    assert (anchor / "new" / "deep" / "file.py").read_text() == "print(1)\n"
    assert refusal(hostfs.write_new, anchor, "new/deep/file.py", "again") is Refusal.EXISTS
    assert refusal(hostfs.write_new, anchor, "link.txt", "owned") is Refusal.EXISTS
    assert refusal(hostfs.write_new, anchor, "fifo", "owned") is Refusal.EXISTS
    assert refusal(hostfs.write_new, anchor, "linkdir/planted.txt", "owned") is Refusal.SYMLINKED_PARENT
    # a dangling link at the path: O_EXCL refuses it too (it would create the link's target)
    (anchor / "dangling").symlink_to(anchor.parent / "created-through-link")
    assert refusal(hostfs.write_new, anchor, "dangling", "owned") is Refusal.EXISTS
    assert secret.read_text() == "TOP SECRET"
    assert not (anchor.parent / "planted.txt").exists() and not (anchor.parent / "created-through-link").exists()
    assert refusal(hostfs.write_new, anchor, "linkdir/x/y.txt", "owned", parents=True) is Refusal.SYMLINKED_PARENT
    assert refusal(hostfs.write_new, anchor, "absent/y.txt", "x", parents=False) is Refusal.MISSING


def test_copy_out_streams_to_a_new_host_file(tree, tmp_path):
    anchor, _ = tree
    dest = tmp_path / "copied"
    assert hostfs.copy_out(anchor, "sub/ok.txt", dest) == 5 and dest.read_text() == "hello"
    assert refusal(hostfs.copy_out, anchor, "link.txt", tmp_path / "c2") is Refusal.SYMLINK
    assert not (tmp_path / "c2").exists()
    (anchor / "big").write_bytes(b"x" * 100)
    assert refusal(hostfs.copy_out, anchor, "big", tmp_path / "c3", max_bytes=10) is Refusal.TOO_LARGE
    assert not (tmp_path / "c3").exists()


def test_listing_and_walking_describe_without_following(tree):
    anchor, _ = tree
    kinds = {e.name: e.kind for e in hostfs.list_dir(anchor)}
    assert kinds == {"sub": "dir", "link.txt": "symlink", "linkdir": "symlink", "inner_link": "symlink", "fifo": "other"}
    files, skipped = hostfs.walk_files(anchor)
    assert files == ["sub/ok.txt"]
    assert dict(skipped) == {"fifo": Refusal.NOT_REGULAR, "inner_link": Refusal.SYMLINK, "link.txt": Refusal.SYMLINK,
                             "linkdir": Refusal.SYMLINK}
    files, skipped = hostfs.walk_files(anchor, max_entries=2)
    assert files == [] and len(skipped) == 5 and sum(r is Refusal.TOO_LARGE for _, r in skipped) == 3
    assert refusal(hostfs.list_dir, anchor, "linkdir") is Refusal.SYMLINKED_PARENT


def test_replace_swaps_the_entry_never_writing_through(tree):
    anchor, secret = tree
    hostfs.replace_file(anchor, "link.txt", "mine")
    assert not (anchor / "link.txt").is_symlink() and (anchor / "link.txt").read_text() == "mine"
    hostfs.replace_file(anchor, "fifo", "mine too")
    assert (anchor / "fifo").read_text() == "mine too"
    hostfs.replace_file(anchor, "sub/ok.txt", "new")
    assert (anchor / "sub" / "ok.txt").read_text() == "new"
    assert secret.read_text() == "TOP SECRET"
    assert refusal(hostfs.replace_file, anchor, "linkdir/secret.txt", "owned") is Refusal.SYMLINKED_PARENT
    assert refusal(hostfs.replace_file, anchor, "sub", "x") is Refusal.NOT_REGULAR
    assert sorted(p.name for p in anchor.iterdir()) == ["fifo", "inner_link", "link.txt", "linkdir", "sub"]


def test_link_new_links_only_a_regular_file_to_a_new_name(tmp_path):
    """The C# runner's further output copies of one file are hard links (red team 2026-11-27e
    row 4): never of a link or a FIFO, never over an existing entry, never through a linked
    folder."""
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "first.bin").write_bytes(b"data")
    hostfs.link_new(tmp_path, "out/first.bin", "out/sub/second.bin")
    assert (tmp_path / "out" / "sub" / "second.bin").stat().st_ino == (tmp_path / "out" / "first.bin").stat().st_ino
    os.symlink("/etc/hostname", tmp_path / "out" / "link")
    os.mkfifo(tmp_path / "out" / "fifo")
    os.symlink(tmp_path / "elsewhere", tmp_path / "out" / "linked")
    (tmp_path / "elsewhere").mkdir()
    cases = [("out/link", "out/a", Refusal.SYMLINK), ("out/fifo", "out/b", Refusal.NOT_REGULAR),
             ("out/first.bin", "out/sub/second.bin", Refusal.EXISTS), ("out/first.bin", "out/linked/c", Refusal.SYMLINKED_PARENT)]
    for existing, new, why in cases:
        with pytest.raises(HostFileRefused) as caught:
            hostfs.link_new(tmp_path, existing, new)
        assert caught.value.reason is why, (existing, new, caught.value)
    assert os.listdir(tmp_path / "elsewhere") == [] and sorted(os.listdir(tmp_path / "out")) == \
        ["fifo", "first.bin", "link", "linked", "sub"]
