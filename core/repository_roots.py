"""Where each repository of a built split lives on this machine, kept out of the records.

Executable problems and class tasks are judged by running tests in a copy of their repository,
so the evaluators need that folder. Records are published (JSONL, Arrow, the Hub) and must not
name a folder of the build machine (issue 31: a site-packages path was pushed with every
record). The builder therefore keeps the folder only in memory (``repository_root``) and writes
``repositories.json`` beside the split's files: a local index, never part of a dataset or a
push. The evaluators find it again from the split file they are given, or take ``--repos``.

A split read back is *input* (a published one is anyone's text): a record never chooses the host
folder it runs in. Its repository name is joined to ``--repos`` only when it stays inside it
(:func:`repository_folder`: relative, no ``..``), and a ``repository_root`` a record carries
itself (records of builds before issue 31 had one) is dropped when the split is read
(:func:`attach_roots`): the folder comes from ``--repos`` or from the index beside the split.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from pathlib import PurePosixPath
from typing import Iterable

from crossfile_datasets.core.repofiles import read_inside

ROOTS_FILE = "repositories.json"
ROOT_KEY = "repository_root"  # in memory only: never written to a published record
IGNORED_ROOT_KEY = "repository_root_ignored"  # in memory: a record's own ROOT_KEY, dropped when read


# the reasons (stage ``split_records``, declared in core/reasons.py) a split's record is refused for
NAME_ESCAPES = "repository_name_escapes"
OWN_ROOT_IGNORED = "own_root_ignored"
FILE_ESCAPES = "file_escapes"
INDEX_ROOT_UNVERIFIED = "index_root_unverified"
REQUIREMENT_REFUSED = "requirement_refused"  # evaluation/executable.check_record_requirements
FIELD_TYPE = "field_type"  # evaluation/classlevel.field_refusal: a field the evaluation computes with
ROOTS_FILE_MAX_BYTES = 4 * 1024**2  # an index of thousands of repositories is well under this


class RecordRefused(ValueError):
    """A split's record names a host path outside the folder it may use; ``key`` is its reason."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason

    @property
    def key(self) -> str:
        return f"split_records/{self.reason}"

    def describe(self) -> str:
        """``split_records/<reason>: <detail>``: the refused generations' ``detail``."""
        return f"{self.key}: {self}"


# the status of a generation whose split record was refused before any run (both evaluations)
TASK_REFUSED = "task_refused"


def _inside(name: object) -> tuple[str, ...] | None:
    """The components of a record's relative path that stays inside its folder (not empty, not
    absolute, no ``..`` or NUL), or None."""
    text = name if isinstance(name, str) else ""
    parts = PurePosixPath(text).parts
    if not parts or "\0" in text or text.startswith("/") or ".." in parts:
        return None
    return parts


def repository_folder(repos: str | os.PathLike, name: object) -> Path:
    """``repos / name`` for a record's repository name that stays inside ``repos`` (a name with
    ``/`` is a sub-folder); anything else is a :class:`RecordRefused` (``repository_name_escapes``)."""
    parts = _inside(name)
    if parts is None:
        raise RecordRefused(NAME_ESCAPES, f"repository name {name!r} does not name a folder inside {os.fspath(repos)}")
    return Path(repos).joinpath(*parts)


def check_record_file(path: object) -> str:
    """A record's file path (relative to its repository copy), or a :class:`RecordRefused`
    (``file_escapes``) when it is absolute, empty or climbs with ``..``. The host writes it
    through ``sandbox.hostfs`` too (no link followed); this refuses the record before any run."""
    if _inside(path) is None:
        raise RecordRefused(FILE_ESCAPES, f"file {path!r} is not a path inside the repository")
    return str(path)


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
    not an index this builder wrote.

    The index is input too: whoever hands over a split can put one beside it. It is read as a
    regular file of at most ``ROOTS_FILE_MAX_BYTES``, never through a link (a FIFO cannot block,
    ``/dev/zero`` cannot fill memory), and only absolute folders are kept; what a folder it names
    may be used for is bounded by :func:`check_index_root`."""
    try:
        raw = read_inside(Path(split_path).parent, ROOTS_FILE, ROOTS_FILE_MAX_BYTES + 1)
        data = json.loads(raw) if len(raw) <= ROOTS_FILE_MAX_BYTES else None
    except (OSError, ValueError, RecursionError):
        return {}
    roots = data.get("roots") if isinstance(data, dict) else None
    if not isinstance(roots, dict):
        return {}
    return {str(k): v for k, v in roots.items() if isinstance(v, str) and os.path.isabs(v) and "\0" not in v}


def check_index_root(record: dict) -> None:
    """Refuse (:class:`RecordRefused`, ``index_root_unverified``) a record whose folder comes
    from the index beside its split (no ``--repos``) unless it carries both hashes the build
    records, ``snapshot_sha256`` and ``tree_sha256``: the evaluators then run it only in a folder
    whose whole tree (``.env`` and dot-folders included) hashes to what the split says
    (``check_snapshots``), so a shipped index can only name a folder whose every byte the split's
    author already knew: it cannot bring a user's other folder (and its secrets) into a run."""
    if record.get(ROOT_KEY) and not (record.get("snapshot_sha256") and record.get("tree_sha256")):
        raise RecordRefused(INDEX_ROOT_UNVERIFIED,
                            f"the folder of repository {record.get('repository') or record.get('project')!r} comes from "
                            f"the {ROOTS_FILE} beside the split, and the record has no snapshot_sha256 and tree_sha256 "
                            f"to check it against: pass --repos")


def attach_roots(records: Iterable[dict], split_path: str | os.PathLike, name_key: str = "repository") -> int:
    """Give each record the folder the index beside ``split_path`` names for its repository (in
    memory), and only that: a ``repository_root`` the record carries itself is dropped (a split
    read from a file does not choose the host folder it runs in; records of builds before issue
    31 are evaluated with ``--repos``) and kept aside under ``IGNORED_ROOT_KEY`` for the error
    that says so. Returns how many records carried one of their own."""
    roots = read_roots(split_path)
    dropped = 0
    for record in records:
        own = record.pop(ROOT_KEY, None)
        if own is not None:
            record[IGNORED_ROOT_KEY] = own
            dropped += 1
        root = roots.get(str(record.get(name_key, "")))
        if root:
            record[ROOT_KEY] = root
    return dropped


def rootless_hint(records: Iterable[dict]) -> str:
    """What the error for records without a folder adds when some carried their own."""
    own = list({id(r): r[IGNORED_ROOT_KEY] for r in records if r.get(IGNORED_ROOT_KEY) and not r.get(ROOT_KEY)}.values())
    if not own:
        return ""
    return (f"; {len(own)} of them carry their own '{ROOT_KEY}' (builds before issue 31), which is not trusted "
            f"(split_records/{OWN_ROOT_IGNORED}: a split's record does not choose the host folder it runs in): "
            f"pass --repos with the folder holding one folder per repository (e.g. {str(own[0])!r}'s parent)")
