"""The one guarded TOML reader (core/tomlfile.py) and its callers (red team 2026-11-28e row 8)."""

from __future__ import annotations

from pathlib import Path

import pytest

from crossfile_datasets.sandbox.buildfiles import build_time_files
from crossfile_datasets.core import tomlfile
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.lang.sources import packaging_dirs
from crossfile_datasets.sandbox import environment
from crossfile_datasets.sandbox.suites.pytest_config import parse_config

DEEP = "x = " + "[" * 3000 + "]" * 3000 + "\n"


def test_every_failure_of_the_parser_is_one_refusal():
    assert tomlfile.loads("[project]\nname = 'a'\n") == {"project": {"name": "a"}}
    for text in (DEEP, "x = [", "a = 1\na = 2\n"):
        with pytest.raises(tomlfile.TomlUnreadable):
            tomlfile.loads(text)
        assert tomlfile.loads_or_empty(text) == {}
    assert tomlfile.loads_or_empty(None) == {}


def test_a_deep_pyproject_is_counted_once_and_read_as_empty_by_every_reader(tmp_path: Path):
    """The listing (every split) counts the file; the requirement, build-file and pytest
    readers of the same file read it as empty instead of raising RecursionError."""
    (tmp_path / "pyproject.toml").write_text(DEEP)
    report = BuildReport()
    assert packaging_dirs(tmp_path, report) == frozenset()
    assert report.counts.get("files/toml_unreadable") == 1
    assert environment.declared_requirements(tmp_path)[0] == []
    assert environment.test_requirement_lines(tmp_path, lambda root, rel: (root / rel).read_text() if (root / rel).is_file()
                                  else None, lambda path: []) == []
    assert build_time_files(DEEP) == {}
    assert parse_config("pyproject.toml", DEEP) is None
