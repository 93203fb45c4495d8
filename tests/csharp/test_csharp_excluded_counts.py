"""A file phase 1 leaves out of its projects is counted once, with the cause mcs gave. A file that
several projects compile (NGraphics's platform projects each include the library's sources) was
counted once per project (``files/excluded_removed`` 25 for 7 files), and every detail said
"declarations do not compile without missing assemblies", also for ``SvgReader.cs`` whose cause is
syntax mcs refuses (``case ... when``; praeclarum/NGraphics, held-out 21, a tuning case since
2026-11-30). Real mcs; fixture written for this project."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import write_tree
from tests.csharp.test_csharp_faults import checked
from crossfile_datasets.lang.csharp.usages import CSharpChecker

pytestmark = pytest.mark.mcs

OLD_PROJECT = ('<Project xmlns="http://schemas.microsoft.com/developer/msbuild/2003"><ItemGroup>'
               '<Compile Include="..\\Shared\\Shape.cs" /><Compile Include="..\\Shared\\Reader.cs" />'
               '<Compile Include="{own}" /></ItemGroup></Project>')
SHAPE = """namespace Ink
{
    public class Shape { public int Sides; }
}
"""
READER = """namespace Ink
{
    public class Reader
    {
        public int Read(object o)
        {
            switch (o) { case int n when n > 0: return n; default: return 0; }
        }
    }
}
"""
USER = """namespace Ink.{name}
{{
    public class {name}User {{ public int Count(Ink.Shape s) {{ return s.Sides; }} }}
}}
"""


def test_a_file_left_out_of_several_projects_is_counted_once_with_its_cause(tmp_path: Path):
    files = {"Shared/Shape.cs": SHAPE, "Shared/Reader.cs": READER}
    for name in ("Mac", "Win"):
        files[f"{name}/{name}.csproj"] = OLD_PROJECT.format(own=f"{name}User.cs")
        files[f"{name}/{name}User.cs"] = USER.format(name=name)
    write_tree(tmp_path, files)
    usages, report = checked(tmp_path, CSharpChecker())
    assert {(u.file, u.member) for u in usages if u.member} >= {("Mac/MacUser.cs", "Sides"), ("Win/WinUser.cs", "Sides")}
    excluded = {k: v for k, v in report.counts.items() if k.startswith("files/excluded_")}
    assert excluded == {"files/excluded_removed": 1}, excluded
    detail = report.samples["files/excluded_removed"][0]
    assert detail.startswith("Shared/Reader.cs") and "syntax mcs refuses" in detail and "when" in detail, detail
