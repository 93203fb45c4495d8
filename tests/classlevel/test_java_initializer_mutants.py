"""Mutants of the methods a class's static initializer runs are judged by every test of the task
(held-out 21, davidmoten/geo: GeoHash's ``createBorders``, ``createNeighbours`` and
``addOddParityEntries`` run only from the initializers of ``BORDERS`` and ``NEIGHBOURS``; a class
is initialized once per JVM, inside whichever test loads it first, so per-test coverage gave each
of those methods one test, their mutants ran against that test alone and survived, and GeoHash --
67 tests naming it -- was dropped ``tasks/mutants_survive`` at 0.33). Real javac, JUnit and JaCoCo
in the sandbox."""
from __future__ import annotations

import pytest

from crossfile_datasets.analyzers.graph import build_graph
from crossfile_datasets.builders.classlevel.build import ClassSettings, initializer_methods, mutant_gate
from crossfile_datasets.builders.classlevel.candidates import Thresholds, select_candidates
from crossfile_datasets.core.records import Repository, SourceFile
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.lang import Lang, get_language
from crossfile_datasets.lang.classes import extractor_for
from crossfile_datasets.sandbox.suites import runner_for
from tests.classlevel.fixture import analyzed
from tests.conftest import write_tree

MAIN = "src/main/java/com/ex/"

PARITY = """package com.ex;
public final class Parity {
    private Parity() {}
    public static boolean odd(int n) { return n % 2 == 1; }
}
"""

TABLE = """package com.ex;
import java.util.HashMap;
import java.util.Map;
public final class Table {
    private static final int BASE = 10;
    private static final Map<Integer, String> NAMES = createNames();
    private static int calls;
    private Table() {}
    private static Map<Integer, String> createNames() {
        Map<Integer, String> m = new HashMap<>();
        m.put(0, "zero");
        m.put(2, "two");
        addOddEntries(m);
        return m;
    }
    private static void addOddEntries(Map<Integer, String> m) {
        m.put(1, "one");
        m.put(3, "three");
    }
    public static String name(int n) {
        calls++;
        if (Parity.odd(n)) {
            return NAMES.get(n) + "!";
        }
        return NAMES.get(n);
    }
    public static int scaled(int n) {
        calls++;
        return n * BASE + 1;
    }
    public static int calls() { return calls; }
}
"""

# four test classes, each loading Table in a JVM the others share: the initializer runs in the
# first one only; every test but the odd ones passes with the odd entries gone
TESTS = {f"src/test/java/com/ex/{name}.java": f"""package com.ex;
import org.junit.Assert;
import org.junit.Test;
public class {name} {{
{body}
}}
""" for name, body in {
    "AScaledTest": "    @Test public void scales() { Assert.assertEquals(21, Table.scaled(2)); Assert.assertTrue(Table.calls() > 0); }\n"
                   "    @Test public void scalesZero() { Assert.assertEquals(1, Table.scaled(0)); }",
    "BEvenTest": "    @Test public void even() { Assert.assertEquals(\"two\", Table.name(2)); }\n"
                 "    @Test public void zero() { Assert.assertEquals(\"zero\", Table.name(0)); }",
    "COddTest": "    @Test public void odd() { Assert.assertEquals(\"one!\", Table.name(1)); }\n"
                "    @Test public void three() { Assert.assertEquals(\"three!\", Table.name(3)); }",
}.items()}

TREE = {MAIN + "Parity.java": PARITY, MAIN + "Table.java": TABLE, **TESTS}


def test_the_methods_an_initializer_runs():
    ff = get_language(Lang.JAVA).analyze_files("/nonexistent", [SourceFile(MAIN + "Table.java", TABLE)])[MAIN + "Table.java"]
    [info] = extractor_for(Lang.JAVA)(ff)
    # NAMES = createNames(), which calls addOddEntries; `name` and `scaled` are not run by it
    assert initializer_methods(info) == {"createNames", "addOddEntries"}


@pytest.mark.javac
@pytest.mark.slow
def test_initializer_mutants_run_against_every_test(tmp_path):
    root = write_tree(tmp_path, TREE)
    language, facts, classes = analyzed(root, Lang.JAVA, "ex")
    suite = runner_for(Lang.JAVA).run(root, None, coverage=True, limits=None)
    assert len(suite.outcomes()) == 6 and all(o.value == "passed" for o in suite.outcomes().values()), suite.log[-3000:]
    lines = TABLE.splitlines()
    odd_line = next(i for i, text in enumerate(lines, 1) if 'm.put(1, "one")' in text)
    ran_it = [t for t, files in suite.per_test_coverage.items() if odd_line in files.get(MAIN + "Table.java", set())]
    # the premise: one test (the first to load Table) ran the initializer's helpers
    assert len(ran_it) == 1, ran_it
    report = BuildReport()
    cands = {c.info.name: c for c in select_candidates(Lang.JAVA, language, facts, classes, suite,
                                                       build_graph("ex", "java", facts, []), Thresholds(), report, "")}
    table = cands["Table"]
    settings = ClassSettings(mutants=12)
    kept = mutant_gate(Lang.JAVA, Repository("ex", root, "", "", ""), facts, [table], suite, settings, report, "")
    check = table.wrong_classes
    survived_in_init = [s for s in check["survived"] if s.startswith(("addOddEntries", "createNames"))]
    assert not survived_in_init, check
    assert kept == [table], (check, dict(report.samples))
