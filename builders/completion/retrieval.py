"""Cross-file context for each example: BM25 (CrossCodeEval's rg1 and oracle) and the graph.

CrossCodeEval ships its examples with contexts made by its prompt builder; we reproduce that
builder so models can be compared on our data the same way, and fix what it gets wrong:

- chunks: the non-empty lines of every *other* source file of the repository, in groups of
  ``CHUNK_LINES`` without overlap; a chunk without any token is skipped (its successor takes
  its number, as in CrossCodeEval); files are ordered by path distance to the example's file
  (then by path), which decides the order of equal scores;
- query: the last ``QUERY_LINES`` non-empty lines of the prompt (``bm25``), or of prompt +
  groundtruth joined at the cursor (``oracle``; CrossCodeEval split the cursor line in two);
- ranking: ``rank_bm25.BM25Okapi`` (default parameters) over tokens = maximal runs of word
  characters (``\\w+``: CrossCodeEval's ``re.findall(r"\\w+")`` over NLTK words gives the same
  tokens on code); a chunk that shares no token with the query is not a hit; the order is a
  *stable* sort by score, so ids, chunks and scores stay aligned when scores tie
  (CrossCodeEval sorted ids and chunks separately, breaking ties by id text and chunk text);
- selection: top ``TOP_K``; ``bm25`` ("rg1") uses the chunk that follows each hit in its file
  (the hit itself when it is the file's last chunk); ``oracle`` uses the hit; a chunk whose
  text was already selected is skipped;
- ``graph``: the definitions of the project names visible in the prompt (imports, and names of
  the same package/namespace), ranked by graph distance from the cursor's file (hops over the
  dependency graph: what the prompt's import statements import, and the definitions of the
  file's own package, are 1 hop away; what a file or class reached so far imports, defines,
  contains, inherits or uses is one hop more), then by how close to the cursor they are last
  used in the prompt, ties in order of first mention (:func:`definition_score`); then one level
  of their own dependencies; a long
  class is shown as a skeleton, a module as the header lines of its top-level definitions;
- rendering: CrossCodeEval's comment block, cut at ``CONTEXT_TOKEN_BUDGET`` tokens of the given
  counter (StarCoder in the pipeline) at line boundaries; ``list`` holds exactly what the text
  shows, and each item keeps the 1-based ``lines`` it shows, so retrieval can be scored
  against the gold definitions (``builders/completion/retrieval_report.py``).
"""

from __future__ import annotations

import re
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Callable, Iterable, Mapping, Sequence

from rank_bm25 import BM25Okapi

from crossfile_datasets.analyzers.graph import CLASS_KINDS, ScopeResolver, file_node, members, split_node
from crossfile_datasets.core import constants as C
from crossfile_datasets.core.constants import VARIANT_FILES
from crossfile_datasets.core.records import FileFacts, SourceFile
from crossfile_datasets.lang.base import iter_leaves

if TYPE_CHECKING:  # pragma: no cover
    import networkx as nx

    from crossfile_datasets.lang.base import LanguageSupport

METHODS = ("bm25", "oracle", "graph", "jaccard", "dense")
HEADER = "Here are some relevant code fragments from other files of the repo:"
FRAGMENT_HEADER = "the below code fragment can be found in:"
_TOKEN = re.compile(r"\w+")
_CHAIN = re.compile(r"(?<![\w.])([A-Za-z_]\w*)(?:\s*\.\s*([A-Za-z_]\w*))?")
# rows that precede a definition's name: decorators / annotations / C# attributes
_PREAMBLE = ("@", "[")


def tokenize(text: str) -> list[str]:
    """BM25 tokens: maximal runs of word characters (identifiers, keywords, numbers)."""
    return _TOKEN.findall(text)


def last_nonempty_lines(text: str, n: int = C.QUERY_LINES) -> str:
    return "\n".join([line for line in text.split("\n") if line.strip()][-n:])


def file_distance(a: str, b: str) -> int:
    """CrossCodeEval's distance: directory steps from the common parent to each file.

    (``os.path.commonpath`` + ``relpath`` there; counted on the split paths here.)
    """
    dirs_a, dirs_b = a.split("/")[:-1], b.split("/")[:-1]
    common = 0
    while common < min(len(dirs_a), len(dirs_b)) and dirs_a[common] == dirs_b[common]:
        common += 1
    return len(dirs_a) + len(dirs_b) - 2 * common


