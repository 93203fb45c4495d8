"""Benchmark: retrieval per example on a generated repository, ours vs the straightforward way.

Usage: python bench/bench_retrieval.py [--files 300] [--queries 60]

Ours: hits found through an inverted index and scored with ``BM25Okapi.get_batch_scores``;
context blocks counted once each. Straightforward (CrossCodeEval's way): ``get_scores`` over
every chunk, and the growing context re-tokenized at every step. Prints both times per query,
their ratio, and whether both produce the same contexts.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from crossfile_datasets.analyzers.graph import build_graph  # noqa: E402
from bench.gen_python import generate_python_repo  # noqa: E402
from crossfile_datasets.core import constants as C  # noqa: E402
from crossfile_datasets.core.report import BuildReport  # noqa: E402
from crossfile_datasets.builders.repos import RepoSpec, resolve
from crossfile_datasets.lang.sources import list_sources  # noqa: E402
from crossfile_datasets.builders.completion.retrieval import (
    ChunkIndex,
    RepositoryRetriever,
    Snippet,
    _block,
    last_nonempty_lines,
    render_context,
    tokenize,
)
from crossfile_datasets.core.tokenizer import load_tokenizer  # noqa: E402
from crossfile_datasets.lang import get_language  # noqa: E402


class FullScanIndex(ChunkIndex):
    """CrossCodeEval's ranking: score every chunk, keep the ones sharing a token."""

    def rank(self, query: str) -> list[tuple[int, float]]:
        tokens = tokenize(query)
        if self.bm25 is None or not tokens:
            return []
        scores = self.bm25.get_scores(tokens)
        wanted = set(tokens)
        hits = [i for i, c in enumerate(self.chunks) if not wanted.isdisjoint(c.tokens)]
        hits.sort(key=lambda i: -scores[i])
        return [(i, float(scores[i])) for i in hits]


def render_recounting(snippets, prefix, count_tokens, budget=C.CONTEXT_TOKEN_BUDGET) -> dict:
    """The same cut, re-tokenizing the whole growing text at every step."""
    text = f"{prefix} Here are some relevant code fragments from other files of the repo:\n\n"
    shown: list[Snippet] = []
    for snippet in snippets:
        if count_tokens(text + _block(snippet, prefix)) <= budget:
            text, shown = text + _block(snippet, prefix), [*shown, snippet]
            continue
        n = len(snippet.lines) - 1
        while n > 0 and count_tokens(text + _block(snippet.head(n), prefix)) > budget:
            n -= 1
        if n:
            text, shown = text + _block(snippet.head(n), prefix), [*shown, snippet.head(n)]
        break
    return {"text": text, "list": [s.to_item() for s in shown]} if shown else {"text": "", "list": []}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--files", type=int, default=300)
    parser.add_argument("--queries", type=int, default=60)
    args = parser.parse_args()
    python = get_language("python")
    count = load_tokenizer().count
    rng = random.Random(0)
    with tempfile.TemporaryDirectory() as tmp:
        repo = resolve(RepoSpec(path=str(generate_python_repo(Path(tmp) / "genrepo", args.files))))
        files, _ = list_sources(repo, python, BuildReport())
        facts = python.analyze_files(str(repo.root), files)
        graph = build_graph(repo.name, "python", facts, [])
        retriever = RepositoryRetriever(files, facts, graph, python, count)
        examples = []
        modules = [f for f in files if len(f.text) > 200]
        for f in rng.sample(modules, min(args.queries, len(modules))):
            cut = rng.randrange(len(f.text) // 2, len(f.text))
            examples.append((f.path, f.text[:cut], f.text[cut : cut + 40]))
        chunks = sum(len(c) for c in retriever.chunks.values())
        print(f"repository: {len(files)} files, {chunks} chunks; {len(examples)} queries per method")

        ours_s = plain_s = build_s = 0.0
        ours, plain = [], []
        for path, prompt, groundtruth in examples:
            t0 = time.monotonic()
            index = retriever.index_for(path)
            build_s += time.monotonic() - t0
            full_scan = FullScanIndex(index.chunks)  # same chunks, same order
            queries = (last_nonempty_lines(prompt), last_nonempty_lines(prompt + groundtruth))
            t0 = time.monotonic()
            for idx_method, query in zip(("top_next_chunks", "top_hits"), queries):
                ours.append(render_context(getattr(index, idx_method)(query), "#", retriever.count_tokens))
            ours_s += time.monotonic() - t0
            t0 = time.monotonic()
            for idx_method, query in zip(("top_next_chunks", "top_hits"), queries):
                plain.append(render_recounting(getattr(full_scan, idx_method)(query), "#", count))
            plain_s += time.monotonic() - t0

        t0 = time.monotonic()
        for ex in examples:
            retriever.context("graph", *ex)
        graph_s = time.monotonic() - t0

        n = 2 * len(examples)
        print(f"index build:     {1000 * build_s / len(examples):7.1f} ms per file with examples")
        print(f"ours:            {1000 * ours_s / n:7.1f} ms per bm25/oracle context")
        print(f"straightforward: {1000 * plain_s / n:7.1f} ms per context")
        print(f"ratio:           {plain_s / ours_s:7.2f}x")
        print(f"graph retriever: {1000 * graph_s / len(examples):7.1f} ms per context")
        print(f"same contexts:   {ours == plain}")

if __name__ == "__main__":
    main()
