"""Small real git repositories for the red team's tests (git itself, no mock)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

IDENTITY = ["-c", "user.name=red team", "-c", "user.email=red@example.invalid", "-c", "commit.gpgsign=false"]


def git(*args: str, cwd: Path) -> str:
    res = subprocess.run(["git", *IDENTITY, *args], cwd=cwd, capture_output=True, text=True, timeout=300)
    if res.returncode != 0:
        pytest.fail(f"precondition: git {' '.join(args)} failed: {res.stderr.strip()[-300:]}")
    return res.stdout.strip()


def init(root: Path, origin: str | None = None) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    git("init", "-q", cwd=root)
    if origin:
        git("remote", "add", "origin", origin, cwd=root)
    return root


def commit_all(root: Path, message: str = "m") -> str:
    git("add", "-A", cwd=root)
    git("commit", "-q", "-m", message, cwd=root)
    return git("rev-parse", "HEAD", cwd=root)
