"""Small real git repositories for the attacks (committed, so that what a clone checks out is
what the host reads)."""

from __future__ import annotations

import subprocess
from pathlib import Path


def commit_all(root: Path) -> None:
    env = {"GIT_AUTHOR_NAME": "rt", "GIT_AUTHOR_EMAIL": "rt@example.org", "GIT_COMMITTER_NAME": "rt",
           "GIT_COMMITTER_EMAIL": "rt@example.org", "HOME": str(root), "PATH": "/usr/bin:/bin"}
    for argv in (["git", "init", "-q"], ["git", "add", "-A"], ["git", "commit", "-q", "-m", "init"]):
        subprocess.run(argv, cwd=root, env=env, check=True, capture_output=True, timeout=120)


def packed_bytes(root: Path) -> int:
    """What the repository's objects weigh in git (zlib-compressed: about what a clone downloads)."""
    return sum(p.stat().st_size for p in (root / ".git" / "objects").rglob("*") if p.is_file())
