"""Our completion metrics against CrossCodeEval's own script, on a small split of all languages.

``data/cceval/<lang>.jsonl`` (records written for this project: the adversarial fixtures of
``completion_<lang>.jsonl`` plus ordinary ``inventory/*`` records) with four predictions per
record (exact, run-on, stopped early, first name renamed) was scored once by CrossCodeEval's
``scripts/eval_metric.py`` (commit 25f9cab, through ``cceval_crosscheck.py``); its per-example
output is in ``data/cceval/captured/``. Where the two disagree, ours is the documented fix
(``docs/evaluation.md``): every disagreement is listed below with its reason, and every other
example must agree metric by metric.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from crossfile_datasets.harness.scoring import score_example

DATA = Path(__file__).parent / "data" / "cceval"
LANGS = ("python", "java", "typescript", "csharp")

# reason -> task ids (record/prediction) -> metrics that differ
STRING_DELIMITERS = "CrossCodeEval cuts at a ; { } inside a string, template or interpolation; we cut at tokens"
COMMENT_REGEX = "CrossCodeEval strips '//...' and '#...' with regexes, also inside strings; we remove comment nodes"
GROUNDTRUTH_CUT = "a groundtruth with an earlier statement end is cut like the prediction here, not in CrossCodeEval"
PYTHON_NO_PARSE = "no complete statement: CrossCodeEval keeps the whole prediction, we keep the first line"
PREFIX_IN_TEXT = "CrossCodeEval's cut of the truncated groundtruth/prediction differs, so the texts compared differ"
KNOWN: dict[str, dict[str, set[str]]] = {
    PYTHON_NO_PARSE: {"textkit/python/1/partial": {"es", "id_f1"}},
    COMMENT_REGEX: {
        "shopapi/java/0/partial": {"em", "es"}, "shopapi/java/0/renamed": {"es", "id_f1"},
        "shopapi/java/1/partial": {"es", "id_f1"}, "shopapi/java/1/renamed": {"es", "id_f1"},
        "webkit/typescript/1/partial": {"es"}, "webkit/typescript/1/renamed": {"es"},
        "shopweb/csharp/1/partial": {"es", "id_f1"}, "shopweb/csharp/1/renamed": {"es", "id_f1"},
    },
    GROUNDTRUTH_CUT: {
        "shopapi/java/2/exact": {"em", "es", "id_em", "id_f1"}, "shopapi/java/2/runon": {"em", "es", "id_em", "id_f1"},
        "shopapi/java/2/partial": {"em", "es", "id_em", "id_f1"}, "shopapi/java/2/renamed": {"es", "id_f1"},
    },
    STRING_DELIMITERS: {
        "webkit/typescript/0/exact": {"em", "es", "id_em", "id_f1"}, "webkit/typescript/0/runon": {"em", "es", "id_em", "id_f1"},
        "webkit/typescript/0/renamed": {"es", "id_f1"},
        "shopweb/csharp/0/exact": {"em", "es"}, "shopweb/csharp/0/runon": {"em", "es"},
        "shopweb/csharp/0/partial": {"es", "id_em", "id_f1"}, "shopweb/csharp/0/renamed": {"es", "id_f1"},
    },
}


def _jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _differences(lang: str) -> dict[str, set[str]]:
    split = _jsonl(DATA / f"{lang}.jsonl")
    preds = {p["task_id"]: p["pred"] for p in _jsonl(DATA / f"{lang}_predictions.jsonl")}
    theirs = {r["task_id"]: r for r in _jsonl(DATA / "captured" / f"{lang}_detailed.jsonl")}
    assert set(theirs) == set(preds) == {r["metadata"]["task_id"] for r in split}
    out: dict[str, set[str]] = {}
    for record in split:
        task = record["metadata"]["task_id"]
        ours, cc = score_example(record, preds[task], lang, task), theirs[task]
        differ = {m for m in ("em", "id_em") if getattr(ours, m) != 100 * cc[m]}
        # fuzzywuzzy's ratio is rapidfuzz's rounded to an integer
        differ |= {"es"} if round(ours.es) != cc["es"] else set()
        # CrossCodeEval scores F1 0 when both identifier sets are empty, we score 100
        both_empty = not ours.prediction_ids and not ours.target_ids
        differ |= {"id_f1"} if abs(ours.id_f1 - 100 * cc["id_f1"]) > 1e-9 and not both_empty else set()
        if differ:
            out[task] = differ
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_metrics_agree_with_crosscodeeval_except_the_documented_fixes(lang):
    expected = {task: metrics for group in KNOWN.values() for task, metrics in group.items() if f"/{lang}/" in task}
    assert _differences(lang) == expected


@pytest.mark.parametrize("lang", LANGS)
def test_ordinary_records_agree_on_every_metric(lang):
    """The inventory/* records have no strings or comments that trip CrossCodeEval's regexes:
    all their predictions (the C# unfinished call of issue 16 included) score the same."""
    split = _jsonl(DATA / f"{lang}.jsonl")
    ordinary = [r["metadata"]["task_id"] for r in split if r["metadata"]["task_id"].startswith("inventory/")]
    assert len(ordinary) >= 8
    assert not set(_differences(lang)) & set(ordinary)


@pytest.mark.parametrize("lang", LANGS)
def test_captured_summary_is_the_mean_of_the_captured_examples(lang):
    rows = _jsonl(DATA / "captured" / f"{lang}_detailed.jsonl")
    summary = json.loads((DATA / "captured" / f"{lang}_results.json").read_text())
    assert summary["total"] == len(rows)
    for metric in ("em", "id_em", "id_f1"):
        assert summary[metric] == round(100 * sum(r[metric] for r in rows) / len(rows), 2)
    assert summary["es"] == round(sum(r["es"] for r in rows) / len(rows), 2)
