"""The Java class evaluation's one-class rule reads a Java answer as javac reads it: unicode
escapes translated, then tree-sitter-java over the answer's UTF-8 text (red teams 5, 6 and 7).
But javac does not read the placed file as UTF-8 when the repository's build declares another
source encoding: ``JavaRunner._build`` -> ``_recode`` decodes every non-ASCII source file in the
declared charset (``pom.xml`` ``project.build.sourceEncoding``, Gradle ``options.encoding``, Ant
``<javac encoding>``) and hands javac that text. In a double-byte charset (GBK, GB18030,
Shift_JIS: common declarations in Chinese and Japanese projects) the last byte of a UTF-8
sequence can be the lead byte of a two-byte character whose trail byte is ASCII: ``€`` is
``E2 82 AC``; in GBK ``E2 82`` and ``AC 5C`` are two characters, so a backslash right after ``€``
is swallowed. For the answer check ``"€\\"...`` holds an escaped quote; for javac the string ends
at that quote."""

from __future__ import annotations

from pathlib import Path

import pytest

from crossfile_datasets.evaluation.classlevel import run_generation
from crossfile_datasets.lang import Lang
from crossfile_datasets.sandbox import SandboxLimits
from crossfile_datasets.sandbox.suites import runner_for
from tests.classlevel.test_java_runner import write_repo
from tests.hostile.redteam7.test_java import FILES as PLAIN_FILES, TASK, WRONG

pytestmark = [pytest.mark.javac, pytest.mark.slow]

POM = ("<project>\n  <properties>\n    <project.build.sourceEncoding>GBK</project.build.sourceEncoding>\n"
       "  </properties>\n</project>\n")
# red team 7's Calc repository (JUnit 4, `import org.junit.*;`: a type of the test's own package
# wins against it, JLS 6.4.1), its build declaring GBK
FILES = {**PLAIN_FILES, "pom.xml": POM}
GOLD = "public class Calc {\n    public int add(int a, int b) { return a + b; }\n}\n"
# UTF-8 (the answer check): one field NOTE, a string holding two escaped quotes, then a line
# comment. GBK (javac, after _recode): NOTE is "鈧琝", `}` closes Calc, `Assert` (checking nothing)
# is a second top-level class of package demo, `Pad` a third whose body is a block comment up to
# `// */` and then Calc's own closing brace.
HIDDEN = ("public class Calc {\n    public int add(int a, int b) { return a - b + 1; }\n"
          '    static final String NOTE = "\u20ac\\"; } class Assert { static void assertEquals(long e, long a) { } }'
          ' class Pad { /*"; // */\n}\n')
SAME_IN_UTF8 = HIDDEN  # a control: the same answer in a repository that declares no encoding


def _run(root: Path, answer: str) -> dict:
    setup = runner_for(Lang.JAVA).setup(root)  # what evaluate_class does first: the build is strict
    return run_generation(TASK, answer, root, SandboxLimits(timeout=240), setup)


def test_a_double_byte_source_encoding_cannot_hide_a_second_class_from_the_one_class_rule(tmp_path: Path):
    """Forged verdict (class evaluation in Java; the class build's gates place answers the same
    way): a wrong ``Calc`` that fails both tests alone passes both when the answer also carries
    ``"€\\"; } class Assert {...} class Pad { /*"; // */`` in a repository whose ``pom.xml``
    declares GBK. The answer check sees one class (UTF-8 text); javac compiles three top-level
    classes, and ``demo.Assert`` shadows JUnit's ``Assert`` the tests import on demand."""
    root = write_repo(tmp_path / "repo", FILES)
    gold = _run(root, GOLD)
    if not gold["passed"] or gold["tests_passed"] != 2:
        pytest.fail(f"control: the gold class gave {gold}")
    wrong = _run(root, WRONG)
    if not wrong["compiled"] or wrong["passed"] or wrong["status"] != "failed" or wrong["tests_total"] != 2:
        pytest.fail(f"control: the wrong class alone gave {wrong}")
    plain = write_repo(tmp_path / "plain", {**FILES, "pom.xml": "<project/>\n"})
    utf8 = _run(plain, SAME_IN_UTF8)
    if not utf8["compiled"] or utf8["passed"] or utf8["tests_passed"] != 0:
        pytest.fail(f"control: in a UTF-8 repository the same answer is one wrong class, gave {utf8}")
    hidden = _run(root, HIDDEN)
    refused = hidden["status"] == "compile_failed" and "answer_not_one_class" in str(hidden.get("detail"))
    if hidden["status"] == "compile_failed" and not refused:
        pytest.fail(f"precondition: javac did not compile the answer: {hidden}")
    assert not hidden["passed"], hidden
    assert hidden["tests_passed"] == 0, hidden
    # contained by the rule, before any copy or run: it reads the answer as javac does, in GBK
    assert hidden["status"] == "answer_not_one_class" and "declared charset gbk" in hidden["detail"], hidden
