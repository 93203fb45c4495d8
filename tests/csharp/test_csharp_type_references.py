"""Types written as types in C# (declarations, base lists, generic arguments, casts, ``typeof``,
attributes, static qualifiers) are uses, found by C#'s lookup rules (``lang/csharp/typerefs.py``):
an emptied type keeps its name, so mcs never reported them (type-only recall 0.056 on the tuning
set, 2026-11-29). Real mcs; fixture written for this project."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import write_tree
from tests.csharp.test_csharp_faults import checked
from crossfile_datasets.lang.csharp.usages import CSharpChecker

pytestmark = pytest.mark.mcs

CORE = """namespace Shop.Core
{
    public class Item { public static int Count; public class Tag { } }
    public interface IPriced { }
    public class AuditAttribute : System.Attribute { }
    public class Box<T> { public static int Made; }
    public class Box { }
    public class Clock { }
}
"""
OTHER = """namespace Shop.Other
{
    public class Clock { }
    public class Ledger { }
}
"""
LOCAL = """namespace Shop.App
{
    public class Ledger { }
}
"""
BASE = """namespace Shop.Core
{
    public class Counter { public class Step { } }
}
"""
APP = """using System.Collections.Generic;
using Shop.Core;
using Shop.Other;
using Named = Shop.Core.Item;
using Boxes = Shop.Core.Box<Shop.Core.Item>;
using CoreNs = Shop.Core;

namespace Shop.App
{
    [Audit]
    public class Cart<T> : Counter, IPriced where T : IPriced
    {
        private Item _item;
        public List<Item> Items { get; set; }
        public Box<Item> Boxed;
        public Box Plain;
        public Core.Clock Relative;
        public global::Shop.Other.Ledger Rooted;
        public Item.Tag Nested;
        public CoreNs.IPriced Aliased;
        public Shop.Core.Box<int> Full;
        public Item Make(Item a, Named b, Step s, Ledger l)
        {
            var n = Item.Count;
            var made = Box<Item>.Made;
            var d = (Item)a;
            var k = typeof(Box<int>);
            T local = default(T);
            return a;
        }

