"""Texts whose bytes are cheap and whose syntax trees are not: a data table of one-digit numbers
(``0,1,2,...``: two bytes per ``Constant`` node), as generated modules, ``setup.py`` files and
lookup functions hold them."""

from __future__ import annotations


def digit_rows(size: int, indent: str = "") -> str:
    """Lines of 40 one-digit numbers, comma-separated, about ``size`` bytes in all."""
    row = indent + ",".join(str(i % 10) for i in range(40)) + ",\n"
    return row * max(1, size // len(row))
