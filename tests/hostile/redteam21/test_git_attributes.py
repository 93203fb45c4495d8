"""Row 3: every split clones a repository URL (``builders/repos.py`` ``_clone`` ->
``_fetch_checkout``) and caps the checkout before it is written (``_check_clone_size``: the sum
of the blob sizes ``git ls-tree -l`` lists, ``CLONE_MAX_BYTES`` = 8 GiB; git bombs). The checkout
itself then applies the repository's own ``.gitattributes``, and three of git's built-in
attributes need no configuration (no filter driver): ``ident`` writes ``$Id: <40 hex> $`` (47
characters) for every ``$Id$`` (4), ``eol=crlf`` doubles a line end, ``working-tree-encoding``
re-encodes (UTF-32: 4 bytes a character). A blob of ``$Id$`` with ``ident
working-tree-encoding=UTF-32LE`` is written 47 times its measured size, and deflate packs such a
blob about 1,000 to 1: an 8 MiB blob is a 9.4 KiB pack, 376 MiB on disk and 483 MB of git's
memory (scratch); at the cap, a few MB of pack would be hundreds of GiB written."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from crossfile_datasets.builders.repos import RepoSpec, RepositoryError, resolve
from tests.hostile.redteam21._git import git, init

BLOB_BYTES = 1024**2  # '$Id$' 262,144 times: 1 MiB measured by the cap
ATTRIBUTES = "data.txt ident working-tree-encoding=UTF-32LE\n"


def _remote(root: Path, attributes: str | None) -> tuple[Path, str]:
    init(root)
    (root / "data.txt").write_text("$Id$" * (BLOB_BYTES // 4))
    git("add", "data.txt", cwd=root)  # added before the attributes: the blob is the plain text
    if attributes:  # added by name: `add -A` would hash data.txt again under them (a racy index entry)
        (root / ".gitattributes").write_text(attributes)
        git("add", ".gitattributes", cwd=root)
    git("commit", "-q", "-m", "m", cwd=root)
    return root, git("rev-parse", "HEAD", cwd=root)


def _listed_bytes(root: Path, commit: str) -> int:
    """What ``_check_clone_size`` measures: the blob sizes of ``git ls-tree -r -l``."""
    listing = git("ls-tree", "-r", "-l", commit, cwd=root)
    return sum(int(line.split("\t")[0].split()[3]) for line in listing.splitlines())


def _written_bytes(root: Path) -> int:
    total = 0
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d != ".git"]
        total += sum(os.lstat(os.path.join(dirpath, f)).st_size for f in filenames if f != ".crossfile-ok")
    return total


def _clone(tmp_path: Path, name: str, attributes: str | None) -> tuple[int, int | None]:
    remote, commit = _remote(tmp_path / f"{name}-remote", attributes)
    measured = _listed_bytes(remote, commit)
    try:
        repo = resolve(RepoSpec(url=str(remote), commit=commit), cache_dir=tmp_path / f"{name}-cache")
    except RepositoryError:
        return measured, None  # refused: nothing checked out
    return measured, _written_bytes(repo.root)


def test_a_clones_gitattributes_cannot_write_more_than_the_cap_measured(tmp_path):
    measured, written = _clone(tmp_path, "control", None)
    if written is None or written != measured:
        pytest.fail(f"precondition: the control clone writes what was measured ({measured}, {written})")
    measured, written = _clone(tmp_path, "attack", ATTRIBUTES)
    print(f"measured {measured} bytes, written {written}")
    # safe: refused, or written within twice what the cap measured (line ends of a text file)
    assert written is None or written <= 2 * measured, (measured, written)
