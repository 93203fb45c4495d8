"""The ranking rules of the BM25 / Jaccard retrievers at their edges: tokens, query lines, path
distance, chunk numbering, hit selection, ties, the follow-the-hit rule, the per-file index
cache and the token-budget cut (boundaries a one-line change of the ranking code would cross)."""

from __future__ import annotations

import pytest

from crossfile_datasets.analyzers.graph import build_graph
from crossfile_datasets.builders.completion.retrieval import (
    FRAGMENT_HEADER,
    HEADER,
    Chunk,
    ChunkIndex,
    RepositoryRetriever,
    Snippet,
    chunk_file,
    file_distance,
    last_nonempty_lines,
    render_context,
    tokenize,
)
from crossfile_datasets.core.records import SourceFile
from crossfile_datasets.lang import get_language


def words(text: str) -> int:
    return len(text.split())


def retriever(texts: dict[str, str], **kw) -> RepositoryRetriever:
    python = get_language("python")
    files = [SourceFile(p, t) for p, t in sorted(texts.items())]
    facts = python.analyze_files("/nonexistent", files)
    return RepositoryRetriever(files, facts, build_graph("r", "python", facts, []), python, words, **kw)


def chunk(file: str, index: int, text: str) -> Chunk:
    lines = tuple(text.split("\n"))
    return Chunk(file, index, lines, tuple(range(len(lines))), tuple(tokenize(text)))


def test_tokens_queries_and_distances():
    assert tokenize("a_b1 +c.d(é9) -- 2x") == ["a_b1", "c", "d", "é9", "2x"]
    assert tokenize("+ - () ;") == []
    text = "a\n\n b \n\t\nc\nd"
    assert last_nonempty_lines(text, 2) == "c\nd"
    assert last_nonempty_lines(text, 3) == " b \nc\nd"
    assert last_nonempty_lines(text, 10) == "a\n b \nc\nd"
    assert last_nonempty_lines("", 3) == ""
    assert file_distance("a.py", "b.py") == 0
    assert file_distance("x/y/a.py", "x/y/b.py") == 0
    assert file_distance("x/y/a.py", "x/b.py") == 1
    assert file_distance("x/b.py", "x/y/z/a.py") == 2
    assert file_distance("x/y/a.py", "x/z/b.py") == 2
    assert file_distance("p/q/r/a.py", "s/b.py") == 4


def test_chunk_numbering_rows_and_size():
    text = "a = 1\n\nb = 2\n;\nc = 3\n}\n\nd = 4"
    chunks = chunk_file("m.py", text, size=2)
    # the token-less chunk (`;`, `}`... here only `;` + `c = 3`: has tokens) keeps numbers dense
    assert [(c.index, c.lines, c.rows) for c in chunks] == [
        (0, ("a = 1", "b = 2"), (0, 2)), (1, (";", "c = 3"), (3, 4)), (2, ("}", "d = 4"), (5, 7))]
    assert chunks[0].tokens == ("a", "1", "b", "2") and chunks[0].text == "a = 1\nb = 2"
    assert [c.index for c in chunk_file("m.ts", "x\n;\n}\ny", size=1)] == [0, 1]
    assert chunk_file("m.py", "\n \n") == []
    snippet = chunks[1].snippet(2.5)
    assert snippet == Snippet("m.py", (";", "c = 3"), (3, 4), 2.5)
    assert snippet.to_item() == {"retrieved_chunk": ";\nc = 3", "filename": "m.py", "score": 2.5, "lines": [4, 5]}
    assert snippet.head(1) == Snippet("m.py", (";",), (3,), 2.5)


