"""The Java class evaluation's verdict when the answer hides a second top-level class from every
text-level reading of it: Java translates ``\\uXXXX`` escapes before it splits the text into
tokens, so ``\\u000a`` inside a ``//`` comment ends the comment for javac, while tree-sitter, a
brace count or a regular expression sees one line of comment."""

from __future__ import annotations

from pathlib import Path

import pytest
import tree_sitter as ts
import tree_sitter_java

from crossfile_datasets.evaluation.classlevel import run_generation
from crossfile_datasets.harness.class_runs import answer_refusal
from crossfile_datasets.lang import Lang
from crossfile_datasets.sandbox import SandboxLimits
from crossfile_datasets.sandbox.suites import runner_for
from tests.classlevel.test_java_runner import write_repo
from tests.hostile.redteam5.test_java import FILES, TASK, WRONG

pytestmark = [pytest.mark.javac, pytest.mark.slow]

# The wrong class, with one comment line in its body. For javac the escape is a line end: the
# comment stops there, ``}`` closes Calc, and a package-private top-level ``Check`` (named like
# the tests' helper, checking nothing) takes the class's own closing brace. For tree-sitter-java
# (and any reader that does not translate unicode escapes first) it is one class holding a comment.
HIDDEN = WRONG.replace(
    "\n}\n",
    "\n    // keeps the contract of the tests' helper \\u000a } class Check { static void same(int expected, int actual) { }\n}\n")


def _top_level_types(text: str) -> list[str]:
    tree = ts.Parser(ts.Language(tree_sitter_java.language())).parse(text.encode())
    if tree.root_node.has_error:
        return ["<error>"]
    return [child.type for child in tree.root_node.children if child.type != "line_comment"]


def test_an_answer_cannot_hide_a_second_class_behind_a_unicode_escape(tmp_path: Path):
    """Forged verdict (class evaluation in Java; the class build's gates place answers the same
    way). Red team 5 (rows 1, 5, 6) asked that an answer bring only its class, checked by parsing
    it; this answer is one ``class_declaration`` with a comment to tree-sitter-java (checked
    here), so a check on the parsed answer, a brace count that skips comments or a search for a
    second ``class`` keyword outside comments lets it through, and javac compiles the hidden
    class (here red team 5 row 6's helper shadow: the wrong class passes both tests). Only a
    reader that translates ``\\uXXXX`` first (JLS 3.3), or a check of javac's own output (the
    class files of the answer's compilation unit), sees it."""
    if _top_level_types(HIDDEN) != ["class_declaration"]:
        pytest.fail(f"tree-sitter-java does not see one class: {_top_level_types(HIDDEN)}")
    root = write_repo(tmp_path / "repo", FILES)
    setup = runner_for(Lang.JAVA).setup(root)  # what evaluate_class does first: the build is strict
    limits = SandboxLimits(timeout=180)
    wrong = run_generation(TASK, WRONG, root, limits, setup)
    if not wrong["compiled"] or wrong["passed"] or wrong["status"] != "failed" or wrong["tests_total"] != 2:
        pytest.fail(f"control: the wrong class alone gave {wrong}")
    hidden = run_generation(TASK, HIDDEN, root, limits, setup)
    assert not hidden["passed"], hidden
    assert hidden["tests_passed"] == 0, hidden
    # contained by the answer check reading Java as javac does (escapes first), not only by the
    # test classes coming first on the tests' class path (e411c47)
    assert answer_refusal(TASK, HIDDEN) is not None
