"""Candidate selection and one-level dependency resolution (static, no execution)."""

from __future__ import annotations

from crossfile_datasets.builders.functions import (
    is_test_path,
    resolve_dependencies,
    select_candidates,
)
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.lang.sources import list_sources
from crossfile_datasets.lang import Lang, get_language


def analyze(repo):
    language = get_language(Lang.PYTHON)
    report = BuildReport()
    files, _ = list_sources(repo, language, report)
    facts = language.analyze_files(str(repo.root), files)
    return facts, report


def test_candidates_and_exclusion_reasons(calc_repo):
    facts, report = analyze(calc_repo)
    candidates = select_candidates(facts, report)
    names = {c.qualname for c in candidates}
    # RepoExec's rules: one-statement bodies (`trivial`), generators and properties are
    # candidates; only placeholder bodies (`raise NotImplementedError`) are trivial
    assert names == {"helper", "scale", "Base.offset", "_local", "compute", "Calc._scale", "Calc.total",
                     "trivial", "gen", "Calc.name"}
    reasons = report.stage("candidates")
    assert reasons["selected"] == 10
    for reason in ("short_docstring", "no_return_value", "trivial_body", "entry_point",
                   "async_function", "dunder_method"):
        assert reasons.get(reason, 0) >= 1, reason
    assert report.samples["candidates/trivial_body"] == ["pkg/core.py::placeholder"]
    by_name = {c.qualname: c for c in candidates}
    assert by_name["trivial"].body_statements == 1 and by_name["Calc.name"].is_property
    # test files never give candidates
    assert all(not c.path.startswith("tests/") for c in candidates)


def test_candidate_fields(calc_repo):
    facts, report = analyze(calc_repo)
    total = next(c for c in select_candidates(facts, report) if c.qualname == "Calc.total")
    assert total.class_name == "Calc" and total.module == "pkg.core"
    assert total.signature == "def total(self, xs):"
    assert total.docstring.startswith("Scaled total of the values")
    assert total.source.startswith("def total(self, xs):")
    assert total.indent == "    "
    # coverage denominator: the body statements after the docstring
    assert len(total.body_lines) == 2


def test_in_file_and_cross_file_dependencies(calc_repo):
    facts, report = analyze(calc_repo)
    candidates = {c.qualname: c for c in select_candidates(facts, report)}
    deps = resolve_dependencies(candidates["compute"], facts)
    got = [(d.name, d.kind, d.file, d.in_file) for d in deps]
    # cross-file first, in import order: `from . import util as u` (u.scale), then
    # `from .util import ... helper`, then `import pkg.util` (pkg.util.RATE); in-file after
    assert got == [
        ("scale", "function", "pkg/util.py", False),
        ("helper", "function", "pkg/util.py", False),
        ("RATE", "constant", "pkg/util.py", False),
        ("_local", "function", "pkg/core.py", True),
    ]
    helper = next(d for d in deps if d.name == "helper")
    assert helper.code.startswith("def helper(x: int) -> int:") and "return y + RATE" in helper.code
    # the identifiers through which the body uses each dependency (for the invocation rate)
    assert {d.name: d.used_as for d in deps} == {"scale": ["scale"], "helper": ["helper"], "RATE": ["RATE"], "_local": ["_local"]}
    # builtins (min, len), typing names and unused module constants are not dependencies
    local = resolve_dependencies(candidates["_local"], facts)
    assert [(d.name, d.kind, d.in_file) for d in local] == [("LIMIT", "constant", True)]


def test_method_dependencies_through_self(calc_repo):
    facts, report = analyze(calc_repo)
    total = next(c for c in select_candidates(facts, report) if c.qualname == "Calc.total")
    deps = resolve_dependencies(total, facts)
    got = {(d.name, d.file, d.in_file, d.member_of) for d in deps}
    assert ("Calc._scale", "pkg/core.py", True, "Calc") in got  # own member
    assert ("Base", "pkg/util.py", False, None) in got  # self.offset is inherited from a base in another file
    assert ("Calc.__init__", "pkg/core.py", True, "Calc") in got  # self.factor is an instance attribute
    used = {d.name: d.used_as for d in deps}
    assert used["Base"] == ["offset"] and used["Calc.__init__"] == ["factor"]  # what the body writes


def test_is_test_path():
    assert is_test_path("tests/test_a.py") and is_test_path("pkg/test_a.py") and is_test_path("a_test.py")
    assert is_test_path("src/pkg/tests/helpers.py") and is_test_path("conftest.py")
    assert not is_test_path("pkg/testing_utils.py") and not is_test_path("pkg/contest.py")
