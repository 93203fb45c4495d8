"""Durable writes: a kill or a full disk leaves the old file or the new one, never a truncated one.

Every output a build leaves (shards, merged JSONL, stats, cards) is written this way, so an
interrupted build can always be resumed from what is on disk. The evaluators' outputs too
(``core/jsonl.write_json``/``write_jsonl``): the bytes go to a new name of the folder, created
exclusively and never through a link, then ``rename`` replaces the entry. Whatever stood at the
destination (a link a submission planted beside its predictions: red team 9, row 1) is replaced,
never followed or written through.
"""

from __future__ import annotations

import json
import os
import secrets
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
    path = Path(path)
    tmp, fd = _new_file(path)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            write(fh)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    fsync_dir(path.parent)


def _new_file(path: Path) -> tuple[Path, int]:
    """A new, empty file beside ``path`` (a random name, ``O_EXCL | O_NOFOLLOW``: a name someone
    placed there first, a link included, is never opened) and its write descriptor."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
    for _ in range(100):
        tmp = path.with_name(f".{path.name[:200]}.tmp-{os.getpid()}-{secrets.token_hex(6)}")
        try:
            return tmp, os.open(tmp, flags, 0o666)
        except FileExistsError:
            continue
    raise FileExistsError(f"{path.parent}: no free temporary name for {path.name}")


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
