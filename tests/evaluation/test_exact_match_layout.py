"""Exact match's line test (``harness/scoring.code_lines``) with the layout the languages read:
a string literal that spans lines is compared as it is (red team 2026-11-29d row 4), and a
Python line that continues a logical line (inside brackets, after a backslash) is compared
without its indentation (row 3). ``harness/postprocess`` finds both with tree-sitter."""

from __future__ import annotations

import pytest

from crossfile_datasets.harness.postprocess import continuation_line_ends, normalize_completion
from crossfile_datasets.harness.scoring import code_lines, score_example
from crossfile_datasets.harness.syntax import parser_for, ts_language


def test_code_lines_keeps_a_multi_line_literal_whole_and_strips_code_around_it():
    text = 'x = """a  \n\n  b"""   \n  y = 1  '
    literal = (text.index('"""'), text.index('b"""') + 4)
    assert code_lines(text, literals=[literal]) == ['x = """a  \n\n  b"""', "y = 1"]
    assert code_lines(text) == ['x = """a', "b\"\"\"", "y = 1"]  # without literals: every line stripped


def test_code_lines_keeps_the_edges_of_a_literal_opened_in_the_prompt_or_still_open():
    assert code_lines("  a  \n  b", literals=[(-1, 10)]) == ["  a  \n  b"]


def test_code_lines_strips_the_indentation_of_python_continuation_lines_only():
    text = "f(a,\n      b)\n    c = 1"
    assert code_lines(text, "    return ", True, continued=[4]) == ["f(a,", "b)", "    c = 1"]
    assert code_lines(text, "    return ", True) == ["f(a,", "      b)", "    c = 1"]


def _ends(source: str) -> list[int]:
    data = source.encode()
    tree = parser_for(ts_language("python")).parse(data)
    return continuation_line_ends(tree.root_node, data, 0, len(data))


def test_continuation_line_ends_inside_brackets_and_after_a_backslash():
    assert _ends("x = f(a,\n  b)\ny = 1\n") == [8]
    assert _ends("x = [\n 1,\n]\n") == [5, 9]
    assert _ends("x = a + \\\n  b\ny = 2\n") == [9]
    assert _ends("if a:\n    b = (1)\n") == []


def test_a_backslash_ending_a_comment_continues_nothing():
    data = b"x = 1  # note \\\ny = 2\n"
    tree = parser_for(ts_language("python")).parse(data)
    comment = (data.index(b"#"), data.index(b"\n"))
    assert continuation_line_ends(tree.root_node, data, 0, len(data), [comment]) == []


def test_normalize_reports_literals_and_continuations_in_text_offsets():
    got = normalize_completion("python", "def f(a, b):\n    return ", 'g(a,  # the first\n   """x\n\n"""\n)\n')
    assert got.text[got.literals[0][0]:got.literals[0][1]] == '"""x\n\n"""'
    assert [got.text[p] for p in got.continued] == ["\n", "\n"]


def _em(language: str, prompt: str, groundtruth: str, prediction: str) -> float:
    record = {"prompt": prompt, "groundtruth": groundtruth, "right_context": "", "metadata": {"file": "f"}}
    return score_example(record, prediction, language).em


@pytest.mark.parametrize("language, prompt, groundtruth, wrong", [
    ("python", "def f():\n    return ", '"""a\n\nb"""\n', '"""a\nb"""\n'),
    ("java", "class A {\n  String f() {\n    return ", '"""\n      a\n\n      b""";\n', '"""\n      a\n      b""";\n'),
    ("typescript", "function f() {\n  return ", "`a\n    b`;\n", "`a\nb`;\n"),
    ("csharp", "class A {\n  string F() {\n    return ", '@"a\n\n    b";\n', '@"a\nb";\n'),
])
def test_another_multi_line_literal_is_not_an_exact_match(language, prompt, groundtruth, wrong):
    assert _em(language, prompt, groundtruth, groundtruth) == 100.0
    assert _em(language, prompt, groundtruth, wrong) == 0.0
    # code around the literal still compares CrossCodeEval's way: blanks at its line's edges do not count
    assert _em(language, prompt, groundtruth, groundtruth.rstrip("\n") + "   \n") == 100.0


def test_python_continuation_indent_does_not_count_but_statement_indent_does():
    prompt = "def f(a, b):\n    return "
    assert _em("python", prompt, "g(a,\n      b)\n", "g(a,\n  b)\n") == 100.0
    assert _em("python", prompt, "a + \\\n      b\n", "a + \\\n  b\n") == 100.0
    # a line that starts a statement keeps its indentation (red team 2026-11-27f row 3)
    assert _em("python", prompt, "g(a, b)\n", "g(a, b)\n") == 100.0
    loop = "def f(a, b):\n    for x in a:\n        b += x\n    "
    assert _em("python", loop, "return b\n", "    return b\n") == 0.0  # into the loop
