"""The C# test runner (sandbox/suites/csharp.py): pure parsers on the test host's records and on
captured mono coverage-profiler and mcs output, and real runs (mcs + our NUnit 2.6 test host under
mono's coverage profiler, in the bubblewrap sandbox) on a two-project fixture."""
from __future__ import annotations

from pathlib import Path

import pytest

from crossfile_datasets.lang import Lang
from crossfile_datasets.sandbox.suites import SuiteStatus, runner_for
from crossfile_datasets.sandbox.suites import TestOutcome as Outcome
from crossfile_datasets.sandbox.suites.csharp import (
    csharp_layout,
    missing_namespaces,
    parse_mono_coverage,
    results_from_records,
)

DATA = Path(__file__).parent / "data" / "nunit"


def test_records_fold_test_cases_into_their_method():
    rows = [
        {"id": "Demo.Tests.CalcTests.AddWorks", "outcome": "passed", "seconds": 0.5},
        {"id": "Demo.Tests.CalcTests.Fails", "outcome": "failed", "message": "  Expected: 4\n  But was:  3\n"},
        {"id": "Demo.Tests.CalcTests.MulWorks", "outcome": "passed", "seconds": 0.25},  # MulWorks(2,3,6)
        {"id": "Demo.Tests.CalcTests.MulWorks", "outcome": "error", "message": "boom", "seconds": 0.25},  # (1,1,1)
        {"id": "Demo.Tests.CalcTests.Skipped", "outcome": "skipped"},  # [Ignore]
        {"id": "", "outcome": "passed"}, {"id": "X.Y", "outcome": "won"}, {"outcome": "passed"},  # malformed
    ]
    results = {r.test_id: r for r in results_from_records(rows)}
    assert {k: r.outcome for k, r in results.items()} == {
        "Demo.Tests.CalcTests.AddWorks": Outcome.PASSED,
        "Demo.Tests.CalcTests.Fails": Outcome.FAILED,
        "Demo.Tests.CalcTests.MulWorks": Outcome.ERROR,
        "Demo.Tests.CalcTests.Skipped": Outcome.SKIPPED,
    }
    assert results["Demo.Tests.CalcTests.Fails"].message == "Expected: 4\n  But was:  3"
    assert results["Demo.Tests.CalcTests.MulWorks"].message == "boom"
    assert results["Demo.Tests.CalcTests.MulWorks"].seconds == 0.5


def test_mono_coverage_lines_of_the_repository_only():
    covered, coverable = parse_mono_coverage((DATA / "coverage.xml").read_text(encoding="utf-8"),
                                             "/work/scratch/cls-jvm/cs1")
    assert covered == {"Lib.cs": {3, 4, 5, 6, 7, 8}}
    assert coverable == {"Lib.cs": {3, 4, 5, 6, 7, 8}}
    assert parse_mono_coverage((DATA / "coverage.xml").read_text(encoding="utf-8"), "/elsewhere") == ({}, {})


def test_missing_namespaces_read_from_the_using_directives(tmp_path):
    (tmp_path / "MoqTests.cs").write_text((DATA / "MoqTests.cs.txt").read_text(encoding="utf-8"), encoding="utf-8")
    output = (DATA / "mcs-missing-namespaces.txt").read_text(encoding="utf-8")
    assert missing_namespaces(output, tmp_path) == {"MoqTests.cs": {"Moq", "FluentAssertions"}}


# ----------------------------------------------------------------------------- real runs --
FILES = {
    "Calc/Calc.csproj": '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net472</TargetFramework>'
                        "</PropertyGroup></Project>\n",
    "Calc/Properties/AssemblyInfo.cs": '[assembly: System.Runtime.CompilerServices.InternalsVisibleTo("Calc.Tests")]\n',
    "Calc/Calc.cs": """namespace Demo
{
    public class Calc
    {
        public int Add(int a, int b) { return a + b; }

        public int Mul(int a, int b)
        {
            var r = 0;
            for (var i = 0; i < b; i++) r = Helper.Plus(r, a);
            return r;
        }

        public int Unused(int a)
        {
            return -a;
        }
    }

    internal static class Helper { internal static int Plus(int a, int b) { return a + b; } }
}
""",
    "Calc.Tests/Calc.Tests.csproj": '<Project Sdk="Microsoft.NET.Sdk"><ItemGroup><ProjectReference Include="../Calc/Calc.csproj" />'
                                    "</ItemGroup></Project>\n",
    "Calc.Tests/CalcTests.cs": """using NUnit.Framework;
namespace Demo.Tests
{
    [TestFixture]
    public class CalcTests
    {
        [Test] public void Adds() { Assert.AreEqual(3, new Calc().Add(1, 2)); }
        [Test] public void Fails() { Assert.AreEqual(4, new Calc().Add(1, 2)); }
        [TestCase(2, 3, 6)] [TestCase(1, 1, 1)] public void Muls(int a, int b, int c) { Assert.AreEqual(c, new Calc().Mul(a, b)); }
        [Test] public void UsesInternals() { Assert.AreEqual(2, Helper.Plus(1, 1)); }
        [Test] public void Throws() { throw new System.InvalidOperationException("boom"); }
        public class Nested { [Test] public void Deep() { Assert.AreEqual(2, new Calc().Add(1, 1)); } }
    }
}
""",
    "Calc.Tests/MockedTests.cs": """using Moq;
using NUnit.Framework;
namespace Demo.Tests { public class MockedTests { [Test] public void M() { new Mock<Calc>(); } } }
""",
}


