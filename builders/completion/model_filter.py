"""CrossCodeEval's last construction step: drop examples a small model completes exactly
without cross-file context.

Why it exists: an example whose reference a code model can write from the current file alone
does not test cross-file understanding. CrossCodeEval completed every prompt with
starcoderbase-1B (no cross-file context, greedy) and removed exact matches (under 10 % in the
paper). Here the completion is post-processed exactly as ``evaluate-predictions completion``
does (:func:`harness.scoring.score_example`: the language's statement cut, comments
removed, code lines compared), an exact match is dropped as ``predictable_without_context``,
and every kept example records the model's name and completion in its metadata. Off unless
``--model-filter`` is given; the response cache (:mod:`harness.models`) makes reruns free.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from functools import lru_cache
from typing import Sequence

from crossfile_datasets.core import constants as C
from crossfile_datasets.harness.models import GenerationParams, ModelClient, make_client

REASON = "predictable_without_context"


@dataclass(frozen=True)
class ModelFilterSettings:
    """Which model completes the prompts, and how (all part of the build fingerprint)."""

    model: str  # a local path / Hub id, or an http(s) endpoint of an OpenAI-compatible server
    served_name: str | None = None  # the model name at that endpoint (default: the first listed)
    max_new_tokens: int = C.MODEL_FILTER_MAX_NEW_TOKENS
    prompt_tokens: int = C.MODEL_FILTER_PROMPT_TOKENS  # the prompt's last N tokens are sent

    def fingerprint(self) -> dict:
        """Everything, the endpoint's URL whole: only ever hashed into the shard key."""
        return asdict(self)

    def published(self) -> dict:
        """What stats.json and the card say (and the Hub push uploads): an endpoint is its
        scheme, host and port only, never its user-info, path or query (red team 2026-11-28e
        row 6: a gateway URL with the caller's key in its path was published whole); a local
        path or Hub id as given."""
        return {**asdict(self), "model": endpoint_origin(self.model)}


def endpoint_origin(model: str) -> str:
    """``https://user:key@host:8080/gateway/sk-.../v1?k=v`` -> ``https://host:8080``; anything that
    is not an http(s) URL unchanged."""
    from urllib.parse import urlsplit

    if not model.startswith(("http://", "https://")):
        return model
    try:
        parts = urlsplit(model)
        host = parts.hostname or ""
        port = f":{parts.port}" if parts.port else ""
    except ValueError:
        return f"{model.split(':', 1)[0]}://(endpoint)"
    if ":" in host:  # an IPv6 literal
        host = f"[{host}]"
    return f"{parts.scheme}://{host}{port}"


@lru_cache(maxsize=4)
def client_for(settings: ModelFilterSettings) -> ModelClient:
    """One client per worker process (a local model is loaded once, not per repository)."""
    if settings.model.startswith(("http://", "https://")):
        return make_client(model=settings.served_name, url=settings.model)
    return make_client(model=settings.model)


def prompt_tail(prompt: str, n_tokens: int, tokenizer) -> str:
    """The end of the prompt that fits ``n_tokens`` tokens (the part next to the cursor)."""
    from crossfile_datasets.harness.fim import keep_tail  # evaluation owns the token-boundary cut

    return keep_tail(prompt, tokenizer.encode(prompt), n_tokens, tokenizer)


def predictable(examples: Sequence, language: str, client: ModelClient, settings: ModelFilterSettings,
                tokenizer) -> list[tuple[bool, str]]:
    """For each example: (completed exactly without cross-file context, the model's completion)."""
    from crossfile_datasets.harness.scoring import score_example  # the same post-processing as evaluation

    if not examples:
        return []
    prompts = [prompt_tail(ex.prompt, settings.prompt_tokens, tokenizer) for ex in examples]
    answers = client.complete(prompts, GenerationParams(max_new_tokens=settings.max_new_tokens))
    out = []
    for ex, (completion,) in zip(examples, answers):
        record = {"prompt": ex.prompt, "groundtruth": ex.groundtruth, "metadata": {"file": ex.file}}
        out.append((score_example(record, completion, language).em == 100.0, completion))
    return out
