"""The class-level *compilation rate* (docs/classlevel.md: share of generations that compile,
reported for every language) of Python answers, forged by the answer's text alone."""

from __future__ import annotations

import json

import pytest

from crossfile_datasets.core import constants as C
from crossfile_datasets.evaluation.classlevel import evaluate_class

REASON = ("red team 2026-11-28c: PythonRunner.compile_only (sandbox/suites/python.py) byte-compiles only what "
          "lang/sources.list_sources keeps; classify_file drops a file with a line over MINIFIED_MAX_LINE "
          "('minified'), a generator mark or over MAX_FILE_BYTES, so an answer that does not compile, padded "
          "with one long comment line, is never compiled on the host and counts as compiled")

BROKEN = "class Calc:\n    def add(self, a, b)\n        return a +\n"  # two syntax errors


@pytest.mark.slow
def test_an_answer_that_does_not_compile_is_not_counted_as_compiled(tmp_path, monkeypatch):
    """Forged metric (class evaluation, Python). The same broken class twice; the second carries
    one comment line of ``MINIFIED_MAX_LINE`` + 10 characters. The first is ``compile_failed``
    (compiled: false, no run); the second skips the host's compile (the placed file is
    "minified" for ``list_sources``, so ``compile_only`` sees no file and says OK), is run, fails
    at collection in the sandbox (CPython's SyntaxError), and is reported ``compiled: true``:
    compilation rate 0.5 where it is 0.0. A model (or a submitter) lifts the rate of every
    answer that does not compile with one line."""
    monkeypatch.setenv("CROSSFILE_CACHE", str(tmp_path / "cache"))
    repo = tmp_path / "repos" / "calc"
    (repo / "pkg").mkdir(parents=True)
    (repo / "tests").mkdir()
    (repo / "pkg" / "__init__.py").write_text("")
    (repo / "pkg" / "calc.py").write_text("class Calc:\n    def add(self, a, b):\n        return a + b\n")
    (repo / "tests" / "test_calc.py").write_text("from pkg.calc import Calc\n\n\ndef test_add():\n"
                                                 "    assert Calc().add(1, 2) == 3\n")
    split = tmp_path / "class.jsonl"
    split.write_text(json.dumps({"id": "c/1", "language": "python", "repository": "calc", "file": "pkg/calc.py",
                                 "class_name": "Calc", "file_without_class": "", "insertion_offset": 0,
                                 "expected_to_pass": ["tests/test_calc.py::test_add"]}) + "\n")
    padded = BROKEN + "# " + "x" * (C.MINIFIED_MAX_LINE + 10) + "\n"
    predictions = tmp_path / "preds.jsonl"
    predictions.write_text(json.dumps({"task_id": "c/1", "generations": [BROKEN, padded]}) + "\n")
    summary = evaluate_class(split, predictions, repos=tmp_path / "repos", ks=(1,))
    plain, padded_row = summary["generations"]
    if plain["status"] != "compile_failed" or plain["compiled"]:
        pytest.fail(f"control: the broken class must be compile_failed: {plain}")
    if padded_row["passed"]:
        pytest.fail(f"a class that does not compile passed: {padded_row}")
    assert not padded_row["compiled"], f"counted as compiled: {padded_row['status']}, {padded_row['detail'][:200]}"
    assert summary["results"]["python"]["compilation_rate"]["mean"] == 0.0


@pytest.mark.slow
def test_a_compiler_bomb_answer_is_one_generation_s_failure(tmp_path, monkeypatch):
    """Contained. Python class answers whose host-side ``compile()`` (``compile_only``, in the
    evaluator's own process) raises what ``compile_only`` does not catch (it catches only
    ``SyntaxError`` and ``ValueError``): 30,000 unary minus signs (``MemoryError`` from the
    parser) and a 200,000-term sum (``RecursionError`` during compilation), both on short lines
    so that ``list_sources`` keeps the file. ``evaluate_class`` catches every exception of one
    generation (``runner_error``), the next generation is judged, the evaluation ends; nothing
    runs in a sandbox. Since red team 2026-11-29d row 1 the compilation runs in a forked child
    under memory and CPU limits (``lang/python/bounded_compile.py``), which reports both errors:
    the answers do not compile (``compile_failed``)."""
    monkeypatch.setenv("CROSSFILE_CACHE", str(tmp_path / "cache"))
    repo = tmp_path / "repos" / "calc"
    (repo / "pkg").mkdir(parents=True)
    (repo / "pkg" / "__init__.py").write_text("")
    (repo / "pkg" / "calc.py").write_text("class Calc:\n    pass\n")
    split = tmp_path / "class.jsonl"
    split.write_text(json.dumps({"id": "c/1", "language": "python", "repository": "calc", "file": "pkg/calc.py",
                                 "class_name": "Calc", "file_without_class": "", "insertion_offset": 0,
                                 "expected_to_pass": ["tests/test_calc.py::test_add"]}) + "\n")
    unary = "class Calc:\n    X = (\n" + "-\n" * 30_000 + "1)\n"
    terms = "class Calc:\n    X = (\n" + "a+\n" * 200_000 + "1)\n"
    if max(len(unary), len(terms)) >= C.MAX_FILE_BYTES:
        pytest.fail("the answers must stay under MAX_FILE_BYTES (list_sources would skip the file)")
    predictions = tmp_path / "preds.jsonl"
    predictions.write_text(json.dumps({"task_id": "c/1", "generations": [unary, terms]}) + "\n")
    summary = evaluate_class(split, predictions, repos=tmp_path / "repos", ks=(1,))
    rows = summary["generations"]
    assert len(rows) == 2 and not any(r["passed"] or r["compiled"] for r in rows), rows
    assert [r["status"] for r in rows] == ["compile_failed", "compile_failed"], \
        [(r["status"], r["detail"][:200]) for r in rows]
    assert "MemoryError" in rows[0]["detail"] and "RecursionError" in rows[1]["detail"]
