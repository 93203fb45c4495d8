"""Code run while pytest imports a test module belongs to the module's tests (tuning case of the
2026-11-29c class held-out set: sly's test modules define Lexer and Parser subclasses at module
level and the metaclasses build the lexer and the LALR tables right there; per-test coverage
began with the first test, so Grammar and LRTable ran for no test and were
``not_covered_by_tests``). On 406e5e7 ``Tables.build`` below is in no test's coverage; now the
plugin measures each test module's collection in a context of its own and the harness gives
those lines to every test of that module (sandbox/pytest_plugin.py, sandbox/pytest_runs.py:
attribute_collection). Real pytest, coverage.py and bubblewrap."""
from __future__ import annotations

import pytest

from crossfile_datasets.lang import Lang
from crossfile_datasets.sandbox.pytest_runs import COLLECTION_CONTEXT, attribute_collection
from crossfile_datasets.sandbox.suites import SuiteStatus, runner_for
from crossfile_datasets.sandbox.suites import TestOutcome as Outcome
from tests.conftest import write_tree

REPO = {
    "pkg/__init__.py": "",
    "pkg/tables.py": '''class Tables:
    def __init__(self, rules):
        self.rules = dict(rules)

    def build(self):
        return {name: len(body) for name, body in self.rules.items()}
''',
    "pkg/meta.py": '''from pkg.tables import Tables


class ParserMeta(type):
    def __new__(mcs, name, bases, ns):
        cls = super().__new__(mcs, name, bases, ns)
        cls._table = Tables(ns.get("rules", {})).build()
        return cls


class Parser(metaclass=ParserMeta):
    def size(self, name):
        return self._table[name]
''',
    "tests/__init__.py": "",
    "tests/test_parse.py": '''from pkg.meta import Parser


class Calc(Parser):
    rules = {"expr": "term + term", "term": "NUMBER"}


def test_expr():
    assert Calc().size("expr") == 11


def test_term():
    assert Calc().size("term") == 6
''',
    "tests/test_other.py": '''def test_alone():
    assert 1 + 1 == 2
''',
}


def test_collection_lines_go_to_the_modules_tests():
    contexts = {"pkg/a.py": {1: [COLLECTION_CONTEXT + "tests/test_a.py"], 2: ["tests/test_a.py::t1", ""],
                             3: [COLLECTION_CONTEXT + "tests/test_a.py", "tests/test_a.py::t2"],
                             4: [COLLECTION_CONTEXT + "tests/test_gone.py"]}}
    out = attribute_collection(contexts, ["tests/test_a.py::t1", "tests/test_a.py::t2", "tests/test_b.py::t"])
    assert out == {"pkg/a.py": {1: ["tests/test_a.py::t1", "tests/test_a.py::t2"], 2: ["tests/test_a.py::t1", ""],
                                3: ["tests/test_a.py::t2", "tests/test_a.py::t1"], 4: []}}


@pytest.mark.slow
def test_a_metaclass_run_at_import_covers_the_modules_tests(tmp_path):
    run = runner_for(Lang.PYTHON).run(write_tree(tmp_path, REPO), None, coverage=True)
    assert run.status is SuiteStatus.OK, (run.reason, run.log[-3000:])
    assert run.outcomes() == {"tests/test_parse.py::test_expr": Outcome.PASSED,
                              "tests/test_parse.py::test_term": Outcome.PASSED,
                              "tests/test_other.py::test_alone": Outcome.PASSED}
    build_line = 6  # Tables.build's return: run only when the test module is imported
    for test in ("tests/test_parse.py::test_expr", "tests/test_parse.py::test_term"):
        assert build_line in run.per_test_coverage[test].get("pkg/tables.py", set()), run.per_test_coverage.get(test)
        assert 6 in run.per_test_coverage[test]["pkg/meta.py"]  # ParserMeta.__new__ too
    assert "pkg/tables.py" not in run.per_test_coverage.get("tests/test_other.py::test_alone", {})
    assert not any(c.startswith(COLLECTION_CONTEXT) for c in run.per_test_coverage)
