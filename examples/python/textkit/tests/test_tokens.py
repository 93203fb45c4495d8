import pytest

from textkit.tokens import count_syllables, ngrams, sentences, words


def test_words_keeps_inner_apostrophes():
    assert words("It's 5 o'clock, Bob!") == ["it's", "5", "o'clock", "bob"]
    assert words("Mixed Case", lower=False) == ["Mixed", "Case"]


def test_sentences(sample_text):
    found = sentences(sample_text)
    assert found[0] == "The quick brown fox jumps over the lazy dog."
    assert len(found) == 4
    assert sentences("   ") == []


def test_ngrams():
    assert ngrams(["a", "b", "c"], 2) == [("a", "b"), ("b", "c")]
    assert ngrams(["a"], 3) == []
    with pytest.raises(ValueError):
        ngrams(["a"], 0)


@pytest.mark.parametrize("word, expected", [("cat", 1), ("table", 2), ("readability", 5), ("make", 1), ("the", 1)])
def test_count_syllables(word, expected):
    assert count_syllables(word) == expected
