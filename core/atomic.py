"""Durable writes: a kill or a full disk leaves the old file or the new one, never a truncated one.

Every output a build leaves (shards, merged JSONL, stats, cards) is written this way, so an
interrupted build can always be resumed from what is on disk.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Callable, Iterable


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` under a temporary name in the same folder, fsync, then rename over
    ``path``: a kill or a full disk leaves the old file or the new one, never a truncated one."""
    atomic_write(path, lambda fh: fh.write(text))


def atomic_write_jsonl(path: Path, rows: Iterable[dict]) -> None:
    def write(fh) -> None:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")

    atomic_write(path, write)


def atomic_write(path: Path, write: Callable) -> None:
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    try:
        with tmp.open("w", encoding="utf-8") as fh:
            write(fh)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    fsync_dir(path.parent)


def fsync_dir(path: Path) -> None:
    """Make a rename in ``path`` durable (a crash after it must not bring the old name back)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
