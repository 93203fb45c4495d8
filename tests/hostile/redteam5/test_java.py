"""The Java class evaluation's verdict when the generated class brings a second top-level class:
the answer's file is compiled into the main classes, and the tests' JVM puts the main classes
before the test classes on its class path."""

from __future__ import annotations

from pathlib import Path

import pytest

from crossfile_datasets.evaluation.classlevel import run_generation
from crossfile_datasets.lang import Lang
from crossfile_datasets.sandbox import SandboxLimits
from crossfile_datasets.sandbox.suites import runner_for
from tests.classlevel.test_java_runner import write_repo

pytestmark = [pytest.mark.javac, pytest.mark.slow]

BEFORE = "package demo;\n\n"
CALC = "public class Calc {\n    public int add(int a, int b) { return a + b; }\n}\n"
FILES = {
    "pom.xml": "<project/>\n",
    "src/main/java/demo/Calc.java": BEFORE + CALC,
    # a helper of the tests, in the test tree (as repositories keep their assertion helpers and
    # fixture bases), in the package of the class
    "src/test/java/demo/Check.java": "package demo;\nclass Check {\n"
                                     "    static void same(int expected, int actual) { org.junit.Assert.assertEquals(expected, actual); }\n}\n",
    "src/test/java/demo/CalcTest.java": "package demo;\nimport org.junit.Test;\npublic class CalcTest {\n"
                                        "    @Test public void adds() { Check.same(3, new Calc().add(1, 2)); }\n"
                                        "    @Test public void addsZero() { Check.same(5, new Calc().add(5, 0)); }\n}\n",
}
TASK = {"id": "demo/Calc", "language": "java", "repository": "demo", "file": "src/main/java/demo/Calc.java",
        "file_without_class": BEFORE, "insertion_offset": len(BEFORE),
        "expected_to_pass": ["demo.CalcTest#adds", "demo.CalcTest#addsZero"]}
WRONG = "public class Calc {\n    public int add(int a, int b) { return a - b + 1; }\n}\n"
# the same wrong class and, after it, a package-private top-level class named like the tests'
# helper, which checks nothing: javac compiles the tests against their own Check.java (a source
# on the command line wins over a class on the class path), but the tests' JVM loads demo.Check
# from the first class path entry that has it: the main classes, the answer's
SHADOW = WRONG + "\nclass Check {\n    static void same(int expected, int actual) { }\n}\n"


def test_a_generated_class_cannot_shadow_a_helper_of_the_tests(tmp_path: Path):
    """Forged verdict (class evaluation in Java; the class build's gates place answers the same
    way), no run-time trick: the helper the tests call for their assertions is replaced at class
    loading. Any class of the test tree in the class's package can be shadowed so (assertion
    helpers, abstract fixture bases without annotations of their own, test data builders); the
    build is strict (the original's ``setup`` ran first, as ``evaluate_class`` does) and sees
    nothing to refuse: every file compiles."""
    root = write_repo(tmp_path / "repo", FILES)
    setup = runner_for(Lang.JAVA).setup(root)  # what evaluate_class does first: the build is strict
    limits = SandboxLimits(timeout=180)
    wrong = run_generation(TASK, WRONG, root, limits, setup)
    if not wrong["compiled"] or wrong["passed"] or wrong["status"] != "failed" or wrong["tests_total"] != 2:
        pytest.fail(f"control: the wrong class alone gave {wrong}")
    shadow = run_generation(TASK, SHADOW, root, limits, setup)
    # contained: two top-level classes are not the class; refused before javac sees them
    assert not shadow["passed"], shadow
    assert shadow["tests_passed"] == 0, shadow
    assert shadow["status"] == "answer_not_one_class" and not shadow["compiled"], shadow


def test_a_main_class_never_stands_in_for_a_test_tree_class(tmp_path: Path, monkeypatch):
    """Defence in depth for row 6, below the one-class rule (switched off here, as a placement
    bug would): the answer's second class ``demo.Check`` compiles into the main output, but the
    tests' JVM has the test classes first (Maven's and Gradle's order), so the tests load their
    own ``Check`` and the wrong class fails both tests."""
    from crossfile_datasets.harness import class_runs

    monkeypatch.setattr(class_runs, "answer_refusal", lambda task, generation: None)
    root = write_repo(tmp_path / "repo", FILES)
    setup = runner_for(Lang.JAVA).setup(root)
    shadow = run_generation(TASK, SHADOW, root, SandboxLimits(timeout=180), setup)
    if not shadow["compiled"]:
        pytest.fail(f"the shadowing answer did not compile: {shadow}")
    assert not shadow["passed"] and shadow["tests_passed"] == 0, shadow
