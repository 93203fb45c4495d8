"""Issue 15 (items 3 and 4) for C#: one file that crashes or hangs mcs, or nests 1500 levels
deep, costs that file only (marker: mcs). Fixture repositories written for this project."""

from __future__ import annotations

from pathlib import Path

import pytest

from crossfile_datasets.analyzers.run import RunResult, RunStatus, run
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
    assert not [u for u in usages if u.file == "App/Sorter.cs"]


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
