"""JSON Lines reading and writing that never crashes on a bad line without saying where."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any, Iterable, Iterator

from crossfile_datasets.core import constants as C
from crossfile_datasets.core.atomic import atomic_write, atomic_write_text
from crossfile_datasets.core.text import NotRegularFile, open_regular
from crossfile_datasets.core.untrusted_json import loads_untrusted


class InputError(ValueError):
    """A split or prediction file that cannot be scored as given (message says why)."""


def iter_jsonl(path: str | os.PathLike, max_line_bytes: int = C.JSONL_LINE_MAX_BYTES) -> Iterator[tuple[int, dict]]:
    """(line number, object) for each non-blank line; a malformed line is an InputError.

    The path must name a regular file (a link to one is followed): a FIFO, a device
    (``/dev/zero``), a socket is refused before any read, opened non-blocking and checked with
    ``fstat`` (``core/text.open_regular``), and a line over ``max_line_bytes`` is refused with its
    number, never read whole (red team 9 row 4: a submitted predictions path naming ``/dev/zero``
    took memory until ``MemoryError``, a FIFO blocked the evaluator). A line that is not UTF-8
    is refused with its number too.

    JSON may escape a lone UTF-16 surrogate (``"\\ud800"``: valid JSON, not a character); such a
    string cannot be written, encoded or parsed as code, and a model's generation holding one
    crashed the evaluation. Each lone surrogate becomes U+FFFD, as undecodable bytes do
    elsewhere (``core/text.py``): the generation is then scored (and fails) like any other."""
    try:
        fd = open_regular(path)
    except NotRegularFile as exc:
        raise InputError(f"{path}: {exc}: a split or predictions file must be a regular file") from None
    with os.fdopen(fd, "rb") as handle:
        lineno = 0
        while True:
            raw = handle.readline(max_line_bytes + 1)
            if not raw:
                return
            lineno += 1
            if len(raw) > max_line_bytes:
                raise InputError(f"{path}:{lineno}: line over {max_line_bytes} bytes (JSONL_LINE_MAX_BYTES): refused")
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise InputError(f"{path}:{lineno}: not UTF-8 (byte {exc.start})") from None
            if not line.strip():
                continue
            try:
                obj = loads_untrusted(line)
            except json.JSONDecodeError as exc:
                raise InputError(f"{path}:{lineno}: not valid JSON ({exc.msg})") from None
            except ValueError as exc:  # NumberTooLong, or a conversion the interpreter refuses
                raise InputError(f"{path}:{lineno}: not readable JSON ({exc})") from None
            except RecursionError:
                raise InputError(f"{path}:{lineno}: not valid JSON (nested too deeply)") from None
            if not isinstance(obj, dict):
                raise InputError(f"{path}:{lineno}: expected a JSON object, got {type(obj).__name__}")
            if _LONE_SURROGATE_ESCAPE.search(line):
                obj = without_lone_surrogates(obj)
            yield lineno, obj


# a \uD800-\uDFFF escape (a pair is two escapes; json joins pairs, leaves lone ones)
_LONE_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def without_lone_surrogates(value: Any) -> Any:
    """``value`` with every lone surrogate in its strings (keys included) replaced by U+FFFD."""
    if isinstance(value, str):
        return _SURROGATE.sub("\ufffd", value)
    if isinstance(value, list):
        return [without_lone_surrogates(v) for v in value]
    if isinstance(value, dict):
        return {without_lone_surrogates(k): without_lone_surrogates(v) for k, v in value.items()}
    return value


_SURROGATE = re.compile("[\ud800-\udfff]")


def write_jsonl(path: str | os.PathLike, rows: Iterable[dict]) -> int:
    """Write ``rows`` with :func:`core.atomic.atomic_write`: a new file renamed over ``path``, so
    a link standing at ``path`` (one a submission planted beside its predictions: red team 9,
    row 1) is replaced, never written through."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    count = 0

    def write(handle) -> None:
        nonlocal count
        for row in rows:
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")
            count += 1

    atomic_write(path, write)
    return count


def write_json(path: str | os.PathLike, data: Any) -> None:
    """``data`` as indented JSON, written like :func:`write_jsonl` (never through a link)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(path, json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def read_jsonl(path: Path) -> list[dict]:
    if not path.exists():
        return []
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]
