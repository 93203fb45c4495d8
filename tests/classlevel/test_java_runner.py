"""The Java test runner (sandbox/suites/java.py): pure parsers on captured JUnit console launcher
reports and javac output, and real runs (javac + the launcher, in the bubblewrap sandbox) on a
Maven-layout fixture with JUnit 4, JUnit 5 and a test that needs Mockito."""
from __future__ import annotations

from pathlib import Path

import pytest

from crossfile_datasets.lang import Lang
from crossfile_datasets.sandbox.suites import SuiteStatus, runner_for
from crossfile_datasets.sandbox.suites import TestOutcome as Outcome
from crossfile_datasets.sandbox.suites.java import (
    JavaRunner,
    JavacError,
    java_layout,
    javac_errors,
    left_out_reason,
    package_label,
    source_set,
)

DATA = Path(__file__).parent / "data" / "junit"


def test_javac_errors_and_why_a_file_is_left_out():
    output = (DATA / "javac-missing-packages.txt").read_text(encoding="utf-8")
    errors = javac_errors(output)
    assert [(e.line, e.message, e.symbol) for e in errors] == [
        (3, "package org.mockito does not exist", ""),
        (4, "package org.assertj.core.api does not exist", ""),
        (4, "static import only from classes and interfaces", ""),
        (6, "cannot find symbol", "variable Mockito"),
        (6, "cannot find symbol", "method assertThat")]
    assert {e.file for e in errors} == {"src/test/java/demo/MockTest.java"}
    packages = {"src/main/java/demo/Calc.java": "demo", "src/jmh/java/demo/bench/Bench.java": "demo.bench",
                "src/test/java/demo/MockTest.java": "demo"}
    assert left_out_reason(errors, {}, packages) == "needs org.mockito"
    assert package_label("org.assertj.core.api") == "org.assertj"
    assert package_label("com.google.common.collect") == "com.google.common"
    # a file needing a left-out project file needs what that file needed (by package or by class)
    left = {"src/jmh/java/demo/bench/Bench.java": "needs org.openjdk.jmh"}
    by_package = [JavacError("X.java", 1, "package demo.bench does not exist")]
    by_class = [JavacError("X.java", 3, "cannot find symbol", "class Bench")]
    assert left_out_reason(by_package, left, packages) == left_out_reason(by_class, left, packages) == "needs org.openjdk.jmh"
    assert left_out_reason([JavacError("X.java", 3, "cannot find symbol", "class AutoClose")], left, packages) == \
        "missing symbol: class AutoClose"
    assert left_out_reason([JavacError("X.java", 3, "incompatible types: int cannot be converted to String")], {},
                           packages) == "incompatible types: int cannot be converted to String"


def test_source_sets():
    assert source_set("src/main/java/a/A.java", "") == "main"
    assert source_set("src/test/java/a/ATest.java", "") == "tests"
    assert source_set("core/src/integrationTest/java/a/AIT.java", "") == "tests"
    assert source_set("src/it/java/a/AIT.java", "") == "tests"
    assert source_set("src/jmh/java/a/ABench.java", "") == "aux"
    assert source_set("benchmarks/src/main/java/a/ABench.java", "") == "aux"
    assert source_set("src/a/A.java", "import org.junit.Test;\n") == "tests"
    assert source_set("src/a/A.java", "") == "main"


def test_coverage_output_maps_sessions_and_sources():
    from crossfile_datasets.sandbox.suites.java import JavaLayout, agent_options, parse_coverage, source_files

    layout = JavaLayout(main=["a/src/demo/Calc.java", "b/src/demo/Calc.java", "src/demo/Doubler.java", "Top.java"],
                        packages={"a/src/demo/Calc.java": "demo", "b/src/demo/Calc.java": "demo",
                                  "src/demo/Doubler.java": "demo", "Top.java": ""})
    sources = source_files(layout)
    assert sources == {"demo/Doubler.java": "src/demo/Doubler.java", "Top.java": "Top.java"}  # Calc is ambiguous
    text = "\n".join([
        '{"coverable":{"demo/Doubler.java":[[2,4],[7,7]],"demo/Calc.java":[[1,2]],"Top.java":[[1,1]]}}',
        '{"session":"test-0","lines":{"demo/Doubler.java":[[2,3]]}}',
        '{"session":"test-2","lines":{"demo/Doubler.java":[[7,7]],"Top.java":[[1,1]]}}',
        '{"session":"test-9","lines":{"demo/Doubler.java":[[2,2]]}}',  # no such record
        '{"session":"test-1","lines":{"demo/Calc.java":[[1,2]]}}',  # an ambiguous source only
        'not json', '[1]',
    ])
    per_test, coverable = parse_coverage(text, {"test-0": "demo.T#a", "test-1": "demo.T#b", "test-2": "demo.T#a"}, sources)
    assert per_test == {"demo.T#a": {"src/demo/Doubler.java": {2, 3, 7}, "Top.java": {1}}}
    assert coverable == {"src/demo/Doubler.java": {2, 3, 4, 7}, "Top.java": {1}}
    assert agent_options(layout) == "output=none,dumponexit=false,jmx=false,includes=Top:demo.*"



