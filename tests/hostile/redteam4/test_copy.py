"""The repository copy every sandboxed run starts from (``sandbox.copy_repository``): it drops
links that leave the copy by looking at each entry once (``lstat``), then lists a folder and
opens its files later by their full paths."""

from __future__ import annotations

import os
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

import pytest

from crossfile_datasets.sandbox import Sandbox, SandboxLimits

FILES_BEFORE = 4000  # files the walk copies between seeing `z` as a folder and listing it


def _checkout(root: Path) -> Path:
    source = root / "checkout"
    (source / "a").mkdir(parents=True)
    for i in range(FILES_BEFORE):
        (source / "a" / f"m{i:05d}.py").write_text("VALUE = 1\n")
    (source / "z").mkdir()
    (source / "z" / "notes.py").write_text("NOTES = 2\n")
    return source


@pytest.mark.slow
def test_a_folder_swapped_for_a_link_during_the_copy_is_not_followed(tmp_path, monkeypatch):
    """Exposure of host files (every sandboxed run: build, class build, both evaluations).
    Whoever can write the source folder while the builder copies it (the local user who handed
    over a checkout on a shared machine, a shared or network folder) replaces ``z/`` by a link
    to a folder only the builder may read (``/root/.ssh``, a hidden cache) after the walk saw
    ``z`` as a folder and before it lists it (here while it copies ``a/``'s 4,000 files): the
    walk lists the link's target, each file passes ``O_NOFOLLOW`` (only the last component is
    checked) and lands in the copy, where the repository's tests read it. Nothing is counted.
    ``tree_digest`` (the snapshot check) walks the same way. Contained: the walk opens each
    folder with ``O_NOFOLLOW | O_DIRECTORY`` under its parent's descriptor and lists it and opens
    its files through its own; the swapped folder is refused and counted
    (``host_files/copy_changed_during_copy``)."""
    secret_dir = tmp_path / "builder-only"
    secret_dir.mkdir(mode=0o700)
    token = f"-----BEGIN OPENSSH PRIVATE KEY----- {uuid.uuid4().hex}"
    (secret_dir / "id_rsa").write_text(token)
    source = _checkout(tmp_path)
    swapped: dict = {}

    def swap() -> None:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            folders = list(Path(tmp_path / "sbx").glob("crossfile-sandbox-*/repo/z"))
            if folders:
                os.rename(source / "z", source / "z.before")
                os.symlink(secret_dir, source / "z")
                swapped["copied_of_a"] = len(os.listdir(folders[0].parent / "a"))
                return
            time.sleep(0.0005)

    (tmp_path / "sbx").mkdir()
    # the sandbox folder (where the attacker watches the copy grow) under the test's own folder
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "sbx"))
    attacker = threading.Thread(target=swap)
    attacker.start()
    try:
        with Sandbox(source, python=sys.executable, limits=SandboxLimits(timeout=60)) as box:
            attacker.join()
            if "copied_of_a" not in swapped:
                pytest.fail("the attacker never saw the copy start")
            if swapped["copied_of_a"] >= FILES_BEFORE:
                pytest.skip("the walk had listed z before the swap (a very slow machine): the race was lost")
            run = box.run([sys.executable, "-c", "import os; print(open('z/id_rsa').read() if os.path.exists('z/id_rsa') "
                                                 "else 'absent')"], timeout=60)
    finally:
        attacker.join()
    if run.result.returncode != 0:
        pytest.fail(f"the reading run failed: {run.result.stderr[-2000:]}")
    assert token not in run.result.stdout, "the sandboxed run read a builder-only file copied through a swapped folder"
    assert box.copy_report.changed == ["z"], box.copy_report
