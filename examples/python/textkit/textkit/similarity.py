"""Measuring how alike two strings are, and finding the closest candidate."""

from typing import Iterable, Optional

from .normalize import normalize
from .tokens import words


def levenshtein(a: str, b: str) -> int:
    """Return the edit distance between two strings (insertions, deletions, substitutions).

    Uses two rows of the dynamic-programming table, so memory grows with the shorter string.
    """
    if len(a) < len(b):
        a, b = b, a
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1]


def similarity_ratio(a: str, b: str) -> float:
    """Similarity of two strings in [0, 1] from their edit distance after normalization.

    Case, accents and extra whitespace do not count; two empty strings are identical (1.0).
    """
    left, right = normalize(a), normalize(b)
    longest = max(len(left), len(right))
    if longest == 0:
        return 1.0
    return round(1 - levenshtein(left, right) / longest, 3)


def jaccard(a: str, b: str) -> float:
    """Jaccard similarity of the word sets of two texts, rounded to 3 decimals."""
    left, right = set(words(a)), set(words(b))
    union = left | right
    if not union:
        return 1.0
    return round(len(left & right) / len(union), 3)


def closest_match(word: str, candidates: Iterable[str], cutoff: float = 0.6) -> Optional[str]:
    """Return the candidate most similar to ``word``, or None when none reaches ``cutoff``.

    Ties keep the earliest candidate, so the result does not depend on dictionary order.
    """
    best, best_score = None, cutoff
    for candidate in candidates:
        score = similarity_ratio(word, candidate)
        if score > best_score or (best is None and score >= cutoff):
            best, best_score = candidate, score
    return best
