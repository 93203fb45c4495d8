"""Doctest-derived checks of the executable split (``testgen.doctest_program``, fe11cc6 and
before): an example whose output elides a part with ``...`` became
``assert __cfd_shown_like__(lambda: <call>, '<want>') == '<want>'``. The host compared the
value of the left side with the literal (the site is in ``value_checks``, host-only), but that
value was computed in the tested process by ``__cfd_shown_like__``, which handed back the
*expected* text whenever ``doctest.OutputChecker.check_output`` said the shown text matched it,
and the expected text was an argument of the call, inside the sandbox's copy of the program.
Since row 3's fix the site is ``assert __cfd_like__(__cfd_shown__(lambda: <call>), '<want>')``:
the shown text is reported and matched on the host (``sandbox/values.py``, kind ``like``)."""

from __future__ import annotations

import json

import pytest

from crossfile_datasets.builders.executable.build import build_executable_split
from crossfile_datasets.builders.repos import RepoSpec, resolve
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.sandbox.problems import run_problem_tests
from tests.hostile.redteam11._git import commit_all

NUMBERS = '''
"""Numbers in words, documented by examples only."""

NAMES = {3: "three", 4: "four", 7: "seven"}


class Number:
    """A small whole number."""

    def __init__(self, n):
        self.n = n

    def describe(self):
        """Say the number in words, whether it is odd, and its square.

        >>> Number(3).describe()
        'three is odd, ...'
        >>> Number(4).describe()
        'four is even, ...'
        >>> Number(7).describe()
        'seven is odd, ...'
        """
        kind = "even" if self.n % 2 == 0 else "odd"
        return NAMES.get(self.n, str(self.n)) + " is " + kind + ", squared " + str(self.n * self.n)
'''

# The answer implements nothing: two lines of the standard library's public API, no harness
# name, no token, no file read. Its call returns None; the patched checker says any shown
# text matches, so __cfd_shown_like__ returns the wanted text, which the host compares with
# itself.
PATCH_THE_CHECKER = '''def describe(self):
    import doctest
    doctest.OutputChecker.check_output = lambda self, want, got, flags: True
'''
WRONG = '''def describe(self):
    return "no idea"
'''


@pytest.fixture(scope="module")
def problem(tmp_path_factory):
    root = tmp_path_factory.mktemp("redteam11-doctest") / "numbers"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "__init__.py").write_text("")
    (root / "pkg" / "numbers_words.py").write_text(NUMBERS.lstrip())
    commit_all(root)
    out = root.parent / "out"
    records = build_executable_split([resolve(RepoSpec(path=str(root)))], out, allow_execution=True, seed=3,
                                     workers=1, report=BuildReport(), use_pynguin=False, mutants=4)
    by_name = {r["qualname"]: r for r in records}
    if "Number.describe" not in by_name:
        stats = json.loads((out / "python" / "executable_stats.json").read_text())
        pytest.fail(f"the doctest problem was not built: {json.dumps(stats)[:3000]}")
    return by_name["Number.describe"]


def doctests_only(problem: dict) -> dict:
    """The problem judged by its doctest programs alone: since row 5's fix it also has hidden
    examples (``inputs:...::doctest-N``), which a completion returning None fails anyway, so
    row 3's attack is judged on the programs it targets."""
    keep = [i for i, origin in enumerate(problem["test_origins"]) if origin.startswith("doctest:")]
    paths = [problem["test_paths"][i] for i in keep]
    return {**problem, **{key: [problem[key][i] for i in keep]
                          for key in ("test_list", "test_paths", "test_origins", "test_repaired")},
            "value_checks": [c for c in problem["value_checks"] if c["test_path"] in paths]}


@pytest.mark.slow
def test_a_completion_patching_doctests_checker_does_not_pass(problem):
    """Forged verdict (executable evaluation; the build's gates judge the same programs). The
    problem is built the real way (doctests are its tests, every example a host-checked site
    in ``value_checks``, mutation gate passed); gold passes and a plain wrong answer fails
    (controls). A completion that replaces ``doctest.OutputChecker.check_output`` by a function
    saying "matches" passes every example: the checked value is ``want`` itself. Red team 1
    row 6 closed the same door for literals ("the expected literal never enters the sandbox's
    copy of the program"); here it is an argument of the helper the tested process runs.
    Safe behaviour: the host compares what the call showed (the encoded value, or its repr
    text) with the elided pattern itself; nothing the tested process runs decides the match."""
    problem = doctests_only(problem)
    if not problem["test_origins"]:
        pytest.fail(f"the problem has no doctest program: {problem['test_origins']}")
    if not problem["value_checks"]:
        pytest.fail("the doctest sites are not checked on the host")
    gold = run_problem_tests(problem, problem["solution"])
    if not gold["passed"]:
        pytest.fail(f"gold does not pass: {gold}")
    if run_problem_tests(problem, WRONG)["passed"]:
        pytest.fail("a plain wrong answer passes: the tests are not the attack's")
    forged = run_problem_tests(problem, PATCH_THE_CHECKER)
    print(json.dumps({"forged": forged}, default=str))
    assert not forged["passed"], forged


# What a model can write from the prompt alone: the examples' outputs, looked up by argument.
LOOKUP_TABLE = '''def describe(self):
    return {3: "three is odd, ...", 4: "four is even, ...", 7: "seven is odd, ..."}.get(self.n)
'''


@pytest.mark.slow
def test_a_lookup_table_of_the_prompts_examples_does_not_pass(problem):
    """Forged verdict by test leakage (executable evaluation). A problem whose tests are its
    docstring's examples (an instance method: no input programs; a module whose only tests are
    doctests) carries those examples, inputs and outputs, in ``target_function_prompt`` and in
    every ``prompt`` (full, medium, small). A completion returning the shown outputs by
    argument, which is the elided text itself (doctest's ``...`` matches ``...``), passes, and
    the mutation gate cannot see it (it judges the repository's tests, not the prompt).
    Safe behaviour: the examples a problem is judged by are not in its prompts (cut from the
    docstring, or only some shown and the others kept as tests), or such a problem also needs
    tests whose expected values the prompt does not show."""
    prompts = [problem["target_function_prompt"], *(problem["prompt"].values() if isinstance(problem["prompt"], dict)
                                                    else [problem["prompt"]])]
    if not all(">>> Number(3).describe()" in p and "'three is odd, ...'" in p for p in prompts):
        pytest.fail("the examples are not in the prompts: the attack has nothing to read")
    verdict = run_problem_tests(problem, LOOKUP_TABLE)
    assert not verdict["passed"], verdict
