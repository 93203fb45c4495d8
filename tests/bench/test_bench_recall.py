"""The recall benchmark's scorer: first-use recall, precision and definition accuracy.

The scorer decides the figures the README reports, so its rules are tested like any other rule.
"""

import argparse
import importlib.util
import sys
from pathlib import Path

import pytest

_SPEC = importlib.util.spec_from_file_location(
    "bench_recall", Path(__file__).resolve().parents[2] / "bench" / "bench_recall.py")
bench_recall = importlib.util.module_from_spec(_SPEC)
sys.modules["bench_recall"] = bench_recall  # dataclasses look their module up
_SPEC.loader.exec_module(bench_recall)


def label(line, name, kind="use", file="a.py", definition="b.py"):
    return {"repo": "o/r", "file": file, "line": line, "column": 0, "name": name, "kind": kind,
            "definition_file": definition}


def usage(line, imported, member=None, file="a.py", definition="b.py"):
    return {"file": file, "line": line, "column": 0, "imported_name": imported, "member": member,
            "definition_file": definition, "code": "E"}


def test_first_use_is_the_earliest_occurrence_per_name_and_definition():
    labels = [label(5, "run"), label(9, "run"), label(7, "Cfg", definition="c.py")]
    found_late = bench_recall.score_repository(labels, [usage(9, "mod", "run"), usage(7, "Cfg")], ["a.py"])
    assert (found_late.first_found, found_late.first_total) == (1, 2)
    assert found_late.missed == ["a.py:5:0 run"]
    found_first = bench_recall.score_repository(labels, [usage(5, "mod", "run"), usage(7, "Cfg")], ["a.py"])
    assert (found_first.first_found, found_first.first_total) == (2, 2)
    assert (found_first.all_found, found_first.all_total) == (2, 3)


def test_same_name_with_two_definitions_are_two_first_uses():
    labels = [label(3, "case", definition="left.py"), label(4, "case", definition="right.py")]
    score = bench_recall.score_repository(labels, [usage(3, "Left", "case")], ["a.py"])
    assert (score.first_found, score.first_total) == (1, 2)


def test_precision_counts_only_labeled_files_and_definition_accuracy():
    labels = [label(5, "run"), label(6, "go", definition="d.py")]
    usages = [usage(5, "mod", "run"), usage(6, "go", definition="wrong.py"), usage(8, "mod", "nothing"),
              usage(1, "x", file="unlabeled.py")]
    score = bench_recall.score_repository(labels, usages, ["a.py"])
    assert (score.tool_correct, score.tool_total) == (2, 3)
    assert (score.def_correct, score.def_checked) == (1, 2)
    assert score.spurious == ["a.py:8:0 nothing (E)"]
    assert score.wrong_definitions == ["a.py:6:0 go: wrong.py (label d.py)"]  # listed by --details


def test_type_only_references_are_scored_apart():
    labels = [label(2, "Base", kind="type_only"), label(3, "make")]
    score = bench_recall.score_repository(labels, [usage(3, "make")], ["a.py"])
    assert (score.type_found, score.type_total) == (0, 1)
    assert (score.first_found, score.first_total) == (1, 1)
    assert score.row()["type_only_recall"] == "0.000"


def test_two_uses_of_one_name_on_a_line_are_told_apart_by_column():
    labels = [dict(label(4, "stop", definition="ky.py"), column=3), dict(label(4, "stop", definition="stop.py"), column=10)]
    usages = [dict(usage(4, "ky", "stop", definition="ky.py"), column=3), dict(usage(4, "stop", definition="stop.py"), column=10)]
    score = bench_recall.score_repository(labels, usages, ["a.py"])
    assert (score.def_correct, score.def_checked) == (2, 2)


def test_labels_of_generated_definitions_are_reported_apart_not_scored(tmp_path):
    (tmp_path / "Props").mkdir()
    (tmp_path / "Props" / "Texts.Designer.cs").write_text("class Texts { }\n")
    (tmp_path / "Model.cs").write_text("class Model { }\n")
    labels = [label(3, "Missing", file="A.cs", definition="Props/Texts.Designer.cs"),
              label(4, "Build", file="A.cs", definition="Model.cs")]
    generated = bench_recall.generated_definitions(tmp_path, labels)
    assert generated == frozenset({"Props/Texts.Designer.cs"})
    score = bench_recall.score_repository(labels, [usage(4, "Model", "Build", file="A.cs", definition="Model.cs")],
                                          ["A.cs"], generated)
    assert (score.first_found, score.first_total, score.generated) == (1, 1, 1)
    assert score.row()["generated_definition_labels"] == 1


def test_entries_are_tuning_unless_they_say_otherwise_and_every_label_is_in_place():
    assert bench_recall.split_of({"repo": "o/r"}) == "tuning"
    assert bench_recall.split_of({"repo": "o/r", "split": "tuning"}) == "tuning"
    assert bench_recall.split_of({"repo": "o/r", "split": "heldout"}) == "heldout"
    manifest = bench_recall.read_jsonl(bench_recall.RECALL / "manifest.jsonl")
    assert all(bench_recall.split_name(bench_recall.split_of(e)) for e in manifest)
    with pytest.raises(argparse.ArgumentTypeError):
        bench_recall.split_name("heldin")
    # every labeled repository is in the manifest with its language (the figures need both)
    repos = {(e["lang"], e["repo"]) for e in manifest}
    for lang in {e["lang"] for e in manifest}:
        for row in bench_recall.read_jsonl(bench_recall.RECALL / "labels" / f"{lang}.jsonl"):
            assert (lang, row["repo"]) in repos, row["repo"]


def test_split_examples_read_from_stats_and_the_build_runs_beside_the_interpreter(tmp_path):
    stats = tmp_path / "stats.json"
    stats.write_text('{"examples": 3, "splits": {"in_file": {"examples": 0, "dropped_examples": {"x": 2}},'
                     ' "cross_file_first": {"examples": 3}}}')
    assert bench_recall.split_examples(stats) == {"cross_file_first": 3, "in_file": 0}
    assert bench_recall.split_examples(tmp_path / "absent.json") == {}
    command = Path(bench_recall.build_dataset_command())
    assert command.name == "build-dataset"
    if command.is_absolute():
        assert command.parent == Path(sys.executable).parent
