"""The C# class evaluation's verdict when the answer is placed as text and run in the test host.

Rows 1 and 3 of README.md. The one-class rule (red team 5, rows 1 and 5: ``answer_refusal`` parses
the answer with tree-sitter and refuses anything but one top-level type; conditional compilation
is refused by a regular expression before the parse) rests on two assumptions: that the pattern
``^[ \\t]*#[ \\t]*if`` finds every ``#if`` mcs obeys, and that tree-sitter reads every directive
line as mcs does. Neither holds: C# allows any whitespace before ``#`` (a form feed, a vertical
tab), and mcs ignores the rest of a ``#region``/``#warning``/``#pragma`` line, where tree-sitter
starts a ``/*`` comment."""

from __future__ import annotations

from pathlib import Path

import pytest

from crossfile_datasets.evaluation.classlevel import run_generation
from crossfile_datasets.harness.class_runs import answer_refusal
from crossfile_datasets.sandbox import SandboxLimits
from tests.classlevel.test_csharp_runner import write_repo
from tests.hostile.redteam5.test_csharp import FILES, TASK, WRONG

pytestmark = [pytest.mark.mcs, pytest.mark.slow]

# red team 5 row 1's `Assert`, which checks nothing: the tests (namespace Demo.Tests, `using
# NUnit.Framework;` at the top) bind `Assert` to Demo.Assert before the using directive
ASSERT = """public static class Assert
{
    public static void AreEqual(object expected, object actual) { }
    public static void AreEqual(long expected, long actual) { }
}
"""
OPEN = WRONG.rstrip().removesuffix("}")  # the wrong class, its closing brace left for the trick

# For mcs: the first `}` closes Calc, `Assert` is a second type of namespace Demo, and `Pad` takes
# the class's own closing brace. For tree-sitter: one class Calc whose body holds a directive and a
# block comment (from `/*` to `*/`) over everything in between.
HIDDEN = {
    # `\f#if NEVER`: the pattern wants only blanks and tabs before `#`; mcs skips the inactive
    # section (the `/*` is never read), tree-sitter parses both sections as code
    "form_feed_if": OPEN + "\f#if NEVER\n/*\n\f#endif\n}\n" + ASSERT + "public class Pad\n{\n\f#if NEVER\n*/\n\f#endif\n}",
    # no conditional at all: mcs takes the rest of a `#region` line as the region's name,
    # tree-sitter ends the directive before `/*` and reads a comment up to `*/` (an
    # `#endregion` line's tail); the same with `#warning x /*` or `#pragma warning disable 1 /*`
    "region_comment": OPEN + "    #region notes /*\n}\n" + ASSERT + "public class Pad\n{\n    #endregion */\n}",
}


@pytest.mark.parametrize("trick", sorted(HIDDEN))
def test_a_directive_cannot_hide_a_second_type_from_the_one_class_rule(tmp_path: Path, trick: str):
    """Forged verdict (class evaluation in C#; the class build's gates place through the same
    ``run_placed``): red team 5's row 1 again, past its fix. The answer check sees one type named
    Calc (checked here), mcs compiles Calc, Demo.Assert and Pad, and every ``Assert.AreEqual`` of
    the tests binds to Demo.Assert: the wrong class (it fails both tests alone) passes both."""
    answer = HIDDEN[trick]
    root = write_repo(tmp_path / "repo", FILES)
    limits = SandboxLimits(timeout=180)
    wrong = run_generation(TASK, WRONG, root, limits)
    if not wrong["compiled"] or wrong["passed"] or wrong["status"] != "failed" or wrong["tests_total"] != 2:
        pytest.fail(f"control: the wrong class alone gave {wrong}")
    hidden = run_generation(TASK, answer, root, limits)
    # contained: the one-class rule refuses the answer (a refusal reads as not compiled); any other
    # compile failure would be a broken fixture
    refused = hidden["status"] == "compile_failed" and "answer_not_one_class" in str(hidden.get("detail"))
    if hidden["status"] == "compile_failed" and not refused:
        pytest.fail(f"precondition: mcs did not compile the answer: {hidden}")
    assert not hidden["passed"], hidden
    assert hidden["tests_passed"] == 0, hidden


