"""Issue 14's C# misses on a fixture repository written for this project (marker: mcs).

Each test names the defect it guards: parameterless constructors (an emptied class kept its
implicit constructor), members overridden or explicitly implemented in another file (restoring
them hid every use), `base.X(...)` calls, and uses masked behind another error of the same
expression once their member was restored because of another use.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import require_tool, write_tree
from tests.csharp.test_csharp_usages import build

pytestmark = pytest.mark.mcs

GARDEN = {
    "App/Yard.cs": """using Garden.Model;
using Garden.Render;

namespace Garden.App
{
    public class Yard
    {
        public int Water()
        {
            var plain = new Sprinkler();
            var tuned = new Sprinkler { Rate = 3 };
            return plain.Litres(2) + tuned.Litres(1);
        }

        public string Show(Painter painter, ISketch sketch)
        {
            return painter.Prefix() + painter.Frame("x") + sketch.Outline(4);
        }

        public void Schedule(Plan plan)
        {
            plan.Fire(Season.Spring).Then(Season.Summer);
            plan.Fire(Season.Summer);
            plan.Fire(Season.Autumn);
        }
    }
}
""",
    "Garden.csproj": """<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><LangVersion>7.2</LangVersion></PropertyGroup></Project>
""",
    "Model/Sprinkler.cs": """namespace Garden.Model
{
    public sealed class Sprinkler
    {
        public int Rate { get; set; }
        public string Nozzle = "fan";
        public int Litres(int minutes) { return Rate * minutes; }
    }

    public class Bed
    {
        public string Name { get; set; }
        public virtual string Describe() { return "bed " + Name; }
    }

    public enum Season { Spring, Summer, Autumn }

    public class Plan
    {
        public Plan Fire(Season s) { return this; }
        public Plan Then(Season s) { return this; }
    }
}
""",
    "Render/Painter.cs": """namespace Garden.Render
{
    public abstract class Painter
    {
        internal abstract string Prefix();
        internal virtual string Frame(string body) { return Prefix() + body; }
    }

    public interface ISketch
    {
        string Outline(int width);
    }
}
""",
    "Render/TextPainter.cs": """using Garden.Model;

namespace Garden.Render
{
    class TextPainter : Painter
    {
        internal override string Prefix() { return "> "; }
        internal override string Frame(string body) { return base.Frame(body) + "\\n"; }
    }

    class Sketch : ISketch
    {
        string ISketch.Outline(int width) { return new string('-', width); }
    }

