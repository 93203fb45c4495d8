"""The graph retriever: definitions of the project names the prompt uses, nearest in the graph
first, then closest use first."""

from __future__ import annotations

from pathlib import Path

import pytest
from tokenizers import Tokenizer

from crossfile_datasets.analyzers.graph import build_graph, definition_node_for_usage, definition_span
from crossfile_datasets.builders.completion.retrieval import RepositoryRetriever
from crossfile_datasets.builders.completion.retrieval_report import item_contains
from crossfile_datasets.lang import get_language
from crossfile_datasets.core.records import SourceFile
from tests.graph.shopkeeper import analyzed

TOKENIZER = Path(__file__).resolve().parents[2] / "core" / "data" / "starcoder" / "tokenizer.json"
REPORT = "scripts/daily_report.py"


@pytest.fixture(scope="module")
def count_tokens():
    tokenizer = Tokenizer.from_file(str(TOKENIZER))
    return lambda text: len(tokenizer.encode(text, add_special_tokens=False).ids)


@pytest.fixture(scope="module")
def shop(count_tokens):
    shop = analyzed()
    return shop, RepositoryRetriever(shop.files, shop.facts, shop.graph, get_language("python"), count_tokens)


def prompt_before(shop, path: str, marker: str) -> str:
    text = shop.facts[path].file.text
    return text[: text.index(marker) + len(marker)]


@pytest.mark.pylint
def test_ranked_by_distance_then_last_use_before_the_cursor_import_counts_as_a_use(shop):
    shop, retriever = shop
    prompt = prompt_before(shop, REPORT, 'print("standard rate:", ')
    ranked = [(node, shop.facts[REPORT].file.index.row_col(offset)[0] + 1) for node, offset in retriever.visible_definitions(REPORT, prompt)]
    assert ranked == [
        ("sym:shopkeeper/billing/invoice.py#Invoice", 20),
        ("sym:shopkeeper/catalog/items.py#PerishableItem", 15),
        ("sym:shopkeeper/catalog/stock.py#ColdStore", 14),
        ("sym:shopkeeper/catalog/items.py#Item", 13),
        ("sym:shopkeeper/catalog/stock.py#Warehouse", 11),
        ("file:shopkeeper/billing/tax.py", 7),  # `tax` is imported on line 7 and not used yet
    ]
    later = prompt_before(shop, REPORT, 'print("sample:", ')
    nodes = [node for node, _ in retriever.visible_definitions(REPORT, later)]
    # `tax.STANDARD_RATE` (line 33) resolves to the module member: 2 hops (the imported module,
    # then its definition), so it follows every imported name although it is used last
    assert nodes[-2:] == ["file:shopkeeper/billing/tax.py", "sym:shopkeeper/billing/tax.py#STANDARD_RATE"]
    distance = {c.node: c.distance for c in retriever.graph_candidates(REPORT, later)}
    assert [distance[n] for n in nodes] == [1, 1, 1, 1, 1, 1, 2]


@pytest.mark.pylint
def test_graph_context_shows_definitions_skeletons_and_module_outlines(shop):
    shop, retriever = shop
    prompt = prompt_before(shop, REPORT, 'print("standard rate:", ')
    ctx = retriever.context("graph", REPORT, prompt, "tax.STANDARD_RATE)")
    items = ctx["list"]
    assert [i["filename"] for i in items][:2] == ["shopkeeper/billing/invoice.py", "shopkeeper/catalog/items.py"]
    # Invoice is longer than GRAPH_FULL_DEFINITION_LINES: header and member headers only
    assert items[0]["retrieved_chunk"].split("\n") == [
        "class Invoice:",
        "    def __init__(self, customer, currency=DEFAULT_CURRENCY):",
        "    def add(self, item, quantity):",
        "    def total(self):",
        "    def describe(self):",
        "    def sample():",
    ]
    # PerishableItem is short: its code, blank lines left out
    assert items[1]["retrieved_chunk"].startswith("class PerishableItem(Item):\n    \"\"\"An item that expires")
    assert items[1]["lines"][0] == 38 and "" not in items[1]["retrieved_chunk"].split("\n")
    assert [i["score"] for i in items] == sorted((i["score"] for i in items), reverse=True)
    for item in items:  # every listed line is that file's line
        text = shop.facts[item["filename"]].file.text.split("\n")
        assert [text[n - 1] for n in item["lines"]] == item["retrieved_chunk"].split("\n")
    outline = retriever.definitions.snippet("file:shopkeeper/billing/tax.py", 1.0)
    assert outline.lines == ("STANDARD_RATE = 0.2", "REDUCED_RATE = 0.05", "def rate_for(item_unit):", "def with_tax(amount_cents, rate):")


@pytest.mark.pylint
def test_gold_definition_of_a_member_use_is_retrieved(shop):
    shop, retriever = shop
    usage = next(u for u in shop.usages if u.file == REPORT and u.member == "STANDARD_RATE")
    line = shop.facts[REPORT].file.index.line(usage.line - 1)
    prompt = prompt_before(shop, REPORT, line[: usage.column])  # cursor just before the member
    node = definition_node_for_usage(shop.graph, usage)
    span = definition_span(shop.graph, node)
    gold = (usage.definition_file, span["start_line"], span["end_line"])
    items = retriever.context("graph", REPORT, prompt, "STANDARD_RATE)")["list"]
    # `tax.` is not a complete use yet, so the module outline (import rank) carries the constant
    assert any(item_contains(item, gold) for item in items)


