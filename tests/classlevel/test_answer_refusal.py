"""An answer brings only its class (red team 5, rows 1, 5, 6): ``harness.class_runs.answer_refusal``
parses what the placement would put at the insertion point and refuses anything but one
top-level type named like the task's class. Fast: tree-sitter only, no runner (the runs are
``tests/hostile/redteam5/test_csharp.py`` and ``test_java.py``)."""

from __future__ import annotations

import pytest

from crossfile_datasets.harness.class_runs import answer_refusal, java_charset_refusal, run_placed
from crossfile_datasets.sandbox import SandboxLimits

JAVA = {"language": "java", "class_name": "Calc"}
CSHARP = {"language": "csharp", "class_name": "Calc"}

ACCEPTED = [
    (JAVA, "public class Calc {\n    public int add(int a, int b) { return a + b; }\n}\n"),
    (JAVA, "```java\npackage demo;\nimport java.util.List;\n\n/** Adds. */\n@Deprecated\n"
           "public final class Calc<T extends Comparable<T>> implements Runnable {\n"
           "    private static class Inner { }\n    public void run() { String s = \"\\u00e9 }\"; }\n}\n```\nDone."),
    (JAVA, "// the class\npublic record Calc(int a) { }\n"),
    # literals and comments javac and tree-sitter delimit alike (red team 7 row 2's check)
    (JAVA, "public class Calc {\n String a = \"/* \"; char c = '\"'; char d = '\\''; // x\n String b = \" */\";"
           " /* y */\n String t = \"\"\"\n  hi \\\"\"\" // there\n  \"\"\"; }\n"),
    (CSHARP, "using System;\nusing System.Linq;\n\n/// <summary>Adds.</summary>\n[Serializable]\n"
             "public sealed partial class Calc<T> : IDisposable where T : new()\n{\n    public void Dispose() { }\n"
             "    private class Assert { }\n}\n"),
    (CSHARP, "#region Calc\npublic struct Calc { public int X; }\n#endregion\n"),
    # a line separator in a verbatim string is text to both readers
    (CSHARP, "public class Calc {\n    string s = @\"a\u2028} class B {\";\n}\n"),
    # conditional compilation inside the class (red team 7 row 4): one type whatever is defined
    (CSHARP, "public class Calc\n{\n    public int Add(int a, int b)\n    {\n#if TRACE_CALLS\n"
             "        System.Console.WriteLine(\"Add\");\n#elif !DEBUG && NET45\n        a++;\n#else\n"
             "        a--;\n#endif // TRACE_CALLS\n        return a + b;\n    }\n#pragma warning disable 1 // a reason\n}\n"),
]
REFUSED = [
    (JAVA, "public class Calc { }\nclass Check { static void same(int e, int a) { } }\n", "2 top-level types"),
    (JAVA, "public class Calc { }\n}\nclass Check { }\n", "besides the class"),
    # javac translates \u000a before lexing: the comment ends, a second class follows
    (JAVA, "public class Calc { // x \\u000a } class Check {\n}\n", "2 top-level types"),
    (JAVA, "public class Other { }\n", "not 'Calc'"),
    # red team 7 row 2: a comment inside a text block is a comment to tree-sitter, text to javac
    (JAVA, "public class Calc {\n static final String NOTE = \"\"\"\n/* \"\"\"; }\nclass Assert { }\n"
           "class Pad { static final String NOTE = \"\"\"\n*/ \"\"\"; }\n", "tree-sitter reads otherwise"),
    (JAVA, "public class Calc { int x = ; }\n", "syntax error"),
    (CSHARP, "public class Calc { }\npublic static class Assert { public static void AreEqual(object e, object a) { } }\n",
     "2 top-level types"),
    (CSHARP, "public class Calc { }\n}\nnamespace NUnit.Framework\n{\n    public static class Assert { }\n", "besides"),
    (CSHARP, "public class Calc {\n#if NEVER\n}\n#endif\n}\n", "conditional compilation"),
    (CSHARP, "public class Calc { }\n[assembly: System.Reflection.AssemblyTitle(\"x\")]\n", "besides"),
    (CSHARP, "", "0 top-level types"),
    # red team 7 row 1: a form feed or vertical tab before #if (mcs obeys it), a /* on a #region,
    # #warning or #pragma line (mcs reads it as the directive's text, tree-sitter as a comment)
    (CSHARP, "public class Calc {\n\f#if NEVER\n/*\n\f#endif\n}\npublic static class Assert { }\n"
             "public class Pad {\n\f#if NEVER\n*/\n\f#endif\n}\n", "may read differently"),
    (CSHARP, "public class Calc {\n\v#if NEVER\n}\n\v#endif\n}\n", "may read differently"),
    (CSHARP, "public class Calc {\n    #region notes /*\n}\npublic static class Assert { }\npublic class Pad {\n"
             "    #endregion */\n}\n", "block comment token on the #region line"),
    (CSHARP, "public class Calc {\n#warning x /*\n}\nclass Assert { }\nclass Pad {\n#warning */\n}\n", "block comment"),
    (CSHARP, "public class Calc {\n#pragma warning disable 1 /*\n}\nclass Assert { }\nclass Pad {\n*/\n}\n",
     "block comment"),
    # a second type in a branch: refused whichever branch the build takes
    (CSHARP, "public class Calc { }\n#if NEVER\npublic static class Assert { }\n#endif\n", "2 top-level types"),
    (CSHARP, "public class Calc {\n#if A\n}\nclass Assert { }\nclass Pad {\n#endif\n}\n", "conditional compilation"),
    # red team 2026-11-29g row 7: the texts of the assignments are parsed one from the other
    # (incrementally, in one bounded child): a type that only some later assignment shows is found
    (CSHARP, "public class Calc {\n#if A\n int a;\n#endif\n#if B\n int b;\n#endif\n#if C\n}\nclass Assert { }\n"
             "class Pad {\n#endif\n}\n", "(with conditional compilation"),
    (CSHARP, "public class Calc {\n#if C\n int c;\n#endif\n#if A\n#if !B\n}\nclass Assert { }\nclass Pad {\n"
             "#endif\n#endif\n}\n", "(with conditional compilation"),
    # a directive line inside a verbatim string for tree-sitter (and mcs), a directive for active_code
    (CSHARP, "public class Calc {\n string s = @\"\n#if A\n\";\n}\n#endif\n", "tree-sitter reads as"),
    (CSHARP, "public class Calc {\n#define A\n}\n", "#define"),
    (CSHARP, "public class Calc {\n#if A\f#endif\n}\n", "form feed"),
    # red team 16 row 2: mcs ends a // comment at U+2028/U+2029 (C#'s new-line characters)
    (CSHARP, "public class Calc {\n    // notes\u2028} public static class Assert { }\npublic class Pad {\n}\n",
     "3 top-level types"),
    (CSHARP, "public class Calc {\n    // notes\u2029} public static class Assert { }\npublic class Pad {\n}\n",
     "3 top-level types"),
]


