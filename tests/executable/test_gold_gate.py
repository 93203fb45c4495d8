"""The gold gate drops a problem as ``gold_failed`` only when the original code fails its tests:
not when our own splice replaced another definition of the name (held-out 17: a property's
setter replaced by its getter, 33 of prettytable's 46 problems)."""

from __future__ import annotations

import textwrap

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
