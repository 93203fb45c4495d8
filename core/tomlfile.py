"""The one reader of a repository's TOML files (``pyproject.toml`` and the like).

Why it exists: ``tomllib.loads`` is recursive in Python, so an array nested 3,000 deep (6 kB,
valid up to its nesting) raises ``RecursionError``, and a file of that kind is the repository's
to write. Each host-side reader caught only ``TOMLDecodeError`` (and ``ValueError``): the
listing of Python sources lost the whole repository (``repositories/unreadable_tree``) and,
before the per-repository guard, every repository of the build (red team 2026-11-28e row 8).
Here every way the parser can fail is one :class:`TomlUnreadable`; the caller that lists a
repository's sources (``lang/sources.packaging_dirs``, every split) counts the file once,
``files/toml_unreadable``, the other readers of the same file read it as empty.
"""

from __future__ import annotations

import tomllib

REASON = "toml_unreadable"  # files/toml_unreadable


class TomlUnreadable(ValueError):
    """The text is not TOML this reader can hold: invalid, or nested too deep / too large."""


def loads(text: str) -> dict:
    """``tomllib.loads(text)``, every failure a :class:`TomlUnreadable` with the reason."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise TomlUnreadable(f"not valid TOML: {str(exc)[:200]}") from None
    except RecursionError:
        raise TomlUnreadable("nested deeper than the reader's recursion limit") from None
    except MemoryError:
        raise TomlUnreadable("too large for the reader's memory") from None
    except (ValueError, TypeError, UnicodeError) as exc:
        raise TomlUnreadable(f"{type(exc).__name__}: {str(exc)[:200]}") from None


def loads_or_empty(text: str | None) -> dict:
    """The TOML table of ``text``, or ``{}`` when there is none or it cannot be read (a reader
    whose repository's listing already counted the file: :data:`REASON`)."""
    if not text:
        return {}
    try:
        return loads(text)
    except TomlUnreadable:
        return {}