    class RaisedBed : Bed
    {
        public override string Describe() { return "raised " + base.Describe(); }
    }
}
""",
}


@pytest.fixture(autouse=True)
def _mcs():
    require_tool("mcs")


@pytest.fixture(scope="module")
def garden(tmp_path_factory):
    root = tmp_path_factory.mktemp("garden")
    write_tree(root, GARDEN)
    usages, report = build(root)
    return {(u.file, u.line, u.column, u.member or u.imported_name): u for u in usages}, report


def at(path: str, line: int, name: str, nth: int = 1) -> tuple:
    text = GARDEN[path].split("\n")[line - 1]
    col = -1
    for _ in range(nth):
        col = text.index(name, col + 1)
    return (path, line, col, name)


def test_parameterless_constructors_are_uses(garden):
    found, report = garden
    assert at("App/Yard.cs", 10, "Sprinkler") in found  # new Sprinkler()
    assert at("App/Yard.cs", 11, "Sprinkler") in found  # new Sprinkler { Rate = 3 }
    assert at("App/Yard.cs", 11, "Rate") in found  # the initializer's member, not masked by the constructor
    # a subclass with an implicit constructor (RaisedBed : Bed) is not a constructor use; its
    # base list is a use of the type (lang/csharp/typerefs.py)
    assert not [k for k, u in found.items() if k[0] == "Render/TextPainter.cs" and k[3] in ("Bed", "Painter")
                and u.mode != "type_reference"]
    assert report.counts.get("checker/abstract_classes_undone", 0) == 0


def test_overridden_and_explicitly_implemented_members_stay_visible(garden):
    found, report = garden
    assert at("App/Yard.cs", 17, "Prefix") in found  # abstract, overridden in TextPainter.cs
    assert at("App/Yard.cs", 17, "Outline") in found  # implemented as ISketch.Outline in TextPainter.cs
    assert found[at("App/Yard.cs", 17, "Prefix")].round == 1  # no round lost to CS0115/CS0539
    assert report.metrics["checker/overrides_blanked"] >= 3
    # the overrides themselves are declarations, not uses
    assert not [k for k in found if k[0] == "Render/TextPainter.cs" and k[3] in ("Prefix", "Outline")]


def test_base_member_calls_are_uses(garden):
    found, _ = garden
    assert at("Render/TextPainter.cs", 8, "Frame", 2) in found  # base.Frame(body)
    assert at("Render/TextPainter.cs", 18, "Describe", 2) in found  # base.Describe()
    assert found[at("Render/TextPainter.cs", 18, "Describe", 2)].definition_file == "Model/Sprinkler.cs"


def test_uses_masked_in_one_expression_are_recovered_through_the_typed_receiver(garden):
    found, _ = garden
    frame = found.get(at("App/Yard.cs", 17, "Frame"))  # behind painter.Prefix() in the same sum
    assert frame is not None and frame.mode == "same_receiver" and frame.definition_file == "Render/Painter.cs"
    summer = found.get(at("App/Yard.cs", 22, "Summer"))  # behind the failed Fire(Season.Spring) call
    assert summer is not None and summer.mode == "same_receiver"
    # the override ToString and other receivers' members are never recovered this way
    assert not [k for k in found if k[3] in ("ToString", "Nozzle")]


BOX = """using System;

namespace Garden.Model
{
    public class Box<T>
    {
        public T Value;
        public Box(T value) { Value = value; }
    }

    public static class BoxQuery
    {
        public static Box<U> Select<T, U>(this Box<T> box, Func<T, U> map) { return new Box<U>(map(box.Value)); }
        public static int Doubled(this int n) { return n * 2; }
    }
}
"""
SHED = """using Garden.Model;

