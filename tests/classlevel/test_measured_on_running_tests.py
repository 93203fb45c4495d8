"""A class whose naming tests fall short of the method threshold while the passing tests that
run it meet it is measured on those (held-out 18: configobj's InterpolationEngine has a member
variable ``section``; test_configobj.py writes ``section`` in walk callbacks and loops that only
reach ``interpolate``'s early return, while the interpolation tests that run ``_fetch`` name none
of its members: "1 covered methods with an external reference (need 2)"). Real pytest run with
per-test coverage."""
from __future__ import annotations

import pytest

from crossfile_datasets.lang import Lang
from tests.classlevel.fixture import selected
from tests.conftest import write_tree

TREE = {
    "cfg/__init__.py": "",
    "cfg/util.py": "SEEN = []\n\n\ndef lookup(table, key):\n    SEEN.append(key)\n    return table[key]\n\n\n"
                   "def render(text):\n    return text.upper()\n",
    "cfg/engine.py": '''from cfg.util import lookup, render


class Engine:
    def __init__(self, section):
        self.section = section

    def interpolate(self, value):
        if "%" not in value:
            return value
        return render(self._fetch(value.strip("%")))

    def _fetch(self, key):
        return lookup(self.section, key)
''',
    "cfg/config.py": '''from cfg.engine import Engine


class Config(dict):
    def value(self, key):
        return Engine(self).interpolate(self[key])
''',
    "tests/__init__.py": "",
    "tests/test_config.py": '''from cfg.config import Config


def test_plain():
    c = Config(a="x")
    for section in ["a"]:
        assert c.value(section) == "x"


def test_walk():
    c = Config(b="y")
    section = "b"
    assert c.value(section) == "y"


def test_interpolates():
    assert Config(a="%b%", b="hi").value("a") == "HI"


def test_interpolates_twice():
    c = Config(a="%b%", b="yo")
    assert c.value("a") + c.value("b") == "YOyo"
''',
}


@pytest.mark.slow
def test_a_class_named_only_by_a_common_word_is_measured_on_the_tests_running_it(tmp_path):
    root = write_tree(tmp_path / "cfg", TREE)
    facts, suite, cands, report = selected(root, Lang.PYTHON, 4)
    assert "Engine" in cands, report.samples
    engine = cands["Engine"]
    assert sorted(t.rsplit("::", 1)[1] for t in engine.expected_to_pass) == [
        "test_interpolates", "test_interpolates_twice", "test_plain", "test_walk"]
    assert set(engine.covered_methods) >= {"interpolate", "_fetch"}
    [sample] = report.samples["tasks/measured_on_running_tests"]
    assert "2 tests naming it" in sample and "4 passing tests run it" in sample
    assert "Engine" in sample


PAIRS = {
    "pairs/__init__.py": "",
    "pairs/util.py": "def fmt(x):\n    return str(x).strip()\n\n\ndef pair(k, v):\n    return f\"{k}={v}\"\n",
    "pairs/core.py": '''from pairs.util import fmt, pair


class Writer:
    def __init__(self, sep=","):
        self.sep = sep

    def write(self, items):
        return self.sep.join(fmt(i) for i in items)

    def write_pairs(self, pairs):
        return self.write([pair(k, v) for k, v in pairs])


def dumps(items, sep=","):
    return Writer(sep).write(items)


def dump_pairs(pairs, sep=","):
    return Writer(sep).write_pairs(pairs)
''',
    "tests/__init__.py": "",
    "tests/test_pairs.py": '''from pairs.core import dump_pairs, dumps


def test_separator():
    assert dump_pairs([("k", 1), ("j", 2)], sep=";") == "k=1;j=2"


def test_strips():
    assert dumps([" a ", "b"]) == "a,b"


def test_pairs():
    assert dump_pairs([("k", 1)]) == "k=1"


def test_nothing():
    assert dumps([]) == ""
''',
}


@pytest.mark.slow
def test_a_class_named_by_one_test_only_is_measured_on_the_tests_running_it(tmp_path):
    """One test writes a member's name (`sep=";"`: Writer's attribute ``sep``) and meets the
    threshold alone; the other three reach Writer through ``dumps``/``dump_pairs`` and name none of
    it. On 20d8c71 Writer was selected on that one test and the build dropped it
    (`tasks/below_min_tests`: uiri/toml's TomlEncoder, held-out 17; user-agent-utils'
    PatternBasedVersionFetcher and SequentialVersionFetcher, held-out 19)."""
    root = write_tree(tmp_path / "pairs", PAIRS)
    facts, suite, cands, report = selected(root, Lang.PYTHON, 4, name="pairs")
    writer = cands["Writer"]
    assert sorted(t.rsplit("::", 1)[1] for t in writer.expected_to_pass) == [
        "test_nothing", "test_pairs", "test_separator", "test_strips"]
    [sample] = report.samples["tasks/measured_on_running_tests"]
    assert "1 tests naming it: fewer than 2 tests" in sample and "4 passing tests run it" in sample
