"""Held-out 21 (2026-11-30, executable split), now tuning: a parametrized test with some
``xfail`` cases was dropped whole (price-parser's ``test_parsing``: 1,193 cases, 134 of them
``xfail(strict=True)``)."""

from __future__ import annotations

import sys

import pytest

from crossfile_datasets.builders.executable import build as B
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.sandbox.checks import render_check
from crossfile_datasets.sandbox.problems import run_problem_tests
from crossfile_datasets.sandbox.pytest_runs import Outcome, program_outcome, xfail_cases
from tests.executable.conftest import make_repo

PRICE = '''"""Prices."""


def parse_amount(text: str) -> float:
    """The number in ``text`` (a comma is a decimal separator), None without digits."""
    digits = "".join(c for c in text if c.isdigit() or c in ".,")
    if not digits:
        return None
    return float(digits.replace(",", "."))
'''

# as price-parser's: the cases the parser gets wrong are marked xfail(strict=True)
PARSING_TEST = '''\
import pytest

from prices.parse import parse_amount

KNOWN = [("12.5 EUR", 12.5), ("$3", 3.0), ("7,25", 7.25), ("none", None)]
WRONG = [("1.234,50", 1234.5), ("twelve", 12.0)]


@pytest.mark.parametrize("text,amount", KNOWN + [pytest.param(t, a, marks=pytest.mark.xfail(strict=True))
                                                 for t, a in WRONG])
def test_parsing(text, amount):
    assert parse_amount(text) == amount
'''


def test_xfail_cases_of_a_parametrized_test_are_judged_per_case():
    p = "tests/test_cfd_1.py"
    outcomes = {f"{p}::test_parsing[a]": Outcome.PASSED, f"{p}::test_parsing[b]": Outcome.PASSED,
                f"{p}::test_parsing[c]": Outcome.XFAIL, "other.py::test_x": Outcome.XFAIL}
    assert xfail_cases(outcomes, p) == [f"{p}::test_parsing[c]"]
    assert program_outcome(outcomes, p) == Outcome.PASSED
    # a case that fails still fails the program; a test marked xfail whole stays xfail
    assert program_outcome({**outcomes, f"{p}::test_parsing[b]": Outcome.ASSERTION}, p) == Outcome.ASSERTION
    assert program_outcome({f"{p}::test_parsing[c]": Outcome.XFAIL}, p) == Outcome.XFAIL
    assert program_outcome({f"{p}::test_a": Outcome.PASSED, f"{p}::test_b": Outcome.XFAIL}, p) == Outcome.XFAIL


def test_a_problem_passes_with_the_gold_xfail_cases_and_no_more(tmp_path):
    """The gold gate's run takes the xfail cases as they come and tells them; a later run passes
    when exactly those fail as expected: a solution calling ``pytest.xfail()`` does not pass."""
    root = tmp_path / "prices"
    make_repo(root, {"prices/__init__.py": "", "prices/parse.py": PRICE}, "prices")
    problem = {"repository_root": str(root), "file": "prices/parse.py", "qualname": "parse_amount",
               "entry_point": "parse_amount", "class_name": "", "python_path": [""], "requirements": [],
               "check": render_check("prices.parse.parse_amount", "prices/parse.py", ["tests/test_cfd_1.py"],
                                     [PARSING_TEST]),
               "test_paths": ["tests/test_cfd_1.py"], "test_list": [PARSING_TEST]}
    gold_code = PRICE.split('"""Prices."""\n\n\n')[1]
    gold = run_problem_tests(problem, gold_code, 60, python=sys.executable, pytest_plugins=(),
                             subtest_skips_as_run=True)
    assert gold["passed"], gold
    assert len(gold["xfail_cases"]) == 2 and gold["num_passed"] == 4, gold
    # before: no case list recorded, the expected failures fail the run
    assert not run_problem_tests(problem, gold_code, 60, python=sys.executable, pytest_plugins=())["passed"]
    problem["xfail_cases"] = gold["xfail_cases"]
    assert run_problem_tests(problem, gold_code, 60, python=sys.executable, pytest_plugins=())["passed"]
    cheat = 'def parse_amount(text):\n    import pytest\n    pytest.xfail("no")\n'
    assert not run_problem_tests(problem, cheat, 60, python=sys.executable, pytest_plugins=())["passed"]
    wrong = 'def parse_amount(text):\n    return float("".join(c for c in text if c.isdigit()) or 0)\n'
    assert not run_problem_tests(problem, wrong, 60, python=sys.executable, pytest_plugins=())["passed"]
    # a version that makes a strict xfail case pass is no gold either (XPASS(strict) fails)
    fixed = gold_code.replace('return float(digits.replace(",", "."))',
                              'return 1234.5 if digits == "1.234,50" else float(digits.replace(",", "."))')
    assert not run_problem_tests(problem, fixed, 60, python=sys.executable, pytest_plugins=())["passed"]


