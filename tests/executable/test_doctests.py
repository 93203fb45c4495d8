"""Docstring examples are tests (issue 36 item 3): a repository whose only tests are doctests
(its suite collects nothing: a note, not a drop, issue 33 item 1) still gets problems, judged
by its examples; an example we cannot convert is counted, never silently lost."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from crossfile_datasets.builders.executable.build import build_executable_split
from crossfile_datasets.builders.executable.testgen import doctest_program, doctest_variant_programs
from crossfile_datasets.builders.repos import RepoSpec, resolve
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.sandbox.problems import run_problem_tests

WORDS = '''
"""Word helpers documented by examples only."""


def hyphenate(words, sep="-"):
    """Join the words with the separator, lower-cased.

    >>> hyphenate(["Big", "Cat"])
    'big-cat'
    >>> hyphenate([], sep="+")
    ''
    >>> print(hyphenate(["A"], sep="/"))
    a
    >>> hyphenate(None)
    Traceback (most recent call last):
        ...
    TypeError: 'NoneType' object is not iterable
    """
    return sep.join(w.lower() for w in words)


def initials(name):
    """The initials of a name, with dots.

    >>> initials("ada lovelace")
    'A.L.'
    >>> print(initials("ada lovelace")); print()
    A.L.
    <BLANKLINE>
    """
    return "".join(part[0].upper() + "." for part in name.split())
'''


def test_doctest_examples_become_assertions():
    program, why = doctest_program("pkg.words", "hyphenate", "hyphenate", textwrap.dedent(
        WORDS.split('"""Join', 1)[1].split('"""', 1)[0]))
    assert why == "" and program is not None
    assert "assert hyphenate(['Big', 'Cat']) == 'big-cat'" in program
    assert "with pytest.raises(TypeError):" in program
    assert "assert __cfd_shown__(lambda: print(hyphenate(['A'], sep='/'))) == 'a'" in program
    assert doctest_program("pkg.words", "initials", "initials", "'x'\n>>> print(initials('x'), end='\\n\\n')\n"
                           "X.\n<BLANKLINE>\n") == (None, "doctest_not_convertible")


def test_doctest_output_with_an_ellipsis_is_matched_like_doctest(tmp_path, monkeypatch):
    """Tuning case pytutils (issue 33 item 2): examples whose output elides a part with
    ``...`` (``OrderedDict([('TEST', '.../yeee'), ...])``) were not converted, so functions
    documented that way got no doctest program. Now ``...`` matches any text, as doctest's
    ELLIPSIS does; other text must still match."""
    (tmp_path / "elide.py").write_text(
        "def home_path(name):\n    return {'path': '/home/someone/' + name, 'name': name}\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    doc = ">>> home_path('yeee')\n{'path': '.../yeee', 'name': 'yeee'}\n"
    program, why = doctest_program("elide", "home_path", "home_path", doc)
    assert why == "" and program is not None
    assert "assert __cfd_like__(__cfd_shown__(lambda: home_path('yeee')), \"{'path': '.../yeee', 'name': 'yeee'}\")" \
        in program
    namespace: dict = {}
    exec(compile(program, "prog.py", "exec"), namespace)
    namespace["test_doctest_home_path"]()  # the gold function matches the elided output
    bad, _ = doctest_program("elide", "home_path", "home_path", doc.replace("'yeee'}", "'YEEE'}"))
    namespace = {}
    exec(compile(bad, "prog.py", "exec"), namespace)
    with pytest.raises(AssertionError):
        namespace["test_doctest_home_path"]()  # text outside the ellipsis must still match


@pytest.mark.slow
def test_a_repository_tested_only_by_doctests_gets_problems(tmp_path):
    root = tmp_path / "doconly"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "__init__.py").write_text("")
    (root / "pkg" / "words.py").write_text(WORDS.lstrip())
    repo = resolve(RepoSpec(path=str(root)))
    report = BuildReport()
    records = build_executable_split([repo], tmp_path / "out", allow_execution=True, seed=3, workers=1,
                                     report=report, use_pynguin=False, mutants=4)
    stats = json.loads((tmp_path / "out" / "python" / "executable_stats.json").read_text())
    assert stats["repositories_not_run"] == {"suite_collected_nothing": 1}  # a note
    by_name = {r["qualname"]: r for r in records}
    assert by_name["hyphenate"]["test_origins"][0] == "doctest:pkg.words.hyphenate"
    # the other function's example cannot be converted: counted, not silent (its problem, if
    # any, stands on input programs)
    assert stats["dropped_tests"].get("doctest_not_convertible") == 1
    assert not any(o.startswith("doctest:") for o in by_name.get("initials", {}).get("test_origins", []))
    # judged by its examples: gold passes, a version that forgets to lower-case fails
    rec = dict(by_name["hyphenate"])
    doctest_only = [i for i, o in enumerate(rec["test_origins"]) if o.startswith("doctest:")]
    from crossfile_datasets.sandbox.checks import render_check
    rec["test_paths"] = [rec["test_paths"][i] for i in doctest_only]
    rec["test_list"] = [rec["test_list"][i] for i in doctest_only]
    rec["check"] = render_check(f"{rec['module']}.{rec['qualname']}", rec["file"], rec["test_paths"], rec["test_list"])
    # the values compared on the host are those of the programs kept
    rec["value_checks"] = [v for v in rec.get("value_checks", []) if v["test_path"] in rec["test_paths"]]
    verdict = run_problem_tests(rec, rec["solution"])
    assert verdict["passed"], verdict["detail"]
    wrong = rec["solution"].replace('sep.join(w.lower() for w in words)', 'sep.join(words)')
    assert not run_problem_tests(rec, wrong)["passed"]


WALLET = '''
"""A wallet of coins.

