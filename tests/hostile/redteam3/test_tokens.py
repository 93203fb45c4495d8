"""Attacks by a repository's text on the completion build's token counts: every example's prompt
(the file up to the cursor) is counted with the StarCoder tokenizer through
``TokenCounter.prefix_counter``, which sums a file's pre-tokens once so that counting all of a
file's prompts costs about one encoding of the file. It falls back to encoding every prefix again
(``count(text[:c])``, the square of the file's length: the 73 s its docstring measured on one Java
repository) when the file holds a special token's string."""

from __future__ import annotations

import pytest

from tests.hostile.redteam3.conftest import seconds

BODY = "".join(f"from pkg.m{i} import f{i}\nvalue_{i} = f{i}(value_{i - 1} if {i} else 0)\n" for i in range(150))
CUTS = 120


@pytest.mark.slow
def test_a_special_token_string_in_a_file_does_not_make_prompt_counts_quadratic():
    """Host hang (completion build: ``FilterContext.prompt_tokens`` per example, one example per
    cross-file use, before any filter drops it). The file's first line is the comment
    ``# <|endoftext|>`` (or ``<fim_prefix>``: any added token's text); the honest file differs by
    one character (``<|endoftext||>``). Measured through the real tokenizer (``core/data/
    starcoder``) as the pipeline uses it: one counter per file, one call per prompt length; a
    ratio between the two files."""
    from crossfile_datasets.core.tokenizer import load_tokenizer

    tokenizer = load_tokenizer()
    if "<|endoftext|>" not in [t.content for t in tokenizer.tokenizer.get_added_tokens_decoder().values()]:
        pytest.fail("the StarCoder tokenizer should have <|endoftext|> as an added token")

    def counts(text: str) -> list[int]:
        counter = tokenizer.prefix_counter(text)
        return [counter(len(text) * k // CUTS) for k in range(1, CUTS + 1)]

    honest, hostile = "# <|endoftext||>\n" + BODY, "# <|endoftext|>\n" + BODY
    if counts(honest)[-1] != tokenizer.count(honest):
        pytest.fail("the honest counter should agree with a whole count")
    ordinary = seconds(lambda: counts(honest), repeat=3)
    attacked = seconds(lambda: counts(hostile))
    assert attacked < 5 * max(ordinary, 0.01), f"{attacked:.2f} s against {ordinary:.3f} s for the honest file"