@pytest.mark.slow
def test_a_suite_test_with_xfail_cases_is_kept(tmp_path):
    """price-parser: ``test_parsing`` was dropped as ``tests/xfail_marked`` for every candidate."""
    files = {"prices/__init__.py": "", "prices/parse.py": PRICE, "tests/test_parse.py": PARSING_TEST}
    report = BuildReport()
    records, _ = B.build_repository(make_repo(tmp_path / "prices", files, "prices"),
                                    B.ExecSettings(use_pynguin=False, use_inputs=False, workers=1, flaky_runs=1,
                                                   mutants=0), report)
    assert [r["qualname"] for r in records] == ["parse_amount"], report.samples
    rec = records[0]
    assert any("test_parsing" in o for o in rec["test_origins"]), rec["test_origins"]
    assert len(rec["xfail_cases"]) == 2, rec["xfail_cases"]
    assert report.stage("tests").get("xfail_cases_kept") == 2
    assert not report.stage("tests").get("xfail_marked")
    assert run_problem_tests(rec, rec["solution"], 60, python=sys.executable, pytest_plugins=())["passed"]


# python-qrcode: ``console_scripts.py`` reads its own version through ``from importlib import
# metadata``; the checkout is never installed
QRLIKE = {
    "pyproject.toml": '[project]\nname = "qr-words"\nversion = "8.2"\n',
    "qrwords/__init__.py": '"""Words."""\n',
    "qrwords/words.py": '''"""Word helpers."""


def shout(text: str) -> str:
    """Upper-case the text and end it with an exclamation mark."""
    if not text:
        return ""
    return text.upper() + "!"
''',
    "qrwords/console.py": '"""The command line."""\nfrom importlib import metadata\n\nfrom qrwords.words import shout\n\n\n'
                          'def banner(name: str) -> str:\n    """The banner: the name shouted and the version."""\n'
                          '    version = metadata.version("qr-words")\n    return f"{shout(name)} {version}"\n',
    "tests/test_console.py": "from qrwords.console import banner\n\n\ndef test_banner():\n"
                             "    assert banner('qr') == 'QR! 8.2'\n    assert banner('') == ' 8.2'\n",
}


def test_from_importlib_import_metadata_reads_metadata():
    from crossfile_datasets.sandbox.buildfiles import reads_metadata

    assert reads_metadata(["from importlib import metadata\n"])
    assert reads_metadata(["from importlib import resources, metadata as md\n"])
    assert reads_metadata(["from importlib import (\n    resources,\n    metadata,\n)\n"])
    assert not reads_metadata(["from importlib import import_module\nmetadata = {}\n"])
    assert not reads_metadata(["from importlib import resources\n"])


@pytest.mark.slow
def test_a_suite_test_reading_the_version_through_from_importlib_import_metadata(tmp_path):
    report = BuildReport()
    records, stats = B.build_repository(make_repo(tmp_path / "qrwords", QRLIKE, "qrwords"),
                                        B.ExecSettings(use_pynguin=False, use_inputs=False, workers=1, flaky_runs=1,
                                                       mutants=0), report)
    assert stats["repository_suite"]["passed"] == 1, (stats["repository_suite"], report.samples)
    assert not any(k.startswith("suite_error") for k in report.stage("tests")), report.samples
    assert report.stage("environment").get("distribution_metadata_written") == 1
    assert "banner" in [r["qualname"] for r in records], report.samples
