"""The gold gate runs the problems of a repository in one sandbox, a verdict each (inflect,
held-out 20: a fresh sandbox per problem, 683 s for 29 problems at load 25, until the
repository's time limit): what one problem's tests do is never another's verdict, a problem the
shared run does not pass gets its run alone as before, and a test over the per-test limit is
counted by name (``tests/gold_test_timed_out``)."""

from __future__ import annotations

import sys
import textwrap
from types import SimpleNamespace

import pytest

from crossfile_datasets.builders.executable import build as B
from crossfile_datasets.core import constants as C
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.sandbox import problems as P
from crossfile_datasets.sandbox.checks import locate_function
from crossfile_datasets.sandbox.problems import run_problem_tests, run_problems_together

TABLES = textwrap.dedent('''\
    """Small functions."""
    import time


    def double(x):
        """Twice x."""
        return x * 2


    def triple(x):
        """Thrice x."""
        return x * 3


    def square(x):
        """x times x."""
        return x * x


    def nap(x):
        """x, after a nap."""
        time.sleep(x)
        return x
    ''')

TESTS = {
    "double": "from tables import double\n\n\ndef test_double():\n    assert double(2) == 4\n",
    "triple": "from tables import triple\n\n\ndef test_triple():\n    assert triple(2) == 6\n",
    # the recorded expectation is wrong: this problem's gold fails, the others' must not
    "square": "from tables import square\n\n\ndef test_square():\n    assert square(3) == 10\n",
    "nap": "from tables import nap\n\n\ndef test_nap():\n    assert nap(SLEEP) == SLEEP\n",
}


def _records(root, sleep: float) -> list[dict]:
    (root / "tables.py").write_text(TABLES)
    out = []
    for name in ("double", "triple", "square", "nap"):
        source = TESTS[name].replace("SLEEP", repr(sleep))
        lines = TABLES.split("\n")
        start, end, _ = locate_function(TABLES, name)
        out.append({"repository_root": str(root), "file": "tables.py", "module": "tables", "qualname": name,
                    "entry_point": name, "class_name": "", "python_path": [""], "requirements": [],
                    "solution": "\n".join(lines[start - 1:end]) + "\n",
                    "solution_lines": {"start_line": start, "end_line": end},
                    "test_paths": [f"test_cfd_{name}.py"], "test_list": [source]})
    return out


def test_one_run_judges_each_problem_by_its_own_tests(tmp_path):
    records = _records(tmp_path, 0.0)
    verdicts = run_problems_together(records, 60, python=sys.executable, pytest_plugins=())
    assert [v["status"] for v in verdicts] == ["passed", "passed", "failed", "passed"]
    assert [v["batch"] for v in verdicts] == [4] * 4
    assert verdicts[0]["tests"] == {"test_cfd_double.py::test_double": "passed"}  # its own test alone
    # the same verdicts as each problem's run alone
    alone = [run_problem_tests(r, r["solution"], 60, python=sys.executable, pytest_plugins=()) for r in records]
    assert [(v["status"], v["tests"]) for v in alone] == [(v["status"], v["tests"]) for v in verdicts]
    # fewer than two problems: nothing shared, the caller runs it alone
    assert run_problems_together(records[:1], 60, python=sys.executable, pytest_plugins=()) == [None]


def _ctx(report: BuildReport):
    return SimpleNamespace(settings=SimpleNamespace(workers=1, note=lambda *a: None), report=report,
                           repo=SimpleNamespace(name="r"),
                           env=SimpleNamespace(python=sys.executable, pytest_plugins=()))


@pytest.mark.slow
def test_the_gold_gate_shares_one_sandbox_and_counts_the_slow_test(tmp_path, monkeypatch):
    records = _records(tmp_path, C.EXEC_TEST_TIMEOUT + 2)
    boxes: list[str] = []
    real = P.Sandbox

    class Counted(real):  # the real sandbox, counted
        def __init__(self, *a, **kw):
            boxes.append("box")
            super().__init__(*a, **kw)

    monkeypatch.setattr(P, "Sandbox", Counted)
    report = BuildReport()
    kept = B.gold_gate(_ctx(report), records)
    assert [r["qualname"] for r in kept] == ["double", "triple"]
    # one shared run; `square` alone, twice (a failure runs again); `nap`: its second run alone
    assert len(boxes) == 1 + 2 + 1, boxes
    assert report.stage("problems") == {"gold_failed": 1, "gold_timed_out": 1}
    assert report.stage("tests").get("gold_test_timed_out") == 1
    assert "test_cfd_nap.py::test_nap" in report.samples["tests/gold_test_timed_out"][0]
