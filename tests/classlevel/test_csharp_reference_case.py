"""A ``<ProjectReference>`` whose path differs from the project file's only in case (tuning of
2026-11-28d: the 2026-11-28 held-out's xoofx/SharpYaml v1.6.6, whose test project references
``..\\SharpYaml\\SharpYaml.csproj`` while the file is ``SharpYaml/SharpYAml.csproj``). MSBuild on
Windows finds it; the suite builder did not, so the library was not compiled with the tests and
every test file was left out for the library's own namespaces (``repositories/suite_no_tests``).
Real mcs, our NUnit host and bubblewrap on a fixture of the same shape (an old-style test project
with ``<Compile Include>`` items and a ``packages\\`` HintPath to NUnit)."""
from __future__ import annotations

import pytest

from crossfile_datasets.lang import Lang
from crossfile_datasets.lang.csharp.projects import compilation_units, read_csproj, resolve_references
from crossfile_datasets.sandbox.suites import SuiteStatus, runner_for
from crossfile_datasets.sandbox.suites import TestOutcome as Outcome
from crossfile_datasets.sandbox.suites.csharp import csharp_layout
from tests.conftest import write_tree

LIBRARY_PROJECT = """<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
    <TargetFrameworks>net35;net45;netstandard2.0</TargetFrameworks>
  </PropertyGroup>
</Project>
"""

TEST_PROJECT = """<?xml version="1.0" encoding="utf-8"?>
<Project ToolsVersion="14.0" DefaultTargets="Build" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
  <PropertyGroup>
    <OutputType>Library</OutputType>
    <RootNamespace>Yamlish.Tests</RootNamespace>
    <TargetFrameworkVersion>v4.6.1</TargetFrameworkVersion>
  </PropertyGroup>
  <ItemGroup>
    <Reference Include="nunit.framework, Version=3.6.1.0, Culture=neutral, PublicKeyToken=2638cd05610744eb">
      <HintPath>..\\packages\\NUnit.3.6.1\\lib\\net45\\nunit.framework.dll</HintPath>
    </Reference>
    <Reference Include="System" />
  </ItemGroup>
  <ItemGroup>
    <Compile Include="Events\\ParserTests.cs" />
    <Compile Include="ScalarTests.cs" />
  </ItemGroup>
  <ItemGroup>
    <ProjectReference Include="..\\Yamlish\\Yamlish.csproj">
      <Name>Yamlish</Name>
    </ProjectReference>
  </ItemGroup>
</Project>
"""

REPO = {
    "Yamlish/YAMLish.csproj": LIBRARY_PROJECT,
    "Yamlish/Events/Parser.cs": """namespace Yamlish.Events
{
    public class Parser
    {
        public string[] Parse(string text) { return Scalars.Split(text); }
    }
}
""",
    "Yamlish/Scalars.cs": """namespace Yamlish
{
    public static class Scalars
    {
        public static string[] Split(string text) { return text.Split(','); }
    }
}
""",
    "Yamlish.Tests/Yamlish.Tests.csproj": TEST_PROJECT,
    "Yamlish.Tests/Events/ParserTests.cs": """using NUnit.Framework;
using Yamlish.Events;
namespace Yamlish.Tests.Events
{
    [TestFixture]
    public class ParserTests
    {
        [Test] public void TwoScalars() { Assert.AreEqual(2, new Parser().Parse("a,b").Length); }
    }
}
""",
    "Yamlish.Tests/ScalarTests.cs": """using NUnit.Framework;
namespace Yamlish.Tests
{
    public class ScalarTests
    {
        [Test] public void One() { Assert.AreEqual(new[] { "a" }, Scalars.Split("a")); }
    }
}
""",
}


def test_a_reference_differing_only_in_case_names_the_project(tmp_path):
    root = write_tree(tmp_path, REPO)
    tests = read_csproj(root, "Yamlish.Tests/Yamlish.Tests.csproj")
    assert tests.references == ("Yamlish/Yamlish.csproj",)  # as written
    library = read_csproj(root, "Yamlish/YAMLish.csproj")
    resolved = {p.path: p for p in resolve_references([library, tests])}
    assert resolved["Yamlish.Tests/Yamlish.Tests.csproj"].references == ("Yamlish/YAMLish.csproj",)
    units, _ = compilation_units(root, sorted(p for p in REPO if p.endswith(".cs")))
    assert [u.name for u in units] == ["Yamlish.Tests/Yamlish.Tests.csproj"]  # one unit: tests + library
    layout = csharp_layout(root)
    assert [p.library for p in layout.projects] == [["Yamlish/Events/Parser.cs", "Yamlish/Scalars.cs"]]


def test_an_exact_match_wins_and_an_ambiguous_one_is_left_alone(tmp_path):
    root = write_tree(tmp_path, {"A/a.csproj": LIBRARY_PROJECT, "A/A.csproj": LIBRARY_PROJECT,
                                 "T/T.csproj": TEST_PROJECT.replace("..\\Yamlish\\Yamlish.csproj", "..\\A\\A.csproj"),
                                 "U/U.csproj": TEST_PROJECT.replace("..\\Yamlish\\Yamlish.csproj", "..\\A\\a.CSPROJ")})
    projects = {p.path: p for p in resolve_references([read_csproj(root, r) for r in
                                                       ("A/a.csproj", "A/A.csproj", "T/T.csproj", "U/U.csproj")])}
    assert projects["T/T.csproj"].references == ("A/A.csproj",)
    assert projects["U/U.csproj"].references == ("A/a.CSPROJ",)  # two candidates: none chosen


@pytest.mark.mcs
def test_the_suite_compiles_the_library_the_reference_names_in_another_case(tmp_path):
    run = runner_for(Lang.CSHARP).run(write_tree(tmp_path, REPO), None, coverage=False, limits=None)
    assert run.status is SuiteStatus.OK, run.log
    assert {r.test_id: r.outcome for r in run.results} == {
        "Yamlish.Tests.Events.ParserTests.TwoScalars": Outcome.PASSED,
        "Yamlish.Tests.ScalarTests.One": Outcome.PASSED,
    }, run.adjustments
    assert not run.adjustments.get("left_out_files"), run.adjustments
