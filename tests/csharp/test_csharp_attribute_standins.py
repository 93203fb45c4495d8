"""An attribute of a missing assembly (xunit's ``[Theory]``, ``[InlineData(...)]``, with no
NuGet here) gets an attribute-class stand-in, so mcs checks its arguments: the project enum
members they name are uses (nickbabcock/Pfim's ``[InlineData("a.tga", 1471, ImageFormat.Rgb24)]``:
7 first uses never seen, tuning since held-out 12). Named arguments (``Skip = "..."``) become
``object`` fields of the stand-in, so an attribute the stand-in lacks never costs the file. Real
mcs; fixture written for this project."""

from __future__ import annotations

from pathlib import Path

import pytest

from crossfile_datasets.lang.csharp.external import StubType
from crossfile_datasets.lang.csharp.usages import CSharpChecker
from tests.conftest import write_tree
from tests.csharp.test_csharp_faults import checked

pytestmark = pytest.mark.mcs

FORMAT = """namespace Pics
{
    public enum Format { Rgb24, Rgba32, Gray8 }

    public static class Codec
    {
        public static int Depth(int channels) { return channels * 8; }
    }
}
"""
TESTS = """using Xunit;
using Pics;

namespace Pics.Tests
{
    public class CodecTests
    {
        [Theory]
        [InlineData("a.tga", 14709551298911859837, Format.Rgb24)]
        [InlineData("b.dds", 1, Format.Rgba32)]
        public void Reads(string file, ulong hash, object expected)
        {
            Assert.True(Codec.Depth(3) > 0);
        }

        [Fact(Skip = "slow")]
        public void Gray()
        {
            Assert.Equal(8, Codec.Depth(1));
        }
    }
}
"""


def test_enum_members_in_attribute_arguments_of_a_missing_assembly_are_uses(tmp_path: Path):
    write_tree(tmp_path, {"src/Format.cs": FORMAT, "tests/CodecTests.cs": TESTS})
    usages, report = checked(tmp_path, CSharpChecker())
    found = {(u.line, u.member) for u in usages if u.file == "tests/CodecTests.cs"}
    assert {(9, "Rgb24"), (10, "Rgba32"), (13, "Depth")} <= found, found
    assert not [k for k in report.counts if k.startswith(("files/", "projects/"))], dict(report.counts)


def test_an_attribute_stand_in_is_one_line_any_target_repeatable():
    stub = StubType("InlineDataAttribute", 0, "attribute")
    assert stub.render() == (
        "[global::System.AttributeUsage(global::System.AttributeTargets.All, AllowMultiple = true)] "
        "public class InlineDataAttribute : global::System.Attribute { public InlineDataAttribute(params object[] args) { } }\n")
