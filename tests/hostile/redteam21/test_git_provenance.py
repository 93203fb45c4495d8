"""Row 2: a local folder handed to the builder (``--repos FOLDER``, a manifest's ``path``, a
``--repos-dir`` collection) gets its provenance from git (``builders/repos.py`` ``resolve`` ->
``_checkout_commit``: ``git rev-parse HEAD``; ``_remote_url``: ``git config --get
remote.origin.url``), and every record and the card publish it (``repository_url``, ``commit``).
The folder's ``.git`` is its sender's: a *file* ``gitdir: ../elsewhere/.git`` (git's own worktree
and submodule format), or a ``.git`` folder holding only ``HEAD`` and ``commondir`` (a linked
worktree's layout), makes git read another repository of the machine, and an ``[include] path =``
in ``.git/config`` makes git read another config file. ``_checkout_commit`` checks only that git's
top level is the folder (it is, for a gitfile), so the other repository's commit and origin URL
(a private project of the builder's, at a path known or guessed) become the published
provenance of code that is not theirs. Scratch: a completion build of examples/python/textkit
with such a ``.git`` file wrote that URL and commit into every record of
``line_completion.jsonl`` and into both cards."""

from __future__ import annotations

from pathlib import Path

import pytest

from crossfile_datasets.builders.repos import RepoSpec, RepositoryError, resolve
from tests.hostile.redteam21._git import commit_all, git, init

PRIVATE_URL = "https://github.com/acme/private-ledger.git"
SENDER_URL = "https://github.com/sender/shop.git"


def _private(tmp_path: Path) -> tuple[Path, str]:
    """Another repository of the builder's machine (outside every folder handed over)."""
    root = init(tmp_path / "home" / "work" / "private-ledger", PRIVATE_URL)
    (root / "ledger.py").write_text("SECRET_RATE = 0.07\n")
    return root, commit_all(root)


def _branch(repo: Path) -> str:
    return git("symbolic-ref", "--short", "HEAD", cwd=repo)


def _handed_over(tmp_path: Path, how: str, private: Path) -> Path:
    root = tmp_path / "submissions" / "shop"
    root.mkdir(parents=True)
    (root / "shop.py").write_text("def total(xs):\n    return sum(xs)\n")
    if how == "gitfile":  # relative, as git writes it for worktrees and submodules
        (root / ".git").write_text("gitdir: ../../home/work/private-ledger/.git\n")
    elif how == "commondir":  # a .git *folder* (git's linked-worktree layout): HEAD here, the rest there
        (root / ".git").mkdir()
        (root / ".git" / "HEAD").write_text(f"ref: refs/heads/{_branch(private)}\n")
        (root / ".git" / "commondir").write_text("../../../home/work/private-ledger/.git\n")
    elif how == "include":
        init(root)
        with open(root / ".git" / "config", "a") as fh:
            fh.write(f"[include]\n\tpath = {private / '.git' / 'config'}\n")
    else:  # control: the sender's own checkout
        init(root, SENDER_URL)
        commit_all(root)
    return root


@pytest.mark.parametrize("how", ["gitfile", "commondir", "include"])
def test_a_handed_over_git_folder_cannot_publish_another_repositorys_provenance(tmp_path, how):
    private, private_head = _private(tmp_path)
    control = resolve(RepoSpec(path=str(_handed_over(tmp_path / "control", "control", private))))
    if control.url != SENDER_URL or not control.commit:
        pytest.fail(f"precondition: a plain checkout's provenance is its own ({control.url}, {control.commit})")
    try:
        repo = resolve(RepoSpec(path=str(_handed_over(tmp_path, how, private))))
    except RepositoryError:
        return  # refused (git_unreadable): safe
    print(repo.url, repo.commit)
    assert PRIVATE_URL not in repo.url and repo.commit != private_head, (repo.url, repo.commit)
