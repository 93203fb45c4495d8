"""C# members used on a value typed by a type parameter constrained to a project class (issue 28;
the shape of gautema/CQRSlite's ``Repository.Save<T>(T aggregate) where T : AggregateRoot``,
held-out 19, a tuning case since 2026-11-29g; fixture written for this test, checked with the
real mcs).

Emptied, ``AggregateRoot`` has no ``Id``, and mcs reports the member against the type parameter
("Type `T' does not contain a definition for `Id'"): the attribution looked ``T`` up among the
declared types only, so 7 first uses stayed ``usages/unattributed_CS1061``. The constraint of the
type parameter in scope (a method's, a class's, through another type parameter) now names the
type.
"""

from __future__ import annotations

import pytest

from tests.conftest import require_tool, write_tree
from tests.csharp.test_csharp_usages import PROJECT, build

pytestmark = pytest.mark.mcs

FILES = {
    "Events.csproj": PROJECT + "\n",
    "Domain/AggregateRoot.cs": """namespace Events.Domain
{
    public abstract class AggregateRoot
    {
        public int Id { get; set; }

        public int Version { get; protected set; }

        public void LoadFromHistory(int[] events)
        {
            Version = events.Length;
        }
    }
}
""",
    "Domain/INamed.cs": """namespace Events.Domain
{
    public interface INamed
    {
        string Name { get; }
    }
}
""",
    "Domain/Other.cs": """namespace Events.Domain
{
    public class Other
    {
        public int Id { get; set; }
    }
}
""",
    "App/Repository.cs": """using System.Collections.Generic;
using Events.Domain;

namespace Events.App
{
    public class Repository
    {
        private readonly Dictionary<int, int> _versions = new Dictionary<int, int>();

        public void Save<T>(T aggregate) where T : AggregateRoot, INamed
        {
            _versions[aggregate.Id] = aggregate.Version;
            System.Console.WriteLine(aggregate.Name);
        }

        public T Load<T>(int[] events) where T : AggregateRoot, new()
        {
            var aggregate = new T();
            aggregate.LoadFromHistory(events);
            return aggregate;
        }

        public int IdOf<T>(T value) where T : Other
        {
            return value.Id;
        }
    }

    public class Cache<TRoot, TItem> where TRoot : AggregateRoot where TItem : TRoot
    {
        public int Key(TItem item)
        {
            return item.Version;
        }
    }

    public class Holder<Other>
    {
        public Other Held;
    }
}
""",
}


def row(path: str, needle: str) -> int:
    return next(i for i, line in enumerate(FILES[path].split("\n"), 1) if needle in line)


@pytest.mark.slow  # real mcs builds of the fixture: 15-60 s on a loaded machine
def test_members_on_a_constrained_type_parameter(tmp_path):
    require_tool("mcs")
    write_tree(tmp_path, FILES)
    usages, report = build(tmp_path)
    repo = "App/Repository.cs"
    got = {(u.line, u.member, u.definition_file) for u in usages if u.file == repo and u.member}
    root = "Domain/AggregateRoot.cs"
    assert {
        (row(repo, "_versions[aggregate.Id]"), "Id", root),
        (row(repo, "_versions[aggregate.Id]"), "Version", root),
        (row(repo, "aggregate.Name"), "Name", "Domain/INamed.cs"),  # the interface constraint
        (row(repo, "aggregate.LoadFromHistory"), "LoadFromHistory", root),  # on a local `new T()`
        (row(repo, "item.Version"), "Version", root),  # through another type parameter
        (row(repo, "value.Id"), "Id", "Domain/Other.cs"),
    } <= got, sorted(got)
    # a class's type parameter named like a project type is the parameter, not the type (the
    # grammar gives a class's `<...>` no field name: only methods' were seen as type parameters)
    assert not any(u.line == row(repo, "public Other Held") for u in usages if u.file == repo)
    assert not any(k.startswith("usages/unattributed_CS1061") for k in report.counts), report.places
