"""Tree-sitter's error recovery is no C# version verdict (nickbabcock/Pfim @ 61b55d2, issue 28).

`*workingReservedPtr++ = *workingBufferPtr++;` as the unbraced body of a `for` inside `fixed`
(Pfim src/Pfim/dds/DdsHeader.cs:251) is a statement tree-sitter-c-sharp cannot parse: its error
recovery closes it with a MISSING `!`, a postfix expression that looked like the C# 8
null-forgiving operator, and the library every project references rejected the whole repository
before mcs ran (0/65 first uses).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from crossfile_datasets.core.records import SourceFile
from crossfile_datasets.lang import get_language
from crossfile_datasets.lang.csharp.syntax import detect_newer_syntax, errors_only_in_bodies
from tests.conftest import require_tool, write_tree
from tests.csharp.test_csharp_usages import build

CS = get_language("csharp")

HEADER = """namespace Pfim
{
    public unsafe class DdsHeader
    {
        public uint[] Reserved1 = new uint[11];
        public uint Size;
        public void Read(uint* workingBufferPtr)
        {
            Size = *workingBufferPtr++;
            fixed (uint* reservedPtr = Reserved1)
            {
                uint* workingReservedPtr = reservedPtr;
                for (int i = 0; i < 11; i++)
                    *workingReservedPtr++ = *workingBufferPtr++;
            }
        }
    }
}
"""
UTIL = """namespace Pfim
{
    public static unsafe class Util
    {
        public static int Stride(int width, int bits) { return width * bits / 8; }
        public static void Fill(byte* p, byte value, int n)
        {
            for (int i = 0; i < n; i++)
                *p++ = value;
        }
    }
}
"""
USER = """namespace Pfim.Tests
{
    public class UtilTests
    {
        public int Check() { return Pfim.Util.Stride(4, 32); }
    }
}
"""
LIB = '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><AllowUnsafeBlocks>true</AllowUnsafeBlocks></PropertyGroup></Project>'


def ref(path: str) -> str:
    return f'<Project Sdk="Microsoft.NET.Sdk"><ItemGroup><ProjectReference Include="{path}" /></ItemGroup></Project>'


def test_missing_token_of_error_recovery_is_no_null_forgiving_operator():
    tree = CS.parse(HEADER)
    assert tree.root_node.has_error  # tree-sitter fails on the pointer statement
    assert detect_newer_syntax(tree, SourceFile("DdsHeader.cs", HEADER).index) == []
    # a real null-forgiving operator (also in a file with an unrelated parse error) still is one
    code = "class C { string M(string? s) { return s!; } }\nclass D { void N() { int x = ; } }\n"
    found = detect_newer_syntax(CS.parse(code), SourceFile("x.cs", code).index, nullable_enabled=True)
    assert any("null-forgiving" in f.feature for f in found)


def test_nodes_inside_error_regions_give_no_verdict():
    # `a!` inside the ERROR node tree-sitter makes of an unfinished call: no verdict from it
    code = "class C { void M() { F(a!, ; } }\n"
    tree = CS.parse(code)
    assert "(ERROR (identifier) (argument (postfix_unary_expression" in str(tree.root_node)
    assert detect_newer_syntax(tree, SourceFile("x.cs", code).index) == []


@pytest.mark.mcs
def test_unparsable_library_is_compiled_and_its_users_checked(tmp_path: Path):
    require_tool("mcs")
    write_tree(tmp_path, {
        "src/Pfim/Pfim.csproj": LIB,
        "src/Pfim/DdsHeader.cs": HEADER,
        "src/Pfim/Util.cs": UTIL,
        "tests/Pfim.Tests/Pfim.Tests.csproj": ref("..\\..\\src\\Pfim\\Pfim.csproj"),
        "tests/Pfim.Tests/UtilTests.cs": USER,
        "tools/Viewer/Viewer.csproj": ref("..\\..\\src\\Pfim\\Pfim.csproj"),
        "tools/Viewer/View.cs": "namespace Viewer { class View { int W() { return Pfim.Util.Stride(2, 8); } } }\n",
    })
    usages, report = build(tmp_path)
    got = {(u.file, u.member, u.definition_file) for u in usages}
    assert ("tests/Pfim.Tests/UtilTests.cs", "Stride", "src/Pfim/Util.cs") in got
    assert ("tools/Viewer/View.cs", "Stride", "src/Pfim/Util.cs") in got
    assert not any("syntax_too_new" in k for k in report.counts)
    # the parse failures are named, once although the library is part of two units; they lie
    # inside method bodies, so Util.cs (`Stride`) stays a definition file (Pfim: `Util.Stride`,
    # `Util.Translate`, `new CompressedTarga()` were never attributed)
    assert "files/syntax_error" not in report.counts
    assert report.counts["files/syntax_error_in_bodies"] == 2
    assert sorted(report.samples["files/syntax_error_in_bodies"]) == [
        f"src/Pfim/{name}: tree-sitter failed inside method bodies only: declarations whole, checked as a "
        "definition file" for name in ("DdsHeader.cs", "Util.cs")]


def test_errors_only_in_bodies():
    assert CS.parse(UTIL).root_node.has_error
    assert errors_only_in_bodies(CS.parse(HEADER)) and errors_only_in_bodies(CS.parse(UTIL))
    assert errors_only_in_bodies(CS.parse("class C { void M() { } }"))
    assert not errors_only_in_bodies(CS.parse("class C { void M() { } int = ; }"))  # a member broken
    assert not errors_only_in_bodies(CS.parse("class C { void M() { }"))  # the class never closed


@pytest.mark.mcs
def test_too_new_library_counted_once_and_unchecked_files_named(tmp_path: Path):
    require_tool("mcs")
    write_tree(tmp_path, {
        "src/Lib/Lib.csproj": '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><Nullable>enable</Nullable>'
                              '</PropertyGroup></Project>',
        "src/Lib/Names.cs": "namespace Lib { public static class Names { public static string First(string? s) "
                            "{ return s!; } } }\n",
        "a/A.csproj": ref("..\\src\\Lib\\Lib.csproj"),
        "a/A.cs": "namespace A { class A1 { string F() { return Lib.Names.First(\"x\"); } } }\n",
        "b/B.csproj": ref("..\\src\\Lib\\Lib.csproj"),
        "b/B.cs": "namespace B { class B1 { string F() { return Lib.Names.First(\"y\"); } } }\n",
    })
    usages, report = build(tmp_path)
    assert usages == []
    assert report.counts["projects/csharp_syntax_too_new_parsed"] == 2  # both units, before mcs
    assert report.counts["files/csharp_syntax_too_new_parsed"] == 1  # the library file, once
    assert "files/csharp_syntax_too_new" not in report.counts  # mcs never ran: not its verdict
    assert report.metrics.get("checker/mcs_compilations", 0) == 0
    assert report.counts["files/csharp_unit_not_compiled"] == 3
    assert set(report.samples["files/csharp_unit_not_compiled"]) >= {
        f"{p}: every compilation unit of the file was rejected for its syntax before mcs ran: not checked"
        for p in ("a/A.cs", "b/B.cs")}


def test_a_parenthesized_name_xor_is_no_index_from_end():
    """zzzprojects/html-agility-pack crc32.cs:166 (the corpus, 2026-11-28g): tree-sitter parses
    ``(crc) ^ (octet)`` as a cast of ``^(octet)``, an index from end (C# 8): the library was
    rejected before mcs ran and 46 files were not checked. C# reads it as an exclusive or."""
    code = ("class Crc { static uint[] tab = new uint[256];\n"
            "  static uint Update(byte octet, uint crc) { return (tab[((crc) ^ (octet)) & 0xff] ^ ((crc) >> 8)); }\n"
            "  int[] items = new int[3];\n"
            "  int Last() { return items[^1]; } }\n")
    found = detect_newer_syntax(CS.parse(code), SourceFile("crc32.cs", code).index)
    assert [(f.feature, f.row) for f in found] == [("index from end (C# 8)", 3)]
