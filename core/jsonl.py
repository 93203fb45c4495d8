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
from crossfile_datasets.core.untrusted_json import loads_untrusted, without_lone_surrogates  # noqa: F401 (re-exported)


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
            yield lineno, obj


def _dumps(value: Any, **options) -> str:
    """``json.dumps(value, ensure_ascii=False)`` that UTF-8 can always encode: a lone surrogate
    (in a string that did not come through :func:`loads_untrusted`) is written as U+FFFD, never an
    ``UnicodeEncodeError`` once the work is done (red team 2026-11-30 row 4). With
    ``ensure_ascii=False`` json writes a surrogate as it is, inside a string: replaced there."""
    text = json.dumps(value, ensure_ascii=False, **options)
    return _SURROGATE.sub("\ufffd", text) if _SURROGATE.search(text) else text


def encodable(value: Any) -> Any:
    """``value`` itself, or, when one of its strings holds a lone surrogate, the value as its JSON
    reads back with each one as U+FFFD: what a signed row must be before it is signed (its MAC
    is checked on the row read back)."""
    text = json.dumps(value, ensure_ascii=False)
    return json.loads(_SURROGATE.sub("\ufffd", text)) if _SURROGATE.search(text) else value


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
            handle.write(_dumps(row) + "\n")
            count += 1

    atomic_write(path, write)
    return count


def write_json(path: str | os.PathLike, data: Any) -> None:
    """``data`` as indented JSON, written like :func:`write_jsonl` (never through a link)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(path, _dumps(data, indent=2) + "\n")


def read_jsonl(path: Path) -> list[dict]:
    if not path.exists():
        return []
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]
