"""Cross-file uses found with the real mcs on small fixture repositories (marker: mcs)."""

from __future__ import annotations

from pathlib import Path

import pytest

from crossfile_datasets.analyzers.crossfile import first_uses
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.core.records import Repository
from crossfile_datasets.lang.sources import list_sources
from crossfile_datasets.analyzers.mcs import compile_sources
from crossfile_datasets.lang.csharp import CSharpSupport
from crossfile_datasets.lang.csharp.mcs_server import McsServerPool
from crossfile_datasets.lang.csharp.usages import CSharpChecker
from tests.conftest import require_tool, write_tree

pytestmark = pytest.mark.mcs

MODEL = """using System;

namespace Store.Model
{
    public class Product
    {
        public const int MaxStock = 100;
        public Product(string sku, decimal price) { Sku = sku; Price = price; }
        public string Sku { get; }
        public decimal Price { get; private set; }
        public int Stock { get; set; }
        public bool InStock => Stock > 0;
        public void Reprice(decimal factor) { Price = Price * factor; }
        public string Label() { return Sku + ": " + Price; }
        public override string ToString() { return Label(); }
    }
    public enum Unit { Piece, Kilogram }
    public static class Pricing { public static decimal WithTax(this decimal p) { return p * 1.2m; } }
}
"""
SHOP = """using System;
using Store.Model;
using static Store.Model.Pricing;

namespace Store.App
{
\tpublic class Shop
\t{
\t\tpublic string Describe(Product p)
\t\t{
\t\t\tvar text = string.Format("{0}", p.Sku);
\t\t\tvar label = "é😀"; var count = p.Stock;
\t\t\tvar again = p.Sku;
\t\t\treturn text + p.Label() + again + label + count + p.ToString();
\t\t}
\t\tpublic decimal Gross(Product p) { return p.Price; }
\t\tpublic Unit Default() { return Unit.Kilogram; }
\t\tpublic Product Make() { return new Product("a", 1m); }
\t\tpublic string Own() { return Helper(); }
\t\tstring Helper() { return string.Concat("a", "b"); }
\t}
\tclass Special : Product
\t{
\t\tpublic Special() : base("s", 2m) { }
\t\tpublic int Twice() { return Stock * 2; }
\t}
}
"""
SHADOW = """using Store.Model;

namespace Store.Other
{
    class Product { public string Sku = "local"; }
    class UsesLocal { string S(Product p) { return p.Sku; } }
}
"""
PROJECT = '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><LangVersion>7.2</LangVersion></PropertyGroup></Project>'


@pytest.fixture(autouse=True)
def _mcs():
    require_tool("mcs")


def build(root: Path, support: CSharpSupport | None = None):
    support = support or CSharpSupport()
    repo = Repository(root.name, root, str(root), "", "MIT")
    report = BuildReport()
    files, _ = list_sources(repo, support, report)
    facts = support.analyze_files(str(root), files)
    return support.find_usages(repo, facts, report), report


def key(u):
    return (u.file, u.line, u.column, u.imported_name, u.member)


def test_positives_negatives_and_exact_positions(tmp_path: Path):
    write_tree(tmp_path, {"Store.csproj": PROJECT, "Model/Product.cs": MODEL, "App/Shop.cs": SHOP,
                          "Other/Shadow.cs": SHADOW})
    usages, report = build(tmp_path)
    found = {key(u) for u in usages}
    lines = SHOP.split("\n")

    def at(line: int, name: str, imported: str = "Product", member: str | None = "same", after: str = "") -> tuple:
        column = lines[line - 1].index(name, lines[line - 1].index(after) if after else 0)
        return ("App/Shop.cs", line, column, imported, name if member == "same" else member)

    expected = {
        at(11, "Sku"),  # inside string.Format(...): the BCL call itself is not a use
        at(12, "Stock"),  # after an astral character and tabs: columns are characters
        at(14, "Label"),
        at(16, "Price"),
        at(17, "Kilogram", "Unit"),
        at(18, "Product", "Product", None, after="new"),  # constructor: the type name after `new`
        at(25, "Stock"),  # inherited member used unqualified in a subclass
        at(14, "ToString"),  # a call of Product's own override of object.ToString (issue 28)
        # types written as types (lang/csharp/typerefs.py): a parameter's type, a return type,
        # a base list, the static qualifier of a member
        at(9, "Product", "Product", None),
        at(17, "Unit", "Unit", None),
        at(17, "Unit", "Unit", None, after="return"),
        at(22, "Product", "Product", None),
    }
    assert expected <= found, sorted(expected - found)
    sku = [u for u in usages if u.member == "Sku" and u.file == "App/Shop.cs"]
    assert [u.line for u in first_uses(sku)] == [11]  # the second use (line 13) is not a first use
    # same-file uses, BCL members and a shadowing local class: nothing
    assert not [u for u in usages if u.file in ("Model/Product.cs", "Other/Shadow.cs")]
    assert not [u for u in usages if u.line in (19, 20) or u.member in ("Format", "Concat")]
    for u in usages:
        assert u.definition_file == "Model/Product.cs" and u.tool == "mcs"
        assert u.round >= 1 or (u.mode == "type_reference" and u.member is None), u
        assert u.definition_symbol in (f"{u.imported_name}.{u.member}" if u.member else u.imported_name,)
        text = lines[u.line - 1]
        assert text[u.column:u.end_column] == (u.member or u.imported_name)
    assert report.metrics["checker/mcs_compilations"] > 0


