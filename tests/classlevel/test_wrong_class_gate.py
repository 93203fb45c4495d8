"""The wrong-class gate of the class-level builder (issue 34 item 2): every task is checked
against wrong classes before it is kept -- its throwing stub (every method raising) must fail
every EXPECTED_TO_PASS test, and its tests must catch enough one-method mutants
(``mutant_score``). The stubs and mutants come from the language (``LanguageSupport.throwing_stub``
/ ``method_mutants``); the tests run for real in the sandbox."""
from __future__ import annotations

import json

import pytest

from crossfile_datasets.builders.classlevel.build import ClassSettings, build_class_split
from crossfile_datasets.core.records import Repository
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.evaluation.classlevel import evaluate_class
from crossfile_datasets.lang import Lang, get_language
from crossfile_datasets.lang.classes import ClassInfo, extractor_for
from crossfile_datasets.lang.sources import list_sources
from tests.conftest import write_tree

METERS = {
    "pkg/__init__.py": "",
    "pkg/util.py": "def double(x):\n    return x * 2\n\n\ndef label(text):\n    return text.upper()\n",
    "pkg/meter.py": '''"""Meters."""
import contextlib

from pkg.util import double, label


class Meter:
    """Counts in metres."""

    unit = "m"

    def __init__(self, start=0):
        self.value = double(start)

    def add(self, n):
        self.value += double(n)
        return self

    def name(self):
        return label(self.unit)


class Gauge:
    level = 2

    def lift(self, n):
        self.level = self.level + double(n) - 1
        return self.level

    def describe(self):
        if self.level > 100:
            return label("high")
        return label("gauge")


class Config:
    def load(self):
        return label("loaded")

    def save(self):
        return double(len(label("saved")))
''',
    "tests/test_meter.py": '''import contextlib

from pkg.meter import Config, Gauge, Meter


def test_meter_adds():
    assert Meter(1).add(2).value == 6


def test_meter_name():
    assert Meter().name() == "M"


def test_meter_unit():
    assert Meter.unit == "m"  # a class attribute: passes with every method throwing


def test_gauge_runs():  # executes Gauge, checks next to nothing
    g = Gauge()
    g.lift(3)
    assert isinstance(g.describe(), str)


def test_gauge_runs_again():  # as weak: a task needs CLASS_MIN_TESTS (2) tests
    g = Gauge()
    g.lift(1)
    g.lift(2)
    assert isinstance(g.describe(), str)


def test_config_api():  # passes whatever the methods do, once they exist
    assert callable(Config.load) and callable(Config.save)
    with contextlib.suppress(Exception):
        Config().load()
        Config().save()
''',
}


def _info(root, name) -> ClassInfo:
    language = get_language(Lang.PYTHON)
    files, _ = list_sources(Repository("m", root, "", "", ""), language, BuildReport())
    facts = language.analyze_files(str(root), files)
    return next(c for path in facts for c in extractor_for(Lang.PYTHON)(facts[path]) if c.name == name)


def test_throwing_stub_keeps_the_interface_and_throws_everywhere(tmp_path):
    root = write_tree(tmp_path / "m", {**METERS, "pkg/prop.py": '''from pkg.util import double


@dataclass_like
class Box(Base):
    """A box."""

    SIZE = 3

    @property
    def width(self):
        """The width."""
        return double(self.SIZE)

    @width.setter
    def width(self, value):
        self._w = value

    def short(self): return 1

    class Inner:
        def keep(self):
            return 2
'''})
    stub = get_language(Lang.PYTHON).throwing_stub(_info(root, "Box"))
    assert "@dataclass_like\nclass Box(Base):\n    \"\"\"A box.\"\"\"\n\n    SIZE = 3" in stub
    assert "    @property\n    def width(self):\n        \"\"\"The width.\"\"\"\n        raise NotImplementedError(" in stub
    assert "    @width.setter\n    def width(self, value):\n        raise NotImplementedError(" in stub
    assert "def short(self):\n        raise NotImplementedError(" in stub
    assert "return double" not in stub and "self._w = value" not in stub
    assert "def keep(self):\n            return 2" in stub  # a nested class stays as written
    compile(stub, "box.py", "exec")


def test_method_mutants_change_one_method_each(tmp_path):
    root = write_tree(tmp_path / "m", METERS)
    info = _info(root, "Gauge")
    wrongs = get_language(Lang.PYTHON).method_mutants(info, ["lift", "describe"], limit=6)
    assert len(wrongs) == 6 and [w.method for w in wrongs[:2]] == ["lift", "describe"]
    original = {m.name: m.body for m in info.methods}
    for w in wrongs:
        assert w.kind == "mutant" and w.source != info.source and w.description.startswith(w.method + ":")
        compile(w.source, "gauge.py", "exec")
        changed = [name for name, body in original.items() if body not in w.source]
        assert changed == [w.method], (w.description, changed)