>>> w = Wallet.of([5, 10])
>>> w.spend(3).total()
12
"""


class Wallet:
    """Coins held in a list.

    >>> Wallet.of([1, 2, 3]).total()
    6
    >>> Wallet.of([4]).spend(1).coins
    [3]
    >>> Wallet.of([]).spend(1)
    Traceback (most recent call last):
        ...
    ValueError: empty wallet
    """

    def __init__(self, coins):
        self.coins = coins

    @classmethod
    def of(cls, coins):
        """A wallet holding a copy of the coins given."""
        return cls(list(coins))

    def total(self):
        """The sum of every coin of the wallet."""
        return sum(self.coins)

    def spend(self, amount):
        """A wallet whose last coin is lowered by the amount spent."""
        if not self.coins:
            raise ValueError("empty wallet")
        return Wallet(self.coins[:-1] + [self.coins[-1] - amount])
'''


@pytest.mark.slow
def test_class_and_module_docstring_examples_judge_the_methods_they_call(tmp_path):
    """Issue 36 item 3, tuning case pypara: ``Currency``'s class docstring documents
    ``Currency.of`` and ``quantize``, the accounts module's docstring ``COA.find``: 60 of its 180
    examples were in class and module docstrings and judged nothing (methods get no input
    programs, so such a repository had no problem and no reason naming the examples). Now they
    are programs offered to the functions they call, judged like a function's own examples."""
    root = tmp_path / "classdoc"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "__init__.py").write_text("")
    (root / "pkg" / "money.py").write_text(WALLET.lstrip())
    repo = resolve(RepoSpec(path=str(root)))
    records = build_executable_split([repo], tmp_path / "out", allow_execution=True, seed=3, workers=1,
                                     report=BuildReport(), use_pynguin=False)
    fates = json.loads(next((tmp_path / "out" / "python" / "executable_shards").glob("*/fates.json")).read_text())
    by_name = {r["qualname"]: r for r in records}
    assert "Wallet.spend" in by_name, fates
    origins = by_name["Wallet.spend"]["test_origins"]
    assert sorted(o for o in origins if o.startswith("doctest:")) == ["doctest:pkg.money.<module>",
                                                                       "doctest:pkg.money.Wallet"]
    # and hidden examples: the class's examples with one literal changed (red team 11 row 5)
    assert any(o.startswith("inputs:pkg.money.Wallet.spend::doctest-") for o in origins), origins
    # every method the examples call was judged by them (kept, or weak: a one-line sum has two
    # mutants), none is left without tests
    assert not any("no_tests" in fate for fate in fates.values()), fates
    rec = by_name["Wallet.spend"]
    # the repository's stats count the mutants as the score does, the stubs apart (issue 36:
    # ``mutants_run`` held the stubs too)
    done = json.loads(next((tmp_path / "out" / "python" / "executable_shards").glob("*/DONE.json")).read_text())
    assert done["stats"]["stubs_run"] >= rec["mutants"]["stubs_run"] > 0
    assert done["stats"]["mutants_run"] >= rec["mutants"]["run"]
    assert run_problem_tests(rec, rec["solution"])["passed"]
    wrong = rec["solution"].replace("self.coins[-1] - amount", "self.coins[-1] + amount")
    assert run_problem_tests(rec, wrong)["status"] == "failed"
    wrong = rec["solution"].replace('raise ValueError("empty wallet")', "return self")
    assert not run_problem_tests(rec, wrong)["passed"]


