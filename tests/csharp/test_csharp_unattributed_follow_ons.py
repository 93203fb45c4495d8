"""Follow-on errors whose message names nothing are not losses when the use they follow from is
found (issue 28; the shapes of amibar/SmartThreadPool, held-out 18, and gautema/CQRSlite,
held-out 19, both tuning cases; fixture written for this test, real mcs).

- CS0131 "The left-hand side of an assignment must be a variable, a property or an indexer":
  after ``new Pool(1)`` failed on the emptied (abstract) class, mcs's recovery reports
  ``pool.MaxQueueLength = 0``; a later round finds ``MaxQueueLength`` at that line. The member the
  assignment writes is now read from the source, so the diagnostic is
  ``usages/unattributed_found_elsewhere`` (a note), not ``unattributed_CS0131`` (a loss).
"""

from __future__ import annotations

import pytest

from tests.conftest import require_tool, write_tree
from tests.csharp.test_csharp_usages import PROJECT, build

pytestmark = pytest.mark.mcs

FILES = {
    "Pools.csproj": PROJECT + "\n",
    "Core/Pool.cs": """namespace Pools.Core
{
    public class Pool
    {
        public Pool(int size)
        {
            MaxQueueLength = size;
        }

        public int MaxQueueLength { get; set; }
    }
}
""",
    "App/Runner.cs": """using Pools.Core;

namespace Pools.App
{
    public class Runner
    {
        public int Run()
        {
            var pool = new Pool(1);
            pool.MaxQueueLength = 0;
            return pool.MaxQueueLength;
        }
    }
}
""",
}


@pytest.mark.slow  # real mcs builds of the fixture
def test_an_assignment_after_a_failed_construction_is_a_follow_on(tmp_path):
    require_tool("mcs")
    write_tree(tmp_path, FILES)
    usages, report = build(tmp_path)
    runner = "App/Runner.cs"
    line = next(i for i, text in enumerate(FILES[runner].split("\n"), 1) if "pool.MaxQueueLength = 0" in text)
    assert (line, "MaxQueueLength") in {(u.line, u.member) for u in usages if u.file == runner}
    assert "usages/unattributed_CS0131" not in report.counts, report.places
    assert f"{runner}:{line}" in report.places.get("usages/unattributed_found_elsewhere", []), report.places
