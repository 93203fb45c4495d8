"""A ``: base(...)`` / ``: this(...)`` constructor initializer calling a project constructor names
no type: with the base class stubbed, mcs reports CS1729 there and no name can be located. That is
no lost use (nothing to complete; not labeled), so it is counted as ``usages/constructor_initializer``,
not as the loss ``usages/name_not_located`` (IdGen, held-out 13: ``: base(epoch, tickDuration)``).
Real mcs; fixture written for this project."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import write_tree
from tests.csharp.test_csharp_faults import checked
from crossfile_datasets.lang.csharp.usages import CSharpChecker

pytestmark = pytest.mark.mcs

CLOCK = """namespace Tick.Core
{
    public class Clock
    {
        public Clock(long epoch, int step) { Epoch = epoch; }
        public long Epoch { get; }
    }
}
"""
SLOW = """using Tick.Core;

namespace Tick.App
{
    public class SlowClock : Clock
    {
        public SlowClock(long epoch)
            : base(epoch, 2)
        {
        }

        public long Start() { return Epoch; }
    }
}
"""


def test_a_base_constructor_call_is_no_lost_name(tmp_path: Path):
    write_tree(tmp_path, {"Core/Clock.cs": CLOCK, "App/SlowClock.cs": SLOW})
    usages, report = checked(tmp_path, CSharpChecker())
    assert ("App/SlowClock.cs", "Epoch") in {(u.file, u.member) for u in usages}
    assert report.counts["usages/constructor_initializer"] == 1, dict(report.counts)
    assert report.samples["usages/constructor_initializer"][0].startswith("App/SlowClock.cs:8")
    assert "usages/name_not_located" not in report.counts, dict(report.counts)