def test_comments_and_strings_are_not_uses_and_same_file_names_are_skipped(count_tokens):
    python = get_language("python")
    texts = {
        "lib/shapes.py": "class Square:\n    def area(self):\n        return 1\n\n\nclass Circle:\n    pass\n",
        "app.py": (
            "from lib.shapes import Circle, Square\n\n\n"
            "class Local:\n    pass\n\n\n"
            "def draw():\n"
            "    shape = Square()\n"
            "    local = Local()\n"
            "    # Circle would be next, says this comment\n"
            "    label = 'Circle'\n"
            "    return "
        ),
    }
    files = [SourceFile(p, t) for p, t in sorted(texts.items())]
    facts = python.analyze_files("/nonexistent", files)
    graph = build_graph("shapes", "python", facts, [])
    retriever = RepositoryRetriever(files, facts, graph, python, count_tokens)
    ranked = [node for node, _ in retriever.visible_definitions("app.py", texts["app.py"])]
    assert ranked == ["sym:lib/shapes.py#Square", "sym:lib/shapes.py#Circle"]
    assert retriever.context("graph", "missing.py", "x = ", "1") == {"text": "", "list": [], "ranked": []}


def test_definitions_own_dependencies_follow_the_top_k_while_the_budget_allows(count_tokens):
    """Issue 17 item 5: one level of the retrieved definitions' own dependencies (uses the checker
    proved inside their code), ranked after them at the floor of the next distance tier."""
    from crossfile_datasets.builders.completion.retrieval import render_context
    from crossfile_datasets.core.records import CrossFileUsage

    python = get_language("python")
    texts = {
        "lib/units.py": "class Meter:\n    def scale(self):\n        return 100\n",
        "lib/shapes.py": "from lib.units import Meter\n\n\nclass Square:\n    def area(self):\n        return Meter().scale()\n",
        "app.py": "from lib.shapes import Square\n\n\ndef draw():\n    shape = Square()\n    return ",
    }
    files = [SourceFile(p, t) for p, t in sorted(texts.items())]
    facts = python.analyze_files("/nonexistent", files)
    usage = CrossFileUsage("shapes", "lib/shapes.py", 6, 15, "Meter", None, "from lib.units import Meter", "pylint",
                           "E0602", "Undefined variable 'Meter'", "lib/units.py", "Meter", 6, 20, "remove")
    graph = build_graph("shapes", "python", facts, [usage])
    retriever = RepositoryRetriever(files, facts, graph, python, count_tokens)
    assert retriever.dependencies("sym:lib/shapes.py#Square") == ["sym:lib/units.py#Meter"]
    assert retriever.dependencies("sym:lib/units.py#Meter") == []  # uses nothing of another file
    square, meter = retriever.snippets("graph", "app.py", texts["app.py"], "")
    assert (square.filename, meter.filename) == ("lib/shapes.py", "lib/units.py")
    # Square is imported (1 hop) and used 1 row above the cursor: 1/2 + 1/2 * 1/2; Meter, one hop
    # further and not used in the prompt, gets the floor of the 2-hop tier, 1/3
    assert square.score == 0.75 and meter.score == 1 / 3 and meter.lines[0] == "class Meter:"
    full = render_context([square, meter], "#", count_tokens)
    assert [item["filename"] for item in full["list"]] == ["lib/shapes.py", "lib/units.py"]
    # a budget that holds only the definition itself: the dependency is ranked but not shown
    tight = count_tokens(render_context([square], "#", count_tokens)["text"])
    shown = render_context([square, meter], "#", count_tokens, budget=tight)
    assert [item["filename"] for item in shown["list"]] == ["lib/shapes.py"]
    assert [item["filename"] for item in shown["ranked"]] == ["lib/shapes.py", "lib/units.py"]


@pytest.mark.pylint
def test_graph_top1_is_the_gold_where_bm25s_is_not_imported_name_before_a_module_member(shop):
    """End to end on the shopkeeper fixture (real Pylint usages): the first use of the imported
    ``DEFAULT_CURRENCY`` in invoice.py comes after ``tax.rate_for`` / ``tax.with_tax`` were used.
    Those are members of an imported module (2 hops); the imported name is 1 hop away, so it
    ranks first although its last use (the import) is further from the cursor. BM25's best
    chunk is another one."""
    shop, retriever = shop
    path = "shopkeeper/billing/invoice.py"
    usage = next(u for u in shop.usages if u.file == path and u.imported_name == "DEFAULT_CURRENCY")
    text = shop.facts[path].file.text
    prompt = text[: sum(len(line) + 1 for line in text.split("\n")[: usage.line - 1]) + usage.column]
    assert prompt.endswith("currency=") and "tax.with_tax(" in prompt
    span = definition_span(shop.graph, definition_node_for_usage(shop.graph, usage))
    gold = (usage.definition_file, span["start_line"], span["end_line"])
    graph = retriever.context("graph", path, prompt, "DEFAULT_CURRENCY")["list"]
    bm25 = retriever.context("bm25", path, prompt, "DEFAULT_CURRENCY")["list"]
    assert item_contains(graph[0], gold) and graph[0]["score"] == max(item["score"] for item in graph)
    assert bm25 and not item_contains(bm25[0], gold)
    distance = {c.node: c.distance for c in retriever.graph_candidates(path, prompt)}
    assert distance[definition_node_for_usage(shop.graph, usage)] == 1
    assert distance["sym:shopkeeper/billing/tax.py#with_tax"] == 2
