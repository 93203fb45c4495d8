"""A Java suite too slow under coverage, and a source its build generates from a template (tuning
case of the 2026-11-27c class held-out set: HdrHistogram 2.1.12's suite under JaCoCo did not
finish in the suite's time and all its results were lost -- ``repositories/suite_timeout`` -- and
``Version.java``, made by a Maven plugin from ``Version.java.template``, was missing, its user
left out). Real javac, JUnit runner, JaCoCo and bubblewrap. On 4423ab2 the run below is
``timeout`` and ``Stamp.java`` is left out (``missing symbol: variable Version``)."""
from __future__ import annotations

import pytest

from crossfile_datasets.builders.classlevel.build import count_adjustments
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.sandbox import SandboxLimits
from crossfile_datasets.sandbox.suites import SuiteStatus
from crossfile_datasets.sandbox.suites import TestOutcome as Outcome
from crossfile_datasets.sandbox.suites.java import JavaRunner, fill_template, fill_template_bounded, java_layout

from .test_java_runner import write_repo

FILES = {
    "pom.xml": "<project><modelVersion>4.0.0</modelVersion><groupId>demo</groupId><artifactId>stamp</artifactId>"
               "<version>2.1.12</version></project>\n",
    "src/main/java/demo/Version.java.template": """package demo;
final class Version {
    public static final String version = "$VERSION$";
    public static final String build_time = "$BUILD_TIME$";
}
""",
    "src/main/java/demo/Stamp.java": """package demo;
public class Stamp {
    public String label(String name) { return name + "@" + Version.version; }
}
""",
    "src/test/java/demo/StampTest.java": """package demo;
import org.junit.Test;
import static org.junit.Assert.assertEquals;
public class StampTest {
    @Test public void labels() { assertEquals("a@2.1.12", new Stamp().label("a")); }
}
""",
    # JUnit 4: no per-test time-out; this class never finishes
    "src/test/java/demo/SlowTest.java": """package demo;
import org.junit.Test;
public class SlowTest {
    @Test public void waits() throws Exception { new Stamp().label("b"); Thread.sleep(3_600_000L); }
}
""",
}


def test_fill_template():
    assert fill_template('v="$VERSION$"; t="$BUILD_TIME$"; p="${project.version}"; a="@VERSION@";', "1.2") \
        == 'v="1.2"; t="BUILD_TIME"; p="1.2"; a="1.2";'
    assert fill_template('v="$VERSION$";') == 'v="VERSION";'
    # red team 2026-11-28g row 6: the filling stops at the cap; the template's characters left out
    template = 'ab@VERSION@cd$X$ef'
    assert fill_template_bounded(template, "1.2", None) == ("ab1.2cdXef", 0)
    assert fill_template_bounded(template, "1.2", 7) == ("ab1.2cd", 5)
    assert fill_template_bounded(template, "1.2", 4) == ("ab1.", 16)  # the token is left out
    assert fill_template_bounded(template, "1.2", 1) == ("a", 17)
    assert fill_template_bounded("@VERSION@" * 1_000_000, "7" * 100, 1000)[0] == "7" * 1000


@pytest.mark.javac
@pytest.mark.slow
def test_a_slow_class_costs_its_own_tests_and_templates_make_their_source(tmp_path):
    root = write_repo(tmp_path / "repo", FILES)
    layout = java_layout(root)
    assert layout.generated == {"src/main/java/demo/Version.java": "src/main/java/demo/Version.java.template"}
    assert "src/main/java/demo/Version.java" in layout.main
    runner = JavaRunner()
    # the whole suite under coverage gets 60 s, then each class alone at least 60 s
    run = runner.run(root, None, coverage=True, limits=SandboxLimits(timeout=120))
    assert run.status is SuiteStatus.OK, (run.reason, run.log[-3000:])
    assert run.outcomes() == {"demo.StampTest#labels": Outcome.PASSED, "demo.SlowTest#waits": Outcome.ERROR}
    assert run.reason.startswith("incomplete: 1 of 2 test classes")
    assert "src/main/java/demo/Stamp.java" in run.per_test_coverage["demo.StampTest#labels"]
    assert not (root / "src/main/java/demo/Version.java").exists()  # made in our control folder
    report = BuildReport()
    count_adjustments(run, runner, report, "repo")
    assert report.counts["suites/source_generated"] == 1
    assert report.counts["suites/test_class_incomplete"] == 1
    assert report.counts["suites/incomplete"] == 1


