"""Issue 15 (items 3 and 4) for C#: one file that crashes or hangs mcs, or nests 1500 levels
deep, costs that file only (marker: mcs). Fixture repositories written for this project."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from crossfile_datasets.analyzers.mcs import crash_signature
from crossfile_datasets.analyzers.run import RunResult, RunStatus, run
from crossfile_datasets.builders.completion.pipeline import build_language
from crossfile_datasets.builders.completion.shards import BuildSettings
from crossfile_datasets.builders.repos import RepoSpec, resolve_all
from crossfile_datasets.lang import Lang
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.core.records import Repository
from crossfile_datasets.lang.sources import list_sources
from crossfile_datasets.lang.csharp import CSharpSupport
from crossfile_datasets.lang.csharp.usages import CSharpChecker
from tests.conftest import require_tool, write_tree

pytestmark = pytest.mark.mcs

TOOL = """namespace Shed.Model
{
    public class Tool
    {
        public string Label { get; set; }
        public int Weight() { return Label.Length; }
    }

    public class Rake : Tool { }
}
"""
# valid C# 7.0 that mcs 6.8 cannot compile: "NotImplementedException: type pattern matching"
SORTER = """using Shed.Model;

namespace Shed.App
{
    class Sorter
    {
        string Kind(Tool tool)
        {
            switch (tool)
            {
                case Rake _:
                    return "rake";
                default:
                    return tool.Label;
            }
        }
    }
}
"""
SCALE = """using Shed.Model;

namespace Shed.App
{
    class Scale
    {
        int Total(Tool a) { return a.Weight(); }
        string Name(Tool t) { return t.Label; }
    }
}
"""


@pytest.fixture(autouse=True)
def _mcs():
    require_tool("mcs")


def checked(root: Path, checker: CSharpChecker):
    support = CSharpSupport()
    repo = Repository(root.name, root, str(root), "", "MIT")
    report = BuildReport()
    files, _ = list_sources(repo, support, report)
    facts = support.analyze_files(str(root), files)
    return checker.find_usages(repo, facts, report), report


def test_a_file_that_crashes_mcs_is_isolated_and_the_rest_kept(tmp_path: Path):
    write_tree(tmp_path, {"Model/Tool.cs": TOOL, "App/Sorter.cs": SORTER, "App/Scale.cs": SCALE})
    usages, report = checked(tmp_path, CSharpChecker())
    assert report.counts["files/checker_crash_isolated"] == 1
    assert report.samples["files/checker_crash_isolated"][0].startswith("App/Sorter.cs")
    assert report.counts.get("projects/checker_crash", 0) == 0
    # mcs's own internal error is deterministic: not repeated by a plain mcs process
    assert report.counts.get("checker/mcs_server_fallback", 0) == 0
    assert {(u.file, u.member) for u in usages} >= {("App/Scale.cs", "Weight"), ("App/Scale.cs", "Label")}
    # only the declarations mcs still compiled: the parameter's type (lang/csharp/typerefs.py)
    assert {(u.line, u.imported_name, u.mode) for u in usages if u.file == "App/Sorter.cs"} == {(7, "Tool", "type_reference")}


# a base class whose file crashes mcs inside a method body (an #if pair around the crash, as
# multi-target libraries write it); the other files derive from it or name it in declarations
VESSEL = """namespace Shed.Model
{
    public class Vessel
    {
        public int Volume() { return 3; }
        public string Describe(object content)
        {
            switch (content)
            {
#if DEBUG
                case Rake _:
                    return "rake";
#else
                case Tool _:
                    return "tool";
#endif
                default:
                    return "other";
            }
        }
    }
}
"""
BUCKET = """using Shed.Model;

namespace Shed.App
{
    class Bucket : Vessel
    {
        int Twice() { return Volume() * 2; }
    }

