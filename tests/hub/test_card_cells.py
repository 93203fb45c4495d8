"""A card cell (``builders/card.py:cell``) shows controls as blanks, Unicode's bidirectional
controls included: a checkout's origin URL holding U+202E (right-to-left override) reordered
what the Repositories table displayed (red team 4, "Seen and left aside")."""

from __future__ import annotations

from crossfile_datasets.builders.card import cell, url_cell


def test_bidirectional_and_other_controls_become_blanks():
    spoofed = "https://github.com/acme/\u202egnp.exe\u202c"
    assert cell(spoofed) == "https://github.com/acme/ gnp.exe "
    assert url_cell(spoofed) == cell(spoofed)  # not a plain URL: escaped as text
    for ch in ("\u202a", "\u202b", "\u202d", "\u2066", "\u2067", "\u2068", "\u2069", "\u200e", "\u200f", "\u061c",
               "\u2028", "\u2029", "\x85", "\x00", "\n", "\x7f"):
        assert cell(f"a{ch}b") == "a b", repr(ch)
    assert cell("é ü 中文 | *x*") == "é ü 中文 \\| \\*x\\*"  # letters kept, markdown escaped as before
