"""Tests that reach the targets without a model (issue 33 items 1-2): a repository whose own
suite crashes still gets problems, from regression programs whose inputs are the repository's
own literal calls (its crashing tests included) or values guessed from annotations and names,
with the gold function's results as oracles (the assertion repair records them)."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from crossfile_datasets.builders.executable.build import build_executable_split
from crossfile_datasets.builders.executable.testgen import annotation_inputs, call_site_inputs, input_programs
from crossfile_datasets.builders.repos import RepoSpec, resolve
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.sandbox.problems import run_problem_tests

SIZES_PY = '''
"""Byte sizes for people."""


def humanize(n, precision=1):
    """Turn a number of bytes into a short human-readable size."""
    units = ["B", "kB", "MB", "GB"]
    size = float(n)
    for unit in units:
        if size < 1024 or unit == units[-1]:
            return f"{size:.{precision}f} {unit}"
        size /= 1024
    return str(n)


def clamp(value: int, low: int = 0, high: int = 10) -> int:
    """Keep the value between the low and high bounds given."""
    return max(low, min(high, value))


class Parser:
    """Parses things (instance methods get no input programs)."""

    def words(self, text: str) -> list:
        """Split the text into its words."""
        return text.split()
'''
# the suite crashes at collection: its conftest needs a plugin that is not installed
CONFTEST = "import not_installed_plugin  # noqa\n"
TEST_SIZES = '''
from units.sizes import humanize


def test_humanize():
    assert humanize(1536) == "1.5 kB"
    assert humanize(3 * 1024 ** 3, precision=2) == "3.00 GB"
'''


CLAMP = 'def clamp(value: int, low: int = 0, high: int = 10) -> int:\n    """Keep it."""\n    return value\n'
HUMANIZE = 'def humanize(n, precision=1):\n    """Humanize."""\n    return str(n)\n'
WORDS = 'def words(self, text: str) -> list:\n    """Split."""\n    return text.split()\n'


def test_inputs_from_call_sites_and_annotations():
    tree = ast.parse(TEST_SIZES)
    assert call_site_inputs("humanize", [tree]) == ["1536"]  # literal arguments only
    # required parameters with the defaults left, and in turn with the defaults changed
    assert annotation_inputs(CLAMP) == ["0", "-3, low=1, high=1", "1", "-3, low=7, high=7"]
    assert annotation_inputs(HUMANIZE) == ["0", "-3, precision=0", "1", "-3, precision=7"]  # n: a number
    assert annotation_inputs('def f(thing):\n    """Doc."""\n    return thing\n') == []  # no guess
    programs, why = input_programs("units.sizes", "words", "Parser.words", "Parser", WORDS, [])
    assert programs == [] and why == "inputs_instance_method"
    programs, why = input_programs("units.sizes", "humanize", "humanize", None, HUMANIZE, ["1536"])
    assert why == "" and "assert humanize(1536) == None" in programs[0].source and programs[0].origin == "inputs"
    assert len(programs) == 6  # the call site first, then the guesses


@pytest.mark.slow
def test_a_repository_whose_suite_crashes_still_gets_problems(tmp_path):
    root = tmp_path / "units"
    for rel, text in {"units/__init__.py": "", "units/sizes.py": SIZES_PY, "tests/conftest.py": CONFTEST,
                      "tests/test_sizes.py": TEST_SIZES}.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text.lstrip())
    repo = resolve(RepoSpec(path=str(root)))
    stages: list[tuple[str, str]] = []
    records = build_executable_split([repo], tmp_path / "out", allow_execution=True, seed=5, workers=2,
                                     report=BuildReport(), use_pynguin=False, mutants=6,
                                     progress=lambda repository, stage, note: stages.append((repository, stage)))
    # progress for every stage of the repository (issue 33 item 4), in order
    assert [s for _, s in stages] == ["candidates", "environment", "repository suite", "doctests and inputs",
                                      "test gathering", "validation", "flakiness", "gold gate", "mutation",
                                      "disguised controls", "done"]
    assert {r for r, _ in stages} == {repo.name}
    stats = json.loads((tmp_path / "out" / "python" / "executable_stats.json").read_text())
    assert stats["per_repository"][0]["repository_suite"]["status"] == "suite_crashed"  # a note
    by_name = {r["qualname"]: r for r in records}
    assert set(by_name) == {"humanize", "clamp"}, stats["dropped_problems"]
    assert all(o.startswith("inputs:") for r in records for o in r["test_origins"])
    assert "assert humanize(1536) == '1.5 kB'" in "".join(by_name["humanize"]["test_list"])  # gold's result
    assert stats["dropped_tests"].get("inputs_instance_method") == 1
    rec = by_name["clamp"]
    assert run_problem_tests(rec, rec["solution"])["passed"]
    assert not run_problem_tests(rec, rec["solution"].replace("max(low, min(high, value))", "min(high, value)"))["passed"]


def test_pynguin_failure_names_the_exception_not_the_last_log_line():
    """Issue 36: a Pynguin failure was reported by its last log line, not the exception."""
    from crossfile_datasets.builders.executable.testgen import pynguin_failure
    output = ("[12:00:01] INFO     Start Pynguin Test Generation...\n"
              "Traceback (most recent call last):\n  File \"x.py\", line 1, in <module>\n"
              "ModuleNotFoundError: No module named 'slugify'\n"
              "[12:00:02] INFO     Stop Pynguin Test Generation...\n")
    assert pynguin_failure(output) == "ModuleNotFoundError: No module named 'slugify'"
    assert pynguin_failure("[12:00:02] INFO     nothing happened\n") == "[12:00:02] INFO     nothing happened"


LEAP = 'def has_leap_day(start: Date, end: Date) -> bool:\n    """Whether a 29 February lies in the range."""\n    return False\n'


def test_inputs_for_dates_decimals_no_parameters_and_star_args():
    """Issue 33 item 2, tuning case pypara: functions of dates (``Date`` an alias of
    ``datetime.date``), of decimals, without parameters or taking ``*names`` got no input
    (``inputs_not_guessed``); two parameters of one type got the same value every time."""
    ranges = annotation_inputs(LEAP)
    pairs = [re.findall(r"__cfd_datetime__\.date\([^)]*\)", r) for r in ranges]
    assert len(ranges) == 4 and all(len(p) == 2 and p[0] != p[1] for p in pairs)
    assert annotation_inputs('def f(q: decimal.Decimal):\n    """Doc."""\n    return q\n')[1] == \
        "__cfd_decimal__.Decimal('1.5')"
    assert annotation_inputs('def guid():\n    """A new identifier."""\n    return 1\n') == [""]
    # the defaults, then other values of the default's type
    assert annotation_inputs('def f(x=3):\n    """Doc."""\n    return x\n') == ["", "x=0", "x=1", "x=7"]
    assert annotation_inputs('def f(*names: str) -> str:\n    """Doc."""\n    return names\n')[0] == "'abc', ''"
    programs, why = input_programs("money.dcc", "has_leap_day", "has_leap_day", None, LEAP, [])
    assert why == "" and len(programs) == 4
    source = programs[0].source
    assert source.startswith("import datetime as __cfd_datetime__\nfrom money.dcc import has_leap_day\n")
    assert "assert has_leap_day(__cfd_datetime__.date(2016, 2, 29), __cfd_datetime__.date(2019, 3, 1)) == None" \
        in source
    compile(source, "t.py", "exec")
    programs, why = input_programs("ids", "guid", "guid", None, 'def guid():\n    """New."""\n    return 1\n', [])
    assert why == "" and "assert guid() == None" in programs[0].source
