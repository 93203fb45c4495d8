"""The gold gate drops a problem as ``gold_failed`` only when the original code fails its tests:
not when our own splice replaced another definition of the name (held-out 17: a property's
setter replaced by its getter, 33 of prettytable's 46 problems), not when a time limit ran out
(a loaded machine) or a second run passes (tests that vary: the flaky
``test_textkit_executable_split``)."""

from __future__ import annotations

import textwrap
from types import SimpleNamespace

import pytest

from crossfile_datasets.builders.executable import build as B
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.sandbox.checks import locate_function, splice_solution
from crossfile_datasets.sandbox.problems import run_problem_tests
from tests.executable.conftest import make_repo

SHAPES = textwrap.dedent('''\
    """Shapes."""
    from typing import overload


    class Box:
        """A box."""

        def __init__(self, width: int) -> None:
            self._width = width

        @property
        def width(self) -> int:
            """The width, never below zero."""
            return max(self._width, 0)

        @width.setter
        def width(self, value: int) -> None:
            self._width = value

        @width.deleter
        def width(self) -> None:
            self._width = 0


    @overload
    def double(x: int) -> int: ...


    @overload
    def double(x: str) -> str: ...


    def double(x):
        """Twice ``x``."""
        return x * 2
    ''')


def test_locate_takes_the_getter_not_the_setter_or_deleter():
    lines = SHAPES.split("\n")
    start, end, indent = locate_function(SHAPES, "Box.width")
    assert lines[start - 1].strip() == "@property" and indent == "    "
    assert "return max" in lines[end - 1]


def test_locate_takes_the_overloads_body_not_a_stub():
    lines = SHAPES.split("\n")
    start, end, _ = locate_function(SHAPES, "double")
    assert lines[start - 1] == "def double(x):" and "return x * 2" in lines[end - 1]


def test_splicing_the_getter_keeps_the_setter_and_deleter():
    getter = '@property\ndef width(self) -> int:\n    """The width."""\n    return self._width + 1\n'
    text, why = splice_solution(SHAPES, "Box.width", "width", "Box", getter)
    assert why == "" and "self._width + 1" in text
    assert "@width.setter" in text and "@width.deleter" in text and "max(self._width, 0)" not in text
    namespace: dict = {}
    exec(compile(text, "shapes.py", "exec"), namespace)
    box = namespace["Box"](3)
    box.width = 5  # the setter is still there
    assert box.width == 6


def test_a_solution_cannot_choose_to_replace_the_setter():
    """A solution decorated as the setter still replaces the candidate (the getter): it cannot
    leave the tested definition as it was."""
    setter = '@width.setter\ndef width(self, value: int) -> None:\n    self._width = value\n'
    text, _ = splice_solution(SHAPES, "Box.width", "width", "Box", setter)
    assert "max(self._width, 0)" not in text


def _record(root, qualname: str, start: int, end: int) -> dict:
    return {"repository_root": str(root), "file": "shapes.py", "qualname": qualname,
            "solution_lines": {"start_line": start, "end_line": end}}


def test_a_splice_of_another_definition_is_refused_by_name(tmp_path):
    (tmp_path / "shapes.py").write_text(SHAPES)
    start, end, _ = locate_function(SHAPES, "Box.width")
    assert B.gold_splice_refusal(_record(tmp_path, "Box.width", start, end)) is None
    why = B.gold_splice_refusal(_record(tmp_path, "Box.width", start + 5, end + 5))
    assert why is not None and "the splice replaces lines" in why
    assert "not found" in B.gold_splice_refusal(_record(tmp_path, "Box.height", 1, 2))


def _ctx(report: BuildReport):
    return SimpleNamespace(settings=SimpleNamespace(workers=1, note=lambda *a: None), report=report,
                           repo=SimpleNamespace(name="r"), env=SimpleNamespace(python="python3", pytest_plugins=()))


def test_gold_gate_reasons_splice_and_time_outs_apart_from_failures(tmp_path, monkeypatch):
    (tmp_path / "shapes.py").write_text(SHAPES)
    start, end, _ = locate_function(SHAPES, "double")
    verdicts = {
        # a per-test alarm once, then a pass: kept
        "a": [{"passed": False, "status": "error", "detail": "t: SandboxTestTimeout: test exceeded 10 seconds"},
              {"passed": True, "status": "passed", "detail": ""}],
        "b": [{"passed": False, "status": "timeout", "detail": ""}] * 2,  # twice: its own reason
        "c": [{"passed": False, "status": "failed", "detail": "assert 1 == 2"}] * 2,  # a real failure
        # failed, then passed: the tests vary (the order of a set, by the hash seed), not the gold
        "f": [{"passed": False, "status": "failed", "detail": "assert ['b', 'a'] == ['a', 'b']",
               "tests": {"t.py::test_order": "assertion", "t.py::test_size": "passed"}},
              {"passed": True, "status": "passed", "detail": ""}],
        "d": [{"passed": False, "status": "invalid_solution", "detail": "'double' not found"}],
    }
    calls: list[str] = []

    def fake(rec, solution, timeout, **kw):
        calls.append(rec["id"])
        return verdicts[rec["id"]].pop(0)

    monkeypatch.setattr(B, "run_problem_tests", fake)
    records = [{**_record(tmp_path, "double", start, end), "id": k, "solution": ""} for k in "abcdf"]
    records.append({**_record(tmp_path, "Box.width", start, end), "id": "e", "solution": ""})  # lines of another def
    report = BuildReport()
    kept = B.gold_gate(_ctx(report), records)
    assert [r["id"] for r in kept] == ["a"]
    problems = report.stage("problems")
    assert problems == {"gold_timed_out": 1, "gold_failed": 1, "gold_splice_failed": 2, "gold_flaky": 1}, problems
    assert sorted(calls) == ["a", "a", "b", "b", "c", "c", "d", "f", "f"]  # "e" never ran
    assert "t.py::test_order" in report.samples["problems/gold_flaky"][0]


PROPS = {
    "src/props/__init__.py": "",
    "src/props/table.py": textwrap.dedent('''\
        """A table."""


        class Table:
            """Rows under a title."""

            def __init__(self, title: str) -> None:
                self._title = title

            @property
            def title(self) -> str:
                """The title, upper-cased."""
                return self._title.upper()

            @title.setter
            def title(self, value: str) -> None:
                self._title = value.strip()
        '''),
    "tests/test_table.py": textwrap.dedent('''\
        from props.table import Table


        def test_title():
            table = Table("a")
            assert table.title == "A"
            table.title = "  b "
            assert table.title == "B"
        '''),
    "pyproject.toml": '[project]\nname = "props"\nversion = "0.1"\n\n[tool.pytest.ini_options]\npythonpath = ["src"]\n',
}


@pytest.mark.slow
def test_a_property_with_a_setter_becomes_a_problem(tmp_path):
    repo = make_repo(tmp_path / "props", PROPS, "props")
    report = BuildReport()
    records, _ = B.build_repository(repo, B.ExecSettings(use_pynguin=False, workers=1, flaky_runs=1, mutants=0), report)
    assert [r["qualname"] for r in records] == ["Table.title"], report.stage("problems")
    title = records[0]
    assert run_problem_tests(title, title["solution"])["passed"]
    wrong = title["solution"].replace(".upper()", ".lower()")
    assert run_problem_tests(title, wrong)["status"] == "failed"
