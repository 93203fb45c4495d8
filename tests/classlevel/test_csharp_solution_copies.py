"""Two copies of one solution in one repository (tuning case of the 2026-11-29c class held-out
set: markdowndeep's ``Backup/`` holds an older copy of the library, its tests and their embedded
test inputs, with their own project files). Every test project is kept, their libraries compiled
as one, and every class is defined twice (CS0101); each test project alone compiles. On 406e5e7
the run below is ``compile_failed`` ("The namespace `Demo' already contains a definition for
`Calc'"); now the largest test project and those that compile beside it run, the others are
named (``conflicting_projects``, counted ``suites/test_project_conflicting``) with their
resources left out too. Then an embedded test input named ``Links, inline style.html``: mcs's
``-resource:FILE,NAME`` cannot take a comma and the whole test compilation failed (CS10005, every
test file left out); now such a resource is left out alone (``suites/resource_left_out``). Real
mcs, NUnit, our test host and bubblewrap."""
from __future__ import annotations

import pytest

from crossfile_datasets.builders.classlevel.build import count_adjustments
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.lang import Lang
from crossfile_datasets.sandbox.suites import SuiteStatus, runner_for
from crossfile_datasets.sandbox.suites import TestOutcome as Outcome
from tests.conftest import write_tree

LIBRARY = """<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><TargetFramework>netstandard2.0</TargetFramework></PropertyGroup>
</Project>
"""
TESTS = """<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><TargetFramework>net472</TargetFramework></PropertyGroup>
  <ItemGroup>
    <ProjectReference Include="..\\Demo\\Demo.csproj" />
    <PackageReference Include="NUnit" Version="2.6.4" />
    <EmbeddedResource Include="inputs\\one.txt" />
    <EmbeddedResource Include="inputs\\a, b.txt" />
  </ItemGroup>
</Project>
"""
CALC = """namespace Demo
{
    public class Calc
    {
        public int Add(int a, int b) { return a + b; }
    }
}
"""
TEST = """using System.IO;
using NUnit.Framework;
namespace Demo.Tests
{
    [TestFixture]
    public class CalcTests
    {
        [Test]
        public void Adds() { Assert.AreEqual(3, new Calc().Add(1, 2)); }

        [Test]
        public void ReadsItsInput()
        {
            using (var s = typeof(CalcTests).Assembly.GetManifestResourceStream("Demo.Tests.inputs.one.txt"))
            using (var r = new StreamReader(s))
                Assert.AreEqual("1", r.ReadToEnd().Trim());
        }
%s
    }
}
"""
REPO = {
    "Demo/Demo.csproj": LIBRARY,
    "Demo/Calc.cs": CALC,
    "Demo.Tests/Demo.Tests.csproj": TESTS,
    "Demo.Tests/CalcTests.cs": TEST % "        [Test]\n        public void AddsZero() { Assert.AreEqual(2, new Calc().Add(2, 0)); }",
    "Demo.Tests/inputs/one.txt": "1\n",
    "Demo.Tests/inputs/a, b.txt": "2\n",  # mcs's -resource:FILE,NAME cannot take a comma
    # the older copy: the same namespace, classes and resource names
    "Backup/Demo/Demo.csproj": LIBRARY,
    "Backup/Demo/Calc.cs": CALC,
    "Backup/Demo.Tests/Demo.Tests.csproj": TESTS,
    "Backup/Demo.Tests/CalcTests.cs": TEST % "",
    "Backup/Demo.Tests/inputs/one.txt": "1\n",
}


@pytest.mark.mcs
@pytest.mark.slow
def test_a_second_copy_of_the_solution_is_left_out_and_named(tmp_path):
    runner = runner_for(Lang.CSHARP)
    run = runner.run(write_tree(tmp_path, REPO), None, coverage=False, limits=None)
    assert run.status is SuiteStatus.OK, (run.status, run.reason, run.log[-3000:])
    assert {r.test_id: r.outcome for r in run.results} == {
        "Demo.Tests.CalcTests.Adds": Outcome.PASSED,
        "Demo.Tests.CalcTests.AddsZero": Outcome.PASSED,  # the test project outside Backup/ ran
        "Demo.Tests.CalcTests.ReadsItsInput": Outcome.PASSED,
    }, run.adjustments
    conflicting = run.adjustments["conflicting_projects"]
    assert len(conflicting) == 1 and conflicting[0].startswith(
        "Backup/Demo.Tests/Demo.Tests.csproj: compiles alone, not beside Demo.Tests/Demo.Tests.csproj: "), conflicting
    assert "CS0101" in conflicting[0] or "already contains a definition" in conflicting[0], conflicting
    assert run.adjustments["left_out_resources"] == [
        "Demo.Tests/inputs/a, b.txt: a comma in its path or manifest name (mcs's -resource cannot take it)"]
    report = BuildReport()
    count_adjustments(run, runner, report, "repo")
    assert report.counts["suites/test_project_conflicting"] == 1
    assert report.counts["suites/resource_left_out"] == 1
