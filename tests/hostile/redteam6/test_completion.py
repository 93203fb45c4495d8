"""The completion evaluation's exact match (and the model filter's, which shares it) compares
the lines of prediction and groundtruth after ``str.strip()``: what the strip removes is not
what the language ignores."""

from __future__ import annotations

import pytest

from crossfile_datasets.harness.scoring import score_example

PROMPT = "def total(xs):\n    s = 0\n    for x in xs:\n        s += x\n    "
RECORD = {"prompt": PROMPT, "groundtruth": "return s\n", "metadata": {"file": "acc/total.py"}}


def _behaviour(code: str):
    """What ``total([1, 2, 3])`` gives for the prompt + ``code``, or the compiler's refusal."""
    namespace: dict = {}
    try:
        exec(compile(PROMPT + code, "total.py", "exec"), namespace)  # our own fixture text, never a prediction of a run
    except SyntaxError as exc:
        return f"SyntaxError: {exc.msg}"
    return namespace["total"]([1, 2, 3])


@pytest.mark.parametrize("prediction", [
    "    return s",        # four more spaces: the return moves into the loop (total([1, 2, 3]) is 1, not 6)
    "return s\u00a0",      # a no-break space at the end: Python refuses the file (invalid non-printable character)
    "\u3000return s",      # an ideographic space as indentation: refused too
], ids=["into_the_loop", "no_break_space", "ideographic_space"])
def test_a_prediction_that_changes_or_breaks_the_program_is_not_an_exact_match(prediction):
    """Wrong scored right (``evaluate-predictions completion``; the build's ``--model-filter``
    drops an example the model "already gets exactly right" by the same test). ``code_lines``
    keeps ``line.strip()`` of every line: Unicode whitespace at either end (U+00A0, U+3000,
    U+2028, U+0085, the ASCII separators 0x1C-0x1F) and all indentation are dropped before the
    comparison, so a prediction whose statement lands in another block (Python: the indentation
    is the block) or that does not compile at all is an exact match, and its edit similarity and
    identifier match are 100 too. postprocess.py's docstring lists CrossCodeEval's defects it
    fixed; this one was kept. Contained: exact match strips ASCII blanks only, keeps Python's
    indentation and refuses a prediction Python does not compile where the groundtruth compiles."""
    expected, got = _behaviour("return s\n"), _behaviour(prediction + "\n")
    if expected != 6 or got == expected:
        pytest.fail(f"fixture: the groundtruth gives {expected!r}, the prediction {got!r}")
    score = score_example(RECORD, prediction, "python", "acc/0")
    assert score.em == 0.0, (prediction, got, score.em, score.es)


def test_a_prediction_that_only_python_refuses_is_not_an_exact_match():
    """Lines equal after the ASCII strip, but a blank after a line continuation: Python refuses
    the prediction (``unexpected character after line continuation character``), the
    groundtruth compiles."""
    record = {"prompt": PROMPT, "groundtruth": "return s + \\\n        0\n", "metadata": {"file": "acc/total.py"}}
    assert _behaviour(record["groundtruth"]) == 6
    prediction = "return s + \\ \n        0\n"
    assert _behaviour(prediction).startswith("SyntaxError")
    assert score_example(record, record["groundtruth"], "python").em == 100.0
    assert score_example(record, prediction, "python").em == 0.0


@pytest.mark.parametrize("lang, prompt, groundtruth, prediction, em", [
    ("python", PROMPT, "return s\n", "return s \t\n\n", 100.0),        # trailing blanks, a blank line
    ("python", PROMPT, "return s\n", "\n    return s\n", 100.0),        # a line end, then the prompt's indentation
    ("python", "def f(x):\n    y = ", "x + 1\n", "  x + 1\n", 100.0),  # blanks inside a line that holds code
    ("python", PROMPT, "return s\n", "\treturn s\n", 0.0),              # a tab more: another block
    ("java", "class A {\n  int f() {\n    return ", "1;", "  1;\t", 100.0),   # Java: blanks at either end
    ("java", "class A {\n  int f() {\n    return ", "1;", "\u00a01;", 0.0),  # not a blank javac allows
], ids=["trailing_blanks", "line_end_first", "inside_a_line", "tab_indent", "java_blanks", "java_no_break_space"])
def test_exact_match_ignores_only_what_the_language_ignores(lang, prompt, groundtruth, prediction, em):
    record = {"prompt": prompt, "groundtruth": groundtruth, "metadata": {"file": "a/b.java" if lang == "java" else "a/b.py"}}
    assert score_example(record, groundtruth, lang).em == 100.0
    assert score_example(record, prediction, lang).em == em