# --------------------------------------------------------------------------- snippets --
@dataclass(frozen=True)
class Snippet:
    """Lines of one file shown as context: the text lines and their 0-based rows."""

    filename: str
    lines: tuple[str, ...]
    rows: tuple[int, ...]
    score: float

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    def head(self, n: int) -> "Snippet":
        return Snippet(self.filename, self.lines[:n], self.rows[:n], self.score)

    def to_item(self) -> dict:
        return {
            "retrieved_chunk": self.text,
            "filename": self.filename,
            "score": float(self.score),
            "lines": [r + 1 for r in self.rows],
        }


@dataclass(frozen=True)
class Chunk:
    """``CHUNK_LINES`` consecutive non-empty lines of a file; ``index`` counts within the file."""

    file: str
    index: int
    lines: tuple[str, ...]
    rows: tuple[int, ...]
    tokens: tuple[str, ...]

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    def snippet(self, score: float) -> Snippet:
        return Snippet(self.file, self.lines, self.rows, score)


def chunk_file(path: str, text: str, size: int = C.CHUNK_LINES) -> list[Chunk]:
    rows = [(row, line) for row, line in enumerate(text.split("\n")) if line.strip()]
    chunks: list[Chunk] = []
    for start in range(0, len(rows), size):
        group = rows[start : start + size]
        lines = tuple(line for _, line in group)
        tokens = tuple(tokenize("\n".join(lines)))
        if tokens:  # CrossCodeEval skips token-less chunks without using up a number
            chunks.append(Chunk(path, len(chunks), lines, tuple(r for r, _ in group), tokens))
    return chunks


class ChunkIndex:
    """BM25 (Okapi) over a fixed list of chunks, with an inverted index to find the hits."""

    def __init__(self, chunks: Sequence[Chunk]) -> None:
        self.chunks = list(chunks)
        self.position = {(c.file, c.index): i for i, c in enumerate(self.chunks)}
        self.bm25 = BM25Okapi([list(c.tokens) for c in self.chunks]) if self.chunks else None
        self.postings: dict[str, list[int]] = {}
        for i, chunk in enumerate(self.chunks):
            for token in set(chunk.tokens):
                self.postings.setdefault(token, []).append(i)

    def rank(self, query: str) -> list[tuple[int, float]]:
        """``(chunk position, score)`` of the chunks sharing a token with ``query``, best first.

        Scores are ``BM25Okapi.get_batch_scores`` (the same formula as ``get_scores``) over
        those chunks only; the sort is stable, so equal scores keep corpus order (nearest
        files first).
        """
        tokens = tokenize(query)
        if self.bm25 is None or not tokens:
            return []
        hits = sorted({i for t in set(tokens) for i in self.postings.get(t, ())})
        if not hits:
            return []
        scores = self.bm25.get_batch_scores(tokens, hits)
        order = sorted(range(len(hits)), key=lambda j: -scores[j])
        return [(hits[j], float(scores[j])) for j in order]

    def rank_jaccard(self, query: str) -> list[tuple[int, float]]:
        """CrossCodeEval's Jaccard ranking: |Q ∩ C| / |Q ∪ C| over the token *sets* of the
        query and each chunk sharing a token with it, best first (stable, like :meth:`rank`)."""
        q = set(tokenize(query))
        hits = sorted({i for t in q for i in self.postings.get(t, ())})
        scored = []
        for i in hits:
            c = set(self.chunks[i].tokens)
            scored.append((i, len(q & c) / len(q | c)))
        return sorted(scored, key=lambda pair: -pair[1])

    def rank_dense(self, query: str, encoder) -> list[tuple[int, float]]:
        """Every chunk by cosine similarity of ``encoder``'s embeddings (builders/completion/dense.py)."""
        return encoder.rank(query, [c.text for c in self.chunks])

    def top_hits(self, query: str, k: int = C.TOP_K) -> list[Snippet]:
        """The ``k`` best chunks themselves (CrossCodeEval's oracle / plain retrieval)."""
        return self.select(self.rank(query), k, follow=False)

    def top_next_chunks(self, query: str, k: int = C.TOP_K) -> list[Snippet]:
        """For each of the best hits, the chunk that follows it in its file ("rg1")."""
        return self.select(self.rank(query), k, follow=True)

    def select(self, ranking: list[tuple[int, float]], k: int, follow: bool) -> list[Snippet]:
        """The first ``k`` distinct chunks of a ranking (or the chunks following them)."""
        out: list[Snippet] = []
        seen: set[str] = set()
        for i, score in ranking:
            chunk = self.chunks[i]
            if follow:  # the hit's successor; the hit itself when it ends its file
                nxt = self.position.get((chunk.file, chunk.index + 1))
                chunk = self.chunks[nxt] if nxt is not None else chunk
            if chunk.text in seen:
                continue
            seen.add(chunk.text)
            out.append(chunk.snippet(score))
            if len(out) == k:
                break
        return out


