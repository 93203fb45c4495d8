"""The Java class evaluation's one-class rule reads the answer with tree-sitter-java after
translating unicode escapes (red team 6, row 2). tree-sitter-java takes comments as extras
anywhere, inside a text block too: ``\"\"\"`` + a line end + ``/* \"\"\"; }`` is, for javac, a
text block holding ``/* `` that ends at the second ``\"\"\"``; for tree-sitter a text block holding
a comment that runs to the next ``*/``."""

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
FILES = {
    "pom.xml": "<project/>\n",
    "src/main/java/demo/Calc.java": BEFORE + "public class Calc {\n    public int add(int a, int b) { return a + b; }\n}\n",
    # JUnit 4 with an on-demand import: a type of the test's own package wins against it (JLS 6.4.1),
    # so a top-level `demo.Assert` among the main classes is what `Assert` names in the tests
    "src/test/java/demo/CalcTest.java": "package demo;\nimport org.junit.*;\npublic class CalcTest {\n"
                                        "    @Test public void adds() { Assert.assertEquals(3, new Calc().add(1, 2)); }\n"
                                        "    @Test public void addsZero() { Assert.assertEquals(5, new Calc().add(5, 0)); }\n}\n",
}
TASK = {"id": "demo/Calc", "language": "java", "repository": "demo", "file": "src/main/java/demo/Calc.java",
        "file_without_class": BEFORE, "insertion_offset": len(BEFORE), "class_name": "Calc",
        "expected_to_pass": ["demo.CalcTest#adds", "demo.CalcTest#addsZero"]}
WRONG = "public class Calc {\n    public int add(int a, int b) { return a - b + 1; }\n}\n"
# For javac: NOTE is "/* ", `}` closes Calc, `Assert` (checking nothing) and `Pad` (its own text
# block holds "*/ ") are two more top-level classes of package demo. For tree-sitter-java: one
# class whose field's text block holds a block comment from `/*` to `*/`, and no error.
HIDDEN = ("public class Calc {\n    public int add(int a, int b) { return a - b + 1; }\n"
          '    static final String NOTE = """\n        /* """; }\n'
          "class Assert { static void assertEquals(long expected, long actual) { } }\n"
          'class Pad { static final String NOTE = """\n        */ """;\n}\n')


def test_a_text_block_cannot_hide_a_second_class_from_the_one_class_rule(tmp_path: Path):
    """Forged verdict (class evaluation in Java; the class build's gates place answers the same
    way): the answer check (escapes translated, then tree-sitter) sees one class and no syntax
    error; javac compiles three top-level classes. The tests import JUnit on demand
    (``import org.junit.*;``), so a class of their own package named ``Assert`` shadows JUnit's
    (JLS 6.4.1), whatever the order of the class path (red team 5 row 6's fix puts the test classes
    first: ``demo.Assert`` is not one of them). The wrong class fails both tests alone and passes
    both with the hidden ``Assert``."""
    root = write_repo(tmp_path / "repo", FILES)
    setup = runner_for(Lang.JAVA).setup(root)  # what evaluate_class does first: the build is strict
    limits = SandboxLimits(timeout=240)
    wrong = run_generation(TASK, WRONG, root, limits, setup)
    if not wrong["compiled"] or wrong["passed"] or wrong["status"] != "failed" or wrong["tests_total"] != 2:
        pytest.fail(f"control: the wrong class alone gave {wrong}")
    hidden = run_generation(TASK, HIDDEN, root, limits, setup)
    # contained: the one-class rule refuses the answer (a refusal reads as not compiled); any other
    # compile failure would be a broken fixture
    refused = hidden["status"] == "compile_failed" and "answer_not_one_class" in str(hidden.get("detail"))
    if hidden["status"] == "compile_failed" and not refused:
        pytest.fail(f"precondition: javac did not compile the answer: {hidden}")
    assert not hidden["passed"], hidden
    assert hidden["tests_passed"] == 0, hidden
