"""Reading splits and predictions, and checking that they describe the same tasks.

A metric over a prediction file that silently skips tasks (or scores tasks that are not in
the split) is worse than no metric, so every disagreement is an error that names the task
ids involved.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import stat
import threading
from pathlib import Path
from typing import Iterable, TypeVar

from crossfile_datasets.core.jsonl import InputError, encodable
from crossfile_datasets.core.untrusted_json import loads_untrusted
from crossfile_datasets.core.text import NotRegularFile, open_regular
from crossfile_datasets.evaluation.constants import MAX_LISTED_IDS


def file_sha256(path: str | os.PathLike) -> str:
    """The SHA-256 of a regular file (a FIFO or a device is refused: ``core/text.open_regular``)."""
    digest = hashlib.sha256()
    try:
        fd = open_regular(path)
    except NotRegularFile as exc:
        raise InputError(f"{path}: {exc}: a split or predictions file must be a regular file") from None
    with os.fdopen(fd, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def listed(ids: Iterable[str]) -> str:
    """'a, b, c (+N more)' with at most MAX_LISTED_IDS ids, sorted."""
    ids = sorted(ids)
    shown = ", ".join(ids[:MAX_LISTED_IDS])
    more = len(ids) - MAX_LISTED_IDS
    return f"{shown} (+{more} more)" if more > 0 else shown


_V = TypeVar("_V")


def index_unique(items: Iterable[tuple[str, _V]], what: str, path: str | os.PathLike) -> dict[str, _V]:
    """Map id -> object; a repeated id is an InputError naming the repeats."""
    out: dict[str, _V] = {}
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


def check_generation_count(path, lineno: int, task_id: object, generations: list, max_generations: int) -> None:
    """Raise an InputError naming the task when its predictions line holds more than
    ``max_generations`` generations (``--max-generations``): refused when the predictions are
    loaded, before any row is made or logged (red team 2026-11-30 row 6)."""
    if len(generations) > max_generations:
        raise InputError(f"{path}:{lineno}: task {task_id} has {len(generations)} generations, more than "
                         f"--max-generations ({max_generations}): refused (pass@k needs k of them; raise "
                         f"--max-generations to evaluate more)")


def task_id_of(record: dict, path, lineno: int) -> str:
    """The task id of a split record: CrossCodeEval's metadata.task_id (or a top-level one)."""
    meta = record.get("metadata")
    task_id = meta.get("task_id") if isinstance(meta, dict) else None
    if task_id is None:
        task_id = record.get("task_id", record.get("id"))
    if task_id is None:
        raise InputError(f"{path}:{lineno}: record has no metadata.task_id")
    return str(task_id)


# --------------------------------------------------------------- the evaluator's own log --
# A results log is reused as verdicts by the next run (resume after a kill, reruns with new
# generations). Its rows' keys are computable from public data, so a log shipped with the
# predictions would be taken as verdicts (red team 5, row 2): every row the class and executable
# evaluations write carries an HMAC-SHA256 (``mac``) under a key only this user's evaluator
# holds (``<cache>/evaluation/results-log.key``, created 0600; the cache is one of the folders
# every sandboxed run sees empty), and only rows whose MAC holds are reused.
MAC_FIELD = "mac"
KEY_BYTES = 32


def evaluator_dir() -> Path:
    """The folder the evaluator owns: its key and its default results logs."""
    from crossfile_datasets.core.paths import default_cache_dir

    return default_cache_dir() / "evaluation"


def log_key(folder: str | os.PathLike | None = None) -> bytes:
    """This user's results-log key (created on first use, mode 0600, never followed through a
    link). A key file that is not a regular file of this user's, not private, or of the wrong
    size is an error: the evaluator does not sign with a key someone else could read."""
    path = Path(folder) if folder is not None else evaluator_dir()
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    path = path / "results-log.key"
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    except FileExistsError:
        pass
    else:
        with os.fdopen(fd, "w", encoding="ascii") as handle:
            handle.write(secrets.token_hex(KEY_BYTES) + "\n")
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    with os.fdopen(fd, "r", encoding="ascii") as handle:
        info = os.fstat(handle.fileno())
        if not stat.S_ISREG(info.st_mode) or info.st_uid != os.getuid() or info.st_mode & 0o077:
            raise InputError(f"{path}: the evaluator's results-log key must be a private regular file of this user "
                             f"(mode 0600): remove it to make a new one")
        text = handle.read(4 * KEY_BYTES).strip()
    try:
        key = bytes.fromhex(text)
    except ValueError:
        key = b""
    if len(key) != KEY_BYTES:
        raise InputError(f"{path}: not a results-log key: remove it to make a new one")
    return key


