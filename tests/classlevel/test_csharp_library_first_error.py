"""A library that fails to compile is named by the error that started it (held-out 21, NStack:
ustring.cs's C# 10 deconstruction ``(_, var wid) = ...`` is CS1525 under mcs; the runner left
ustring.cs out, every file using ``ustring`` then failed, and the reason named only the last of
those, RuneExtensions.cs's CS0246 -- not the line a reader must look at)."""
from __future__ import annotations

import pytest

from crossfile_datasets.lang import Lang
from crossfile_datasets.sandbox.suites import SuiteStatus, runner_for
from crossfile_datasets.sandbox.suites.csharp import LeftOut, library_failure
from tests.classlevel.test_csharp_runner import write_repo

TESTS = """using NUnit.Framework;
namespace Demo.Tests
{
    [TestFixture]
    public class UstrTests
    {
        [Test] public void Counts() { Assert.AreEqual(1, new Demo.Ustr().Count()); }
    }
}
"""


def _library(first_line: str) -> dict[str, str]:
    return {
        "Lib/Lib.csproj": '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>netstandard2.0'
                          "</TargetFramework></PropertyGroup></Project>\n",
        "Lib/Ustr.cs": "namespace Demo\n{\n    public class Ustr\n    {\n"
                       "        static (int, int) Decode() { return (1, 2); }\n"
                       f"        public int Count()\n        {{\n            {first_line}\n            return wid - 1;\n        }}\n"
                       "    }\n}\n",
        "Lib/Runes.cs": "namespace Demo\n{\n    public static class Runes\n    {\n"
                        "        public static int Len(this Ustr s) { return s.Count(); }\n    }\n}\n",
        "Lib/Bytes.cs": "namespace Demo\n{\n    public static class Bytes\n    {\n"
                        "        public static Ustr Make() { return new Ustr(); }\n    }\n}\n",
        "Lib/A.cs": "namespace Demo\n{\n    public class A { public int F() { return 1; } }\n}\n",
        "Lib/B.cs": "namespace Demo\n{\n    public class B { public int F() { return 2; } }\n}\n",
        "Tests/Tests.csproj": '<Project Sdk="Microsoft.NET.Sdk"><ItemGroup><ProjectReference Include="../Lib/Lib.csproj" />'
                              "</ItemGroup></Project>\n",
        "Tests/UstrTests.cs": TESTS,
    }


@pytest.mark.mcs
def test_the_reason_names_the_error_that_started_the_losses(tmp_path):
    runner = runner_for(Lang.CSHARP)
    # C# 10: a discard and a declaration mixed in one deconstruction (mcs -langversion:7.2: CS1525)
    run = runner.run(write_repo(tmp_path / "new", _library("(_, var wid) = Decode();")), None, coverage=False, limits=None)
    assert run.status is SuiteStatus.COMPILE_FAILED, (run.status, run.reason)
    assert run.reason.startswith("compile_failed: Ustr.cs(8): CS1525"), run.reason
    # ... and says what followed: the files using Ustr, left out after it, still failing
    assert "then 1 files left out (Ustr.cs) and still: " in run.reason and "CS0246" in run.reason, run.reason
    # control: the same library in C# 7 compiles, and its test passes
    run = runner.run(write_repo(tmp_path / "old", _library("var (_, wid) = Decode();")), None, coverage=False, limits=None)
    assert run.status is SuiteStatus.OK and [r.outcome.value for r in run.results] == ["passed"], (run.status, run.reason)


def test_a_library_failing_at_once_is_named_by_that_error():
    out = "/r/Lib/X.cs(3,5): error CS1002: ; expected\n"
    assert library_failure(out, out, []) == "X.cs(3): CS1002: ; expected"
    later = "/r/Lib/Y.cs(9,1): error CS0246: The type or namespace name `X' could not be found\n"
    lost = [LeftOut("Lib/X.cs", "library_file", "Lib/X.cs", (), "CS1002: ; expected"),
            LeftOut("Lib/Z.cs", "library_member", "Z.M", (), "CS0589")]
    assert library_failure(out, later, lost) == (
        "X.cs(3): CS1002: ; expected; then 1 files left out (X.cs) and still: Y.cs(9): CS0246: "
        "The type or namespace name `X' could not be found")
