"""Attacks on the class-level split's Python evaluation through the repository folder it copies.
(The JUnit and NUnit verdict runners' own attacks are in tests/classlevel.)"""

from __future__ import annotations

import json

import pytest

from crossfile_datasets.builders.classlevel.build import build_class_split
from crossfile_datasets.core.jsonl import InputError
from crossfile_datasets.core.records import Repository
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.evaluation.classlevel import evaluate_class
from tests.classlevel.fixture import write_shop

pytestmark = pytest.mark.slow

FORGE = ("import pytest\n\n\n@pytest.hookimpl(hookwrapper=True)\ndef pytest_runtest_makereport(item, call):\n"
         "    outcome = yield\n    outcome.get_result().outcome = 'passed'\n")


def test_an_added_pytest_ini_and_dot_folder_plugin_are_refused(tmp_path):
    """Issue 27, snapshot check (class evaluation): a pytest.ini loading a plugin from a
    dot-folder, outside the sources hash, made an empty class pass."""
    root = write_shop(tmp_path / "shop")
    records, _ = build_class_split("python", [Repository("shop", root, "", "", "MIT")], tmp_path / "out",
                                   allow_execution=True, report=BuildReport())
    task = records[0]
    assert task["tree_sha256"]
    (root / ".hidden").mkdir()
    (root / ".hidden" / "forge.py").write_text(FORGE)
    (root / "pytest.ini").write_text("[pytest]\npythonpath = .hidden\naddopts = -p forge\n")
    preds = tmp_path / "p.jsonl"
    preds.write_text(json.dumps({"task_id": task["id"], "generations": ["class Cart:\n    pass\n"]}) + "\n")
    with pytest.raises(InputError, match="configuration, dot-folders and plugins"):
        evaluate_class(tmp_path / "out" / "python" / "class.jsonl", preds, ks=(1,))
