"""C# parsing without the compiler: usings, definitions, syntax level, emptying, statement ends."""

from __future__ import annotations

from pathlib import Path

from crossfile_datasets.lang import get_language
from crossfile_datasets.core.records import SourceFile
from crossfile_datasets.lang.csharp.projects import LOOSE_FILES, WHOLE_REPOSITORY, compilation_units
from crossfile_datasets.lang.csharp.syntax import build_model, detect_newer_syntax, render_emptied
from tests.conftest import write_tree

CS = get_language("csharp")

MODEL = """using System;

namespace Shop.Model
{
    [Serializable]
    public partial class Item<T> : Base, IComparable where T : class
    {
        public const int Max = 3;
        public string Name { get; set; }
        public decimal Price, Discount;
        public Item(string name) { Name = name; }
        public static Item<T> Create(string n) => new Item<T>(n);
        public override string ToString() { return Name; }
        public enum Kind { Small, Large }
        public int CompareTo(object o) { return 0; }
    }
    public enum Color : byte { Red = 1, Green }
    public static class Ext { public static int Twice(this int x) { return 2 * x; } }
    public delegate void Changed(Item<string> item);
}
"""
USES = """using System;
using Shop.Model;
using M = Shop.Model.Color;
using static Shop.Model.Ext;
using Newtonsoft.Json;

namespace Shop.App
{
    class Program
    {
        static void Main()
        {
            var i = Item<string>.Create("a"); Console.WriteLine(i.Name);
        }
    }
}
"""


def facts_for(files: dict[str, str]):
    return CS.analyze_files("/nonexistent", [SourceFile(p, t) for p, t in sorted(files.items())])


def test_usings_of_every_form():
    facts = facts_for({"Model/Item.cs": MODEL, "App/Program.cs": USES})
    got = {(b.local_name, b.kind, b.target_file, b.target_symbol) for b in facts["App/Program.cs"].imports}
    assert ("System", "namespace", None, None) in got
    # a project namespace brings every type of it into scope: one binding per type
    assert {("Item", "namespace", "Model/Item.cs", "Item"), ("Color", "namespace", "Model/Item.cs", "Color"),
            ("Ext", "namespace", "Model/Item.cs", "Ext")} <= got
    assert ("M", "alias", "Model/Item.cs", "Color") in got
    assert ("Ext", "static", "Model/Item.cs", "Ext") in got
    assert ("Newtonsoft.Json", "namespace", None, None) in got
    assert facts["App/Program.cs"].package == "Shop.App"
    assert facts["Model/Item.cs"].package == "Shop.Model"


def test_definitions_with_signatures_members_and_nested_types():
    facts = facts_for({"Model/Item.cs": MODEL})
    defs = {d.qualified_name: d for d in facts["Model/Item.cs"].definitions}
    item = defs["Item"]
    assert item.kind == "class" and item.namespace == "Shop.Model" and item.bases == ("Base", "IComparable")
    assert item.signature == "public partial class Item<T> : Base, IComparable where T : class"
    assert defs["Item.Max"].kind == "constant"
    assert defs["Item.Price"].kind == "field" and defs["Item.Discount"].signature == "public decimal Price, Discount"
    assert defs["Item.Name"].signature == "public string Name { get; set; }"
    assert defs["Item.Create"].signature == "public static Item<T> Create(string n)"
    assert defs["Item.Kind"].kind == "enum" and defs["Item.Kind.Small"].kind == "constant"
    assert defs["Color"].kind == "enum" and defs["Changed"].kind == "delegate"
    assert defs["Item.Item"].kind == "constructor"


