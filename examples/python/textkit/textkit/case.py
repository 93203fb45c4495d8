"""Converting identifiers and phrases between naming conventions."""

from .patterns import CAMEL_BOUNDARY_RE, SEPARATORS_RE, SMALL_WORDS
from .validation import ensure_text, is_identifier_like


def split_words(text: str) -> list[str]:
    """Split an identifier or phrase into its words.

    Separators (spaces, underscores, dashes, dots, slashes) and camel-case boundaries both
    start a new word; acronyms stay together: "parseHTTPResponse" -> ["parse", "HTTP", "Response"].
    """
    text = ensure_text(text)
    words = []
    for chunk in SEPARATORS_RE.split(text):
        if chunk:
            words.extend(part for part in CAMEL_BOUNDARY_RE.split(chunk) if part)
    return words


def to_snake_case(text: str) -> str:
    """Convert an identifier or phrase to snake_case ("parseHTTPResponse" -> "parse_http_response")."""
    words = split_words(text)
    lowered = [w.lower() for w in words]
    return "_".join(lowered)


def to_kebab_case(text: str) -> str:
    """Convert an identifier or phrase to kebab-case ("Hello World" -> "hello-world")."""
    words = split_words(text)
    return "-".join(w.lower() for w in words)


def to_camel_case(text: str, *, upper_first: bool = False) -> str:
    """Convert an identifier or phrase to camelCase, or PascalCase with ``upper_first=True``.

    Acronyms are capitalized like ordinary words: "http response" -> "httpResponse".
    """
    words = [w.lower() for w in split_words(text)]
    if not words:
        return ""
    head = words[0].capitalize() if upper_first else words[0]
    return head + "".join(w.capitalize() for w in words[1:])


def to_title_case(text: str) -> str:
    """Capitalize a title the way English headlines do.

    Small words ("a", "of", "the", ...) stay lower case unless they are the first or the
    last word; words that are already all upper case (acronyms) are kept.
    """
    text = ensure_text(text)
    words = text.split()
    out = []
    for i, word in enumerate(words):
        if word.isupper() and len(word) > 1:
            out.append(word)
        elif 0 < i < len(words) - 1 and word.lower() in SMALL_WORDS:
            out.append(word.lower())
        else:
            out.append(word[:1].upper() + word[1:].lower())
    return " ".join(out)


def to_constant_name(text: str) -> str:
    """Convert a phrase to an UPPER_SNAKE_CASE constant name, prefixing "_" before a digit.

    Raises ValueError when nothing identifier-like is left.
    """
    name = to_snake_case(text).upper()
    if name[:1].isdigit():
        name = "_" + name
    if not is_identifier_like(name):
        raise ValueError(f"cannot make a constant name from {text!r}")
    return name