def test_hits_share_a_token_and_ties_keep_corpus_order():
    index = ChunkIndex([chunk("a.py", 0, "alpha beta"), chunk("b.py", 0, "gamma"), chunk("c.py", 0, "beta alpha"),
                        chunk("d.py", 0, "delta epsilon"), chunk("e.py", 0, "zeta eta")])
    assert index.position == {("a.py", 0): 0, ("b.py", 0): 1, ("c.py", 0): 2, ("d.py", 0): 3, ("e.py", 0): 4}
    assert index.postings["alpha"] == [0, 2] and index.postings["gamma"] == [1]
    ranked = index.rank("alpha beta alpha")
    assert [i for i, _ in ranked] == [0, 2]  # equal scores: corpus order
    assert ranked[0][1] == ranked[1][1] > 0
    assert [i for i, _ in index.rank("gamma beta")] == [1, 0, 2]  # the rarer token weighs more
    assert index.rank("omega") == [] and index.rank_jaccard("omega") == [] and index.rank_jaccard("") == []
    assert [i for i, _ in index.rank_jaccard("beta alpha")] == [0, 2]


def test_select_keeps_k_distinct_texts_and_follows_to_the_next_chunk():
    chunks = [chunk("a.py", 0, "x1"), chunk("a.py", 1, "x2"), chunk("b.py", 0, "x1"), chunk("c.py", 0, "x3"),
              chunk("c.py", 1, "x4")]
    index = ChunkIndex(chunks)
    ranking = [(0, 5.0), (2, 4.0), (3, 3.0), (1, 2.0), (4, 1.0)]
    got = index.select(ranking, k=5, follow=False)
    assert [(s.filename, s.text, s.score) for s in got] == [("a.py", "x1", 5.0), ("c.py", "x3", 3.0), ("a.py", "x2", 2.0),
                                                            ("c.py", "x4", 1.0)]  # b.py's `x1` repeats a.py's
    assert [s.text for s in index.select(ranking, k=2, follow=False)] == ["x1", "x3"]
    followed = index.select(ranking, k=5, follow=True)
    # a.py#0 -> a.py#1; b.py#0 is the last of b.py -> itself; c.py#0 -> c.py#1; a.py#1 and
    # c.py#1 (already shown) are skipped
    assert [(s.filename, s.text, s.score) for s in followed] == [("a.py", "x2", 5.0), ("b.py", "x1", 4.0),
                                                                ("c.py", "x4", 3.0)]
    assert index.top_hits("x1 x2 x3 x4", k=1)[0].text in {"x1", "x2", "x3", "x4"}
    assert len(index.top_next_chunks("x1 x2 x3 x4")) == 3


def test_default_k_is_five():
    index = ChunkIndex([chunk(f"f{n}.py", 0, f"k v{n}") for n in range(8)])
    assert len(index.top_hits("k")) == 5 and len(index.top_next_chunks("k")) == 5


# ----------------------------------------------------------------------------- rendering --
def block_cost(snippet: Snippet) -> int:
    return words(render_context([snippet], "#", words, budget=10**6)["text"]) - words(f"# {HEADER}\n\n")


def test_budget_boundary_is_inclusive_and_the_cut_keeps_the_longest_head():
    a = Snippet("a.py", ("a1 a2", "a3"), (0, 1), 1.0)
    b = Snippet("b.py", ("b1", "b2 b3", "b4", "b5"), (0, 1, 2, 3), 0.5)
    header = words(f"# {HEADER}\n\n")
    assert render_context([a], "#", words)["text"] == (
        f"# {HEADER}\n\n# {FRAGMENT_HEADER}\n# a.py\n# a1 a2\n# a3\n\n")
    exact = header + block_cost(a)
    assert render_context([a], "#", words, budget=exact)["list"] == [a.to_item()]
    assert render_context([a], "#", words, budget=exact - 1)["list"] == [a.head(1).to_item()]
    for keep in range(1, 4):  # the longest head of b that fits, for every budget in between
        budget = exact + block_cost(b.head(keep))
        got = render_context([a, b], "#", words, budget=budget)["list"]
        assert got == [a.to_item(), b.head(keep).to_item()], keep
        got = render_context([a, b], "#", words, budget=budget + block_cost(b.head(keep + 1)) - block_cost(b.head(keep)) - 1)
        assert got["list"][-1]["lines"] == [r + 1 for r in b.rows[:keep]], keep
    # an empty snippet is skipped, not ended on
    empty = Snippet("e.py", (), (), 9.0)
    assert render_context([empty, a], "#", words, budget=exact)["list"] == [a.to_item()]
    # nothing fits: no text at all (not a lone header)
    assert render_context([a], "#", words, budget=header + 3) == {
        "text": "", "list": [], "ranked": [{"filename": a.filename, "score": a.score, "lines": [r + 1 for r in a.rows]}]}
    assert render_context([], "//", words) == {"text": "", "list": [], "ranked": []}


