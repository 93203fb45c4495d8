"""A C# suite whose test process ends inside one fixture loses that fixture, not the repository;
xUnit facts that are not public run (tuning cases of 2026-11-27: an NUnit 3 suite where one test
made mono abort gave 0 tasks, `repositories/suite_crashed`; an xUnit suite's `[Fact] private
static` methods were neither run nor counted). Real mcs, our test host, mono and bubblewrap on
small repositories of ours."""
from __future__ import annotations

import pytest

from crossfile_datasets.builders.classlevel.build import count_adjustments
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.lang import Lang
from crossfile_datasets.sandbox.suites import SuiteStatus, runner_for
from crossfile_datasets.sandbox.suites import TestOutcome as Outcome
from crossfile_datasets.sandbox.suites.csharp import last_started_fixture
from tests.conftest import write_tree

LIBRARY = {
    "src/Meter/Meter.csproj": '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>netstandard2.0'
                              "</TargetFramework></PropertyGroup></Project>\n",
    "src/Meter/Gauge.cs": """namespace Meter
{
    public class Gauge
    {
        int level;
        public void Raise(int by) { level += by; }
        public int Level { get { return level; } }
        public void Fail() { System.Environment.FailFast("gauge broke"); }
    }
}
""",
}


def _tests_project(package: str) -> str:
    return ('<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net6.0</TargetFramework></PropertyGroup>'
            f'<ItemGroup>{package}<ProjectReference Include="../../src/Meter/Meter.csproj" /></ItemGroup></Project>\n')


NUNIT = {
    **LIBRARY,
    "tests/Meter.Tests/Meter.Tests.csproj": _tests_project('<PackageReference Include="NUnit" Version="3.12.0" />'),
    # fixtures run in name order: Alpha passes, Broken aborts mono in its second test, Zulu
    # would never run in the same process
    "tests/Meter.Tests/AlphaTests.cs": """using NUnit.Framework;
namespace Meter.Tests
{
    [TestFixture]
    public class AlphaTests
    {
        [Test] public void Raises() { var g = new Gauge(); g.Raise(2); Assert.AreEqual(2, g.Level); }
    }
}
""",
    "tests/Meter.Tests/BrokenTests.cs": """using NUnit.Framework;
namespace Meter.Tests
{
    [TestFixture]
    public class BrokenTests
    {
        [Test] public void A_Fine() { Assert.AreEqual(0, new Gauge().Level); }
        [Test] public void B_Aborts() { new Gauge().Fail(); }
    }
}
""",
    "tests/Meter.Tests/ZuluTests.cs": """using NUnit.Framework;
namespace Meter.Tests
{
    [TestFixture]
    public class ZuluTests
    {
        [Test] public void RaisesTwice() { var g = new Gauge(); g.Raise(1); g.Raise(1); Assert.AreEqual(2, g.Level); }
        [Test, Explicit] public void NeverByItself() { Assert.Fail("explicit tests do not run"); }
    }
}
""",
}

XUNIT = {
    **LIBRARY,
    "tests/Meter.Tests/Meter.Tests.csproj": _tests_project('<PackageReference Include="xunit" Version="2.4.1" />'),
    "tests/Meter.Tests/GaugeFacts.cs": """using Xunit;
namespace Meter.Tests
{
    public class GaugeFacts
    {
        [Fact] public void Public() { var g = new Gauge(); g.Raise(3); Assert.Equal(3, g.Level); }
        [Fact] private static void PrivateStatic() { var g = new Gauge(); g.Raise(4); Assert.Equal(4, g.Level); }
        [Fact] internal void Internal() { Assert.Equal(0, new Gauge().Level); }
        [Fact] private void PrivateFailing() { Assert.Equal(1, new Gauge().Level); }
    }
}
""",
    "tests/Meter.Tests/OtherFacts.cs": """using Xunit;
namespace Meter.Tests
{
    public class OtherFacts
    {
        [Fact] public void Aborts() { new Gauge().Fail(); }
    }
    public class ZFacts
    {
        [Theory, InlineData(1), InlineData(2)] private void Rows(int n) { var g = new Gauge(); g.Raise(n); Assert.Equal(n, g.Level); }
    }
}
""",
}


def test_last_started_fixture_is_the_last_announced():
    records = [{"start": "A"}, {"id": "A.x", "fixture": "A", "outcome": "passed"}, {"start": "B"},
               {"id": "B.y", "fixture": "B", "outcome": "passed"}]
    assert last_started_fixture(records) == "B"
    assert last_started_fixture([{"id": "A.x", "fixture": "A"}]) is None


@pytest.mark.mcs
def test_a_fixture_that_aborts_mono_is_left_out_and_the_rest_runs(tmp_path):
    root = write_tree(tmp_path / "repo", NUNIT)
    run = runner_for(Lang.CSHARP).run(root, None, coverage=True, limits=None)
    assert run.status is SuiteStatus.OK, run.log[-3000:]
    outcomes = run.outcomes()
    assert outcomes["Meter.Tests.AlphaTests.Raises"] is Outcome.PASSED
    assert outcomes["Meter.Tests.ZuluTests.RaisesTwice"] is Outcome.PASSED
    # what the crashing fixture reported before the abort is an error, never a pass
    assert outcomes["Meter.Tests.BrokenTests.A_Fine"] is Outcome.ERROR
    assert "Meter.Tests.ZuluTests.NeverByItself" not in outcomes
    assert run.adjustments["crashed_fixtures"][0].startswith("Meter.Tests.BrokenTests: the test process ended")
    # the complete rerun gives coverage as usual
    assert run.per_test_coverage.get("Meter.Tests.ZuluTests.RaisesTwice"), run.log[-2000:]
    report = BuildReport()
    count_adjustments(run, runner_for(Lang.CSHARP), report, "meter")
    assert report.stage("suites")["fixture_ended_test_process"] == 1


@pytest.mark.mcs
def test_selected_tests_of_a_crashing_fixture_still_pass_nothing(tmp_path):
    # the evaluation's runs by id are unchanged: a process that ends early passes nothing
    root = write_tree(tmp_path / "repo", NUNIT)
    run = runner_for(Lang.CSHARP).run(root, ["Meter.Tests.AlphaTests.Raises", "Meter.Tests.BrokenTests.B_Aborts"],
                                      coverage=False, limits=None)
    assert run.status is SuiteStatus.CRASHED
    assert Outcome.PASSED not in run.outcomes().values()


@pytest.mark.mcs
def test_xunit_facts_of_any_accessibility_run(tmp_path):
    root = write_tree(tmp_path / "repo", XUNIT)
    run = runner_for(Lang.CSHARP).run(root, None, coverage=False, limits=None)
    assert run.status is SuiteStatus.OK, run.log[-3000:]
    assert run.outcomes() == {
        "Meter.Tests.GaugeFacts.Internal": Outcome.PASSED,
        "Meter.Tests.GaugeFacts.PrivateFailing": Outcome.FAILED,
        "Meter.Tests.GaugeFacts.PrivateStatic": Outcome.PASSED,
        "Meter.Tests.GaugeFacts.Public": Outcome.PASSED,
        "Meter.Tests.ZFacts.Rows": Outcome.PASSED,
    }, run.log[-3000:]
    assert run.adjustments["crashed_fixtures"][0].startswith("Meter.Tests.OtherFacts: ")