def _mac(row: dict, key: bytes) -> str:
    material = json.dumps({k: v for k, v in row.items() if k != MAC_FIELD}, sort_keys=True, ensure_ascii=False)
    return hmac.new(key, material.encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()


def signed(row: dict, key: bytes) -> dict:
    return {**row, MAC_FIELD: _mac(row, key)}


def read_signed_log(path: str | os.PathLike, key: bytes) -> tuple[list[dict], int]:
    """The rows of a results log whose MAC holds under ``key`` (without the MAC), and how many
    complete rows were refused (no MAC, a wrong one: written elsewhere or edited)."""
    rows, refused = [], 0
    for row in read_log(path):
        mac = row.get(MAC_FIELD)
        if isinstance(mac, str) and hmac.compare_digest(mac, _mac(row, key)):
            rows.append({k: v for k, v in row.items() if k != MAC_FIELD})
        else:
            refused += 1
    return rows, refused


def default_results_log(output: str | os.PathLike | None, predictions: str | os.PathLike) -> Path:
    """Where a results log goes when ``--results`` is not given: beside an ``--output`` the
    operator named, else in the evaluator's own folder (one log per predictions file), never
    beside the predictions (the submitter's folder)."""
    if output is not None:
        out = Path(output)
        return out.with_name(out.stem + ".generations.jsonl")
    digest = hashlib.sha256(str(Path(predictions).resolve()).encode("utf-8", "surrogatepass")).hexdigest()[:20]
    return evaluator_dir() / "logs" / f"{Path(predictions).stem[:60]}-{digest}.generations.jsonl"


class AppendLog:
    """A JSONL file that several threads append to, one flushed line per record (signed with
    ``key`` when given: :func:`signed`).

    Lines are whole or absent: a run killed mid-write leaves at most one torn last line,
    which :func:`read_log` skips.
    """

    def __init__(self, path: str | os.PathLike, key: bytes | None = None) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._key = key
        self._handle = os.fdopen(_open_append(self.path), "a", encoding="utf-8")

    def append(self, row: dict) -> None:
        row = encodable(row)  # a lone surrogate (U+FFFD in the line) never stops the evaluation
        line = json.dumps(signed(row, self._key) if self._key is not None else row, ensure_ascii=False) + "\n"
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


def _open_append(path: Path) -> int:
    """An append descriptor of the log at ``path``: never through a link (``O_NOFOLLOW``: a log
    beside a submission's predictions, the debug rounds' folder, may hold one: red team 9 row 1),
    a regular file only (a FIFO would block)."""
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
    try:
        fd = os.open(path, flags, 0o666)
    except OSError as exc:
        raise InputError(f"{path}: cannot write the results log there ({exc.strerror}; a link is never followed)") from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        raise InputError(f"{path}: the results log must be a regular file (mode {stat.filemode(mode)})")
    os.set_blocking(fd, True)
    return fd


def read_log(path: str | os.PathLike) -> list[dict]:
    """Every complete JSON line of an :class:`AppendLog` file (torn lines skipped); a log that is
    not a regular file (a FIFO, a device) is an :class:`InputError`."""
    if not Path(path).exists():
        return []
    rows = []
    try:
        fd = open_regular(path)
    except NotRegularFile as exc:
        raise InputError(f"{path}: {exc}: a results log must be a regular file") from None
    with os.fdopen(fd, encoding="utf-8", errors="replace") as handle:
        for line in handle:
            try:
                row = loads_untrusted(line)
            except (ValueError, RecursionError):  # torn, or not readable (a number too long): not reused
                continue
            if isinstance(row, dict):
                rows.append(row)
    return rows