# -------------------------------------------------------------------------- rendering --
def _block(snippet: Snippet, prefix: str) -> str:
    body = "\n".join(f"{prefix} {line}" for line in snippet.lines)
    return f"{prefix} {FRAGMENT_HEADER}\n{prefix} {snippet.filename}\n{body}\n\n"


def render_context(
    snippets: Sequence[Snippet],
    comment_prefix: str,
    count_tokens: Callable[[str], int],
    budget: int = C.CONTEXT_TOKEN_BUDGET,
) -> dict:
    """CrossCodeEval's comment block, cut at ``budget`` tokens at line boundaries.

    Snippets are added whole while they fit; the first one that does not fit contributes as
    many of its leading lines as fit (at least one, else it is dropped) and ends the context.
    ``list`` describes exactly what ``text`` shows. Nothing fits -> empty text and list.
    ``ranked`` is every snippet the retriever returned, in rank order, before the budget
    (``filename``, ``score``, 1-based ``lines``): with ``--snapshots`` a user re-renders any
    budget from the exact files without rebuilding.

    Counting the growing text again for every step was most of the retrieval time, so blocks
    are counted separately (each block starts a line, where BPE merges do not cross), then
    the whole text is counted once and trimmed line by line in the rare case it is over.
    """
    header = f"{comment_prefix} {HEADER}\n\n"
    ranked = [{"filename": s.filename, "score": float(s.score), "lines": [r + 1 for r in s.rows]}
              for s in snippets if s.lines]
    used = count_tokens(header)
    shown: list[Snippet] = []
    for snippet in snippets:
        if not snippet.lines:
            continue
        cost = count_tokens(_block(snippet, comment_prefix))
        if used + cost <= budget:
            shown.append(snippet)
            used += cost
            continue
        lo, hi = 0, len(snippet.lines) - 1  # largest n in [0, len-1] whose head fits
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if used + count_tokens(_block(snippet.head(mid), comment_prefix)) <= budget:
                lo = mid
            else:
                hi = mid - 1
        if lo > 0:
            shown.append(snippet.head(lo))
        break
    while shown:
        text = header + "".join(_block(s, comment_prefix) for s in shown)
        if count_tokens(text) <= budget:
            return {"text": text, "list": [s.to_item() for s in shown], "ranked": ranked}
        last = shown.pop()
        if len(last.lines) > 1:
            shown.append(last.head(len(last.lines) - 1))
    return {"text": "", "list": [], "ranked": ranked}


# ------------------------------------------------------------------------------ graph --
def _header_row(index, span: dict, name: str) -> int:
    """The row showing a definition's name (skipping decorator / annotation rows)."""
    start, end = span["start_line"] - 1, span["end_line"] - 1
    word = re.compile(r"\b" + re.escape(name) + r"\b") if name else None
    for row in range(start, min(end, start + 8) + 1):
        line = index.line(row).strip()
        if not line or line.startswith(_PREAMBLE):
            continue
        if word is None or word.search(line):
            return row
    return start


def _spans(attrs: dict) -> list[dict]:
    return [o["span"] for o in attrs.get("overloads", [])] or [attrs["span"]]


