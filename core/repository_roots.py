"""Where each repository of a built split lives on this machine, kept out of the records.

Executable problems and class tasks are judged by running tests in a copy of their repository,
so the evaluators need that folder. Records are published (JSONL, Arrow, the Hub) and must not
name a folder of the build machine (issue 31: a site-packages path was pushed with every
record). The builder therefore keeps the folder only in memory (``repository_root``) and writes
``repositories.json`` beside the split's files: a local index, never part of a dataset or a
push. The evaluators find it again from the split file they are given, or take ``--repos``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Iterable

ROOTS_FILE = "repositories.json"
ROOT_KEY = "repository_root"  # in memory only: never written to a published record


def without_root(record: dict) -> dict:
    """The record as it is published: no machine path."""
    return {k: v for k, v in record.items() if k != ROOT_KEY}


def write_roots(out_dir: str | os.PathLike, records: Iterable[dict], name_key: str = "repository") -> Path:
    """Write ``<out_dir>/repositories.json`` ({repository name: absolute folder}) from the
    in-memory records (a class task of a paraphrased build points at the paraphrased copy)."""
    roots: dict[str, str] = {}
    for record in records:
        root = record.get(ROOT_KEY)
        if root:
            roots.setdefault(str(record[name_key]), str(Path(root).resolve()))
    path = Path(out_dir) / ROOTS_FILE
    tmp = path.with_name(path.name + ".partial")
    tmp.write_text(json.dumps({"note": "local index of repository folders for the evaluators; not published",
                               "roots": dict(sorted(roots.items()))}, indent=1) + "\n", encoding="utf-8")
    tmp.replace(path)
    return path


def read_roots(split_path: str | os.PathLike) -> dict[str, str]:
    """The index written beside ``split_path`` (its folder), or {} when there is none or it is
    not an index this builder wrote."""
    path = Path(split_path).parent / ROOTS_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    roots = data.get("roots") if isinstance(data, dict) else None
    if not isinstance(roots, dict):
        return {}
    return {str(k): str(v) for k, v in roots.items() if isinstance(v, str) and v}


def attach_roots(records: Iterable[dict], split_path: str | os.PathLike, name_key: str = "repository") -> None:
    """Give each record without a ``repository_root`` the folder the index beside ``split_path``
    names for its repository (in memory; records of older builds that carry one keep it)."""
    roots = read_roots(split_path)
    if not roots:
        return
    for record in records:
        if not record.get(ROOT_KEY):
            root = roots.get(str(record.get(name_key, "")))
            if root:
                record[ROOT_KEY] = root
