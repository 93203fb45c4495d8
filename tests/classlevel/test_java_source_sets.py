"""Lose a file, not the repository (issue 29 items 2): a Java repository whose benchmark source set
needs JMH and whose tests partly need jars that are not installed, with JUnit 3, 4 and 5
(parameterized) tests. Real javac, JUnit runner and bubblewrap (sandbox/suites/java.py). On
8abb920 the `src/jmh` files counted as main code and the whole repository was
`framework_unavailable` (dependency_unavailable: org.openjdk.jmh); a test file with another
compile error than a missing package lost the whole suite."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from crossfile_datasets.builders.classlevel.build import count_adjustments
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.sandbox.suites import SuiteStatus
from crossfile_datasets.sandbox.suites import TestOutcome as Outcome
from crossfile_datasets.lang import Lang
from tests.conftest import require_tool, write_tree
from crossfile_datasets.sandbox.suites.java import JavaRunner, java_layout

from .test_java_runner import write_repo

pytestmark = pytest.mark.javac

CALC = """package demo;
public class Calc {
    public int add(int a, int b) { return a + b; }
    public int twice(int a) { return 2 * a; }
}
"""
FILES = {
    "src/main/java/demo/Calc.java": CALC,
    # the benchmark source set: JMH is not installed; UsesBench needs CalcBench; Timer compiles
    "src/jmh/java/demo/bench/CalcBench.java": """package demo.bench;
import org.openjdk.jmh.annotations.Benchmark;
public class CalcBench {
    @Benchmark public int add() { return new demo.Calc().add(1, 2); }
}
""",
    "src/jmh/java/demo/bench/UsesBench.java": """package demo.bench;
public class UsesBench { CalcBench b = new CalcBench(); }
""",
    "src/jmh/java/demo/bench/Timer.java": """package demo.bench;
public class Timer { public long now() { return System.nanoTime(); } }
""",
    "src/test/java/demo/Calc3Test.java": """package demo;
import junit.framework.TestCase;
public class Calc3Test extends TestCase {
    public void testAdds() { assertEquals(3, new Calc().add(1, 2)); }
    public void testTwice() { assertEquals(4, new Calc().twice(2)); }
}
""",
    "src/test/java/demo/Calc4Test.java": """package demo;
import org.junit.Test;
import static org.junit.Assert.assertEquals;
public class Calc4Test {
    @Test public void adds() { assertEquals(5, new Calc().add(2, 3)); }
}
""",
    "src/test/java/demo/Calc5Test.java": """package demo;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import static org.junit.jupiter.api.Assertions.assertEquals;
class Calc5Test {
    @ParameterizedTest @CsvSource({"1,2,3", "2,2,4"}) void csv(int a, int b, int sum) { assertEquals(sum, new Calc().add(a, b)); }
    static Stream<Integer> ints() { return Stream.of(1, 2, 3); }
    @ParameterizedTest @MethodSource("ints") void method(int x) { assertEquals(2 * x, new Calc().twice(x)); }
}
""",
    # needs Guava (not installed); a helper of it is used by another test file
    "src/test/java/demo/GuavaTest.java": """package demo;
import com.google.common.collect.ImmutableList;
import org.junit.Test;
public class GuavaTest {
    static int size() { return ImmutableList.of(1, 2).size(); }
    @Test public void list() { org.junit.Assert.assertEquals(2, size()); }
}
""",
    "src/test/java/demo/UsesGuavaTest.java": """package demo;
import org.junit.Test;
public class UsesGuavaTest { @Test public void size() { org.junit.Assert.assertEquals(2, GuavaTest.size()); } }
""",
    # an API of a newer JUnit 5 than Debian's (5.9): not a missing package, a missing symbol
    "src/test/java/demo/NewerJupiterTest.java": """package demo;
