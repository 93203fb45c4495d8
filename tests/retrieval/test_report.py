"""Recall@k of retrieved contexts against the gold definitions, and the report command."""

from __future__ import annotations

import json

import pytest

from typer.testing import CliRunner

from crossfile_datasets.builders.completion.retrieval_report import common_examples, compare, item_contains, recall_at_k, retrieval_report
from crossfile_datasets.builders.retrieval_cli import report_app


def usage(path, start, end):
    return {"imported_name": "X", "member": None, "line": 1, "column": 0, "definition_file": path,
            "definition_span": {"start_line": start, "start_column": 0, "end_line": end, "end_column": 1}}


def item(path, lines):
    return {"retrieved_chunk": "...", "filename": path, "score": 1.0, "lines": lines}


def record(usages, items):
    return {"crossfile_usages": usages, "crossfile_context": {"text": "...", "list": items}}


HAND_MADE = [
    # gold at rank 1
    record([usage("a.py", 10, 20)], [item("a.py", [18, 19, 25]), item("b.py", [1])]),
    # gold at rank 3 (rank 1 is the right file but shows lines after the span)
    record([usage("a.py", 10, 20)], [item("a.py", [21, 22]), item("b.py", [1]), item("a.py", [5, 10])]),
    # only the file is retrieved, never the definition's lines
    record([usage("c.py", 3, 4)], [item("c.py", [30, 31])]),
    # two gold definitions: the second one is found at rank 2
    record([usage("a.py", 1, 2), usage("d.py", 7, 9)], [item("b.py", [1]), item("d.py", [9, 10])]),
    # no gold span (unresolved definition): not counted
    record([{**usage("a.py", 1, 1), "definition_span": None}], [item("a.py", [1])]),
    # gold, nothing retrieved
    record([usage("e.py", 1, 5)], []),
]


def test_item_contains_needs_the_file_and_a_line_of_the_span():
    gold = ("a.py", 10, 20)
    assert item_contains(item("a.py", [20, 21]), gold)
    assert not item_contains(item("a.py", [21, 22]), gold)
    assert not item_contains(item("b.py", [15]), gold)
    assert item_contains({"filename": "a.py", "retrieved_chunk": "", "score": 0.0}, gold)  # no lines: by file


def test_recall_at_k_on_a_hand_made_case():
    result = recall_at_k(HAND_MADE, ks=(1, 3, 5))
    assert result["examples"] == 6 and result["with_gold"] == 5
    assert result["recall@1"] == 0.2  # example 1
    assert result["recall@3"] == 0.6  # + examples 2 and 4
    assert result["recall@5"] == 0.6
    assert result["file_recall@1"] == 0.6  # examples 1, 2, 3
    assert result["file_recall@5"] == 0.8


def write_jsonl(path, rows):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))


@pytest.mark.slow
def test_report_reads_variant_files_and_writes_json_and_chart(tmp_path, capsys):
    write_jsonl(tmp_path / "python" / "line_completion_rg1_bm25.jsonl", HAND_MADE)
    write_jsonl(tmp_path / "python" / "line_completion_graph.jsonl", HAND_MADE[:1])
    write_jsonl(tmp_path / "python" / "line_completion.jsonl", HAND_MADE[1:])  # not a variant: ignored
    write_jsonl(tmp_path / "java" / "line_completion_oracle_bm25.jsonl", HAND_MADE[2:4])
    report = retrieval_report(tmp_path)
    assert set(report["results"]) == {"java", "python"}
    assert set(report["results"]["python"]) == {"rg1_bm25", "graph"}
    assert report["results"]["python"]["rg1_bm25"]["recall@3"] == 0.6
    assert report["results"]["python"]["graph"]["recall@1"] == 1.0
    assert report["results"]["java"]["oracle_bm25"]["recall@5"] == 0.5
    assert json.loads((tmp_path / "retrieval_report.json").read_text()) == report
    assert (tmp_path / "retrieval_report.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    out = capsys.readouterr().out
    assert "rg1_bm25" in out and "oracle_bm25" in out and "0.600" in out
    only_java = retrieval_report(tmp_path, ["java"])
    assert set(only_java["results"]) == {"java"}


@pytest.mark.slow
def test_cli_command(tmp_path):
    write_jsonl(tmp_path / "csharp" / "line_completion_graph.jsonl", HAND_MADE)
    runner = CliRunner()
    result = runner.invoke(report_app, [str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert json.loads((tmp_path / "retrieval_report.json").read_text())["results"]["csharp"]["graph"]["recall@1"] == 0.2
    empty = tmp_path / "empty"
    empty.mkdir()
    assert runner.invoke(report_app, [str(empty)]).exit_code == 1


def with_id(rec, task):
    return {**rec, "metadata": {"task_id": task}}


@pytest.mark.slow
def test_retrievers_are_scored_on_the_same_examples_and_compared_one_by_one(tmp_path, capsys):
    """graph holds t0..t2, rg1_bm25 t1..t3: both are scored on t1, t2 only (issue 17 item 5)."""
    gold = usage("a.py", 10, 20)
    hit, miss = [item("a.py", [12])], [item("b.py", [1])]
    graph = [with_id(record([gold], hit), "t0"), with_id(record([gold], hit), "t1"), with_id(record([gold], miss), "t2")]
    bm25 = [with_id(record([gold], miss), "t1"), with_id(record([gold], hit), "t2"), with_id(record([gold], hit), "t3")]
    write_jsonl(tmp_path / "java" / "line_completion_graph.jsonl", graph)
    write_jsonl(tmp_path / "java" / "line_completion_rg1_bm25.jsonl", bm25)
    report = retrieval_report(tmp_path)
    g, b = report["results"]["java"]["graph"], report["results"]["java"]["rg1_bm25"]
    assert (g["examples"], g["not_in_every_variant"], b["examples"], b["not_in_every_variant"]) == (2, 1, 2, 1)
    assert g["recall@1"] == 0.5 and b["recall@1"] == 0.5  # on all their rows: 0.67 and 0.67
    assert report["comparisons"]["java"]["rg1_bm25"] == {
        "examples": 2, **{f"@{k}": {"only_a": 1, "only_b": 1, "both": 0} for k in (1, 3, 5)}}
    printed = capsys.readouterr().out
    assert "java: graph vs each, only graph / only other" in printed
    assert any(line.split() == ["│", "rg1_bm25", "│", "2", "│", "1", "/", "1", "│", "1", "/", "1", "│", "1", "/", "1", "│"]
               for line in printed.splitlines()), printed
    assert compare(graph, bm25, ks=(1,))["examples"] == 2
    assert common_examples({"x": graph, "y": HAND_MADE})["y"] == HAND_MADE  # rows without ids: all kept
