"""Reading splits and predictions, and checking that they describe the same tasks.

A metric over a prediction file that silently skips tasks (or scores tasks that are not in
the split) is worse than no metric, so every disagreement is an error that names the task
ids involved.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from pathlib import Path
from typing import Iterable

from crossfile_datasets.core.jsonl import InputError
from crossfile_datasets.evaluation.constants import MAX_LISTED_IDS


def file_sha256(path: str | os.PathLike) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def listed(ids: Iterable[str]) -> str:
    """'a, b, c (+N more)' with at most MAX_LISTED_IDS ids, sorted."""
    ids = sorted(ids)
    shown = ", ".join(ids[:MAX_LISTED_IDS])
    more = len(ids) - MAX_LISTED_IDS
    return f"{shown} (+{more} more)" if more > 0 else shown


def index_unique(items: Iterable[tuple[str, dict]], what: str, path: str | os.PathLike) -> dict[str, dict]:
    """Map id -> object; a repeated id is an InputError naming the repeats."""
    out: dict[str, dict] = {}
    repeated: set[str] = set()
    for key, obj in items:
        if key in out:
            repeated.add(key)
        out[key] = obj
    if repeated:
        raise InputError(f"{path}: {len(repeated)} {what} appear more than once: {listed(repeated)}")
    return out


def check_same_ids(expected: Iterable[str], given: Iterable[str], split_path, predictions_path) -> None:
    """Raise an InputError listing the task ids missing from, or extra in, the predictions."""
    expected, given = set(expected), set(given)
    missing, extra = expected - given, given - expected
    problems = []
    if missing:
        problems.append(f"{len(missing)} task ids of the split have no prediction: {listed(missing)}")
    if extra:
        problems.append(f"{len(extra)} predicted task ids are not in the split: {listed(extra)}")
    if problems:
        raise InputError(f"predictions {predictions_path} do not match split {split_path}:\n  " + "\n  ".join(problems))


def task_id_of(record: dict, path, lineno: int) -> str:
    """The task id of a split record: CrossCodeEval's metadata.task_id (or a top-level one)."""
    meta = record.get("metadata")
    task_id = meta.get("task_id") if isinstance(meta, dict) else None
    if task_id is None:
        task_id = record.get("task_id", record.get("id"))
    if task_id is None:
        raise InputError(f"{path}:{lineno}: record has no metadata.task_id")
    return str(task_id)


class AppendLog:
    """A JSONL file that several threads append to, one flushed line per record.

    Lines are whole or absent: a run killed mid-write leaves at most one torn last line,
    which :func:`read_log` skips.
    """

    def __init__(self, path: str | os.PathLike) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._handle = open(self.path, "a", encoding="utf-8")

    def append(self, row: dict) -> None:
        line = json.dumps(row, ensure_ascii=False) + "\n"
        with self._lock:
            self._handle.write(line)
            self._handle.flush()

    def close(self) -> None:
        with self._lock:
            self._handle.close()

    def __enter__(self) -> "AppendLog":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def read_log(path: str | os.PathLike) -> list[dict]:
    """Every complete JSON line of an :class:`AppendLog` file (torn lines skipped)."""
    if not Path(path).exists():
        return []
    rows = []
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            try:
                row = json.loads(line)
            except json.JSONDecodeError:
                continue
            if isinstance(row, dict):
                rows.append(row)
    return rows
