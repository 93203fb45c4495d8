"""Issue 33 (speed), 2026-11-28: the static stage's prompts parse each pasted block once, and
Pynguin is not run for functions the repository's own tests already cover line by line."""

from __future__ import annotations

import libcst

from crossfile_datasets.builders import functions
from crossfile_datasets.builders.executable.build import pynguin_needy
from crossfile_datasets.builders.functions import SIZES, build_prompts, resolve_dependencies, select_candidates
from crossfile_datasets.builders.executable.testgen import TestProgram
from tests.executable.conftest import make_repo
from tests.executable.test_prompts import analyze

METHODS = 12
# one class whose methods each use the same three helper members (a large class's shape:
# tornado's RequestHandler), and a module function pasted into every method's context
CLASS = '''"""Handlers."""


def shared(x):
    """A helper every method reaches."""
    return x + 1


class Handler:
    """A handler."""

    def __init__(self):
        self.items = []

    def _a(self, x):
        """Helper a."""
        return shared(x) * 2

    def _b(self, x):
        """Helper b."""
        return x - 1

    def _c(self, x):
        """Helper c."""
        return x * x
''' + "".join(f'''
    def method{i}(self, x):
        """Method {i}: the helpers combined."""
        return self._a(x) + self._b(x) + self._c(x) + {i}
''' for i in range(METHODS))


def test_prompts_of_a_large_class_reuse_what_they_parsed(tmp_path, monkeypatch):
    """tornado (228 candidates): building the prompts took 21.4 s of CPU at d1e2f53 (each
    pasted block parsed again for every candidate and size: ``ast.parse`` 5,621 times, the
    class's members printed and parsed again for every method); 7.4 s now, the same prompts
    (sha256 of every prompt of tornado, with and without the target, equal)."""
    repo = make_repo(tmp_path / "handlers", {"handlers/__init__.py": "", "handlers/core.py": CLASS}, "handlers")
    facts, report = analyze(repo)
    cands = [c for c in select_candidates(facts, report) if c.qualname.startswith("Handler.method")]
    assert len(cands) == METHODS
    for cache in (functions._used_names, functions._code_attribute_chains, functions._function_shapes,
                  functions._member_statement, functions._parsed_module, functions.render_definition):
        cache.cache_clear()
    parsed = {"statements": 0}
    real = libcst.parse_statement

    def counting(*args, **kwargs):
        parsed["statements"] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(functions.cst, "parse_statement", counting)
    prompts = []
    for cand in cands:
        cand.dependencies = resolve_dependencies(cand, facts)
        prompts.append(build_prompts(cand, facts, cand.dependencies))
    # each method's skeleton shows the three helpers at each size: parsed once per class and
    # size now (3 x 3), beside the target's sentinel line (one per method and size)
    assert parsed["statements"] <= 3 * len(SIZES) + METHODS * len(SIZES), parsed
    for cand, got in zip(cands, prompts):  # what they show is unchanged
        for size in SIZES:
            assert "def _a(self, x):" in got[size] and f"def {cand.name}(self, x):" in got[size]
        assert "return x + 1" in got["full_context"]


def program(path: str) -> TestProgram:
    return TestProgram(path=path, source="def test_x():\n    pass\n", origin="repository", origin_test=path)


def test_pynguin_is_not_run_for_functions_the_suite_covers_whole():
    """The samples at d1e2f53: Pynguin ran on the modules of every function with fewer than 3
    programs of the repository's own, 380 of the samples' 1,187 s; a function whose every body
    line the suite's tests execute no longer makes its module Pynguin's."""
    class Cand:
        def __init__(self, key):
            self.key = key

    covered, partly, untested, doc_only = Cand("covered"), Cand("partly"), Cand("untested"), Cand("doc")
    suite = {"covered": [program("t1")], "partly": [program("t2")]}
    doctests = {"doc": [program("d1")]}
    coverage = {"covered": 1.0, "partly": 0.5, "doc": 0.0}
    needy = pynguin_needy([covered, partly, untested, doc_only], suite, doctests, coverage)  # type: ignore[list-item]
    assert [c.key for c in needy] == ["partly", "untested", "doc"]
