"""C# members of a value a missing library's generic method returns (issue 28; the shape of
MediatR's ``var mediator = container.GetInstance<IMediator>(); mediator.Send(...)`` with
``container`` a StructureMap ``Container``, a tuning case of 2026-11-27e; fixture written for
this test, checked with the real mcs).

Stand-in methods of missing types returned ``dynamic``, so a value obtained through a service
locator, a mock factory or a deserializer (``GetInstance<T>()``, ``Mock.Of<T>()``,
``Deserialize<T>(s)``) was ``dynamic`` and none of its members was checked. A stand-in method
written with one type argument now returns that type argument; with two or more (``Register<IA,
A>()``), or none, it still returns ``dynamic``.
"""

from __future__ import annotations

import pytest

from tests.conftest import require_tool, write_tree
from tests.csharp.test_csharp_usages import build

pytestmark = pytest.mark.mcs

FILES = {
    "Bus.csproj": '<Project Sdk="Microsoft.NET.Sdk"><ItemGroup>'
                  '<PackageReference Include="StructureMap" Version="4.4.0" /></ItemGroup></Project>\n',
    "Core/IBus.cs": """namespace Bus.Core
{
    public interface IBus
    {
        int Send(string message);
        void Publish(string message);
    }

    public class LocalBus : IBus
    {
        public int Send(string message) { return message.Length; }
        public void Publish(string message) { }
    }
}
""",
    "Tests/BusTests.cs": """using Bus.Core;
using StructureMap;

namespace Bus.Tests
{
    public class BusTests
    {
        public void Resolved()
        {
            var container = new Container(cfg => { cfg.For<IBus>().Use<LocalBus>(); });
            var bus = container.GetInstance<IBus>();
            bus.Publish("a");
            var n = bus.Send("b");
            container.Register<IBus, LocalBus>().Anything();
            Locator.Current<IBus>().Publish("c");
        }
    }
}
""",
}


def row(needle: str) -> int:
    return next(i for i, line in enumerate(FILES["Tests/BusTests.cs"].split("\n"), 1) if needle in line)


@pytest.mark.slow  # one real mcs build of the fixture: 15-60 s on a loaded machine
def test_members_of_a_value_a_missing_generic_method_returns(tmp_path):
    require_tool("mcs")
    write_tree(tmp_path, FILES)
    usages, report = build(tmp_path)
    got = {(u.line, u.member, u.definition_file) for u in usages if u.file == "Tests/BusTests.cs" and u.member}
    assert got == {
        (row('bus.Publish("a")'), "Publish", "Core/IBus.cs"),
        (row('bus.Send("b")'), "Send", "Core/IBus.cs"),
        (row('Publish("c")'), "Publish", "Core/IBus.cs"),
    }
