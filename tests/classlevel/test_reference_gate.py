"""The class build never publishes a task whose own class the evaluation's one-class rule would
refuse (``builders.classlevel.build.reference_gate``, ``tasks/reference_refused``), and a gate's
wrong class that the rule refuses is never counted as caught (``tasks/gate_variant_refused``):
red team 2026-11-27g row 4 (``tests/hostile/redteam7/test_gates.py`` is the accepted side: a
class holding ``#if`` is judged by the gates and its reference passes)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from crossfile_datasets.builders.classlevel.build import _count_refused, build_class_split
from crossfile_datasets.core.records import Repository
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.sandbox.suites import SuiteRun, SuiteStatus
from crossfile_datasets.sandbox.suites.csharp import nunit_framework
from tests.conftest import require_tool, write_tree
from tests.hostile.redteam7.test_gates import CALC, DIRECTIVE, REPO


def _build_csharp(tmp_path: Path, files: dict) -> tuple[list, BuildReport]:
    require_tool("mcs")
    if nunit_framework() is None:
        pytest.fail("precondition: NUnit 2.6 is not installed (scripts/setup.sh installs it)")
    root = write_tree(tmp_path / "demo", files)
    report = BuildReport()
    records, _ = build_class_split("csharp", [Repository("demo", root, "", "", "MIT")], tmp_path / "out",
                                   allow_execution=True, report=report)
    return records, report


def test_a_refused_gate_variant_is_counted_and_not_caught():
    report = BuildReport()
    cand = SimpleNamespace(info=SimpleNamespace(file="Calc/Calc.cs", name="Calc"))
    refused = SuiteRun(SuiteStatus.COMPILE_FAILED, reason="answer_not_one_class: 2 top-level types (Calc, X), not one")
    assert _count_refused(refused, report, "demo:", cand) is True
    assert report.stage("tasks").get("gate_variant_refused") == 1
    assert report.stage("generations").get("answer_not_one_class") == 1
    assert _count_refused(SuiteRun(SuiteStatus.COMPILE_FAILED, reason="compile_failed: x"), report, "demo:", cand) is False


@pytest.mark.mcs
@pytest.mark.slow
def test_a_class_the_evaluation_would_refuse_is_not_published(tmp_path: Path):
    """A conditional on more symbols than the rule enumerates (``MAX_CONDITIONAL_SYMBOLS``): the
    evaluation would refuse the class as the repository writes it, so the build drops the task
    (counted) instead of publishing a task no right answer passes."""
    many = DIRECTIVE.replace("#if TRACE_CALLS", "#if A || B || C || D || E || F || G")
    records, report = _build_csharp(tmp_path, {**REPO, "Calc/Calc.cs": CALC.replace(DIRECTIVE, many)})
    assert [r["class_name"] for r in records if r["class_name"] == "Calc"] == []
    assert report.stage("tasks").get("reference_refused") == 1, report.stage("tasks")


SURROGATES = {
    "src/main/java/demo/Util.java": "package demo;\n\npublic final class Util {\n"
                                    "    public static String clean(String s) { return s.trim(); }\n}\n",
    "src/main/java/demo/Counter.java": r'''package demo;

public class Counter {
    private int total;
    private int high;

    public Counter add(String s) {
        if (s != null) {
            String t = Util.clean(s);
            total += t.length();
            for (int i = 0; i < t.length(); i++) {
                char c = t.charAt(i);
                if (c >= '\ud800' && c <= '\udbff') {  // a high surrogate, as nanojson's JsonTokener reads them
                    high++;
                }
            }
        }
        return this;
    }

    public int total() { return total; }

    public int high() { return high; }
}
''',
    "src/test/java/demo/CounterTest.java": r'''package demo;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class CounterTest {
    @Test
    public void counts() { assertEquals(2, new Counter().add(" ab ").total()); }

    @Test
    public void countsHighSurrogates() { assertEquals(1, new Counter().add("\uD83D\uDE00").high()); }

    @Test
    public void countsNothing() { assertEquals(0, new Counter().add(null).add("x").high()); }
}
''',
}


@pytest.mark.javac
@pytest.mark.slow
def test_a_class_with_a_lone_surrogate_escape_is_a_task_and_its_gold_passes(tmp_path: Path):
    """nanojson (held-out 13): a ``'\\ud800'`` literal made the one-class rule raise
    UnicodeEncodeError in the reference gate and the whole repository went to
    ``repositories/failed``; the evaluation's placement (``run_placed``) calls the same rule."""
    import json

    from crossfile_datasets.evaluation.classlevel import evaluate_class

    require_tool("javac")
    root = write_tree(tmp_path / "demo", SURROGATES)
    report = BuildReport()
    records, _ = build_class_split("java", [Repository("demo", root, "", "", "MIT")], tmp_path / "out",
                                   allow_execution=True, report=report)
    assert not report.stage("repositories"), report.stage("repositories")
    assert [r["class_name"] for r in records] == ["Counter"], (report.stage("tasks"), report.stage("classes"))
    assert "'\\ud800'" in records[0]["class_source"]
    preds = tmp_path / "preds.jsonl"
    preds.write_text(json.dumps({"task_id": records[0]["id"], "generations": [records[0]["class_source"]]}) + "\n")
    summary = evaluate_class(tmp_path / "out" / "java" / "class.jsonl", preds, ks=(1,))
    assert summary["results"]["java"]["pass@1"]["mean"] == 1.0