@pytest.mark.slow
def test_optimized_and_naive_procedures_agree(tmp_path: Path):
    write_tree(tmp_path, {"Store.csproj": PROJECT, "Model/Product.cs": MODEL, "App/Shop.cs": SHOP,
                          "Other/Shadow.cs": SHADOW})
    optimized, _ = build(tmp_path, CSharpSupport(optimized=True, workers=2))
    naive, _ = build(tmp_path, CSharpSupport(optimized=False, workers=1, resident=False))
    # the same uses, each once: compared as sorted lists (a set comparison passed when both
    # procedures found nothing, and hid a use found twice by one of them)
    assert sorted(map(key, optimized)) == sorted(map(key, naive))
    assert {u.member for u in optimized if u.file == "App/Shop.cs"} >= {"Sku", "Stock", "Label", "Price", "Kilogram"}


def test_csharp_9_project_is_skipped_with_its_reason(tmp_path: Path):
    write_tree(tmp_path, {
        "Tiny.csproj": '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><LangVersion>10</LangVersion></PropertyGroup></Project>',
        "Person.cs": "namespace Tiny;\n\npublic record Person(string Name, int Age);\n",
        "Greeter.cs": "namespace Tiny;\n\npublic class Greeter\n{\n    public string Greet(Person p) => \"Hi \" + p.Name;\n}\n",
    })
    usages, report = build(tmp_path)
    assert usages == []
    assert report.counts["projects/csharp_syntax_too_new_parsed"] == 1
    assert report.counts["files/csharp_syntax_too_new_parsed"] == 2
    assert any("file-scoped namespace" in s for s in report.samples["files/csharp_syntax_too_new_parsed"])
    assert report.metrics.get("checker/mcs_compilations", 0) == 0  # skipped before compiling


def test_missing_nuget_packages_are_neutralized_and_uses_still_found(tmp_path: Path):
    write_tree(tmp_path, {
        "Web.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"><ItemGroup>'
                      '<PackageReference Include="Newtonsoft.Json" Version="13.0.1" /></ItemGroup></Project>',
        "Model/Product.cs": MODEL,
        "Controllers/ProductController.cs": """using Microsoft.AspNetCore.Mvc;
using Newtonsoft.Json;
using Store.Model;

namespace Store.Web
{
    [Route("api/products")]
    public class ProductController : ControllerBase
    {
        public JsonSerializerSettings Settings { get; set; }
        public string Get(Product p)
        {
            var json = JsonConvert.SerializeObject(p.Price);
            return json + p.Sku;
        }
    }
}
""",
    })
    usages, report = build(tmp_path)
    found = {(u.file, u.line, u.member) for u in usages}
    assert {("Controllers/ProductController.cs", 13, "Price"), ("Controllers/ProductController.cs", 14, "Sku")} <= found
    assert report.metrics["checker/usings_neutralized"] == 2
    # stand-ins for the missing types: the base class, the property type, `JsonConvert`, whose
    # call arguments are checked through its stand-in, and (in the members passes) an attribute
    # class for `[Route(...)]`, whose arguments are checked too
    assert report.samples["checker/external_types_declared"] == [
        "Web.csproj: ControllerBase, JsonConvert, JsonSerializerSettings, RouteAttribute"]


