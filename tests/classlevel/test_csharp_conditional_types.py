"""C# types whose declaration holds or sits in `#if` branches (tuning case of held-out 19:
facebook-csharp-sdk/simple-json, 0 tasks on 061ae5f).

- A class header written across preprocessor lines (`#if X internal #else public #endif class
  Bag : #if Y IDisposable, #endif IEnumerable<int>`) gave a signature with the directives joined
  into one line; the emptied class made of it was no C# and the emptied-class gate dropped the
  task (`tasks/gate_variant_refused`) although the gold class compiled and passed.
- A file listed by several projects took the symbols of the first by path (a demo that no
  project references), not those of the library the test project builds: a type in
  `#if SIMPLE_JSON_DATACONTRACT` was compiled out of the tree and never extracted, silently.
- A type that the symbols of its project leave out is now counted (`classes/compiled_out`).
"""
from __future__ import annotations

from pathlib import Path

from crossfile_datasets.core.records import Repository, SourceFile
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.harness.class_runs import answer_refusal, empty_class
from crossfile_datasets.lang import Lang, get_language
from crossfile_datasets.lang.classes import extractor_for
from crossfile_datasets.lang.csharp.projects import file_defines
from crossfile_datasets.lang.sources import list_sources
from tests.conftest import write_tree

HEADER = """using System;
using System.Collections.Generic;

namespace Shelf
{
#if SHELF_INTERNAL
    internal
#else
    public
#endif
    class Bag :
#if SHELF_DISPOSABLE
        IDisposable,
#endif
        IEnumerable<int>
    {
        private readonly List<int> _items = new List<int>();
        public int Total() { int n = Counter.Sum(_items); return n > 0 ? n : 0; }
#if SHELF_DISPOSABLE
        public void Dispose() { _items.Clear(); }
#endif
        public IEnumerator<int> GetEnumerator() { return _items.GetEnumerator(); }
        System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() { return GetEnumerator(); }
    }

    public static class Counter
    {
        public static int Sum(IEnumerable<int> xs) { int s = 0; foreach (var x in xs) s += x; return s; }
    }
}
"""


def _classes(root: str, files: list[SourceFile]):
    facts = get_language(Lang.CSHARP).analyze_files(root, files)
    return facts, {c.name: c for ff in facts.values() for c in extractor_for(Lang.CSHARP)(ff)}


def test_a_header_across_preprocessor_lines_gives_a_signature_mcs_reads():
    _, classes = _classes("/nonexistent", [SourceFile("Shelf/Bag.cs", HEADER)])
    bag = classes["Bag"]
    # the branch DEBUG;TRACE compile: `public`, no IDisposable; no directive left in it
    assert bag.signature == "public class Bag : IEnumerable<int>", bag.signature
    task = {"language": "csharp", "class_name": "Bag", "class_signature": bag.signature}
    assert answer_refusal(task, empty_class(task)) is None
    # the gold class keeps the file's text, directives and the inactive branch included
    assert bag.source.startswith("#if SHELF_INTERNAL") and "IDisposable" in bag.source
    assert answer_refusal(task, bag.source) is None
    # ... from the header's first directive: the file without the class keeps no half of an #if
    # (the span from `public` held the `#endif`, so any answer but the gold one left it unclosed)
    rest = HEADER[:bag.start_byte] + HEADER[bag.end_byte:]
    assert rest.count("#if") == rest.count("#endif") == 0, rest
    assert bag.start_line == HEADER[:bag.start_byte].count("\n") + 1 == 6
    # a member whose header sits in an active branch reads the same way
    assert [m.name for m in bag.methods if m.name == "Dispose"] == []


def test_with_the_symbol_defined_the_header_takes_that_branch():
    root = "/nonexistent"
    text = HEADER.replace("namespace Shelf", "#define SHELF_INTERNAL\n#define SHELF_DISPOSABLE\nnamespace Shelf", 1)
    text = text.replace("#define SHELF_INTERNAL\n#define SHELF_DISPOSABLE\n", "", 1)
    text = "#define SHELF_INTERNAL\n#define SHELF_DISPOSABLE\n" + text
    _, classes = _classes(root, [SourceFile("Shelf/Bag.cs", text)])
    bag = classes["Bag"]
    assert bag.signature == "internal class Bag : IDisposable, IEnumerable<int>", bag.signature
    task = {"language": "csharp", "class_name": "Bag", "class_signature": bag.signature}
    assert answer_refusal(task, empty_class(task)) is None
    assert "Dispose" in [m.name for m in bag.methods]


LIBRARY = """namespace Shelf
{
    public class Plain
    {
        public int One() { return Helper.Id(1); }
    }

    public static class Helper { public static int Id(int x) { return x; } }

#if SHELF_CONTRACTS
    public class ContractBag : Plain
    {
        public int Two() { return Helper.Id(2); }
    }
#endif

#if SHELF_LEGACY
    public class LegacyBag : Plain
    {
        public int Three() { return Helper.Id(3); }
    }
#endif
}
"""


