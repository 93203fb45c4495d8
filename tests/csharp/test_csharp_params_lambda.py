"""C# uses inside a lambda passed to a project method whose ``params`` form mcs gives up on
(the shape of thomaslevesque/Linq.Extras' ``TestHelper.AssertThrowsWhenArgumentNull(() =>
source.ToHierarchy(...), "source", "idSelector")``, held-out 2026-11-27g, a tuning case since
2026-11-28; fixture written for this test, checked with the real mcs).

With F (the extension methods' file) emptied, the lambda's body fails, and mcs reports only
CS1501 at the outer call ("No overload for method `AssertThrowsWhenArgumentNull' takes `3'
arguments"), a method F does not declare: nothing inside the lambda was reported, so the use was
lost. The accesses of F's members inside the lambda arguments of that call are the uses; a
LINQ call beside them (``Count``, which F does not declare) and ``ToString`` are not.
"""

from __future__ import annotations

import pytest

from tests.conftest import require_tool, write_tree
from tests.csharp.test_csharp_usages import build

pytestmark = pytest.mark.mcs

FILES = {
    "Extras.csproj": '<Project Sdk="Microsoft.NET.Sdk"></Project>\n',
    "Lib/XEnumerable.cs": """using System;
using System.Collections.Generic;
using System.Linq;

namespace Extras
{
    public static class XEnumerable
    {
        public static IEnumerable<T> Flatten<T>(this IEnumerable<IEnumerable<T>> source)
        {
            return source.SelectMany(x => x);
        }

        public static int Depth<T>(this IEnumerable<T> source, Func<T, int> level)
        {
            return source.Select(level).DefaultIfEmpty().Max();
        }
    }
}
""",
    "Tests/TestHelper.cs": """using System;
using System.Linq.Expressions;

namespace Extras.Tests
{
    static class TestHelper
    {
        public static void AssertThrowsWhenArgumentNull(Expression<Action> expr, params string[] paramNames)
        {
        }
    }
}
""",
    "Tests/DepthTests.cs": """using System.Collections.Generic;
using System.Linq;

namespace Extras.Tests
{
    public class DepthTests
    {
        public void Depth_Throws_If_Argument_Is_Null()
        {
            var source = new List<int> { 1, 2 };
            TestHelper.AssertThrowsWhenArgumentNull(
                () => source.Depth(x => x.ToString().Length + source.Count()),
                "source", "level");
        }

        public int Depth_Counts()
        {
            var nested = new List<List<int>> { new List<int> { 1 } };
            return nested.Flatten().Count();
        }
    }
}
""",
}


def row(needle: str) -> int:
    return next(i for i, line in enumerate(FILES["Tests/DepthTests.cs"].split("\n"), 1) if needle in line)


@pytest.mark.slow  # one real mcs build of the fixture: 15-60 s on a loaded machine
def test_uses_inside_a_lambda_of_a_failed_params_call(tmp_path):
    require_tool("mcs")
    write_tree(tmp_path, FILES)
    usages, report = build(tmp_path)
    got = {(u.line, u.member, u.definition_file) for u in usages if u.file == "Tests/DepthTests.cs" and u.member}
    assert got == {
        (row("TestHelper.AssertThrowsWhenArgumentNull("), "AssertThrowsWhenArgumentNull", "Tests/TestHelper.cs"),
        (row("source.Depth("), "Depth", "Lib/XEnumerable.cs"),
        (row("nested.Flatten()"), "Flatten", "Lib/XEnumerable.cs"),
    }
