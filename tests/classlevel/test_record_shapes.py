"""Smaller defects of the class-level records and their evaluation (issue 34 item 4, issue 29
item 4): the sketchy skeleton keeps the class's interface (decorators such as ``@property`` and
setters, member variables, docstrings) as RepoClassBench's sketchy description does; a CRLF file
round-trips (``file_without_class`` + ``class_source`` is the original file); a predictions file
may cover part of the split (the rest is counted as not attempted); the build reports its
progress per repository and stage."""
from __future__ import annotations

import json

import pytest

from crossfile_datasets.builders.classlevel.build import ClassSettings, build_class_split
from crossfile_datasets.builders.classlevel.skeleton import sketchy_skeleton
from crossfile_datasets.core.jsonl import InputError
from crossfile_datasets.core.records import Repository
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.evaluation.classlevel import evaluate_class
from crossfile_datasets.lang import Lang
from tests.classlevel.test_wrong_class_gate import _info
from tests.conftest import write_tree

THERMO = '''"""Thermostats."""\r
from climate.units import to_celsius, clamp\r
\r
\r
class Thermostat:\r
    """Keeps a room at a target temperature."""\r
\r
    step = 0.5\r
\r
    def __init__(self, target=20.0):\r
        self._target = clamp(target)\r
        self.history = []\r
\r
    @property\r
    def target(self):\r
        """The target in degrees Celsius."""\r
        return self._target\r
\r
    @target.setter\r
    def target(self, value):\r
        self.history.append(self._target)\r
        self._target = clamp(value)\r
\r
    def set_fahrenheit(self, value):\r
        self.target = to_celsius(value)\r
        return self.target\r
\r
\r
class Dial:\r
    def __init__(self, thermostat):\r
        self.thermostat = thermostat\r
\r
    def up(self):\r
        self.thermostat.target = clamp(self.thermostat.target + 1)\r
        return self.thermostat.target\r
\r
    def down(self):\r
        self.thermostat.target = clamp(self.thermostat.target - 1)\r
        return self.thermostat.target\r
'''

CLIMATE = {
    "climate/__init__.py": "",
    "climate/units.py": "def to_celsius(f):\n    return round((f - 32) * 5 / 9, 1)\n\n\n"
                        "def clamp(value):\n    return max(5.0, min(30.0, value))\n",
    "climate/thermostat.py": THERMO.encode("utf-8"),
    "tests/test_thermostat.py": '''from climate.thermostat import Dial, Thermostat


def test_target_is_clamped():
    t = Thermostat(40)
    assert t.target == 30.0
    t.target = 1
    assert t.target == 5.0 and t.history == [30.0]


def test_fahrenheit():
    assert Thermostat().set_fahrenheit(212) == 30.0
    assert Thermostat().set_fahrenheit(68) == 20.0


def test_dial():
    d = Dial(Thermostat(20))
    assert d.up() == 21.0 and d.down() == 20.0 and d.down() == 19.0


def test_dial_down_first():  # a task needs CLASS_MIN_TESTS (2) tests
    d = Dial(Thermostat(6))
    assert d.down() == 5.0 and d.down() == 5.0 and d.up() == 6.0
''',
}


def test_sketchy_skeleton_keeps_decorators_member_variables_and_docstrings(tmp_path):
    root = write_tree(tmp_path / "climate", CLIMATE)
    sketchy = sketchy_skeleton(_info(root, "Thermostat"))
    assert "    @property\n    def target(self):\n        \"\"\"The target in degrees Celsius.\"\"\"" in sketchy
    assert "    @target.setter\n    def target(self, value):" in sketchy
    assert "Member variables: step (static), _target, history" in sketchy
    assert "Keeps a room at a target temperature." in sketchy
    assert "clamp" not in sketchy and "self._target = " not in sketchy  # no body, no initializer


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    base = tmp_path_factory.mktemp("crlf")
    root = write_tree(base / "climate", CLIMATE)
    stages: list[tuple[str, str, int, int]] = []
    records, stats = build_class_split(Lang.PYTHON, [Repository("climate", root, "", "", "MIT")], base / "out",
                                       allow_execution=True, report=BuildReport(), settings=ClassSettings(mutants=2),
                                       progress=lambda *event: stages.append(event))
    return base, root, records, stats, stages


@pytest.mark.slow
def test_crlf_file_round_trips_and_its_gold_class_passes(built):
    base, root, records, _, _ = built
    assert {r["class_name"] for r in records} == {"Thermostat", "Dial"}, records
    original = (root / "climate/thermostat.py").read_bytes().decode("utf-8")
    for rec in records:
        off = rec["insertion_offset"]
        assert rec["file_without_class"][:off] + rec["class_source"] + rec["file_without_class"][off:] == original
        assert rec["class_source"].startswith(f"class {rec['class_name']}") and "\r\n" in rec["class_source"]
    gold = base / "gold.jsonl"
    gold.write_text("".join(json.dumps({"task_id": r["id"], "generations": [r["class_source"]]}) + "\n"
                            for r in records))
    result = evaluate_class(base / "out/python/class.jsonl", gold, ks=(1,))
    assert result["results"]["python"]["pass@1"]["mean"] == 1.0


def test_predictions_may_cover_part_of_the_split(built):
    base, _, records, _, _ = built
    one = base / "one.jsonl"
    first = records[0]
    one.write_text(json.dumps({"task_id": first["id"], "generations": [first["class_source"]]}) + "\n")
    result = evaluate_class(base / "out/python/class.jsonl", one, ks=(1,))
    row = result["results"]["python"]
    assert row["tasks"] == 1 and row["tasks_not_attempted"] == len(records) - 1
    assert result["not_attempted"] == sorted(r["id"] for r in records[1:])
    assert row["pass@1"]["mean"] == 1.0
    extra = base / "extra.jsonl"
    extra.write_text(json.dumps({"task_id": "nope/python/class/9", "generations": ["class X: pass"]}) + "\n")
    with pytest.raises(InputError, match="not in the split"):
        evaluate_class(base / "out/python/class.jsonl", extra, ks=(1,))


def test_progress_per_repository_and_stage(built):
    _, _, records, stats, stages = built
    names = [stage for repo, stage, _, _ in stages if repo == "climate"]
    for stage in ("suite", "gold gate", "emptied-class gate", "throwing stub", "mutants", "records"):
        assert stage in names, names
    assert names[-1] == "done" and stages[-1][2] == len(records)
    ordered = list(dict.fromkeys(names))
    assert ordered == ["suite", "gold gate", "emptied-class gate", "throwing stub", "mutants", "records", "done"]
    assert stats["per_repository"][0]["seconds"] > 0
