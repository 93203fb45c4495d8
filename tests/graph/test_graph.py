"""The dependency graph on the shopkeeper fixture, with usages found by the real Pylint."""

from __future__ import annotations

import json

import pytest

from crossfile_datasets.core.records import CrossFileUsage
from crossfile_datasets.analyzers.graph import (
    SCHEMA_VERSION,
    build_graph,
    definition_node_for_usage,
    definition_span,
    load_graph,
    save_graph,
)
from tests.graph.shopkeeper import analyzed

pytestmark = pytest.mark.pylint


def edges(graph, kind):
    return {(s, t) for s, t, d in graph.edges(data=True) if d["kind"] == kind}


@pytest.fixture(scope="module")
def shop():
    return analyzed()


def test_nodes_have_stable_ids_and_schema_attributes(shop):
    g = shop.graph
    assert g.graph == {"repository": "shopkeeper", "language": "python", "schema_version": SCHEMA_VERSION}
    files = sorted(n for n, d in g.nodes(data=True) if d["kind"] == "file")
    assert files == [f"file:{f.path}" for f in shop.files]
    item = g.nodes["sym:shopkeeper/catalog/items.py#Item"]
    assert item["kind"] == "class" and item["name"] == "Item" and item["path"] == "shopkeeper/catalog/items.py"
    assert item["span"] == {"start_line": 7, "start_column": 0, "end_line": 35, "end_column": 68}
    assert item["signature"] == "class Item" and item["language"] == "python"
    assert g.nodes["sym:shopkeeper/catalog/items.py#Item.from_row"]["kind"] == "method"
    assert g.nodes["sym:shopkeeper/catalog/items.py#Item.unit"]["kind"] == "field"
    assert g.nodes["sym:shopkeeper/catalog/items.py#DEFAULT_CURRENCY"]["kind"] == "constant"
    assert g.nodes["sym:shopkeeper/billing/tax.py#with_tax"]["kind"] == "function"
    for node, attrs in g.nodes(data=True):
        assert {"kind", "path", "span", "language", "signature", "name"} <= set(attrs), node
        assert attrs["span"]["start_line"] >= 1


def test_definitions_sharing_a_qualified_name_are_overloads_of_one_node(shop):
    price = shop.graph.nodes["sym:shopkeeper/catalog/items.py#Item.price"]
    assert [o["signature"] for o in price["overloads"]] == ["def price(self)", "def price(self, value)"]
    assert price["span"] == price["overloads"][0]["span"] == {"start_line": 25, "start_column": 4, "end_line": 27, "end_column": 37}
    assert price["overloads"][1]["span"]["start_line"] == 29
    assert "overloads" not in shop.graph.nodes["sym:shopkeeper/catalog/items.py#Item.label"]


def test_contains_and_defines(shop):
    g = shop.graph
    contains, defines = edges(g, "contains"), edges(g, "defines")
    assert ("file:shopkeeper/catalog/items.py", "sym:shopkeeper/catalog/items.py#Item") in contains
    assert ("sym:shopkeeper/catalog/items.py#Item", "sym:shopkeeper/catalog/items.py#Item.label") in contains
    assert ("file:shopkeeper/catalog/items.py", "sym:shopkeeper/catalog/items.py#Item.label") not in contains
    assert ("file:shopkeeper/catalog/items.py", "sym:shopkeeper/catalog/items.py#Item.label") in defines
    # every symbol is defined by its file and contained exactly once
    for node, attrs in g.nodes(data=True):
        if attrs["kind"] != "file":
            assert (f"file:{attrs['path']}", node) in defines
            assert sum(1 for s, t in contains if t == node) == 1


def test_imports_resolve_to_symbols_modules_and_reexports(shop):
    imports = edges(shop.graph, "imports")
    assert ("file:scripts/daily_report.py", "sym:shopkeeper/catalog/stock.py#Warehouse") in imports
    # `from shopkeeper import Item` goes through the package's re-export to the defining file
    assert ("file:scripts/daily_report.py", "sym:shopkeeper/catalog/items.py#Item") in imports
    # `from shopkeeper.billing import tax` is a module import: an edge to the file
    assert ("file:scripts/daily_report.py", "file:shopkeeper/billing/tax.py") in imports
    data = [d for s, t, d in shop.graph.edges(data=True) if d["kind"] == "imports" and t == "file:shopkeeper/billing/tax.py"
            and s == "file:scripts/daily_report.py"]
    assert data[0]["binding_kind"] == "module" and data[0]["line"] == 7 and data[0]["local_name"] == "tax"


