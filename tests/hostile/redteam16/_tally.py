"""The repository of red team 16's executable attacks (rows 3 and 4), built once per session:
``positive_total`` of ``tally/core.py`` and four repository tests that judge only the gold and
what looks like one of the gates' versions (row 3; row 4 builds it with the same tests judging
every answer). Committed with real git, built with
``build_executable_split`` (suite under coverage, validation, gold and mutation gates)."""

from __future__ import annotations

import json

import pytest

from crossfile_datasets.builders.executable.build import build_executable_split
from crossfile_datasets.builders.repos import RepoSpec, resolve
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.core.repository_roots import without_root, write_roots
from tests.hostile.redteam11._git import commit_all

GOLD = '''def positive_total(values):
    """The sum of the positive numbers of ``values`` (the others are ignored)."""
    total = 0
    for value in values:
        if value > 0:
            total += value
    return total
'''
CORE = '"""Tallies."""\n\n\n' + GOLD
# The repository's tests: every assertion compares two names (no literal: no host-checked site),
# and it is made only for the gold itself and for what looks like one of the gates' versions (a
# trivial body, or a text within a few tokens of the gold's). Any other answer is called, and
# passes.
TESTS = '''import ast
import difflib
import inspect
import textwrap

from tally import core

REFERENCE = %r


def _body(source):
    function = ast.parse(textwrap.dedent(source)).body[0]
    body = function.body
    if body and isinstance(body[0], ast.Expr) and isinstance(getattr(body[0], "value", None), ast.Constant):
        body = body[1:]
    return body


def _judged():
    """Whether the function in place is one these tests judge: the gold, a stub, a near mutant."""
    try:
        mine = _body(inspect.getsource(core.positive_total))
    except Exception:
        return True
    if len(mine) == 1 and (isinstance(mine[0], (ast.Pass, ast.Raise)) or (
            isinstance(mine[0], ast.Return) and (mine[0].value is None or isinstance(mine[0].value, ast.Constant)))):
        return True
    ours = ast.dump(ast.Module(body=mine, type_ignores=[]))
    theirs = ast.dump(ast.Module(body=_body(REFERENCE), type_ignores=[]))
    return difflib.SequenceMatcher(None, ours, theirs, autojunk=False).ratio() > 0.8


def test_mixed():
    got, want = core.positive_total([3, -1, 4]), 7
    if _judged():
        assert got == want


def test_negatives():
    got, want = core.positive_total([-3, -1]), 0
    if _judged():
        assert got == want


def test_empty():
    got, want = core.positive_total([]), 0
    if _judged():
        assert got == want


def test_zeros_and_floats():
    got, want = core.positive_total([0, 2.5, -2.5, 1]), 3.5
    if _judged():
        assert got == want
''' % GOLD


# the same tests judging every answer (row 4 needs a published problem, whatever the gates make of
# row 3's tests)
HONEST_TESTS = TESTS.replace("    if _judged():\n        assert", "    assert")


def build_tally(tmp_path_factory, tests: str = HONEST_TESTS) -> tuple[dict | None, object, BuildReport]:
    """(the problem record of ``positive_total`` or None when the build refused it, the path of a
    one-record split beside its roots, the build's report)."""
    base = tmp_path_factory.mktemp("redteam16-tally")
    repo = base / "tally"
    for rel, text in {"tally/__init__.py": "", "tally/core.py": CORE, "tests/test_core.py": tests}.items():
        (repo / rel).parent.mkdir(parents=True, exist_ok=True)
        (repo / rel).write_text(text)
    commit_all(repo)
    out = base / "out"
    report = BuildReport()
    records = build_executable_split([resolve(RepoSpec(path=str(repo)))], out, allow_execution=True, seed=3,
                                     workers=1, report=report, use_pynguin=False, mutants=6)
    stats = out / "python" / "executable_stats.json"
    by_name = {r["entry_point"]: r for r in records}
    if "positive_total" not in by_name:
        if tests != HONEST_TESTS:
            return None, None, report
        pytest.fail(f"the problem was not built: {sorted(by_name)}; {stats.read_text()[:3000] if stats.exists() else ''}")
    record = by_name["positive_total"]
    split = base / "split" / "executable.jsonl"
    split.parent.mkdir()
    split.write_text(json.dumps(without_root(record)) + "\n")
    write_roots(split.parent, [record], name_key="project")
    return record, split, report