def longest_fitting(snippets, budget, count):
    """What the cut must give: the longest run of lines, in order, whose rendered text fits."""
    best = []
    for i, snippet in enumerate(snippets):
        for n in range(1, len(snippet.lines) + 1):
            shown = [*snippets[:i], snippet.head(n)]
            if count(render_context(shown, "#", count, budget=10**9)["text"]) <= budget:
                best = shown
    return [s.to_item() for s in best]


@pytest.mark.parametrize("count", [len, words])
def test_the_cut_is_the_longest_run_of_lines_that_fits(count):
    snippets = [Snippet("a.py", ("alpha = 1", "beta = alpha + 2"), (0, 1), 3.0),
                Snippet("pkg/b.py", tuple(f"line_{i} = {i} * {i}" for i in range(6)), tuple(range(6)), 2.0),
                Snippet("c.py", ("gamma",), (4,), 1.0)]
    for budget in range(0, 700, 3):
        assert render_context(snippets, "#", count, budget=budget)["list"] == longest_fitting(snippets, budget, count), budget


def test_an_empty_head_is_never_shown():
    a = Snippet("a.py", ("a1 a2", "a3"), (0, 1), 1.0)
    b = Snippet("b.py", ("b1", "b2"), (0, 1), 0.5)
    room = words(render_context([a], "#", words, budget=10**6)["text"])
    empty_block = words(f"# {FRAGMENT_HEADER}\n# b.py\n\n\n")
    # room for b's file header but not for its first line: b is left out, not shown empty
    assert render_context([a, b], "#", words, budget=room + empty_block + 1)["list"] == [a.to_item()]
    # a counter charging extra for two snippets together: the trim drops the second whole
    def pair_cost(text: str) -> int:
        return words(text) + (20 if "a3" in text and "b1" in text else 0)
    single_b = Snippet("b.py", ("b1",), (0,), 0.5)
    both = words(render_context([a, single_b], "#", words, budget=10**6)["text"])
    assert render_context([a, single_b], "#", pair_cost, budget=both + 5)["list"] == [a.to_item()]


def test_the_cut_snippet_ends_the_context():
    big = Snippet("big.py", tuple(f"w{i}" for i in range(50)), tuple(range(50)), 2.0)
    small = Snippet("s.py", ("s1",), (0,), 1.0)
    got = render_context([big, small], "#", words, budget=40)
    assert [i["filename"] for i in got["list"]] == ["big.py"] and words(got["text"]) <= 40


# ------------------------------------------------------------------------------ retriever --
def test_index_for_excludes_the_file_orders_by_distance_and_caches_two():
    texts = {"pkg/a.py": "t = 1", "pkg/b.py": "t = 2", "pkg/sub/c.py": "t = 3", "z.py": "t = 4", "pkg/0.py": "t = 5"}
    r = retriever(texts)
    index = r.index_for("pkg/a.py")
    assert [c.file for c in index.chunks] == ["pkg/0.py", "pkg/b.py", "pkg/sub/c.py", "z.py"]
    assert r.index_for("pkg/a.py") is index
    other = r.index_for("z.py")
    assert [c.file for c in other.chunks] == ["pkg/0.py", "pkg/a.py", "pkg/b.py", "pkg/sub/c.py"]
    assert r.index_for("pkg/a.py") is index  # used again: moved to the end
    r.index_for("pkg/b.py")  # a third file evicts the least recently used (z.py)
    assert list(r._indexes) == ["pkg/a.py", "pkg/b.py"]
    assert r.index_for("z.py") is not other


