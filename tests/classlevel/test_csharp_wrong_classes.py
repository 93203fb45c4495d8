"""C# wrong classes (lang/csharp/wrong_classes.py) and the class-level build on a repository shaped
like the one of issue 34: tests inherited from a generic base fixture
(``Int16ConverterTest : BaseConverterTest<short>``) were never selected on 8abb920, so the task's
only expected test did not call the conversion and a stub whose conversion throws passed it."""
from __future__ import annotations

import json
import subprocess

import pytest

from crossfile_datasets.builders.classlevel.build import build_class_split, count_adjustments
from crossfile_datasets.core.records import Repository, SourceFile
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.evaluation.classlevel import evaluate_class
from crossfile_datasets.lang import Lang, get_language
from crossfile_datasets.lang.classes import extractor_for
from crossfile_datasets.sandbox.suites import SuiteRun, SuiteStatus
from crossfile_datasets.sandbox.suites.csharp import nunit_framework
from tests.conftest import require_tool, write_tree

CONVERTERS = {
    "TinyCsv/TinyCsv.csproj": '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>netstandard2.0'
                              "</TargetFramework></PropertyGroup></Project>\n",
    "TinyCsv/TypeConverter/ITypeConverter.cs": """namespace TinyCsv.TypeConverter
{
    public interface ITypeConverter<T>
    {
        bool TryConvert(string value, out T result);
    }
}
""",
    "TinyCsv/TypeConverter/BaseConverter.cs": """namespace TinyCsv.TypeConverter
{
    public abstract class BaseConverter<T> : ITypeConverter<T>
    {
        public bool TryConvert(string value, out T result)
        {
            if (string.IsNullOrWhiteSpace(value))
            {
                result = default(T);
                return false;
            }
            return InternalConvert(value.Trim(), out result);
        }

        protected abstract bool InternalConvert(string value, out T result);
    }
}
""",
    "TinyCsv/TypeConverter/Int16Converter.cs": """using System.Globalization;

namespace TinyCsv.TypeConverter
{
    public class Int16Converter : BaseConverter<short>
    {
        private readonly NumberStyles styles;

        public Int16Converter() : this(NumberStyles.Integer) { }

        public Int16Converter(NumberStyles styles) { this.styles = styles; }

        protected override bool InternalConvert(string value, out short result)
        {
            if (value.Length > 6)
            {
                result = 0;
                return false;
            }
            return short.TryParse(value, styles, CultureInfo.InvariantCulture, out result);
        }
    }
}
""",
    "TinyCsv.Test/TinyCsv.Test.csproj": '<Project Sdk="Microsoft.NET.Sdk"><ItemGroup>'
                                        '<PackageReference Include="NUnit" Version="3.11.0" />'
                                        '<ProjectReference Include="../TinyCsv/TinyCsv.csproj" /></ItemGroup></Project>\n',
    "TinyCsv.Test/TypeConverter/BaseConverterTest.cs": """using System;
using NUnit.Framework;
using TinyCsv.TypeConverter;

namespace TinyCsv.Test.TypeConverter
{
    public abstract class BaseConverterTest<T>
    {
        protected abstract ITypeConverter<T> Converter { get; }
        protected abstract Tuple<string, T>[] SuccessTestData { get; }
        protected abstract string[] FailTestData { get; }

        [Test]
        public void Success()
        {
            foreach (var row in SuccessTestData)
            {
                T result;
                Assert.IsTrue(Converter.TryConvert(row.Item1, out result), row.Item1);
                Assert.AreEqual(row.Item2, result);
            }
        }

        [Test]
        public void Fail()
        {
            foreach (var value in FailTestData)
            {
                T result;
                Assert.IsFalse(Converter.TryConvert(value, out result), value);
            }
        }
    }
}
""",
    "TinyCsv.Test/TypeConverter/Int16ConverterTest.cs": """using System;
using NUnit.Framework;
using TinyCsv.TypeConverter;

namespace TinyCsv.Test.TypeConverter
{
    [TestFixture]
    public class Int16ConverterTest : BaseConverterTest<short>
    {
        protected override ITypeConverter<short> Converter { get { return new Int16Converter(); } }

        protected override Tuple<string, short>[] SuccessTestData
        {
            get { return new[] { Tuple.Create("-32768", short.MinValue), Tuple.Create(" 12 ", (short)12), Tuple.Create("0", (short)0) }; }
        }

        protected override string[] FailTestData { get { return new[] { "", "a", "40000", "1234567" }; } }

        [Test]
        public void Creates() { Assert.IsNotNull(new Int16Converter()); }
    }
}
""",
}