# One class, nothing hidden, no token, no memory read: each method ends the test that calls it by
# throwing NUnit's own SuccessException (what `Assert.Pass()` throws), found by reflection on the
# framework assembly the test host has loaded (the library is compiled without NUnit)
PASSING = """public class Calc
{
    static void Done()
    {
        foreach (var assembly in System.AppDomain.CurrentDomain.GetAssemblies())
        {
            var success = assembly.GetType("NUnit.Framework.SuccessException");
            if (success != null) throw (System.Exception)System.Activator.CreateInstance(success, "done");
        }
    }
    public int Add(int a, int b) { Done(); return 0; }
    public int Mul(int a, int b) { Done(); return 0; }
}
"""


def test_a_class_cannot_end_the_tests_as_passed_with_nunits_own_success(tmp_path: Path):
    """Forged verdict (class evaluation in C#; the class build's gates run the same host): NUnit
    ends a test as a success when ``SuccessException`` escapes it, wherever it was thrown, and the
    harness's host records NUnit's result. The answer is one class named Calc (the one-class rule
    has nothing to refuse: checked), every method returns 0 (the wrong class of red team 5's
    fixture fails both tests without the throw: the control), and both tests pass. docs/classlevel.md
    lists what stays open in the process under test as finding the token in memory, reflection
    reaching the host's channel object, or rewriting NUnit's result object from another thread;
    this needs none of them, only the framework's documented meaning of an exception, reached from
    the code under test. Python's class evaluation judges literal sites on the host; C# has
    nothing outside the process."""
    if answer_refusal(TASK, PASSING) is not None:
        pytest.fail(f"precondition: the answer check refuses the answer: {answer_refusal(TASK, PASSING)}")
    root = write_repo(tmp_path / "repo", FILES)
    limits = SandboxLimits(timeout=180)
    wrong = run_generation(TASK, WRONG, root, limits)
    if not wrong["compiled"] or wrong["passed"] or wrong["status"] != "failed" or wrong["tests_total"] != 2:
        pytest.fail(f"control: the wrong class alone gave {wrong}")
    forged = run_generation(TASK, PASSING, root, limits)
    if not forged["compiled"]:
        pytest.fail(f"precondition: mcs did not compile the answer: {forged}")
    assert not forged["passed"], forged
    assert forged["tests_passed"] == 0, forged


def test_a_test_that_calls_assert_pass_itself_still_passes(tmp_path: Path):
    """The guard of row 3's fix (the host counts a SuccessException ending as passed only when the
    first frame below NUnit.Framework's is a method of the test's fixture): a test that calls
    ``Assert.Pass()`` itself passes, with the honest class and with the wrong one alike (it
    checks nothing); the test that checks the class still fails with the wrong one."""
    from crossfile_datasets.lang import Lang
    from crossfile_datasets.sandbox.suites import TestOutcome, runner_for

    tests = FILES["Calc.Tests/CalcTests.cs"].replace(
        "[Test] public void Muls()", "[Test] public void Passes() { new Calc().Add(1, 2); Assert.Pass(\"fine\"); }\n"
                                     "        [Test] public void Muls()")
    root = write_repo(tmp_path / "repo", {**FILES, "Calc.Tests/CalcTests.cs": tests,
                                          "Calc/Calc.cs": TASK["file_without_class"][:TASK["insertion_offset"]] + WRONG
                                          + TASK["file_without_class"][TASK["insertion_offset"]:]})
    run = runner_for(Lang.CSHARP).run(root, ["Demo.Tests.CalcTests.Adds", "Demo.Tests.CalcTests.Passes"],
                                      coverage=False, limits=SandboxLimits(timeout=180))
    outcomes = {r.test_id: r.outcome for r in run.results}
    assert outcomes == {"Demo.Tests.CalcTests.Adds": TestOutcome.FAILED,
                        "Demo.Tests.CalcTests.Passes": TestOutcome.PASSED}, (outcomes, run.log[-2000:])
