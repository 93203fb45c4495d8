"""Held-out 16 (2026-11-29c): stringcase's ``titlecase`` written with ``str.title()`` (which
capitalizes a letter after a digit) passed every kept test: its 6 input programs were the calls of
its own test, which its suite test already makes, and no generic string had a letter after a
digit."""

from __future__ import annotations

import pytest

from crossfile_datasets.builders.executable import build as B
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.sandbox.problems import run_problem_tests
from tests.executable.conftest import make_repo



CASES = '''"""Case conversions."""
import re


def capitalcase(string):
    """Convert the string into capital case: its first letter upper case."""
    string = str(string)
    if not string:
        return string
    return string[0].upper() + string[1:]


def snakecase(string):
    """Convert the string into snake case: words joined by underscores, lower case."""
    string = re.sub(r"[\\-\\.\\s]", "_", str(string))
    if not string:
        return string
    return string[0].lower() + re.sub(r"[A-Z]", lambda m: "_" + m.group(0).lower(), string[1:])


def titlecase(string):
    """Convert the string into title case: each word capitalised, joined with spaces."""
    return " ".join([capitalcase(word) for word in snakecase(string).split("_")])
'''

# the repository's own test calls titlecase with six values, none a letter after a digit
CASES_REPO = {
    "cases.py": CASES,
    "test_cases.py": "from cases import titlecase\n\n\ndef test_titlecase():\n"
                     + "".join(f"    assert titlecase({v!r}) == {e!r}\n" for v, e in [
                         ("fooBar", "Foo Bar"), ("foo_bar", "Foo Bar"), ("foo-bar", "Foo Bar"),
                         ("foo.bar", "Foo Bar"), ("_bar_baz", " Bar Baz"), (".bar_baz", " Bar Baz")]),
}


def test_guessed_inputs_keep_places_beside_the_call_sites():
    from crossfile_datasets.builders.executable.testgen import input_programs

    source = CASES.split("\n\n\n")[-1].strip() + "\n"
    sites = ["'fooBar'", "'foo_bar'", "'foo-bar'", "'foo.bar'", "'_bar_baz'", "'.bar_baz'", "''"]
    programs, why = input_programs("cases", "titlecase", "titlecase", None, source, sites)
    assert not why and len(programs) == 8
    calls = [p.source.split("assert ", 1)[1].split(" == ", 1)[0] for p in programs]
    assert calls[:6] == [f"titlecase({s})" for s in sites[:6]], calls  # the call sites keep their places
    assert "titlecase('Hello World 42nd')" in calls, calls


@pytest.mark.slow
def test_a_title_method_version_is_caught(tmp_path):
    records, _ = B.build_repository(make_repo(tmp_path / "cases", CASES_REPO, "cases"),
                                    B.ExecSettings(use_pynguin=False, workers=1, flaky_runs=1, mutants=0), BuildReport())
    title = next(r for r in records if r["qualname"] == "titlecase")
    wrong = 'def titlecase(string):\n    """Doc."""\n    return " ".join(snakecase(string).split("_")).title()\n'
    assert run_problem_tests(title, title["solution"])["passed"]
    assert not run_problem_tests(title, wrong)["passed"]