ACCEPTED.append((CSHARP, "public class Calc\n{\n" + "".join(f"#if S{i}\n    int g{i};\n#endif\n" for i in range(6))
                 + "    int f = 1;\n}\n"))


@pytest.mark.parametrize("task,answer", ACCEPTED, ids=[f"accepted{i}" for i in range(len(ACCEPTED))])
def test_an_answer_that_is_its_class_is_placed(task, answer):
    assert answer_refusal(task, answer) is None


@pytest.mark.parametrize("task,answer,why", REFUSED, ids=[f"refused{i}" for i in range(len(REFUSED))])
def test_an_answer_with_anything_besides_its_class_is_refused(task, answer, why):
    refusal = answer_refusal(task, answer)
    assert refusal is not None and why in refusal, refusal


def test_python_answers_are_placed_as_they_are():
    assert answer_refusal({"language": "python", "class_name": "Calc"}, "import os\n\ndef helper():\n    pass\n\n"
                                                                       "class Calc:\n    pass\n") is None


def test_a_refused_answer_is_never_copied_or_run(tmp_path):
    """``run_placed`` refuses before it copies the repository (a folder that does not exist is
    never read) and names the status the evaluation counts."""
    task = {**CSHARP, "file": "Calc.cs", "file_without_class": "namespace Demo\n{\n}\n", "insertion_offset": 17,
            "expected_to_pass": ["Demo.T.A"]}
    answer = next(a for t, a, why in REFUSED if t is CSHARP and why == "2 top-level types")
    compiled, run = run_placed(task, answer, tmp_path / "missing", SandboxLimits(timeout=5))
    assert run is None and compiled.reason.startswith("answer_not_one_class: 2 top-level types"), compiled


