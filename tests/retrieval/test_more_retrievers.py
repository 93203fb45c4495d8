"""Retrieval beyond CrossCodeEval's BM25 (issue 17): its Jaccard variant, a dense retriever
with a user-given encoder (a tiny BERT the test makes from a config: mechanics, not quality),
and the context options (budget, top-k, chunk size) end to end."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from crossfile_datasets.builders.completion.retrieval import Chunk, ChunkIndex, chunk_file, tokenize


def _chunk(file: str, index: int, text: str) -> Chunk:
    lines = tuple(text.split("\n"))
    return Chunk(file, index, lines, tuple(range(len(lines))), tuple(tokenize(text)))


def test_jaccard_scores_token_sets_and_keeps_ties_in_corpus_order():
    index = ChunkIndex([_chunk("a.py", 0, "alpha beta gamma"), _chunk("b.py", 0, "alpha alpha"),
                        _chunk("c.py", 0, "delta"), _chunk("d.py", 0, "beta alpha")])
    ranked = index.rank_jaccard("alpha beta")
    assert ranked == [(3, 1.0), (0, 2 / 3), (1, 0.5)]  # sets, not counts; no shared token: no hit
    tie = ChunkIndex([_chunk("x.py", 0, "k one"), _chunk("y.py", 0, "k two")])
    assert [i for i, _ in tie.rank_jaccard("k")] == [0, 1]


def test_select_follows_to_the_next_chunk_and_skips_repeated_text():
    chunks = chunk_file("m.py", "\n".join(f"line_{i} = {i}" for i in range(6)), size=2)
    index = ChunkIndex(chunks)
    assert [s.lines[0] for s in index.select([(0, 1.0), (2, 0.5)], k=5, follow=True)] == ["line_2 = 2", "line_4 = 4"]
    assert len(index.select([(0, 1.0), (1, 0.9), (2, 0.5)], k=2, follow=False)) == 2


@pytest.fixture(scope="module")
def tiny_encoder(tmp_path_factory):
    transformers = pytest.importorskip("transformers")
    import torch

    from crossfile_datasets.core.tokenizer import BUNDLED

    path = tmp_path_factory.mktemp("tiny-bert")
    tokenizer = transformers.PreTrainedTokenizerFast(tokenizer_file=str(BUNDLED), pad_token="<|endoftext|>",
                                                     unk_token="<|endoftext|>")
    config = transformers.BertConfig(vocab_size=len(tokenizer), hidden_size=16, num_hidden_layers=1,
                                     num_attention_heads=2, intermediate_size=32, max_position_embeddings=512)
    torch.manual_seed(0)
    transformers.BertModel(config).save_pretrained(path)
    tokenizer.save_pretrained(path)
    return str(path)


@pytest.mark.slow
def test_dense_encoder_ranks_an_identical_text_first(tiny_encoder):
    from crossfile_datasets.builders.completion.dense import DenseEncoder

    encoder = DenseEncoder(tiny_encoder)
    texts = ["def total(items): return sum(items)", "class Basket: pass", "import os"]
    ranked = encoder.rank("class Basket: pass", texts)
    assert ranked[0][0] == 1 and ranked[0][1] == pytest.approx(1.0, abs=1e-5)
    assert sorted(i for i, _ in ranked) == [0, 1, 2] and all(-1.0001 <= s <= 1.0001 for _, s in ranked)
    assert encoder.rank("anything", []) == []


@pytest.mark.pylint
@pytest.mark.slow
def test_context_options_and_new_retrievers_in_a_build(tmp_path, tiny_encoder):
    from crossfile_datasets.builders.cli import app
    from tests.shop_fixture import write_shop

    repo = write_shop(tmp_path / "repos" / "shop", ("shop/cart.py", "shop/invoice.py", "tests/test_pricing.py"))
    for n in range(4):  # more files to retrieve from
        (repo / "shop" / f"extra_{n}.py").write_text("".join(f"def helper_{n}_{i}(x):\n    return x + {i}\n\n" for i in range(12)))
    runner = CliRunner()
    args = ["--lang", "python", "--repos-dir", str(tmp_path / "repos"), "--no-cache", "--output", str(tmp_path / "out"),
            "--retrievers", "bm25,jaccard,dense", "--dense-model", tiny_encoder, "--top-k", "2", "--chunk-lines", "3",
            "--context-tokens", "4000"]
    res = runner.invoke(app, args)
    assert res.exit_code == 0, res.output
    out = tmp_path / "out" / "python"
    for name in ("line_completion_rg1_bm25.jsonl", "line_completion_rg1_jaccard.jsonl", "line_completion_rg1_dense.jsonl"):
        rows = [json.loads(line) for line in (out / name).read_text().splitlines()]
        assert rows, name
        for row in rows:
            items = row["crossfile_context"]["list"]
            assert 0 < len(items) <= 2, name  # --top-k 2, nothing cut by the large budget
            assert all(len(item["retrieved_chunk"].split("\n")) <= 3 for item in items)  # --chunk-lines 3
    small = runner.invoke(app, [a if a != "4000" else "40" for a in args[:-2]] + ["--context-tokens", "40", "--output",
                                                                                str(tmp_path / "small")])
    assert small.exit_code == 0, small.output
    for line in (tmp_path / "small/python/line_completion_rg1_bm25.jsonl").read_text().splitlines():
        from crossfile_datasets.core.tokenizer import load_tokenizer

        assert load_tokenizer(None).count(json.loads(line)["crossfile_context"]["text"]) <= 40


def test_dense_needs_its_model_and_the_model_needs_dense(tmp_path):
    from crossfile_datasets.builders.cli import app

    runner = CliRunner()
    base = ["--lang", "python", "--repos-dir", str(tmp_path), "--output", str(tmp_path / "o")]
    res = runner.invoke(app, base + ["--retrievers", "dense"])
    assert res.exit_code == 2 and "--dense-model" in res.output
    res = runner.invoke(app, base + ["--retrievers", "bm25", "--dense-model", "x"])
    assert res.exit_code == 2 and "dense retriever" in res.output