    class Shelf
    {
        Vessel held;
        int Room() { return held.Volume(); }
    }
}
"""


def test_a_crashing_file_keeps_its_declarations_for_the_files_that_derive_from_it(tmp_path: Path):
    # Before: the crashing file was removed, so every file deriving from its classes or naming
    # them in a declaration failed to compile and was excluded too (dynamitey: 27 files lost
    # after one crash); its members' uses in those files were never found.
    write_tree(tmp_path, {"Model/Tool.cs": TOOL, "Model/Vessel.cs": VESSEL, "App/Bucket.cs": BUCKET})
    usages, report = checked(tmp_path, CSharpChecker())
    found = {(u.file, u.member, u.definition_file) for u in usages}
    assert ("App/Bucket.cs", "Volume", "Model/Vessel.cs") in found
    assert not [k for k in report.counts if k.startswith("files/excluded_")]
    assert report.counts["files/checker_crash_isolated"] == 1
    assert report.samples["files/checker_crash_bodies_blanked"][0].startswith("Model/Vessel.cs")
    assert not [u for u in usages if u.file == "Model/Vessel.cs"]  # its bodies are blank: nothing seen there


# code mcs 6.8 refuses while parsing, inside a method body: two out variables of one name (CS0128;
# csc refuses it too). Real repositories reached this with C# 7 discards (`out int _` twice), which
# mcs reads as variables; those are rewritten for it now (test_discards_mcs_misreads_...)
PROBE = """namespace Shed.Model
{
    public class Probe
    {
        public int Size() { return 2; }
        public bool Both(string s, string t)
        {
            return int.TryParse(s, out int n) && int.TryParse(t, out int n);
        }
    }
}
"""
DEEP = """using Shed.Model;

namespace Shed.App
{
    class Deep : Probe
    {
        int Twice() { return Size() * 2; }
    }
}
"""


def test_a_file_mcs_refuses_inside_its_bodies_keeps_its_declarations(tmp_path: Path):
    # Before: an error inside a method body made mcs stop before every body, and the file was
    # emptied, then removed; the files deriving from its classes followed (dynamitey).
    write_tree(tmp_path, {"Model/Probe.cs": PROBE, "App/Deep.cs": DEEP})
    usages, report = checked(tmp_path, CSharpChecker())
    assert ("App/Deep.cs", "Size", "Model/Probe.cs") in {(u.file, u.member, u.definition_file) for u in usages}
    assert not [k for k in report.counts if k.startswith("files/excluded_")]
    assert report.samples["files/bodies_blanked"][0].startswith("Model/Probe.cs"), dict(report.counts)


# two files whose declarations name one type of a package that is not there
HELPED = """using Vendor.Testing;
using Shed.Model;

