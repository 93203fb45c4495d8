"""The hostile corpus: attacks on the host side of the sandbox (issue 27).

Every test here is an attack a repository or a model could mount on code of ours that runs on
the host, before or after a sandboxed run: planted links and FIFOs, garbage where the host reads
back, forged verdicts. Each ran against the code before the fix (8abb920) and failed there; the
table "Attacks and outcomes" in docs/executable.md names them. Real bubblewrap, real files, real
pytest runs: nothing is mocked.
"""

from __future__ import annotations

import os
import stat
import tempfile
import threading
from pathlib import Path
from typing import Callable

import pytest

from tests.executable.conftest import _private_cache, make_repo  # noqa: F401 (fixtures)
from tests.executable.test_sandbox import BOOK
from tests.executable.test_sandbox import GOOD_TEST as BOOK_TEST


def ledger(root: Path, extra: dict[str, str] | None = None, name: str = "ledger"):
    return make_repo(root, {"ledger/__init__.py": "", "ledger/book.py": BOOK, "tests/test_book.py": BOOK_TEST,
                            **(extra or {})}, name)


def _release_fifos(folder: Path) -> None:
    """Open every FIFO under ``folder`` for writing and close it: a host thread blocked reading
    one gets end-of-file (so a test of the unfixed code fails instead of hanging forever)."""
    for dirpath, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(dirpath, name)
            try:
                if stat.S_ISFIFO(os.lstat(path).st_mode):
                    os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
            except OSError:
                pass


def finishes_within(seconds: float, fn: Callable, *args, **kwargs):
    """``fn(*args, **kwargs)``'s result, or a test failure when it does not return in time (a
    host hang on a planted FIFO); blocked readers are released so the session goes on."""
    box: dict = {}

    def target():
        try:
            box["result"] = fn(*args, **kwargs)
        except BaseException as exc:  # noqa: BLE001 - re-raised in the test's thread
            box["error"] = exc

    worker = threading.Thread(target=target, daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        temp = Path(tempfile.gettempdir())
        for _ in range(50):
            for folder in temp.glob("crossfile-*"):
                _release_fifos(folder)
            worker.join(0.2)
            if not worker.is_alive():
                break
        pytest.fail(f"the host hung for more than {seconds:.0f} s (a planted FIFO?)")
    if "error" in box:
        raise box["error"]
    return box.get("result")
