"""A value made by a user-defined operator of an emptied type: ``var p = a - b; p.X``. Once the
struct is emptied mcs reports CS0019 ("Operator `-' cannot be applied to operands of type ...")
and gives ``p`` an error type, so nothing was reported at ``p.X`` and the operator's error was
counted ``unattributed_CS0019`` (praeclarum/NGraphics, held-out 21, a tuning case since
2026-11-30: ``Ellipse.cs`` ``var p = localPoint - frame.Center``). The type's operators come back
for the next round, as its indexer does. Real mcs; fixture written for this project."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import write_tree
from tests.csharp.test_csharp_faults import checked
from crossfile_datasets.lang.csharp.usages import CSharpChecker

pytestmark = pytest.mark.mcs

POINT = """namespace Geo
{
    public struct Spot
    {
        public double X;
        public double Y;
        public Spot(double x, double y) { X = x; Y = y; }
        public static Spot operator -(Spot a, Spot b) { return new Spot(a.X - b.X, a.Y - b.Y); }
        public static Spot operator -(Spot a) { return new Spot(-a.X, -a.Y); }
    }
}
"""
AREA = """using Geo;

namespace Shapes
{
    public class Ring
    {
        public bool Near(Spot here, Spot centre)
        {
            var d = here - centre;
            var back = -d;
            var far = d.X * d.X + d.Y * d.Y > 1;
            var shift = back.Y;
            return !far && shift < 0;
        }
    }
}
"""


def test_members_read_on_the_value_of_an_emptied_types_operator_are_uses(tmp_path: Path):
    write_tree(tmp_path, {"Geo/Spot.cs": POINT, "Shapes/Ring.cs": AREA})
    usages, report = checked(tmp_path, CSharpChecker())
    found = {(u.line, u.column, u.member) for u in usages if u.file == "Shapes/Ring.cs" and u.member}
    assert {(11, 24, "X"), (11, 36, "Y"), (12, 29, "Y")} <= found, found
    assert not any(key in ("usages/unattributed_CS0019", "usages/unattributed_CS0023") for key in report.counts), \
        dict(report.counts)
    assert report.counts["usages/operator_use"] >= 1
