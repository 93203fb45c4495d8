"""The model client against a real HTTP server on loopback and a real (tiny) local model.

The stand-in server is ``tests/models/standin_openai.py``; the local model is a GPT-2 with a
few thousand random weights made from a config in the test (no weights can be downloaded
here), with the bundled StarCoder tokenizer: the assertions are about mechanics (batching,
grouping, seeds, caching, retries), not about quality.
"""

from __future__ import annotations

import pytest

from crossfile_datasets.harness.models import (
    CachedClient,
    GenerationParams,
    ModelError,
    OpenAICompatibleClient,
    apply_stop,
    make_client,
)
from tests.models.standin_openai import OpenAIStandIn


def _no_sleep(seconds: float) -> None:
    pass


def test_completions_are_batched_and_grouped_per_prompt():
    with OpenAIStandIn(complete=lambda p: f"<{p}>") as server:
        client = OpenAICompatibleClient(server.url, "tiny-coder", batch_size=2)
        out = client.complete(["a", "b", "c"], GenerationParams(n=2))
    assert out == [["<a>", "<a>"], ["<b>", "<b>"], ["<c>", "<c>"]]
    assert [len(body["prompt"]) for _, body in server.requests] == [2, 1]
    assert all(body["temperature"] == 0.0 and body["n"] == 2 for _, body in server.requests)


def test_stop_strings_cut_and_are_sent():
    with OpenAIStandIn(complete=lambda p: "x = 1\ny = 2") as server:
        out = OpenAICompatibleClient(server.url, "tiny-coder").complete(["p"], GenerationParams(stop=("\n",)))
    assert out == [["x = 1"]]
    assert server.requests[0][1]["stop"] == ["\n"]
    assert apply_stop("abc;def", (";", "z")) == "abc" and apply_stop("abc", ()) == "abc"


def test_retries_with_backoff_then_succeeds():
    delays = []
    with OpenAIStandIn(complete=lambda p: "ok", fail_first=2, fail_status=503) as server:
        client = OpenAICompatibleClient(server.url, "tiny-coder", backoff=0.5, sleep=delays.append)
        assert client.complete(["p"], GenerationParams()) == [["ok"]]
    assert delays == [0.5, 1.0]
    assert len(server.requests) == 3


def test_gives_up_after_retries_and_refuses_client_errors_at_once():
    with OpenAIStandIn(complete=lambda p: "ok", fail_first=10, fail_status=503) as server:
        client = OpenAICompatibleClient(server.url, "tiny-coder", max_retries=2, sleep=_no_sleep)
        with pytest.raises(ModelError, match="after 3 attempts"):
            client.complete(["p"], GenerationParams())
    with OpenAIStandIn(complete=lambda p: "ok", fail_first=10, fail_status=400) as server:
        client = OpenAICompatibleClient(server.url, "tiny-coder", sleep=_no_sleep)
        with pytest.raises(ModelError, match="refused"):
            client.complete(["p"], GenerationParams())
        assert len(server.requests) == 1


def test_unreachable_endpoint_is_a_model_error():
    client = OpenAICompatibleClient("http://127.0.0.1:9", "m", max_retries=1, sleep=_no_sleep, timeout=2)
    with pytest.raises(ModelError, match="Connection refused"):
        client.complete(["p"], GenerationParams())


def test_chat_and_served_model_discovery(tmp_path):
    with OpenAIStandIn(complete=lambda p: "", chat=lambda m: m[-1]["content"].upper()) as server:
        client = make_client(url=server.url, cache=False)  # the model name comes from /v1/models
        assert client.name == "tiny-coder"
        assert client.chat([[{"role": "user", "content": "fix it"}]], GenerationParams(n=2)) == [["FIX IT", "FIX IT"]]


def test_cache_answers_reruns_without_requests(tmp_path):
    calls = []
    with OpenAIStandIn(complete=lambda p: calls.append(p) or p[::-1]) as server:
        client = CachedClient(OpenAICompatibleClient(server.url, "tiny-coder"), tmp_path / "r.sqlite")
        first = client.complete(["ab", "cd", "ab"], GenerationParams())
        again = CachedClient(OpenAICompatibleClient(server.url, "tiny-coder"), tmp_path / "r.sqlite")
        second = again.complete(["cd", "ab"], GenerationParams())
        other_seed = again.complete(["ab"], GenerationParams(temperature=0.8, seed=3))
    assert first == [["ba"], ["dc"], ["ba"]] and second == [["dc"], ["ba"]] and other_seed == [["ba"]]
    assert (again.hits, again.misses) == (2, 1)  # a new seed is a new key
    assert len(server.requests) == 2


# ------------------------------------------------------------------------------ local model --
@pytest.fixture(scope="module")
def tiny_model(tmp_path_factory):
    transformers = pytest.importorskip("transformers")
    from crossfile_datasets.core.tokenizer import BUNDLED

    path = tmp_path_factory.mktemp("tiny-gpt2")
    tokenizer = transformers.PreTrainedTokenizerFast(tokenizer_file=str(BUNDLED), eos_token="<|endoftext|>")
    config = transformers.GPT2Config(vocab_size=len(tokenizer), n_positions=256, n_embd=16, n_layer=1, n_head=2,
                                     eos_token_id=tokenizer.eos_token_id, bos_token_id=tokenizer.eos_token_id)
    import torch

    torch.manual_seed(0)
    transformers.GPT2LMHeadModel(config).save_pretrained(path)
    tokenizer.save_pretrained(path)
    return str(path)


@pytest.mark.slow
def test_local_model_greedy_is_deterministic_and_seeded_sampling_reproducible(tiny_model):
    from crossfile_datasets.harness.models import TransformersClient

    client = TransformersClient(tiny_model, batch_size=2)
    prompts = ["def add(a, b):\n    return", "import os\n", "x = 1"]
    greedy = client.complete(prompts, GenerationParams(max_new_tokens=5))
    assert len(greedy) == 3 and all(len(g) == 1 for g in greedy)
    assert client.complete(prompts, GenerationParams(max_new_tokens=5)) == greedy
    sampled = client.complete(prompts[:1], GenerationParams(max_new_tokens=5, temperature=1.0, n=3, seed=7))
    assert len(sampled[0]) == 3
    assert client.complete(prompts[:1], GenerationParams(max_new_tokens=5, temperature=1.0, n=3, seed=7)) == sampled
    assert client.name == tiny_model


def test_make_client_without_a_model_says_what_to_pass(monkeypatch):
    monkeypatch.delenv("CROSSFILE_MODEL_URL", raising=False)
    monkeypatch.delenv("CROSSFILE_MODEL", raising=False)
    with pytest.raises(ModelError, match="no model"):
        make_client()