class GraphDefinitions:
    """Turns graph nodes into snippets of their code (full, or a skeleton when long)."""

    def __init__(self, graph: "nx.MultiDiGraph", files: Mapping[str, SourceFile]) -> None:
        self.graph = graph
        self.files = files

    def snippet(self, node: str, score: float) -> Snippet | None:
        attrs = self.graph.nodes.get(node)
        if attrs is None:
            return None
        path = attrs["path"]
        source = self.files.get(path)
        if source is None:
            return None
        index = source.index
        if attrs["kind"] == "file":
            children = [t for _, t, d in self.graph.out_edges(node, data=True) if d.get("kind") == "contains"]
            rows = sorted({_header_row(index, self.graph.nodes[c]["span"], self.graph.nodes[c]["name"]) for c in children})
        elif attrs["kind"] in CLASS_KINDS and self._length(attrs) > C.GRAPH_FULL_DEFINITION_LINES:
            rows = self._skeleton_rows(node, attrs, index)
        else:
            rows = sorted({r for s in _spans(attrs) for r in range(s["start_line"] - 1, s["end_line"])})
        # blank lines carry nothing (BM25 chunks drop them too); long non-classes keep their head
        rows = [r for r in rows if 0 <= r < index.num_lines and index.line(r).strip()]
        if attrs["kind"] not in CLASS_KINDS and attrs["kind"] != "file":
            rows = rows[: C.GRAPH_FULL_DEFINITION_LINES]
        if not rows:
            return None
        return Snippet(path, tuple(index.line(r) for r in rows), tuple(rows), score)

    @staticmethod
    def _length(attrs: dict) -> int:
        return sum(s["end_line"] - s["start_line"] + 1 for s in _spans(attrs))

    def _skeleton_rows(self, node: str, attrs: dict, index) -> list[int]:
        span = attrs["span"]
        rows = {_header_row(index, span, attrs["name"])}
        for member in members(self.graph, node):
            m = self.graph.nodes[member]
            rows.update(_header_row(index, s, m["name"]) for s in _spans(m))
        last = span["end_line"] - 1
        if index.line(last).strip() in ("}", "};", "end"):
            rows.add(last)  # keep braces balanced for brace languages
        return sorted(rows)


def identifier_uses(facts: FileFacts, prompt: str) -> list[tuple[int, str, str | None]]:
    """``(offset, name, member)`` for each name (``name.member`` chains) used in the prompt.

    Uses the file's tree-sitter leaves (so comments and strings do not count) when the prompt
    is a prefix of the file, as it is in the pipeline; a regular expression otherwise.
    """
    text = facts.file.text
    cursor = len(prompt)
    out: list[tuple[int, str, str | None]] = []
    if not text.startswith(prompt):
        for m in _CHAIN.finditer(prompt):
            out.append((m.start(1), m.group(1), m.group(2)))
        return out
    index = facts.file.index
    limit = index.char_to_byte(cursor)
    leaves = []
    for leaf in iter_leaves(facts.tree.root_node):
        if leaf.end_byte > limit:
            break
        leaves.append(leaf)
    for i, leaf in enumerate(leaves):
        if "identifier" not in leaf.type:
            continue
        if i > 0 and leaves[i - 1].type in (".", "?.", "::"):
            continue
        member = None
        if i + 2 < len(leaves) and leaves[i + 1].type in (".", "?.") and "identifier" in leaves[i + 2].type:
            member = index.node_text(leaves[i + 2])
        out.append((index.node_start(leaf), index.node_text(leaf), member))
    return out


# -------------------------------------------------------------------- graph ranking --
# Hops beyond which the distance search stops: the prompt's names are 1 or 2 hops away (an
# imported name or one of the file's own package; a member of an imported module, class or
# package), a member or base of those 2 or 3; further nodes all share the last tier.
GRAPH_MAX_HOPS = 3


@dataclass
class GraphCandidate:
    """A definition of another file that the prompt names, with what the ranking needs.

    ``last_use``: offset of the last use before the cursor, an explicit import statement
    included, and ``last_row`` its row; ``distance``: hops from the cursor's file
    (:func:`graph_distances`). Candidates are listed in order of first mention, which breaks
    ties.
    """

    node: str
    distance: int = GRAPH_MAX_HOPS + 1
    last_use: int = -1
    last_row: int = -1


