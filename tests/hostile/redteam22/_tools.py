"""Helpers shared by this folder's tests: a measuring script's JSON answer, TypeScript or a skip."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from crossfile_datasets.analyzers.tsc import typescript_dir
from tests.conftest import require_tool


def script_answer(script: Path, *args: object) -> dict:
    """The last stdout line of ``python script args...`` (a fresh interpreter) as JSON; a script
    that fails is a failed precondition, never a pass."""
    res = subprocess.run([sys.executable, str(script), *map(str, args)], capture_output=True, text=True, timeout=1200)
    if res.returncode != 0:
        pytest.fail(f"precondition: {script.name} runs: {res.stderr[-800:]}")
    return json.loads(res.stdout.strip().splitlines()[-1])


def require_typescript() -> None:
    """Node and the TypeScript package the builder uses, or a visible skip."""
    require_tool("node")
    if not (typescript_dir() / "lib" / "typescript.js").is_file():
        pytest.skip("TypeScript is not installed")
