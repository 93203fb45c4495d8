"""One completion scored against its groundtruth, CrossCodeEval's way.

Why it exists apart from ``evaluation.completion``: the completion builder's model filter
(``builders/completion/model_filter.py``) keeps or drops an example by whether a model already
gets it exactly right, and must judge "exactly right" with the same post-processing and the
same exact match as the evaluation; both consume this module, neither imports the other.
The metrics' definitions are in ``evaluation.completion``'s docstring and docs/evaluation.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from rapidfuzz import fuzz

from crossfile_datasets.core import constants as C
from crossfile_datasets.harness.postprocess import normalize_completion
from crossfile_datasets.lang import get_language
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
    # scoring itself failed on this example (a bug of ours on text no test foresaw: the error's
    # type and message): every metric 0, counted in the summary, the other examples still scored
    scoring_error: str = ""

    def metric_values(self) -> list[float]:
        return [getattr(self, m) for m in METRICS]


# What exact match strips at a line's ends: the blanks every language of the registry ignores
# there. ``str.strip()`` (CrossCodeEval's) also removed U+00A0, U+3000, U+2028, U+0085 and the
# separators 0x1C-0x1F, which Python and Java refuse in code (red team 2026-11-27f row 3).
BLANKS = " \t\f\r"


def code_lines(text: str, prompt: str = "", indentation_is_syntax: bool = False,
               literals: Sequence[tuple[int, int]] = (), continued: Sequence[int] = ()) -> list[str]:
    """What exact match compares: the non-blank lines of ``text`` (written after ``prompt``),
    stripped of ``BLANKS`` (CrossCodeEval's line test), except where the language reads them.

    A string literal that spans lines (``literals``: (start, end) offsets in ``text``, a start
    before 0 for one opened in the prompt, an end past the text for one still open) is kept as
    it is, line ends, blank lines and line-edge blanks included: they are its value (red team
    2026-11-29d row 4). Lines are split at the line ends outside such literals; a line's edges
    are stripped only outside them.

    Where indentation is syntax (Python), a line that starts a logical line keeps its leading
    blanks, so a statement moved into another block is another line; a line that continues one
    (the line end before it is in ``continued``: inside brackets, after a backslash) is stripped
    at its start, as Python ignores that indentation (red team 2026-11-29d row 3). The first
    line is read after the blanks before the cursor when the prompt's last line holds nothing
    else (a completion that starts with blanks there indents its first statement), and is
    stripped at both ends when that line holds code (its leading blanks are then inside a
    line)."""
    def inside(offset: int) -> bool:
        return any(s < offset < e for s, e in literals)

    spans, begin = [], 0  # (start, end) of each line: split at the line ends outside literals
    for position in (i for i, ch in enumerate(text) if ch == "\n"):
        if not inside(position):
            spans.append((begin, position))
            begin = position + 1
    spans.append((begin, len(text)))
    last = prompt[prompt.rfind("\n") + 1:]
    out = []
    for index, (start, end) in enumerate(spans):
        line = text[start:end]
        keep_left, keep_right = inside(start), inside(end)
        if indentation_is_syntax and index == 0 and not last.strip(BLANKS):
            line, keep_left = last + line, True
        elif indentation_is_syntax and index > 0 and (start - 1) not in continued:
            keep_left = True
        if not keep_left:
            line = line.lstrip(BLANKS)
        if not keep_right:
            line = line.rstrip(BLANKS)
        if line.strip(BLANKS):
            out.append(line)
    return out


def _compiles_where_groundtruth_does(support, record: dict, target_kept: str, predicted_kept: str) -> bool:
    """False when the language's compiler accepts the groundtruth in its file but refuses the
    prediction in its place (the whole file, prompt + completion + rest, first; else the prompt
    and the completion alone); True when it accepts both or cannot judge."""
    prompt, groundtruth = record["prompt"], record["groundtruth"]
    rest = groundtruth[len(target_kept):] if groundtruth.startswith(target_kept) else ""
    rest += record.get("right_context") or ""
    for after in (rest, ""):
        if support.compiles(prompt + target_kept + after):
            return support.compiles(prompt + predicted_kept + after) is not False
    return True


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


def _zero(task_id: str, language: str, cut: bool, **reason) -> ExampleScore:
    """The score of an example that could not be scored: every metric 0, the reason set."""
    return ExampleScore(task_id=task_id, language=language, em=0.0, es=0.0, id_em=0.0, id_precision=0.0,
                        id_recall=0.0, id_f1=0.0, prediction="", target="", prediction_ids=[], target_ids=[],
                        groundtruth_truncated=False, prediction_cut=cut, **reason)


def score_example(record: dict, prediction: str, language: str, task_id: str = "") -> ExampleScore:
    """One example's metrics. A prediction longer than ``COMPLETION_PREDICTION_MAX_CHARS`` is
    scored on its first ones (``prediction_cut``: post-processing keeps one statement, and a
    32 MB prediction held the evaluation for minutes); a parse past its budget (a prompt or a
    prediction of text tree-sitter is quadratic on) scores 0 everywhere (``parse_timeout``);
    an example whose scoring raised anything else scores 0 everywhere too (``scoring_error``,
    the error): one example never stops the evaluation of the others (red team 2026-11-29e
    row 3)."""
    cut = len(prediction) > C.COMPLETION_PREDICTION_MAX_CHARS
    try:
        return _score(record, prediction[:C.COMPLETION_PREDICTION_MAX_CHARS] if cut else prediction,
                      language, task_id, cut)
    except ParseTimeout:
        return _zero(task_id, language, cut, parse_timeout=True)
    except Exception as exc:  # noqa: BLE001 - counted per example, never the whole evaluation
        return _zero(task_id, language, cut, scoring_error=f"{type(exc).__name__}: {exc}"[:300])


def _score(record: dict, prediction: str, language: str, task_id: str, cut: bool) -> ExampleScore:
    path = (record.get("metadata") or {}).get("file", "") or ""
    prompt = record["prompt"]
    target = normalize_completion(language, prompt, record["groundtruth"], path)
    predicted = normalize_completion(language, prompt, prediction, path)
    id_em, id_p, id_r, id_f1 = identifier_scores(predicted.identifiers, target.identifiers)
    support = get_language(language)
    syntax = support.indentation_is_syntax
    exact = (code_lines(predicted.text, prompt, syntax, predicted.literals, predicted.continued)
             == code_lines(target.text, prompt, syntax, target.literals, target.continued))
    if exact and predicted.kept != target.kept:
        exact = _compiles_where_groundtruth_does(support, record, target.kept, predicted.kept)
    return ExampleScore(
        task_id=task_id,
        language=language,
        em=100.0 if exact else 0.0,
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
