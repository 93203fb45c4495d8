from textkit.similarity import closest_match, jaccard, levenshtein, similarity_ratio


def test_levenshtein():
    assert levenshtein("kitten", "sitting") == 3
    assert levenshtein("", "abc") == 3
    assert levenshtein("same", "same") == 0


def test_similarity_ratio_ignores_case_and_accents():
    assert similarity_ratio("Café", "cafe") == 1.0
    assert similarity_ratio("", "") == 1.0
    assert similarity_ratio("abcd", "abcf") == 0.75


def test_jaccard():
    assert jaccard("the cat sat", "the cat ran") == 0.5
    assert jaccard("", "") == 1.0


def test_closest_match():
    assert closest_match("appel", ["apple", "ample", "maple"]) == "apple"
    assert closest_match("zzz", ["apple", "maple"]) is None
