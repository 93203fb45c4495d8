"""A call inside an ``async`` lambda handed to a method of a missing assembly (xUnit's
``await Assert.ThrowsAsync<E>(async () => await session.Commit())``, no NuGet here; the shape of
gautema/CQRSlite's ``When_saving_stale_data``, held-out 19, a tuning case since 2026-11-29g;
fixture written for this test, checked with the real mcs).

The stand-in method took its lambda as ``Func<object>``, to which an async lambda does not
convert: mcs reported CS4010 at the lambda in every round and bound nothing inside it, so the use
of ``Commit`` was lost silently. A stand-in method seen with an async lambda now takes
``Func<Task>`` instead; the others keep ``Func<object>``.
"""

from __future__ import annotations

import pytest

from crossfile_datasets.lang.csharp.external import StubMember, StubType
from tests.conftest import require_tool, write_tree
from tests.csharp.test_csharp_usages import PROJECT, build

pytestmark = pytest.mark.mcs

FILES = {
    "Store.csproj": PROJECT + "\n",
    "Domain/Session.cs": """using System.Threading.Tasks;

namespace Store.Domain
{
    public class Session
    {
        public Task Commit()
        {
            return Task.FromResult(0);
        }

        public int Count()
        {
            return 0;
        }
    }
}
""",
    "Tests/SessionTests.cs": """using System.Threading.Tasks;
using Store.Domain;
using Xunit;

namespace Store.Tests
{
    public class SessionTests
    {
        private readonly Session _session = new Session();

        [Fact]
        public async Task Stale()
        {
            await Assert.ThrowsAsync<System.InvalidOperationException>(async () => await _session.Commit());
            Assert.Equal(null, _session);
            Assert.Equal(0, _session.Count());
        }
    }
}
""",
}


def row(path: str, needle: str) -> int:
    return next(i for i, line in enumerate(FILES[path].split("\n"), 1) if needle in line)


@pytest.mark.slow  # real mcs builds of the fixture: 15-60 s on a loaded machine
def test_a_use_inside_an_async_lambda_given_to_a_missing_assembly(tmp_path):
    require_tool("mcs")
    write_tree(tmp_path, FILES)
    usages, report = build(tmp_path)
    tests = "Tests/SessionTests.cs"
    got = {(u.line, u.member) for u in usages if u.file == tests and u.member}
    assert (row(tests, "_session.Commit()"), "Commit") in got, (sorted(got), report.places)
    assert (row(tests, "_session.Count()"), "Count") in got, sorted(got)


def test_only_methods_seen_with_an_async_lambda_take_a_task_delegate():
    stub = StubType("Assert", 0, "class", {StubMember("ThrowsAsync", True, True, 1), StubMember("Equal", True, True)})
    plain = stub.render()
    assert "System.Threading.Tasks.Task" not in plain
    stub.async_lambdas.add("ThrowsAsync")
    rendered = stub.render()
    assert "ThrowsAsync<M1>(global::System.Func<global::System.Threading.Tasks.Task> crossfileCall" in rendered
    assert "Equal(global::System.Func<object> crossfileCall" in rendered  # `Equal(null, x)` stays unambiguous
    assert rendered.count("crossfileCall") == 2
