"""Every dependency has a lower bound that `make lowest-bounds` can install (tests/packaging/lowest_bounds.py);
the bounds found false by that run stay raised."""

from __future__ import annotations

import tomllib

from tests.conftest import ROOT
from tests.packaging.lowest_bounds import floor_pins


def test_every_dependency_has_an_installable_floor():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    pins = floor_pins()
    names = {p.split("==")[0].lower().replace("_", "-") for p in pins}
    for requirement in project["dependencies"]:
        name = requirement.split(">=")[0].split("==")[0].strip().lower().replace("_", "-")
        assert name in names, requirement
    assert "matplotlib" in names  # the report extra's floor is checked too


def test_bounds_found_false_stay_raised():
    pins = set(floor_pins())
    # networkx 3.3: node_link_graph has no edges=; huggingface_hub 0.x: requests, not httpx;
    # tokenizers < 0.22.1: huggingface_hub < 1.0; typer < 0.15.4: allows click 8.2+ and breaks on it;
    # numpy 1.x: the current pyarrow refuses to import; matplotlib < 3.8.4: built for NumPy 1.x only
    for pin in ("networkx==3.4", "huggingface_hub==1.0", "tokenizers==0.22.1", "typer==0.15.4", "numpy==2.0",
                "matplotlib==3.8.4"):
        assert pin in pins


def test_matplotlib_is_an_extra():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert not any(r.startswith("matplotlib") for r in project["dependencies"])
    assert any(r.startswith("matplotlib") for r in project["optional-dependencies"]["report"])