@pytest.mark.slow
def test_tasks_whose_tests_do_not_judge_the_class_are_dropped(tmp_path):
    root = write_tree(tmp_path / "meters", METERS)
    report = BuildReport()
    records, stats = build_class_split(Lang.PYTHON, [Repository("meters", root, "", "", "MIT")], tmp_path / "out",
                                       allow_execution=True, report=report, settings=ClassSettings(mutants=4))
    by_name = {r["class_name"]: r for r in records}
    # Meter: its tests catch every mutant
    assert set(by_name) == {"Meter"}, (by_name.keys(), stats["dropped_tasks"], report.samples)
    meter = by_name["Meter"]
    assert sorted(meter["expected_to_pass"]) == ["tests/test_meter.py::test_meter_adds", "tests/test_meter.py::test_meter_name"]
    assert meter["wrong_class_check"]["checked"] and meter["wrong_class_check"]["mutants_run"] == 4
    assert meter["mutant_score"] >= 0.5
    # honest tests catch the disguised controls too (red team 2026-11-27f row 5)
    check = meter["wrong_class_check"]
    assert check["controls_run"] >= 1 and check["controls_caught"] == check["controls_run"], check
    assert "tasks/tests_pass_disguised_control" not in report.counts
    # Config: its test passes with every method throwing; Gauge: its test lets mutants through
    assert report.samples["tests/passes_with_throwing_stub"] == [
        "meters:tests/test_meter.py::test_config_api: pkg/meter.py::Config"]
    assert stats["dropped_tasks"]["tests_pass_with_throwing_stub"] == 1
    assert stats["dropped_tasks"]["mutants_survive"] == 1
    gauge = [s for s in report.samples["tasks/mutants_survive"] if "Gauge" in s]
    assert gauge, report.samples
    # the throwing stub of a kept task scores 0 in the evaluation
    split = tmp_path / "out/python/class.jsonl"
    preds = tmp_path / "stub.jsonl"
    stub = get_language(Lang.PYTHON).throwing_stub(_info(root, "Meter"))
    preds.write_text(json.dumps({"task_id": meter["id"], "generations": [stub]}) + "\n")
    result = evaluate_class(split, preds, ks=(1,))
    assert result["results"]["python"]["pass@1"]["mean"] == 0.0
    assert result["results"]["python"]["test_pass_rate"]["mean"] == 0.0


@pytest.mark.slow
def test_a_disguised_control_does_what_its_mutants_do_and_looks_like_an_answer(tmp_path):
    """Red team 2026-11-27f row 5: the controls are caught mutants with changes that keep what
    the class does (reformatted, locals renamed, methods reordered): tests that caught the
    mutants catch them; many lines differ from the original, the order and the names are drawn
    from the generator given (the build's is never published)."""
    import random

    root = write_tree(tmp_path / "m", {**METERS, "pkg/acc.py": '''class Acc:
    def __init__(self):
        self.items = []

    def push(self, x):
        doubled = x * 2
        self.items.append(doubled)
        return self

    def total(self):
        acc = 0
        for item in self.items:
            acc += item
        return acc

    def names(self):
        return [f"n{i}" for i in range(len(self.items))]
'''})
    info = _info(root, "Acc")
    language = get_language(Lang.PYTHON)
    wrongs = language.method_mutants(info, ["push", "total"], limit=4)

    def behaviour(source):
        namespace: dict = {}
        exec(compile(source, "acc.py", "exec"), namespace)  # our own fixture class and its variants
        acc = namespace["Acc"]()
        for x in (1, 2, 3):
            try:
                acc.push(x)
            except Exception as exc:  # noqa: BLE001 - a mutant may raise
                return repr(exc)
        return acc.items, acc.total(), acc.names()

    controls = {language.disguised_control(info, wrongs[:1], random.Random(seed)) for seed in range(6)}
    assert None not in controls and len(controls) > 1  # drawn: the generator decides
    original = {line.strip() for line in info.source.splitlines()}
    for control in controls:
        assert behaviour(control) == behaviour(wrongs[0].source)  # what the mutant does
        assert len([l for l in control.splitlines() if l.strip() and l.strip() not in original]) >= 2
    combined = language.disguised_control(info, [wrongs[0], wrongs[1]], random.Random(0))
    assert wrongs[0].method != wrongs[1].method and behaviour(combined) not in (behaviour(info.source),)


def test_a_language_without_the_hook_says_so():
    info = ClassInfo("typescript", "a.ts", "A", "A", 0, 1, 1, 1, "class A")
    with pytest.raises(LookupError, match="^wrong_classes_unavailable: typescript$"):
        get_language(Lang.TYPESCRIPT).throwing_stub(info)
    with pytest.raises(LookupError, match="^wrong_classes_unavailable: typescript$"):
        get_language(Lang.TYPESCRIPT).method_mutants(info, ["f"], limit=3)


@pytest.mark.slow
def test_the_mutant_runs_share_a_time_budget_and_count_what_they_skip(tmp_path):
    """Tuning case of 2026-11-27c (pyeve/cerberus: the gate had not finished after an hour on a
    large class's tests). With no time left each task still runs CLASS_MIN_GATE_MUTANTS mutants,
    its score is over those, and the others are counted. Deterministic: a zero budget, no clock."""
    from crossfile_datasets.core import constants as C

    root = write_tree(tmp_path / "meters", METERS)
    report = BuildReport()
    records, stats = build_class_split(Lang.PYTHON, [Repository("meters", root, "", "", "MIT")], tmp_path / "out",
                                       allow_execution=True, report=report,
                                       settings=ClassSettings(mutants=4, gate_seconds=0.0, gate_seconds_per_task=0.0))
    meter = {r["class_name"]: r for r in records}["Meter"]
    check = meter["wrong_class_check"]
    assert check["mutants_run"] == C.CLASS_MIN_GATE_MUTANTS and check["mutants_skipped"] == 4 - C.CLASS_MIN_GATE_MUTANTS
    assert meter["mutant_score"] == check["mutants_caught"] / C.CLASS_MIN_GATE_MUTANTS
    skipped = report.samples["tasks/mutants_over_budget"]
    assert any("pkg/meter.py::Meter" in s for s in skipped) and report.counts["tasks/mutants_over_budget"] == len(skipped)
