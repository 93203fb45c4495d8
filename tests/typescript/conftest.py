"""TypeScript test fixtures: the real TypeScript compiler or a visible skip (a failure under CI)."""

from __future__ import annotations

import os

import pytest

from crossfile_datasets.analyzers.tsc import INSTALL_HINT, typescript_dir
from tests.conftest import require_tool


@pytest.fixture
def typescript_tool() -> None:
    """Node plus the TypeScript package core.toolchain installs on first use (per-user tools folder)."""
    require_tool("node")
    directory = typescript_dir()
    if not (directory / "lib" / "typescript.js").is_file():
        message = f"TypeScript is not installed at {directory}: {INSTALL_HINT}"
        if os.environ.get("CI"):
            pytest.fail(f"{message} (CI must run every checker test)")
        pytest.skip(message)