import org.junit.jupiter.api.AutoClose;
class NewerJupiterTest { @AutoClose AutoCloseable c = () -> { }; }
""",
}
LEFT_OUT = {
    "src/jmh/java/demo/bench/CalcBench.java": "needs org.openjdk.jmh",
    "src/jmh/java/demo/bench/UsesBench.java": "needs org.openjdk.jmh",
    "src/test/java/demo/GuavaTest.java": "needs com.google.common",
    "src/test/java/demo/UsesGuavaTest.java": "needs com.google.common",
    "src/test/java/demo/NewerJupiterTest.java": "missing symbol: class AutoClose",
}


def test_benchmarks_and_tests_that_do_not_compile_are_left_out_the_rest_runs(tmp_path):
    root = write_repo(tmp_path / "repo", FILES)
    layout = java_layout(root)
    assert sorted(layout.aux) == sorted(f for f in FILES if "/jmh/" in f)
    runner = JavaRunner()
    run = runner.run(root, None, coverage=False, limits=None)
    assert run.status is SuiteStatus.OK, (run.reason, run.log[-3000:])
    # JUnit 3 (TestCase), JUnit 4, JUnit 5 parameterized (rows folded into their method)
    assert run.outcomes() == {"demo.Calc3Test#testAdds": Outcome.PASSED, "demo.Calc3Test#testTwice": Outcome.PASSED,
                              "demo.Calc4Test#adds": Outcome.PASSED, "demo.Calc5Test#csv": Outcome.PASSED,
                              "demo.Calc5Test#method": Outcome.PASSED}
    assert run.adjustments["left_out_sources"] == [f"{f}: {why}" for f, why in sorted(LEFT_OUT.items())]
    # each left-out file is counted with what it needs
    report = BuildReport()
    count_adjustments(run, runner, report, "repo")
    assert report.counts["suites/file_left_out"] == 5
    assert "repo:src/test/java/demo/GuavaTest.java" in " ".join(report.samples["suites/file_left_out"])

    # an evaluation copy whose generated Calc lacks twice(): the original's left-out files are
    # remembered (setup), so the tests that no longer compile fail the generation instead of
    # being left out
    setup = runner.setup(root)
    assert setup.left_out == LEFT_OUT
    copy = tmp_path / "copy"
    shutil.copytree(root, copy)
    (copy / "src/main/java/demo/Calc.java").write_text(CALC.replace("    public int twice(int a) { return 2 * a; }\n", ""))
    strict = runner.compile_only(copy, None)
    assert strict.status is SuiteStatus.COMPILE_FAILED and "cannot find symbol" in strict.reason
    # a runner that never saw the original would have left out the methods of Calc3Test and
    # Calc5Test calling twice() too (held-out 14: methods, not files)
    lenient = JavaRunner().compile_only(copy, None)
    assert lenient.status is SuiteStatus.OK
    assert [t.split(":")[0] for t in lenient.adjustments["left_out_tests"]] == ["demo.Calc3Test#testTwice",
                                                                              "demo.Calc5Test#method"]


def _module_copy(folder: str) -> dict:
    return {
        f"{folder}/src/main/java/demo/Util.java": "package demo;\n\npublic final class Util {\n"
                                                  "    public static String clean(String s) { return s.trim(); }\n}\n",
        f"{folder}/src/main/java/demo/Counter.java": '''package demo;

public class Counter {
    private int total;

    public Counter add(String s) {
        if (s != null) {
            total += Util.clean(s).length();
        }
        return this;
    }

    public int total() { return total; }
}
''',
    }


SAME_NAMED_MODULES = {
    **_module_copy("lib"), **_module_copy("lib-java-6"),
    # jOOR-java-6's Compile.java: the package line and blank lines (what jOOQ's preprocessor leaves)
    "lib-java-5/src/main/java/demo/Util.java": "/* Java 5 has none */\npackage demo;\n\n\n",
    "lib/src/test/java/demo/CounterTest.java": '''package demo;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class CounterTest {
    @Test
    public void counts() { assertEquals(2, new Counter().add(" ab ").total()); }

    @Test
    public void countsNothing() { assertEquals(0, new Counter().add(null).total()); }
}
''',
}


@pytest.mark.javac
@pytest.mark.slow
def test_a_copy_left_out_of_the_build_hides_neither_coverage_nor_its_reason(tmp_path):
    """jOOR (held-out 13): ``org/joor/Reflect.java`` in jOOR/, jOOR-java-6/ and jOOR-java-8/; two
    copies are left out (``duplicate class``). JaCoCo names a source by package and file name, and
    the names several main files had got no coverage: every test's coverage was lost silently and
    the selection fell back to names. The compiled copy keeps its per-test coverage; the copies
    that were never built are ``classes/file_not_built``, not tasks dropped by a gate; a copy that
    declares no type (compiled to nothing) hides nothing either."""
    from tests.classlevel.fixture import selected

    require_tool("javac")
    root = write_tree(tmp_path / "modules", SAME_NAMED_MODULES)
    facts, suite, cands, report = selected(root, Lang.JAVA, 2)
    built, copy = "lib/src/main/java/demo/Counter.java", "lib-java-6/src/main/java/demo/Counter.java"
    left_out = suite.left_out_sources()
    assert set(left_out) == {copy, "lib-java-6/src/main/java/demo/Util.java"}, suite.adjustments
    assert suite.per_test_coverage["demo.CounterTest#counts"][built], suite.per_test_coverage
    # the blank copy compiled to nothing: it shares JaCoCo's source name, not the coverage
    assert suite.per_test_coverage["demo.CounterTest#counts"]["lib/src/main/java/demo/Util.java"]
    assert "coverage_ambiguous_sources" not in suite.adjustments, suite.adjustments
    assert list(cands) == ["Counter"] and cands["Counter"].info.file == built
    assert report.samples["classes/file_not_built"] == [f"{copy}::Counter: duplicate class: demo.Counter"]


def test_the_files_a_run_did_not_build_are_read_from_its_adjustments():
    """trienet (held-out 13): mcs could not compile SuffixTrie.cs, PatriciaSuffixTrie.cs,
    UkkonenTrie.cs, CharUkkonenTrie.cs; their classes were ``not_covered_by_tests`` as if the tests
    missed them. Java's left-out sources and C#'s left-out library and auxiliary files are the
    files whose classes never ran (``classes/file_not_built``); C#'s left-out test files are not."""
    from crossfile_datasets.sandbox.suites import SuiteRun

    run = SuiteRun(SuiteStatus.OK, adjustments={
        "left_out_library_files": ["TrieNet/Ukkonen/UkkonenTrie.cs: CS8184", "TrieNet/Ukkonen/CharUkkonenTrie.cs: needs X"],
        "left_out_auxiliary_files": ["Bench/Program.cs: auxiliary program folder"],
        "left_out_files": ["TrieNet.Test/SuffixTrieTest.cs: CS1525"],
        "left_out_sources": ["src/main/java/a/WordWrap.java: needs com.github.davidmoten.guavamini"]})
    assert run.left_out_sources() == {
        "TrieNet/Ukkonen/UkkonenTrie.cs": "CS8184", "TrieNet/Ukkonen/CharUkkonenTrie.cs": "needs X",
        "Bench/Program.cs": "auxiliary program folder",
        "src/main/java/a/WordWrap.java": "needs com.github.davidmoten.guavamini"}


