"""JSON written by code we do not control, read with its integers bounded.

Standard library only: the sandbox's channel (``sandbox/channel.py``) imports it, and the sandbox
package is imported by harnesses that run under interpreters without the project's dependencies
(tests/hostile/redteam5/test_epoll.py runs one as another uid)."""

from __future__ import annotations

import json
from typing import Any

__all__ = ["JSON_INT_MAX_DIGITS", "NumberTooLong", "loads_untrusted"]

# the most digits an integer of untrusted JSON may have: Python's own default limit on int/str
# conversion (sys.int_info.default_max_str_digits), fixed here whatever the process set, so
# that text a run or a submitter wrote is refused the same way on every host
JSON_INT_MAX_DIGITS = 4300


class NumberTooLong(ValueError):
    """An integer of untrusted JSON over ``JSON_INT_MAX_DIGITS`` digits."""


def _bounded_int(text: str) -> int:
    if len(text) - text.startswith("-") > JSON_INT_MAX_DIGITS:
        raise NumberTooLong(f"an integer of {len(text)} characters, over JSON_INT_MAX_DIGITS ({JSON_INT_MAX_DIGITS})")
    return int(text)


def loads_untrusted(text: str | bytes) -> Any:
    """``json.loads`` for text written by code we do not control (a sandboxed run's channel,
    capture or coverage output, a split, predictions, a results log): an integer over
    ``JSON_INT_MAX_DIGITS`` digits raises :class:`NumberTooLong`. Callers catch ``ValueError``
    (``JSONDecodeError`` is one) and ``RecursionError``, and count the line as malformed: a run
    that lifted its own interpreter's limit once sent a 5,001-digit exit status, whose
    ``ValueError`` killed the channel's reader and stopped the evaluation (red team 2026-11-29e
    row 1)."""
    return json.loads(text, parse_int=_bounded_int)
