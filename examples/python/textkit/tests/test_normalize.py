import pytest

from textkit.errors import InvalidInputError
from textkit.normalize import collapse_whitespace, normalize, normalize_quotes, strip_accents


def test_collapse_whitespace():
    assert collapse_whitespace("  a\n\t b  ") == "a b"


def test_strip_accents_keeps_letters_without_decomposition():
    assert strip_accents("café naïve") == "cafe naive"
    assert strip_accents("straße øre") == "straße øre"


def test_normalize_quotes():
    assert normalize_quotes("\u201cquoted\u201d and \u2018single\u2019") == "\"quoted\" and 'single'"


def test_normalize_combines_steps():
    assert normalize("Crème  brûlée") == "creme brulee"
    assert normalize("Crème  Brûlée", lower=False, accents=True) == "Crème Brûlée"


def test_non_text_is_rejected():
    with pytest.raises(InvalidInputError):
        collapse_whitespace(b"bytes")