namespace Shed.Tests
{{
    public class {name} : HelperBase
    {{
        int Use(Tool tool) {{ return tool.{member}; }}
    }}
}}
"""


def test_files_naming_one_missing_type_all_wait_for_its_stand_in(tmp_path: Path):
    # Before: the first file's error declared the stand-in; the second file's error, in the same
    # pass, declared nothing new and emptied the file: its uses were lost.
    write_tree(tmp_path, {
        "Model/Tool.cs": TOOL,
        "Tests/ATest.cs": HELPED.format(name="ATest", member="Weight()"),
        "Tests/BTest.cs": HELPED.format(name="BTest", member="Label.Length"),
    })
    usages, report = checked(tmp_path, CSharpChecker())
    found = {(u.file, u.member) for u in usages}
    assert {("Tests/ATest.cs", "Weight"), ("Tests/BTest.cs", "Label")} <= found
    assert not [k for k in report.counts if k.startswith("files/excluded_")]


def test_blank_bodies_keeps_offsets_braces_and_directive_lines():
    from crossfile_datasets.lang.csharp.syntax import blank_bodies

    text = "class A {\n  int M() { return 1; }\n  void N() {\n#if X\n    Go();\n#endif\n  }\n}\n"
    m = text.index("{ return")
    n = text.index("{\n#if")
    ranges = ((m, text.index("}", m) + 1), (n, text.index("  }\n}") + 3))
    out = blank_bodies(text, ranges)
    assert len(out) == len(text)
    assert "return" not in out and "Go()" not in out
    assert "#if X\n" in out and "#endif\n" in out
    assert out.startswith("class A {\n  int M() {") and out.endswith("  }\n}\n")


@pytest.mark.slow
def test_a_file_that_hangs_mcs_is_isolated_by_its_time_out(tmp_path: Path):
    hang = SCALE.replace("class Scale", "class Slow").replace("Total", "Slower")
    write_tree(tmp_path, {"Model/Tool.cs": TOOL, "App/Scale.cs": SCALE, "App/Slow.cs": hang})

    def runner(argv, timeout, cwd=None, **kw):
        # fault injection: any compilation that includes App/Slow.cs times out (reported at once,
        # so a loaded machine cannot make a real compilation miss a short time-out); the others
        # are real mcs runs
        if "App/Slow.cs" in [str(a) for a in argv]:
            return RunResult(tuple(map(str, argv)), RunStatus.TIMEOUT, None, "", "", timeout)
        return run(argv, timeout=timeout, cwd=cwd, **kw)

    usages, report = checked(tmp_path, CSharpChecker(resident=False, runner=runner))
    assert report.samples["files/checker_timeout_isolated"][0].startswith("App/Slow.cs")
    assert report.counts.get("projects/checker_timeout", 0) == 0
    assert ("App/Scale.cs", "Weight") in {(u.file, u.member) for u in usages}


@pytest.mark.slow
def test_1500_nested_namespaces_and_classes_do_not_exhaust_the_stack(tmp_path: Path):
    depth = 1500
    classes = ("namespace Deep {\n" + "".join(f"public class C{i} {{\n" for i in range(depth))
               + "public static int Value = 1;\n" + "}\n" * depth + "public class Top { public static int Level = 1; }\n}\n")
    namespaces = "".join(f"namespace N{i} {{\n" for i in range(depth)) + "public class Leaf { public int X; }\n" + "}\n" * depth
    write_tree(tmp_path, {
        "Deep.cs": classes, "Nest.cs": namespaces,
        "User.cs": "namespace Deep { class User { int M() { return Top.Level; } } }\n",
    })
    usages, report = checked(tmp_path, CSharpChecker())
    assert ("User.cs", "Level", "Deep.cs") in {(u.file, u.member, u.definition_file) for u in usages}
    assert not [k for k in report.counts if "crash" in k]


# valid C# 7.0 that mcs 6.8 reads as two locals named `_` (CS0128): IdGen's IdGenTests.cs, whose
# bodies were blanked, so every use in its tests was lost
DISCARDS = """using Shed.Model;

