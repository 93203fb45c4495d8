"""Completion-split metrics: exact match, edit similarity, identifier match (CrossCodeEval).

Per example (``harness.scoring``, shared with the builder's model filter), after :func:`harness.postprocess.normalize_completion` on both sides:

- ``em``: the non-blank lines, each stripped of ASCII blanks, are identical (100 or 0); Python
  keeps each line's indentation and refuses a prediction its compiler refuses where the
  groundtruth compiles (``harness.scoring.code_lines``);
- ``es``: ``rapidfuzz.fuzz.ratio`` of the two stripped texts (0..100; rapidfuzz is pinned
  in pyproject.toml because its scores define the published numbers);
- ``id_em``: the identifier sequences are identical (100 or 0);
- ``id_precision`` / ``id_recall`` / ``id_f1``: over the identifier *sets* (0..100); when
  both sets are empty all three are 100 (CrossCodeEval gave 0 there), when only one is
  empty they are 0.

Aggregates are means per language and over all examples, each with a seeded percentile
bootstrap interval.
"""

from __future__ import annotations

import os
from dataclasses import asdict
from typing import Iterable

import rapidfuzz

from crossfile_datasets.core.constants import COMPLETION_PREDICTION_MAX_CHARS
from crossfile_datasets.evaluation.constants import BOOTSTRAP_RESAMPLES, BOOTSTRAP_SEED, CONFIDENCE
from crossfile_datasets.core.jsonl import InputError, iter_jsonl
from crossfile_datasets.evaluation.records import check_same_ids, file_sha256, index_unique, task_id_of
from crossfile_datasets.evaluation.stats import bootstrap
from crossfile_datasets.harness.scoring import METRICS, ExampleScore, score_example
from crossfile_datasets.harness.syntax import LANGUAGES

OVERALL = "all"


def load_completion_inputs(
    split_path: str | os.PathLike, predictions_path: str | os.PathLike, default_language: str | None = None
) -> list[tuple[str, dict, str, str]]:
    """(task id, split record, language, prediction) for every task, in split order."""
    records: list[tuple[str, dict]] = []
    for lineno, record in iter_jsonl(split_path):
        task_id = task_id_of(record, split_path, lineno)
        for key in ("prompt", "groundtruth"):
            if not isinstance(record.get(key), str):
                raise InputError(f"{split_path}:{lineno}: record {task_id} has no string '{key}'")
        language = record.get("language") or default_language
        if language not in LANGUAGES:
            raise InputError(
                f"{split_path}:{lineno}: record {task_id} has language {language!r}; "
                f"expected one of {', '.join(LANGUAGES)} (use --lang for files without a 'language' field)"
            )
        records.append((task_id, record))
    split = index_unique(records, "task ids", split_path)

    def predictions():
        # only the id and the prediction's text (what scoring reads of it: one character past
        # COMPLETION_PREDICTION_MAX_CHARS says it was cut) outlive the line: a field the evaluator
        # ignores (``"notes": [{}, {}, ...]``) kept about 16 times the file for the whole
        # evaluation (red team 2026-11-29f row 3: 18 MB of predictions, +299 MB)
        for lineno, obj in iter_jsonl(predictions_path):
            if "task_id" not in obj:
                raise InputError(f"{predictions_path}:{lineno}: prediction has no 'task_id'")
            pred = obj.get("pred")
            if not isinstance(pred, str):
                raise InputError(f"{predictions_path}:{lineno}: 'pred' of task {obj['task_id']} must be a string")
            task_id = str(obj["task_id"])
            del obj
            yield task_id, pred[:COMPLETION_PREDICTION_MAX_CHARS + 1]

    preds = index_unique(predictions(), "predicted task ids", predictions_path)
    check_same_ids(split, preds, split_path, predictions_path)
    return [
        (task_id, record, str(record.get("language") or default_language), preds[task_id])  # checked above
        for task_id, record in records
    ]


def summarize(
    scores: list[ExampleScore],
    *,
    resamples: int = BOOTSTRAP_RESAMPLES,
    confidence: float = CONFIDENCE,
    seed: int = BOOTSTRAP_SEED,
) -> dict:
    """Per-language and overall means with bootstrap intervals."""
    groups: dict[str, list[ExampleScore]] = {}
    for s in scores:
        groups.setdefault(s.language, []).append(s)
    ordered = [lang for lang in LANGUAGES if lang in groups] + [OVERALL]
    groups[OVERALL] = scores
    out: dict[str, dict] = {}
    for name in ordered:
        members = groups[name]
        if not members:
            continue
        estimates = bootstrap(
            [s.metric_values() for s in members], resamples=resamples, confidence=confidence, seed=seed, group=name
        )
        out[name] = {
            "count": len(members),
            "groundtruth_truncated": sum(s.groundtruth_truncated for s in members),
            # predictions scored on their first COMPLETION_PREDICTION_MAX_CHARS characters, and
            # examples whose parse went past its budget (every metric 0)
            "prediction_cut": sum(s.prediction_cut for s in members),
            "parse_timeout": sum(s.parse_timeout for s in members),
            # examples whose scoring raised (``harness.scoring.score_example``): every metric 0
            "scoring_error": sum(bool(s.scoring_error) for s in members),
            **{metric: est.to_dict() for metric, est in zip(METRICS, estimates)},
        }
    return out


def evaluate_completion(
    split_path: str | os.PathLike,
    predictions_path: str | os.PathLike,
    *,
    default_language: str | None = None,
    resamples: int = BOOTSTRAP_RESAMPLES,
    confidence: float = CONFIDENCE,
    seed: int = BOOTSTRAP_SEED,
) -> tuple[dict, list[ExampleScore]]:
    """Score a predictions file against a completion split: (summary, per-example scores)."""
    inputs = load_completion_inputs(split_path, predictions_path, default_language)
    scores = [score_example(record, pred, language, task_id) for task_id, record, language, pred in inputs]
    summary = {
        "split": str(split_path),
        "split_sha256": file_sha256(split_path),
        "predictions": str(predictions_path),
        "predictions_sha256": file_sha256(predictions_path),
        "settings": {
            "bootstrap_resamples": resamples,
            "confidence": confidence,
            "seed": seed,
            "edit_similarity": f"rapidfuzz {rapidfuzz.__version__} fuzz.ratio",
            "scale": "percent (0..100)",
        },
        "results": summarize(scores, resamples=resamples, confidence=confidence, seed=seed),
    }
    return summary, scores


def score_rows(scores: list[ExampleScore]) -> Iterable[dict]:
    for s in scores:
        yield asdict(s)
