"""Counting words and estimating how hard a text is to read."""

import math
from collections import Counter

from .patterns import STOPWORDS
from .tokens import count_syllables, sentences, words


def word_frequencies(text: str, *, ignore_stopwords: bool = True) -> dict[str, int]:
    """Count how often each word occurs, most frequent first (ties in first-seen order).

    Stopwords ("the", "and", ...) are left out unless ``ignore_stopwords`` is false.
    """
    tokens = words(text)
    if ignore_stopwords:
        tokens = [t for t in tokens if t not in STOPWORDS]
    counts = Counter(tokens)
    return dict(counts.most_common())


def top_words(text: str, n: int = 5) -> list[str]:
    """Return the ``n`` most frequent non-stopword words of a text."""
    frequencies = word_frequencies(text)
    ranked = list(frequencies)
    return ranked[:n]


def lexical_diversity(text: str) -> float:
    """Share of distinct words among all words (type/token ratio), rounded to 3 decimals.

    An empty text has a diversity of 0.0.
    """
    tokens = words(text)
    if not tokens:
        return 0.0
    return round(len(set(tokens)) / len(tokens), 3)


def flesch_reading_ease(text: str) -> float:
    """Compute the Flesch reading-ease score of an English text (higher = easier).

    206.835 - 1.015 * (words / sentences) - 84.6 * (syllables / words), rounded to one
    decimal; a text without words scores 0.0.
    """
    tokens = words(text)
    if not tokens:
        return 0.0
    sentence_count = max(1, len(sentences(text)))
    syllables = sum(count_syllables(t) for t in tokens)
    score = 206.835 - 1.015 * (len(tokens) / sentence_count) - 84.6 * (syllables / len(tokens))
    return round(score, 1)


def reading_time(text: str, words_per_minute: int = 200) -> int:
    """Estimate the whole minutes needed to read a text (at least one for any non-empty text)."""
    if words_per_minute <= 0:
        raise ValueError("words_per_minute must be positive")
    count = len(words(text))
    return 0 if count == 0 else max(1, math.ceil(count / words_per_minute))


def vocabulary(text: str) -> list[str]:
    """Return the distinct non-stopword words of a text."""
    tokens = [t for t in words(text) if t not in STOPWORDS]
    distinct = set(tokens)
    return list(distinct)