def test_emptied_file_keeps_names_kinds_namespaces_arity_and_bases():
    f = SourceFile("Model/Item.cs", MODEL)
    tree = CS.parse(MODEL)
    model = build_model(f.path, tree, f.index)
    emptied = render_emptied(tree, MODEL, f.index, model, lambda t, m: False, lambda t: False)
    assert "namespace Shop.Model" in emptied and "using System;" in emptied
    # the override of object.ToString leaves an obsolete-as-error stand-in (its calls are uses)
    assert ("public partial class Item<T> : Base, IComparable where T : class\n    {\n"
            '[global::System.Obsolete("crossfile: emptied", true)] public new virtual string ToString() '
            "{ return null; }\n    }") in emptied
    assert "public enum Color : byte\n    {\n    }" in emptied
    assert "public delegate void Changed(Item<string> item);" in emptied  # delegates stay whole
    assert "Serializable" not in emptied and "Price" not in emptied and "Kind" not in emptied
    kept = render_emptied(tree, MODEL, f.index, model, lambda t, m: "Price" in m.names or "Red" in m.names,
                          lambda t: t.qualified_name == "Item.Kind")
    assert "public decimal Price, Discount;" in kept and "Red = 1," in kept and "public enum Kind" in kept
    assert "Small" not in kept  # a kept nested type is emptied too
    assert not CS.parse(kept).root_node.has_error


def test_newer_syntax_is_detected_with_its_feature_and_line():
    newer = {
        "namespace A;": "file-scoped namespace",
        "public record P(int X);": "record",
        "class C { string? s; }": "nullable reference",
        "class C { int P { get; init; } }": "init accessor",
        "class C { int M(object o) => o switch { _ => 1 }; }": "switch expression",
        "class C { void M() { using var s = new System.IO.MemoryStream(); } }": "using declaration",
        "class C { int M(int[] a) { return a[^1]; } }": "index from end",
        "class C { void M(int[] a) { var b = a[1..2]; } }": "range",
        "class C { System.Text.StringBuilder b = new(); }": "target-typed new",
        "global using System;": "global using",
        "System.Console.WriteLine(1);": "top-level statements",
    }
    for code, feature in newer.items():
        found = detect_newer_syntax(CS.parse(code), SourceFile("x.cs", code).index)
        assert found and feature in found[0].feature, (code, found)
    older = ("class C { int? n; System.DateTime? d; Point? p; void M(object o) { if (o is string s) { } "
             "var t = (1, 2); int Local() => 1; var x = o is C ? 1 : 2; } }")
    assert detect_newer_syntax(CS.parse(older), SourceFile("x.cs", older).index, value_types={"Point"}) == []
    # under <Nullable>enable</Nullable> an unknown `T?` is a reference annotation
    assert detect_newer_syntax(CS.parse("class C { Foo? f; }"), SourceFile("x.cs", "class C { Foo? f; }").index,
                               nullable_enabled=True)


def test_statement_end_is_the_first_brace_or_semicolon_token_after_the_entity():
    text = 'class C {\n  void M() {\n    var s = Item.Create("a;{") + x; if (Item.Ready) {\n  }\n}\n'
    facts = facts_for({"C.cs": text})["C.cs"]
    create = text.index("Create")
    assert text[create:CS.statement_end(facts, create)] == 'Create("a;{") + x;'  # not inside the string
    ready = text.index("Ready")
    assert text[ready:CS.statement_end(facts, ready)] == "Ready) {"


def test_prompt_code_lines_skip_usings_and_namespace_headers():
    facts = facts_for({"App/Program.cs": USES})["App/Program.cs"]
    prompt = USES[: USES.index("var i")]
    # usings (5 lines) and `namespace Shop.App` do not count; `{`, `class Program`, `{`,
    # `static void Main()`, `{` do (the unfinished last line is blank)
    assert CS.prompt_code_lines(facts, prompt) == 5


