"""The completion evaluation reads a Java prediction with tree-sitter-java, which does not
translate unicode escapes; javac translates every ``\\uXXXX`` before it splits the text into tokens
(JLS 3.3). A block comment whose end is written ``\\u002a/`` ends there for javac, and runs on to
the next ``*/`` for tree-sitter: whatever lies between is code for javac and comment for the
metrics, which remove comments before comparing (``harness/postprocess.normalize_completion``)."""

from __future__ import annotations

import shutil
import sys
import subprocess
from pathlib import Path

import pytest

from crossfile_datasets.harness.scoring import score_example

PROMPT = """public class Pick {
    static int pick(int x) {
        """
END = "\n    }\n    public static void main(String[] args) { System.out.println(pick(6)); }\n}\n"
GROUNDTRUTH = "return x;\n"
# for javac: `return /* */ -1; //*/ x;`, the rest of the line a comment; for tree-sitter-java:
# `return` + one block comment `/* \u002a/ -1; //*/` + ` x;`
PREDICTION = "return/* \\u002a/ -1; //*/ x;\n"


def _output(folder: Path, path: str, text: str) -> str:
    """What our fixture program ``text`` (never a prediction of a run), saved as ``folder/path``,
    prints when run by CPython or by the Java source launcher."""
    tool = sys.executable if path.endswith(".py") else shutil.which("mcs" if path.endswith(".cs") else "java")
    if tool is None:
        pytest.fail("precondition: no java or mcs on this machine (scripts/setup.sh installs them)")
    folder.mkdir()
    (folder / path).write_text(text, newline="", encoding="utf-8")
    if path.endswith(".cs"):  # compiled by mcs, run by mono
        built = subprocess.run([tool, "-out:t.exe", path], cwd=folder, capture_output=True, text=True, timeout=300)
        if built.returncode != 0:
            pytest.fail(f"precondition: the fixture {path} does not compile: {built.stdout[-500:]}")
        tool, path = shutil.which("mono") or "mono", "t.exe"
    done = subprocess.run([tool, path], cwd=folder, capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        pytest.fail(f"precondition: the fixture {path} does not run: {done.stderr[-500:]}")
    return done.stdout.strip()


@pytest.mark.slow
def test_a_unicode_escaped_comment_end_cannot_hide_code_from_exact_match(tmp_path: Path):
    """Wrong scored right (``evaluate-predictions completion``; the build's ``--model-filter``
    shares ``score_example``). The prediction returns -1 where the groundtruth returns ``x``
    (both compiled and run: 6 against -1), and exact match, edit similarity and identifier match
    are all 100: after tree-sitter's comment is cut out the text is ``return x;``, the
    groundtruth's. The compile check (``_compiles_where_groundtruth_does``) cannot tell: Java has
    no in-process compiler (``compiles`` is None). Red team 6 row 2 hid a class behind ``\\u000a``
    in a class answer (``answer_refusal`` now translates escapes); red team 7 row 6 glued tokens
    with an empty comment: replacing a comment by a blank (its advised fix) does not reach this."""
    if _output(tmp_path / "gt", "Pick.java", PROMPT + GROUNDTRUTH + END) != "6" \
            or _output(tmp_path / "pred", "Pick.java", PROMPT + PREDICTION + END) != "-1":
        pytest.fail("precondition: the groundtruth should print 6 and the prediction -1")
    record = {"prompt": PROMPT, "groundtruth": GROUNDTRUTH, "metadata": {"file": "Pick.java"}}
    score = score_example(record, PREDICTION, "java", "pick/0")
    if score.target != "return x;":
        pytest.fail(f"precondition: the groundtruth normalizes to {score.target!r}")
    assert score.em == 0.0, (score.prediction, score.target, score.em, score.es, score.id_em)


# A bare carriage return ends a line comment for CPython (its tokenizer reads \r as a line end)
# and for javac (JLS 3.4), not for tree-sitter-python or tree-sitter-java, whose comments run to
# the next \n: what follows the \r is code for the compiler, comment for the metrics. The
# groundtruth is a call written on two lines (common in real code); the prediction puts
# `-1 *` before the second argument, behind `#\r` (Python) or `//\r` (Java).
CR_CASES = {
    "python": ("def add(a, b):\n    return a + b\n\ndef total(x, y):\n    ",
               "return add(x,\n               y)\n", "return add(x, #\r -1 *\n               y)\n",
               "\nprint(total(2, 3))\n", "m.py"),
    "java": ("public class T {\n    static int add(int a, int b) { return a + b; }\n"
             "    static int total(int x, int y) {\n        ",
             "return add(x,\n                   y);\n", "return add(x, //\r -1 *\n                   y);\n",
             "\n    }\n    public static void main(String[] a) { System.out.println(total(2, 3)); }\n}\n", "T.java"),
    # the same shape where tree-sitter ends the comment at \r too (contained: regression guards)
    "csharp": ("class T {\n    static int Add(int a, int b) { return a + b; }\n    static int Total(int x, int y) {\n        ",
               "return Add(x,\n                   y);\n", "return Add(x, //\r -1 *\n                   y);\n", "", "T.cs"),
    "typescript": ("function add(a: number, b: number): number { return a + b; }\n"
                   "function total(x: number, y: number): number {\n  ",
                   "return add(x,\n             y);\n", "return add(x, //\r -1 *\n             y);\n", "", "t.ts"),
}


def _cr_score(lang: str):
    prompt, groundtruth, prediction, _, path = CR_CASES[lang]
    record = {"prompt": prompt, "groundtruth": groundtruth, "metadata": {"file": path}}
    score = score_example(record, prediction, lang, f"total/{lang}")
    if score.target != groundtruth.rstrip("\n"):
        pytest.fail(f"precondition: the groundtruth normalizes to {score.target!r}")
    return score


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["python", "java"])
def test_a_carriage_return_cannot_hide_code_in_a_comment_from_exact_match(tmp_path: Path, lang: str):
    """Wrong scored right (``evaluate-predictions completion``, the build's ``--model-filter``):
    ``add(x, #\\r -1 * y)`` multiplies the second argument by -1 for the interpreter and the
    compiler (both fixtures run: 5 against -1), and is ``add(x, y)`` for the metrics, whose
    comment (tree-sitter's) runs to the line's ``\\n``; exact match and identifier match are 100.
    In Python the compile check runs (the kept texts differ) and CPython compiles the prediction:
    it has nothing to refuse. Red team 7 saw bare CRs in *class answers* (contained there by
    ``run_placed``'s fall-back); the completion metrics have no such fall-back."""
    prompt, groundtruth, prediction, end, path = CR_CASES[lang]
    if _output(tmp_path / "gt", path, prompt + groundtruth + end) != "5" \
            or _output(tmp_path / "pred", path, prompt + prediction + end) != "-1":
        pytest.fail("precondition: the groundtruth should print 5 and the prediction -1")
    score = _cr_score(lang)
    assert score.em == 0.0, (score.prediction, score.target, score.em, score.es, score.id_em)


