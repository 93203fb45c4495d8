"""An override of an intermediate class's own overload keeps its ``override`` when F is emptied.

nickbabcock/Pfim: ``Dds`` (F) declares ``abstract void Decode(Stream, PfimConfig)``;
``CompressedDds : Dds`` overrides it and declares its own ``abstract int Decode(byte[], ...)``
(5 parameters), which ``Bc5Dds`` and four siblings override. Matching by name only, the
emptied round of ``Dds.cs`` blanked those overrides too, and they then hid
``CompressedDds.Decode`` (CS0533): declarations never compiled, no body of the round was
checked, and ``Dds.Create(...)`` in the tests was never a use (``checker/variant_declarations_blocked``).
Real mcs; fixture written for this project."""

from __future__ import annotations

from pathlib import Path

import pytest

from crossfile_datasets.lang.csharp.usages import CSharpChecker, _parameter_count
from tests.conftest import write_tree
from tests.csharp.test_csharp_faults import checked

pytestmark = pytest.mark.mcs

IMAGE = """namespace Pics
{
    public abstract class Image
    {
        public static Image Create(byte[] data) { return null; }
        protected abstract void Decode(byte[] data, int config);
    }
}
"""
COMPRESSED = """namespace Pics
{
    public abstract class Compressed : Image
    {
        protected override void Decode(byte[] data, int config) { Decode(data, data, 0, 0u, 1u); }
        protected abstract int Decode(byte[] stream, byte[] data, int at, uint index, uint stride);
    }
}
"""
BLOCKS = """namespace Pics
{
    public class Blocks : Compressed
    {
        protected override int Decode(byte[] stream, byte[] data, int at, uint index, uint stride) { return at; }
    }
}
"""
USE = """namespace Pics.Tests
{
    public class ImageTests
    {
        public object Read(byte[] bytes)
        {
            return Image.Create(bytes);
        }
    }
}
"""


def test_an_override_of_an_intermediate_overload_is_left_alone(tmp_path: Path):
    write_tree(tmp_path, {"src/Image.cs": IMAGE, "src/Compressed.cs": COMPRESSED, "src/Blocks.cs": BLOCKS,
                          "tests/ImageTests.cs": USE})
    usages, report = checked(tmp_path, CSharpChecker())
    assert ("tests/ImageTests.cs", 7, "Create") in {(u.file, u.line, u.member) for u in usages}, usages
    blocked = [w for w in report.samples.get("checker/variant_declarations_blocked", []) if w.startswith("src/Image.cs")]
    assert not blocked, blocked


@pytest.mark.parametrize(("signature", "count"), [
    ("protected override int Decode(byte[] stream, byte[] data, int at, uint index, uint stride)", 5),
    ("public void Run()", 0),
    ("public void Put(Dictionary<string, int> map, Func<int, (int, int)> f)", 2),
    ("public override int BitsPerPixel", None),
])
def test_parameter_count_of_a_signature(signature, count):
    assert _parameter_count(signature) == count


# RobThree/IdGen's shape: the abstract base F implements an interface of another file that
# declares the same member; the override still overrides F's (an interface member is never
# overridden), so it is blanked as before and its uses in the body are found
CLOCK = """namespace Ids
{
    public interface IClock
    {
        long GetTicks();
        int Step { get; }
    }
}
"""
WATCH = """namespace Ids
{
    public abstract class Watch : IClock
    {
        public int Step { get; private set; }
        public abstract long GetTicks();
    }
}
"""
DEFAULT = """namespace Ids
{
    public class DefaultWatch : Watch
    {
        public override long GetTicks() => Step * 2;
    }
}
"""


def test_an_interface_member_of_the_same_name_does_not_keep_the_override(tmp_path: Path):
    write_tree(tmp_path, {"src/IClock.cs": CLOCK, "src/Watch.cs": WATCH, "src/DefaultWatch.cs": DEFAULT})
    usages, report = checked(tmp_path, CSharpChecker())
    assert ("src/DefaultWatch.cs", 5, "Step") in {(u.file, u.line, u.member) for u in usages}, usages
    blocked = [w for w in report.samples.get("checker/variant_declarations_blocked", []) if w.startswith("src/Watch.cs")]
    assert not blocked, blocked
