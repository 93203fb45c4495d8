"""JSON written by code we do not control, read with its integers bounded.

Standard library only: the sandbox's channel (``sandbox/channel.py``) imports it, and the sandbox
package is imported by harnesses that run under interpreters without the project's dependencies
(tests/hostile/redteam5/test_epoll.py runs one as another uid)."""

from __future__ import annotations

import json
import re
from typing import Any

__all__ = ["JSON_INT_MAX_DIGITS", "NumberTooLong", "loads_untrusted", "without_lone_surrogates"]

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
    row 1).

    JSON may escape a lone UTF-16 surrogate (``"\\ud800"``: valid JSON, not a character); such a
    string cannot be written as UTF-8 nor parsed as code. Every lone surrogate of the value
    (keys included) is U+FFFD, as undecodable bytes are elsewhere: a failing test's message
    ``"bad \\ud800"`` sent over the channel stopped the evaluation when its results log wrote it
    (red team 2026-11-30 row 4); predictions had it since red team 8."""
    value = json.loads(text, parse_int=_bounded_int)
    if isinstance(text, (bytes, bytearray)):
        found = _SURROGATE_IN_BYTES.search(text) is not None
    else:
        found = _SURROGATE_IN_TEXT.search(text) is not None
    return without_lone_surrogates(value) if found else value


# a \uD800-\uDFFF escape (a pair is two escapes; json joins pairs, leaves lone ones), or a
# surrogate as it is (a str made with surrogateescape; bytes json decodes with surrogatepass)
_SURROGATE_IN_TEXT = re.compile("\\\\u[dD][89a-fA-F][0-9a-fA-F]{2}|[\ud800-\udfff]")
_SURROGATE_IN_BYTES = re.compile(rb"\\u[dD][89a-fA-F][0-9a-fA-F]{2}|\xed[\xa0-\xbf]")
_SURROGATE = re.compile("[\ud800-\udfff]")


def without_lone_surrogates(value: Any) -> Any:
    """``value`` with every lone surrogate in its strings (keys included) replaced by U+FFFD.
    Lists and dicts are mended in place, without recursion (any depth ``json`` parsed)."""
    if isinstance(value, str):
        return _SURROGATE.sub("\ufffd", value)
    stack = [value]
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            for i, item in enumerate(node):
                if isinstance(item, str):
                    node[i] = _SURROGATE.sub("\ufffd", item)
                elif isinstance(item, (list, dict)):
                    stack.append(item)
        elif isinstance(node, dict):
            items = list(node.items())
            if any(isinstance(k, str) and _SURROGATE.search(k) for k, _ in items):
                node.clear()  # the keys mended in their order (two that become one: the later wins)
                node.update((_SURROGATE.sub("\ufffd", k) if isinstance(k, str) else k, v) for k, v in items)
                items = list(node.items())
            for key, item in items:
                if isinstance(item, str):
                    node[key] = _SURROGATE.sub("\ufffd", item)
                elif isinstance(item, (list, dict)):
                    stack.append(item)
    return value
