"""A library method mcs cannot compile loses the method, not the file (tuning case of the
2026-11-27e class held-out set: a semantic-versioning library's ``Version.cs`` held C# 7's
``case Version v:`` in ``CompareTo(object)``, which mcs 6.8 does not implement (CS0589,
"type pattern matching"); the file was left out, every other file's ``Version`` then bound to
``System.Version``, and the library failed as a whole with a misleading CS1061). Our own
fixture of that shape; real mcs, our test host, bubblewrap. On 75d4193 the run is
``compile_failed``."""
from __future__ import annotations

import pytest

from crossfile_datasets.builders.classlevel.build import count_adjustments
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.lang import Lang
from crossfile_datasets.lang.csharp.wrong_classes import throwing_body_at
from crossfile_datasets.sandbox.suites import SuiteStatus, runner_for
from crossfile_datasets.sandbox.suites import TestOutcome as Outcome

from .test_csharp_runner import write_repo

VERSION = """using System;

namespace Tags
{
    public class Version : IComparable
    {
        public Version(int major, string label) { Major = major; Label = label; }
        public int Major { get; }
        public string Label { get; }
        public bool IsPreRelease => Label != null;

        public int CompareTo(object obj)
        {
            switch (obj)
            {
                case null:
                    return 1;
                case Version v:
                    return Major.CompareTo(v.Major);
                default:
                    throw new ArgumentException("not a Version");
            }
        }

        public bool Newer(Version other) { return Major > other.Major; }
    }
}
"""
FILES = {
    "src/Tags/Version.cs": VERSION,
    # names Version's members that System.Version does not have
    "src/Tags/Gate.cs": """namespace Tags
{
    public static class Gate
    {
        public static bool Stable(Version v) { return !v.IsPreRelease && v.Major > 0; }
    }
}
""",
    "test/VersionTest.cs": """using NUnit.Framework;
namespace Tags.Tests
{
    [TestFixture]
    public class VersionTest
    {
        [Test] public void Stable() { Assert.IsTrue(Gate.Stable(new Version(2, null))); }
        [Test] public void PreRelease() { Assert.IsFalse(Gate.Stable(new Version(2, "rc1"))); }
        [Test] public void Newer() { Assert.IsTrue(new Version(3, null).Newer(new Version(2, null))); }
        [Test] public void CompareObjects() { Assert.AreEqual(1, new Version(3, null).CompareTo((object)new Version(2, null))); }
    }
}
""",
}


def test_a_body_becomes_throwing_and_keeps_every_line_number():
    new, name = throwing_body_at(VERSION, VERSION.split("\n").index("                case Version v:") + 1)
    assert name == "Version.CompareTo"
    assert "case Version v" not in new and "NotSupportedException" in new
    assert new.count("\n") == VERSION.count("\n")
    assert new.split("\n")[-4:] == VERSION.split("\n")[-4:]  # Newer() is where it was
    assert throwing_body_at(VERSION, 7) is None  # a constructor's line, outside any body: not a member body


@pytest.mark.mcs
def test_a_type_pattern_mcs_lacks_costs_its_method_not_the_library(tmp_path):
    runner = runner_for(Lang.CSHARP)
    run = runner.run(write_repo(tmp_path, FILES), None, coverage=False, limits=None)
    assert run.status is SuiteStatus.OK, (run.reason, run.log[-2000:])
    assert run.outcomes() == {"Tags.Tests.VersionTest.Stable": Outcome.PASSED,
                              "Tags.Tests.VersionTest.PreRelease": Outcome.PASSED,
                              "Tags.Tests.VersionTest.Newer": Outcome.PASSED,
                              "Tags.Tests.VersionTest.CompareObjects": Outcome.ERROR}
    assert run.adjustments["left_out_library_members"] == [
        "src/Tags/Version.cs: Version.CompareTo: CS0589: " + run.adjustments["left_out_library_members"][0].split("CS0589: ", 1)[1]]
    assert "left_out_library_files" not in run.adjustments
    report = BuildReport()
    count_adjustments(run, runner, report, "repo")
    assert report.counts["suites/library_member_left_out"] == 1
