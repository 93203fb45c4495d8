"""Expression-bodied members are seen run (held-out 21, Faithlife.Parsing): mcs 6.8 writes no line
information for ``int F(int x) => x + 1;``, so mono's coverage profiler listed such a method with no
file and no statement, run or not -- Parser.cs's one-liners were ``not_covered_by_tests`` though
every test ran them. The runner compiles the library with each expression body as a block on the
same lines (``lang.csharp.syntax.expression_bodies_to_blocks``)."""
from __future__ import annotations

import pytest

from crossfile_datasets.lang import Lang, get_language
from crossfile_datasets.lang.csharp.syntax import active_code, expression_bodies_to_blocks
from crossfile_datasets.sandbox.suites import SuiteStatus, runner_for
from tests.classlevel.test_csharp_runner import write_repo

LIB = """using System;
using System.Threading.Tasks;
namespace Demo
{
    public static class Calc
    {
        public static int Twice(int x) => x * 2;
        public static T Same<T>(T x) => x;
        public static int Sum(int a,
                              int b)
            => a + b;
        public static int Unused(int x) => -x;
        public static void Nothing() => Console.Write("");
        public static int Fail() => throw new InvalidOperationException();
        public static int Block(int x) { return x + 1; }
    }

    public class Box
    {
        int value;
        public Box(int v) => value = v;
        public int Value => value;
        public int Doubled { get => value * 2; set => this.value = value / 2; }
        public int this[int i] => value + i;
        public int Never => throw new InvalidOperationException();
        public static Box operator +(Box a, Box b) => new Box(a.value + b.value);
        public async Task<int> Later() => await Task.FromResult(value);
        public async Task Wait() => await Task.Delay(0);
#if NEVER_DEFINED
        public int Old() => 0;
#endif
    }
}
"""

FILES = {
    "Lib/Lib.csproj": '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>netstandard2.0'
                      "</TargetFramework></PropertyGroup></Project>\n",
    "Lib/Calc.cs": LIB,
    "Tests/Tests.csproj": '<Project Sdk="Microsoft.NET.Sdk"><ItemGroup><ProjectReference Include="../Lib/Lib.csproj" />'
                          "</ItemGroup></Project>\n",
    "Tests/CalcTests.cs": """using NUnit.Framework;
namespace Demo.Tests
{
    [TestFixture]
    public class CalcTests
    {
        [Test] public void Twice() { Assert.AreEqual(4, Calc.Twice(2)); Assert.AreEqual("a", Calc.Same("a")); }
        [Test] public void Sums() { Assert.AreEqual(3, Calc.Sum(1, 2)); Calc.Nothing(); Assert.AreEqual(2, Calc.Block(1)); }
        [Test] public void Fails() { Assert.Throws<System.InvalidOperationException>(() => Calc.Fail()); }
        [Test] public void Boxes()
        {
            var b = new Box(3) + new Box(1);
            b.Doubled = 10;
            Assert.AreEqual(5, b.Value);
            Assert.AreEqual(10, b.Doubled);
            Assert.AreEqual(6, b[1]);
            Assert.AreEqual(5, b.Later().Result);
            b.Wait().Wait();
        }
    }
}
""",
}


def _line(text: str) -> int:
    return next(i for i, line in enumerate(LIB.splitlines(), 1) if text in line)


def test_expression_bodies_become_blocks_on_the_same_lines():
    tree = get_language(Lang.CSHARP).parse(active_code(LIB))
    out = expression_bodies_to_blocks(LIB, tree)
    assert len(out.splitlines()) == len(LIB.splitlines())
    assert "public static int Twice(int x) { return  x * 2; }" in out
    assert "public static void Nothing() {  Console.Write(\"\"); }" in out
    assert "public static int Fail() {  throw new InvalidOperationException(); }" in out
    assert "public Box(int v) {  value = v; }" in out
    assert "public int Value { get { return  value; } }" in out
    assert "set {  this.value = value / 2; }" in out and "get { return  value * 2; }" in out
    assert "public async Task<int> Later() { return  await Task.FromResult(value); }" in out
    assert "public async Task Wait() {  await Task.Delay(0); }" in out
    assert "public int Never { get {  throw new InvalidOperationException(); } }" in out  # ParseResult.cs:98's shape
    assert "public int Old() => 0;" in out  # an inactive branch is left as written
    assert "public static int Block(int x) { return x + 1; }" in out
    # a text that does not parse is left alone
    broken = LIB.replace("=> x * 2;", "=> x * ;")
    assert expression_bodies_to_blocks(broken, get_language(Lang.CSHARP).parse(broken)) == broken


@pytest.mark.mcs
def test_a_run_expression_bodied_method_is_covered(tmp_path):
    run = runner_for(Lang.CSHARP).run(write_repo(tmp_path, FILES), None, coverage=True, limits=None)
    assert run.status is SuiteStatus.OK, (run.reason, run.log[-2000:])
    assert {r.test_id: r.outcome.value for r in run.results} == {
        f"Demo.Tests.CalcTests.{t}": "passed" for t in ("Twice", "Sums", "Fails", "Boxes")}
    covered, coverable = run.coverage["Lib/Calc.cs"], run.coverable["Lib/Calc.cs"]
    ran = {_line(t) for t in ("Twice(int x) =>", "Same<T>", "=> a + b;", "Nothing() =>", "Fail() =>", "Box(int v) =>",
                              "int Value =>", "get => value * 2;", "this[int i]", "operator +", "Later() =>", "Wait() =>")}
    assert ran <= covered, sorted(ran - covered)
    unused = _line("Unused(int x)")
    assert unused in coverable and unused not in covered  # control: a method no test runs
    assert _line("Block(int x)") in covered
    # per test (per fixture): the fixture's run covers them too
    assert ran <= run.per_test_coverage["Demo.Tests.CalcTests.Twice"]["Lib/Calc.cs"]
