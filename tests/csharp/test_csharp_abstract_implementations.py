"""C# uses of a class that implements a project base class's abstract members (issue 28; the
shape of Nustache's ``Section : Part``, a tuning case since 2026-11-28e; fixture written for
this test, checked with the real mcs).

Emptying ``Group`` (which overrides ``Node``'s abstract ``Draw`` and ``Describe``) left those
members unimplemented: ``Group``, made abstract, passed the debt on to ``Layer`` and ``Sheet``
in another file (CS0534), and blanking ``Layer``'s ``override`` of ``Draw`` made it hide the
abstract member (CS0533). Both are declaration errors, so mcs checked no body and every member
of ``Group`` was lost (``checker/variant_declarations_blocked``). The overrides are now kept
without their bodies (``checker/abstract_implementations_kept``).

A call of a project override on a local of the overriding class (``layer.Draw(canvas)``,
``Layer.Draw`` overriding ``Group.Draw``) compiled against the base's member once ``Layer.cs``
was emptied; the emptied class now keeps an obsolete-as-error stand-in for it, as it did for
overrides of a library base's methods.
"""

from __future__ import annotations

import pytest

from tests.conftest import require_tool, write_tree
from tests.csharp.test_csharp_usages import PROJECT, build

pytestmark = pytest.mark.mcs

FILES = {
    "Shapes.csproj": PROJECT + "\n",
    "Core/Node.cs": """namespace Shapes.Core
{
    public abstract class Node
    {
        public abstract void Draw(Canvas canvas);

        public abstract string Describe();
    }

    public class Canvas
    {
        public int Depth;
    }
}
""",
    "Core/Group.cs": """using System.Collections.Generic;

namespace Shapes.Core
{
    public class Group : Node
    {
        private readonly List<Node> _children = new List<Node>();

        public Group(string title)
        {
            Title = title;
        }

        public string Title { get; private set; }

        public Group Backup { get; set; }

        public void Append(Node child)
        {
            _children.Add(child);
        }

        public override void Draw(Canvas canvas)
        {
            DrawChildren(canvas);
        }

        public void DrawChildren(Canvas canvas)
        {
            foreach (var c in _children)
            {
                c.Draw(canvas);
            }
        }

        public override string Describe() => Title;
    }
}
""",
    "Core/Layer.cs": """namespace Shapes.Core
{
    public class Layer : Group
    {
        public Layer(string title, params Node[] children)
            : base(title)
        {
            foreach (var c in children)
            {
                Append(c);
            }
        }

        public override void Draw(Canvas canvas)
        {
            canvas.Depth++;
            DrawChildren(canvas);
            if (Backup != null)
            {
                Backup.DrawChildren(canvas);
            }
        }
    }

    public class Sheet : Group
    {
        public Sheet() : base("sheet")
        {
        }
    }
}
""",
    "App/Builder.cs": """using Shapes.Core;

namespace Shapes.App
{
    public static class Builder
    {
        public static Group Make(string title, Node child)
        {
            var g = new Group(title);
            g.Append(child);
            g.Backup = new Group(g.Title);
            return g;
        }

        public static void Show(Canvas canvas)
        {
            var layer = new Layer("top");
            layer.Draw(canvas);
        }
    }
}
""",
}


def row(path: str, needle: str) -> int:
    return next(i for i, line in enumerate(FILES[path].split("\n"), 1) if needle in line)


@pytest.mark.slow  # real mcs builds of the fixture: 15-60 s on a loaded machine
def test_members_of_a_class_implementing_a_base_s_abstract_members(tmp_path):
    require_tool("mcs")
    write_tree(tmp_path, FILES)
    usages, report = build(tmp_path)
    got = {(u.file, u.line, u.member or u.imported_name, u.definition_file) for u in usages
           if u.definition_file in ("Core/Group.cs", "Core/Layer.cs")}
    layer, builder = "Core/Layer.cs", "App/Builder.cs"
    assert {
        (layer, row(layer, "Append(c);"), "Append", "Core/Group.cs"),
        (layer, row(layer, "            DrawChildren(canvas);"), "DrawChildren", "Core/Group.cs"),
        (layer, row(layer, "if (Backup != null)"), "Backup", "Core/Group.cs"),
        (builder, row(builder, "g.Append(child)"), "Append", "Core/Group.cs"),
        (builder, row(builder, "g.Backup = "), "Backup", "Core/Group.cs"),
        (builder, row(builder, "g.Backup = "), "Title", "Core/Group.cs"),
        (builder, row(builder, "layer.Draw(canvas)"), "Draw", "Core/Layer.cs"),  # the override's stand-in
    } <= got
    assert "checker/variant_declarations_blocked" not in report.counts, report.places
    assert report.metrics["checker/abstract_implementations_kept"] == 2  # Group.Draw, Group.Describe
