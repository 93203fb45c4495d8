"""A card cell (``builders/card.py:cell``) shows controls as blanks, Unicode's bidirectional
controls included: a checkout's origin URL holding U+202E (right-to-left override) reordered
what the Repositories table displayed (red team 4, "Seen and left aside")."""

from __future__ import annotations

import pytest

from crossfile_datasets.builders.card import cell, url_cell


def test_bidirectional_and_other_controls_become_blanks():
    spoofed = "https://github.com/acme/\u202egnp.exe\u202c"
    assert cell(spoofed) == "https://github.com/acme/ gnp.exe "
    assert url_cell(spoofed) == cell(spoofed)  # not a plain URL: escaped as text
    for ch in ("\u202a", "\u202b", "\u202d", "\u2066", "\u2067", "\u2068", "\u2069", "\u200e", "\u200f", "\u061c",
               "\u2028", "\u2029", "\x85", "\x00", "\n", "\x7f"):
        assert cell(f"a{ch}b") == "a b", repr(ch)
    assert cell("é ü 中文 | *x*") == "é ü 中文 \\| \\*x\\*"  # letters kept, markdown escaped as before


def test_a_code_span_cannot_be_closed_by_its_text():
    """``code`` (red team 5, row 7): the fence outgrows every backtick run of the text, and a text
    starting or ending with a backtick is padded (CommonMark strips one blank each side)."""
    markdown_it = pytest.importorskip("markdown_it")

    from crossfile_datasets.builders.card import code

    md = markdown_it.MarkdownIt("commonmark").enable("table")
    for text in ("starcoder", "a`b", "``x``", "` ![i](https://t.example/p.png) `", "x\n\ny", "a|b"):
        html = md.render(f"ran with {code(text)}.")
        assert "<img" not in html and html.count("<code>") == 1, (text, html)
    row = md.render("| a | b |\n|---|---|\n| " + code("x | ![i](https://t.example/p.png)", table=True) + " | y |")
    assert "<img" not in row and "<td>y</td>" in row, row
    assert code("a`b") == "``a`b``" and code("`a") == "`` `a ``" and code("a\nb") == "`a b`"
