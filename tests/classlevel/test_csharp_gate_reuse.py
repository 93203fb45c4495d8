"""C# gate runs of wrong classes compile once (held-out 2026-11-28d, docopt.net: the wrong-class
gate took 613 of the build's 675 s, 18 stub runs and 77 mutants, each a fresh build: the library
compiled alone, then library and tests). A wrong class that changes method bodies only compiles
in the original tree's plan whenever it compiles at all, so ``run(reuse_build=True)`` compiles
library and tests once, leaving out what the original's build left out; the verdicts are those
of a fresh build. Real mcs, mono, NUnit and bubblewrap runs; nothing mocked."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from crossfile_datasets.sandbox.suites import SuiteStatus
from crossfile_datasets.sandbox.suites import TestOutcome as Outcome
from crossfile_datasets.sandbox.suites.csharp import CSharpRunner

pytestmark = [pytest.mark.mcs, pytest.mark.slow]

FILES = {
    "Lib/Lib.csproj": '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net472</TargetFramework>'
                      "</PropertyGroup></Project>\n",
    "Lib/Shapes.cs": "namespace Demo\n{\n    public static class Sizes\n    {\n        public static int Twice(int x) { return 2 * x; }\n    }\n\n"
                     "    public class Square\n    {\n        private readonly int side;\n"
                     "        public Square(int side) { this.side = side; }\n"
                     "        public int Area() { return side * side; }\n"
                     "        public int Perimeter() { return Sizes.Twice(side + side); }\n    }\n}\n",
    "Lib.Tests/Lib.Tests.csproj": '<Project Sdk="Microsoft.NET.Sdk"><ItemGroup>'
                                  '<ProjectReference Include="../Lib/Lib.csproj" /></ItemGroup></Project>\n',
    "Lib.Tests/SquareTests.cs": "using NUnit.Framework;\nnamespace Demo.Tests\n{\n    [TestFixture]\n"
                                "    public class SquareTests\n    {\n"
                                "        [Test] public void Area() { Assert.AreEqual(9, new Square(3).Area()); }\n"
                                "        [Test] public void Perimeter() { Assert.AreEqual(12, new Square(3).Perimeter()); }\n"
                                "        [Test] public void Missing() { Assert.AreEqual(1, new Square(1).Volume()); }\n"
                                "    }\n}\n",
    # a package not installed here: the original build leaves the file out
    "Lib.Tests/MockTests.cs": "using NUnit.Framework;\nusing Moq;\nnamespace Demo.Tests\n{\n    [TestFixture]\n"
                              "    public class MockTests\n    {\n"
                              "        [Test] public void Mocks() { Assert.IsNotNull(new Mock<object>()); }\n    }\n}\n",
}
IDS = ["Demo.Tests.SquareTests.Area", "Demo.Tests.SquareTests.Perimeter"]


def _tree(root: Path, changes: dict[str, tuple[str, str]] | None = None) -> Path:
    for rel, text in FILES.items():
        if changes and rel in changes:
            old, new = changes[rel]
            assert text.count(old) == 1
            text = text.replace(old, new)
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return root


def _outcomes(run) -> dict[str, str]:
    return {t: o.value for t, o in run.outcomes().items()}


def _compilations(run) -> int:
    return run.log.count("$ mcs (")


def test_wrong_classes_compile_once_in_the_original_plan(tmp_path):
    runner = CSharpRunner()
    original = _tree(tmp_path / "original")
    # the builder's suite run: a whole-suite run of the original tree under coverage
    first = runner.run(original, None, coverage=True)
    assert first.status is SuiteStatus.OK, first.log[-3000:]
    assert {t: _outcomes(first).get(t) for t in IDS} == dict.fromkeys(IDS, "passed"), _outcomes(first)
    # the original's build: the library alone, then rounds leaving out Missing() and MockTests.cs
    assert _compilations(first) >= 3, first.log[-3000:]
    left = {lo for lo in first.adjustments.get("left_out_tests", [])} | set(first.adjustments.get("left_out_sources", []))
    assert left, first.adjustments

    # a mutant of one method body: one compilation, the verdicts of a fresh build
    mutant = _tree(tmp_path / "mutant", {"Lib/Shapes.cs": ("return side * side;", "return side + side;")})
    reused = runner.run(mutant, IDS, coverage=False, reuse_build=True)
    assert "the original tree's build plan, compiled once: Lib/Shapes.cs changed" in reused.log, reused.log[-3000:]
    assert _compilations(reused) == 1, reused.log[-3000:]
    fresh = CSharpRunner().run(mutant, IDS, coverage=False)
    assert _outcomes(reused) == _outcomes(fresh) == {IDS[0]: "failed", IDS[1]: "passed"}
    assert reused.adjustments == fresh.adjustments

    # a wrong class that does not compile: no test passes either way
    broken = _tree(tmp_path / "broken", {"Lib/Shapes.cs": ("return side * side;", "return side * ;")})
    reused = runner.run(broken, IDS, coverage=False, reuse_build=True)
    assert reused.status is SuiteStatus.COMPILE_FAILED and _compilations(reused) == 1, reused.log[-3000:]
    fresh = CSharpRunner().run(broken, IDS, coverage=False)
    assert not any(o is Outcome.PASSED for o in fresh.outcomes().values())

    # a changed test file is another tree: built afresh
    other = _tree(tmp_path / "other", {"Lib.Tests/SquareTests.cs": ("Assert.AreEqual(12,", "Assert.AreEqual(13,")})
    rebuilt = runner.run(other, IDS, coverage=False, reuse_build=True)
    assert "build plan" not in rebuilt.log and _compilations(rebuilt) >= 3
    assert _outcomes(rebuilt) == {IDS[0]: "passed", IDS[1]: "failed"}

    # two changed files are not one wrong class: built afresh
    two = _tree(tmp_path / "two", {"Lib/Shapes.cs": ("return side * side;", "return side + side;"),
                                   "Lib/Lib.csproj": ("net472", "net471")})
    assert "build plan" in runner.run(two, IDS, coverage=False, reuse_build=True).log  # a project file is no source
    (two / "Lib/Extra.cs").write_text("namespace Demo { public class Extra { } }\n", encoding="utf-8")
    assert "build plan" not in runner.run(two, IDS, coverage=False, reuse_build=True).log  # another tree

    # a runner that never ran the original's whole suite builds afresh (runs by id keep no plan)
    other_runner = CSharpRunner()
    other_runner.run(original, IDS, coverage=False)
    alone = other_runner.run(mutant, IDS, coverage=False, reuse_build=True)
    assert "build plan" not in alone.log and _outcomes(alone) == {IDS[0]: "failed", IDS[1]: "passed"}
    shutil.rmtree(tmp_path, ignore_errors=True)