def test_an_example_that_compares_is_not_chained_with_its_output(tmp_path, monkeypatch):
    """Tuning case pypara: ``Currency``'s examples ``>>> usd1 == usd2`` / ``True`` and
    ``>>> 'USD' in Currencies`` / ``True`` became ``assert usd1 == usd2 == True``, a chained
    comparison (``usd2 == True`` is false), so gold failed its own examples and 7 problems lost
    them (``assertion_not_repairable``)."""
    (tmp_path / "cmp_mod.py").write_text(
        "def twice(n):\n    return 2 * n\n\nNAMES = {'a', 'b'}\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    doc = (">>> twice(2) == twice(2)\nTrue\n>>> twice(1) == 3\nFalse\n>>> 'a' in NAMES\nTrue\n"
           ">>> not twice(0)\nTrue\n>>> twice(1) > 1 and twice(2) < 5\nTrue\n")
    program, why = doctest_program("cmp_mod", "twice", "twice", doc)
    assert why == "" and program is not None
    namespace: dict = {}
    exec(compile(program, "prog.py", "exec"), namespace)
    namespace["test_doctest_twice"]()  # gold holds its own examples
    wrong, _ = doctest_program("cmp_mod", "twice", "twice", doc.replace("twice(1) == 3\nFalse", "twice(1) == 2\nFalse"))
    namespace = {}
    exec(compile(wrong, "prog.py", "exec"), namespace)
    with pytest.raises(AssertionError):
        namespace["test_doctest_twice"]()


def test_hidden_examples_change_one_literal_of_the_shown_ones():
    """Red team 2026-11-28e row 5: the examples a problem shows are not all it is judged by;
    each hidden example is a shown one with one literal changed (an earlier statement's
    included), never a call the docstring shows, the gold result its expected value."""
    doc = (">>> Number(3).describe()\n'three is odd, ...'\n>>> Number(4).describe()\n'four is even, ...'\n"
           ">>> n = Number(2)\n>>> n.describe()\n'two'\n>>> other('x')\n'x'\n>>> Number(9).describe()\n"
           "Traceback (most recent call last):\nValueError: big\n")
    programs = doctest_variant_programs("pkg.m", "describe", "Number.describe", [doc], limit=8)
    calls = [p.source.split("def test_", 1)[1].split("\n", 1)[1] for p in programs]
    assert all(p.origin == "inputs" and p.origin_test.startswith("inputs:pkg.m.Number.describe::doctest-")
               for p in programs)
    assert "    assert Number(5).describe() == None" in calls[0]  # 4 is shown: 3 + 2
    assert any("n = Number(3)\n    assert n.describe() == None" in c for c in calls)
    shown = ("Number(3).describe() ==", "Number(4).describe() ==", "other(", "Number(9)")
    assert not any(s in c for c in calls for s in shown), calls
    assert len(programs) == len(set(calls)) and 4 <= len(programs) <= 8
    assert doctest_variant_programs("pkg.m", "describe", "Number.describe", [">>> Number().describe()\n'x'\n"]) == []


NAMELESS = '''
class Thing:
    """A thing."""

    def name(self):
        """Its name.

        >>> Thing().name()
        'thing'
        """
        return type(self).__name__.lower()
'''


@pytest.mark.slow
def test_a_problem_judged_only_by_its_shown_examples_is_dropped_under_a_reason(tmp_path):
    """Red team 2026-11-28e row 5: no literal to change, so no hidden example; the problem's
    only tests are the example its prompt shows (a lookup table would pass): dropped and
    counted (``problems/tests_shown_in_prompt``), in the stats the card reads."""
    root = tmp_path / "nameless"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "__init__.py").write_text("")
    (root / "pkg" / "things.py").write_text(NAMELESS.lstrip())
    records = build_executable_split([resolve(RepoSpec(path=str(root)))], tmp_path / "out", allow_execution=True,
                                     seed=3, workers=1, report=BuildReport(), use_pynguin=False, mutants=0)
    stats = json.loads((tmp_path / "out" / "python" / "executable_stats.json").read_text())
    assert records == [] and stats["dropped_problems"].get("tests_shown_in_prompt") == 1, stats["dropped_problems"]
    assert "tests_shown_in_prompt" in (tmp_path / "out" / "python" / "README.md").read_text()