@pytest.mark.parametrize("language", ["python", "java", "csharp"])
def test_an_answer_over_the_size_cap_is_refused_and_counted(tmp_path, language):
    """Red team 7 (left open): no size cap per class answer; a huge answer was copied, parsed
    (guarded, up to PARSE_MAX_SECONDS), compiled on the host (Python) and run. Over
    ``CLASS_ANSWER_MAX_BYTES`` it is refused before any parse, copy or run, under its own status
    (``generations/answer_too_large``), counted as not compiled; one byte less is placed as usual
    (here: a Python answer that compiles reaches the copy of a folder that does not exist)."""
    from crossfile_datasets.core import constants as C
    from crossfile_datasets.evaluation.classlevel import run_generation

    ext = {"python": "py", "java": "java", "csharp": "cs"}[language]
    task = {"language": language, "class_name": "Calc", "file": f"Calc.{ext}", "file_without_class": "",
            "insertion_offset": 0, "expected_to_pass": ["t"]}
    head = {"python": "class Calc:\n    pass\n#", "java": "class Calc { }\n//", "csharp": "class Calc { }\n//"}[language]
    huge = head + "é" * ((C.CLASS_ANSWER_MAX_BYTES - len(head)) // 2 + 1)  # over the cap in UTF-8 bytes only
    assert len(huge) <= C.CLASS_ANSWER_MAX_BYTES < len(huge.encode("utf-8"))
    row = run_generation(task, huge, tmp_path / "missing", SandboxLimits(timeout=5))
    assert row["status"] == "answer_too_large" and not row["compiled"] and not row["passed"], row
    assert "CLASS_ANSWER_MAX_BYTES" in row["detail"]
    if language == "python":
        under = head + "x" * (C.CLASS_ANSWER_MAX_BYTES - len(head))
        with pytest.raises(FileNotFoundError):  # past the cap's check: the copy of the missing folder
            run_placed(task, under, tmp_path / "missing", SandboxLimits(timeout=5))


def test_a_java_class_with_a_lone_surrogate_escape_is_read_not_crashed_on():
    """nanojson (held-out 13): ``c >= '\\ud800' && c <= '\\udbff'`` in JsonTokener; javac reads the
    escape as a lone UTF-16 surrogate, and so does the rule (``translate_java_escapes``); encoding
    that to UTF-8 raised UnicodeEncodeError, which no gate caught: the repository was
    ``repositories/failed``. The rule reads it (surrogatepass) and judges the class as any other."""
    body = ("public class Calc {\n    boolean high(char c) { return c >= '\\ud800' && c <= '\\udbff'; }\n"
            "    String s = \"\\udc80\"; // \\ud800\n}\n")
    assert answer_refusal(JAVA, body) is None
    assert "2 top-level types" in answer_refusal(JAVA, body + "class Check { char c = '\\ud800'; }\n")


def test_a_java_nul_escape_in_a_literal_or_comment_is_read_as_javac_reads_it():
    """json-simple (held-out 14): ``(c >= '\\u0000') && (c <= '\\u001F')`` in Jsoner's escape; javac
    reads the escape as a NUL inside the literal, tree-sitter-java read the translated raw NUL as
    an ``ERROR`` and the gold class was ``tasks/reference_refused``. In a literal or a comment the
    NUL is one more character; outside them javac rejects it, and so does the rule."""
    body = ("public class Calc {\n    boolean control(char c) { return (c >= '\\u0000') && (c <= '\\u001F'); }\n"
            "    String s = \"a\\u0000b\"; /* \\u0000 */ // \\u0000\n}\n")
    assert answer_refusal(JAVA, body) is None
    assert "2 top-level types" in answer_refusal(JAVA, body + "class Check { char c = '\\u0000'; }\n")
    assert answer_refusal(JAVA, "public class Calc {\n    int x\\u0000;\n}\n") is not None


@pytest.mark.parametrize("end", ["\r\n", "\r", "\\u000d\\u000a", "\\u000d"], ids=["crlf", "cr", "escaped_crlf", "escaped_cr"])
def test_a_java_line_comment_ends_at_any_line_end_javac_takes(end):
    """EsotericSoftware/reflectasm (class held-out 16): a class written with CR LF line ends and a
    ``//`` comment was refused as its own reference (``tasks/reference_refused``): javac's scanner
    ended the comment before the CR, tree-sitter-java's comment ran through it, and the token check
    compares bounds. CR LF and a lone CR (JLS 3.4) are line ends to both readers now; what follows
    a comment ended by one is still read, and a second class there refused."""
    body = f"public class Calc {{{end}  // x{end}  int f() {{ return 1; }}{end}}}{end}"
    assert answer_refusal(JAVA, body) is None
    assert "2 top-level types" in answer_refusal(JAVA, f"public class Calc {{{end}  // x{end}}} class Check {{{end}}}{end}")


GBK_POM = ("<project>\n  <properties>\n    <project.build.sourceEncoding>GBK</project.build.sourceEncoding>\n"
           "  </properties>\n</project>\n")
JAVA_TASK = {**JAVA, "file": "src/main/java/demo/Calc.java", "file_without_class": "package demo;\n\n\n",
             "insertion_offset": 15, "expected_to_pass": ["demo.CalcTest#adds"]}
# UTF-8: one class holding a string with two escaped quotes. GBK reads E2 82 / AC 5C: the backslash
# is swallowed, the string ends, `}` closes Calc and two more classes follow (red team 16 row 1)
EURO_HIDDEN = ('public class Calc {\n    static final String NOTE = "\u20ac\\"; } class Assert { } class Pad { /*"; // */\n'
               '}\n')


def test_a_java_answer_is_checked_as_javac_reads_it_in_the_declared_charset(tmp_path):
    """Red team 16 row 1: the placed file is decoded in the build's declared charset before javac
    (``sandbox.suites.java._recode``); the one-class rule reads the answer so too, before any copy
    or run. The same answer in a repository without the declaration is one class; in GBK a
    correct answer with non-ASCII text in a literal and a comment is placed as before."""
    gbk = tmp_path / "gbk"
    gbk.mkdir()
    (gbk / "pom.xml").write_text(GBK_POM)
    plain = tmp_path / "plain"
    plain.mkdir()
    assert answer_refusal(JAVA_TASK, EURO_HIDDEN) is None  # UTF-8: one class
    assert java_charset_refusal(JAVA_TASK, EURO_HIDDEN, plain) is None
    why = java_charset_refusal(JAVA_TASK, EURO_HIDDEN, gbk)
    assert why is not None and "3 top-level types" in why and "gbk" in why, why
    compiled, run = run_placed(JAVA_TASK, EURO_HIDDEN, gbk, SandboxLimits(timeout=5))
    assert run is None and compiled.reason.startswith("answer_not_one_class: 3 top-level types"), compiled
    fine = 'public class Calc {\n    // \u6d4b\u8bd5\n    String s = "\u6d4b\u8bd5";\n}\n'  # decodes in GBK (mojibake)
    assert fine.encode("utf-8").decode("gbk") != fine
    assert java_charset_refusal(JAVA_TASK, fine, gbk) is None
