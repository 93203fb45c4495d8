"""Class selection and the wrong-class gate on shapes of the 2026-11-27d held-out (tuning cases
since): a class the tests reach only through a facade (jmespath's ``TreeInterpreter``, run by
``jmespath.search``; yamlbeans' ``NodeEvent``), a Java class whose tests name one public method
that runs the others (yamlbeans' ``YamlReader``: 11 of 21 methods named), and a task with two
tests that catch few mutants (SimMetrics' ``JaccardSimilarity``: 2 tests, 3 of 6). One real
pytest run with per-test coverage, then the real sandbox runs of the gate."""
from __future__ import annotations

import pytest

from crossfile_datasets.analyzers.graph import build_graph
from crossfile_datasets.builders.classlevel.build import ClassSettings, mutant_gate
from crossfile_datasets.builders.classlevel.candidates import Thresholds, select_candidates
from crossfile_datasets.core.records import Repository
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.lang import Lang
from crossfile_datasets.sandbox.suites import runner_for
from tests.classlevel.fixture import analyzed
from tests.conftest import write_tree

TREE = {
    "lib/__init__.py": "",
    "lib/helpers.py": '''def scale(x):
    return x * 3


def clip(x):
    return max(0, min(x, 100))


def add(a, b):
    return a + b


def tag(text):
    return "<" + text + ">"
''',
    "lib/engine.py": '''from lib.helpers import clip, scale


class Engine:
    """Reached only through render(): no test names it."""

    def __init__(self, factor):
        self.factor = scale(factor)

    def step(self, x):
        return clip(x * self.factor)

    def finish(self, x):
        return clip(x + self.factor)
''',
    "lib/api.py": '''from lib.engine import Engine


def render(factor, x):
    engine = Engine(factor)
    return engine.finish(engine.step(x))
''',
    "lib/gauge.py": '''from lib.helpers import clip, scale


class Gauge:
    """The tests call read(); read() runs the other methods."""

    def __init__(self, level):
        self.level = clip(level)

    def read(self):
        return self.norm(self.level) + self.bias()

    def norm(self, v):
        return scale(v)

    def bias(self):
        return clip(-5) + 1
''',
    "lib/pair.py": '''from lib.helpers import add, tag


class Pair:
    def __init__(self, a, b):
        self.a = a
        self.b = b

    def total(self):
        return add(self.a, self.b)

    def label(self):
        return tag("pair") + tag("of") + tag("two")
''',
    "tests/__init__.py": "",
    "tests/test_api.py": '''from lib.api import render


def test_render_small():
    assert render(1, 2) == 9


def test_render_large():
    assert render(2, 30) == 100


def test_render_zero():
    assert render(0, 5) == 0
''',
    "tests/test_gauge.py": '''from lib.gauge import Gauge


def test_read():
    assert Gauge(2).read() == 7


def test_read_clipped():
    assert Gauge(500).read() == 301
''',
    "tests/test_pair.py": '''from lib.pair import Pair


def test_total():
    assert Pair(2, 3).total() == 5


def test_label_runs():
    Pair(1, 1).label()  # checks nothing of the label
''',
}


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    root = write_tree(tmp_path_factory.mktemp("facade") / "lib", TREE)
    language, facts, classes = analyzed(root, Lang.PYTHON, "lib")
    suite = runner_for(Lang.PYTHON).run(root, None, coverage=True)
    assert len(suite.outcomes()) == 7 and all(o.value == "passed" for o in suite.outcomes().values()), suite.log[-2000:]
    return root, language, facts, classes, build_graph("lib", "python", facts, []), suite


def _select(tree, lang):
    _, language, facts, classes, graph, suite = tree
    report = BuildReport()
    cands = select_candidates(lang, language, facts, classes, suite, graph, Thresholds(), report, "")
    return {c.info.name: c for c in cands}, report


def test_a_class_reached_through_a_facade_and_java_methods_the_tests_execute(tree):
    cands, report = _select(tree, Lang.PYTHON)
    assert set(cands) == {"Engine", "Gauge", "Pair"}, dict(report.samples)
    assert cands["Engine"].expected_to_pass == [f"tests/test_api.py::test_render_{n}" for n in ("large", "small", "zero")]
    assert report.stage("tasks") == {"reached_through_facade": 1}
    # fewer passing tests than CLASS_MIN_FACADE_TESTS through the facade: still refused
    _, few = _select(tree[:5] + (_only(tree[5], "test_render_small"),), Lang.PYTHON)
    assert few.stage("classes")["tests_do_not_reference_class"] == 1
    # Java's 2/3 share counts the methods the tests execute, not only those they name (2 of 4 here)
    java, report = _select(tree, Lang.JAVA)
    assert "Gauge" in java, dict(report.samples)
    assert java["Gauge"].referenced_methods == ["__init__", "read"]
    assert java["Gauge"].covered_methods == ["__init__", "read", "norm", "bias"]


def _only(suite, keep):
    import dataclasses

    drop = {t for t in suite.outcomes() if t.startswith("tests/test_api.py") and not t.endswith(keep)}
    return dataclasses.replace(suite, results=[r for r in suite.results if r.test_id not in drop],
                               per_test_coverage={t: c for t, c in suite.per_test_coverage.items() if t not in drop})


@pytest.mark.slow  # 6 sandbox runs of the gate (~40 s under load)
def test_a_task_with_two_tests_must_catch_most_mutants(tree):
    root, language, facts, _, _, suite = tree
    cands, _ = _select(tree, Lang.PYTHON)
    report = BuildReport()
    kept = mutant_gate(Lang.PYTHON, Repository("lib", root, "", "", ""), facts, [cands["Pair"]], suite,
                       ClassSettings(), report, "")
    score = cands["Pair"].wrong_classes["mutant_score"]
    assert 0.5 <= score < 0.75, cands["Pair"].wrong_classes  # kept by the 0.5 rule alone
    assert not kept and report.stage("tasks") == {"too_few_tests": 1}, dict(report.samples)
