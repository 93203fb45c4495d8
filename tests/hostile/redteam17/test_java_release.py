"""An answer that implements nothing can call the *released* class it is asked to write when a
copy of the release is readable in the sandbox. Red team 2026-11-27f row 1 did it in Python (the
package of the same name in the run's site directories) and ``sandbox/own_packages.py`` hides
those; the Java runs get nothing alike. Debian installs Java libraries as jars under
``/usr/share/java`` (world-readable, outside every hidden folder, the folder the runner itself
takes JUnit from), and the project's own class-level manifest (``bench/classlevel/manifest.jsonl``)
holds ``apache/commons-cli`` at tag ``commons-cli-1.5.0``: this machine's
``/usr/share/java/commons-cli-1.5.0.jar`` is that very release (commons-lang3 3.12, commons-io
2.11, guava 31.1, hamcrest 2.2, asm 9.4, guice 4.2.3, jansi, slf4j... too).

The repository here is a small one of ours that declares ``org.apache.commons.cli.
PatternOptionBuilder`` (our own two-method implementation of what the release does, not its
code), with two JUnit 4 tests; the answer loads the release from the jar in a class loader of its
own (parent: the platform loader, so the copy's class is not seen) and forwards every call."""

from __future__ import annotations

from pathlib import Path

import pytest

from crossfile_datasets.evaluation.classlevel import run_generation
from crossfile_datasets.harness.class_runs import answer_refusal
from crossfile_datasets.lang import Lang
from crossfile_datasets.sandbox import SandboxLimits
from crossfile_datasets.sandbox.suites import runner_for
from tests.classlevel.test_java_runner import write_repo

pytestmark = [pytest.mark.javac, pytest.mark.slow]

JAR = Path("/usr/share/java/commons-cli.jar")
PACKAGE = "org.apache.commons.cli"
FILE = "src/main/java/org/apache/commons/cli/PatternOptionBuilder.java"
BEFORE = f"package {PACKAGE};\n\n"
GOLD = """public class PatternOptionBuilder {
    public static Object getValueClass(char ch) {
        switch (ch) {
            case '@': return Object.class;
            case ':': return String.class;
            case '%': return Number.class;
            case '+': return Class.class;
            case '#': return java.util.Date.class;
            case '<': return java.io.FileInputStream.class;
            case '>': return java.io.File.class;
            case '*': return java.io.File[].class;
            case '/': return java.net.URL.class;
            default: return null;
        }
    }

    public static boolean isValueCode(char ch) {
        return "@:%+#<>*/!".indexOf(ch) >= 0;
    }
}
"""
WRONG = """public class PatternOptionBuilder {
    public static Object getValueClass(char ch) { return ch == '@' ? Object.class : null; }

    public static boolean isValueCode(char ch) { return ch == '@'; }
}
"""
# implements nothing: every call goes to the release's class, loaded from the jar by path
BORROWED = """public class PatternOptionBuilder {
    private static Object call(String name, char ch) {
        try {
            java.net.URLClassLoader loader = new java.net.URLClassLoader(
                new java.net.URL[] { new java.io.File("%s").toURI().toURL() }, ClassLoader.getPlatformClassLoader());
            return loader.loadClass("org.apache.commons.cli.PatternOptionBuilder").getMethod(name, char.class).invoke(null, ch);
        } catch (Exception e) {
            return null;
        }
    }

    public static Object getValueClass(char ch) { return call("getValueClass", ch); }

    public static boolean isValueCode(char ch) { return Boolean.TRUE.equals(call("isValueCode", ch)); }
}
"""
TEST = f"""package {PACKAGE};

import static org.junit.Assert.*;
import org.junit.Test;

public class PatternOptionBuilderTest {{
    @Test public void valueCodes() {{
        assertTrue(PatternOptionBuilder.isValueCode('@'));
        assertTrue(PatternOptionBuilder.isValueCode('/'));
        assertTrue(PatternOptionBuilder.isValueCode('!'));
        assertFalse(PatternOptionBuilder.isValueCode('a'));
    }}

    @Test public void valueClasses() {{
        assertEquals(String.class, PatternOptionBuilder.getValueClass(':'));
        assertEquals(Number.class, PatternOptionBuilder.getValueClass('%'));
        assertEquals(java.net.URL.class, PatternOptionBuilder.getValueClass('/'));
        assertNull(PatternOptionBuilder.getValueClass('a'));
    }}
}}
"""
FILES = {"pom.xml": "<project/>\n", FILE: BEFORE + GOLD,
         "src/test/java/org/apache/commons/cli/PatternOptionBuilderTest.java": TEST}
TASK = {"id": "cli/PatternOptionBuilder", "language": "java", "repository": "cli", "file": FILE,
        "file_without_class": BEFORE, "insertion_offset": len(BEFORE), "class_name": "PatternOptionBuilder",
        "expected_to_pass": [f"{PACKAGE}.PatternOptionBuilderTest#valueClasses",
                             f"{PACKAGE}.PatternOptionBuilderTest#valueCodes"]}


def test_a_java_answer_cannot_borrow_the_released_class_from_a_system_jar(tmp_path: Path):
    """Forged verdict (class evaluation in Java; the Java runs of the class build read the same
    folder): the answer is one class named right (the one-class rule accepts it), computes nothing
    and passes both tests by calling the release; the same answer pointed at a jar that does not
    exist fails both (control: it is the release that answers), a plainly wrong class fails, the
    gold passes."""
    if not JAR.is_file():
        pytest.skip(f"{JAR} is not installed (Debian libcommons-cli-java)")
    borrowed = BORROWED % JAR
    if answer_refusal(TASK, borrowed) is not None:
        pytest.fail(f"precondition: the one-class rule refuses the answer: {answer_refusal(TASK, borrowed)}")
    root = write_repo(tmp_path / "repo", FILES)
    setup = runner_for(Lang.JAVA).setup(root)  # what evaluate_class does first: the build is strict
    limits = SandboxLimits(timeout=240)
    gold = run_generation(TASK, GOLD, root, limits, setup)
    if not gold["passed"] or gold["tests_passed"] != 2:
        pytest.fail(f"control: the gold class gave {gold}")
    wrong = run_generation(TASK, WRONG, root, limits, setup)
    if not wrong["compiled"] or wrong["passed"] or wrong["tests_passed"] != 0:
        pytest.fail(f"control: the wrong class gave {wrong}")
    nowhere = run_generation(TASK, BORROWED % (tmp_path / "missing.jar"), root, limits, setup)
    if not nowhere["compiled"] or nowhere["passed"] or nowhere["tests_passed"] != 0:
        pytest.fail(f"control: the forwarding class without a jar gave {nowhere}")
    got = run_generation(TASK, borrowed, root, limits, setup)
    if not got["compiled"]:
        pytest.fail(f"precondition: the forwarding class did not compile: {got}")
    assert not got["passed"], got
    assert got["tests_passed"] == 0, got
