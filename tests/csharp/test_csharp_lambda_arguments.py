"""C# uses inside a lambda passed to a method of a missing library (issue 28; the shape of
dynamitey's ``Assert.That(() => tCachedInvoke.Invoke(tTest), Throws...)``, a tuning case of
2026-11-27d; fixture written for this test, checked with the real mcs).

The stand-ins of missing types took ``params object[]``, to which no lambda converts: the call
failed in every compilation (the unmodified one too) and mcs never checked the lambda's body.
A stand-in method now also takes a ``Func<object>`` first, so the body is checked and a use in
it is found; a plain argument (``Assert.That(calc.Twice(2), ...)``) still works as before.
"""

from __future__ import annotations

import pytest

from tests.conftest import require_tool, write_tree
from tests.csharp.test_csharp_usages import build

pytestmark = pytest.mark.mcs

FILES = {
    "Calc.csproj": '<Project Sdk="Microsoft.NET.Sdk"><ItemGroup>'
                   '<PackageReference Include="NUnit" Version="3.13.0" /></ItemGroup></Project>\n',
    "Core/Calculator.cs": """namespace Calc.Core
{
    public class Calculator
    {
        public int Twice(int x) { return 2 * x; }
        public object Boxed(int x) { return x; }
        public int Half(int x) { return x / 2; }
    }
}
""",
    "Tests/CalculatorTests.cs": """using Calc.Core;
using NUnit.Framework;

namespace Calc.Tests
{
    public class CalculatorTests
    {
        [Test]
        public void Lambdas()
        {
            var calc = new Calculator();
            Assert.That(() => calc.Boxed(1), Throws.Nothing);
            Assert.That(() => calc.Twice(2), Is.EqualTo(4));
            Assert.That(calc.Half(4), Is.EqualTo(2));
            Assert.That(null, Is.Null);
        }
    }
}
""",
}


def row(needle: str) -> int:
    return next(i for i, line in enumerate(FILES["Tests/CalculatorTests.cs"].split("\n"), 1) if needle in line)


@pytest.mark.slow  # one real mcs build of the fixture: 15-60 s on a loaded machine
def test_uses_inside_a_lambda_argument_of_a_missing_library_method(tmp_path):
    require_tool("mcs")
    write_tree(tmp_path, FILES)
    usages, report = build(tmp_path)
    got = {(u.line, u.member, u.definition_file) for u in usages if u.file == "Tests/CalculatorTests.cs" and u.member}
    assert got == {
        (row("calc.Boxed(1)"), "Boxed", "Core/Calculator.cs"),
        (row("calc.Twice(2)"), "Twice", "Core/Calculator.cs"),
        (row("calc.Half(4)"), "Half", "Core/Calculator.cs"),
    }
