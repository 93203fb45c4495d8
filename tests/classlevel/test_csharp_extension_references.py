"""C# extension methods called in member position are external references of the class split
(held-out 18: Tiny-JSON's JsonBuilder called `value.GetType().IsNumeric()` of its own
`JsonExtensions` and had `no_external_reference`; 0 tasks), unless the extended type has a
member of that name, which the call reaches instead (`sb.Clear()` on a StringBuilder)."""
from __future__ import annotations

import shutil

import pytest

from crossfile_datasets.analyzers.graph import ScopeResolver, build_graph
from crossfile_datasets.builders.classlevel.candidates import external_references
from crossfile_datasets.core.records import SourceFile
from crossfile_datasets.lang import Lang, get_language
from crossfile_datasets.lang.classes import extractor_for
from crossfile_datasets.lang.csharp.extensions import FrameworkMembers, framework_members

FILES = {
    "Gauges/Ext.cs": (
        "using System;\nusing System.Text;\n\nnamespace Gauges {\n"
        "    public static class DialExtensions {\n"
        "        /// <summary>whether a value type is a dial reading</summary>\n"
        "        public static bool IsReading(this Type type) { return type == typeof(int); }\n"
        "        public static int Turned(this Dial dial, int by) { return dial.Position + by; }\n"
        "        public static int Reset(this Dial dial) { return 0; }\n"
        "        public static void Clear(this StringBuilder sb) { sb.Length = 0; }\n"
        "    }\n"
        "    public class Dial {\n        public int Position;\n        public int Reset() { return Position = 0; }\n    }\n}\n"),
    "Gauges/Panel.cs": (
        "using System;\nusing System.Text;\n\nnamespace Gauges {\n"
        "    public class Panel {\n"
        "        private readonly StringBuilder sb = new StringBuilder();\n"
        "        public bool Shows(object value) { return value != null && value.GetType().IsReading(); }\n"
        "        public int Step(Dial d) { return d.Turned(1); }\n"
        "        public int Zero(Dial d) { sb.Clear(); return d.Reset(); }\n"
        "    }\n}\n"),
}


def _refs(runner=None):
    facts = get_language(Lang.CSHARP).analyze_files("/nonexistent", [SourceFile(p, t) for p, t in FILES.items()])
    graph = build_graph("r", "csharp", facts, [])
    if runner is not None:
        from crossfile_datasets.lang.csharp import extensions

        extensions._FRAMEWORK[graph] = FrameworkMembers(runner)
    [info] = extractor_for(Lang.CSHARP)(facts["Gauges/Panel.cs"])
    refs = external_references(info, facts["Gauges/Panel.cs"], graph, ScopeResolver(facts, graph))
    return [(r.name, r.symbol, r.used_in) for r in refs], graph


def test_extension_methods_called_on_an_object_are_external_references():
    """`IsReading` (on System.Type, which has no such member: the probe says CS1061) and `Turned`
    (on a repository type without one) count; `Reset` loses to Dial's own method and `Clear` to
    StringBuilder's (the probe says the member exists)."""
    asked = []

    def runner(text, first_row):
        asked.append(text)
        probes = [line for line in text.splitlines() if "static void P" in line]
        return {i: ({"CS1061"} if ".IsReading;" in p else {"CS0815"}) for i, p in enumerate(probes)}

    refs, _ = _refs(runner)
    assert refs == [  # by line of first use
        ("IsReading", "DialExtensions.IsReading", ("Shows",)),
        ("Dial", "Dial", ("Step", "Zero")),
        ("Turned", "DialExtensions.Turned", ("Step",)),
    ]
    assert asked and all("x.Reset" not in a and "x.Turned" not in a for a in asked)  # repository types: read


def test_a_probe_that_cannot_answer_leaves_the_call_counted():
    refs, _ = _refs(lambda text, first_row: None)
    names = {r[1] for r in refs}
    assert {"DialExtensions.IsReading", "DialExtensions.Turned", "DialExtensions.Clear"} <= names
    assert "DialExtensions.Reset" not in names


@pytest.mark.skipif(shutil.which("mcs") is None, reason="needs mcs")
def test_the_framework_probe_asks_mcs():
    probe = FrameworkMembers()
    got = probe.lookup(("using System;",), [("System.Text.StringBuilder", "", "Clear"), ("Type", "", "IsReading"),
                                            ("Type", "", "IsGenericType"), ("Nowhere.Gadget", "", "Spin"),
                                            ("x) { } class Y { void Z(int", "", "Q")])
    assert got == {("System.Text.StringBuilder", "", "Clear"): True, ("Type", "", "IsReading"): False,
                   ("Type", "", "IsGenericType"): True, ("Nowhere.Gadget", "", "Spin"): None,
                   ("x) { } class Y { void Z(int", "", "Q"): None}
    refs, graph = _refs()
    assert isinstance(framework_members(graph), FrameworkMembers)
    assert {r[1] for r in refs} == {"Dial", "DialExtensions.IsReading", "DialExtensions.Turned"}
