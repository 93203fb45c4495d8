"""Row 4's audit: the patterns the host runs over model answers (placing a class or a function)
and over repository text (signatures, TypeScript lines) work in time linear in their input.
Each is measured as a growth ratio (``growth``: about 8 when linear, about 64 when quadratic),
never against a wall clock; each also keeps the verdicts of the pattern it replaced."""

from __future__ import annotations

import pytest

from crossfile_datasets.harness.placement import strip_fences
from crossfile_datasets.lang import get_language
from crossfile_datasets.lang.python import _optional_inner, _return_annotation
from crossfile_datasets.lang.typescript import _chain_root
from tests.hostile.redteam2.conftest import growth

LINEAR = 24  # a growth ratio above this, for 8 times the input, is not linear work


def _ratio(call, make, n=4000):
    ratio = growth(call, make, n)
    if ratio >= LINEAR and isinstance(make(1), str):
        # a slow verdict is checked against copying the same texts, measured the same way: late
        # in a long test process (the clean-clone CI of 2026-11-28, test 1,100 of 1,500) copying
        # 32 kB cost far more than 8 times copying 4 kB (allocation, page faults), and an
        # obviously linear `str.partition` measured 39; quadratic work stays about 8 times
        # above the copy's growth whatever inflates both
        copying = growth(lambda text: "".join((text, "!")), make, n)
        print(f"growth ratio {ratio:.1f}, copying the same texts {copying:.1f}")
        ratio = ratio * 8 / max(copying, 8)
    print(f"growth ratio {ratio:.1f}")
    return ratio


@pytest.mark.parametrize("language, directive", [("csharp", "using"), ("java", "import")])
def test_placing_a_class_after_a_blank_run_is_linear(language, directive):
    support = get_language(language)
    head = "package app;\n" if language == "java" else "namespace App\n{\n"
    code = "public class Calc { int Add(int a, int b) { return a + b; } }"
    answer = lambda blanks: f"{directive}{' ' * blanks}\n{directive} {' ' * blanks}x\n{code}"
    placed = support.place_class(head, len(head), answer(10))
    assert code in placed
    assert _ratio(lambda text: support.place_class(head, len(head), text), answer) < LINEAR


def test_import_lines_keep_their_verdicts():
    csharp, java = get_language("csharp"), get_language("java")
    placed = csharp.place_class("namespace App\n{\n", 14, "using   static  System.Math ;\nusing X = Y.Z;\npublic class C { }")
    assert "using   static  System.Math ;" in placed.split("\n")[0] and "using X = Y.Z;" in placed
    assert not csharp._header_line("using (var x = Open()) { }")
    assert java._header_line("  import static   java.util.List.*  ;") and not java._header_line("import ;")


def test_stripping_fences_from_a_blank_run_is_linear():
    assert _ratio(strip_fences, lambda n: "```" + " " * n + "x") < LINEAR
    # red team 3 row 3: the `def` search in a fenced block of blank lines
    assert _ratio(strip_fences, lambda n: "```python\n" + "\n" * n) < LINEAR


def test_fences_keep_their_verdicts():
    assert strip_fences("text\n```python\nx = 1\n```\n```py\n\n  async  def f():\n  pass\n```") == "\n  async  def f():\n  pass\n"
    assert strip_fences("``` c++ \nint x;\n```") == "int x;\n"
    assert strip_fences("```python 3\nx\n```") == "```python 3\nx\n```"  # not an info string
    assert strip_fences("```\ndef\nx\n``` and ```\ny") == "def\nx\n"
    assert strip_fences("````\nx") == "x"


def test_reading_a_long_return_annotation_is_linear():
    assert _ratio(_return_annotation, lambda n: "def f() -> x" + " " * n + "y") < LINEAR
    assert _ratio(_optional_inner, lambda n: "Optional[x" + " " * n + "y") < LINEAR
    assert _return_annotation("def f(a) -> \n  Optional[ Parsed ] ") == "Optional[ Parsed ]"
    assert _return_annotation("def f(a)") is None and _return_annotation("def f() ->  ") is None
    assert _optional_inner("typing.Optional[ Parsed ]") == "Parsed" and _optional_inner("Optional[ ]") is None


def test_the_member_chain_before_a_column_is_linear():
    assert _ratio(lambda line: _chain_root(line, len(line)), lambda n: "a" * n + "x") < LINEAR
    assert _ratio(lambda line: _chain_root(line, len(line)), lambda n: "a ." * n + " ") < LINEAR
    assert _chain_root("x = foo . bar.baz. ", 19) == "foo" and _chain_root("9abc.d.", 7) == "abc"
    assert _chain_root("a.9b.", 5) == "b" and _chain_root("f(a, b).", 8) is None and _chain_root("this.x", 6) is None


# Red team 3 row 4: `^\s*` under re.M crossed line ends, so every line start of a blank run rescanned
# the rest of the run. Each host pattern of that shape is now `^[^\S\n]*`; these are its users.
def test_the_llm_answer_import_search_is_linear():
    from crossfile_datasets.builders.executable.testgen import llm_programs

    answer = lambda n: "```python\n" + " \n" * n + "```\n"
    assert _ratio(lambda text: llm_programs(text, "pkg.cart", "total", None, "shop/1"), answer, n=2000) < LINEAR
    programs = llm_programs("```python\n \nif True:\n \t from pkg.cart import x, total\ndef test_a():\n    assert total([]) == 0\n```",
                            "pkg.cart", "total", None, "shop/1")
    assert programs and "from pkg.cart import total\n" not in programs[0].source


def test_test_framework_searches_over_a_file_of_blank_lines_are_linear():
    from crossfile_datasets.sandbox.suites.csharp import _frameworks_of
    from crossfile_datasets.sandbox.suites.java import _PACKAGE_LINE, source_set

    blank = lambda n: " \n" * n + "class A {}\n"
    assert _ratio(lambda text: source_set("src/A.java", text), blank) < LINEAR
    assert _ratio(lambda text: _PACKAGE_LINE.search(text), blank) < LINEAR
    assert _ratio(_frameworks_of, blank) < LINEAR
    assert source_set("src/A.java", "\n \n\t import static org.junit.Assert.*;\n") == "tests"
    assert source_set("src/A.java", "// import org.junit.Test;\n") == "main"
    assert _PACKAGE_LINE.search("\n\n  package a.b ;\n").group(1) == "a.b"
    assert _frameworks_of("\r\n  using NUnit.Framework;\n\tusing Xunit;\n") == {"nunit", "xunit"}
    assert _frameworks_of("// using Xunit;\n") == set()
