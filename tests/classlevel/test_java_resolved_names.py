"""Java: a class's EXPECTED_TO_PASS tests are those that name *it*, by Java's scope rules, not by
spelling (issue 34: javaewah's ``datastructure.BitSet`` got 246 expected tests that write
``BitSet`` for ``java.util.BitSet`` -- ``EWAHCompressedBitmapTest`` in another package with
``import java.util.*`` -- and execute the project's BitSet only through the bitmaps' merges).
A real javac + JUnit suite under JaCoCo per-test coverage in the sandbox, then selection."""
from __future__ import annotations

import pytest

from crossfile_datasets.analyzers.graph import build_graph
from crossfile_datasets.builders.classlevel.candidates import Thresholds, select_candidates
from crossfile_datasets.core.records import Repository
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.lang import Lang, get_language
from crossfile_datasets.lang.sources import list_sources
from crossfile_datasets.sandbox.suites import runner_for
from tests.classlevel.fixture import analyzed
from tests.conftest import write_tree

MAIN = "src/main/java/com/ex/"
TEST = "src/test/java/com/ex/"

TREE = {
    MAIN + "ds/Words.java": """package com.ex.ds;
public final class Words {
    private Words() {}
    public static int index(int bit) { return bit >> 6; }
    public static long mask(int bit) { return 1L << (bit & 63); }
}
""",
    MAIN + "ds/BitSet.java": """package com.ex.ds;
public class BitSet {
    private final long[] words = new long[4];
    public void set(int bit) { words[Words.index(bit)] |= Words.mask(bit); }
    public boolean get(int bit) { return (words[Words.index(bit)] & Words.mask(bit)) != 0; }
    public int cardinality() {
        int n = 0;
        for (long w : words) n += Long.bitCount(w);
        return n;
    }
}
""",
    MAIN + "Bitmap.java": """package com.ex;
import com.ex.ds.BitSet;
public class Bitmap {
    private final BitSet bits = new BitSet();
    public Bitmap set(int bit) { bits.set(bit); return this; }
    public int cardinality() { return bits.cardinality(); }
}
""",
    # the project's BitSet, in its own package
    TEST + "ds/BitSetTest.java": """package com.ex.ds;
import org.junit.Assert;
import org.junit.Test;
public class BitSetTest {
    @Test public void setThenGet() { BitSet b = new BitSet(); b.set(3); Assert.assertTrue(b.get(3)); }
    @Test public void counts() { BitSet b = new BitSet(); b.set(1); b.set(70); Assert.assertEquals(2, b.cardinality()); }
}
""",
    # java.util.BitSet through an on-demand import, compared with Bitmap (which runs ds.BitSet)
    TEST + "BitmapTest.java": """package com.ex;
import java.util.*;
import org.junit.Assert;
import org.junit.Test;
public class BitmapTest {
    @Test public void sameAsJdk() {
        BitSet jdk = new BitSet(); jdk.set(5); jdk.set(9);
        Assert.assertEquals(jdk.cardinality(), new Bitmap().set(5).set(9).cardinality());
    }
    @Test public void single() {
        BitSet jdk = new BitSet(); jdk.set(2);
        Assert.assertEquals(jdk.cardinality(), new Bitmap().set(2).cardinality());
    }
}
""",
    # java.util.BitSet by a single-type import, in the project's package itself (the import wins)
    TEST + "ds/JdkCompareTest.java": """package com.ex.ds;
import java.util.BitSet;
import org.junit.Assert;
import org.junit.Test;
public class JdkCompareTest {
    @Test public void jdkOnly() {
        BitSet jdk = new BitSet(); jdk.set(1);
        Assert.assertEquals(jdk.cardinality(), new com.ex.Bitmap().set(1).cardinality());
    }
}
""",
    # the fully qualified name names the project's class beside an import of java.util.BitSet
    TEST + "QualifiedTest.java": """package com.ex;
import java.util.BitSet;
import org.junit.Assert;
import org.junit.Test;
public class QualifiedTest {
    @Test public void both() {
        com.ex.ds.BitSet ours = new com.ex.ds.BitSet(); ours.set(4);
        BitSet jdk = new BitSet(); jdk.set(4);
        Assert.assertEquals(jdk.cardinality(), ours.cardinality());
    }
}
""",
}


def test_java_scope_rules_for_a_simple_type_name(tmp_path):
    root = write_tree(tmp_path, TREE)
    language = get_language(Lang.JAVA)
    files, _ = list_sources(Repository("ex", root, "", "", ""), language, BuildReport())
    facts = language.analyze_files(str(root), files)
    sees = {p.rsplit("/", 1)[-1]: language.names_class_in(facts[p], "BitSet", "com.ex.ds") for p in facts
            if "/test/" in p}
    assert sees == {"BitSetTest.java": True, "BitmapTest.java": False, "JdkCompareTest.java": False,
                    "QualifiedTest.java": True}
    assert language.names_class_in(facts[TEST + "BitmapTest.java"], "Bitmap", "com.ex") is True
    # other languages do not resolve: any use counts, as before
    assert get_language(Lang.PYTHON).names_class_in(facts[TEST + "BitmapTest.java"], "BitSet", "x") is None


@pytest.mark.javac
@pytest.mark.slow
def test_tests_naming_java_util_bitset_are_not_the_projects_bitsets(tmp_path):
    root = write_tree(tmp_path, TREE)
    language, facts, classes = analyzed(root, Lang.JAVA, "ex")
    suite = runner_for(Lang.JAVA).run(root, None, coverage=True, limits=None)
    assert len(suite.outcomes()) == 6 and all(o.value == "passed" for o in suite.outcomes().values()), suite.log[-3000:]
    # every test executes the project's BitSet
    assert all(suite.per_test_coverage.get(t, {}).get(MAIN + "ds/BitSet.java") for t in suite.outcomes())
    report = BuildReport()
    cands = {c.info.name: c for c in select_candidates(Lang.JAVA, language, facts, classes, suite,
                                                       build_graph("ex", "java", facts, []), Thresholds(), report, "")}
    assert cands["BitSet"].expected_to_pass == [
        "com.ex.QualifiedTest#both", "com.ex.ds.BitSetTest#counts", "com.ex.ds.BitSetTest#setThenGet"], \
        dict(report.samples)
    # BitmapTest's two tests and JdkCompareTest's one write BitSet for java.util.BitSet
    assert report.stage("tests")["names_another_class"] == 1  # counted once per class, with the number
    assert any("3 tests" in str(s) for s in report.samples.get("tests/names_another_class", [])), dict(report.samples)
    assert cands["Bitmap"].expected_to_pass == ["com.ex.BitmapTest#sameAsJdk", "com.ex.BitmapTest#single",
                                                "com.ex.ds.JdkCompareTest#jdkOnly"]
