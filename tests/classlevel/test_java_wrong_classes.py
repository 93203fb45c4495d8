"""Wrong versions of a Java class for the class-level wrong-class gate (lang/java/wrong_classes.py):
the throwing stub keeps everything but the bodies; mutants change one thing in one method; every
one of them compiles (real javac)."""
from __future__ import annotations

import re

import pytest

from crossfile_datasets.analyzers.run import run
from crossfile_datasets.core.records import SourceFile
from crossfile_datasets.lang import Lang, get_language
from crossfile_datasets.lang.classes import extractor_for
from crossfile_datasets.lang.java.wrong_classes import THROW

BASE = "package demo;\npublic abstract class Base { abstract void x(); }\n"
COUNTER = '''package demo;

import java.util.List;

/** A counter. */
@Deprecated
public class Counter extends Base {
    private final int start;
    private int total = 0;
    static { System.getProperty("x"); }
    public Counter() { this(0); }
    public Counter(int t) { super(); start = t; total = t; }
    public Counter add(String s) {
        if (s.length() > 2 && s != null) { total += s.length() - 1; }
        for (int i = 0; i < 3; i++) { log(i); }
        int k = 5;
        k--;
        while (true) { break; }
        switch (total) { case 1: return this; default: }
        return this;
    }
    public boolean big() { return total >= 10 * 2 || start == 1; }
    public <T> T first(List<T> xs) { return xs.isEmpty() ? null : xs.get(0); }
    void log(int i) { total |= i; }
    void x() { }
    class Inner { int y() { return 1; } }
}
'''


def _info():
    lang = get_language(Lang.JAVA)
    ff = lang.analyze_files("/nonexistent", [SourceFile("src/demo/Counter.java", COUNTER)])["src/demo/Counter.java"]
    [info] = extractor_for(Lang.JAVA)(ff)
    return lang, info


def test_throwing_stub_keeps_the_interface_and_throws_everywhere():
    lang, info = _info()
    stub = lang.throwing_stub(info)
    assert stub.count(THROW) == 7  # two constructors, five methods (the nested class's method stays)
    assert "public Counter() { this(0); " + THROW in stub  # the this(...) call stays first
    assert "public Counter(int t) { super(); " + THROW in stub
    for kept in ("/** A counter. */", "@Deprecated", "private final int start;", "static { System.getProperty",
                 "public <T> T first(List<T> xs)", "class Inner { int y() { return 1; } }"):
        assert kept in stub
    assert "total += s.length()" not in stub


def test_mutants_change_one_thing_in_the_methods_asked_for():
    lang, info = _info()
    mutants = lang.method_mutants(info, ["add", "big"], limit=100, seed=0)
    assert {m.method for m in mutants} == {"add", "big"} and all(m.kind == "mutant" for m in mutants)
    assert [m.method for m in mutants[:4]] == ["add", "big", "add", "big"]  # round robin
    assert len({m.source for m in mutants}) == len(mutants) and info.source not in {m.source for m in mutants}
    operators = {re.search(r"\((\w+)\)$", m.description).group(1) for m in mutants}
    assert operators == {"constant", "comparison", "logical", "arithmetic", "negated_if", "increment",
                         "negated_return", "removed_call"}
    described = " | ".join(m.description for m in mutants)
    assert "i++ " not in described and "++ -> --" not in described.replace("k--", "")  # no for-loop update
    assert "case" not in described and "true -> false" not in described  # case labels, loop conditions
    assert "line 14:" in described  # lines of the file
    # reproducible, and another seed gives another order
    assert [m.source for m in lang.method_mutants(info, ["add", "big"], limit=5, seed=0)] == \
        [m.source for m in mutants[:5]]
    assert [m.source for m in lang.method_mutants(info, ["add"], limit=5, seed=1)] != \
        [m.source for m in lang.method_mutants(info, ["add"], limit=5, seed=0)]


@pytest.mark.javac
def test_the_stub_and_every_mutant_compile(tmp_path):
    lang, info = _info()
    variants = [lang.throwing_stub(info)] + [m.source for m in lang.method_mutants(info, ["add", "big", "log"], limit=100)]
    head = COUNTER[:COUNTER.index("/** A counter")]
    files = []
    for n, variant in enumerate(variants):  # one package per variant: one javac run for all
        folder = tmp_path / f"v{n}"
        folder.mkdir()
        (folder / "Base.java").write_text(BASE.replace("package demo;", f"package v{n};"))
        (folder / "Counter.java").write_text(head.replace("package demo;", f"package v{n};") + variant)
        files += [str(folder / "Base.java"), str(folder / "Counter.java")]
    res = run(["javac", "-nowarn", "-d", str(tmp_path / "out"), *files], timeout=300)
    assert res.ok, res.stderr[-3000:]
    assert len(variants) > 15
