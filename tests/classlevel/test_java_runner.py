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
    java_layout,
    missing_packages,
    package_label,
    parse_junit_reports,
    parse_summary,
)

DATA = Path(__file__).parent / "data" / "junit"


def _reports() -> list[str]:
    return [p.read_text(encoding="utf-8") for p in sorted(DATA.glob("TEST-*.xml"))]


def test_reports_fold_invocations_into_their_method():
    results = {r.test_id: r for r in parse_junit_reports(_reports())}
    assert {k: r.outcome for k, r in results.items()} == {
        "demo.Calc5Test#adds": Outcome.PASSED,
        "demo.Calc5Test#boom": Outcome.ERROR,  # an exception, not an assertion
        "demo.Calc5Test#param": Outcome.PASSED,  # param(int)[1] and [2]
        "demo.Calc5Test$Inner#deep": Outcome.PASSED,  # @Nested class
        "demo.CalcTest#adds": Outcome.PASSED,  # JUnit 4 through the vintage engine
        "demo.CalcTest#fails": Outcome.FAILED,
        "demo.CalcTest#skipped": Outcome.SKIPPED,  # @Ignore
    }
    assert results["demo.CalcTest#fails"].message == "expected:<4> but was:<3>"
    assert results["demo.Calc5Test#boom"].message == "x"


def test_a_failing_invocation_fails_its_method():
    text = _reports()[0].replace('<testcase name="param(int)[2]" classname="demo.Calc5Test" time="0">',
                                 '<testcase name="param(int)[2]" classname="demo.Calc5Test" time="0">'
                                 '<failure message="no" type="org.opentest4j.AssertionFailedError"/>')
    assert "AssertionFailedError" in text
    results = {r.test_id: r for r in parse_junit_reports([text])}
    assert results["demo.Calc5Test#param"].outcome is Outcome.FAILED


def test_unparsable_reports_give_nothing():
    assert parse_junit_reports(["<testsuite", ""]) == []


def test_summary_box():
    out = "[         8 tests found           ]\n[         1 tests skipped         ]\n[         5 tests successful      ]\n"
    assert parse_summary(out) == {"found": 8, "skipped": 1, "successful": 5}


def test_missing_packages_name_the_framework_per_file():
    output = (DATA / "javac-missing-packages.txt").read_text(encoding="utf-8")
    assert missing_packages(output) == {"src/test/java/demo/MockTest.java": {"org.mockito", "org.assertj.core.api"}}
    assert missing_packages(output, ["org.mockito"]) == {"src/test/java/demo/MockTest.java": {"org.assertj.core.api"}}
    assert package_label("org.assertj.core.api") == "org.assertj"
    assert package_label("com.google.common.collect") == "com.google.common"


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


@pytest.mark.javac
@pytest.mark.slow
def test_whole_suite_in_the_sandbox_leaves_out_the_mockito_test(tmp_path):
    runner = JavaRunner()  # a fresh one: no left-out files remembered from other tests
    assert type(runner_for(Lang.JAVA)) is JavaRunner
    root = write_repo(tmp_path)
    run = runner.run(root, None, coverage=False, limits=None)
    assert run.status is SuiteStatus.OK, run.log
    assert {r.test_id: r.outcome for r in run.results} == {
        "demo.CalcJupiterTest#twice": Outcome.PASSED,
        "demo.CalcJupiterTest$Inner#deep": Outcome.PASSED,
        "demo.CalcTest#adds": Outcome.PASSED,
        "demo.CalcTest#fails": Outcome.FAILED,
        "demo.CalcTest#readsResource": Outcome.PASSED,
    }
    assert "src/test/java/demo/MockedTest.java: needs org.mockito" in run.log
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
