"""Where the tool keeps its per-user caches (clones, environments, compiled helpers)."""

from __future__ import annotations

import os
from pathlib import Path


# ------------------------------------------------------------------------------ resolving --
def default_cache_dir() -> Path:
    base = os.environ.get("CROSSFILE_CACHE") or os.path.join(os.environ.get("XDG_CACHE_HOME", str(Path.home() / ".cache")), "crossfile-datasets")
    return Path(base)


# The bundled sample repositories: the checkout's examples/ (editable install), or the package data
# crossfile_datasets.examples beside crossfile_datasets.core (wheel; pyproject.toml maps it).
EXAMPLES_DIR = Path(__file__).resolve().parents[1] / "examples"
