"""The wrong-class gate's mutants on shapes of the 2026-11-28 held-out's jfree/jfreesvg (a tuning
case since): its two candidates were dropped as ``tasks/mutants_survive`` for mutants no test of
what the classes do can catch -- ``GradientPaintKey``'s ``hashCode`` arithmetic (a changed hash code
still works in every HashMap) and the argument checks at the start of a constructor
(``Args.nullNotPermitted(paint, "paint")`` removed, ``Args.requireInRange(dp, "dp", 1, 10)``'s
bounds changed: seen only by an input the constructor rejects). Such sites are not mutated; the
mutants go to the rest of the class. Real javac, JUnit and JaCoCo in the sandbox for the gate."""
from __future__ import annotations

import pytest

from crossfile_datasets.analyzers.graph import build_graph
from crossfile_datasets.builders.classlevel.build import ClassSettings, mutant_gate
from crossfile_datasets.builders.classlevel.candidates import Thresholds, select_candidates
from crossfile_datasets.core.records import Repository, SourceFile
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.lang import Lang, get_language
from crossfile_datasets.lang.classes import extractor_for
from crossfile_datasets.sandbox.suites import runner_for
from tests.classlevel.fixture import analyzed
from tests.conftest import write_tree

MAIN = "src/main/java/com/ex/"

ARGS = """package com.ex;
public final class Args {
    private Args() {}
    public static void nullNotPermitted(Object o, String name) {
        if (o == null) throw new IllegalArgumentException("Null '" + name + "' argument.");
    }
    public static void requireInRange(int v, String name, int lo, int hi) {
        if (v < lo || v > hi) throw new IllegalArgumentException(name + " out of range");
    }
}
"""

KEY = """package com.ex;
import java.util.List;
public final class Key {
    private final String name;
    private final int scale;
    private final List<String> seen;
    public Key(String name, int scale, List<String> seen) {
        Args.nullNotPermitted(name, "name");
        Args.requireInRange(scale, "scale", 1, 10);
        seen.add(name);
        Args.nullNotPermitted(seen, "seen");
        this.name = name;
        this.scale = scale;
        this.seen = seen;
    }
    public String label() {
        if (scale > 1) {
            return name + "x" + (scale * 2);
        }
        return name;
    }
    @Override public boolean equals(Object o) {
        if (!(o instanceof Key)) { return false; }
        Key k = (Key) o;
        return k.name.equals(name) && k.scale == scale;
    }
    @Override public int hashCode() {
        int h = 7;
        h = 31 * h + name.hashCode();
        return 31 * h + scale;
    }
}
"""

TEST = """package com.ex;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import org.junit.Assert;
import org.junit.Test;
public class KeyTest {
    @Test public void labels() {
        Assert.assertEquals("ax6", new Key("a", 3, new ArrayList<String>()).label());
        Assert.assertEquals("b", new Key("b", 1, new ArrayList<String>()).label());
    }
    @Test public void mapLookup() {
        Map<Key, String> m = new HashMap<>();
        m.put(new Key("a", 2, new ArrayList<String>()), "first");
        Assert.assertEquals("first", m.get(new Key("a", 2, new ArrayList<String>())));
        Assert.assertNull(m.get(new Key("a", 3, new ArrayList<String>())));
        Assert.assertNull(m.get(new Key("b", 2, new ArrayList<String>())));
    }
    @Test public void remembers() {
        ArrayList<String> seen = new ArrayList<>();
        new Key("c", 2, seen);
        Assert.assertEquals(1, seen.size());
    }
}
"""

# GradientPaintKey's shape: its tests run the constructor (an argument check and an assignment)
# and hashCode (a HashMap key), never equals: no mutant is left that a test could catch
PAINT_KEY = """package com.ex;
public final class PaintKey {
    private final String paint;
    public PaintKey(String paint) {
        Args.nullNotPermitted(paint, "paint");
        this.paint = paint;
    }
    @Override public boolean equals(Object o) {
        if (!(o instanceof PaintKey)) { return false; }
        return ((PaintKey) o).paint.equals(paint);
    }
    @Override public int hashCode() {
        int h = 5;
        return 47 * h + paint.hashCode();
    }
}
"""

PAINT_TEST = """package com.ex;
import java.util.HashMap;
import java.util.Map;
import org.junit.Assert;
import org.junit.Test;
public class PaintKeyTest {
    @Test public void stored() {
        Map<PaintKey, Integer> m = new HashMap<>();
        m.put(new PaintKey("red"), 1);
        Assert.assertEquals(1, m.size());
    }
    @Test public void constructed() { Assert.assertNotNull(new PaintKey("blue")); }
}
"""

TREE = {MAIN + "Args.java": ARGS, MAIN + "Key.java": KEY, "src/test/java/com/ex/KeyTest.java": TEST,
        MAIN + "PaintKey.java": PAINT_KEY, "src/test/java/com/ex/PaintKeyTest.java": PAINT_TEST}


def _key():
    language = get_language(Lang.JAVA)
    ff = language.analyze_files("/nonexistent", [SourceFile(MAIN + "Key.java", KEY)])[MAIN + "Key.java"]
    [info] = extractor_for(Lang.JAVA)(ff)
    return language, info


def test_no_mutant_inside_the_leading_argument_checks():
    language, info = _key()
    mutants = language.method_mutants(info, ["Key"], limit=100)
    changed = {m.description.split(": ", 2)[1] for m in mutants}
    # lines 8-9 (the two leading checks) never change; line 10 (`seen.add`) and the check after it
    # (not leading: the constructor has already done something) do
    assert changed == {"line 10", "line 11"}, [m.description for m in mutants]
    # the checks' own sites would be there without the rule: removal, 1 -> 2, 10 -> 11
    assert len(mutants) == 2


@pytest.mark.javac
@pytest.mark.slow
def test_the_gate_mutates_neither_hash_code_nor_argument_checks(tmp_path):
    root = write_tree(tmp_path, TREE)
    language, facts, classes = analyzed(root, Lang.JAVA, "ex")
    suite = runner_for(Lang.JAVA).run(root, None, coverage=True, limits=None)
    assert len(suite.outcomes()) == 5 and all(o.value == "passed" for o in suite.outcomes().values()), suite.log[-3000:]
    report = BuildReport()
    cands = {c.info.name: c for c in select_candidates(Lang.JAVA, language, facts, classes, suite,
                                                       build_graph("ex", "java", facts, []), Thresholds(), report, "")}
    key = cands["Key"]
    assert "hashCode" in key.covered_methods, key.covered_methods
    paint = cands["PaintKey"]
    assert set(paint.covered_methods) == {"PaintKey", "hashCode"}, paint.covered_methods
    kept = mutant_gate(Lang.JAVA, Repository("ex", root, "", "", ""), facts, [key, paint], suite, ClassSettings(),
                       report, "")
    check = key.wrong_classes
    assert check["mutants_run"] == 6, check
    assert not any(s.startswith("hashCode") for s in check["survived"]), check
    assert not any(": line 8:" in s or ": line 9:" in s for s in check["survived"]), check
    assert kept == [key] and check["mutant_score"] >= 0.5, (check, dict(report.samples))
    # PaintKey: before, 3 mutants of hashCode and the check's removal, all surviving (mutants_survive);
    # now none is made, and the task is not kept on the strength of no mutant (tasks/no_mutants)
    assert paint.wrong_classes["mutants_run"] == 0
    assert report.stage("tasks") == {"only_unjudged_mutants": 1}, dict(report.samples)
