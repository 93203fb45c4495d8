"""Splitting text into words, sentences and n-grams."""

from typing import Sequence

from .normalize import collapse_whitespace
from .patterns import SENTENCE_END_RE, VOWEL_GROUP_RE, WORD_RE
from .validation import ensure_text


def words(text: str, *, lower: bool = True) -> list[str]:
    """Return the words of a text (letters, digits and inner apostrophes), lower-cased by default.

    >>> words("It's 5 o'clock, Bob!")
    ["it's", '5', "o'clock", 'bob']
    """
    text = ensure_text(text)
    found = WORD_RE.findall(text)
    return [w.lower() for w in found] if lower else found


def sentences(text: str) -> list[str]:
    """Split a text into sentences at ".", "!" or "?" followed by a capital letter or digit.

    Whitespace inside each sentence is collapsed; empty pieces are dropped.
    """
    text = collapse_whitespace(text)
    if not text:
        return []
    parts = SENTENCE_END_RE.split(text)
    return [p.strip() for p in parts if p.strip()]


def ngrams(tokens: Sequence[str], n: int) -> list[tuple[str, ...]]:
    """Return the contiguous n-grams of a token sequence, in order.

    Raises ValueError when ``n`` is smaller than one; a sequence shorter than ``n`` has none.
    """
    if n < 1:
        raise ValueError("n must be at least 1")
    count = len(tokens) - n + 1
    return [tuple(tokens[i : i + n]) for i in range(max(0, count))]


def count_syllables(word: str) -> int:
    """Estimate the number of syllables of an English word from its vowel groups.

    A silent final "e" is not counted (except in "-le" endings) and every word has at least
    one syllable. Good enough for readability scores, not for poetry.
    """
    word = ensure_text(word).lower().strip()
    groups = VOWEL_GROUP_RE.findall(word)
    count = len(groups)
    if word.endswith("e") and not word.endswith("le") and count > 1:
        count -= 1
    return max(1, count)
