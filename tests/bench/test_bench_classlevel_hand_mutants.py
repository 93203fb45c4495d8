"""The bench's hand mutants go to the task whose class source holds them, not to the first task of
that class name (held-out 21: Faithlife.Parsing's partial class ``Parser`` was six tasks; both
mutants written for Parser-Repeat.cs went to Parser-Char.cs's task, where ``old`` is not, and
counted as not applied)."""
from __future__ import annotations

import json

from bench.bench_classlevel import hand_mutants


def test_a_hand_mutant_goes_to_the_task_that_holds_it(tmp_path):
    tasks = [
        {"id": "r/csharp/class/0", "repository": "o/Parsing", "class_name": "Parser", "file": "src/Parser-Char.cs",
         "class_source": "static partial class Parser { static int Char() { return 1; } }"},
        {"id": "r/csharp/class/1", "repository": "o/Parsing", "class_name": "Parser", "file": "src/Parser-Repeat.cs",
         "class_source": "static partial class Parser { static int Repeat(int n) { return n > 0 ? n : 0; } }"},
        {"id": "r/csharp/class/2", "repository": "o/Parsing", "class_name": "Parser", "file": "src/Parser-Or.cs",
         "class_source": "static partial class Parser { static int Or(int n) { return n > 0 ? n : 1; } }"},
    ]
    manifest = tmp_path / "m.jsonl"
    manifest.write_text(json.dumps({"repo": "o/Parsing", "hand_mutants": [
        {"class": "Parser", "old": "n > 0 ? n : 0", "new": "n >= 0 ? n : 0"},  # only in Parser-Repeat.cs
        {"class": "Parser", "file": "src/Parser-Or.cs", "old": "n > 0", "new": "n < 0"},  # twice: the file says where
        {"class": "Parser", "old": "n > 0", "new": "n < 0"},  # in two tasks, no file: the first that holds it once
        {"class": "Parser", "old": "return 7;", "new": "return 8;"},  # nowhere: not applied
    ]}) + "\n")
    rows, counts = hand_mutants(tasks, manifest)
    by_task = {r["task_id"]: r["generations"] for r in rows}
    assert by_task["r/csharp/class/1"][0] == tasks[1]["class_source"].replace("n > 0 ? n : 0", "n >= 0 ? n : 0")
    assert by_task["r/csharp/class/2"] == [tasks[2]["class_source"].replace("n > 0", "n < 0")]
    assert by_task["r/csharp/class/1"][1] == tasks[1]["class_source"].replace("n > 0", "n < 0")
    assert "r/csharp/class/0" not in by_task
    assert counts == {"Parsing:applied": 3, "Parsing:not_applied": 1}