def _csproj(defines: str, compile_items: list[str], references: list[str] = ()) -> str:
    items = "".join(f'    <Compile Include="{c}" />\n' for c in compile_items)
    refs = "".join(f'    <ProjectReference Include="{r}" />\n' for r in references)
    return ('<?xml version="1.0" encoding="utf-8"?>\n'
            '<Project ToolsVersion="4.0" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">\n'
            '  <PropertyGroup>\n    <Configuration Condition=" \'$(Configuration)\' == \'\' ">Debug</Configuration>\n'
            '  </PropertyGroup>\n'
            '  <PropertyGroup Condition=" \'$(Configuration)|$(Platform)\' == \'Debug|AnyCPU\' ">\n'
            f'    <DefineConstants>{defines}</DefineConstants>\n  </PropertyGroup>\n'
            f'  <ItemGroup>\n{items}  </ItemGroup>\n  <ItemGroup>\n{refs}  </ItemGroup>\n</Project>\n')


TREE = {
    # a demo listing the library file, first by path, no project references it
    "src/ADemo/ADemo.csproj": _csproj("TRACE;DEBUG;SHELF_LEGACY", [r"..\Shelf\Shelf.cs", "Program.cs"]),
    "src/ADemo/Program.cs": "namespace Demo { public static class Program { public static void Main() { } } }\n",
    # the library the tests build
    "src/Shelf/Shelf-Portable.csproj": _csproj("TRACE;DEBUG;SHELF_CONTRACTS", ["Shelf.cs"]),
    "src/Shelf/Shelf.cs": LIBRARY,
    "src/Shelf.Tests/Shelf.Tests.csproj": _csproj("TRACE;DEBUG;SHELF_CONTRACTS", ["BagTests.cs"],
                                                  [r"..\Shelf\Shelf-Portable.csproj"]),
    "src/Shelf.Tests/BagTests.cs": ("using NUnit.Framework;\nnamespace Shelf.Tests {\n  [TestFixture]\n"
                                    "  public class BagTests {\n    [Test] public void Two() { Assert.AreEqual(2, new "
                                    "ContractBag().Two()); }\n  }\n}\n"),
}


def test_a_file_of_several_projects_takes_the_symbols_of_the_one_a_test_project_references(tmp_path):
    from crossfile_datasets.lang.classes import compiled_out_types

    root = write_tree(tmp_path / "shelf", TREE)
    defines = file_defines(Path(root), ["src/Shelf/Shelf.cs", "src/ADemo/Program.cs"])
    assert "SHELF_CONTRACTS" in defines["src/Shelf/Shelf.cs"], defines
    assert "SHELF_LEGACY" not in defines["src/Shelf/Shelf.cs"], defines
    assert "SHELF_LEGACY" in defines["src/ADemo/Program.cs"]  # the demo's own file keeps its symbols
    language = get_language(Lang.CSHARP)
    files, _ = list_sources(Repository("shelf", Path(root), "", "", ""), language, BuildReport())
    facts, classes = _classes(str(root), files)
    assert {"Plain", "Helper", "ContractBag"} <= set(classes), sorted(classes)
    assert "LegacyBag" not in classes
    # what the project's symbols leave out is named, with its kind
    assert compiled_out_types(Lang.CSHARP, facts["src/Shelf/Shelf.cs"]) == [("LegacyBag", "class")]
    assert compiled_out_types(Lang.CSHARP, facts["src/Shelf.Tests/BagTests.cs"]) == []


def test_types_in_every_kind_of_branch_are_named_once():
    from crossfile_datasets.lang.classes import compiled_out_types

    text = """namespace Shelf
{
    public class Kept { public void M() { } }
#if SHELF_A
#if SHELF_B
    internal
#else
    public
#endif
    class OnlyA : Kept { public void N() { } }
#elif SHELF_C
    public class OnlyC { }
#else
    public struct Fallback { }
#endif
}
"""
    facts = get_language(Lang.CSHARP).analyze_files("/nonexistent", [SourceFile("Shelf/K.cs", text)])
    ff = facts["Shelf/K.cs"]
    assert [c.name for c in extractor_for(Lang.CSHARP)(ff)] == ["Kept", "Fallback"]
    assert compiled_out_types(Lang.CSHARP, ff) == [("OnlyA", "class"), ("OnlyC", "class")]
    assert compiled_out_types(Lang.PYTHON, ff) == []


def test_the_wrong_classes_of_such_a_class_are_made_from_the_code_mcs_reads():
    """The throwing stub and the mutants read the class as mcs does: read with its directives the
    header is no class ("the class does not parse"), and every simple-json task went unchecked
    (`task_notes/not_checked_against_wrong_classes`)."""
    language = get_language(Lang.CSHARP)
    _, classes = _classes("/nonexistent", [SourceFile("Shelf/Bag.cs", HEADER.replace("\n", "\r\n"))])
    bag = classes["Bag"]
    stub = language.throwing_stub(bag)
    assert stub.count("throw new System.NotImplementedException") == 3, stub
    assert stub.startswith("#if SHELF_INTERNAL") and "#if SHELF_DISPOSABLE" in stub  # the class as written
    assert "_items.Clear()" in stub  # the inactive branch's body is left as it is
    task = {"language": "csharp", "class_name": "Bag", "class_signature": bag.signature}
    assert answer_refusal(task, stub) is None
    mutants = language.method_mutants(bag, ["Total", "GetEnumerator"], limit=3, seed=1)
    assert mutants and all(m.source != bag.source and m.source.startswith("#if SHELF_INTERNAL") for m in mutants)