def test_java_coverage_entries_are_counted_before_they_are_expanded():
    """The analysis's line ranges are counted, each line of a test's file once, before any is
    expanded into a set: past ``max_entries`` the run's coverage is refused (``CoverageTooLarge``,
    counted ``host_files/coverage_too_many_lines`` by the runner) with nothing expanded (red team
    2026-11-29f row 2: 100 tests over 60,000 straight-line lines were 6,000,000 entries, +263 MB)."""
    import tracemalloc

    from crossfile_datasets.sandbox.suites.java import CoverageTooLarge, parse_coverage

    sources = {"demo/Big.java": "src/demo/Big.java"}
    sessions = {f"test-{i}": f"demo.BigTest#t{i}" for i in range(100)}
    big = "\n".join('{"session":"test-%d","lines":{"demo/Big.java":[[5,60004]]}}' % i for i in range(100))
    tracemalloc.start()
    with pytest.raises(CoverageTooLarge):
        parse_coverage(big, sessions, sources)  # 6,000,000 entries > COVERAGE_MAX_LINE_ENTRIES
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 16 * 1024**2, peak  # the ranges only (the sets: over 250 MB)
    # invocations of one method add up: the same lines again are not new entries
    again = "\n".join('{"session":"test-%d","lines":{"demo/Big.java":[[1,10],[5,12]]}}' % i for i in range(50))
    per_test, _ = parse_coverage(again, {f"test-{i}": "demo.T#a" for i in range(50)}, sources, max_entries=12)
    assert per_test == {"demo.T#a": {"src/demo/Big.java": set(range(1, 13))}}
    with pytest.raises(CoverageTooLarge):
        parse_coverage(again, {f"test-{i}": f"demo.T#a{i % 2}" for i in range(50)}, sources, max_entries=23)
    coverable = '{"coverable":{"demo/Big.java":[[1,100000000]]}}'  # a range is cut at 100,001 lines
    assert len(parse_coverage(coverable, {}, sources)[1]["src/demo/Big.java"]) == 100_001
    with pytest.raises(CoverageTooLarge):
        parse_coverage(coverable, {}, sources, max_entries=100_000)


# ----------------------------------------------------------------------------- real runs --
FILES = {
    "pom.xml": "<project/>\n",
    "src/main/java/demo/Calc.java": """package demo;
public class Calc {
    public int add(int a, int b) { return a + b; }
    public int twice(int a) { return new Doubler().apply(a); }
}
""",
    "src/main/java/demo/Doubler.java": "package demo;\nclass Doubler { int apply(int a) { return a * 2; } }\n",
    "src/main/resources/greeting.txt": "hello\n",
    "src/test/java/demo/CalcTest.java": """package demo;
import org.junit.Test;
import static org.junit.Assert.*;
import static org.hamcrest.CoreMatchers.is;
public class CalcTest {
    @Test public void adds() { assertThat(new Calc().add(1, 2), is(3)); }
    @Test public void fails() { assertEquals(4, new Calc().add(1, 2)); }
    @Test public void readsResource() throws Exception {
        assertNotNull(getClass().getClassLoader().getResource("greeting.txt"));
    }
}
""",
    "src/test/java/demo/CalcJupiterTest.java": """package demo;
import org.junit.jupiter.api.*;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import static org.junit.jupiter.api.Assertions.*;
class CalcJupiterTest {
    @ParameterizedTest @ValueSource(ints = {1, 2, 3}) void twice(int x) { assertEquals(2 * x, new Calc().twice(x)); }
    @Nested class Inner { @Test void deep() { assertEquals(2, new Calc().add(1, 1)); } }
}
""",
    "src/test/java/demo/MockedTest.java": """package demo;
import org.junit.Test;
import org.mockito.Mockito;
public class MockedTest { @Test public void m() { Mockito.mock(Calc.class); } }
""",
}


