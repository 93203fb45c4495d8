"""Dense retrieval: embed the query and the chunks with a user-given encoder, rank by cosine.

Why it exists: CrossCodeEval compares sparse retrieval (BM25, Jaccard) with a dense one
(UniXcoder embeddings); researchers reuse our data to compare their own encoders. The model
is whatever the user names (``--dense-model``: a local folder or a Hub id of a
``transformers`` encoder, e.g. ``microsoft/unixcoder-base``); nothing is bundled and no
weights are fetched implicitly. Embeddings are the attention-masked mean of the last hidden
states, L2-normalized (UniXcoder's own recipe), computed in batches on the CPU and cached per
text, since the same chunks come back for every example of a repository. Needs the
``models`` extra (torch, transformers).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Sequence

from crossfile_datasets.core import constants as C
from crossfile_datasets.harness.models import load_local


class DenseEncoder:
    """One encoder per process (see :func:`encoder_for`)."""

    def __init__(self, model: str, max_tokens: int = C.DENSE_MAX_TOKENS, batch_size: int = 32) -> None:
        self.name = model
        self.max_tokens = max_tokens
        self.batch_size = batch_size
        self.tokenizer, self.model = load_local(model, "AutoModel", "dense retrieval")
        self._cache: dict = {}  # text -> 1-D tensor

    def encode(self, texts: Sequence[str]) -> list:
        """Unit-length embeddings of ``texts`` (cached per text)."""
        import torch

        missing = list(dict.fromkeys(t for t in texts if t not in self._cache))
        for start in range(0, len(missing), self.batch_size):
            batch = missing[start : start + self.batch_size]
            enc = self.tokenizer(batch, padding=True, truncation=True, max_length=self.max_tokens, return_tensors="pt")
            with torch.no_grad():
                hidden = self.model(**enc).last_hidden_state
            mask = enc["attention_mask"].unsqueeze(-1).to(hidden.dtype)
            pooled = (hidden * mask).sum(1) / mask.sum(1).clamp(min=1.0)
            pooled = torch.nn.functional.normalize(pooled, dim=-1)
            for text, vector in zip(batch, pooled):
                self._cache[text] = vector
        return [self._cache[t] for t in texts]

    def rank(self, query: str, texts: Sequence[str]) -> list[tuple[int, float]]:
        """``(position, cosine)`` of every text, best first; ties keep the given order."""
        import torch

        if not texts:
            return []
        q = self.encode([query])[0]
        scores = (torch.stack(self.encode(list(texts))) @ q).tolist()
        order = sorted(range(len(texts)), key=lambda i: -scores[i])  # stable
        return [(i, float(scores[i])) for i in order]


@lru_cache(maxsize=2)
def encoder_for(model: str) -> DenseEncoder:
    """The encoder of ``model``, loaded once per worker process."""
    return DenseEncoder(model)