        private class Own { }
        private Own mine;
    }
}
"""


@pytest.fixture(scope="module")
def found(tmp_path_factory):
    root = tmp_path_factory.mktemp("shop")
    write_tree(root, {"Core/Item.cs": CORE, "Core/Counter.cs": BASE, "Other/Clock.cs": OTHER,
                      "App/Ledger.cs": LOCAL, "App/Cart.cs": APP})
    usages, report = checked(root, CSharpChecker())
    lines = APP.splitlines()
    rows = {(u.line, u.column): u for u in usages if u.file == "App/Cart.cs"}
    return rows, lines, report


def at(lines: list[str], needle: str, name: str) -> tuple[int, int]:
    row = next(i for i, line in enumerate(lines) if needle in line)
    return row + 1, lines[row].index(name, lines[row].index(needle))


def test_types_written_as_types_are_uses_of_their_file(found):
    rows, lines, report = found
    expected = {
        at(lines, "[Audit]", "Audit"): "Core/Item.cs",  # an attribute names AuditAttribute
        at(lines, ": Counter", "Counter"): "Core/Counter.cs",
        at(lines, "IPriced where", "IPriced"): "Core/Item.cs",
        at(lines, "where T : IPriced", "IPriced"): "Core/Item.cs",
        at(lines, "private Item _item", "Item"): "Core/Item.cs",
        at(lines, "List<Item>", "Item"): "Core/Item.cs",
        at(lines, "Box<Item> Boxed", "Box"): "Core/Item.cs",
        at(lines, "public Box Plain", "Box"): "Core/Item.cs",
        at(lines, "Named b", "Named"): "Core/Item.cs",  # a using alias
        at(lines, "Step s", "Step"): "Core/Counter.cs",  # a nested type of the base class
        at(lines, "(Item)a", "Item"): "Core/Item.cs",
        at(lines, "typeof(Box<int>)", "Box"): "Core/Item.cs",
        at(lines, "var n = Item.Count", "Item"): "Core/Item.cs",  # the static qualifier
        at(lines, "Box<Item>.Made", "Box"): "Core/Item.cs",  # a generic static qualifier (Maybe<int>.None)
        at(lines, "Ledger l", "Ledger"): "App/Ledger.cs",  # the enclosing namespace wins over a using
        # qualified names (NVorbis, held-out 15: `Contracts.IPacketProvider` inside `namespace NVorbis`)
        at(lines, "Core.Clock Relative", "Clock"): "Core/Item.cs",  # relative to an enclosing namespace
        at(lines, "Shop.Other.Ledger Rooted", "Ledger"): "Other/Clock.cs",  # global::
        at(lines, "Item.Tag Nested", "Tag"): "Core/Item.cs",  # a nested type of a type found by a using
        at(lines, "CoreNs.IPriced", "IPriced"): "Core/Item.cs",  # a using alias of a namespace
        at(lines, "Shop.Core.Box<int> Full", "Box"): "Core/Item.cs",  # the full name, generic
    }
    got = {pos: rows[pos].definition_file for pos in expected if pos in rows}
    assert got == expected, {pos: (lines[pos[0] - 1][pos[1]:pos[1] + 8], got.get(pos)) for pos in expected}
    assert report.metrics["checker/csharp_type_references"] >= len(expected) - 1
    # Box and Box<T> are two types: the arity picks one (same file here, two declarations)
    assert rows[at(lines, "Box<Item> Boxed", "Box")].definition_symbol == "Box"
    assert rows[at(lines, "public Box Plain", "Box")].definition_symbol == "Box"


def test_what_the_rules_leave_alone(found):
    rows, lines, _ = found
    # a type parameter, the file's own nested type, a library type, a using directive's type
    for needle, name in (("T local", "T"), ("private Own mine", "Own"), ("List<Item>", "List"),
                         ("using Boxes", "Item"), ("using Named", "Item"),
                         # the qualifier of a qualified name is a namespace here, not a use
                         ("Core.Clock Relative", "Core"), ("CoreNs.IPriced", "CoreNs")):
        assert at(lines, needle, name) not in rows, (needle, rows.get(at(lines, needle, name)))


FEEDS = """namespace Reader.Feeds
{
    public class BaseFeed { public string Title; }
}
"""
FEED = """namespace Reader
{
    using System;
    using Feeds;

    public class Feed
    {
        public BaseFeed Specific;
        public Feed(BaseFeed feed) { Specific = feed; }
    }
}
"""


def test_a_using_directive_inside_a_namespace_is_relative_to_it(tmp_path):
    """``using Feeds;`` inside ``namespace Reader`` names ``Reader.Feeds`` (arminreiter/FeedReader,
    held-out 16: type-only 0.913, the types it brings were left unresolved)."""
    write_tree(tmp_path, {"Feeds/BaseFeed.cs": FEEDS, "Feed.cs": FEED})
    usages, _ = checked(tmp_path, CSharpChecker())
    lines = FEED.splitlines()
    rows = {(u.line, u.column): u for u in usages if u.file == "Feed.cs"}
    for needle in ("public BaseFeed Specific", "Feed(BaseFeed feed)"):
        pos = at(lines, needle, "BaseFeed")
        assert pos in rows and rows[pos].definition_file == "Feeds/BaseFeed.cs", (needle, sorted(rows))


def test_absolute_using_targets_follow_the_compilers_lookup():
    from crossfile_datasets.lang.csharp.syntax import FileModel, UsingDecl, absolute_using_targets

    def using(target, namespace, kind="namespace"):
        return UsingDecl(kind, target, None, False, 0, 0, None, namespace)

    inner = [using("Feeds", "Reader.App"), using("System", "Reader"), using("Reader.Feeds", "Reader"),
             using("Feeds.BaseFeed", "Reader", "static"), using("global::Feeds", "Reader"), using("Feeds", "")]
    models = [FileModel("a.cs", [], inner, ["Reader", "Reader.App"], frozenset(), frozenset(), []),
              FileModel("b.cs", [], [], ["Reader", "Reader.Feeds", "Feeds"], frozenset(), frozenset(), [])]
    absolute_using_targets(models)
    assert [u.target for u in inner] == ["Reader.Feeds", "System", "Reader.Feeds", "Reader.Feeds.BaseFeed",
                                         "global::Feeds", "Feeds"]


MODES = """namespace Audio
{
    public enum StereoMode { Both, LeftOnly }
}
"""
DECODER = """namespace Audio.Decoding
{
    public class Decoder
    {
        public StereoMode StereoMode { get; set; }
        public int Mode;
        public Decoder() { StereoMode = StereoMode.Both; }
        public bool Left() { return StereoMode == StereoMode.LeftOnly; }
    }
}
"""


def test_a_qualifier_named_like_a_property_of_its_own_type_is_the_type(tmp_path):
    """"Color Color" (C# 12.8.7.2): in a class declaring ``public StereoMode StereoMode``, the
    qualifier of ``StereoMode.Both`` is the enum (naudio/NLayer, held-out 20: 2 type-only uses
    skipped because a value of that name is declared in the file)."""
    write_tree(tmp_path, {"Audio/StereoMode.cs": MODES, "Audio/Decoding/Decoder.cs": DECODER})
    usages, _ = checked(tmp_path, CSharpChecker())
    lines = DECODER.splitlines()
    rows = {(u.line, u.column): u for u in usages if u.file == "Audio/Decoding/Decoder.cs"}
    for needle in ("= StereoMode.Both", "== StereoMode.LeftOnly"):
        pos = at(lines, needle, "StereoMode")
        assert pos in rows and rows[pos].definition_file == "Audio/StereoMode.cs", (needle, sorted(rows))


SHAPES = """namespace Sketch
{
    public class Turn { public static readonly Turn None = new Turn(); public double Angle; }
}
"""
CANVAS = """using System.Collections.Generic;

namespace Sketch.Drawing
{
    public class Board
    {
        readonly Stack<Sketch.Turn> turns = new Stack<Sketch.Turn>();
        public Board() { turns.Push(Sketch.Turn.None); }
        public void Turn(Sketch.Turn turn) { turns.Push(turn); }
        public double Reset() { var t = Sketch.Turn.None; return t.Angle; }
    }
}
"""


def test_a_static_qualifier_written_with_its_namespace_is_the_type(tmp_path):
    """``Sketch.Turn.None`` in a class that declares a method ``Turn``: the grammar parses the
    qualifier as a member access ``Sketch.Turn``, not a qualified name, so the type was no use
    (praeclarum/NGraphics, held-out 21: ``states.Push (NGraphics.Transform.Identity)`` in
    ``GraphicCanvas``)."""
    write_tree(tmp_path, {"Sketch/Turn.cs": SHAPES, "Sketch/Drawing/Board.cs": CANVAS})
    usages, _ = checked(tmp_path, CSharpChecker())
    lines = CANVAS.splitlines()
    rows = {(u.line, u.column): u for u in usages if u.file == "Sketch/Drawing/Board.cs"}
    for needle in ("Push(Sketch.Turn.None)", "= Sketch.Turn.None"):
        pos = at(lines, needle, "Turn")
        assert pos in rows and rows[pos].definition_file == "Sketch/Turn.cs", (needle, sorted(rows))


TURN = """namespace Sketch
{
    public class Turn
    {
        public static readonly Turn None = new Turn();
        public double Angle;
        public double Rotate(double x) { return x + Angle; }
    }
}
"""
ELEMENT = """namespace Sketch
{
    public class Element
    {
        public Turn Turn { get; set; }
        public int Span;
    }
}
"""
SPAN = """namespace Sketch
{
    public class Span { public static int Zero; }
    public class Pad { public static Pad Blank; public int Lines; }
}
"""
CIRCLE = """namespace Sketch.Shapes
{
    public class Circle : Element
    {
        public double Spin(double x) { return Turn.Rotate(x); }
        public bool Plain() { return Turn == Turn.None; }
        public string Width() { return Span.ToString(); }
        public Pad Pad { get; set; }
        public int Lines() { return Pad.Lines; }
        public Pad Fresh() { return Pad.Blank; }
    }
}
"""


def test_a_qualifier_named_like_an_inherited_value_is_the_value_unless_the_member_is_static(tmp_path):
    """``Turn.Rotate(x)`` in ``Circle : Element`` reads the inherited property ``Element.Turn``
    (of type ``Turn``, "Color Color": an instance member is read on the value), while
    ``Turn.None`` (static) names the type; ``Span.ToString()`` reads the inherited field ``Span``
    (an ``int``), not the project type ``Span`` (NGraphics, held-out 21: ``Transform.TransformRect``
    in ``Ellipse : Element`` was reported as the type ``Transform``)."""
    write_tree(tmp_path, {"Sketch/Turn.cs": TURN, "Sketch/Element.cs": ELEMENT, "Sketch/Span.cs": SPAN,
                          "Sketch/Shapes/Circle.cs": CIRCLE})
    usages, report = checked(tmp_path, CSharpChecker())
    lines = CIRCLE.splitlines()
    types = {(u.line, u.column) for u in usages if u.file == "Sketch/Shapes/Circle.cs" and u.mode == "type_reference"}
    # the inherited values themselves are uses of Element's members (CS0120 once Element is emptied)
    members = {(u.line, u.column): (u.member, u.definition_file) for u in usages
               if u.file == "Sketch/Shapes/Circle.cs" and u.mode != "type_reference"}
    for needle, name in (("Turn.Rotate", "Turn"), ("Span.ToString", "Span"), ("Turn == Turn.None", "Turn")):
        assert members.get(at(lines, needle, name)) == (name, "Sketch/Element.cs"), (needle, members)
    assert "usages/unattributed_CS0120" not in report.counts, dict(report.counts)
    assert at(lines, "Turn.None", "Turn") in types, sorted(types)
    assert at(lines, "Turn.Rotate", "Turn") not in types, sorted(types)
    assert at(lines, "Span.ToString", "Span") not in types, sorted(types)
    assert at(lines, "Turn == Turn.None", "Turn") not in types, sorted(types)  # a value, never a qualifier
    # the same with the file's own property `public Pad Pad` (NGraphics: `Graphic.Children.Add`)
    assert at(lines, "Pad.Lines", "Pad") not in types, sorted(types)
    assert at(lines, "Pad.Blank", "Pad") in types, sorted(types)
