"""Where the tool keeps its per-user caches (clones, environments, compiled helpers)."""

from __future__ import annotations

import os
from pathlib import Path


# ------------------------------------------------------------------------------ resolving --
def default_cache_dir() -> Path:
    """The cache folder, always absolute: the sandboxes run with another working folder, and a
    relative ``--cache-dir`` put the sealed JDK where the Java runner did not look ("exited 127",
    held-out 14 and 15)."""
    base = os.environ.get("CROSSFILE_CACHE") or os.path.join(os.environ.get("XDG_CACHE_HOME", str(Path.home() / ".cache")), "crossfile-datasets")
    return absolute_path(base)


def absolute_path(path: str | os.PathLike) -> Path:
    """``path`` with ``~`` expanded, made absolute against the current folder (no link resolved)."""
    return Path(os.path.abspath(os.path.expanduser(os.fspath(path))))


# The bundled sample repositories: the checkout's examples/ (editable install), or the package data
# crossfile_datasets.examples beside crossfile_datasets.core (wheel; pyproject.toml maps it).
EXAMPLES_DIR = Path(__file__).resolve().parents[1] / "examples"
