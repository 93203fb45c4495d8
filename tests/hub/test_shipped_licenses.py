"""The StarCoder tokenizer shipped as package data is OpenRAIL-M: said where it is shipped, and
the package metadata does not claim the whole distribution is Apache-2.0."""

from __future__ import annotations

import tomllib

from tests.conftest import ROOT


def test_tokenizer_license_is_stated_next_to_it_and_in_the_package_metadata():
    provenance = (ROOT / "core" / "data" / "starcoder" / "PROVENANCE.md").read_text()
    assert "BigCode OpenRAIL-M v1" in provenance and "NOT under the\n  project's Apache-2.0" in provenance
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    license_text = project["license"]["text"] if isinstance(project["license"], dict) else project["license"]
    assert license_text != "Apache-2.0" and "OpenRAIL-M" in license_text
    package_data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    # the whole folder is package data, so PROVENANCE.md travels with tokenizer.json
    assert any(p.endswith("starcoder/*") for patterns in package_data.values() for p in patterns)


def test_every_bundled_sample_states_its_license():
    """The README says the samples are MIT: each carries a LICENSE, so the cards built from them say
    ``mit`` instead of ``[mit, unknown]``."""
    from crossfile_datasets.builders.repos import detect_license

    samples = [p for p in (ROOT / "examples").glob("*/*") if p.is_dir()]
    assert len(samples) >= 14
    assert {p.name: detect_license(p) for p in samples} == {p.name: "MIT" for p in samples}