def test_inherits_same_file_cross_file_and_module_qualified(shop):
    assert edges(shop.graph, "inherits") == {
        ("sym:shopkeeper/catalog/items.py#PerishableItem", "sym:shopkeeper/catalog/items.py#Item"),
        ("sym:shopkeeper/catalog/stock.py#ColdStore", "sym:shopkeeper/catalog/stock.py#Warehouse"),
        ("sym:shopkeeper/billing/credit.py#CreditNote", "sym:shopkeeper/billing/invoice.py#Invoice"),
        ("sym:shopkeeper/billing/credit.py#RefundLine", "sym:shopkeeper/billing/invoice.py#InvoiceLine"),
    }


def test_every_usage_is_a_uses_edge_to_an_existing_definition(shop):
    g = shop.graph
    assert len(shop.usages) >= 25
    uses = [(s, t, d) for s, t, d in g.edges(data=True) if d["kind"] == "uses"]
    assert len(uses) == len(shop.usages)
    for u in shop.usages:
        node = definition_node_for_usage(g, u)
        if u.definition_symbol is None and u.member is None:
            assert node is None  # a module (`tax`) has a file node, not a symbol node
            target = f"file:{u.definition_file}"
        else:
            assert node is not None and node.startswith("sym:"), u
            target = node
        assert target in g
        assert any(s == f"file:{u.file}" and t == target and d["line"] == u.line and d["column"] == u.column
                   for s, t, d in uses), u


def test_member_usages_point_to_members_inherited_members_or_the_class(shop):
    by_key = {(u.file, u.line, u.imported_name, u.member): u for u in shop.usages}
    g = shop.graph
    own = by_key[("scripts/daily_report.py", 12, "Warehouse", "receive")]
    assert definition_node_for_usage(g, own) == "sym:shopkeeper/catalog/stock.py#Warehouse.receive"
    # ColdStore has no `expired`: the member comes from its base class Warehouse
    inherited = by_key[("scripts/daily_report.py", 34, "ColdStore", "expired")]
    assert inherited.definition_symbol == "Warehouse.expired"  # Python resolves inherited members itself
    assert definition_node_for_usage(g, inherited) == "sym:shopkeeper/catalog/stock.py#Warehouse.expired"
    # `customer` is an instance attribute, not a definition: fall back to the class
    attribute = by_key[("shopkeeper/billing/credit.py", 14, "Invoice", "customer")]
    assert definition_node_for_usage(g, attribute) == "sym:shopkeeper/billing/invoice.py#Invoice"
    module_member = by_key[("shopkeeper/billing/invoice.py", 16, "tax", "rate_for")]
    node = definition_node_for_usage(g, module_member)
    assert node == "sym:shopkeeper/billing/tax.py#rate_for"
    assert definition_span(g, node) == {"start_line": 7, "start_column": 0, "end_line": 10, "end_column": 24}
    assert definition_span(g, "sym:nowhere.py#X") is None and definition_span(g, None) is None


def test_unknown_definition_file_gives_no_node():
    usage = CrossFileUsage("r", "a.py", 1, 0, "X", None, "from b import X", "pylint", "E0602", "m",
                           definition_file=None, definition_symbol=None)
    g = analyzed().graph
    assert definition_node_for_usage(g, usage) is None


def test_save_and_load_roundtrip(shop, tmp_path):
    path = tmp_path / "graphs" / "shopkeeper.json"
    save_graph(shop.graph, path)
    raw = json.loads(path.read_text())
    assert raw["schema_version"] == SCHEMA_VERSION and raw["directed"] and raw["multigraph"]
    assert {"nodes", "edges", "graph"} <= set(raw)
    back = load_graph(path)
    assert back.graph == shop.graph.graph
    assert dict(back.nodes(data=True)) == dict(shop.graph.nodes(data=True))
    assert sorted(map(repr, back.edges(keys=True, data=True))) == sorted(map(repr, shop.graph.edges(keys=True, data=True)))
    raw["schema_version"] = 99
    path.write_text(json.dumps(raw))
    with pytest.raises(ValueError, match="schema_version"):
        load_graph(path)


def test_build_is_deterministic(shop):
    again = build_graph("shopkeeper", "python", shop.facts, shop.usages)
    assert list(again.nodes) == list(shop.graph.nodes)
    assert list(again.edges(keys=True, data=True)) == list(shop.graph.edges(keys=True, data=True))
