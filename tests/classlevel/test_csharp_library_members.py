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
    # the test that reached the throwing body is named as the compiler's failure (held-out 15)
    assert run.failed_on_uncompiled_bodies() == ["Tags.Tests.VersionTest.CompareObjects"]
    assert report.counts["tests/failed_on_unsupported_syntax"] == 1


NUMBERS = {
    "Lib/Shape.cs": """namespace Lib
{
    internal static class Shape
    {
        public static string Of(object value)
        {
            switch (value)
            {
                case string s: return "text";
                case int i: return "number";
                default: return "other";
            }
        }
    }
}
""",
    "Lib/Format.cs": """namespace Lib
{
    public class Format
    {
        private readonly string pattern;
        public Format(string pattern) { this.pattern = Parse.Clean(pattern); }
        public string Apply(object value)
        {
            string kind = Shape.Of(value);
            return pattern + ":" + kind;
        }
        public bool IsEmpty() { return pattern.Length == 0; }
    }
}
""",
    # run by every test of the fixture (Format's constructor), named by none
    "Lib/Parse.cs": """namespace Lib
{
    internal class Parse
    {
        public static string Clean(string pattern) { return pattern.Trim(); }
        public static bool Empty(string pattern) { return Shape.Of(pattern) != "text" || Clean(pattern).Length == 0; }
    }
}
""",
    "Lib/Other.cs": """namespace Lib
{
    public class Other
    {
        public int Twice(int x) { return new Format("x").IsEmpty() ? 0 : 2 * x; }
    }
}
""",
    "Tests/FormatTests.cs": """using NUnit.Framework;
namespace Lib.Tests
{
    [TestFixture]
    public class FormatTests
    {
        [Test] public void Applies() { Assert.AreEqual("p:text", new Format("p").Apply("a")); }
        [Test] public void Doubles() { Assert.AreEqual(4, new Other().Twice(2)); }
    }
}
""",
}


def test_a_class_short_of_tests_for_the_compiler_is_named_so():
    """ExcelNumberFormat (held-out 15): mcs lacks the type patterns of two library methods, which
    the runner compiles with throwing bodies; 16 of 18 tests failed on them, and the classes those
    tests reach were rejected as coverage or test shortfalls (``below_csharp_file_coverage``,
    ``tests_do_not_reference_class``). A class whose shortfall comes with tests reaching it that
    failed on such a body is ``compiler_unsupported_syntax`` (the other reason in the detail), and
    each such test is counted (``tests/failed_on_unsupported_syntax``)."""
    from crossfile_datasets.analyzers.graph import build_graph
    from crossfile_datasets.builders.classlevel.candidates import Thresholds, select_candidates
    from crossfile_datasets.core.constants import UNCOMPILABLE_BODY_MESSAGE
    from crossfile_datasets.core.records import SourceFile
    from crossfile_datasets.lang import get_language
    from crossfile_datasets.lang.classes import extractor_for
    from crossfile_datasets.sandbox.suites import SuiteRun, TestResult

    language = get_language(Lang.CSHARP)
    facts = language.analyze_files("/nonexistent", [SourceFile(p, t) for p, t in NUMBERS.items()])
    graph = build_graph("r", "csharp", facts, [])
    classes = [c for f in ("Lib/Format.cs", "Lib/Parse.cs", "Lib/Other.cs") for c in extractor_for(Lang.CSHARP)(facts[f])]
    applies, doubles = "Lib.Tests.FormatTests.Applies", "Lib.Tests.FormatTests.Doubles"
    suite = SuiteRun(SuiteStatus.OK, [
        TestResult(applies, Outcome.ERROR, 0.1, f"System.NotSupportedException : {UNCOMPILABLE_BODY_MESSAGE}"),
        TestResult(doubles, Outcome.PASSED, 0.1)],
        # per fixture, for passing tests only (the C# runner's): Applies ran what Doubles is said to
        per_test_coverage={doubles: {"Lib/Other.cs": {5}, "Lib/Format.cs": {6, 9, 12}, "Lib/Parse.cs": {5}}},
        adjustments={"left_out_library_members": ["Lib/Shape.cs: Shape.Of: CS0589: type pattern"]})
    report = BuildReport()
    select_candidates(Lang.CSHARP, language, facts, classes, suite, graph, Thresholds(), report, "r:")
    samples = report.samples["classes/compiler_unsupported_syntax"]
    # Other: one passing test names it; the failing test of its fixture ran it too (per fixture)
    assert [s.split(":")[1] for s in samples] == ["Lib/Format.cs", "Lib/Parse.cs", "Lib/Other.cs"], report.samples
    assert samples[0].startswith("r:Lib/Format.cs::Format: 1 tests reaching it failed on library members") and \
        "(Shape.Of)" in samples[0], samples
    assert "else tests_do_not_reference_class" in samples[1], samples
    count_adjustments(suite, runner_for(Lang.CSHARP), report, "r")
    assert report.counts["tests/failed_on_unsupported_syntax"] == 1
    # without the compiler's failures the same shortfall keeps its own name
    report = BuildReport()
    plain = SuiteRun(SuiteStatus.OK, [TestResult(applies, Outcome.FAILED, 0.1, "expected p:text"),
                                      TestResult(doubles, Outcome.PASSED, 0.1)],
                     per_test_coverage=suite.per_test_coverage)
    select_candidates(Lang.CSHARP, language, facts, classes, plain, graph, Thresholds(), report, "r:")
    assert "classes/compiler_unsupported_syntax" not in report.counts, report.counts
