"""One completion scored against its groundtruth, CrossCodeEval's way.

Why it exists apart from ``evaluation.completion``: the completion builder's model filter
(``builders/completion/model_filter.py``) keeps or drops an example by whether a model already
gets it exactly right, and must judge "exactly right" with the same post-processing and the
same exact match as the evaluation; both consume this module, neither imports the other.
The metrics' definitions are in ``evaluation.completion``'s docstring and docs/evaluation.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from rapidfuzz import fuzz

from crossfile_datasets.core import constants as C
from crossfile_datasets.harness.postprocess import normalize_completion
from crossfile_datasets.lang.base import ParseTimeout

METRICS = ("em", "es", "id_em", "id_precision", "id_recall", "id_f1")


@dataclass
class ExampleScore:
    task_id: str
    language: str
    em: float
    es: float
    id_em: float
    id_precision: float
    id_recall: float
    id_f1: float
    prediction: str  # normalized
    target: str  # normalized
    prediction_ids: list[str]
    target_ids: list[str]
    groundtruth_truncated: bool  # post-processing shortened the groundtruth itself
    # the prediction was longer than COMPLETION_PREDICTION_MAX_CHARS: scored on its first ones
    prediction_cut: bool = False
    # a parse of prompt + groundtruth or prompt + prediction went past its budget
    # (lang.base.bounded_parse): every metric 0, counted in the summary
    parse_timeout: bool = False

    def metric_values(self) -> list[float]:
        return [getattr(self, m) for m in METRICS]


def code_lines(text: str) -> list[str]:
    return [line.strip() for line in text.split("\n") if line.strip()]


def edit_similarity(prediction: str, target: str) -> float:
    return float(fuzz.ratio(prediction.strip(), target.strip()))


def identifier_scores(predicted: Iterable[str], target: Iterable[str]) -> tuple[float, float, float, float]:
    """(exact match, precision, recall, F1) of identifier lists, each 0..100."""
    predicted, target = list(predicted), list(target)
    em = 100.0 if predicted == target else 0.0
    p, t = set(predicted), set(target)
    if not p and not t:
        return em, 100.0, 100.0, 100.0
    tp = len(p & t)
    precision = tp / len(p) if p else 0.0
    recall = tp / len(t) if t else 0.0
    f1 = 2 * tp / (len(p) + len(t))
    return em, 100 * precision, 100 * recall, 100 * f1


def score_example(record: dict, prediction: str, language: str, task_id: str = "") -> ExampleScore:
    """One example's metrics. A prediction longer than ``COMPLETION_PREDICTION_MAX_CHARS`` is
    scored on its first ones (``prediction_cut``: post-processing keeps one statement, and a
    32 MB prediction held the evaluation for minutes); a parse past its budget (a prompt or a
    prediction of text tree-sitter is quadratic on) scores 0 everywhere (``parse_timeout``)."""
    path = (record.get("metadata") or {}).get("file", "") or ""
    prompt = record["prompt"]
    cut = len(prediction) > C.COMPLETION_PREDICTION_MAX_CHARS
    if cut:
        prediction = prediction[:C.COMPLETION_PREDICTION_MAX_CHARS]
    try:
        target = normalize_completion(language, prompt, record["groundtruth"], path)
        predicted = normalize_completion(language, prompt, prediction, path)
    except ParseTimeout:
        return ExampleScore(task_id=task_id, language=language, em=0.0, es=0.0, id_em=0.0, id_precision=0.0,
                            id_recall=0.0, id_f1=0.0, prediction="", target="", prediction_ids=[], target_ids=[],
                            groundtruth_truncated=False, prediction_cut=cut, parse_timeout=True)
    id_em, id_p, id_r, id_f1 = identifier_scores(predicted.identifiers, target.identifiers)
    return ExampleScore(
        task_id=task_id,
        language=language,
        em=100.0 if code_lines(predicted.text) == code_lines(target.text) else 0.0,
        es=edit_similarity(predicted.text, target.text),
        id_em=id_em,
        id_precision=id_p,
        id_recall=id_r,
        id_f1=id_f1,
        prediction=predicted.text,
        target=target.text,
        prediction_ids=list(predicted.identifiers),
        target_ids=list(target.identifiers),
        groundtruth_truncated=target.truncated,
        prediction_cut=cut,
    )
