import pytest

from textkit.wrap import indent_lines, truncate, wrap_text


def test_wrap_text():
    assert wrap_text("one two three four five", width=9) == ["one two", "three", "four five"]
    assert wrap_text("averyveryverylongword here", width=5) == ["averyveryverylongword", "here"]
    with pytest.raises(ValueError):
        wrap_text("x", width=0)


def test_truncate_keeps_words_whole():
    assert truncate("The quick brown fox", 12) == "The quick..."
    assert truncate("short", 10) == "short"
    assert truncate("abcdef", 2) == ".."


def test_indent_lines():
    assert indent_lines("a\n\nb", "> ") == "> a\n\n> b"
    assert indent_lines("a\nb", "  ", skip_first=True) == "a\n  b"