def write_repo(root: Path, files: dict[str, str] = FILES) -> Path:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return root


def test_layout_separates_main_tests_resources(tmp_path):
    layout = java_layout(write_repo(tmp_path))
    assert layout.main == ["src/main/java/demo/Calc.java", "src/main/java/demo/Doubler.java"]
    assert layout.tests == ["src/test/java/demo/CalcJupiterTest.java", "src/test/java/demo/CalcTest.java",
                            "src/test/java/demo/MockedTest.java"]
    assert layout.resources == ["src/main/resources"]


def test_layout_refuses_fifos_and_links_the_repository_ships(tmp_path):
    import os
    import threading

    root = write_repo(tmp_path / "repo")
    os.mkfifo(root / "src/test/java/demo/Fifo.java")  # 8abb920 blocked reading it
    (tmp_path / "secret.txt").write_text("package secret;\n")
    os.symlink(tmp_path / "secret.txt", root / "src/main/java/demo/Secret.java")
    box: dict = {}
    worker = threading.Thread(target=lambda: box.setdefault("layout", java_layout(root)), daemon=True)
    worker.start()
    worker.join(timeout=30)
    assert not worker.is_alive(), "java_layout is blocked on a FIFO"
    layout = box["layout"]
    assert layout.refused == {"src/main/java/demo/Secret.java": "files/link_outside_repo",
                              "src/test/java/demo/Fifo.java": "files/not_regular_file"}
    assert "src/main/java/demo/Secret.java" not in layout.main and "src/test/java/demo/Fifo.java" not in layout.tests
    assert layout.packages["src/main/java/demo/Calc.java"] == "demo"


@pytest.mark.javac
@pytest.mark.slow
def test_whole_suite_in_the_sandbox_leaves_out_the_mockito_test(tmp_path):
    runner = JavaRunner()  # a fresh one: no left-out files remembered from other tests
    assert type(runner_for(Lang.JAVA)) is JavaRunner
    root = write_repo(tmp_path)
    run = runner.run(root, None, coverage=True, limits=None)
    assert run.status is SuiteStatus.OK, run.log
    assert {r.test_id: r.outcome for r in run.results} == {
        "demo.CalcJupiterTest#twice": Outcome.PASSED,
        "demo.CalcJupiterTest$Inner#deep": Outcome.PASSED,
        "demo.CalcTest#adds": Outcome.PASSED,
        "demo.CalcTest#fails": Outcome.FAILED,
        "demo.CalcTest#readsResource": Outcome.PASSED,
    }
    assert "src/test/java/demo/MockedTest.java: needs org.mockito" in run.log
    # per-test coverage (JaCoCo): the lines each test executed, invocations added up
    calc, doubler = "src/main/java/demo/Calc.java", "src/main/java/demo/Doubler.java"
    assert run.per_test_coverage["demo.CalcJupiterTest#twice"] == {calc: {2, 4}, doubler: {2}}
    assert run.per_test_coverage["demo.CalcTest#adds"] == {calc: {2, 3}}
    assert "demo.CalcTest#readsResource" not in run.per_test_coverage  # runs no main code
    assert run.coverable == {calc: {2, 3, 4}, doubler: {2}} and run.coverage == run.coverable
    # static discovery gives the same ids (plus the left-out file's)
    assert set(runner.discover(root)) == {r.test_id for r in run.results} | {"demo.MockedTest#m"}
    assert run.log.count("$ javac (tests)") == 2
    # the same test files again (an evaluation's next generation): one test compilation
    again = runner.run(root, ["demo.CalcTest#adds"], coverage=False, limits=None)
    assert again.log.count("$ javac (tests)") == 1 and "MockedTest.java: needs org.mockito" in again.log
    assert [r.outcome for r in again.results] == [Outcome.PASSED]


