"""The local index of repository folders (core/repository_roots.py): records published without
a machine path (issue 31 item 2), the evaluators still find each repository's folder."""

from __future__ import annotations

import json

import pytest

from crossfile_datasets.core.jsonl import InputError
from crossfile_datasets.core.reasons import lookup
from crossfile_datasets.core.repository_roots import (ROOTS_FILE, RecordRefused, attach_roots, check_record_file,
                                                      read_roots, repository_folder, without_root, write_roots)


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


def test_a_record_never_chooses_its_own_folder(tmp_path):
    """A split read back is input (red team 2, row 10): a record's own ``repository_root`` (builds
    before issue 31) is dropped and kept aside for the error; only the index beside the split names
    folders."""
    write_roots(tmp_path, [{"project": "shop", "repository_root": "/new/shop"}], name_key="project")
    records = [{"project": "shop", "repository_root": "/old/shop"}, {"project": "shop"}, {"project": "x", "repository_root": "/etc"}]
    assert attach_roots(records, tmp_path / "executable.jsonl", name_key="project") == 2
    assert [r.get("repository_root") for r in records] == ["/new/shop", "/new/shop", None]
    assert records[2]["repository_root_ignored"] == "/etc"


@pytest.mark.parametrize("name", ["/etc", "../home/user", "a/../../b", "", ".", None, "a\0b"])
def test_a_repository_name_outside_repos_is_refused(tmp_path, name):
    with pytest.raises(RecordRefused) as caught:
        repository_folder(tmp_path, name)
    assert caught.value.key == "split_records/repository_name_escapes"
    assert lookup(caught.value.key) is not None


def test_a_repository_name_inside_repos_is_joined(tmp_path):
    assert repository_folder(tmp_path, "shop") == tmp_path / "shop"
    assert repository_folder(tmp_path, "acme/shop") == tmp_path / "acme" / "shop"


@pytest.mark.parametrize("file", ["/etc/cron.d/x", "../x.py", "a/../../x.py", "", None])
def test_a_record_file_outside_the_copy_is_refused(file):
    with pytest.raises(RecordRefused) as caught:
        check_record_file(file)
    assert caught.value.key == "split_records/file_escapes" and lookup(caught.value.key) is not None


def _executable_split(tmp_path, **fields):
    """A one-problem executable split and its predictions (the gold function)."""
    problem = {"id": "p1", "project": "shop", "entry_point": "f", "solution": "def f():\n    return 1\n",
               "file": "m.py", "qualname": "f", "check": "def test_f():\n    pass\n", **fields}
    split = tmp_path / "executable.jsonl"
    split.write_text(json.dumps(problem) + "\n")
    preds = tmp_path / "p.jsonl"
    preds.write_text(json.dumps({"task_id": "p1", "generations": ["def f():\n    return 1\n"]}) + "\n")
    return split, preds


def test_executable_evaluation_refuses_a_project_outside_repos(tmp_path):
    """The executable split's same shape (``--repos R`` joined ``R / project``): a record whose
    project climbs out is refused and counted (``task_refused``), never run."""
    from crossfile_datasets.evaluation.executable import evaluate_executable

    secret = tmp_path / "home" / "user"
    secret.mkdir(parents=True)
    (secret / "m.py").write_text("def f():\n    return 1\n")
    split, preds = _executable_split(tmp_path, project="../home/user")
    (tmp_path / "repos").mkdir()
    summary = evaluate_executable(split, preds, tmp_path / "log.jsonl", repos=tmp_path / "repos")
    (context,) = summary["results"].values()
    assert context["status"] == {"task_refused": 1} and summary["sandbox_runs"] == 0
    (row,) = [json.loads(line) for line in (tmp_path / "log.jsonl").read_text().splitlines()]
    assert not row["passed"] and row["detail"].startswith("split_records/repository_name_escapes")


def test_executable_evaluation_ignores_a_record_own_folder(tmp_path):
    from crossfile_datasets.evaluation.executable import evaluate_executable

    split, preds = _executable_split(tmp_path, repository_root=str(tmp_path))
    with pytest.raises(InputError, match="own_root_ignored.*pass --repos"):
        evaluate_executable(split, preds, tmp_path / "log.jsonl")


