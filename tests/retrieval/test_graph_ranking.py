"""The graph retriever's ranking on a hand-made graph: distance from the cursor's file first,
then the last use before the cursor, ties in order of first mention (issue 17 item 5)."""

from __future__ import annotations

import networkx as nx

from crossfile_datasets.builders.completion.retrieval import (
    GRAPH_MAX_HOPS,
    GraphCandidate,
    definition_score,
    graph_distances,
    own_dependencies,
    rank_definitions,
)


def span(start, end):
    return {"start_line": start, "start_column": 0, "end_line": end, "end_column": 1}


def hand_made() -> nx.MultiDiGraph:
    """app.py imports lib/a.py#A and the module lib/m.py; A's code uses lib/c.py#C and A
    inherits lib/b.py#B; m defines f; C's code uses lib/far.py#Far; C contains C.deep, which
    contains C.deep.Inner."""
    g = nx.MultiDiGraph()
    for path in ("app.py", "lib/a.py", "lib/b.py", "lib/c.py", "lib/m.py", "lib/far.py"):
        g.add_node(f"file:{path}", kind="file", path=path)
    for node, kind, path, s in [("sym:lib/a.py#A", "class", "lib/a.py", span(1, 10)), ("sym:lib/a.py#A.run", "method", "lib/a.py", span(3, 5)),
                                ("sym:lib/b.py#B", "class", "lib/b.py", span(1, 3)), ("sym:lib/c.py#C", "class", "lib/c.py", span(1, 9)),
                                ("sym:lib/c.py#C.deep", "method", "lib/c.py", span(4, 8)), ("sym:lib/m.py#f", "function", "lib/m.py", span(1, 2)),
                                ("sym:lib/far.py#Far", "class", "lib/far.py", span(1, 2)),
                                ("sym:lib/c.py#C.deep.Inner", "class", "lib/c.py", span(7, 8))]:
        g.add_node(node, kind=kind, path=path, span=s)
        g.add_edge(f"file:{path}", node, kind="defines")
    g.add_edge("file:lib/a.py", "sym:lib/a.py#A", kind="contains")
    g.add_edge("sym:lib/a.py#A", "sym:lib/a.py#A.run", kind="contains")
    g.add_edge("sym:lib/c.py#C", "sym:lib/c.py#C.deep", kind="contains")
    g.add_edge("sym:lib/c.py#C.deep", "sym:lib/c.py#C.deep.Inner", kind="contains")
    g.add_edge("sym:lib/a.py#A", "sym:lib/b.py#B", kind="inherits")
    g.add_edge("file:app.py", "sym:lib/a.py#A", kind="imports", line=1)
    g.add_edge("file:app.py", "file:lib/m.py", kind="imports", line=2)
    g.add_edge("file:lib/a.py", "sym:lib/c.py#C", kind="uses", line=4)  # inside A (1-10)
    g.add_edge("file:lib/a.py", "sym:lib/b.py#B", kind="uses", line=12)  # outside A: not A's dependency
    g.add_edge("file:lib/c.py", "sym:lib/far.py#Far", kind="uses", line=6)  # inside C and C.deep
    return g


def test_distances_follow_imports_defines_contains_inherits_and_own_uses():
    g = hand_made()
    d = graph_distances(g, ["sym:lib/a.py#A", "file:lib/m.py"])
    assert d["sym:lib/a.py#A"] == 1 and d["file:lib/m.py"] == 1
    assert d["sym:lib/m.py#f"] == 2  # the imported module's definition
    assert d["sym:lib/a.py#A.run"] == 2  # a member of the imported class
    assert d["sym:lib/b.py#B"] == 2  # its base
    assert d["sym:lib/c.py#C"] == 2  # what its own code uses
    assert d["sym:lib/c.py#C.deep"] == 3 and d["sym:lib/far.py#Far"] == 3
    assert "sym:lib/c.py#C.deep.Inner" not in d  # 4 hops: beyond GRAPH_MAX_HOPS
    assert GRAPH_MAX_HOPS == 3 and graph_distances(g, ["sym:lib/a.py#A"], max_hops=4)["sym:lib/c.py#C.deep.Inner"] == 4
    assert own_dependencies(g, "sym:lib/a.py#A") == ["sym:lib/c.py#C"]  # the use on line 12 is outside A
    assert graph_distances(g, ["sym:nope#X"]) == {}


def test_distance_outranks_proximity_and_proximity_orders_a_tier():
    cursor_row = 40
    near_but_far = GraphCandidate("sym:lib/m.py#f", distance=2, last_use=900, last_row=39)  # used on the row above
    imported_old = GraphCandidate("sym:lib/a.py#A", distance=1, last_use=10, last_row=0)  # import statement only
    imported_recent = GraphCandidate("sym:lib/b.py#B", distance=1, last_use=500, last_row=20)
    unreached = GraphCandidate("sym:lib/far.py#Far", last_use=950, last_row=40)  # same row as the cursor
    ranked = rank_definitions([near_but_far, imported_old, unreached, imported_recent], cursor_row)
    assert [c.node for c, _ in ranked] == ["sym:lib/b.py#B", "sym:lib/a.py#A", "sym:lib/m.py#f", "sym:lib/far.py#Far"]
    scores = [s for _, s in ranked]
    assert scores == sorted(scores, reverse=True) and len(set(scores)) == 4
    # the tiers: (1/2, 1], (1/3, 1/2], ...; unreached nodes share the last tier
    assert scores[0] == 0.5 + 0.5 / 21 and scores[1] == 0.5 + 0.5 / 41
    assert 1 / 3 < scores[2] <= 1 / 2 and scores[2] == definition_score(2, 1)
    assert scores[3] == definition_score(GRAPH_MAX_HOPS + 1, 0) == 1 / (GRAPH_MAX_HOPS + 1)
    assert definition_score(1, 0) == 1.0 and definition_score(1, 10**6) > definition_score(2, 0)


def test_ties_keep_the_order_of_first_mention():
    # three names of one import statement: same distance, same row -> the statement's order
    names = [GraphCandidate(f"sym:lib/x.py#{n}", distance=1, last_use=0, last_row=0) for n in ("Z", "A", "M")]
    for order in (names, names[::-1]):
        assert [c.node for c, _ in rank_definitions(order, 5)] == [c.node for c in order]