@pytest.mark.javac
@pytest.mark.slow
def test_selected_tests_and_a_broken_class(tmp_path):
    runner = runner_for(Lang.JAVA)
    root = write_repo(tmp_path)
    run = runner.run(root, ["demo.CalcTest#adds", "demo.CalcJupiterTest#twice", "demo.Gone#x"], coverage=False, limits=None)
    assert [(r.test_id, r.outcome) for r in run.results] == [
        ("demo.CalcTest#adds", Outcome.PASSED), ("demo.CalcJupiterTest#twice", Outcome.PASSED),
        ("demo.Gone#x", Outcome.ERROR)]
    # a generated Calc that does not compile
    (root / "src/main/java/demo/Calc.java").write_text("package demo;\npublic class Calc { int add( }\n")
    assert runner.compile_only(root, None).status is SuiteStatus.COMPILE_FAILED
    broken = runner.run(root, ["demo.CalcTest#adds"], coverage=False, limits=None)
    assert broken.status is SuiteStatus.COMPILE_FAILED and broken.reason.startswith("compile_failed: Calc.java:2")


@pytest.mark.javac
def test_only_mockito_tests_is_framework_unavailable(tmp_path):
    files = {k: v for k, v in FILES.items() if not k.startswith("src/test/") or k.endswith("MockedTest.java")}
    run = runner_for(Lang.JAVA).run(write_repo(tmp_path, files), None, coverage=False, limits=None)
    assert run.status is SuiteStatus.FRAMEWORK_UNAVAILABLE
    assert run.reason == "test_framework_unavailable: org.mockito"


@pytest.mark.javac
@pytest.mark.slow
def test_a_hostile_class_that_exits_early_passes_nothing(tmp_path):
    files = dict(FILES)
    files["src/main/java/demo/Calc.java"] = """package demo;
public class Calc {
    public int add(int a, int b) { System.exit(0); return 0; }
    public int twice(int a) { return 2 * a; }
}
"""
    run = runner_for(Lang.JAVA).run(write_repo(tmp_path, files), ["demo.CalcTest#adds"], coverage=False, limits=None)
    assert run.status is SuiteStatus.CRASHED
    assert all(r.outcome is not Outcome.PASSED for r in run.results)


SETUP_FAILS = {
    "pom.xml": "<project/>\n",
    "src/main/java/demo/Calc.java": "package demo;\npublic class Calc { public int add(int a, int b) { return a + b; } }\n",
    "src/test/java/demo/CalcTest.java": """package demo;
import org.junit.Test;
import static org.junit.Assert.*;
public class CalcTest { @Test public void adds() { assertEquals(3, new Calc().add(1, 2)); } }
""",
    "src/test/java/demo/BrokenSetupTest.java": """package demo;
import org.junit.*;
public class BrokenSetupTest {
    @BeforeClass public static void setUp() { throw new IllegalStateException("no database here"); }
    @Test public void one() { }
    @Test public void two() { }
}
""",
    "src/test/java/demo/AlsoBrokenTest.java": """package demo;
import org.junit.jupiter.api.*;
class AlsoBrokenTest {
    @BeforeAll static void setUp() { throw new IllegalStateException("no network here"); }
    @Test void three() { }
}
""",
}


@pytest.mark.javac
@pytest.mark.slow
def test_test_classes_whose_setup_fails_lose_their_tests_not_the_run(tmp_path):
    """Regression: a failing container (@BeforeClass / @BeforeAll) sent a named event that took a
    test sequence number, so the run was judged incomplete ("test records out of order") and two
    such classes made it "tampered": a real suite with one broken fixture lost every verdict."""
    run = runner_for(Lang.JAVA).run(write_repo(tmp_path, SETUP_FAILS), None, coverage=False, limits=None)
    assert run.status is SuiteStatus.OK, run.log
    outcomes = {r.test_id: r.outcome for r in run.results}
    assert outcomes["demo.CalcTest#adds"] is Outcome.PASSED
    assert {outcomes.get(t) for t in ("demo.BrokenSetupTest#one", "demo.BrokenSetupTest#two",
                                       "demo.AlsoBrokenTest#three")} == {Outcome.ERROR}
    assert "no database here" in " ".join(r.message for r in run.results if r.test_id.startswith("demo.BrokenSetup"))
