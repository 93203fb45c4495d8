"""The local index of repository folders (core/repository_roots.py): records published without
a machine path (issue 31 item 2), the evaluators still find each repository's folder."""

from __future__ import annotations

import json

import pytest

from crossfile_datasets.core.jsonl import InputError
from crossfile_datasets.core.repository_roots import ROOTS_FILE, attach_roots, read_roots, without_root, write_roots


def test_index_round_trip_and_published_records(tmp_path):
    records = [{"id": "a", "repository": "shop", "repository_root": str(tmp_path / "shop")},
               {"id": "b", "repository": "shop", "repository_root": str(tmp_path / "shop")},
               {"id": "c", "repository": "cart", "repository_root": str(tmp_path / "x" / ".." / "cart")}]
    write_roots(tmp_path, records)
    split = tmp_path / "class.jsonl"
    split.write_text("".join(json.dumps(without_root(r)) + "\n" for r in records))
    assert "repository_root" not in split.read_text() and str(tmp_path) not in split.read_text()
    assert read_roots(split) == {"shop": str(tmp_path / "shop"), "cart": str(tmp_path / "cart")}
    loaded = [json.loads(line) for line in split.read_text().splitlines()]
    attach_roots(loaded, split)
    assert [r["repository_root"] for r in loaded] == [str(tmp_path / "shop")] * 2 + [str(tmp_path / "cart")]


def test_no_index_or_a_foreign_file_attaches_nothing(tmp_path):
    split = tmp_path / "executable.jsonl"
    records = [{"id": "a", "project": "shop"}]
    attach_roots(records, split, name_key="project")
    assert records == [{"id": "a", "project": "shop"}]
    (tmp_path / ROOTS_FILE).write_text("[1, 2]")  # not an index of ours: ignored, not a crash
    assert read_roots(split) == {}
    (tmp_path / ROOTS_FILE).write_text("{not json")
    assert read_roots(split) == {}


def test_a_record_of_an_older_build_keeps_its_recorded_folder(tmp_path):
    write_roots(tmp_path, [{"project": "shop", "repository_root": "/new/shop"}], name_key="project")
    records = [{"project": "shop", "repository_root": "/old/shop"}, {"project": "shop"}]
    attach_roots(records, tmp_path / "executable.jsonl", name_key="project")
    assert [r["repository_root"] for r in records] == ["/old/shop", "/new/shop"]


def test_executable_evaluation_without_index_or_repos_says_what_to_pass(tmp_path):
    from crossfile_datasets.evaluation.executable import evaluate_executable

    problem = {"id": "p1", "project": "shop", "entry_point": "f", "solution": "def f():\n    return 1\n",
               "file": "m.py", "qualname": "f", "check": "def test_f():\n    pass\n"}
    split = tmp_path / "executable.jsonl"
    split.write_text(json.dumps(problem) + "\n")
    preds = tmp_path / "p.jsonl"
    preds.write_text(json.dumps({"task_id": "p1", "generations": ["def f():\n    return 1\n"]}) + "\n")
    with pytest.raises(InputError, match=f"no {ROOTS_FILE} beside .*pass --repos"):
        evaluate_executable(split, preds, tmp_path / "log.jsonl")


def test_class_evaluation_without_index_or_repos_says_what_to_pass(tmp_path):
    from crossfile_datasets.evaluation.classlevel import evaluate_class

    task = {"id": "t1", "language": "python", "repository": "shop", "file": "m.py", "file_without_class": "\n",
            "insertion_offset": 0, "expected_to_pass": ["tests/test_m.py::test_a"], "class_name": "A"}
    split = tmp_path / "class.jsonl"
    split.write_text(json.dumps(task) + "\n")
    preds = tmp_path / "p.jsonl"
    preds.write_text(json.dumps({"task_id": "t1", "generations": ["class A:\n    pass\n"]}) + "\n")
    with pytest.raises(InputError, match=f"no {ROOTS_FILE} beside .*pass --repos"):
        evaluate_class(split, preds)
