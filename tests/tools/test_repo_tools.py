"""Repository tools (RepoClassBench RRR) over the graph: Python fixture, crafted Java/C#/TS facts."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from crossfile_datasets.analyzers.graph import build_graph, save_graph
from crossfile_datasets.builders.repo_tools import RepoTools, tools_app
from crossfile_datasets.lang.typescript.resolve import relative_specifier
from crossfile_datasets.core.records import Definition, FileFacts, ImportBinding, SourceFile, Span
from tests.graph.shopkeeper import ROOT, analyzed


@pytest.fixture(scope="module")
def tools():
    shop = analyzed()
    return RepoTools(shop.graph, shop.files)


# ----------------------------------------------------------------------------- Python --
@pytest.mark.pylint
def test_get_imports_python(tools):
    assert tools.get_imports(["Warehouse", "Item", "rate_for", "price", "Undefined"]) == [
        "from shopkeeper.catalog.stock import Warehouse",
        "from shopkeeper.catalog.items import Item",
        "from shopkeeper.billing.tax import rate_for",
    ]  # `price` is a method (not importable), `Undefined` does not exist
    assert tools.get_imports(["Item"], from_file="shopkeeper/catalog/items.py") == []


@pytest.mark.pylint
def test_get_class_info_lists_own_and_inherited_members(tools):
    info = tools.get_class_info("ColdStore")
    assert info.splitlines() == [
        "class ColdStore(Warehouse)    [shopkeeper/catalog/stock.py:35-41]",
        "members:",
        "  def receive(self, item, quantity)",
        "inherited from Warehouse (shopkeeper/catalog/stock.py):",
        "  def __init__(self, name)",
        "  def ship(self, sku, quantity)",
        "  def quantity(self, sku)",
        "  def expired(self, age_days)",
    ]  # Warehouse.receive is overridden, so it is not listed as inherited
    credit = tools.class_info("CreditNote")[0]
    assert credit["bases"] == ["Invoice"]
    assert [m["name"] for m in credit["members"]] == ["total", "reason"]
    assert credit["inherited"][0]["path"] == "shopkeeper/billing/invoice.py"
    assert "total" not in [m["name"] for m in credit["inherited"][0]["members"]]
    item = tools.class_info("Item")[0]
    assert {"name": "unit", "kind": "field", "signatures": ['unit = "piece"']} in item["members"]
    assert tools.get_class_info("Nope") == "no class named 'Nope' in the repository"


@pytest.mark.pylint
def test_get_signature_returns_every_overload_and_inherited_methods(tools):
    assert tools.get_signature("Item", "price") == ["def price(self)", "def price(self, value)"]
    assert tools.get_signature("PerishableItem", "label") == ["def label(self)"]
    assert tools.get_signature("RefundLine", "net") == ["def net(self)"]  # from invoice.InvoiceLine
    assert tools.get_signature("Item", "missing") == []


@pytest.mark.pylint
def test_get_method_body_truncates_long_bodies(tools):
    (full,) = tools.get_method_body("Warehouse", "ship")
    assert full.startswith("    def ship(self, sku, quantity):") and full.endswith("return self._items[sku]")
    assert len(full.split("\n")) == 6
    (short,) = tools.get_method_body("Warehouse", "ship", max_lines=2)
    assert short.split("\n") == [
        "    def ship(self, sku, quantity):",
        "        available = self._quantities.get(sku, 0)",
        "    # ... (4 more lines)",
    ]
    assert len(tools.get_method_body("Item", "price")) == 2


@pytest.mark.pylint
def test_get_related_snippets_is_bm25_over_chunks(tools):
    snippets = tools.get_related_snippets("REDUCED_RATE rate_for", k=2)
    assert snippets[0]["filename"] == "shopkeeper/billing/tax.py"
    assert len(snippets) == 2 and snippets[0]["score"] >= snippets[1]["score"]
    assert "REDUCED_RATE = 0.05" in snippets[0]["retrieved_chunk"]


@pytest.mark.pylint
def test_loaded_from_saved_graph_and_cli(tools, tmp_path):
    graph_path = tmp_path / "shopkeeper.json"
    save_graph(analyzed().graph, graph_path)
    loaded = RepoTools.load(graph_path, ROOT)
    assert loaded.get_class_info("ColdStore") == tools.get_class_info("ColdStore")
    assert loaded.get_method_body("Invoice", "total") == tools.get_method_body("Invoice", "total")
    runner = CliRunner()
    common = ["--graph", str(graph_path), "--root", str(ROOT)]
    result = runner.invoke(tools_app, ["signature", "Item", "price", *common])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == ["def price(self)", "def price(self, value)"]
    result = runner.invoke(tools_app, ["imports", "Invoice", "tax", *common])
    assert result.output.splitlines() == ["from shopkeeper.billing.invoice import Invoice"]
    result = runner.invoke(tools_app, ["class-info", "Warehouse", *common])
    assert "def expired(self, age_days)" in result.output
    result = runner.invoke(tools_app, ["snippets", "with_tax", "-k", "1", *common])
    assert '"filename": "shopkeeper/billing/tax.py"' in result.output
    result = runner.invoke(tools_app, ["method-body", "Item", "label", "--max-lines", "1", *common])
    assert result.output.splitlines() == ["    def label(self):", "    # ... (1 more line)"]


# ----------------------------------------- other languages' syntax (crafted FileFacts) --
def crafted(language: str, spec: dict[str, dict]) -> RepoTools:
    """Facts as a language package would report them: {path: {package, defs, imports}}."""
    facts, files = {}, []
    for path, f in spec.items():
        text = "\n".join(f"line {i}" for i in range(40))
        source = SourceFile(path, text)
        rows = source.index
        defs = []
        for qual, kind, start, end, signature, bases in f["defs"]:
            span = Span(rows.offset(start, 0), rows.offset(end, 0), start, 0, end, 0)
            defs.append(Definition(qual.rsplit(".", 1)[-1], qual, kind, path, span, signature, bases, f.get("namespace", f["package"])))
        whole = Span(0, 1, 0, 0, 0, 1)
        imports = [ImportBinding(local, imported, module, kind, whole, target, symbol) for local, imported, module, kind, target, symbol in f.get("imports", [])]
        facts[path] = FileFacts(source, None, imports, defs, f["package"])
        files.append(source)
    graph = build_graph("crafted", language, facts, [])
    return RepoTools(graph, files)


def test_java_imports_same_package_and_wildcard_inheritance():
    tools = crafted("java", {
        "src/com/acme/shop/Item.java": {"package": "com.acme.shop", "defs": [
            ("Item", "class", 2, 20, "public class Item", ()),
            ("Item.price", "method", 3, 5, "public int price()", ()),
            ("Item.price", "method", 6, 8, "public int price(int quantity)", ()),
            ("Item.Kind", "enum", 9, 12, "public enum Kind", ()),
        ]},
        "src/com/acme/shop/Perishable.java": {"package": "com.acme.shop", "defs": [
            ("Perishable", "class", 2, 10, "public class Perishable extends Item", ("Item",)),  # same package: no import
        ]},
        "src/com/acme/app/Fridge.java": {"package": "com.acme.app", "imports": [
            ("*", "com.acme.shop.*", "com.acme.shop", "wildcard", None, None),
        ], "defs": [
            ("Fridge", "class", 2, 10, "class Fridge extends Perishable", ("Perishable",)),
        ]},
    })
    assert tools.get_imports(["Perishable", "Kind", "price"]) == [
        "import com.acme.shop.Perishable;", "import com.acme.shop.Item.Kind;",
    ]
    info = tools.class_info("Fridge")[0]
    assert info["bases"] == ["Perishable", "Item"]  # wildcard import, then same package
    assert tools.get_signature("Fridge", "price") == ["public int price()", "public int price(int quantity)"]
    imports = [(s, t) for s, t, d in tools.graph.edges(data=True) if d["kind"] == "imports"]
    assert imports == [("file:src/com/acme/app/Fridge.java", "file:src/com/acme/shop/Item.java"),
                       ("file:src/com/acme/app/Fridge.java", "file:src/com/acme/shop/Perishable.java")]


def test_csharp_usings_and_typescript_specifiers():
    cs = crafted("csharp", {
        "Shop/Models/Item.cs": {"package": "Shop.Models", "defs": [("Item", "class", 1, 9, "public class Item", ())]},
        "Shop/Services/Cart.cs": {"package": "Shop.Services", "imports": [
            ("Shop.Models", "Shop.Models", "Shop.Models", "namespace", None, None),
        ], "defs": [("Cart", "class", 1, 9, "public class Cart : Item", ("Item",))]},
    })
    assert cs.get_imports(["Item", "Cart"]) == ["using Shop.Models;", "using Shop.Services;"]
    assert cs.class_info("Cart")[0]["bases"] == ["Item"]
    ts = crafted("typescript", {
        "src/models/item.ts": {"package": "", "defs": [("Item", "class", 1, 9, "export class Item", ()),
                                                       ("Item.total", "method", 2, 4, "total(): number", ())]},
        "src/models/index.ts": {"package": "", "defs": [("makeItem", "function", 1, 3, "export function makeItem()", ())]},
    })
    assert ts.get_imports(["Item", "makeItem", "total"], from_file="src/app/main.ts") == [
        'import { Item } from "../models/item";', 'import { makeItem } from "../models";',
    ]
    assert relative_specifier("src/a.tsx", "src/b.ts") == "./a"
    assert relative_specifier("lib/x.d.ts", None) == "./lib/x"


def test_typescript_namespace_import_resolves_qualified_bases():
    tools = crafted("typescript", {
        "src/shapes.ts": {"package": "", "defs": [("Shape", "class", 1, 9, "export class Shape", ())]},
        "src/square.ts": {"package": "", "imports": [
            ("shapes", "*", "./shapes", "namespace", "src/shapes.ts", None),  # import * as shapes
        ], "defs": [("Square", "class", 1, 9, "export class Square extends shapes.Shape", ("shapes.Shape",)),
                    ("Shape", "class", 10, 12, "class Shape", ())]},
    })
    # `shapes.Shape` is the other file's class; the local `Shape` does not capture it
    assert tools.class_info("Square")[0]["bases"] == ["Shape"]
    edges = {(s, t) for s, t, d in tools.graph.edges(data=True) if d["kind"] in ("inherits", "imports")}
    assert edges == {("sym:src/square.ts#Square", "sym:src/shapes.ts#Shape"), ("file:src/square.ts", "file:src/shapes.ts")}


def test_a_graph_file_that_is_a_link_a_fifo_or_outside_is_refused_and_counted(tmp_path):
    """``RepoTools.load`` reads a graph's files through the host-file boundary: a file node that
    is a link (even one inside the folder), a FIFO (it would block), a path climbing out or an
    absolute one is not read, and the refusal is named per file (``refused``) and said by the
    command line, never silent; the other files still answer."""
    import os

    from crossfile_datasets.lang import Lang, get_language

    root = tmp_path / "shop"
    (root / "pkg").mkdir(parents=True)
    texts = {"pkg/__init__.py": "", "pkg/cart.py": "class Cart:\n    def total(self):\n        return 1\n",
             "pkg/link.py": "class Link:\n    pass\n", "pkg/fifo.py": "class Fifo:\n    pass\n"}
    for path, text in texts.items():
        (root / path).write_text(text)
    graph = build_graph("shop", "python", get_language(Lang.PYTHON).analyze_files(
        str(root), [SourceFile(p, t) for p, t in texts.items()]), [])
    graph.add_node("file:/etc/passwd", kind="file", path="/etc/passwd")
    graph.add_node("file:../secret.py", kind="file", path="../secret.py")
    (tmp_path / "secret.py").write_text("SECRET = 1\n")
    graph_path = tmp_path / "shop.json"
    save_graph(graph, graph_path)
    (root / "pkg" / "link.py").unlink()
    (root / "pkg" / "link.py").symlink_to(root / "pkg" / "cart.py")
    (root / "pkg" / "fifo.py").unlink()
    os.mkfifo(root / "pkg" / "fifo.py")
    tools = RepoTools.load(graph_path, root)
    assert tools.refused == {"/etc/passwd": "split_records/file_escapes", "../secret.py": "split_records/file_escapes",
                             "pkg/link.py": "host_files/symlink", "pkg/fifo.py": "host_files/not_regular_file"}
    assert sorted(tools.texts) == ["pkg/__init__.py", "pkg/cart.py"]
    assert tools.get_method_body("Cart", "total") == ["    def total(self):\n        return 1"]
    result = CliRunner().invoke(tools_app, ["class-info", "Link", "--graph", str(graph_path), "--root", str(root)])
    assert result.exit_code == 0 and "note: 4 file(s) of the graph not read" in result.output, result.output
    assert "host_files/not_regular_file: 1" in result.output and "split_records/file_escapes: 2" in result.output


def test_task_view_uses_a_folder_of_the_index_only_when_the_split_proves_it(tmp_path):
    """``repo-tools task-view`` without ``--repos`` takes the folder from the repositories.json
    beside the split, which whoever hands over the split can ship: a record without
    ``snapshot_sha256`` and ``tree_sha256`` is refused (``split_records/index_root_unverified``),
    one whose hashes do not match the folder too; the folder is never copied into the view."""
    import json

    victim = tmp_path / "home" / "user"
    (victim / ".ssh").mkdir(parents=True)
    (victim / ".ssh" / "id_rsa").write_text("secret\n")
    (victim / "m.py").write_text("class A:\n    pass\n")
    split = tmp_path / "split" / "class.jsonl"
    split.parent.mkdir()
    (split.parent / "repositories.json").write_text(json.dumps({"roots": {"shop": str(victim)}}))
    task = {"id": "shop/python/class/0", "language": "python", "repository": "shop", "class_name": "A",
            "file": "m.py", "file_without_class": "", "insertion_offset": 0, "expected_to_pass": []}
    for fields, said in (({}, "split_records/index_root_unverified"),
                         ({"snapshot_sha256": "0" * 64, "tree_sha256": "0" * 64}, "differ from the snapshot")):
        split.write_text(json.dumps({**task, **fields}) + "\n")
        out = tmp_path / f"view-{len(fields)}"
        res = CliRunner().invoke(tools_app, ["task-view", str(split), task["id"], "--out", str(out)])
        assert res.exit_code == 2 and said in res.output, res.output
        assert not (out / "repo" / ".ssh").exists()


def test_task_view_reads_records_holding_line_separators_whole(tmp_path):
    """A split's record may hold a raw U+2028 (``ensure_ascii=False``); ``str.splitlines()`` cut
    the record there and ``task-view`` raised ``JSONDecodeError`` for every task after it."""
    import json as _json

    split = tmp_path / "class.jsonl"
    split.write_text(_json.dumps({"id": "a", "description": "one\u2028two"}, ensure_ascii=False) + "\n", encoding="utf-8")
    result = CliRunner().invoke(tools_app, ["task-view", str(split), "b", "--out", str(tmp_path / "v")])
    assert result.exit_code == 2 and "no task 'b'" in result.output, (result.exit_code, result.output, result.exception)
