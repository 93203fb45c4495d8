"""Prompt token counts through TokenCounter.prefix_counter equal encoding each prompt again.

A prompt is its file up to the cursor; counting every prompt from scratch cost the square of a
long file's length. The shortcut must give exactly the same numbers (they are in the dataset)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from crossfile_datasets.core.tokenizer import load_tokenizer

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(scope="module")
def tok():
    return load_tokenizer()


@pytest.mark.slow
def test_every_prefix_of_sample_files_counts_like_encoding_it(tok):
    files = sorted(p for p in EXAMPLES.rglob("*") if p.suffix in (".py", ".java", ".ts", ".cs"))[:12]
    assert files
    for path in files:
        text = path.read_text(encoding="utf-8")
        count = tok.prefix_counter(text)
        for c in range(len(text) + 1):
            assert count(c) == tok.count(text[:c]), (path, c)


@pytest.mark.slow
def test_random_text_with_digits_spaces_unicode_and_contractions(tok):
    rng = random.Random(7)
    alphabet = list("ab Z\t\n\r0123456789.,;:'\"()_-é中😀\u00a0") + ["'s", "'ll", " 12", "\n\n", "    ", "  x"]
    for _ in range(200):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 80)))
        count = tok.prefix_counter(text)
        assert [count(c) for c in range(len(text) + 1)] == [tok.count(text[:c]) for c in range(len(text) + 1)], text


def test_a_text_holding_a_special_token_counts_like_encoding_it(tok):
    text = "x = '<fim_prefix>' + y\nz = 1\n"  # a prefix can cut the special token in two
    count = tok.prefix_counter(text)
    assert [count(c) for c in range(len(text) + 1)] == [tok.count(text[:c]) for c in range(len(text) + 1)]


def test_random_text_around_special_tokens_counts_like_encoding_it(tok):
    # red team 3 row 10: the text is cut at the special tokens' matches and each piece keeps the
    # shortcut; every prefix (cuts inside a match included) still counts as encoding it
    specials = ["<|endoftext|>", "<fim_prefix>", "<fim_middle>", "<fim_suffix>", "<filename>", "<gh_stars>"]
    rng = random.Random(10)
    alphabet = list("ab Z\t\n0123456789.,'\"()_-é中😀<|>") + ["'s", "  x", "endoftext", "<fim_"] + specials
    for _ in range(150):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 60)))
        count = tok.prefix_counter(text)
        assert [count(c) for c in range(len(text) + 2)] == [tok.count(text[:c]) for c in range(len(text) + 2)], text
