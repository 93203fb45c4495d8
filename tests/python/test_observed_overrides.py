"""`--observe-types` plugin: a member the observed class overrides from its base
(pypa/installer @ 625ddd1, issue 28: `destination.write_file(...)` with
`SchemeDictionaryDestination(WheelDestination)` overriding `write_file`). astroid's
``instantiate_class().getattr`` returns the override and the base's declaration, and the plugin
made no claim (13 all-use misses); the instance's member is the most derived one."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import astroid
import pytest
from astroid import nodes

from crossfile_datasets.analyzers.pylint_plugins.crossfile_observed import _declaration

DEST = """class WheelDestination:
    def write_file(self, path):
        raise NotImplementedError
    def finalize(self):
        raise NotImplementedError

class SchemeDictionaryDestination(WheelDestination):
    def __init__(self, scheme_dict):
        self.scheme_dict = scheme_dict
    def write_file(self, path):
        return path

class Quiet(SchemeDictionaryDestination):
    pass

class Left:
    def run(self):
        return 1

class Right:
    def run(self):
        return 2

class Both(Left, Right):
    pass
"""


def classes(tmp_path: Path) -> dict[str, nodes.ClassDef]:
    path = tmp_path / "dest.py"
    path.write_text(DEST, encoding="utf-8")
    module = astroid.MANAGER.ast_from_file(str(path), "dest_r13", source=True)
    return {n.name: n for n in module.body if isinstance(n, nodes.ClassDef)}, str(path)


def test_most_derived_declaration_of_an_overridden_member(tmp_path):
    found, path = classes(tmp_path)
    assert _declaration(found["SchemeDictionaryDestination"], "write_file") == (
        path, "SchemeDictionaryDestination.write_file")
    assert _declaration(found["Quiet"], "write_file") == (path, "SchemeDictionaryDestination.write_file")
    # declared once: as before
    assert _declaration(found["Quiet"], "finalize") == (path, "WheelDestination.finalize")
    assert _declaration(found["Quiet"], "scheme_dict") == (path, "SchemeDictionaryDestination.scheme_dict")
    # two bases, neither derived from the other: the method resolution order says which
    assert _declaration(found["Both"], "run") == (path, "Left.run")
    assert _declaration(found["Quiet"], "missing") is None


RECORDS = "class RecordEntry:\n    def __init__(self, path):\n        self.path = path\n"
PKG_DEST = """from pkg.records import RecordEntry


class WheelDestination:
    def write_file(self, path) -> RecordEntry:
        raise NotImplementedError


class SchemeDictionaryDestination(WheelDestination):
    def write_file(self, path) -> RecordEntry:
        return RecordEntry(path)

    def helper(self, path):
        return RecordEntry(path)
"""
TEST = """def test_write(destination):
    record = destination.write_file("a")
    other = destination.helper("b")
    return record.path, other.path, destination.write_file
"""


@pytest.mark.pylint
def test_real_pylint_claims_overrides_and_members_of_returned_values(tmp_path):
    """The plugin in a real Pylint run (the observation record written by hand, as the sandboxed
    test run writes it): the override is claimed, and `record.path` on the value a method of the
    observed parameter returns (`-> RecordEntry`); `other.path` is not (no return annotation)."""
    root = tmp_path / "repo"
    for rel, text in {"pkg/__init__.py": "", "pkg/records.py": RECORDS, "pkg/dest.py": PKG_DEST,
                      "tests/test_dest.py": TEST}.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    observed = tmp_path / "observed.json"
    observed.write_text(json.dumps({"parameters": [{"file": "tests/test_dest.py", "line": 1, "parameter": "destination",
                                                    "types": [["pkg.dest", "SchemeDictionaryDestination"]]}]}))
    env = {**os.environ, "CROSSFILE_OBSERVED_TYPES": str(observed), "CROSSFILE_OBSERVED_ROOT": str(root),
           "PYTHONPATH": str(root)}
    out = subprocess.run([sys.executable, "-m", "pylint", "--load-plugins",
                          "crossfile_datasets.analyzers.pylint_plugins.crossfile_observed",
                          "--disable=all", "--enable=W9901", "--msg-template={msg}", "tests/test_dest.py"],
                         cwd=root, env=env, capture_output=True, text=True, timeout=300).stdout
    messages = sorted(line for line in out.splitlines() if line.startswith("observed "))
    assert messages == [
        "observed helper at 3:24 on pkg.dest.SchemeDictionaryDestination declared by pkg/dest.py::SchemeDictionaryDestination.helper",
        "observed path at 4:18 on pkg.records.RecordEntry declared by pkg/records.py::RecordEntry.path",
        "observed write_file at 2:25 on pkg.dest.SchemeDictionaryDestination declared by "
        "pkg/dest.py::SchemeDictionaryDestination.write_file",
        "observed write_file at 4:48 on pkg.dest.SchemeDictionaryDestination declared by "
        "pkg/dest.py::SchemeDictionaryDestination.write_file",
    ]