# SimpleBase's shape (held-out 17, tuning now): a pointer statement ``*p++ = x;`` in an unsafe
# method, valid C# that tree-sitter-c-sharp reads as an error; the reference gate dropped the class
# (``syntax error``) while the evaluation compiles such an answer and mcs accepts it
HEX = """namespace Demo
{
    public static class Hex
    {
        public static unsafe string Encode(byte[] bytes)
        {
            var chars = new char[bytes.Length * 2];
            fixed (char* start = chars)
            {
                char* p = start;
                foreach (var b in bytes)
                {
                    *p++ = Digits.Of(b >> 4);
                    *p++ = Digits.Of(b & 0x0F);
                }
            }
            return new string(chars);
        }

        public static int Width(byte[] bytes)
        {
            return Encode(bytes).Length + Digits.Of(0) - '0';
        }
    }
}
"""
UNSAFE = {
    "Hex/Hex.csproj": '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net472</TargetFramework>'
                      "<AllowUnsafeBlocks>true</AllowUnsafeBlocks></PropertyGroup></Project>\n",
    "Hex/Hex.cs": HEX,
    "Hex/Digits.cs": "namespace Demo\n{\n    public static class Digits\n    {\n"
                     "        public static char Of(int v) { return \"0123456789abcdef\"[v]; }\n    }\n}\n",
    "Hex.Tests/Hex.Tests.csproj": '<Project Sdk="Microsoft.NET.Sdk"><ItemGroup><ProjectReference Include="../Hex/Hex.csproj" />'
                                  "</ItemGroup></Project>\n",
    "Hex.Tests/HexTests.cs": """using NUnit.Framework;
namespace Demo.Tests
{
    [TestFixture]
    public class HexTests
    {
        [Test] public void EncodesTwoBytes() { Assert.AreEqual("0aff", Hex.Encode(new byte[] { 10, 255 })); }
        [Test] public void EncodesNothing() { Assert.AreEqual("", Hex.Encode(new byte[0])); }
        [Test] public void MeasuresWidth() { Assert.AreEqual(4, Hex.Width(new byte[] { 1, 2 })); }
        [Test] public void EncodesOneByte() { Assert.AreEqual("7f", Hex.Encode(new byte[] { 127 })); }
    }
}
""",
}


def test_braces_that_enclose_the_class_are_told_from_a_misplaced_end():
    """On fce2ed3 the class below is refused (``syntax error``) by the rule the reference gate and
    the evaluation share: no answer written like it could pass."""
    from crossfile_datasets.harness.class_runs import SYNTAX_ERROR, answer_refusal, braces_enclose_class
    from crossfile_datasets.harness.syntax import parser_for, ts_language

    task = {"language": "csharp", "class_name": "Hex"}
    cls = HEX[HEX.index("public static class"):HEX.rindex("}", 0, HEX.rindex("}")) + 1]
    assert parser_for(ts_language("csharp")).parse(cls.encode()).root_node.has_error  # `*p++ = ...;`
    assert answer_refusal(task, cls) is None
    assert braces_enclose_class(task, cls)
    short = "class Hex { unsafe void F(char* p) { *p++ = 'a'; } }"  # tree-sitter ends the class early
    assert answer_refusal(task, short) is None
    # a syntax error does not carry a second type, nor a brace the compiler reads outside the class
    assert answer_refusal(task, short + " class Assert { }") is not None
    assert answer_refusal(task, short[:-1] + "} }") == SYNTAX_ERROR
    assert answer_refusal(task, short[:-1]) is not None
    assert answer_refusal(task, short[:-1] + "// }\n") is not None
    assert answer_refusal(task, short[:-1] + "/* } */ } public class Assert { }") is not None
    assert answer_refusal(task, short[:-1] + "void G() { var s = @\"}\"\"\"; }\n} class Assert { }") is not None
    assert not braces_enclose_class(task, cls[:-1])  # the class's last `}` left outside
    assert not braces_enclose_class(task, cls + "\n}")
    assert not braces_enclose_class(task, "public class Hex { } public class B { }")
    assert braces_enclose_class(task, 'class Hex { string s = "}"; /* } */ char c = \'{\'; }')
    assert braces_enclose_class({"language": "java", "class_name": "A"}, 'class A { String s = "}"; }')


@pytest.mark.mcs
@pytest.mark.slow
def test_a_class_tree_sitter_cannot_read_but_the_compiler_accepts_is_a_task(tmp_path: Path):
    """On fce2ed3 Hex is ``tasks/reference_refused`` ("syntax error ..."), the repository gives no
    task (and the evaluation would refuse the reference: ``answer_not_one_class: syntax error ...,
    and the compiler accepted it``); now it is a task and its reference passes."""
    import json

    from crossfile_datasets.evaluation.classlevel import evaluate_class

    records, report = _build_csharp(tmp_path, UNSAFE)
    assert [r["class_name"] for r in records] == ["Hex"], (report.stage("tasks"), report.stage("classes"))
    assert not report.stage("tasks").get("reference_refused"), report.stage("tasks")
    # the throwing stub replaces the bodies tree-sitter could not read: the gates judged the task
    assert records[0]["wrong_class_check"]["checked"], records[0]["wrong_class_check"]
    assert records[0]["wrong_class_check"]["mutants_run"] > 0, records[0]["wrong_class_check"]
    preds = tmp_path / "preds.jsonl"
    preds.write_text(json.dumps({"task_id": records[0]["id"], "generations": [records[0]["class_source"]]}) + "\n")
    summary = evaluate_class(tmp_path / "out" / "csharp" / "class.jsonl", preds, ks=(1,))
    assert summary["results"]["csharp"]["pass@1"]["mean"] == 1.0