def test_executable_evaluation_without_index_or_repos_says_what_to_pass(tmp_path):
    from crossfile_datasets.evaluation.executable import evaluate_executable

    split, preds = _executable_split(tmp_path)
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


def test_a_shipped_index_cannot_bring_another_folder_into_a_run(tmp_path):
    """The index beside a split is input (anyone handing over a split can put one there): a folder
    it names is used only for a record that carries both hashes the build records
    (``snapshot_sha256``, ``tree_sha256``: the folder's whole tree, ``.env`` included, must then
    match); without them the record is refused (``split_records/index_root_unverified``),
    counted, never run, and a secret of the named folder never reaches the results."""
    from crossfile_datasets.evaluation.classlevel import evaluate_class
    from crossfile_datasets.evaluation.executable import evaluate_executable

    victim = tmp_path / "home" / "user" / "app"
    victim.mkdir(parents=True)
    (victim / "m.py").write_text("def f():\n    return 1\n")
    (victim / ".env").write_text("HF_TOKEN=hf_index_canary\n")
    (tmp_path / ROOTS_FILE).write_text(json.dumps({"roots": {"shop": str(victim)}}))
    split, preds = _executable_split(tmp_path)  # no hashes: on main it was run ("unchecked")
    summary = evaluate_executable(split, preds, tmp_path / "log.jsonl")
    (context,) = summary["results"].values()
    assert context["status"] == {"task_refused": 1} and summary["sandbox_runs"] == 0
    (row,) = [json.loads(line) for line in (tmp_path / "log.jsonl").read_text().splitlines()]
    assert row["detail"].startswith("split_records/index_root_unverified") and lookup(
        "split_records/index_root_unverified") is not None
    task = {"id": "t1", "language": "python", "repository": "shop", "file": "m.py", "file_without_class": "",
            "insertion_offset": 0, "expected_to_pass": ["tests/test_m.py::test_a"], "class_name": "A"}
    (tmp_path / "class.jsonl").write_text(json.dumps(task) + "\n")
    (tmp_path / "cp.jsonl").write_text(json.dumps({"task_id": "t1", "generations": ["class A:\n    pass\n"]}) + "\n")
    summary = evaluate_class(tmp_path / "class.jsonl", tmp_path / "cp.jsonl", results_path=tmp_path / "clog.jsonl")
    (row,) = summary["generations"]
    assert row["status"] == "task_refused" and row["detail"].startswith("split_records/index_root_unverified")
    assert summary["sandbox_runs"] == 0 and "hf_index_canary" not in (tmp_path / "clog.jsonl").read_text()


def test_an_index_that_is_a_fifo_a_link_or_huge_is_ignored(tmp_path):
    """Read as a bounded regular file: a FIFO never blocks, a link is not followed, an index over
    ROOTS_FILE_MAX_BYTES is not loaded, a relative folder is dropped."""
    import os
    import threading

    from crossfile_datasets.core.repository_roots import ROOTS_FILE_MAX_BYTES

    split = tmp_path / "fifo" / "executable.jsonl"
    split.parent.mkdir()
    os.mkfifo(split.parent / ROOTS_FILE)
    found: dict = {}
    worker = threading.Thread(target=lambda: found.setdefault("roots", read_roots(split)), daemon=True)
    worker.start()
    worker.join(timeout=30)
    assert not worker.is_alive(), "read_roots is blocked on a FIFO"
    assert found["roots"] == {}
    linked = tmp_path / "link" / "executable.jsonl"
    linked.parent.mkdir()
    (tmp_path / "real.json").write_text(json.dumps({"roots": {"shop": "/srv/shop"}}))
    (linked.parent / ROOTS_FILE).symlink_to(tmp_path / "real.json")
    assert read_roots(linked) == {}
    huge = tmp_path / "huge" / "executable.jsonl"
    huge.parent.mkdir()
    (huge.parent / ROOTS_FILE).write_text(json.dumps({"roots": {"shop": "/srv/shop"}, "pad": "x" * ROOTS_FILE_MAX_BYTES}))
    assert read_roots(huge) == {}
    (huge.parent / ROOTS_FILE).write_text(json.dumps({"roots": {"shop": "/srv/shop", "rel": "srv/x", "n": 3}}))
    assert read_roots(huge) == {"shop": "/srv/shop"}