@pytest.mark.parametrize("lang", ["csharp", "typescript"])
def test_a_carriage_return_in_a_comment_is_a_line_end_where_tree_sitter_says_so(lang: str):
    """Contained: tree-sitter-c-sharp and tree-sitter-typescript end a line comment at a bare CR,
    as mcs and tsc do, so the code behind it stays in the compared text (EM 0)."""
    score = _cr_score(lang)
    assert score.em == 0.0, (score.prediction, score.target)


CS_MAIN = "\n    }\n    static void Main() { System.Console.WriteLine(Total(2, 3)); }\n}\n"


@pytest.mark.slow
@pytest.mark.parametrize("end", ["\u2028", "\u2029"], ids=["line_separator", "paragraph_separator"])
def test_a_unicode_line_separator_ends_a_csharp_comment_as_mcs_says(tmp_path: Path, end: str):
    """Found while checking row 4's C# case (not red team 8's own row): mcs ends a line comment at
    U+2028 and U+2029 (C#'s new-line characters), tree-sitter-c-sharp does not; before the fix
    ``Add(x, //<U+2028> -1 * y)`` (5 against -1 when run) scored EM 100. Contained since the
    metrics read the text as mcs does (``harness.syntax.as_compiler_reads``). U+0085, a new-line
    character of the C# specification, does not end mcs's comment (the fixture prints 5): left
    as tree-sitter reads it."""
    prompt, groundtruth, _, _, path = CR_CASES["csharp"]
    prediction = f"return Add(x, //{end} -1 *\n                   y);\n"
    if _output(tmp_path / "gt", path, prompt + groundtruth + CS_MAIN) != "5" \
            or _output(tmp_path / "pred", path, prompt + prediction + CS_MAIN) != "-1":
        pytest.fail("precondition: the groundtruth should print 5 and the prediction -1")
    record = {"prompt": prompt, "groundtruth": groundtruth, "metadata": {"file": path}}
    score = score_example(record, prediction, "csharp", "total/csharp")
    assert score.em == 0.0, (score.prediction, score.target)