def own_dependencies(graph: "nx.MultiDiGraph", node: str) -> list[str]:
    """Definitions (not whole files) that ``node``'s own code uses in other files: the ``uses``
    edges of its file whose line lies inside its span, in order of use."""
    attrs = graph.nodes.get(node)
    if attrs is None or attrs.get("kind") == "file" or "span" not in attrs:
        return []
    path, spans = attrs["path"], _spans(attrs)
    found: list[tuple[int, int, str]] = []
    for _, target, data in graph.out_edges(file_node(path), data=True):
        if data.get("kind") != "uses" or target == node or split_node(target)[1] is None:
            continue
        line = data.get("line") or 0
        if any(s["start_line"] <= line <= s["end_line"] for s in spans):
            found.append((line, data.get("column") or 0, target))
    out: list[str] = []
    for _, _, target in sorted(found):
        if target not in out:
            out.append(target)
    return out


def graph_distances(
    graph: "nx.MultiDiGraph",
    first_hop: Iterable[str],
    dependencies: Callable[[str], list[str]] | None = None,
    max_hops: int = GRAPH_MAX_HOPS,
) -> dict[str, int]:
    """Hops from the cursor's file to every node within ``max_hops`` (breadth-first).

    ``first_hop``: the nodes the cursor's file reaches in one hop, i.e. the targets of the
    import statements *in the prompt* (and its own package's files). The cursor's file's
    other edges are not followed: its ``uses`` edges come from checking the whole file, the
    line being completed included. From there one hop is: file -> what it ``imports`` and
    ``defines``; definition -> its members (``contains``), its bases (``inherits``) and the
    definitions its own code uses (``dependencies``, default :func:`own_dependencies`).
    """
    dependencies = dependencies or (lambda node: own_dependencies(graph, node))
    distance: dict[str, int] = {}
    frontier: list[str] = []
    for node in first_hop:
        if node in graph and node not in distance:
            distance[node] = 1
            frontier.append(node)
    for hop in range(2, max_hops + 1):
        nxt: list[str] = []
        for node in frontier:
            if graph.nodes[node].get("kind") == "file":
                targets = [t for _, t, d in graph.out_edges(node, data=True) if d.get("kind") in ("imports", "defines")]
            else:
                targets = [t for _, t, d in graph.out_edges(node, data=True) if d.get("kind") in ("contains", "inherits")]
                targets += dependencies(node)
            for target in targets:
                if target not in distance:
                    distance[target] = hop
                    nxt.append(target)
        frontier = nxt
    return distance


def definition_score(distance: int, rows_to_cursor: int) -> float:
    """The graph retriever's score (higher ranks first): graph distance first, then how close
    to the cursor the definition was last used in the prompt.

    Distance ``d`` gives the tier ``(1/(d+1), 1/d]``; inside it the place is the proximity
    ``p = 1/(1 + rows between the last use and the cursor)``, in (0, 1]:
    ``1/(d+1) + (1/d - 1/(d+1)) * p``. So every definition 1 hop away outranks every one 2 hops
    away, and a definition used on the cursor's row scores ``1/d``. (Ranking by the number of
    uses in the prompt before proximity lowered recall@1 for Python, Java and C#, samples and real
    repositories, and as a tie-break it still cost a little: examples are first uses, so the gold
    name has not been used yet; docs/graph_and_retrieval.md.)
    """
    d = max(distance, 1)
    low, high = 1.0 / (d + 1), 1.0 / d
    return low + (high - low) / (1 + max(rows_to_cursor, 0))


def rank_definitions(candidates: Sequence[GraphCandidate], cursor_row: int) -> list[tuple[GraphCandidate, float]]:
    """``(candidate, score)`` best first: by :func:`definition_score`; equal scores keep the
    candidates' order (first mention in the prompt), so the ranking is deterministic."""
    scored = [(c, definition_score(c.distance, cursor_row - c.last_row)) for c in candidates]
    return sorted(scored, key=lambda pair: -pair[1])


