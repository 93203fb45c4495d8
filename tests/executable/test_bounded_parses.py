"""The host's parses of untrusted Python text run in a bounded child (core/bounded.py) and a text
past its limits is refused under a named reason, never parsed in the host's memory (red team
2026-11-29g rows 1-3 and 6). The limit is lowered here to 64 MB so that a 300 kB table (about
150 MB as a syntax tree) is past it; the same texts with a small table pass."""

from __future__ import annotations

import pytest

from crossfile_datasets.core import constants as C
from crossfile_datasets.core.reasons import GENERATION_NOT_PARSED
from crossfile_datasets.sandbox import values
from crossfile_datasets.sandbox.checks import splice_solution
from crossfile_datasets.sandbox.environment import setup_py_requirements
from crossfile_datasets.sandbox.type_observation import validate_parameters


def table(size: int) -> str:
    return "TABLE = (\n" + "0,1,2,3,4,5,6,7,8,9,\n" * (size // 21) + ")\n"


@pytest.fixture()
def small_limit(monkeypatch):
    monkeypatch.setattr(C, "PYTHON_COMPILE_MAX_BYTES", 64 << 20)


def test_a_setup_py_past_the_limit_is_counted(small_limit):
    setup = 'from setuptools import setup\nsetup(name="a", install_requires=["six"])\n'
    refused: list = []
    assert setup_py_requirements(setup + table(100_000), refused=refused) == ["six"] and not refused
    assert setup_py_requirements(setup + table(300_000), refused=refused) == []
    assert [r[0] for r in refused] == ["environment/setup_py_not_parsed"]


def test_an_observed_module_past_the_limit_is_refused_naming_it(tmp_path, small_limit):
    (tmp_path / "pkg").mkdir()
    entry = {"file": "pkg/m.py", "line": 1, "function": "f", "parameter": "a", "types": [["pkg.m", "A"]]}
    for size, kept_count in ((100_000, 1), (600_000, 0)):  # twice the limit for a module: 128 MB
        (tmp_path / "pkg" / "m.py").write_text("def f(a):\n    return a\n\n\nclass A:\n    pass\n\n\n" + table(size))
        kept, refused = validate_parameters(tmp_path, [""], [entry])
        assert len(kept) == kept_count
    assert refused and refused[0].startswith("module not parsed (over")


def test_a_generation_past_the_limit_is_not_parsed_on_the_host(small_limit):
    module = "def f(x):\n    return x\n"
    for size, placed in ((100_000, True), (300_000, False)):
        new, why = splice_solution(module, "f", "f", None, "def f(x):\n    return x + 1\n    " + table(size))
        assert (new is not None) == placed
    assert why.startswith(GENERATION_NOT_PARSED)


def test_a_test_program_past_the_limit_has_no_site_and_is_not_instrumented(small_limit):
    program = "def test_a():\n    assert f() == 1\n\n\n"
    assert values.instrument(program + table(100_000))[1] == 1
    assert len(values.value_sites(program + table(100_000))) == 1
    assert values.site_owners(program + table(100_000)) == {0: "test_a"}
    text = program + table(300_000)
    assert values.instrument(text) == (text, 0) and values.value_sites(text) == [] and values.site_owners(text) == {}
