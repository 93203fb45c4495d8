"""Auxiliary programs are not compiled into a C# repository's library (tuning case of the
2026-11-27c class held-out set): a repository without project files whose ``benchmarks/`` folder
holds one program per library compared, each file defining the same class and its own ``Main``
(built one at a time by its Makefile), lost its whole suite with CS0101 when those files were
compiled with the library. Real mcs, our NUnit 2.6 host, bubblewrap. On 4423ab2 the run is
``compile_failed`` (CS0101: more than a quarter of the library's files fail)."""
from __future__ import annotations

import pytest

from crossfile_datasets.builders.classlevel.build import count_adjustments
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.lang import Lang
from crossfile_datasets.sandbox.suites import SuiteStatus, runner_for
from crossfile_datasets.sandbox.suites import TestOutcome as Outcome
from crossfile_datasets.sandbox.suites.csharp import csharp_layout

from .test_csharp_runner import write_repo

BENCH = """namespace Shapes.Benchmarks
{{
    public class Runner
    {{
        public static void Main() {{ System.Console.WriteLine({0}); }}
    }}
}}
"""
FILES = {
    "src/Shapes/Square.cs": """namespace Shapes
{
    public class Square
    {
        readonly int side;
        public Square(int side) { this.side = side; }
        public int Area() { return Units.Times(side, side); }
    }
}
""",
    "src/Shapes/Units.cs": "namespace Shapes { public static class Units { public static int Times(int a, int b) { return a * b; } } }\n",
    # two programs of the benchmark folder: the same class, a Main each
    "benchmarks/BmFast.cs": BENCH.format("new Shapes.Square(2).Area()"),
    "benchmarks/BmSlow.cs": BENCH.format("new Shapes.Square(3).Area()"),
    "benchmarks/BmMid.cs": BENCH.format("new Shapes.Square(4).Area()"),
    "samples/Demo.Console/Program.cs": BENCH.format("1").replace("Benchmarks", "Demo"),
    "test/SquareTest.cs": """using NUnit.Framework;
namespace Shapes.Tests
{
    [TestFixture]
    public class SquareTest
    {
        [Test] public void Area() { Assert.AreEqual(9, new Square(3).Area()); }
    }
}
""",
}


def test_layout_leaves_auxiliary_program_folders_out(tmp_path):
    layout = csharp_layout(write_repo(tmp_path, FILES))
    assert layout.library == ["src/Shapes/Square.cs", "src/Shapes/Units.cs"]
    assert layout.tests == ["test/SquareTest.cs"]
    assert layout.auxiliary == ["benchmarks/BmFast.cs", "benchmarks/BmMid.cs", "benchmarks/BmSlow.cs", "samples/Demo.Console/Program.cs"]


@pytest.mark.mcs
def test_suite_runs_without_the_benchmark_programs_and_counts_them(tmp_path):
    runner = runner_for(Lang.CSHARP)
    root = write_repo(tmp_path, FILES)
    run = runner.run(root, None, coverage=False, limits=None)
    assert run.status is SuiteStatus.OK, (run.reason, run.log[-2000:])
    assert run.outcomes() == {"Shapes.Tests.SquareTest.Area": Outcome.PASSED}
    report = BuildReport()
    count_adjustments(run, runner, report, "repo")
    assert report.counts["suites/auxiliary_file_left_out"] == 4
