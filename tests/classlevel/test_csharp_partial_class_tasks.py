"""A C# partial class declared in several files is one class, so one task (held-out 21:
Faithlife.Parsing's ``public static partial class Parser`` over 10 files gave six tasks, all named
``Parser``, one per file). The part whose methods its tests run most is the task; each other part
is counted ``classes/partial_class_other_part`` and stays in its file as context."""
from __future__ import annotations

from crossfile_datasets.analyzers.graph import build_graph
from crossfile_datasets.builders.classlevel.candidates import Thresholds, select_candidates
from crossfile_datasets.core.records import SourceFile
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.lang import Lang, get_language
from crossfile_datasets.lang.classes import extractor_for
from crossfile_datasets.sandbox.suites import SuiteRun, SuiteStatus
from crossfile_datasets.sandbox.suites import TestOutcome as Outcome
from crossfile_datasets.sandbox.suites import TestResult as Result


def _part(name: str, methods: list[str]) -> str:
    body = "".join(f"        public static int {m}(string s)\n        {{\n            return Text.Len(s) + {i};\n        }}\n"
                   for i, m in enumerate(methods))
    return f"namespace Lib\n{{\n    public static partial class Parser\n    {{\n{body}    }}\n}}\n"


FILES = {
    "Lib/Text.cs": "namespace Lib\n{\n    public static class Text\n    {\n"
                   "        public static int Len(string s) { return s.Length; }\n    }\n}\n",
    "Lib/Parser-Char.cs": _part("Char", ["Letter", "Digit", "Space"]),
    "Lib/Parser-Or.cs": _part("Or", ["Either", "Other"]),
    # another namespace's `Parser`: another class, its own task
    "Other/Parser.cs": "namespace Other\n{\n    public partial class Parser\n    {\n"
                       "        public int Run(string s)\n        {\n            return Lib.Text.Len(s);\n        }\n"
                       "        public int Again(string s)\n        {\n            return Lib.Text.Len(s) + 1;\n        }\n"
                       "    }\n}\n",
    "Tests/ParserTests.cs": "using NUnit.Framework;\nusing Lib;\nnamespace Lib.Tests\n{\n    [TestFixture]\n"
                            "    public class ParserTests\n    {\n"
                            "        [Test] public void Letters() { Assert.AreEqual(1, Parser.Letter(\"a\") + Parser.Digit(\"\") + Parser.Space(\"\")); }\n"
                            "        [Test] public void Digits() { Assert.AreEqual(1, Parser.Digit(\"a\") + Parser.Either(\"\")); }\n"
                            "        [Test] public void Ors() { Assert.AreEqual(1, Parser.Either(\"a\") + Parser.Other(\"\")); }\n"
                            "        [Test] public void Runs() { Assert.AreEqual(1, new Other.Parser().Run(\"a\") + new Other.Parser().Again(\"\")); }\n"
                            "        [Test] public void RunsAgain() { Assert.AreEqual(2, new Other.Parser().Again(\"a\")); }\n"
                            "    }\n}\n",
}


def _method_lines(path: str) -> dict[str, set[int]]:
    lines = FILES[path].splitlines()
    out: dict[str, set[int]] = {}
    for i, line in enumerate(lines):
        if "public static int" in line or "public int" in line:
            name = line.split("(")[0].split()[-1]
            out[name] = {i + 1, i + 2, i + 3, i + 4}
    return out


def test_a_partial_class_over_several_files_is_one_task():
    language = get_language(Lang.CSHARP)
    facts = language.analyze_files("/nonexistent", [SourceFile(p, t) for p, t in FILES.items()])
    graph = build_graph("r", "csharp", facts, [])
    classes = [c for f in ("Lib/Text.cs", "Lib/Parser-Char.cs", "Lib/Parser-Or.cs", "Other/Parser.cs")
               for c in extractor_for(Lang.CSHARP)(facts[f])]
    char, orp, other = _method_lines("Lib/Parser-Char.cs"), _method_lines("Lib/Parser-Or.cs"), _method_lines("Other/Parser.cs")
    t = "Lib.Tests.ParserTests."
    per_test = {
        t + "Letters": {"Lib/Parser-Char.cs": char["Letter"] | char["Digit"] | char["Space"], "Lib/Text.cs": {5}},
        t + "Digits": {"Lib/Parser-Char.cs": char["Digit"], "Lib/Parser-Or.cs": orp["Either"], "Lib/Text.cs": {5}},
        t + "Ors": {"Lib/Parser-Or.cs": orp["Either"] | orp["Other"], "Lib/Text.cs": {5}},
        t + "Runs": {"Other/Parser.cs": other["Run"] | other["Again"], "Lib/Text.cs": {5}},
        t + "RunsAgain": {"Other/Parser.cs": other["Again"], "Lib/Text.cs": {5}},
    }
    suite = SuiteRun(SuiteStatus.OK, [Result(k, Outcome.PASSED, 0.1) for k in per_test], per_test_coverage=per_test)
    report = BuildReport()
    cands = select_candidates(Lang.CSHARP, language, facts, classes, suite, graph, Thresholds(), report, "r:")
    # one task for Lib.Parser (the part whose 3 methods run: Parser-Char.cs), Other.Parser apart
    assert sorted((c.info.file, c.info.name) for c in cands) == [("Lib/Parser-Char.cs", "Parser"), ("Other/Parser.cs", "Parser")]
    assert report.samples["classes/partial_class_other_part"] == [
        "r:Lib/Parser-Or.cs::Parser: the task is the part in Lib/Parser-Char.cs (3 methods run, 2 tests); "
        "this part (2 run) stays as its context"]
    # each class counted once: selected or a reason
    assert report.stage("classes")["selected"] == 2
    assert sum(report.stage("classes").values()) == len(classes)
