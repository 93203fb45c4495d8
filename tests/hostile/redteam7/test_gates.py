"""The class build's gates place their wrong classes (the throwing stub, the one-method mutants)
through the evaluation's ``run_placed``, whose one-class rule (e411c47) refuses a C# answer that
holds conditional compilation. A variant the rule refuses is never compiled, and the gates read
"not compiled" as "judged": every refused mutant counts as caught. A class whose
body holds an ``#if`` (multi-targeting libraries write them: ``#if NETSTANDARD2_0``, ``#if
DEBUG``) is therefore published with a perfect mutant score from runs that never happened, and
its own reference class, which carries the same ``#if``, is refused at evaluation."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from crossfile_datasets.builders.classlevel.build import build_class_split
from crossfile_datasets.core.records import Repository
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.evaluation.classlevel import evaluate_class
from crossfile_datasets.sandbox.suites.csharp import nunit_framework
from tests.conftest import require_tool, write_tree
from tests.hostile.redteam5.test_csharp import FILES

pytestmark = [pytest.mark.mcs, pytest.mark.slow]

DIRECTIVE = "#if TRACE_CALLS\n            System.Console.WriteLine(\"Add\");\n#endif\n"
CALC = """namespace Demo
{
    public class Calc
    {
        public int Add(int a, int b)
        {
""" + DIRECTIVE + """            return Numbers.Sum(a, b);
        }

        public int Mul(int a, int b)
        {
            var r = 0;
            for (var i = 0; i < b; i++) r += a;
            return r;
        }
    }
}
"""
# red team 5's repository (tests `Assert.AreEqual(3, new Calc().Add(1, 2))` and
# `Assert.AreEqual(6, new Calc().Mul(2, 3))`), its class using a helper of another file (a class
# needs an external reference to become a task) and holding one inactive #if in a method body
REPO = {**FILES, "Calc/Calc.cs": CALC,
        "Calc/Numbers.cs": "namespace Demo\n{\n    public static class Numbers\n    {\n"
                           "        public static int Sum(int a, int b) { return a + b; }\n    }\n}\n"}


def test_a_class_with_conditional_compilation_is_judged_by_the_gates_and_its_reference_passes(tmp_path: Path):
    """Forged gate verdict (class build, C#) and a right answer failing (class evaluation): the
    build keeps the task with ``mutant_score`` 1.0 (every mutant "caught"), though none of them
    ran (``generations/answer_not_one_class`` counts them, as "should never be"; the throwing
    stub replaced the method bodies, lost the directive and ran); the published reference class is then refused
    (``answer_not_one_class: conditional compilation (#if)``), so every model that writes the
    class as the repository does fails, and a repository whose tests call the methods and check
    nothing keeps its task through every gate by adding an ``#if`` to a method body. The same reference without the
    directive passes (the control)."""
    require_tool("mcs")
    if nunit_framework() is None:
        pytest.fail("precondition: NUnit 2.6 is not installed (scripts/setup.sh installs it)")
    root = write_tree(tmp_path / "demo", REPO)
    report = BuildReport()
    records, _ = build_class_split("csharp", [Repository("demo", root, "", "", "MIT")], tmp_path / "out",
                                   allow_execution=True, report=report)
    task = next((r for r in records if r["class_name"] == "Calc"), None)
    if task is None or DIRECTIVE.strip() not in task["class_source"]:
        pytest.fail(f"precondition: no task for Calc with its #if: {[r['class_name'] for r in records]}")
    preds = tmp_path / "preds.jsonl"
    without = task["class_source"].replace(DIRECTIVE, "")
    preds.write_text(json.dumps({"task_id": task["id"], "generations": [task["class_source"], without]}) + "\n")
    rows = evaluate_class(tmp_path / "out" / "csharp" / "class.jsonl", preds, ks=(1,),
                          results_path=tmp_path / "log.jsonl")["generations"]
    if not rows[1]["passed"]:
        pytest.fail(f"control: the reference without its directive does not pass: {rows[1]}")
    refused = report.stage("generations").get("answer_not_one_class", 0)
    assert refused == 0, (refused, task["wrong_class_check"])
    assert rows[0]["passed"], rows[0]
