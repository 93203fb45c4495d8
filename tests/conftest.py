"""Shared test fixtures.

Tests that need a real checker call :func:`require_tool`: locally a missing tool is a visible
skip; under CI (``CI`` set) it is a failure, because CI installs every tool and must run them.
"""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# Tests never read or fill the user's cache: a cached checker result would hide the checker
# behaviour a test is about. Subprocesses started by tests inherit this.
os.environ["CROSSFILE_CACHE"] = _TEST_CACHE = tempfile.mkdtemp(prefix="crossfile-test-cache-")
# ... and leave nothing behind: one test session used to leave one cache folder in the temporary
# folder (569 of them after a day of runs). Only the process that made it removes it.
_OWNER = os.getpid()
atexit.register(lambda: os.getpid() == _OWNER and shutil.rmtree(_TEST_CACHE, ignore_errors=True))
# Every reason a build counts must be declared in core/reasons.py: strict mode raises on an
# undeclared one (builds outside the tests count it and list it as unregistered instead).
os.environ["CROSSFILE_STRICT_REASONS"] = "1"
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

# the fast tier from recorded times (tests/tiers.py): its hooks, registered with this conftest
from tests.tiers import pytest_addoption, pytest_collection_modifyitems, pytest_configure  # noqa: E402,F401


def require_tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        message = f"'{name}' is not installed"
        if os.environ.get("CI"):
            pytest.fail(f"{message}, but CI must run every checker test (.ci/run installs it)")
        pytest.skip(message)
    return path


@pytest.fixture(scope="session")
def starcoder_tokenizer():
    from crossfile_datasets.core.tokenizer import load_tokenizer

    return load_tokenizer()


def write_tree(root: Path, files: dict[str, str | bytes]) -> Path:
    """Write ``{relative path: content}`` under ``root`` (bytes written verbatim)."""
    for rel, content in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    return root
