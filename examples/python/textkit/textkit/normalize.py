"""Normalizing text before it is compared, counted or turned into identifiers."""

import unicodedata

from .patterns import WHITESPACE_RE
from .validation import ensure_text

_QUOTES = {
    "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'",
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"',
    "\u2032": "'", "\u2033": '"',
}


def collapse_whitespace(text: str) -> str:
    """Replace every run of whitespace with a single space and strip both ends.

    >>> collapse_whitespace("  a\\n\\t b  ")
    'a b'
    """
    text = ensure_text(text)
    collapsed = WHITESPACE_RE.sub(" ", text)
    return collapsed.strip()


def strip_accents(text: str) -> str:
    """Remove diacritics from letters, keeping the base characters ("café" -> "cafe").

    Characters without a decomposition (like "ß" or "ø") are kept as they are.
    """
    text = ensure_text(text)
    decomposed = unicodedata.normalize("NFKD", text)
    kept = [ch for ch in decomposed if not unicodedata.combining(ch)]
    return unicodedata.normalize("NFC", "".join(kept))


def normalize_quotes(text: str) -> str:
    """Turn typographic quotes and primes into their plain ASCII equivalents."""
    text = ensure_text(text)
    table = str.maketrans(_QUOTES)
    return text.translate(table)


def normalize(text: str, *, lower: bool = True, accents: bool = False) -> str:
    """Normalize text for comparison: plain quotes, single spaces, optional lower case.

    With ``accents=False`` (the default) diacritics are removed as well, so "Crème  brûlée"
    and "creme brulee" normalize to the same string.
    """
    text = normalize_quotes(collapse_whitespace(text))
    if not accents:
        text = strip_accents(text)
    if lower:
        text = text.casefold()
    return text
