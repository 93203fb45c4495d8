"""Held-out 21 (2026-11-30, executable split), now tuning: a parametrized test with some
``xfail`` cases was dropped whole (price-parser's ``test_parsing``: 1,193 cases, 134 of them
``xfail(strict=True)``)."""

from __future__ import annotations

import sys

import pytest

from crossfile_datasets.builders.executable import build as B
from crossfile_datasets.core import constants as C
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


# price-parser: the symbols a target searches for are derived from a 1,500-line table of
# another module, far over the prompt's budget
CODES_TABLE = "".join(f'    "C{i:03d}": {{"s": "S{i}", "sn": "N{i}", "name": "Currency number {i} of the table"}},\n'
                      for i in range(400))
TABLE_FILES = {
    "money/__init__.py": "",
    "money/_tables.py": f'"""Currency data."""\n\nCURRENCIES = {{\n{CODES_TABLE}}}\n\n'
                        'CURRENCY_CODES = list(CURRENCIES.keys())\n',
    "money/parser.py": '''"""Prices."""
import re

from ._tables import CURRENCY_CODES

OTHER_SYMBOLS = sorted(set(CURRENCY_CODES) - {"XXX"}, key=len, reverse=True)


def or_regex(symbols):
    """One regular expression matching any of ``symbols``."""
    return re.compile("|".join(re.escape(s) for s in symbols))


_search_unsafe_currency = or_regex(OTHER_SYMBOLS).search


def extract_currency_symbol(price):
    """The currency symbol found in ``price``, None when there is none."""
    found = _search_unsafe_currency(price or "")
    return found.group(0) if found else None


def price_currency(price):
    """The currency of ``price`` as an upper-case symbol, or an empty string."""
    symbol = extract_currency_symbol(price)
    return symbol.upper() if symbol else ""
''',
}


def test_a_table_over_the_budget_is_pasted_by_name_never_a_name_without_definition(tmp_path):
    from crossfile_datasets.builders.functions import ELIDED_MARK, _used_names, context_blocks
    from tests.executable.test_prompts import prompts_for

    repo = make_repo(tmp_path / "money", TABLE_FILES, "money")
    for qualname in ("extract_currency_symbol", "price_currency"):
        facts, cand = prompts_for(repo, qualname)
        for size, prompt in cand.prompts.items():
            assert _used_names(prompt) == (), (qualname, size, _used_names(prompt))
        full = cand.prompts["full_context"]
        assert "CURRENCIES = ...  " + ELIDED_MARK in full and '"C001"' not in full, full
        assert "CURRENCY_CODES = list(CURRENCIES.keys())" in full
        cut: list = []
        context_blocks(cand, facts, cand.dependencies, cut_out=cut)
        assert [b.names for b in cut] == [("CURRENCIES",)]  # the value left out is counted
    # a table that fits is pasted whole, as before
    small = {**TABLE_FILES, "money/_tables.py": TABLE_FILES["money/_tables.py"].replace(CODES_TABLE, "".join(CODES_TABLE.splitlines(keepends=True)[:8]))}
    facts, cand = prompts_for(make_repo(tmp_path / "small", small, "small"), "extract_currency_symbol")
    assert ELIDED_MARK not in cand.prompts["full_context"] and '"C001"' in cand.prompts["full_context"]


# bincopy: the mutation stage's share decided the module's problems in file order, and the last
# ones were never reached
BUSY = '''def f{i}(a, b, c):
    """Mix three numbers."""
    if a > b and b >= c:
        return a * b - c + 1
    if a < c or b == 2:
        return (a + 3) // (b - 1 or 1)
    return a % 7 + b * 2 - c * 3
'''


def test_the_mutation_stage_shares_its_time_over_every_problem(monkeypatch):
    from types import SimpleNamespace

    from crossfile_datasets.core import deadline as D
    from crossfile_datasets.core.deadline import Deadline

    class Clock:
        now = 1000.0

        def monotonic(self) -> float:
            return self.now

    clock = Clock()
    monkeypatch.setattr(B, "time", SimpleNamespace(monotonic=clock.monotonic))
    monkeypatch.setattr(D, "time", SimpleNamespace(monotonic=clock.monotonic))
    judged: list[int] = []

    def judge_versions(rec, versions, **kw):  # the sandbox's time: 2 s a problem, 1 s a version
        clock.now += 2 + len(versions)
        judged.append(len(versions))
        return [B.CAUGHT] * len(versions)

    monkeypatch.setattr(B, "judge_versions", judge_versions)
    monkeypatch.setattr(B, "judge_controls", lambda *a, **kw: None)
    report = B.FateReport()
    ctx = SimpleNamespace(settings=B.ExecSettings(use_pynguin=False, workers=1), report=report,
                          repo=SimpleNamespace(name="r"), env=SimpleNamespace(python="python3", pytest_plugins=()),
                          stats={})
    records = [{"file": "m.py", "qualname": f"f{i}", "solution": BUSY.format(i=i),
                "test_list": [f"def test_f():\n    assert f{i}(3, 2, 1) == 6\n"]} for i in range(6)]
    plans = [B._plan(r["solution"], r["test_list"], ctx.settings.mutants, ctx.settings.seed) for r in records]
    whole = len(plans[0]) + 2
    assert all(len(p) + 2 == whole for p in plans) and sum(not m.stub for m in plans[0]) == C.EXEC_MUTANTS
    # the stage's share buys about three whole problems: in file order, three were never reached
    token = D._CURRENT.set(Deadline((3.5 * whole) / C.EXEC_MUTATION_SHARE, started=clock.now))
    try:
        kept = B.mutation_gate(ctx, records)
    finally:
        D._CURRENT.reset(token)
    assert [r["qualname"] for r in kept] == [f"f{i}" for i in range(6)], report.samples
    assert "problems/stage_time_limit" not in report.counts
    assert judged[0] == whole - 2 and all(n < whole - 2 for n in judged[1:]), judged
    stubs = sum(1 for m in plans[0] if m.stub)
    assert min(judged) >= stubs + C.EXEC_BUDGET_MIN_MUTANTS, judged
    assert report.counts["problems/mutants_cut_by_time"] == 5
    assert all(r["mutants"]["run"] >= C.EXEC_BUDGET_MIN_MUTANTS for r in kept)


def test_a_fair_share_without_a_time_limit_cuts_nothing():
    fair = B.FairShare(None, 3)
    assert [fair.mutants_for(4, 16) for _ in range(3)] == [16, 16, 16]
    fair = B.FairShare(100.0, 4)
    assert fair.mutants_for(4, 16, now=0.0) == 16  # nothing measured yet
    fair.finished(20, 40.0)  # 2 s a version; 60 s left for 3 problems: 10 versions, 4 of them stubs
    assert fair.mutants_for(4, 16, now=40.0) == 6
    assert fair.mutants_for(4, 16, now=99.0) == C.EXEC_BUDGET_MIN_MUTANTS  # never below the floor
    assert B.FairShare(1000.0, 2).mutants_for(4, 3, now=0.0) == 3