# held-out 15's jmustache: ThreadSafetyTest starts up to 1024 threads, the sandbox's task limit
# (pids.max) stops it, and the whole run under coverage was untrusted: every test lost
# (``repositories/suite_crashed``). Now each class runs alone after such a crash, as after a time-out.
CROWD = {
    "pom.xml": FILES["pom.xml"],
    "src/main/java/demo/Pair.java": """package demo;
public class Pair {
    public int sum(int a, int b) { return a + b; }
}
""",
    "src/test/java/demo/PairTest.java": """package demo;
import org.junit.Test;
import static org.junit.Assert.assertEquals;
public class PairTest {
    @Test public void sums() { assertEquals(3, new Pair().sum(1, 2)); }
}
""",
    "src/test/java/demo/CrowdTest.java": """package demo;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.Test;
public class CrowdTest {
    @Test public void manyThreads() throws Exception {
        CountDownLatch hold = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        try {
            for (int i = 0; i < 400; i++) {
                Thread t = new Thread(() -> { try { hold.await(); } catch (InterruptedException e) { } });
                t.start();
                threads.add(t);
            }
        } finally {
            hold.countDown();
            for (Thread t : threads) t.join();
        }
        new Pair().sum(2, 2);
    }
}
""",
}


@pytest.mark.javac
@pytest.mark.slow
def test_a_class_that_hits_the_task_limit_costs_its_own_tests(tmp_path):
    runner = JavaRunner()
    run = _one_class_lost(runner, tmp_path, CROWD, "demo.CrowdTest#manyThreads")
    assert "limit was hit" in run.reason
    report = BuildReport()
    count_adjustments(run, runner, report, "repo")
    assert report.counts["suites/test_class_incomplete"] == 1


def _one_class_lost(runner: JavaRunner, tmp_path, files: dict, lost: str):
    """The suite of ``files`` under coverage: PairTest passes with its coverage, ``lost`` does
    not, and the run says one of two test classes did not finish alone."""
    run = runner.run(write_repo(tmp_path / "repo", files), None, coverage=True, limits=SandboxLimits(timeout=240))
    assert run.status is SuiteStatus.OK, (run.status, run.reason, run.log[-3000:])
    assert run.outcomes()["demo.PairTest#sums"] is Outcome.PASSED
    assert run.outcomes()[lost] is not Outcome.PASSED
    assert "src/main/java/demo/Pair.java" in run.per_test_coverage["demo.PairTest#sums"]
    assert run.reason.startswith("incomplete: 1 of 2 test classes"), run.reason
    return run


# held-out 16's java-uuid-generator: UUIDComparatorTest.testSortingMV7 ran out of heap; JUnit
# rethrows an OutOfMemoryError, the launcher fails and the whole run under coverage is untrusted.
# The reason said "the end record counts 75 tests, the channel carried 75" (the counts agreed: the
# sequence number was what differed) and never the launcher's own message; now it says what
# ended the launcher, and each class runs alone, the heap-hungry one costing its own tests only.
HEAP = {
    "pom.xml": FILES["pom.xml"],
    "src/main/java/demo/Pair.java": CROWD["src/main/java/demo/Pair.java"],
    "src/test/java/demo/PairTest.java": CROWD["src/test/java/demo/PairTest.java"],
    "src/test/java/demo/HeapTest.java": """package demo;
import org.junit.jupiter.api.Test;
public class HeapTest {
    @Test void sorts() { new Pair().sum(1, 1); }
    @Test void tooMany() { new Pair().sum(2, 2); throw new OutOfMemoryError("Java heap space"); }
}
""",
}


@pytest.mark.javac
@pytest.mark.slow
def test_a_class_that_runs_out_of_heap_costs_its_own_tests_and_is_named(tmp_path):
    run = _one_class_lost(JavaRunner(), tmp_path, HEAP, "demo.HeapTest#tooMany")
    assert "the JUnit launcher failed: java.lang.OutOfMemoryError: Java heap space" in run.reason, run.reason
    assert run.adjustments["incomplete_classes"] == [
        "demo.HeapTest: the JUnit launcher failed: java.lang.OutOfMemoryError: Java heap space"]
