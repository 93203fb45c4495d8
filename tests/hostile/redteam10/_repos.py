"""Small repositories the attacks of this folder build: a Python package with one cross-file
use (enough for one completion example), and git helpers (real git, no network)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

CART = "class Cart:\n    def total(self):\n        return 1\n"
USE = ("from pkg.a import Cart\n\n\ndef f():\n    c = Cart()\n" + "".join(f"    x{i} = {i}\n" for i in range(9))
       + "    return c.total() + c.missing_member()\n")


def python_repo(root: Path, marker: str = "") -> Path:
    """``pkg/a.py`` (``Cart``, plus ``marker`` as a module constant) and ``pkg/b.py`` using it."""
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "__init__.py").write_text("")
    (root / "pkg" / "a.py").write_text(CART + (f"\n\n{marker} = 1\n" if marker else ""))
    (root / "pkg" / "b.py").write_text(USE)
    return root


def git(cwd: Path, *args: str) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "a", "GIT_AUTHOR_EMAIL": "a@example.org", "GIT_COMMITTER_NAME": "a",
           "GIT_COMMITTER_EMAIL": "a@example.org", "GIT_CONFIG_NOSYSTEM": "1", "HOME": str(cwd)}
    done = subprocess.run(["git", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=60)
    if done.returncode:
        raise AssertionError(f"precondition: git {' '.join(args)} failed: {done.stderr}")
    return done.stdout.strip()


def commit_all(root: Path, message: str) -> str:
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", message)
    return git(root, "rev-parse", "HEAD")


def files_holding(folder: Path, needle: str) -> list[str]:
    """Every file under ``folder`` whose bytes hold ``needle``."""
    found = []
    for dirpath, _dirs, names in os.walk(folder):
        for name in names:
            path = Path(dirpath, name)
            if not path.is_symlink() and path.is_file() and needle.encode() in path.read_bytes():
                found.append(str(path.relative_to(folder)))
    return sorted(found)
