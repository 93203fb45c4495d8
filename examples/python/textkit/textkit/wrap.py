"""Wrapping, truncating and indenting plain text."""

from .normalize import collapse_whitespace
from .patterns import ELLIPSIS
from .validation import ensure_text


def wrap_text(text: str, width: int = 72) -> list[str]:
    """Break a paragraph into lines of at most ``width`` characters at word boundaries.

    Words longer than ``width`` get a line of their own rather than being split.
    """
    if width < 1:
        raise ValueError("width must be positive")
    lines: list[str] = []
    current = ""
    for word in collapse_whitespace(text).split(" "):
        if not word:
            continue
        if current and len(current) + 1 + len(word) > width:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}" if current else word
    if current:
        lines.append(current)
    return lines


def truncate(text: str, length: int, suffix: str = ELLIPSIS) -> str:
    """Shorten text to at most ``length`` characters, ending with ``suffix`` when cut.

    The cut happens at the last space when there is one in the kept part, so words stay whole.
    """
    text = ensure_text(text)
    if len(text) <= length:
        return text
    room = length - len(suffix)
    if room <= 0:
        return suffix[:length]
    kept = text[:room]
    if " " in kept and text[room] != " ":  # the cut falls inside a word: drop that word
        kept = kept.rsplit(" ", 1)[0]
    return kept.rstrip() + suffix


def indent_lines(text: str, prefix: str = "    ", *, skip_first: bool = False) -> str:
    """Prefix every non-empty line of ``text``; blank lines stay empty.

    With ``skip_first`` the first line is left alone (for continuing a hanging indent).
    """
    lines = ensure_text(text).split("\n")
    out = []
    for i, line in enumerate(lines):
        if not line.strip() or (skip_first and i == 0):
            out.append(line if line.strip() else "")
        else:
            out.append(prefix + line)
    return "\n".join(out)