def test_library_and_test_projects_compile_as_one_unit(tmp_path: Path):
    write_tree(tmp_path, {
        "src/Store/Store.csproj": PROJECT,
        "src/Store/Product.cs": MODEL,
        "tests/Store.Tests/Store.Tests.csproj": '<Project Sdk="Microsoft.NET.Sdk"><ItemGroup><ProjectReference '
                                                'Include="..\\..\\src\\Store\\Store.csproj" /></ItemGroup></Project>',
        "tests/Store.Tests/ProductTests.cs": """using Store.Model;
namespace Store.Tests
{
    public class ProductTests
    {
        public bool Reprices()
        {
            var p = new Product("x", 10m);
            p.Reprice(2m);
            return p.Price == 20m;
        }
    }
}
""",
    })
    usages, _ = build(tmp_path)
    got = {(u.file, u.line, u.member, u.definition_file) for u in usages}
    assert ("tests/Store.Tests/ProductTests.cs", 9, "Reprice", "src/Store/Product.cs") in got


def test_bad_input_is_counted_never_fatal(tmp_path: Path):
    write_tree(tmp_path, {
        "Model/Product.cs": MODEL,
        "App/Broken.cs": "namespace Store.App { class Broken { void M() { int x = ; } }\n",
        "App/Uses.cs": "using Store.Model;\nnamespace Store.App { class Uses { int N(Product p) { return p.Stock; } } }\n",
    })
    usages, report = build(tmp_path)
    assert report.counts["files/syntax_error"] >= 1
    assert ("App/Uses.cs", "Stock") in {(u.file, u.member) for u in usages}
    # a compiler that never answers in time: the unit is counted, nothing raises
    support = CSharpSupport()
    repo = Repository(tmp_path.name, tmp_path, str(tmp_path), "", "MIT")
    report = BuildReport()
    files, _ = list_sources(repo, support, report)
    facts = support.analyze_files(str(tmp_path), files)
    assert CSharpChecker(timeout=0.001).find_usages(repo, facts, report) == []
    assert report.counts["projects/checker_timeout"] == 1


@pytest.mark.slow
def test_resident_compiler_answers_like_one_mcs_process_per_compilation(tmp_path: Path):
    data = Path(__file__).parent / "data"
    pool = McsServerPool.create(1)
    assert pool is not None, "McsServer.exe could not be built with this mcs"
    try:
        for case in ("members", "columns", "members", "blocking", "members"):  # state must not leak
            folder = data / case
            sources = sorted(p.name for p in folder.glob("*.cs"))
            texts = {p: (folder / p).read_text(encoding="utf-8") for p in sources}
            resident = pool.compile(folder, sources, texts, str(tmp_path / "r.dll"), 60)
            process = compile_sources(folder, sources, texts, str(tmp_path / "p.dll"), 60)
            assert resident.status == process.status == "ok"
            assert resident.diagnostics == process.diagnostics and resident.diagnostics
    finally:
        pool.close()


def test_missing_types_written_by_their_full_name_get_stand_ins_in_their_namespace(tmp_path: Path):
    """naudio/NLayer (held-out 20): a file naming the absent NAudio's types by their full name
    (`NAudio.Wave.IMp3FrameDecompressor`, `NAudio.Wave.WaveFormat`) got a stand-in class `NAudio`,
    then CS0426 at every such name: the file was emptied, then removed with its 8 first uses."""
    write_tree(tmp_path, {
        "Codec.csproj": '<Project Sdk="Microsoft.NET.Sdk"><ItemGroup>'
                        '<PackageReference Include="NAudio" Version="1.8.0" /></ItemGroup></Project>',
        "Model/Product.cs": MODEL,
        "Support/Decompressor.cs": """using System;
using Store.Model;

namespace Store.Support
{
    public class Decompressor : NAudio.Wave.IMp3FrameDecompressor
    {
        public NAudio.Wave.WaveFormat OutputFormat { get; private set; }

        public int Decompress(NAudio.Wave.Mp3Frame frame, Product p)
        {
            return p.Price + frame.FrameLength;
        }
    }
}
""",
    })
    usages, report = build(tmp_path)
    found = {(u.file, u.line, u.member) for u in usages}
    assert ("Support/Decompressor.cs", 12, "Price") in found
    assert not any(k.startswith("files/excluded") for k in report.metrics)
    declared = report.samples["checker/external_types_declared"][0]
    assert "IMp3FrameDecompressor" in declared and "Mp3Frame" in declared and "WaveFormat" in declared
