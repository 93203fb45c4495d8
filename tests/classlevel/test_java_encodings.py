"""Java sources in the encoding their build declares, or in a single-byte one (tuning case of
2026-11-27: a JUnit 3 repository's pom declared UTF-8 while four of its test files were
ISO-8859-1; javac run with ``-encoding UTF-8`` rejected them, "unmappable character", and they
were left out). The runner reads ``project.build.sourceEncoding`` / the compiler plugin's
``<encoding>`` (Maven), ``options.encoding`` (Gradle), ``<javac encoding=>`` (Ant); a file that
does not decode in it is read as windows-1252 / ISO-8859-1; either way javac gets a UTF-8 copy.
Real javac, JUnit runner and bubblewrap."""
from __future__ import annotations

from pathlib import Path

import pytest

from crossfile_datasets.builders.classlevel.build import count_adjustments
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.sandbox.suites import SuiteStatus
from crossfile_datasets.sandbox.suites import TestOutcome as Outcome
from crossfile_datasets.sandbox.suites.java import (JavaRunner, ant_encoding, declared_encodings, gradle_encodings,
                                                    source_encoding)

pytestmark = pytest.mark.javac

WORDS = """package demo;
public class Words {
    public String upper(String s) { return s.toUpperCase(java.util.Locale.ROOT); }
    public int length(String s) { return s.length(); }
}
"""
LATIN_TEST = """package demo;
import junit.framework.TestCase;
public class WordsTest extends TestCase {
    public void testUpper() { assertEquals("\u00c9T\u00c9", new Words().upper("\u00e9t\u00e9")); }
    public void testLength() { assertEquals(4, new Words().length("na\u00efv")); }
}
"""
PLAIN_TEST = """package demo;
import org.junit.Test;
import static org.junit.Assert.assertEquals;
public class PlainTest {
    @Test public void ascii() { assertEquals("AB", new Words().upper("ab")); }
}
"""


def write(root: Path, files: dict[str, bytes]) -> Path:
    for rel, data in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_bytes(data)
    return root


def test_declared_encodings_of_maven_gradle_and_ant(tmp_path):
    write(tmp_path / "m", {"pom.xml": b"<project><properties><project.build.sourceEncoding>ISO-8859-1"
                                      b"</project.build.sourceEncoding></properties></project>"})
    assert declared_encodings(tmp_path / "m") == {"main": "ISO-8859-1", "tests": "ISO-8859-1", "aux": "ISO-8859-1"}
    write(tmp_path / "p", {"pom.xml": b"<project><build><plugins><plugin><artifactId>maven-compiler-plugin</artifactId>"
                                      b"<configuration><encoding>Cp1252</encoding></configuration></plugin></plugins>"
                                      b"</build></project>"})
    assert declared_encodings(tmp_path / "p")["main"] == "Cp1252"
    write(tmp_path / "g", {"build.gradle": b"compileJava.options.encoding = 'UTF-8'\n"
                                          b"compileTestJava.options.encoding = \"ISO-8859-1\"\n"})
    assert declared_encodings(tmp_path / "g") == {"main": "UTF-8", "tests": "ISO-8859-1", "aux": "UTF-8"}
    write(tmp_path / "k", {"build.gradle.kts": b"tasks.withType<JavaCompile> { options.encoding = \"windows-1252\" }\n"})
    assert declared_encodings(tmp_path / "k")["tests"] == "windows-1252"
    write(tmp_path / "a", {"build.xml": b'<project><target name="c"><javac srcdir="src" encoding="iso-8859-1"/>'
                                        b"</target></project>"})
    assert declared_encodings(tmp_path / "a")["main"] == "iso-8859-1"
    assert declared_encodings(tmp_path / "none") == {}
    # a property reference or an unknown charset is no declaration
    write(tmp_path / "r", {"pom.xml": b"<project><properties><project.build.sourceEncoding>${enc}"
                                      b"</project.build.sourceEncoding></properties></project>"})
    assert declared_encodings(tmp_path / "r") == {}


def test_build_file_encodings_are_read_in_linear_time():
    """Red team 2026-11-28g row 3: the task name is looked for once on the setting's line, each
    ``<javac`` tag's end once (6,000 repeats took seconds, 60,000 take well under one)."""
    import time
    assert gradle_encodings("compileTestJava { x }; compileJava.options.encoding = 'A'\n"
                            "options.encoding='B'; compileJava.options.encoding = \"C\"\n") == [
        ("compileTestJava", "A"), ("", "B"), ("compileJava", "C")]
    assert ant_encoding('<javac srcdir="s"/><javac encoding="X">') == "X"
    assert ant_encoding('<javac a <javac encoding="Y"') == "Y" and ant_encoding("<javac>encoding='Z'") is None
    started = time.process_time()
    assert gradle_encodings("compileJava " * 60_000 + "\noptions.encoding = 'U'") == [("", "U")]
    assert ant_encoding("<javac " * 60_000) is None
    assert time.process_time() - started < 1.0


def test_source_encoding_follows_the_declaration_then_detects():
    latin = "caf\u00e9".encode("latin-1")
    assert source_encoding(b"ascii only", None) == ("utf-8", "")
    assert source_encoding("caf\u00e9".encode(), None) == ("utf-8", "")
    assert source_encoding(latin, None) == ("cp1252", "detected")
    assert source_encoding(latin, "UTF-8") == ("cp1252", "detected: not UTF-8 as declared")
    assert source_encoding(latin, "ISO-8859-1") == ("iso8859-1", "declared")
    # 0x81 is undefined in windows-1252: ISO-8859-1 takes every byte
    assert source_encoding(b"x\x81\xe9", None) == ("iso8859-1", "detected")


@pytest.mark.parametrize("pom", [None, "UTF-8", "ISO-8859-1"])
def test_iso_8859_1_test_files_run_instead_of_being_left_out(tmp_path, pom):
    files = {"src/main/java/demo/Words.java": WORDS.encode(),
             "src/test/java/demo/WordsTest.java": LATIN_TEST.encode("latin-1"),
             "src/test/java/demo/PlainTest.java": PLAIN_TEST.encode()}
    if pom:
        files["pom.xml"] = (f"<project><properties><project.build.sourceEncoding>{pom}"
                            f"</project.build.sourceEncoding></properties></project>").encode()
    root = write(tmp_path, files)
    run = JavaRunner().run(root)
    assert run.status is SuiteStatus.OK, run.log[-2000:]
    assert run.outcomes() == {"demo.PlainTest#ascii": Outcome.PASSED, "demo.WordsTest#testLength": Outcome.PASSED,
                              "demo.WordsTest#testUpper": Outcome.PASSED}, run.log[-2000:]
    assert "left_out_sources" not in run.adjustments
    recoded = run.adjustments["recoded_sources"]
    assert len(recoded) == 1 and recoded[0].startswith("src/test/java/demo/WordsTest.java: ")
    report = BuildReport()
    count_adjustments(run, JavaRunner(), report, "enc")
    assert report.stage("suites")["source_recoded"] == 1
