"""StarCoder token counts, offline by default.

The StarCoder tokenizer ships with the package (``core/data/starcoder``, with its
provenance note) because the Hub copy is gated and unreachable from many build machines; the
same file gives identical counts everywhere. Any other ``tokenizer.json`` path, or a Hub id
(loaded with ``tokenizers.Tokenizer.from_pretrained`` when the Hub is reachable), can be used
instead via ``--tokenizer``.
"""

from __future__ import annotations

from bisect import bisect_right
from functools import lru_cache
from itertools import accumulate
from pathlib import Path
from typing import Callable

from tokenizers import Tokenizer

BUNDLED = Path(__file__).resolve().parent / "data" / "starcoder" / "tokenizer.json"
BUNDLED_SHA256 = "42b5a37ba11199f024f2b8873e1ecba98da33166e16f700bf7cb2304b0a5583f"


class TokenCounter:
    def __init__(self, tokenizer: Tokenizer, name: str) -> None:
        self.tokenizer = tokenizer
        self.name = name

    def encode(self, text: str) -> list[int]:
        return self.tokenizer.encode(text, add_special_tokens=False).ids

    def decode(self, ids: list[int]) -> str:
        return self.tokenizer.decode(ids, skip_special_tokens=False)

    def count(self, text: str) -> int:
        return len(self.encode(text)) if text else 0

    __call__ = count

    def prefix_counter(self, text: str) -> Callable[[int], int]:
        """``f(c) == count(text[:c])`` for any ``c``, without encoding every prefix again.

        A completion prompt is the file up to the cursor, so counting each prompt from scratch
        costs the square of a long file's length (73 s of a 626-file Java repository's build).
        BPE never merges across pre-tokens, and each pre-token the regex finds depends only on
        the text up to one character past its end; so the tokens of every pre-token ending at
        least two characters before ``c`` are the same in ``text`` and in ``text[:c]``. Their
        count is summed once; only the rest (one pre-token more, as a margin) is encoded per
        call. A text holding a special token's string (``<|endoftext|>``: matched before
        pre-tokenization) is cut at those matches first (``_special_counter``).
        """
        pre_tokenizer = self.tokenizer.pre_tokenizer
        if not text or pre_tokenizer is None or self.tokenizer.normalizer is not None:
            return lambda c: self.count(text[:c])
        added = self.tokenizer.get_added_tokens_decoder()
        if any(token.content in text for token in added.values()):
            return self._special_counter(text, added)
        ends = [end for _, (_, end) in pre_tokenizer.pre_tokenize_str(text)]
        starts = [0] + ends[:-1]
        words = [text[a:b] for a, b in zip(starts, ends)]
        encoding = self.tokenizer.encode(words, is_pretokenized=True, add_special_tokens=False)
        per_word = [0] * len(words)
        for word in encoding.word_ids:
            if word is not None:
                per_word[word] += 1
        if not ends or ends[-1] != len(text) or sum(per_word) != self.count(text):
            return lambda c: self.count(text[:c])  # pieces that do not tile the text: no shortcut
        before = [0, *accumulate(per_word)]  # before[i]: tokens of the first i pre-tokens

        def count_prefix(c: int) -> int:
            stable = bisect_right(ends, c - 2) - 1  # pre-tokens 0..stable-1 are unchanged by the cut
            if stable <= 0:
                return self.count(text[:c])
            return before[stable] + self.count(text[ends[stable - 1]:c])

        return count_prefix

    def _direct_counter(self, text: str) -> Callable[[int], int]:
        return lambda c: self.count(text[:c])

    def _special_counter(self, text: str, added: dict) -> Callable[[int], int]:
        """``prefix_counter`` of a text holding added tokens' strings (red team 3 row 10: it
        encoded every prefix again, quadratic in the file). The tokenizer splits a text at its
        added tokens (leftmost, longest) before anything else, and a prefix ``text[:c]`` keeps
        every match of ``text`` that ends by ``c``: so ``count(text[:c])`` is the tokens up to the
        last such match (read off one encoding of ``text``) plus the count of the rest, a prefix
        of the piece up to the next match's last character, which holds no added token's string
        and gets the shortcut of its own counter."""
        if any(t.lstrip or t.rstrip or t.single_word for t in added.values()):
            return lambda c: self.count(text[:c])  # matches that take in blanks: no shortcut
        encoding = self.tokenizer.encode(text, add_special_tokens=False)
        match_ends, before = [0], [0]  # before[k]: tokens of text[:match_ends[k]]
        for i, (token_id, (_, end)) in enumerate(zip(encoding.ids, encoding.offsets)):
            if token_id in added:
                match_ends.append(end)
                before.append(i + 1)
        piece_ends = [end - 1 for end in match_ends[1:]] + [len(text)]
        counters: dict[int, Callable[[int], int]] = {}

        def count_prefix(c: int) -> int:
            k = bisect_right(match_ends, c) - 1
            if c - match_ends[k] <= 0:
                return before[k]
            if k not in counters:
                piece = text[match_ends[k]:piece_ends[k]]
                if any(t.content in piece for t in added.values()):  # not a leftmost match: count as is
                    counters[k] = self._direct_counter(piece)
                else:
                    counters[k] = self.prefix_counter(piece)
            return before[k] + counters[k](c - match_ends[k])

        return count_prefix


@lru_cache(maxsize=8)
def load_tokenizer(path_or_hub_id: str | None = None) -> TokenCounter:
    """The bundled StarCoder tokenizer, a ``tokenizer.json`` path, or a Hub model id."""
    if path_or_hub_id is None:
        return TokenCounter(Tokenizer.from_file(str(BUNDLED)), "bigcode/starcoder (bundled)")
    path = Path(path_or_hub_id)
    if path.is_dir():
        path = path / "tokenizer.json"
    if path.is_file():
        return TokenCounter(Tokenizer.from_file(str(path)), str(path))
    if path_or_hub_id.count("/") == 1 and not path_or_hub_id.startswith((".", "/")):
        try:
            return TokenCounter(Tokenizer.from_pretrained(path_or_hub_id), path_or_hub_id)
        except Exception as exc:  # network or auth errors from the Hub client
            raise ValueError(f"cannot load tokenizer '{path_or_hub_id}' from the Hub: {exc}") from exc
    raise ValueError(f"tokenizer not found: '{path_or_hub_id}' is neither a tokenizer.json file nor a Hub id")