# -------------------------------------------------------------------------- retriever --
class RepositoryRetriever:
    """All retrieval methods for one repository (build once, query per example)."""

    def __init__(
        self,
        files: Sequence[SourceFile],
        facts: Mapping[str, FileFacts],
        graph: "nx.MultiDiGraph",
        language: "LanguageSupport",
        count_tokens: Callable[[str], int],
        budget: int = C.CONTEXT_TOKEN_BUDGET,
        top_k: int = C.TOP_K,
        chunk_lines: int = C.CHUNK_LINES,
        dense_model: str | None = None,
    ) -> None:
        self.files = {f.path: f for f in files if language.is_source_path(f.path)}
        self.facts = facts
        self.graph = graph
        self.language = language
        # the same chunks come back for many examples: their blocks are counted once
        self.count_tokens = lru_cache(maxsize=C.TOKEN_COUNT_CACHE)(count_tokens)
        self.budget = budget
        self.top_k = top_k
        self.chunks = {path: chunk_file(path, f.text, chunk_lines) for path, f in sorted(self.files.items())}
        self.dense_model = dense_model
        self.definitions = GraphDefinitions(graph, self.files)
        self.resolver = ScopeResolver(facts, graph)
        self._indexes: OrderedDict[str, ChunkIndex] = OrderedDict()
        self._distances: OrderedDict[tuple, dict[str, int]] = OrderedDict()
        self._dependencies: dict[str, list[str]] = {}

    def index_for(self, file: str) -> ChunkIndex:
        """The BM25 index over the chunks of every other file (a small LRU: examples come by file)."""
        if file in self._indexes:
            self._indexes.move_to_end(file)
            return self._indexes[file]
        others = sorted((p for p in self.chunks if p != file), key=lambda p: (file_distance(p, file), p))
        index = ChunkIndex([c for p in others for c in self.chunks[p]])
        self._indexes[file] = index
        while len(self._indexes) > 2:
            self._indexes.popitem(last=False)
        return index

    def snippets(self, method: str, file: str, prompt: str, groundtruth: str) -> list[Snippet]:
        if method == "bm25":
            return self.index_for(file).top_next_chunks(last_nonempty_lines(prompt), self.top_k)
        if method == "oracle":
            return self.index_for(file).top_hits(last_nonempty_lines(prompt + groundtruth), self.top_k)
        if method == "graph":
            return self.graph_snippets(file, prompt)
        if method == "jaccard":
            index = self.index_for(file)
            return index.select(index.rank_jaccard(last_nonempty_lines(prompt)), self.top_k, follow=True)
        if method == "dense":
            if not self.dense_model:
                raise ValueError("the dense retriever needs a model: --dense-model PATH_OR_HUB_ID")
            from crossfile_datasets.builders.completion.dense import encoder_for

            index = self.index_for(file)
            return index.select(index.rank_dense(last_nonempty_lines(prompt), encoder_for(self.dense_model)),
                                self.top_k, follow=True)
        raise ValueError(f"unknown retrieval method '{method}' (choices: {', '.join(METHODS)})")

    def context(self, method: str, file: str, prompt: str, groundtruth: str) -> dict:
        """``{"text", "list": [{"retrieved_chunk", "filename", "score", "lines"}]}`` for one example."""
        found = self.snippets(method, file, prompt, groundtruth)
        return render_context(found, self.language.comment_prefix, self.count_tokens, self.budget)

    # -- graph --------------------------------------------------------------------------
    def graph_candidates(self, file: str, prompt: str) -> list[GraphCandidate]:
        """The project definitions of other files that the prompt imports or names, in order of
        first mention, with their last use and graph distance (not yet ranked).

        Only the prompt is read (its import statements and the identifiers of its code up to
        the cursor), never the file's checker-proven uses, which include the line to complete.
        """
        facts = self.facts.get(file)
        if facts is None:
            return []
        cursor = len(prompt)
        row_of = facts.file.index.row_col
        found: dict[str, GraphCandidate] = {}

        def note(node: str | None, offset: int) -> None:
            if node is None or node not in self.graph or split_node(node)[0] == file:
                return
            candidate = found.setdefault(node, GraphCandidate(node))
            if offset > candidate.last_use:
                candidate.last_use, candidate.last_row = offset, row_of(offset)[0]

        modules: dict[str, str] = {}
        for b in facts.imports:
            # a wildcard / namespace import brings whole packages: only names used count
            if b.statement.start >= cursor or not b.target_file or b.kind == "wildcard":
                continue
            if b.target_symbol:
                if b.kind != "namespace":  # C# lists each type of a `using` as a namespace binding
                    note(self.resolver.resolve(file, b.local_name), b.statement.start)
            else:  # a module (`from pkg import mod`, TS `import * as ns`): outline it
                modules[b.local_name] = file_node(b.target_file)
                note(modules[b.local_name], b.statement.start)
        import_rows = facts.import_rows
        for offset, name, member in identifier_uses(facts, prompt):
            if row_of(offset)[0] in import_rows:
                continue
            node = self.resolver.resolve(file, name)
            if node is not None:
                note(node, offset)
                continue
            target = self.resolver.resolve(file, f"{name}.{member}") if member else None
            if target is not None:
                note(target, offset)  # `module.name`: the member's definition says more than the module
            elif name in modules:
                note(modules[name], offset)
        if found:
            distance = self.distances_from(file, prompt.count("\n"))
            for candidate in found.values():
                candidate.distance = distance.get(candidate.node, GRAPH_MAX_HOPS + 1)
        return list(found.values())

    def distances_from(self, file: str, cursor_row: int) -> dict[str, int]:
        """:func:`graph_distances` from ``file`` for a cursor on ``cursor_row`` (0-based): the
        first hop is what the file's import statements that start on an earlier row import,
        and the other files of its package with their definitions (Java and C# see those
        without an import: the language imports them, so they are as near as an imported name)."""
        first = [t for _, t, d in self.graph.out_edges(file_node(file), data=True)
                 if d.get("kind") == "imports" and (d.get("line") or 0) <= cursor_row]
        package = self.facts[file].package
        for other in self.resolver.by_package.get(package, []) if package else []:
            if other != file:
                first.append(file_node(other))
                first += [t for _, t, d in self.graph.out_edges(file_node(other), data=True) if d.get("kind") == "defines"]
        key = (file, tuple(first))  # the same for every cursor after the imports: one search per file
        if key not in self._distances:
            self._distances[key] = graph_distances(self.graph, first, self.dependencies)
            while len(self._distances) > 4:
                self._distances.popitem(last=False)
        return self._distances[key]

    def visible_definitions(self, file: str, prompt: str) -> list[tuple[str, int]]:
        """``(node, offset of its last use before the cursor)`` of the prompt's definitions of
        other files, best first (:func:`rank_definitions`)."""
        ranked = rank_definitions(self.graph_candidates(file, prompt), prompt.count("\n"))
        return [(c.node, c.last_use) for c, _ in ranked]

    def graph_snippets(self, file: str, prompt: str) -> list[Snippet]:
        """The ``top_k`` best-ranked visible definitions, then one level of their own dependencies
        (definitions of other files their code uses, proven by the checker): a dependency is one
        hop further than its user and not used in the prompt, so its score is the floor of that
        tier, ``1/(d+2)`` for a user at distance ``d``, below every visible definition there.
        The list is in score order (stable); rendering keeps what the token budget allows."""
        facts = self.facts.get(file)
        if facts is None:
            return []
        out: list[tuple[GraphCandidate, Snippet]] = []
        for candidate, score in rank_definitions(self.graph_candidates(file, prompt), prompt.count("\n")):
            snippet = self.definitions.snippet(candidate.node, score)
            if snippet is not None:
                out.append((candidate, snippet))
            if len(out) == self.top_k:
                break
        chosen = {candidate.node for candidate, _ in out}
        dependencies: list[Snippet] = []
        for candidate, _ in out:
            for dependency in self.dependencies(candidate.node):
                if dependency in chosen or split_node(dependency)[0] == file:
                    continue
                chosen.add(dependency)
                extra = self.definitions.snippet(dependency, 1.0 / (max(candidate.distance, 1) + 2))
                if extra is not None:
                    dependencies.append(extra)
        snippets = [snippet for _, snippet in out] + dependencies[: self.top_k]
        return sorted(snippets, key=lambda snippet: -snippet.score)

    def dependencies(self, node: str) -> list[str]:
        """:func:`own_dependencies` of ``node`` (cached: the distance search asks again)."""
        if node not in self._dependencies:
            self._dependencies[node] = own_dependencies(self.graph, node)
        return self._dependencies[node]

__all__ = [
    "GRAPH_MAX_HOPS", "METHODS", "VARIANT_FILES", "Chunk", "ChunkIndex", "GraphCandidate", "RepositoryRetriever", "Snippet",
    "chunk_file", "definition_score", "file_distance", "graph_distances", "last_nonempty_lines", "own_dependencies",
    "rank_definitions", "render_context", "tokenize",
]