def _info(source: str, name: str):
    lang = get_language(Lang.CSHARP)
    facts = lang.analyze_files("/r", [SourceFile("A.cs", source)])
    return next(c for c in extractor_for(Lang.CSHARP)(facts["A.cs"]) if c.name == name)


SHAPES = """namespace Shapes
{
    /// <summary>A counter.</summary>
    [System.Serializable]
    public class Counter : System.IDisposable
    {
        private int count = 1;
        public Counter(int start) : this() { count = start; }
        public Counter() { }
        public int Count { get { return count; } set { count = value; } }
        public int Twice => count * 2;
        public bool Big(int limit) { if (count > limit && limit != 0) { Log(); return true; } return false; }
        public static Counter operator +(Counter a, Counter b) => new Counter(a.count + b.count);
        public void Dispose() { count--; }
        ~Counter() { }
        private void Log() { System.Console.WriteLine(count); }
        public class Nested { public int Keep() { return 1; } }
    }
}
"""


def test_throwing_stub_keeps_the_interface_and_throws_everywhere():
    info = _info(SHAPES, "Counter")
    stub = get_language(Lang.CSHARP).throwing_stub(info)
    throw = 'throw new System.NotImplementedException("throwing stub: the class-level wrong-class gate")'
    assert stub.startswith("/// <summary>A counter.</summary>\n    [System.Serializable]\n    public class Counter")
    assert "private int count = 1;" in stub and "public Counter(int start) : this() { " + throw + "; }" in stub
    assert "public int Count { get { " + throw + "; } set { " + throw + "; } }" in stub
    assert "public int Twice => " + throw + ";" in stub
    assert "public static Counter operator +(Counter a, Counter b) => " + throw + ";" in stub
    assert "~Counter() { }" in stub  # a throwing finalizer would end the test process
    assert "public int Keep() { return 1; }" in stub  # nested types stay as written
    assert stub.count(throw) == 9


def test_mutants_change_one_method_each_and_compile(tmp_path):
    info = _info(SHAPES, "Counter")
    wrong = get_language(Lang.CSHARP).method_mutants(info, ["Big", "Dispose", "Counter"], limit=12, seed=0)
    assert len(wrong) == 10 and len({w.source for w in wrong}) == 10  # every change there is
    assert [w.method for w in wrong[:3]] == ["Big", "Dispose", "Counter"]  # round robin
    ops = {w.description.rsplit("(", 1)[1].rstrip(")") for w in wrong}
    assert {"comparison", "logical", "remove_call", "increment", "remove_assignment"} <= ops, ops
    assert all(w.source != info.source for w in wrong)
    require_tool("mcs")
    for n, w in enumerate(wrong):  # each compiles: the gate counts a mutant that does not as caught
        path = tmp_path / f"m{n}.cs"
        path.write_text(w.source, encoding="utf-8")
        res = subprocess.run(["mcs", "-target:library", f"-out:{tmp_path / f'm{n}.dll'}", str(path)],
                             capture_output=True, text=True)
        assert res.returncode == 0, (w.description, res.stdout)


