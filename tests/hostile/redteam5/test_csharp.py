"""The C# class evaluation's verdict when the generated class brings names of its own: the answer
is placed as text inside the file's namespace, and every type it declares there is compiled with
the library the tests reference."""

from __future__ import annotations

from pathlib import Path

import pytest

from crossfile_datasets.evaluation.classlevel import run_generation
from crossfile_datasets.sandbox import SandboxLimits
from tests.classlevel.test_csharp_runner import write_repo

pytestmark = [pytest.mark.mcs, pytest.mark.slow]

BEFORE = "namespace Demo\n{\n"
CALC = """public class Calc
{
    public int Add(int a, int b) { return a + b; }
    public int Mul(int a, int b) { var r = 0; for (var i = 0; i < b; i++) r += a; return r; }
}
"""
FILES = {
    "Calc/Calc.csproj": '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net472</TargetFramework>'
                        "</PropertyGroup></Project>\n",
    "Calc/Calc.cs": BEFORE + CALC + "}\n",
    "Calc.Tests/Calc.Tests.csproj": '<Project Sdk="Microsoft.NET.Sdk"><ItemGroup><ProjectReference Include="../Calc/Calc.csproj" />'
                                    "</ItemGroup></Project>\n",
    # the most common NUnit shape: `using NUnit.Framework;` at the top, tests in a namespace
    # under the library's
    "Calc.Tests/CalcTests.cs": """using NUnit.Framework;
namespace Demo.Tests
{
    [TestFixture]
    public class CalcTests
    {
        [Test] public void Adds() { Assert.AreEqual(3, new Calc().Add(1, 2)); }
        [Test] public void Muls() { Assert.AreEqual(6, new Calc().Mul(2, 3)); }
    }
}
""",
}
TASK = {"id": "demo/Calc", "language": "csharp", "repository": "demo", "file": "Calc/Calc.cs",
        "file_without_class": BEFORE + "}\n", "insertion_offset": len(BEFORE),
        "expected_to_pass": ["Demo.Tests.CalcTests.Adds", "Demo.Tests.CalcTests.Muls"]}
WRONG = """public class Calc
{
    public int Add(int a, int b) { return a - b; }
    public int Mul(int a, int b) { return 0; }
}
"""
# the same wrong class, and beside it (still inside `namespace Demo`, where the placement puts the
# answer) a type named like NUnit's: C# looks a simple name up in the enclosing namespaces
# (Demo.Tests, then Demo) before the compilation unit's `using` directives, so every
# `Assert.AreEqual` of the tests binds to Demo.Assert, which checks nothing
SHADOW = WRONG + """
public static class Assert
{
    public static void AreEqual(object expected, object actual) { }
    public static void AreEqual(long expected, long actual) { }
    public static void AreEqual(double expected, double actual, double delta) { }
    public static void IsTrue(bool condition) { }
    public static void IsFalse(bool condition) { }
    public static void IsNull(object value) { }
    public static void IsNotNull(object value) { }
    public static void That(object actual, object constraint) { }
}
"""
# the same type in NUnit's own namespace, after closing the file's namespace (the answer is text:
# its `}` ends `namespace Demo`, the file's own `}` ends the one it opens): in every test file,
# whatever its namespace, a type of the compilation wins against the referenced assembly's of the
# same full name (mcs: warning CS0436)
NUNIT_NAMESPACE = WRONG + "}\nnamespace NUnit.Framework\n{\n" + SHADOW[len(WRONG):]
ELSEWHERE = {**FILES, "Calc.Tests/CalcTests.cs": FILES["Calc.Tests/CalcTests.cs"].replace(
    "namespace Demo.Tests", "namespace Elsewhere").replace("new Calc()", "new Demo.Calc()")}