namespace Garden.App
{
    class Shed
    {
        int Count(Box<int> crates)
        {
            var q = from n in crates select n.Doubled();
            return q.Value;
        }
    }
}
"""


def test_a_query_operator_of_the_emptied_file_does_not_hide_the_uses_inside_the_query(tmp_path: Path):
    # emptying BoxQuery removes Select: the whole `from ... select` fails and hides
    # n.Doubled() (CS1935/CS1936); the operator comes back in round 2 (no written identifier, so no use of it)
    write_tree(tmp_path, {"Shed.csproj": GARDEN["Garden.csproj"], "Model/Box.cs": BOX, "App/Shed.cs": SHED})
    usages, report = build(tmp_path)
    line = SHED.split("\n")[8]
    doubled = [u for u in usages if u.member == "Doubled"]
    assert [(u.line, u.column, u.round) for u in doubled] == [(9, line.index("Doubled"), 2)]
    assert not [u for u in usages if u.member == "Select"]
    assert report.counts["usages/unattributed_CS1935"] >= 1  # "... query expression pattern ... not found"


SWITCH = """namespace Lamp
{
    public class Switch
    {
        public bool On { get; set; }

        public int Level(bool dim)
        {
#if DEBUG
            if (dim && On)
            {
                return 1;
            }
            else
#else
            if (dim)
            {
                return 2;
            }
            else
#endif
            {
                return Bulb.Watts();
            }
        }
    }
}
"""
BULB = """#if NETSTANDARD
namespace Lamp.Core
{
#else
namespace Lamp
{
#endif
    public static class Bulb { public static int Watts() { return 4; } }
}
"""
ROOM = """namespace Lamp
{
    public class Room
    {
        public int Light(Switch s) { return s.Level(true) + (s.On ? 1 : 0); }
    }
}
"""


def test_if_regions_that_split_statements_are_read_as_mcs_compiles_them(tmp_path: Path):
    # tree-sitter parses every #if branch: these files were ERROR trees (never attributed, never
    # emptied) although mcs -define:DEBUG;TRACE compiles them; their active code is parsed now
    write_tree(tmp_path, {"Lamp.csproj": GARDEN["Garden.csproj"], "Switch.cs": SWITCH, "Bulb.cs": BULB, "Room.cs": ROOM})
    usages, report = build(tmp_path)
    got = {(u.file, u.line, u.member, u.definition_file) for u in usages}
    assert {("Room.cs", 5, "Level", "Switch.cs"), ("Room.cs", 5, "On", "Switch.cs"),
            ("Switch.cs", 23, "Watts", "Bulb.cs")} <= got
    assert not [k for k in report.counts if "syntax" in k]


def test_symbols_defined_by_the_project_file_are_compiled(tmp_path: Path):
    # the async half of a class sits in `#if TASKS`, which the project file defines: compiled
    # with DEBUG;TRACE only, it did not exist and its uses were never found
    write_tree(tmp_path, {
        "Lamp.csproj": '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup Condition=" \'$(TargetFramework)\' == \'net45\' ">'
                       '<DefineConstants>$(DefineConstants);TASKS</DefineConstants></PropertyGroup></Project>',
        "Switch.cs": SWITCH,
        "Fade.cs": "#if TASKS\nnamespace Lamp\n{\n    public static class Fade\n    {\n"
                   "        public static int Slowly(int from) { return from / 2; }\n    }\n}\n#endif\n",
        "Show.cs": "namespace Lamp\n{\n    class Show\n    {\n        int Dim() { return Fade.Slowly(8); }\n    }\n}\n",
    })
    usages, _ = build(tmp_path)
    assert ("Show.cs", 5, "Slowly", "Fade.cs") in {(u.file, u.line, u.member, u.definition_file) for u in usages}


def test_each_file_is_compiled_with_the_symbols_of_its_own_project(tmp_path: Path):
    # a library built for netstandard2.0 keeps two versions of a method under `#if NET35`; the
    # test project beside it defines NET35 in its configuration. One set of symbols for the
    # whole repository (the union) analysed the NET35 branch of the library: its uses were
    # missed and the other branch's reported (lontivero/Open.NAT, 2026-11-27)
    write_tree(tmp_path, {
        "Clocks/Clocks.csproj": '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup>'
                                '<TargetFrameworks>netstandard2.0;net35</TargetFrameworks></PropertyGroup></Project>',
        "Clocks/Clock.cs": "namespace Clocks\n{\n    public class Clock\n    {\n"
                           "        public int Now() { return 1; }\n        public int Legacy() { return 2; }\n    }\n}\n",
        "Clocks/Timer.cs": "namespace Clocks\n{\n    public class Timer\n    {\n        public int Tick(Clock c)\n        {\n"
                           "#if NET35\n            return c.Legacy();\n#else\n            return c.Now();\n#endif\n"
                           "        }\n    }\n}\n",
        "Clocks.Tests/Clocks.Tests.csproj": (
            '<Project ToolsVersion="15.0" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">'
            '<PropertyGroup><OutputType>Library</OutputType></PropertyGroup>'
            '<PropertyGroup Condition="\'$(Configuration)|$(Platform)\' == \'Debug 3.5|AnyCPU\'">'
            '<DefineConstants>TRACE;DEBUG;NET35</DefineConstants></PropertyGroup>'
            '<ItemGroup><Compile Include="TimerTests.cs" /></ItemGroup>'
            '<ItemGroup><ProjectReference Include="..\\Clocks\\Clocks.csproj" /></ItemGroup></Project>'),
        "Clocks.Tests/TimerTests.cs": "namespace Clocks.Tests\n{\n    public class TimerTests\n    {\n"
                                      "        public int Run() { return new Clocks.Timer().Tick(new Clocks.Clock()); }\n    }\n}\n",
    })
    usages, _ = build(tmp_path)
    got = {(u.file, u.line, u.member) for u in usages if u.file == "Clocks/Timer.cs"}
    assert ("Clocks/Timer.cs", 10, "Now") in got, got
    assert ("Clocks/Timer.cs", 8, "Legacy") not in got, got


def test_the_default_build_of_a_project_decides_its_symbols():
    from crossfile_datasets.lang.csharp.projects import _condition, framework_symbols

    props = {"configuration": "Debug", "platform": "AnyCPU", "targetframework": "netstandard2.0"}
    assert _condition(" '$(Configuration)|$(Platform)' == 'Debug|AnyCPU' ", props) is True
    assert _condition("'$(Configuration)|$(Platform)' == 'Debug 3.5|AnyCPU'", props) is False
    assert _condition("'$(TargetFramework)' != 'net35' and '$(TargetFramework)' != 'netstandard2.0'", props) is False
    assert _condition("'$(TargetFramework)' == 'NETSTANDARD2.0' or '$(X)' == ''", {**props, "x": "1"}) is True
    assert _condition("Exists('a.props')", props) is None  # unreadable: counts as holding
    assert _condition("'$(TargetFramework)' == 'net45'", {"configuration": "Debug"}) is None  # no target known
    assert framework_symbols("netstandard2.0") == ("NETSTANDARD", "NETSTANDARD2_0")
    assert framework_symbols("net35") == ("NETFRAMEWORK", "NET35")
    assert framework_symbols("net472") == ("NETFRAMEWORK", "NET472")
    assert framework_symbols("net5.0-windows") == ("NET", "NET5_0", "NETCOREAPP")
    assert framework_symbols("netcoreapp3.1") == ("NETCOREAPP", "NETCOREAPP3_1")
    assert framework_symbols("$(_Profile328)") == ()


def test_a_member_inherited_from_a_generic_base_of_the_same_file_is_attributed(tmp_path: Path):
    # `IntBox : Box<int>` in the defining file, `Value` declared by Box<T>: mcs reports
    # "`Calc.IntBox' does not contain a definition for `Value'" once the file is emptied, and
    # the member was looked up in IntBox alone (unattributed_CS1061; pieterderycke/Jace's
    # IntegerConstant : Constant<int>, 2026-11-27)
    write_tree(tmp_path, {
        "Lib/Lib.csproj": '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup>'
                          '<TargetFramework>netstandard2.0</TargetFramework></PropertyGroup></Project>',
        "Lib/Node.cs": "namespace Calc\n{\n    public abstract class Node\n    {\n        public int Kind { get; set; }\n    }\n}\n",
        "Lib/Boxes.cs": "namespace Calc\n{\n    public abstract class Box<T> : Node\n    {\n"
                        "        public Box(T value) { this.Value = value; }\n        public T Value { get; private set; }\n    }\n\n"
                        "    public class IntBox : Box<int>\n    {\n        public IntBox(int value) : base(value) { }\n    }\n\n"
                        "    public class RealBox : Box<double>\n    {\n        public RealBox(double value) : base(value) { }\n    }\n}\n",
        "Lib/Runner.cs": "namespace Calc\n{\n    public class Runner\n    {\n        public double Run(Node node)\n        {\n"
                         "            if (node.GetType() == typeof(IntBox))\n            {\n                IntBox box = (IntBox)node;\n"
                         "                return box.Value;\n            }\n            RealBox real = (RealBox)node;\n"
                         "            return real.Value;\n        }\n    }\n}\n",
    })
    usages, report = build(tmp_path)
    got = {(u.line, u.member, u.definition_file, u.definition_symbol) for u in usages if u.file == "Lib/Runner.cs"}
    assert {(10, "Value", "Lib/Boxes.cs", "Box.Value"), (13, "Value", "Lib/Boxes.cs", "Box.Value")} <= got, got
    assert not report.counts.get("usages/unattributed_CS1061"), dict(report.counts)