def write_repo(root: Path, files: dict[str, str] = FILES) -> Path:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return root


def test_layout_takes_the_test_projects_unit(tmp_path):
    layout = csharp_layout(write_repo(tmp_path))
    assert layout.library == ["Calc/Calc.cs"]  # AssemblyInfo.cs left out: one assembly, no InternalsVisibleTo needed
    assert layout.tests == ["Calc.Tests/CalcTests.cs", "Calc.Tests/MockedTests.cs"]


@pytest.mark.mcs
def test_whole_suite_with_coverage(tmp_path):
    runner = runner_for(Lang.CSHARP)
    root = write_repo(tmp_path)
    run = runner.run(root, None, coverage=True, limits=None)
    assert run.status is SuiteStatus.OK, run.log
    assert {r.test_id: r.outcome for r in run.results} == {
        "Demo.Tests.CalcTests.Adds": Outcome.PASSED,
        "Demo.Tests.CalcTests.Fails": Outcome.FAILED,
        "Demo.Tests.CalcTests.Muls": Outcome.PASSED,
        "Demo.Tests.CalcTests.UsesInternals": Outcome.PASSED,
        "Demo.Tests.CalcTests.Throws": Outcome.ERROR,
        "Demo.Tests.CalcTests+Nested.Deep": Outcome.PASSED,
    }
    assert "Calc.Tests/MockedTests.cs: needs Moq" in run.log
    assert set(runner.discover(root)) == {r.test_id for r in run.results} | {"Demo.Tests.MockedTests.M"}
    lines = (root / "Calc/Calc.cs").read_text().splitlines()
    unused = {i for i, text in enumerate(lines, 1) if "return -a" in text}
    assert unused <= run.coverable["Calc/Calc.cs"] and not unused & run.coverage["Calc/Calc.cs"]
    assert {i for i, text in enumerate(lines, 1) if "Helper.Plus(r, a)" in text} <= run.coverage["Calc/Calc.cs"]
    # per-test coverage is the coverage of the test's fixture run alone (passing tests only)
    add = {i for i, text in enumerate(lines, 1) if "public int Add" in text}
    mul = {i for i, text in enumerate(lines, 1) if "Helper.Plus(r, a)" in text}
    nested = run.per_test_coverage["Demo.Tests.CalcTests+Nested.Deep"]["Calc/Calc.cs"]
    assert add <= nested and not mul & nested
    assert mul <= run.per_test_coverage["Demo.Tests.CalcTests.Adds"]["Calc/Calc.cs"]  # Muls is in its fixture
    assert "Demo.Tests.CalcTests.Fails" not in run.per_test_coverage


@pytest.mark.mcs
def test_selected_tests_cover_only_what_they_ran(tmp_path):
    root = write_repo(tmp_path)
    run = runner_for(Lang.CSHARP).run(root, ["Demo.Tests.CalcTests.Adds", "Demo.Tests.Gone.X"], coverage=True, limits=None)
    assert [(r.test_id, r.outcome) for r in run.results] == [
        ("Demo.Tests.CalcTests.Adds", Outcome.PASSED), ("Demo.Tests.Gone.X", Outcome.ERROR)]
    lines = (root / "Calc/Calc.cs").read_text().splitlines()
    mul = {i for i, text in enumerate(lines, 1) if "Helper.Plus(r, a)" in text}
    assert not mul & run.coverage["Calc/Calc.cs"]


@pytest.mark.mcs
def test_broken_library_and_other_frameworks(tmp_path):
    runner = runner_for(Lang.CSHARP)
    root = write_repo(tmp_path / "a")
    (root / "Calc/Calc.cs").write_text("namespace Demo { public class Calc { int Add( } }\n")
    run = runner.run(root, ["Demo.Tests.CalcTests.Adds"], coverage=False, limits=None)
    assert run.status is SuiteStatus.COMPILE_FAILED and run.reason.startswith("compile_failed: Calc.cs(1)")
    mstest = write_repo(tmp_path / "b", {
        "Lib.cs": "public class Lib {}\n",
        "Tests/LibTests.cs": "using Microsoft.VisualStudio.TestTools.UnitTesting;\n"
                             "[TestClass] public class LibTests { [TestMethod] public void F() {} }\n"})
    run = runner.run(mstest, None, coverage=False, limits=None)
    assert run.status is SuiteStatus.FRAMEWORK_UNAVAILABLE and run.reason == "test_framework_unavailable: mstest"


@pytest.mark.mcs
def test_a_hostile_class_that_exits_early_passes_nothing(tmp_path):
    files = dict(FILES)
    files["Calc/Calc.cs"] = FILES["Calc/Calc.cs"].replace("return a + b; }", "System.Environment.Exit(0); return 0; }", 1)
    run = runner_for(Lang.CSHARP).run(write_repo(tmp_path, files), ["Demo.Tests.CalcTests.Adds"], coverage=False, limits=None)
    assert run.status is SuiteStatus.CRASHED
    assert all(r.outcome is not Outcome.PASSED for r in run.results)