def test_left_out_declarations_are_counted():
    suite = SuiteRun(SuiteStatus.OK, adjustments={
        "left_out_library_files": ["src/Proxy.cs: Castle"], "left_out_files": ["t/MockTests.cs: Moq"],
        "left_out_projects": ["web/Web.Tests.csproj: compile_failed: X"],
        "left_out_tests": ["Ns.MockTests.M: Moq", "Ns.T.Named: TestAdapter.MethodName"],
        "host_files": ["host_files/symlink: T/Data/x.txt"]})
    report = BuildReport()
    count_adjustments(suite, None, report, "repo")
    assert report.stage("suites") == {"library_file_left_out": 1, "test_file_left_out": 1, "test_project_left_out": 1}
    assert report.stage("tests") == {"left_out_not_compiling": 2}
    assert report.stage("host_files") == {"symlink": 1}
    # Java's left-out sources have their own key: a C# test file is never counted twice
    java = BuildReport()
    count_adjustments(SuiteRun(SuiteStatus.OK, adjustments={"left_out_sources": ["src/A.java: missing symbol: B"]}),
                      None, java, "repo")
    assert java.stage("suites") == {"file_left_out": 1}


@pytest.mark.mcs
@pytest.mark.slow
def test_inherited_generic_fixture_tests_judge_the_class_and_a_throwing_stub_fails(tmp_path):
    require_tool("mcs")
    if nunit_framework() is None:
        pytest.skip("NUnit 2.6 is not installed")
    root = write_tree(tmp_path / "tinycsv", CONVERTERS)
    records, stats = build_class_split("csharp", [Repository("tinycsv", root, "", "", "MIT")], tmp_path / "out",
                                       allow_execution=True, report=BuildReport())
    task = next(r for r in records if r["class_name"] == "Int16Converter")
    inherited = {"TinyCsv.Test.TypeConverter.Int16ConverterTest.BaseConverterTest`1.Success",
                 "TinyCsv.Test.TypeConverter.Int16ConverterTest.BaseConverterTest`1.Fail"}
    assert inherited <= set(task["expected_to_pass"]), task["expected_to_pass"]
    assert task["wrong_class_check"]["checked"] and task["wrong_class_check"]["mutants_run"] > 0
    assert task["mutant_score"] >= 0.5, task["wrong_class_check"]
    stub = get_language(Lang.CSHARP).throwing_stub(_info(CONVERTERS["TinyCsv/TypeConverter/Int16Converter.cs"],
                                                         "Int16Converter"))
    preds = tmp_path / "p.jsonl"
    broken = "public class Int16Converter : BaseConverter<short> { protected override bool InternalConvert( }"
    preds.write_text(json.dumps({"task_id": task["id"], "generations": [task["class_source"], stub, broken]}) + "\n")
    split = tmp_path / "out" / "csharp" / "class.jsonl"
    rows = evaluate_class(split, preds, ks=(1,))["generations"]
    assert [r["passed"] for r in rows] == [True, False, False]
    assert rows[1]["tests_passed"] == 0  # every expected test calls the conversion or the constructor
    # a class that does not compile is not compiled, though the runner would leave its file out
    assert [r["compiled"] for r in rows] == [True, True, False] and rows[2]["status"] == "compile_failed"
    assert "Int16Converter.cs" in rows[2]["detail"]


def test_a_class_file_the_runner_left_out_did_not_compile():
    from crossfile_datasets.harness.class_runs import _class_file_not_compiled

    task = {"file": "src/A.cs"}
    ok = SuiteRun(SuiteStatus.OK, adjustments={"left_out_library_files": ["src/B.cs: Castle"]})
    assert _class_file_not_compiled(task, ok) is None
    lost = SuiteRun(SuiteStatus.OK, adjustments={"left_out_library_files": ["src/A.cs: CS1525: Unexpected symbol"]})
    failed = _class_file_not_compiled(task, lost)
    assert failed.status is SuiteStatus.COMPILE_FAILED and failed.reason == "compile_failed: src/A.cs: CS1525: Unexpected symbol"
    broken = SuiteRun(SuiteStatus.COMPILE_FAILED, reason="compile_failed: A.cs(1)")
    assert _class_file_not_compiled(task, broken) is broken