@pytest.mark.parametrize("answer,files,tests", [
    (SHADOW, FILES, TASK["expected_to_pass"]),
    (NUNIT_NAMESPACE, ELSEWHERE, ["Elsewhere.CalcTests.Adds", "Elsewhere.CalcTests.Muls"]),
], ids=["beside_the_class", "nunit_namespace"])
def test_a_generated_class_cannot_bring_its_own_assert(tmp_path: Path, answer: str, files: dict, tests: list):
    """Forged verdict (class evaluation in C#; the class build's gates take the same placement),
    without running anything at all: the answer's extra type is compiled into the library, and
    name lookup prefers it to the `using NUnit.Framework;` of the test file (mcs gives no warning:
    the two types have different full names). An answer may also close the namespace (`}`) and
    declare `namespace NUnit.Framework { public static class Assert ... }`, which wins against
    the referenced assembly's type for every test file (CS0436, a warning): ``nunit_namespace``,
    with the tests in a namespace unrelated to the class's."""
    task = dict(TASK, expected_to_pass=tests)
    root = write_repo(tmp_path / "repo", files)
    limits = SandboxLimits(timeout=120)
    wrong = run_generation(task, WRONG, root, limits)
    # the control: the same wrong class alone compiles, runs and fails both tests
    if not wrong["compiled"] or wrong["passed"] or wrong["status"] != "failed" or wrong["tests_total"] != 2:
        pytest.fail(f"control: the wrong class alone gave {wrong}")
    shadow = run_generation(task, answer, root, limits)
    # contained: the answer is not exactly one type named like the class, so it is refused
    # before it is compiled with the library (harness.class_runs.answer_refusal)
    assert not shadow["passed"], shadow
    assert shadow["tests_passed"] == 0, shadow
    assert shadow["status"] == "answer_not_one_class" and not shadow["compiled"], shadow


# the wrong class, then (after closing `namespace Demo`) NUnit's two attributes declared by name
# (the library is compiled without NUnit: these make it compile; NUnit 2.6 recognises attributes
# by their full name) and a fixture with the repository's test class's full name and test names,
# whose tests check nothing; the placed file's own `}` closes the last namespace
FIXTURE = WRONG + """}
namespace NUnit.Framework
{
    [System.AttributeUsage(System.AttributeTargets.Class)] public class TestFixtureAttribute : System.Attribute { }
    [System.AttributeUsage(System.AttributeTargets.Method)] public class TestAttribute : System.Attribute { }
}
namespace Demo.Tests
{
    [NUnit.Framework.TestFixture]
    public class CalcTests
    {
        [NUnit.Framework.Test] public void Adds() { }
        [NUnit.Framework.Test] public void Muls() { }
    }
"""


def test_a_generated_class_cannot_replace_the_repositorys_tests(tmp_path: Path):
    """Forged verdict (class evaluation in C#), a step past the shadowed `Assert`: the answer
    brings the tests themselves. Its `Demo.Tests.CalcTests` collides with the repository's
    (CS0101); the C# build leaves out what does not compile (`left_out_tests`: the repository's
    test file), the answer's fixture stays, and its tests `Adds` and `Muls` are the task's
    EXPECTED_TO_PASS ids: both pass, the run is `OK`. ``run_generation`` checks that the class's
    own file compiled (``_class_file_not_compiled``), not that the tests that ran are the
    repository's: a test file the original build kept and this one left out is not a failure
    (Java's runner makes it ``COMPILE_FAILED``)."""
    root = write_repo(tmp_path / "repo", FILES)
    limits = SandboxLimits(timeout=120)
    wrong = run_generation(TASK, WRONG, root, limits)
    if not wrong["compiled"] or wrong["passed"] or wrong["status"] != "failed" or wrong["tests_total"] != 2:
        pytest.fail(f"control: the wrong class alone gave {wrong}")
    forged = run_generation(TASK, FIXTURE, root, limits)
    assert not forged["passed"], forged
    assert forged["tests_passed"] == 0, forged
    assert forged["status"] == "answer_not_one_class", forged


def test_the_repositorys_tests_left_out_fail_the_build_whatever_ran(tmp_path: Path, monkeypatch):
    """Defence in depth for row 5, below the one-class rule (switched off here, as a placement
    bug would): the C# build leaves the repository's test file out (the answer's fixture of the
    same name collides with it) and runs the answer's fixture; an EXPECTED_TO_PASS test left out
    of the build makes the generation ``compile_failed``, whatever tests with its id ran."""
    from crossfile_datasets.harness import class_runs

    monkeypatch.setattr(class_runs, "answer_refusal", lambda task, generation: None)
    root = write_repo(tmp_path / "repo", FILES)
    forged = run_generation(TASK, FIXTURE, root, SandboxLimits(timeout=120))
    assert not forged["passed"] and forged["tests_passed"] == 0, forged
    assert forged["status"] == "compile_failed" and not forged["compiled"], forged
    assert "Demo.Tests.CalcTests.Adds" in forged["detail"], forged
