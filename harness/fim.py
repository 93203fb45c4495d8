"""Fill-in-the-middle prompts for the completion split, cut to a token budget.

Layout (prefix-suffix-middle, StarCoder's sentinels by default)::

    <fim_prefix>{cross-file context}{prompt}<fim_suffix>{right context}<fim_middle>

The cross-file context (already rendered as comments and cut by the builder) sits before the
code, as in CrossCodeEval's prompts. When the whole does not fit the budget, the context is
kept up to a share of the budget (``FIM_CONTEXT_SHARE``, right-truncated beyond it; its
unused share goes to the code, as CrossCodeEval gives the prompt whatever the retrieved
context leaves), the right context gets at most a
fixed share of what remains (``FIM_SUFFIX_SHARE``, the prefix may take any share the suffix
does not use and vice versa), the prompt is left-truncated (its end, next to the cursor,
survives) and the right context right-truncated (its start survives). Cuts are made on
token boundaries; a cut that splits a multi-byte character drops the partial character.
The budget covers the prompt only: leave room for the generated tokens when choosing it.
"""

from __future__ import annotations

from dataclasses import dataclass

# --- fill-in-the-middle prompts ----------------------------------------------------------
# StarCoder's FIM sentinels (Allal et al. 2023, "SantaCoder"; token ids 1, 3, 2 in the
# StarCoder vocabulary, see core/data/starcoder/PROVENANCE.md).
FIM_PREFIX = "<fim_prefix>"
FIM_SUFFIX = "<fim_suffix>"
FIM_MIDDLE = "<fim_middle>"
FIM_SUFFIX_SHARE = 0.25  # share of the code budget the right context may use at most (ours)
# Largest share of the budget for the cross-file context: CrossCodeEval gives it 512 of 2048
# tokens by default and the builder already cuts it to 512 (CONTEXT_TOKEN_BUDGET); the share
# only matters for budgets small enough that 512 tokens would crowd out the code (ours).
FIM_CONTEXT_SHARE = 0.5


@dataclass(frozen=True)
class FimFormat:
    prefix: str = FIM_PREFIX
    suffix: str = FIM_SUFFIX
    middle: str = FIM_MIDDLE

    def render(self, context: str, prefix: str, suffix: str) -> str:
        return f"{self.prefix}{context}{prefix}{self.suffix}{suffix}{self.middle}"


def load_tokenizer(path_or_hub_id: str | None = None):
    """The project's tokenizer adapter (``.count``, ``.encode``, ``.decode``)."""
    from crossfile_datasets.core.tokenizer import load_tokenizer as load

    return load(path_or_hub_id)


def keep_tail(text: str, ids: list[int], n: int, tokenizer) -> str:
    """The end of ``text`` made of its last ``n`` tokens."""
    if n >= len(ids):
        return text
    if n <= 0:
        return ""
    piece = tokenizer.decode(ids[-n:]).lstrip("\ufffd")
    return piece if text.endswith(piece) else text[len(text) - len(piece) :]


def keep_head(text: str, ids: list[int], n: int, tokenizer) -> str:
    """The start of ``text`` made of its first ``n`` tokens."""
    if n >= len(ids):
        return text
    if n <= 0:
        return ""
    piece = tokenizer.decode(ids[:n]).rstrip("\ufffd")
    return piece if text.startswith(piece) else text[: len(piece)]


def render_fim(
    example: dict,
    tokenizer,
    budget: int,
    fmt: FimFormat = FimFormat(),
    *,
    with_context: bool = True,
    suffix_share: float = FIM_SUFFIX_SHARE,
    context_share: float = FIM_CONTEXT_SHARE,
) -> dict:
    """One FIM prompt record for a completion-split example, at most ``budget`` tokens."""
    if not (0.0 <= suffix_share <= 1.0 and 0.0 <= context_share <= 1.0):
        raise ValueError("suffix_share and context_share must be within [0, 1]")
    overhead = tokenizer.count(fmt.render("", "", ""))
    if budget < overhead:
        raise ValueError(f"a budget of {budget} tokens cannot hold the {overhead} FIM sentinel tokens")
    context = ((example.get("crossfile_context") or {}).get("text") or "") if with_context else ""
    prompt, right = example["prompt"], example.get("right_context") or ""
    full_context = context
    context_ids = tokenizer.encode(context)
    context_quota = min(len(context_ids), int((budget - overhead) * context_share))
    prompt_ids, right_ids = tokenizer.encode(prompt), tokenizer.encode(right)
    available = budget - overhead - context_quota
    suffix_quota = min(len(right_ids), int(available * suffix_share))
    prefix_quota = min(len(prompt_ids), available - suffix_quota)
    suffix_quota = min(len(right_ids), available - prefix_quota)
    # Token counts of pieces do not always add up once the pieces are joined (byte-level BPE
    # may merge across a join), so shrink (prefix, then suffix, then context) until the
    # rendered text itself fits.
    while True:
        context = keep_head(full_context, context_ids, context_quota, tokenizer)
        prefix_text = keep_tail(prompt, prompt_ids, prefix_quota, tokenizer)
        suffix_text = keep_head(right, right_ids, suffix_quota, tokenizer)
        text = fmt.render(context, prefix_text, suffix_text)
        total = tokenizer.count(text)
        excess = total - budget
        if excess <= 0 or prefix_quota + suffix_quota + context_quota == 0:
            break
        if prefix_quota > 0:
            prefix_quota = max(0, prefix_quota - excess)
        elif suffix_quota > 0:
            suffix_quota = max(0, suffix_quota - excess)
        else:
            context_quota = max(0, context_quota - excess)
    metadata = example.get("metadata") or {}
    return {
        "task_id": metadata.get("task_id", example.get("task_id")),
        "language": example.get("language"),
        "prompt": text,
        "num_tokens": total,
        "context_tokens": tokenizer.count(context),
        "prefix_truncated": prefix_text != prompt,
        "suffix_truncated": suffix_text != right,
        "context_truncated": context != full_context,
    }
