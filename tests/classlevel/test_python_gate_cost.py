"""What Python's wrong classes cost (tuning case of 2026-11-27c: python-semver 3.0.4's one task
spent 478 s of its 569 s build in the wrong-class gate). The time was not the test runs: the
mutants of ``Version`` (39 methods) were all made -- up to 6 per covered method, each a fresh
libcst parse, copy and position pass of the 600-line class -- for the 6 the round robin kept.
Now the k-th mutant of a method is made only when the round robin reaches it, and one parse of a
class serves every site. Deterministic counts, no clock."""
from __future__ import annotations

import libcst
import pytest

from crossfile_datasets.lang.classes import ClassInfo, WrongClass, round_robin
from crossfile_datasets.lang.python import mutation
from crossfile_datasets.lang.python.wrong_classes import method_mutants

METHODS = 20
SOURCE = "class Wide:\n" + "".join(
    f"    def m{i}(self, x):\n        if x > {i}:\n            return x * {i} - 1\n        return x + {i}\n\n"
    for i in range(METHODS))


def _info(source: str = SOURCE) -> ClassInfo:  # method_mutants reads the class text only
    return ClassInfo(language="python", file="c.py", name="C", qualified_name="C", start_byte=0,
                     end_byte=len(source), start_line=1, end_line=source.count("\n"), signature="class C:",
                     source=source)


@pytest.mark.slow
def test_mutants_are_made_as_the_round_robin_takes_them(monkeypatch):
    names = [f"m{i}" for i in range(METHODS)]
    # what the gate ran before: every method's full list, then the round robin
    expected = round_robin([[WrongClass("mutant", m.code, n, f"{n}: {m.description} ({m.operator})")
                             for m in mutation.mutants(SOURCE, limit=6, seed=0, only=n)] for n in names], 6)
    if hasattr(mutation, "_wrapper"):
        mutation._wrapper.cache_clear()
    parses = []
    real = libcst.parse_module

    def counting(code, *a, **k):
        parses.append(code)
        return real(code, *a, **k)

    monkeypatch.setattr(libcst, "parse_module", counting)
    got = method_mutants(_info(), names, limit=6, seed=0)
    assert [(w.method, w.description, w.source) for w in got] == [(w.method, w.description, w.source) for w in expected]
    assert len(got) == 6 and [w.method for w in got] == names[:6]
    # one parse of the class for all its sites (it was 1 + one per site tried, for all 20 methods)
    assert len(parses) == 1, len(parses)


def test_a_method_without_sites_is_skipped_and_later_rounds_fill_the_limit():
    source = "class Two:\n    def a(self, x):\n        return x + 1 if x > 0 else x - 1\n\n    def b(self):\n        pass\n"
    got = method_mutants(_info(source), ["b", "a"], limit=3, seed=0)
    assert [w.method for w in got] == ["a", "a", "a"]
    assert [w.source for w in got] == [m.code for m in mutation.mutants(source, limit=3, seed=0, only="a")]
