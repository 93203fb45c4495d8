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
# pattern was `^\s*using\s+(static\s+)?[\w.=\s]+;\s*$`: two adjacent quantifiers over
# blanks, so matching failed only after trying every split, quadratic in the run (8,000 blanks
# 3.3 s on this machine, 60,000 about 3 minutes, a 1 MB answer about 14 hours), on the host, in
# the evaluation's main process, before any time limit applies. Measured as the growth of the
# placing time from 2,000 to 16,000 blanks (about 8 when linear, 64 when quadratic), in a child
# interpreter so that a regression cannot hang the suite.
PLACE = '''
import json, sys
from crossfile_datasets.harness.class_runs import place_class
from tests.hostile.redteam2.conftest import growth
task = json.loads(sys.argv[1])
body = "\\n    public class Calc { public int Add(int a, int b) { return a + b; } }\\n```"
answer = lambda blanks: "```csharp\\nusing" + " " * blanks + body
placed = place_class(task, answer(10))
ratio = growth(lambda text: place_class(task, text), answer, 2000)
print(json.dumps({"ratio": ratio, "has_class": "public class Calc" in placed}))
'''


def test_a_blank_run_after_using_does_not_stall_the_class_evaluation(child):
    """Host hang (class evaluation, C#: ``place_class`` runs for every generation in
    ``evaluate_class``'s main loop, before the sandbox and outside every time limit).
    The child's time limit only stops a regression; the verdict is the growth ratio."""
    done = child(PLACE, json.dumps(TASK), timeout=300)
    assert not done.timed_out, "placing 16 kB answers did not end in 300 s"
    if done.returncode != 0:
        pytest.fail(f"the placing interpreter failed: {done.stderr[-2000:]}")
    found = done.last_json()
    assert found["has_class"] and found["ratio"] < 24, found
