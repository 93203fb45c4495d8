"""URL slugs."""

from typing import Iterable, Optional

from .normalize import normalize
from .patterns import DEFAULT_SEPARATOR, NON_ALNUM_RE


def slugify(text: str, separator: str = DEFAULT_SEPARATOR, max_length: Optional[int] = None) -> str:
    """Turn a title into a URL slug: ASCII lower case words joined by ``separator``.

    Accents are removed, every other character that is not a letter or digit separates
    words. With ``max_length`` the slug is cut at a word boundary so it never ends with
    the separator.

    >>> slugify("Crème Brûlée: the recipe!")
    'creme-brulee-the-recipe'
    """
    words = [w for w in NON_ALNUM_RE.split(normalize(text)) if w]
    slug = separator.join(words)
    if max_length is not None and len(slug) > max_length:
        cut = slug[: max_length + 1]
        slug = cut.rsplit(separator, 1)[0] if separator in cut else slug[:max_length]
    return slug


def unique_slug(text: str, existing: Iterable[str], separator: str = DEFAULT_SEPARATOR) -> str:
    """Slugify ``text`` and add the smallest numeric suffix that makes it new.

    "Hello" with existing {"hello", "hello-2"} gives "hello-3".
    """
    taken = set(existing)
    base = slugify(text, separator) or "item"
    if base not in taken:
        return base
    counter = 2
    while f"{base}{separator}{counter}" in taken:
        counter += 1
    return f"{base}{separator}{counter}"
