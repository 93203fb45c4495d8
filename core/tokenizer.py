"""StarCoder token counts, offline by default.

The StarCoder tokenizer ships with the package (``core/data/starcoder``, with its
provenance note) because the Hub copy is gated and unreachable from many build machines; the
same file gives identical counts everywhere. Any other ``tokenizer.json`` path, or a Hub id
(loaded with ``tokenizers.Tokenizer.from_pretrained`` when the Hub is reachable), can be used
instead via ``--tokenizer``.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

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
