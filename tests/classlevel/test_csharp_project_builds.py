"""C# suites compiled the way their projects build (tuning of 2026-11-27g: the 2026-11-27f
held-out's NGettext 0.6.5 and the 2026-11-27e held-out's semver.net 2.0.2), with real mcs, our
test host and bubblewrap on a small fixture repository of the same shapes:

- ``NETSTANDARD1_0`` defined only for the library's portable targets (``<DefineConstants>`` in a
  ``PropertyGroup`` conditioned on ``$(TargetFramework)``) was applied to the whole suite: the
  file constructors under ``#if !NETSTANDARD1_0`` were compiled out and the tests calling them
  left out (CS1729);
- test resources reach the output folder through an MSBuild ``<Copy>`` task of an
  ``AfterTargets`` target (not ``CopyToOutputDirectory``) and the tests open them from the
  working directory: they failed;
- xUnit 2 test files that open ``Xunit.Extensions`` (xUnit 1's namespace) were left out.
"""
from __future__ import annotations

import pytest

from crossfile_datasets.lang import Lang
from crossfile_datasets.lang.csharp.projects import mono_target, output_files, read_csproj
from crossfile_datasets.sandbox.suites import SuiteStatus, runner_for
from crossfile_datasets.sandbox.suites import TestOutcome as Outcome
from crossfile_datasets.sandbox.suites.csharp import csharp_layout
from tests.conftest import write_tree

LIBRARY_PROJECT = """<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
    <TargetFrameworks>net20;net45;portable-net40+sl5+win8+wp8;netstandard1.0;netstandard2.0</TargetFrameworks>
  </PropertyGroup>
  <PropertyGroup Condition="'$(TargetFramework)' == 'portable-net40+sl5+win8+wp8' ">
    <DefineConstants>$(DefineConstants);NETSTANDARD1_0</DefineConstants>
  </PropertyGroup>
</Project>
"""

TEST_PROJECT = """<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
    <TargetFrameworks>netcoreapp1.0;netcoreapp2.0</TargetFrameworks>
  </PropertyGroup>
  <ItemGroup>
    <ProjectReference Include="..\\..\\src\\Catalogs\\Catalogs.csproj" />
    <PackageReference Include="xunit" Version="2.2.0" />
  </ItemGroup>
  <Target Name="CopyTestResources" AfterTargets="PostBuildEvent">
    <ItemGroup>
      <SourceFiles Include="$(MSBuildProjectDirectory)/TestResources/**/*.*" />
    </ItemGroup>
    <Copy SourceFiles="@(SourceFiles)" DestinationFolder="$(OutputPath)/TestResources/%(RecursiveDir)" SkipUnchangedFiles="true" />
  </Target>
</Project>
"""

REPO = {
    "src/Catalogs/Catalogs.csproj": LIBRARY_PROJECT,
    "src/Catalogs/Catalog.cs": """using System.IO;
namespace Catalogs
{
    public class Catalog
    {
        public string Text { get; private set; }
        public Catalog() { Text = ""; }
#if !NETSTANDARD1_0
        public Catalog(string path) { Text = File.ReadAllText(path).Trim(); }
#endif
#if NETSTANDARD1_0 || NETCOREAPP1_0
        public string Portable() { return "portable"; }
#endif
        public string Lookup(string key) { return Text.Contains(key) ? key : null; }
    }
}
""",
    "test/Catalogs.Tests/Catalogs.Tests.csproj": TEST_PROJECT,
    "test/Catalogs.Tests/TestResources/locales/ru/messages.txt": "hello world\n",
    "test/Catalogs.Tests/CatalogTests.cs": """using System.IO;
using Xunit;
namespace Catalogs.Tests
{
    public class CatalogTests
    {
        [Fact] public void Empty() { Assert.Null(new Catalog().Lookup("x")); }

        [Fact] public void FromFile()
        {
            var path = Path.Combine(Directory.GetCurrentDirectory(), Path.Combine("TestResources", Path.Combine("locales", Path.Combine("ru", "messages.txt"))));
            Assert.Equal("hello", new Catalog(path).Lookup("hello"));
        }
    }
}
""",
    "test/Catalogs.Tests/TheoryTests.cs": """using Xunit;
using Xunit.Extensions;
namespace Catalogs.Tests
{
    public class TheoryTests
    {
        [Theory]
        [InlineData("a")]
        [InlineData("b")]
        public void Missing(string key) { Assert.Null(new Catalog().Lookup(key)); }
    }
}
""",
}


