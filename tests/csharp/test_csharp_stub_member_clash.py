"""C# stand-ins of a missing assembly whose member is written both as a call and as a method
group (issue 28; the shape of Nustache's NUnit tests, ``Assert.AreEqual(...)`` beside
``Check(Assert.AreEqual, value)``, a tuning case since 2026-11-28e; fixture written for this
test, checked with the real mcs).

The method group was learnt as a field, the call as a method: the stand-in type declared both
(CS0102), so the preparation undid its whole members pass and no call on any stand-in of the
unit had its arguments checked (``m.Scale(2)`` inside ``Verify.Same(...)`` was invisible).
"""

from __future__ import annotations

import pytest

from crossfile_datasets.lang.csharp.external import StubMember, StubType
from tests.conftest import require_tool, write_tree
from tests.csharp.test_csharp_usages import PROJECT, build

FILES = {
    "Lib.csproj": PROJECT + "\n",
    "Lib/Meter.cs": """namespace Gauges
{
    public class Meter
    {
        public int Reading;

        public int Scale(int by)
        {
            return Reading * by;
        }
    }
}
""",
    "Tests/MeterTests.cs": """using System;
using Gauges;
using Checks.Missing;

namespace Gauges.Tests
{
    public class MeterTests
    {
        public void Compares(Action<object, object> compare, Meter m)
        {
            compare(1, m.Reading);
        }

        public void Reads()
        {
            var m = new Meter();
            Verify.Same(2, m.Scale(2));
            Compares(Verify.Same, m);
        }
    }
}
""",
}


def test_one_member_per_name_is_rendered():
    stub = StubType("Verify", 0, "class", {StubMember("Same", True, True), StubMember("Same", True, False),
                                           StubMember("Run", False, True), StubMember("Run", True, True),
                                           StubMember("Count", False, False)})
    assert sorted(stub.members_to_render(), key=lambda m: m.name) == [
        StubMember("Count", False, False), StubMember("Run", True, True), StubMember("Same", True, True)]
    assert stub.render().count(" Same(") == 2  # the params overload and the lambda one, no field
    face = StubType("IProbe", 0, "interface", {StubMember("Run", False, True), StubMember("Run", True, True)})
    assert face.render().count(" Run(") == 2  # the instance one (an interface renders no static member)


@pytest.mark.mcs
@pytest.mark.slow  # one real mcs build of the fixture: 15-60 s on a loaded machine
def test_arguments_of_a_stand_in_call_are_checked_beside_a_method_group(tmp_path):
    require_tool("mcs")
    write_tree(tmp_path, FILES)
    usages, report = build(tmp_path)
    got = {(u.line, u.member) for u in usages if u.file == "Tests/MeterTests.cs" and u.member}
    assert got == {(11, "Reading"), (17, "Scale")}
    assert report.metrics["checker/external_types_declared"] == 1
