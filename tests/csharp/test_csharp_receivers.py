"""C# uses the stub rounds could not see (issue 28, found on a Markdown parser and an audio
decoder; fixture written for these tests, checked with the real mcs):

- members of interface-typed receivers (``IPacket packet; packet.ReadBits(8)``) when a class of
  another file implements the interface through an abstract base whose ``override``s are not
  the interface's: blanking those overrides hid every use of the interface;
- uses masked by an earlier failing expression once their member was restored because of a use
  elsewhere (``var cur = Block.CreateDocument(); cur = cur.Parent;``): checked in a round where
  the masking member is restored and the masked one is not;
- calls of a project override of an ``object`` member (``line.ToString()``).
"""

from __future__ import annotations

import pytest

from crossfile_datasets.analyzers.crossfile import first_uses
from tests.conftest import require_tool, write_tree
from tests.csharp.test_csharp_usages import build

pytestmark = pytest.mark.mcs

FILES = {
    "Audio.csproj": '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><LangVersion>7.2</LangVersion></PropertyGroup></Project>\n',
    "Contracts/IPacket.cs": """namespace Audio.Contracts
{
    public interface IPacket
    {
        int BitsRead { get; }
        ulong ReadBits(int count);
        void Done();
        bool Seek(long offset);
    }
}
""",
    "DataPacket.cs": """using Audio.Contracts;

namespace Audio
{
    public abstract class DataPacket : IPacket
    {
        protected abstract int TotalBits { get; }
        public abstract bool Seek(long offset);
        public int BitsRead { get { return TotalBits; } }
        ulong IPacket.ReadBits(int count) { return (ulong)(count + TotalBits); }
        public void Done() { }
    }
}
""",
    "Ogg/Packet.cs": """namespace Audio.Ogg
{
    public class Packet : DataPacket
    {
        protected override int TotalBits { get { return 8; } }
        public override bool Seek(long offset) { return offset > 0; }
    }
}
""",
    "Decoder.cs": """using Audio.Contracts;

namespace Audio
{
    public class Decoder
    {
        private IPacket _packet;

        public ulong Head(IPacket packet)
        {
            _packet = packet;
            return packet.ReadBits(8) + (ulong)_packet.BitsRead;
        }
    }
}
""",
    "Syntax/Block.cs": """namespace Audio.Syntax
{
    public class Block
    {
        public Block Parent;
        public Block FirstChild;
        internal static Block CreateDocument() { return new Block(); }
    }

    public class LineInfo
    {
        public LineInfo(bool track) { Line = track ? "x" : null; }
        public string Line;
        public override string ToString() { return "line " + Line; }
    }
}
""",
    "Walker.cs": """using Audio.Syntax;

namespace Audio
{
    public class Walker
    {
        public int Depth(Block b, LineInfo info)
        {
            var n = 0;
            while (b.Parent != null && info.Line != null) { b = b.Parent; n++; }
            return n;
        }
    }
}
""",
    "Converter.cs": """using Audio.Syntax;

namespace Audio
{
    public static class Converter
    {
        public static Block Process(bool track)
        {
            var cur = Block.CreateDocument();
            var doc = cur;
            var line = new LineInfo(track);
            while (line.Line != null)
            {
                line.Line = null;
            }
            var text = line.ToString();
            do
            {
                cur = cur.Parent;
            } while (cur != null);
            return doc;
        }
    }
}
""",
}


@pytest.fixture(scope="module")
def found(tmp_path_factory):
    require_tool("mcs")
    root = tmp_path_factory.mktemp("audio")
    write_tree(root, FILES)
    usages, report = build(root)
    return usages, report, {p: t.split("\n") for p, t in FILES.items()}


def row(lines, needle):
    return next(i for i, line in enumerate(lines, 1) if needle in line)


def test_members_of_interface_typed_receivers(found):
    usages, _, files = found
    got = {(u.line, u.member, u.definition_file) for u in usages if u.file == "Decoder.cs" and u.member}
    lines = files["Decoder.cs"]
    assert (row(lines, "packet.ReadBits"), "ReadBits", "Contracts/IPacket.cs") in got
    assert (row(lines, "packet.ReadBits"), "BitsRead", "Contracts/IPacket.cs") in got


def test_uses_masked_by_a_failing_expression_are_checked_with_the_mask_restored(found):
    usages, _, files = found
    lines = files["Converter.cs"]
    mine = [u for u in usages if u.file == "Converter.cs"]
    got = {(u.line, u.member) for u in mine if u.member}
    assert (row(lines, "cur = cur.Parent"), "Parent") in got
    assert (row(lines, "while (line.Line"), "Line") in got
    firsts = {(u.member, u.line) for u in first_uses(mine) if u.member in ("Parent", "Line")}
    assert firsts == {("Parent", row(lines, "cur = cur.Parent")), ("Line", row(lines, "while (line.Line"))}


def test_calls_of_a_project_override_of_an_object_member(found):
    usages, _, files = found
    lines = files["Converter.cs"]
    to_string = [u for u in usages if u.file == "Converter.cs" and u.member == "ToString"]
    assert [(u.line, u.definition_file, u.definition_symbol) for u in to_string] == [
        (row(lines, "line.ToString()"), "Syntax/Block.cs", "LineInfo.ToString")]