def test_a_file_declares_a_type_as_tree_sitter_reads_it():
    """A Java file whose only ``class`` words sit in a comment or a string declares no type (jOOQ's
    preprocessor leaves such files for Java 6); one the copy cannot read is kept."""
    from crossfile_datasets.sandbox.suites.java import _declares_type

    class Copy:
        def __init__(self, text):
            self.text = text

        def read_back(self, rel):
            if self.text is None:
                raise OSError(rel)
            return self.text

    assert not _declares_type(Copy('/* class Old */\npackage demo;\n// enum E {}\n'), "a/Old.java")
    assert not _declares_type(Copy('package demo;\n\n\n'), "a/Blank.java")
    assert _declares_type(Copy('package demo;\n@Deprecated public final class Util { String s = "class"; }\n'), "a/U.java")
    assert _declares_type(Copy('package demo;\npublic record Point(int x, int y) {}\n'), "a/P.java")
    assert _declares_type(Copy(None), "a/Gone.java")


OLD_HAMCREST = {
    "src/main/java/demo/Words.java": """package demo;
public class Words {
    public static String[] split(String s) { return s.trim().split(" +"); }
    public static String join(String[] parts) { return String.join("-", parts); }
}
""",
    # hamcrest 1.3's IsArrayContaining (Debian's hamcrest is 2.2, which dropped it): the import
    # and the two methods using it do not compile, the third method and the other file do
    "src/test/java/demo/WordsTest.java": """package demo;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.collection.IsArrayContaining.hasItemInArray;
import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class WordsTest {
    @Test
    public void splits() {
        assertThat(Words.split(" a  b "), hasItemInArray("b"));
    }

    @Test
    public void joins() {
        assertEquals("a-b", Words.join(new String[] {"a", "b"}));
    }

    @Test
    public void splitsOne() {
        Runnable check = () -> assertThat(Words.split("x"), hasItemInArray("x"));
        check.run();
    }
}
""",
    "src/test/java/demo/JoinTest.java": """package demo;
import org.junit.Test;
public class JoinTest {
    @Test public void joinsOne() { org.junit.Assert.assertEquals("a", Words.join(new String[] {"a"})); }
}
""",
}


