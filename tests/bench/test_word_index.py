"""The verbatim-elsewhere filter's word index gives the answers of scanning every file."""

from __future__ import annotations

import random

from crossfile_datasets.builders.completion.filters import WordIndex


def brute(texts: dict[str, str], needle: str, path: str) -> bool:
    return any(other != path and needle in text for other, text in texts.items())


def test_word_index_agrees_with_a_scan_of_every_file():
    rng = random.Random(3)
    words = ["a", "b1", "foo", "foo_bar", "Bar", "ü", "x", "get", "getX", "_", "9"]
    seps = [" ", ".", "(", ")", "\n", "; ", ", ", "->", "=", ""]
    texts = {f"f{k}.py": "".join(rng.choice(words) + rng.choice(seps) for _ in range(rng.randrange(0, 60)))
             for k in range(12)}
    index = WordIndex(texts)
    checked = 0
    for _ in range(3000):
        path = rng.choice(list(texts))
        source = texts[rng.choice(list(texts))]
        if source and rng.random() < 0.8:
            i = rng.randrange(len(source))
            needle = source[i : i + rng.randrange(1, 25)]  # cuts words anywhere
        else:
            needle = "".join(rng.choice(words) + rng.choice(seps) for _ in range(rng.randrange(0, 4)))
        assert index.contains_elsewhere(needle, path) == brute(texts, needle, path), (needle, path)
        checked += index.contains_elsewhere(needle, path)
    assert 300 < checked < 2900  # both answers were exercised


def test_a_word_split_at_the_needle_edges_is_still_found():
    texts = {"a.java": "int total = helper.computeTotal(items);", "b.java": "x"}
    index = WordIndex(texts)
    assert index.contains_elsewhere("puteTotal(it", "b.java")  # both edge words are cut
    assert index.contains_elsewhere(".computeTotal(", "b.java")
    assert not index.contains_elsewhere(".computeTotal (", "b.java")
    assert not index.contains_elsewhere("helper.computeTotal", "a.java")  # only its own file has it
    assert index.contains_elsewhere("", "b.java")  # as the scan: the empty text is everywhere
