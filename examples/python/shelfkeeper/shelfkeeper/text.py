"""Text helpers for titles and names."""
import re

STOP_WORDS = frozenset({"a", "an", "and", "of", "the", "to", "in", "on"})
_WORD = re.compile(r"[a-z0-9]+")


def tokenize(text):
    """Lower-case words of a text without stop words, in order."""
    return [w for w in _WORD.findall(text.lower()) if w not in STOP_WORDS]


def title_case(text):
    """Capitalize every word but the stop words (the first word always)."""
    words = text.split()
    out = []
    for i, word in enumerate(words):
        lower = word.lower()
        out.append(lower if i and lower in STOP_WORDS else lower[:1].upper() + lower[1:])
    return " ".join(out)


def initials(name):
    """Upper-case initials of a person's name ("Ada King Lovelace" -> "AKL")."""
    return "".join(part[0].upper() for part in name.split() if part)
