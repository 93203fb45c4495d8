"""Input checks shared by the public functions."""

from .errors import InvalidInputError


def ensure_text(value: object) -> str:
    """Return ``value`` unchanged when it is a string, raise InvalidInputError otherwise.

    Every public function calls this first so that passing bytes or None fails with one
    clear error instead of an AttributeError deep inside a regular expression.
    """
    if not isinstance(value, str):
        raise InvalidInputError(value)
    return value


def is_blank(text: str) -> bool:
    """Tell whether a string is empty or contains only whitespace characters."""
    text = ensure_text(text)
    stripped = text.strip()
    return stripped == ""


def is_identifier_like(text: str) -> bool:
    """Tell whether a string could be a Python identifier once separators become underscores.

    Leading digits and empty strings are rejected; letters, digits, spaces, dashes and
    underscores are accepted.
    """
    text = ensure_text(text)
    candidate = text.strip().replace("-", "_").replace(" ", "_")
    return bool(candidate) and candidate.isidentifier()