def test_compilation_units_follow_csproj_files_and_references(tmp_path: Path):
    write_tree(tmp_path, {
        "src/Lib/Lib.csproj": '<Project Sdk="Microsoft.NET.Sdk"></Project>',
        "src/Lib/A.cs": "", "src/Lib/Sub/B.cs": "",
        "src/Lib/Nested/Nested.csproj": '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><Nullable>enable</Nullable>'
                                        "</PropertyGroup></Project>",
        "src/Lib/Nested/N.cs": "",
        "tests/T/T.csproj": '<Project Sdk="Microsoft.NET.Sdk"><ItemGroup>'
                            '<ProjectReference Include="..\\..\\src\\Lib\\Lib.csproj" /></ItemGroup></Project>',
        "tests/T/TA.cs": "",
        "old/Old.csproj": '<Project xmlns="http://schemas.microsoft.com/developer/msbuild/2003"><ItemGroup>'
                          '<Compile Include="Keep.cs" /></ItemGroup></Project>',
        "old/Keep.cs": "", "old/Ignored.cs": "",
        "scripts/loose.cs": "",
    })
    sources = ["src/Lib/A.cs", "src/Lib/Sub/B.cs", "src/Lib/Nested/N.cs", "tests/T/TA.cs", "old/Keep.cs",
               "old/Ignored.cs", "scripts/loose.cs"]
    units, projects = compilation_units(tmp_path, sources)
    by_name = {u.name: u for u in units}
    # the library is referenced by the tests: it compiles within the test unit, not alone
    assert by_name["tests/T/T.csproj"].files == ("src/Lib/A.cs", "src/Lib/Sub/B.cs", "tests/T/TA.cs")
    assert "src/Lib/Lib.csproj" not in by_name
    assert by_name["src/Lib/Nested/Nested.csproj"].files == ("src/Lib/Nested/N.cs",)
    assert by_name["src/Lib/Nested/Nested.csproj"].nullable
    assert by_name["old/Old.csproj"].files == ("old/Keep.cs",)
    assert by_name[LOOSE_FILES].files == ("old/Ignored.cs", "scripts/loose.cs")
    units, _ = compilation_units(tmp_path / "scripts", ["loose.cs"])
    assert [u.name for u in units] == [WHOLE_REPOSITORY]


def test_cursor_never_lands_inside_a_string_literal():
    text = 'class C {\n  string M() { return "[" + Rule.Describe(); }\n}\n'
    facts = facts_for({"C.cs": text})["C.cs"]
    entity = text.index("Describe")
    candidates = CS.cursor_candidates(facts, entity)
    quote = text.index('"[')
    assert quote in candidates and quote + 1 not in candidates  # before the literal, not inside it
    assert text.index("Rule") in candidates and entity in candidates


def test_shared_project_items_are_read_inside_the_repository_and_capped(tmp_path: Path):
    """Red team 2026-11-28e row 1: a ``.projitems`` a project imports is read as its project
    file is (inside the repository, no link, at most ``MAX_FILE_BYTES``); anything else is
    refused and named, and an honest one still gives its files."""
    import os

    from crossfile_datasets.core import constants as C
    from crossfile_datasets.lang.csharp.projects import read_csproj, shared_project_files

    lib = '<Project Sdk="Microsoft.NET.Sdk"><Import Project="{}" Label="Shared" /></Project>'
    items = '<Project><ItemGroup><Compile Include="$(MSBuildThisFileDirectory)Calc.cs" /></ItemGroup></Project>'
    root = tmp_path / "repo"
    write_tree(root, {"a/A.csproj": lib.format("../shared/S.projitems"), "shared/S.projitems": items,
                      "shared/Calc.cs": "class Calc {}", "b/B.csproj": lib.format("../../outside/S.projitems"),
                      "c/C.csproj": lib.format("Big.projitems"), "c/Big.projitems": " " * (C.MAX_FILE_BYTES + 1),
                      "d/D.csproj": lib.format("L.projitems")})
    write_tree(tmp_path, {"outside/S.projitems": items})
    os.symlink(root / "shared" / "S.projitems", root / "d" / "L.projitems")
    sources = ["shared/Calc.cs"]
    refused: dict[str, str] = {}
    found = {name: shared_project_files(root, read_csproj(root, f"{name}/{name.upper()}.csproj"), sources, refused)
             for name in "abcd"}
    assert found == {"a": ["shared/Calc.cs"], "b": [], "c": [], "d": []}
    assert refused == {"../outside/S.projitems": "host_files/path_escapes", "c/Big.projitems": "host_files/too_large",
                       "d/L.projitems": "host_files/symlink"}