def test_a_test_file_loses_the_methods_an_installed_library_cannot_compile_not_itself(tmp_path):
    """strman-java (held-out 14): its only test file imports hamcrest 1.3's IsArrayContaining for 2
    of 138 tests; Debian's hamcrest 2.2 lacks it, the file was left out whole and the repository
    was ``suite_compile_failed`` with 0 tests. The import and the methods using it are left out
    and counted (``suites/test_import_left_out``, ``tests/left_out_not_compiling``); the rest runs,
    and an evaluation copy (strict) leaves out the same, no more."""
    root = write_repo(tmp_path / "repo", OLD_HAMCREST)
    runner = JavaRunner()
    run = runner.run(root, None, coverage=False, limits=None)
    assert run.status is SuiteStatus.OK, (run.reason, run.log[-3000:])
    assert run.outcomes() == {"demo.WordsTest#joins": Outcome.PASSED, "demo.JoinTest#joinsOne": Outcome.PASSED}
    assert "left_out_sources" not in run.adjustments
    assert run.adjustments["left_out_test_imports"] == [
        "static org.hamcrest.collection.IsArrayContaining.hasItemInArray: missing symbol: class IsArrayContaining"]
    assert [t.split(":")[0] for t in run.adjustments["left_out_tests"]] == ["demo.WordsTest#splits", "demo.WordsTest#splitsOne"]
    report = BuildReport()
    count_adjustments(run, runner, report, "repo")
    assert report.counts["suites/test_import_left_out"] == 1
    assert report.counts["tests/left_out_not_compiling"] == 2
    # the evaluation's copy: built strictly against the original's trims, a wrong Words fails
    copy = tmp_path / "copy"
    shutil.copytree(root, copy)
    strict = runner.run(copy, ["demo.WordsTest#joins"], coverage=False, limits=None)
    assert strict.outcomes() == {"demo.WordsTest#joins": Outcome.PASSED}, (strict.reason, strict.log[-2000:])
    (copy / "src/main/java/demo/Words.java").write_text(
        OLD_HAMCREST["src/main/java/demo/Words.java"].replace("public static String join", "static String joinAll"))
    assert runner.compile_only(copy, None).status is SuiteStatus.COMPILE_FAILED
    # a package that is not installed at all: the same methods are left out, the import named by
    # what it needs (held-out 15's jmustache: a file's loss only when none of its tests is left)
    missing = {**OLD_HAMCREST, "src/test/java/demo/WordsTest.java": OLD_HAMCREST["src/test/java/demo/WordsTest.java"].replace(
        "org.hamcrest.collection.IsArrayContaining", "org.nothere.collection.IsArrayContaining")}
    run = JavaRunner().run(write_repo(tmp_path / "missing", missing), None, coverage=False, limits=None)
    assert "left_out_sources" not in run.adjustments, run.adjustments
    assert run.adjustments["left_out_test_imports"] == [
        "static org.nothere.collection.IsArrayContaining.hasItemInArray: needs org.nothere"]
    assert run.outcomes() == {"demo.WordsTest#joins": Outcome.PASSED, "demo.JoinTest#joinsOne": Outcome.PASSED}


