"""BM25 parity with CrossCodeEval's prompt builder, rendering, the token cut, the graph retriever."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from tokenizers import Tokenizer

from crossfile_datasets.analyzers.graph import build_graph
from crossfile_datasets.builders.completion.retrieval import (
    HEADER,
    METHODS,
    VARIANT_FILES,
    ChunkIndex,
    RepositoryRetriever,
    Snippet,
    chunk_file,
    file_distance,
    last_nonempty_lines,
    render_context,
    tokenize,
)
from crossfile_datasets.lang import get_language
from crossfile_datasets.core.records import SourceFile

TOKENIZER = Path(__file__).resolve().parents[2] / "core" / "data" / "starcoder" / "tokenizer.json"


@pytest.fixture(scope="module")
def count_tokens():
    tokenizer = Tokenizer.from_file(str(TOKENIZER))
    return lambda text: len(tokenizer.encode(text, add_special_tokens=False).ids)


def make_retriever(texts: dict[str, str], count_tokens) -> RepositoryRetriever:
    python = get_language("python")
    files = [SourceFile(path, text) for path, text in sorted(texts.items())]
    facts = python.analyze_files("/nonexistent", files)
    graph = build_graph("synthetic", "python", facts, [])
    return RepositoryRetriever(files, facts, graph, python, count_tokens)


def lines_of(prefix: str, n: int) -> str:
    return "\n".join(f"{prefix}_{i} = {prefix}_value_{i}" for i in range(n))


# ------------------------------------------------------------------------- chunking --
def test_chunks_are_ten_nonempty_lines_without_overlap():
    text = "\n".join(f"x{i} = {i}" if i % 3 else "" for i in range(40)) + "\n   \n"
    chunks = chunk_file("m.py", text)
    nonempty = [i for i in range(40) if i % 3]
    assert [len(c.lines) for c in chunks] == [10, 10, 6]
    assert [c.index for c in chunks] == [0, 1, 2]
    assert [r for c in chunks for r in c.rows] == nonempty  # every non-empty line once, in order
    assert chunks[0].lines[0] == "x1 = 1" and chunks[1].rows[0] == nonempty[10]


def test_tokenless_chunks_are_skipped_without_using_a_number():
    text = "\n".join(["a = 1"] * 10 + ["}"] * 10 + ["b = 2"] * 3)
    chunks = chunk_file("m.ts", text)
    assert [(c.index, c.lines[0]) for c in chunks] == [(0, "a = 1"), (1, "b = 2")]


def test_tokenization_and_query_lines():
    assert tokenize("self.price_cents * quantity2 // café") == ["self", "price_cents", "quantity2", "café"]
    prompt = "a\n\n  \nb\n" + "\n".join(f"l{i}" for i in range(12)) + "\nlast_partial("
    query = last_nonempty_lines(prompt)
    assert query.split("\n") == [f"l{i}" for i in range(3, 12)] + ["last_partial("]


def test_file_distance_matches_crosscodeeval():
    assert file_distance("pkg/a.py", "pkg/b.py") == 0
    assert file_distance("pkg/sub/a.py", "pkg/b.py") == 1
    assert file_distance("a.py", "pkg/sub/b.py") == 2
    assert file_distance("x/a.py", "y/b.py") == 2


# ----------------------------------------------------------------------------- BM25 --
def okapi(corpus: list[list[str]], query: list[str], k1: float = 1.5, b: float = 0.75) -> list[float]:
    """BM25 Okapi written out (Robertson et al.; rank_bm25's defaults k1=1.5, b=0.75), for a
    corpus where no term is in more than half the documents (so rank_bm25's floor for negative
    idf never applies)."""
    n_docs = len(corpus)
    avgdl = sum(map(len, corpus)) / n_docs
    df = {t: sum(t in doc for doc in corpus) for t in {t for doc in corpus for t in doc}}
    assert all(n * 2 <= n_docs for n in df.values())
    idf = {t: math.log(n_docs - n + 0.5) - math.log(n + 0.5) for t, n in df.items()}
    return [sum(idf.get(q, 0.0) * doc.count(q) * (k1 + 1) / (doc.count(q) + k1 * (1 - b + b * len(doc) / avgdl))
                for q in query) for doc in corpus]


def test_scores_are_bm25okapi_over_word_tokens():
    texts = {"f1.py": lines_of("apple", 12), "f2.py": lines_of("pear", 5) + "\napple_3 = 1", "f3.py": lines_of("plum", 4)}
    chunks = [c for p in sorted(texts) for c in chunk_file(p, texts[p])]
    index = ChunkIndex(chunks)
    query = "apple_3 + pear_1 pear_1"
    expected = okapi([tokenize(c.text) for c in chunks], tokenize(query))
    ranked = index.rank(query)
    # chunks 1 (apple_10, apple_11) and 3 (plum) share no token with the query: not hits;
    # chunk 0 is a hit although its score is 0 (apple_3 is in half the chunks: idf 0)
    assert [c.file for c in chunks] == ["f1.py", "f1.py", "f2.py", "f3.py"]
    assert [i for i, _ in ranked] == [2, 0]
    assert [s for _, s in ranked] == pytest.approx([expected[2], expected[0]], rel=1e-12)
    assert expected[0] == 0.0 and expected[2] > 1.0  # pear_1 twice in the query counts twice
    assert all(type(s) is float for _, s in ranked)
    assert index.rank("") == [] and index.rank("nothing_shared") == [] and ChunkIndex([]).rank("apple_3") == []


@pytest.mark.slow
def test_ties_keep_corpus_order_and_ids_aligned_with_chunks(count_tokens):
    # three chunks with the same tokens (so the same score) in files at different distances
    tie = "\n".join(["total = price * count", "count = total / price"])
    texts = {
        "pkg/main.py": "x = 1\n",
        "pkg/z_near.py": tie + "\nzeta = 1",
        "pkg/b_near.py": tie + "\nbeta = 1",
        "far/a_far.py": tie + "\nalpha = 1",
    }
    retriever = make_retriever(texts, count_tokens)
    hits = retriever.index_for("pkg/main.py").top_hits("total price count", k=5)
    assert [h.filename for h in hits] == ["pkg/b_near.py", "pkg/z_near.py", "far/a_far.py"]
    assert len({h.score for h in hits}) == 1
    for h in hits:  # the chunk shown under a file name is really that file's text at `rows`
        assert h.lines[-1].split(" =")[0] in {"zeta", "beta", "alpha"}
        assert [texts[h.filename].split("\n")[r] for r in h.rows] == list(h.lines)


def test_rg1_uses_the_following_chunk_or_the_hit_when_last(count_tokens):
    texts = {
        "main.py": "x = 1\n",
        "lib/long.py": lines_of("needle", 10) + "\n" + lines_of("after", 10) + "\n" + lines_of("tail", 3),
        "lib/short.py": lines_of("other", 4) + "\nneedle_0 = 0",
    }
    retriever = make_retriever(texts, count_tokens)
    index = retriever.index_for("main.py")
    hits = index.top_hits("needle_1 needle_2 needle_0", k=5)
    assert [(h.filename, h.lines[0]) for h in hits] == [("lib/long.py", "needle_0 = needle_value_0"), ("lib/short.py", "other_0 = other_value_0")]
    rg1 = index.top_next_chunks("needle_1 needle_2 needle_0", k=5)
    assert [(s.filename, s.lines[0]) for s in rg1] == [("lib/long.py", "after_0 = after_value_0"), ("lib/short.py", "other_0 = other_value_0")]
    assert [s.score for s in rg1] == [h.score for h in hits]  # the hit's score travels with its successor
    ctx = retriever.context("bm25", "main.py", "needle_0 = needle_1 + needle_2\n", "")
    assert ctx["list"][0]["lines"] == list(range(11, 21))
    assert "# after_0 = after_value_0" in ctx["text"]


def test_rg1_does_not_repeat_a_chunk_reached_twice(count_tokens):
    texts = {"main.py": "x = 1\n", "lib/m.py": lines_of("first", 10) + "\n" + lines_of("second", 4)}
    index = make_retriever(texts, count_tokens).index_for("main.py")
    # both chunks hit; the first leads to the second, the second (last) is itself: shown once
    assert [s.lines[0] for s in index.top_next_chunks("first_1 second_1", k=5)] == ["second_0 = second_value_0"]


def test_bm25_excludes_the_current_file_and_oracle_sees_the_groundtruth(count_tokens):
    texts = {
        "app/main.py": lines_of("local", 3) + "\nresult = compute(",
        "app/helpers.py": "def compute_tax(amount):\n    return amount * rate_for_tax\n",
        "app/other.py": "def compute(values):\n    return sum(values)\n",
    }
    retriever = make_retriever(texts, count_tokens)
    prompt = texts["app/main.py"]
    bm25 = retriever.context("bm25", "app/main.py", prompt, "amount, rate_for_tax)")
    assert {i["filename"] for i in bm25["list"]} == {"app/other.py"}  # `compute` only
    oracle = retriever.context("oracle", "app/main.py", prompt, "amount, rate_for_tax)")
    assert oracle["list"][0]["filename"] == "app/helpers.py"
    # prompt and groundtruth are joined at the cursor: `compute(amount` is one query line
    assert retriever.snippets("oracle", "app/main.py", prompt, "amount, rate_for_tax)")[0].filename == "app/helpers.py"
    with pytest.raises(ValueError, match="unknown retrieval method"):
        retriever.context("tfidf", "app/main.py", prompt, "")
    with pytest.raises(ValueError, match="--dense-model"):  # a known method without its model
        retriever.context("dense", "app/main.py", prompt, "")


# ------------------------------------------------------------------------ rendering --
def test_rendering_matches_crosscodeeval(count_tokens):
    snippets = [Snippet("pkg/a.py", ("def f():", "    return 1"), (4, 5), 2.5), Snippet("b.py", ("X = 2",), (0,), 1.0)]
    ctx = render_context(snippets, "#", count_tokens)
    assert ctx["text"] == (
        f"# {HEADER}\n\n"
        "# the below code fragment can be found in:\n# pkg/a.py\n# def f():\n#     return 1\n\n"
        "# the below code fragment can be found in:\n# b.py\n# X = 2\n\n"
    )
    assert ctx["list"] == [
        {"retrieved_chunk": "def f():\n    return 1", "filename": "pkg/a.py", "score": 2.5, "lines": [5, 6]},
        {"retrieved_chunk": "X = 2", "filename": "b.py", "score": 1.0, "lines": [1]},
    ]
    java = render_context(snippets[1:], "//", count_tokens)
    assert java["text"].startswith(f"// {HEADER}\n\n// the below code fragment can be found in:\n// b.py\n// X = 2")
    assert render_context([], "#", count_tokens) == {"text": "", "list": [], "ranked": []}


def test_context_is_cut_at_512_starcoder_tokens_at_line_boundaries(count_tokens):
    snippets = [
        Snippet(f"pkg/mod{n}.py", tuple(f"value_{n}_{i} = compute_something(argument_{i}, other_{i})" for i in range(10)), tuple(range(10)), 10.0 - n)
        for n in range(5)
    ]
    ctx = render_context(snippets, "#", count_tokens)  # the default budget: CrossCodeEval's 512
    assert count_tokens(ctx["text"]) <= 512
    shown = ctx["list"]
    assert 1 <= len(shown) < 5
    last = shown[-1]
    assert 1 <= len(last["lines"]) < 10  # the last fragment is cut, the earlier ones are whole
    assert all(len(item["lines"]) == 10 for item in shown[:-1])
    # adding one more line of the cut fragment would cross the budget
    longer = Snippet(last["filename"], snippets[len(shown) - 1].lines[: len(last["lines"]) + 1], tuple(range(len(last["lines"]) + 1)), 0)
    assert count_tokens(render_context([*(snippets[: len(shown) - 1]), longer], "#", count_tokens, budget=10**6)["text"]) > 512
    # the text shows exactly the listed items
    for item in shown:
        assert "\n".join(f"# {line}" for line in item["retrieved_chunk"].split("\n")) in ctx["text"]
    # a budget too small for any line gives no context at all
    nothing = render_context(snippets, "#", count_tokens, budget=20)
    assert (nothing["text"], nothing["list"]) == ("", [])
    # what the retriever ranked stays, whatever fits: any budget can be rendered again
    assert nothing["ranked"] == ctx["ranked"] == [
        {"filename": s.filename, "score": s.score, "lines": [r + 1 for r in s.rows]} for s in snippets]


def test_every_method_has_its_own_variant_file_named_for_the_loaders():
    # the Hub configs and retrieval-report derive names from these files: line_completion_<name>
    assert set(VARIANT_FILES) == set(METHODS)
    assert len(set(VARIANT_FILES.values())) == len(METHODS)
    assert all(f.startswith("line_completion_") and f.endswith(".jsonl") for f in VARIANT_FILES.values())
    assert VARIANT_FILES["bm25"] == "line_completion_rg1_bm25.jsonl"  # CrossCodeEval's own file name


def test_retriever_defaults_are_crosscodeeval_s(count_tokens):
    # top 5 hits, 10-line chunks, 10 query lines, 512 tokens: checked through what a retriever
    # built with its defaults returns (not by comparing the constants with themselves)
    texts = {"main.py": "x = 1\n", **{f"lib/m{n}.py": lines_of(f"k{n}", 25) for n in range(8)}}
    retriever = make_retriever(texts, count_tokens)
    query = " ".join(f"k{n}_1" for n in range(8))
    hits = retriever.snippets("oracle", "main.py", query, "")
    assert len(hits) == 5 and all(len(h.lines) == 10 for h in hits)
    assert [len(c.lines) for c in retriever.chunks["lib/m0.py"]] == [10, 10, 5]
    prompt = "\n".join(f"q{i}" for i in range(15))
    assert last_nonempty_lines(prompt).split("\n") == [f"q{i}" for i in range(5, 15)]
    assert retriever.budget == 512 and count_tokens(retriever.context("oracle", "main.py", query, "")["text"]) <= 512


def test_cut_holds_for_a_counter_that_is_not_additive_over_blocks():
    # blocks are counted one by one; a counter charging extra for long texts makes the sum of
    # block counts too low, and the final exact count must trim lines until it fits
    def count(text: str) -> int:
        return len(text.split()) + (40 if len(text) > 600 else 0)

    snippets = [Snippet(f"m{n}.py", tuple(f"a{n}_{i} = b{i}" for i in range(10)), tuple(range(10)), 1.0) for n in range(4)]
    ctx = render_context(snippets, "#", count, budget=150)
    assert count(ctx["text"]) <= 150
    assert sum(len(i["lines"]) for i in ctx["list"]) < sum(len(s.lines) for s in snippets)
    shown = "".join(f"# the below code fragment can be found in:\n# {i['filename']}\n" + "\n".join(f"# {l}" for l in i["retrieved_chunk"].split("\n")) + "\n\n" for i in ctx["list"])
    assert ctx["text"].endswith(shown)