def test_the_build_mono_runs_picks_a_net_framework_target_then_net_standard():
    assert mono_target(["net20", "net45", "portable-net40+sl5+win8+wp8", "netstandard1.0"]) == ("net45", True)
    assert mono_target(["net461", "net46", "net472"]) == ("net472", True)
    assert mono_target(["netstandard1.3", "netstandard2.0", "netcoreapp2.0"]) == ("netstandard2.0", True)
    # a runtime mono is not: conditions are read for it, its implicit symbols are not defined
    assert mono_target(["netcoreapp1.0", "netcoreapp2.0"]) == ("netcoreapp1.0", False)
    assert mono_target(["net6.0"]) == ("net6.0", False)
    assert mono_target([]) == ("", False)


def test_project_symbols_and_copy_tasks_are_read(tmp_path):
    root = write_tree(tmp_path, REPO)
    library = read_csproj(root, "src/Catalogs/Catalogs.csproj")
    assert library.run_defines == ("DEBUG", "TRACE", "NETFRAMEWORK", "NET45")
    tests = read_csproj(root, "test/Catalogs.Tests/Catalogs.Tests.csproj")
    assert tests.run_defines == ("DEBUG", "TRACE")
    assert tests.copy_tasks == (("TestResources/**/*", "TestResources/%(RecursiveDir)"),)
    assert output_files(tests, ["test/Catalogs.Tests/TestResources/locales/ru/messages.txt", "README.md"]) == [
        ("test/Catalogs.Tests/TestResources/locales/ru/messages.txt", "TestResources/locales/ru/messages.txt")]
    layout = csharp_layout(root)
    assert layout.defines == ("DEBUG", "TRACE", "NETFRAMEWORK", "NET45")
    assert ("test/Catalogs.Tests/TestResources/locales/ru/messages.txt",
            "TestResources/locales/ru/messages.txt") in layout.content


@pytest.mark.parametrize("destination", ["$(SolutionDir)/x", "$(OutputPath)/../x", "/etc", "$(OutputPath)/%(Filename)"])
def test_a_copy_task_outside_the_output_folder_is_not_followed(tmp_path, destination):
    project = TEST_PROJECT.replace("$(OutputPath)/TestResources/%(RecursiveDir)", destination)
    root = write_tree(tmp_path, {"t/T.csproj": project, "t/TestResources/a.txt": "a"})
    assert read_csproj(root, "t/T.csproj").copy_tasks == ()


@pytest.mark.mcs
def test_suite_compiled_with_its_projects_symbols_resources_copied_and_xunit1_namespace(tmp_path):
    run = runner_for(Lang.CSHARP).run(write_tree(tmp_path, REPO), None, coverage=False, limits=None)
    assert run.status is SuiteStatus.OK, run.log
    assert {r.test_id: r.outcome for r in run.results} == {
        "Catalogs.Tests.CatalogTests.Empty": Outcome.PASSED,
        # the constructor under #if !NETSTANDARD1_0 exists; the file its <Copy> task puts in the output is there
        "Catalogs.Tests.CatalogTests.FromFile": Outcome.PASSED,
        # `using Xunit.Extensions;` compiles
        "Catalogs.Tests.TheoryTests.Missing": Outcome.PASSED,
    }, run.adjustments
    assert not run.adjustments.get("left_out_tests") and not run.adjustments.get("left_out_files"), run.adjustments
