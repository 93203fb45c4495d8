"""Text from inputs shown on a terminal as text (red team 9, rows 2 and 3).

Strings that come from a split, a predictions file, a repository or a model endpoint (task ids,
context names, paths, error messages quoting them, a served model's name) reach the operator's
terminal through rich. rich drops CR, BEL, BS, VT and FF but passes ESC: a ``context_size`` holding
cursor-up and erase-line sequences erased a row of the verdict table and drew a forged one, an
OSC 52 sequence set the clipboard. And rich reads ``[...]`` as markup: a task id ``[/red]`` in an
error raised ``MarkupError`` (a traceback instead of the error). So every such string is shown
through :func:`plain`: a rich ``Text`` (never parsed as markup) whose control characters are
written as escapes (``\\x1b``), as the card's cells blank them (``builders/card.cell``).
"""

from __future__ import annotations

import re

from rich.text import Text

# DEL, C1 controls, the bidirectional controls and the line / paragraph separators; C0 below
_OTHER_CONTROLS = "\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069"
_SHOWN = re.compile(f"[\x00-\x1f{_OTHER_CONTROLS}]")
_SHOWN_IN_LINES = re.compile(f"[\x00-\x08\x0b-\x1f{_OTHER_CONTROLS}]")  # tab and line feed kept


def _escape(match: re.Match) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: object, *, lines: bool = False) -> str:
    """``str(text)`` with every control character written as an escape (``\\x1b``, ``\\u202e``).
    ``lines``: tabs and line feeds stay (a message of several lines)."""
    return (_SHOWN_IN_LINES if lines else _SHOWN).sub(_escape, str(text))


def plain(text: object, style: str = "", *, lines: bool = False) -> Text:
    """``text`` as a rich ``Text`` (no markup) with its controls made visible (:func:`visible`)."""
    return Text(visible(text, lines=lines), style=style)


def error_line(message: object, label: str = "error:", style: str = "red") -> Text:
    """``label message`` for an error: the label styled, the message as :func:`plain` text."""
    return Text.assemble((label, style), " ", plain(message, lines=True))
