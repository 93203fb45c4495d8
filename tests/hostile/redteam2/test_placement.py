"""Attacks on the host side of the class-level evaluation's placement (``place_class``): the model's
answer is text the host parses before anything runs in the sandbox."""

from __future__ import annotations

import json

import pytest

from tests.classlevel.test_csharp_runner import FILES

pytestmark = pytest.mark.slow

# A C# class task as the builder records it (the fixture's Calc, cut out of its file).
CALC_FILE = FILES["Calc/Calc.cs"]
START = CALC_FILE.index("    public class Calc")
END = CALC_FILE.index("    internal static class Helper")
TASK = {"id": "calc/csharp/class/1", "language": "csharp", "file": "Calc/Calc.cs", "class_name": "Calc",
        "file_without_class": CALC_FILE[:START] + CALC_FILE[END:], "insertion_offset": START}

# The answer opens with a `using` directive whose name is a long run of blanks (a degenerate
# generation; also legal C# when the name and `;` follow on the next line). The import-moving
# pattern _CSHARP_USING (`^\s*using\s+(static\s+)?[\w.=\s]+;\s*$`) has two adjacent
# quantifiers over blanks: matching fails only after trying every split, quadratic in the run
# (8,000 blanks 3.3 s on this machine, 60,000 about 3 minutes, a 1 MB answer about 14 hours),
# on the host, in the evaluation's main process, before any time limit applies.
PLACE = '''
import json, sys, time
from crossfile_datasets.evaluation.classlevel import place_class
task = json.loads(sys.argv[1])
answer = "```csharp\\nusing" + " " * 60000 + "\\n    public class Calc { public int Add(int a, int b) { return a + b; } }\\n```"
started = time.monotonic()
placed = place_class(task, answer)
print(json.dumps({"seconds": time.monotonic() - started, "has_class": "public class Calc" in placed}))
'''


@pytest.mark.xfail(strict=True, reason="red team 2026-11-27b: a C# answer opening with `using` and a long run of "
                                       "blanks makes _CSHARP_USING backtrack quadratically in place_class: the "
                                       "class evaluation hangs on the host (60,000 blanks ~3 min)", raises=AssertionError)
def test_a_blank_run_after_using_does_not_stall_the_class_evaluation(child):
    """Host hang (class evaluation, C#: ``place_class`` runs for every generation in
    ``evaluate_class``'s main loop, before the sandbox and outside every time limit)."""
    done = child(PLACE, json.dumps(TASK), timeout=15)
    assert not done.timed_out, "placing one 60 kB answer took more than 15 s"
    if done.returncode != 0:
        pytest.fail(f"the placing interpreter failed: {done.stderr[-2000:]}")
    found = done.last_json()
    assert found["has_class"] and found["seconds"] < 5, found
