"""The C# class evaluation's one-class rule (red team 5 rows 1 and 5, red team 7 rows 1 and 4:
``answer_refusal`` parses the answer with tree-sitter-c-sharp, refuses anything but one top-level
type, and checks every directive line) and mcs disagree on where a ``//`` comment ends. C#'s
line terminators include U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR (ECMA-334
"new-line"), and mcs ends a single-line comment there; tree-sitter-c-sharp's comment runs to the
next line feed. ``_CS_LINE_ENDS`` (harness/class_runs.py) already splits directive lines at
U+2028, so the rule knows the character; nothing looks for it inside a comment token."""

from __future__ import annotations

from pathlib import Path

import pytest

from crossfile_datasets.evaluation.classlevel import run_generation
from crossfile_datasets.harness.class_runs import answer_refusal
from crossfile_datasets.sandbox import SandboxLimits
from tests.classlevel.test_csharp_runner import write_repo
from tests.hostile.redteam5.test_csharp import CALC, FILES, TASK, WRONG

pytestmark = [pytest.mark.mcs, pytest.mark.slow]

OPEN = WRONG.rstrip().removesuffix("}")  # the wrong class, its closing brace left for the trick
# For tree-sitter: one class Calc whose last line is a comment. For mcs: the comment ends at
# U+2028, `}` closes Calc, `Assert` (red team 5 row 1's: it checks nothing) is a second type of
# namespace Demo, and `Pad` takes the class's own closing brace. The tests (namespace Demo.Tests,
# `using NUnit.Framework;` at the top) bind `Assert` to Demo.Assert before the using directive.
SEPARATORS = {"line_separator": "\u2028", "paragraph_separator": "\u2029"}
HIDDEN = (OPEN + "    // notes{sep}} public static class Assert { public static void AreEqual(object e, object a) { }"
          " public static void AreEqual(long e, long a) { } } public class Pad {\n}\n")


@pytest.mark.parametrize("separator", sorted(SEPARATORS))
def test_a_line_separator_in_a_comment_cannot_hide_a_second_type_from_the_one_class_rule(tmp_path: Path, separator: str):
    """Forged verdict (class evaluation in C#; the class build's gates place through the same
    ``run_placed``): the answer check saw one type named Calc, mcs compiled Calc,
    Demo.Assert and Pad, and every ``Assert.AreEqual`` of the tests bound to Demo.Assert: the
    wrong class (it fails both tests alone) passed both. Contained: the rule reads the answer
    with U+2028/U+2029 as line ends (``harness/syntax.as_compiler_reads``) and refuses it."""
    hidden_answer = HIDDEN.replace("{sep}", SEPARATORS[separator])
    # the same text with a line feed instead: the rule sees the three types (the trick is U+2028 alone)
    if answer_refusal(TASK, HIDDEN.replace("{sep}", "\n")) is None:
        pytest.fail("control: the same answer with a line feed was not refused")
    root = write_repo(tmp_path / "repo", FILES)
    limits = SandboxLimits(timeout=180)
    gold = run_generation(TASK, CALC, root, limits)
    if not gold["passed"] or gold["tests_passed"] != 2:
        pytest.fail(f"control: the gold class gave {gold}")
    wrong = run_generation(TASK, WRONG, root, limits)
    if not wrong["compiled"] or wrong["passed"] or wrong["status"] != "failed" or wrong["tests_total"] != 2:
        pytest.fail(f"control: the wrong class alone gave {wrong}")
    hidden = run_generation(TASK, hidden_answer, root, limits)
    refused = hidden["status"] == "compile_failed" and "answer_not_one_class" in str(hidden.get("detail"))
    if hidden["status"] == "compile_failed" and not refused:
        pytest.fail(f"precondition: mcs did not compile the answer: {hidden}")
    assert not hidden["passed"], hidden
    assert hidden["tests_passed"] == 0, hidden
    # contained by the rule itself: it reads U+2028/U+2029 as the line ends mcs takes them for
    assert hidden["status"] == "answer_not_one_class" and "3 top-level types" in answer_refusal(TASK, hidden_answer)