namespace Shed.App
{
    class Gauge
    {
        bool Read(Probe probe, string s, string t, object o)
        {
            var ok = int.TryParse(s, out var _) && int.TryParse(t, out int _);
            if (o is int _ && o is string _) return ok;
            return probe.Size() > 1;
        }
    }
}
"""


def test_discards_mcs_misreads_do_not_blank_the_bodies(tmp_path: Path):
    write_tree(tmp_path, {"Model/Probe.cs": PROBE.replace("out int n)", "out int m)", 1), "App/Gauge.cs": DISCARDS})
    usages, report = checked(tmp_path, CSharpChecker())
    assert ("App/Gauge.cs", "Size", "Model/Probe.cs") in {(u.file, u.member, u.definition_file) for u in usages}
    assert not [k for k in report.counts if k.startswith("files/")], dict(report.counts)


def test_in_file_names_a_file_whose_bodies_were_blanked(tmp_path: Path):
    # IdGen (held-out 13): its blanked test file was counted as "file_without_crossfile_usage",
    # and a blanked file with a use elsewhere could give in_file lines whose uses were never checked
    repo = tmp_path / "shed"
    write_tree(repo, {"Model/Probe.cs": PROBE, "App/Deep.cs": DEEP})
    for argv in (["init", "-q"], ["add", "-A"], ["-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "x"]):
        subprocess.run(["git", *argv], cwd=repo, check=True)
    out = tmp_path / "out"
    build_language(Lang.CSHARP, resolve_all([RepoSpec(path=str(repo))]),
                   BuildSettings(output=out, retrievers=(), use_cache=False))
    stats = json.loads((out / "csharp" / "stats.json").read_text())
    assert "Model/Probe.cs" in stats["samples"]["examples_in_file/file_not_checked_whole"], stats["samples"]
    assert "Model/Probe.cs" not in stats["samples"].get("examples_in_file/file_without_crossfile_usage", [])


# mcs 6.8 has more than one fault. BASE crashes its parser (`case int _:`); without BASE, the
# generic BUILDER (missing base type, nested generic classes redeclaring T) crashes its member
# cache instead. The bisection took "still crashes" for "the culprit is still there", went the wrong
# way and lost the whole project (dynamitey's BaseObject.cs and Builder.cs: projects/checker_crash,
# 0 usages, once its discards no longer stopped mcs earlier).
BASE = """namespace Shed
{
    public class BaseObject
    {
        public int Kind(object o)
        {
            switch (o)
            {
                case int _: return 1;
                default: return 0;
            }
        }
    }
}
"""
BUILDER = """using System.Dynamic;

namespace Shed
{
    public class Builder<T> : BaseObject
    {
        public object Object;
        public int Size() { return 2; }
        public Builder() { Object = new Trampoline<T>(this); }
        public class Trampoline<T> : DynamicObject
        {
            public Trampoline(Builder<T> builder) { }
        }
        public class Setup<T> : DynamicObject
        {
            public Setup(Builder<T> builder) { }
        }
    }
}
"""
USER = """namespace Shed.App
{
    class User
    {
        int Twice(Shed.Builder<int> b) { return b.Size() * 2; }
    }
}
"""


def test_a_second_mcs_fault_behind_the_first_does_not_mislead_the_bisection(tmp_path: Path):
    write_tree(tmp_path, {"A/BaseObject.cs": BASE, "B/Builder.cs": BUILDER, "C/User.cs": USER})
    usages, report = checked(tmp_path, CSharpChecker())
    assert "projects/checker_crash" not in report.counts, dict(report.counts)
    assert report.samples["files/checker_crash_isolated"][0].startswith("A/BaseObject.cs"), dict(report.counts)
    assert ("C/User.cs", "Size", "B/Builder.cs") in {(u.file, u.member, u.definition_file) for u in usages}


def test_crash_signature_is_the_first_frame_without_offsets():
    parser = "   at Mono.CSharp.CSharpParser.case_963 () [0x0002d] in <d18188fb097d4f9f8ad327d2e1473c16>:0 \n"
    cache = ("x.cs(1,2): error CS0246: The type or namespace name `BaseObject' could not be found\n"
             "Unhandled Exception:\nMono.CSharp.InternalErrorException: x.cs(4,18): Shed.Builder<T> ---> "
             "System.ArgumentException: An item with the same key has already been added. Key: Trampoline\n"
             "  at System.Collections.Generic.Dictionary`2[TKey,TValue].TryInsert (TKey key) [0x00196] in <12b4>:0 \n"
             "  at Mono.CSharp.MemberCache.InflateTypes () [0x00086] in <d181>:0 \n")
    assert crash_signature(parser) == "Mono.CSharp.CSharpParser.case_963 ()"
    assert crash_signature(cache) == "System.Collections.Generic.Dictionary`2[TKey,TValue].TryInsert (TKey key)"
    assert crash_signature("Compilation failed: 1 error(s)") == ""