def test_methods_query_what_they_should():
    lines = lambda p, n: "\n".join(f"{p}_{i} = {i}" for i in range(n))  # noqa: E731
    texts = {"main.py": "x = 1", "lib/a.py": lines("alpha", 10) + "\n" + lines("after", 3),
             "lib/b.py": lines("beta", 4)}
    r = retriever(texts, top_k=1)
    prompt = "\n".join(f"noise_{i}" for i in range(12)) + "\nalpha_1 = alpha_2 + alpha_3 + beta_1"
    # top_k is the retriever's; rg1 shows the hit's successor
    assert [s.lines[0] for s in r.snippets("bm25", "main.py", prompt, "")] == ["after_0 = 0"]
    assert [s.lines[0] for s in r.snippets("jaccard", "main.py", prompt, "")] == ["after_0 = 0"]
    # the oracle's query is the last lines of prompt + groundtruth joined at the cursor
    assert [s.filename for s in r.snippets("oracle", "main.py", "x = ", "beta_2 + beta_3")] == ["lib/b.py"]
    assert len(r.snippets("oracle", "main.py", "x = alpha_1", " + beta_1")) == 1  # two files hit, top 1
    assert len(retriever(texts).snippets("bm25", "main.py", prompt, "")) == 2
    # only the last 10 non-empty lines of the prompt are the query: `alpha_1` 12 lines up is not
    far = "alpha_1 = 1\n" + "\n".join(f"noise_{i}" for i in range(10))
    assert r.snippets("bm25", "main.py", far, "") == []
    assert r.context("bm25", "main.py", prompt, "")["text"].startswith(f"# {HEADER}")
    with pytest.raises(ValueError) as raised:
        r.snippets("nope", "main.py", prompt, "")
    assert str(raised.value) == "unknown retrieval method 'nope' (choices: bm25, oracle, graph, jaccard, dense)"
    with pytest.raises(ValueError) as raised:
        r.snippets("dense", "main.py", prompt, "")
    assert str(raised.value) == "the dense retriever needs a model: --dense-model PATH_OR_HUB_ID"


def test_graph_method_is_the_graph_retriever():
    texts = {"pkg/__init__.py": "", "pkg/lib.py": "def helper(x):\n    return x + 1\n",
             "pkg/main.py": "from pkg.lib import helper\n\nvalue = helper(2)\n"}
    r = retriever(texts)
    prompt = texts["pkg/main.py"][: texts["pkg/main.py"].index("(2)")]
    got = r.snippets("graph", "pkg/main.py", prompt, "")
    assert got == r.graph_snippets("pkg/main.py", prompt) and [s.filename for s in got] == ["pkg/lib.py"]


from tests.retrieval.test_more_retrievers import tiny_encoder  # noqa: E402,F401  (a fixture: a tiny BERT made from a config)


@pytest.mark.slow
def test_dense_method_queries_the_prompt_tail_and_follows_the_hit(tiny_encoder):  # noqa: F811
    needle = "\n".join(f"needle_{i} = compute({i})" for i in range(10))
    texts = {"main.py": "x = 1\n" + needle, "lib/a.py": needle + "\n" + "\n".join(f"after_{i} = {i}" for i in range(10)),
             "lib/b.py": "\n".join(f"other_{i} = {i}" for i in range(10))}
    r = retriever(texts, top_k=1, dense_model=tiny_encoder)
    got = r.snippets("dense", "main.py", "far_away = 1\n" + needle, "")
    # the identical chunk of lib/a.py ranks first (cosine 1); rg1 shows its successor; top 1
    assert [(s.filename, s.lines[0]) for s in got] == [("lib/a.py", "after_0 = 0")]
    assert got[0].score == pytest.approx(1.0, abs=1e-4)