SPEC_HELPER = {
    "src/main/java/demo/Words.java": OLD_HAMCREST["src/main/java/demo/Words.java"],
    # a test base whose data come from a library that is not installed (org.nothere), holding a
    # static helper the suite's main test base uses in its failure printer
    "src/test/java/demo/specs/SpecBase.java": """package demo.specs;

import java.util.List;

import org.junit.Test;
import org.nothere.yaml.Loader;
import org.nothere.yaml.LoadError;

public abstract class SpecBase {
    private static final Loader loader = new Loader();

    protected String input() { return "a b"; }

    @Test
    public void splitsInput() {
        org.junit.Assert.assertEquals(2, demo.Words.split(input()).length);
    }

    public static String visible(String s) {
        return s.replace(" ", "\u00b7");
    }

    public static List<Object> load(String path) {
        try {
            return loader.loadAll(path);
        } catch (LoadError e) {
            throw new RuntimeException(e);
        }
    }
}
""",
    "src/test/java/demo/specs/FileSpecTest.java": """package demo.specs;

import java.util.List;

public class FileSpecTest extends SpecBase {
    static List<Object> data() { return load("specs.yml"); }
}
""",
    "src/test/java/demo/SharedChecks.java": """package demo;

import static org.junit.Assert.assertEquals;

import demo.specs.SpecBase;
import org.junit.Test;

public abstract class SharedChecks {
    protected void check(String expected, String actual) {
        assertEquals(SpecBase.visible(expected), SpecBase.visible(actual));
    }

    @Test
    public void joinsTwo() { check("a-b", Words.join(new String[] {"a", "b"})); }
}
""",
    "src/test/java/demo/WordsCheckTest.java": """package demo;

import org.junit.Test;

public class WordsCheckTest extends SharedChecks {
    @Test
    public void joinsOne() { check("a", Words.join(new String[] {"a"})); }
}
""",
}


def test_a_library_not_installed_costs_the_members_that_need_it_not_the_suite(tmp_path):
    """jmustache (held-out 15): SpecTest needs snakeyaml (not installed) for its data, and the
    suite's main test base prints failures with SpecTest.showWhitespace: SpecTest, then SharedTests
    and MustacheTest (124 tests) were left out whole, ``needs org.yaml``. Now the imports, the field
    and the methods that need the library are left out and counted, the rest compiles and runs."""
    root = write_repo(tmp_path / "repo", SPEC_HELPER)
    runner = JavaRunner()
    run = runner.run(root, None, coverage=False, limits=None)
    assert run.status is SuiteStatus.OK, (run.reason, run.log[-3000:])
    assert "left_out_sources" not in run.adjustments, run.adjustments
    outcomes = run.outcomes()
    assert outcomes["demo.WordsCheckTest#joinsOne"] is Outcome.PASSED
    assert outcomes["demo.WordsCheckTest#joinsTwo"] is Outcome.PASSED
    assert outcomes["demo.specs.FileSpecTest#splitsInput"] is Outcome.PASSED
    assert run.adjustments["left_out_test_imports"] == ["org.nothere.yaml.Loader: needs org.nothere",
                                                        "org.nothere.yaml.LoadError: needs org.nothere"]
    assert run.adjustments["left_out_test_fields"] == ["demo.specs.SpecBase#loader: missing symbol: class Loader"]
    assert [t.split(":")[0] for t in run.adjustments["left_out_tests"]] == [
        "demo.specs.FileSpecTest#data", "demo.specs.SpecBase#load"]
    report = BuildReport()
    count_adjustments(run, runner, report, "repo")
    assert report.counts["suites/test_import_left_out"] == 2
    assert report.counts["suites/test_field_left_out"] == 1
    assert report.counts["tests/left_out_not_compiling"] == 2
    # a test file that would keep none of its tests is still left out whole, named
    only = {**SPEC_HELPER, "src/test/java/demo/specs/OnlyTest.java": """package demo.specs;
import org.nothere.runner.Check;
public class OnlyTest {
    @Check public void one() { }
    @org.junit.Test public void two() { new org.nothere.runner.Check(); }
}
"""}
    run = JavaRunner().run(write_repo(tmp_path / "only", only), None, coverage=False, limits=None)
    assert run.adjustments["left_out_sources"] == ["src/test/java/demo/specs/OnlyTest.java: needs org.nothere"], \
        run.adjustments
