"""Completion metrics on hand-written splits of all four languages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from crossfile_datasets.evaluation.cli import app
from crossfile_datasets.evaluation.completion import METRICS, evaluate_completion
from crossfile_datasets.harness.scoring import identifier_scores, score_example
from crossfile_datasets.core.jsonl import InputError

DATA = Path(__file__).parent / "data"
LANGS = ("python", "java", "typescript", "csharp")


def _records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


@pytest.fixture()
def split(tmp_path) -> Path:
    """All four fixture splits in one file."""
    path = tmp_path / "split.jsonl"
    path.write_text("".join((DATA / f"completion_{lang}.jsonl").read_text(encoding="utf-8") for lang in LANGS), encoding="utf-8")
    return path


def _predictions(tmp_path: Path, split: Path, pred) -> Path:
    path = tmp_path / "predictions.jsonl"
    rows = [{"task_id": r["metadata"]["task_id"], "pred": pred(r)} for r in _records(split)]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_groundtruth_as_prediction_scores_100_everywhere(tmp_path, split):
    summary, scores = evaluate_completion(split, _predictions(tmp_path, split, lambda r: r["groundtruth"]), resamples=200)
    results = summary["results"]
    assert set(results) == {*LANGS, "all"}
    assert results["all"]["count"] == 10
    for group in results.values():
        for metric in METRICS:
            assert group[metric] == {"mean": 100.0, "ci_low": 100.0, "ci_high": 100.0}
    # the Java for-loop groundtruth is itself cut at its first `;` (same rule on both sides)
    assert results["java"]["groundtruth_truncated"] == 1
    assert sum(s.groundtruth_truncated for s in scores) == 1


def test_empty_predictions_score_0(tmp_path, split):
    summary, _ = evaluate_completion(split, _predictions(tmp_path, split, lambda r: ""), resamples=200)
    for group in summary["results"].values():
        for metric in METRICS:
            assert group[metric]["mean"] == 0.0


def _record(lang: str, n: int) -> dict:
    return _records(DATA / f"completion_{lang}.jsonl")[n]


def test_python_small_case_matches_hand_computation():
    # target "compute_total(items, tax=rate)" (30 chars); the prediction is cut after its
    # first line to "compute_total(items)" (20 chars): InDel distance 10, ratio 1 - 10/50.
    score = score_example(_record("python", 0), "compute_total(items)\n    return total\n", "python")
    assert score.prediction == "compute_total(items)"
    assert score.em == 0.0
    assert score.es == pytest.approx(80.0)
    # identifiers {compute_total, items} vs {compute_total, items, tax, rate}
    assert score.id_em == 0.0
    assert score.id_precision == pytest.approx(100.0)
    assert score.id_recall == pytest.approx(50.0)
    assert score.id_f1 == pytest.approx(100 * 2 * 2 / (2 + 4))


def test_java_small_case_matches_hand_computation():
    # target 'inv.size();' (comment removed); prediction cut at its first real ';'
    score = score_example(_record("java", 1), "inv.count(); // all\n        return n;", "java")
    assert (score.prediction, score.target) == ("inv.count();", "inv.size();")
    # "inv.count();" vs "inv.size();": 12 + 11 chars, 7 in common in order -> InDel 9
    assert score.es == pytest.approx(100 * (1 - 9 / 23))
    assert (score.id_precision, score.id_recall, score.id_f1) == pytest.approx((50.0, 50.0, 50.0))
    # a prediction that only differs by a comment and a following statement is exact
    exact = score_example(_record("java", 1), "inv.size(/* every shelf */);\n        return n;", "java")
    assert exact.em == 100.0 and exact.id_em == 100.0


def test_identifier_scores_edge_cases():
    assert identifier_scores([], []) == (100.0, 100.0, 100.0, 100.0)
    assert identifier_scores(["a"], []) == (0.0, 0.0, 0.0, 0.0)
    assert identifier_scores([], ["a"]) == (0.0, 0.0, 0.0, 0.0)
    # exact match is on the sequence, precision/recall on sets
    assert identifier_scores(["a", "b"], ["b", "a"])[0] == 0.0
    assert identifier_scores(["a", "b"], ["b", "a"])[1:] == (100.0, 100.0, 100.0)


def test_per_language_means_and_deterministic_intervals(tmp_path, split):
    def pred(r):  # right for Python and Java examples, empty elsewhere
        return r["groundtruth"] if r["language"] in ("python", "java") else ""

    preds = _predictions(tmp_path, split, pred)
    first, _ = evaluate_completion(split, preds, resamples=300, seed=7)
    again, _ = evaluate_completion(split, preds, resamples=300, seed=7)
    other, _ = evaluate_completion(split, preds, resamples=300, seed=8)
    assert first["results"] == again["results"]
    em = first["results"]["all"]["em"]
    assert em["mean"] == pytest.approx(60.0)
    assert 0.0 <= em["ci_low"] < 60.0 < em["ci_high"] <= 100.0
    assert other["results"]["all"]["em"]["mean"] == em["mean"]
    assert first["results"]["typescript"]["em"]["mean"] == 0.0


def test_missing_and_extra_task_ids_are_listed(tmp_path, split):
    rows = [{"task_id": r["metadata"]["task_id"], "pred": ""} for r in _records(split)]
    rows = rows[1:] + [{"task_id": f"ghost/{i}", "pred": ""} for i in range(25)]
    path = tmp_path / "bad.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    with pytest.raises(InputError) as err:
        evaluate_completion(split, path)
    message = str(err.value)
    assert "1 task ids of the split have no prediction: textkit/python/0\n" in message
    assert "25 predicted task ids are not in the split" in message
    assert "ghost/0" in message and "(+5 more)" in message


def test_duplicate_predictions_are_an_error(tmp_path, split):
    rows = [{"task_id": r["metadata"]["task_id"], "pred": ""} for r in _records(split)]
    path = tmp_path / "dup.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows + rows[:2]), encoding="utf-8")
    with pytest.raises(InputError, match="2 predicted task ids appear more than once"):
        evaluate_completion(split, path)


def test_cli_writes_json_and_fails_cleanly(tmp_path, split):
    preds = _predictions(tmp_path, split, lambda r: r["groundtruth"])
    out, details = tmp_path / "m.json", tmp_path / "d.jsonl"
    result = CliRunner().invoke(app, ["completion", str(split), str(preds), "-o", str(out), "--details", str(details), "--resamples", "50"])
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text())["results"]["all"]["es"]["mean"] == 100.0
    assert len(details.read_text().splitlines()) == 10
    preds.write_text(preds.read_text().split("\n", 1)[1])
    result = CliRunner().invoke(app, ["completion", str(split), str(preds), "-o", str(out)])
    assert result.exit_code == 2 and "have no prediction" in result.output


def test_parses_tree_sitter_is_quadratic_on_and_huge_predictions_are_bounded_and_counted(tmp_path, split):
    """Red team 2026-11-27e (row 3 and "a 32 MB prediction"): the completion evaluation parses
    ``prompt + prediction`` on the host, with no budget: a published prompt holding ``F<``
    repeated (24 kB: several seconds; quadratic in one parse step) or a huge prediction held
    ``evaluate-predictions completion`` for minutes. Every parse there is guarded now
    (``lang.base.guarded_parse``): past its budget the example scores 0 and is counted
    (``parse_timeout``); a prediction over ``COMPLETION_PREDICTION_MAX_CHARS`` is scored on its
    first characters (``prediction_cut``): the right statement followed by 100,000 more
    characters still scores 100."""
    from crossfile_datasets.core import constants as C

    java_id = _records(DATA / "completion_java.jsonl")[0]["metadata"]["task_id"]
    csharp_id = _records(DATA / "completion_csharp.jsonl")[0]["metadata"]["task_id"]
    records = _records(split)
    for r in records:
        if r["metadata"]["task_id"] == java_id:  # a class of open generic brackets above the prompt
            r["prompt"] = "class Z { Object z = " + "F<" * 12000 + "; }\n" + r["prompt"]
    split.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")

    def pred(r):
        if r["metadata"]["task_id"] == csharp_id:
            return r["groundtruth"] + "\n" + "x + " * (C.COMPLETION_PREDICTION_MAX_CHARS + 100_000)
        return r["groundtruth"]

    summary, scores = evaluate_completion(split, _predictions(tmp_path, split, pred), resamples=200)
    results = summary["results"]
    assert results["java"]["parse_timeout"] == 1 and results["all"]["parse_timeout"] == 1, results["all"]
    assert results["csharp"]["prediction_cut"] == 1 and results["all"]["prediction_cut"] == 1
    (timed_out,) = [s for s in scores if s.parse_timeout]
    assert timed_out.em == 0.0 and timed_out.es == 0.0 and timed_out.language == "java"
    (cut,) = [s for s in scores if s.prediction_cut]
    assert cut.em == 100.0, cut


def test_java_escapes_of_surrogates_are_scored_and_a_scoring_fault_is_counted(split, tmp_path, monkeypatch):
    """A Java prompt or prediction holding ``\\uD800`` (a lone surrogate once javac's escapes are
    translated) or an escaped pair is scored like any text; a prediction that differs only in
    which surrogate it names is not exact. Any other fault while scoring one example scores it 0
    and is counted (``scoring_error``), the other examples still scored (red team 2026-11-29e
    row 3: ``prompt.encode`` raised UnicodeEncodeError and stopped the whole evaluation)."""
    prompt = 'class A {\n    // a lone high surrogate (\\uD800) is kept\n    String s = "\\uD83D\\uDE00";\n    char c = '
    record = {"prompt": prompt, "groundtruth": "'\\uD800';\n"}
    assert score_example(record, "'\\uD800';", "java").em == 100.0
    other = score_example(record, "'\\uDBFF';", "java")
    assert other.em == 0.0 and not other.scoring_error
    assert score_example(record, "'\\uD83D\\uDE00';", "java").em == 0.0

    import crossfile_datasets.harness.scoring as scoring

    java_id = _records(DATA / "completion_java.jsonl")[0]["metadata"]["task_id"]
    real = scoring.normalize_completion

    def faulty(lang, prompt, completion, path=""):
        if completion == "BOOM":
            raise UnicodeEncodeError("utf-8", "\ud800", 0, 1, "surrogates not allowed")
        return real(lang, prompt, completion, path)

    monkeypatch.setattr(scoring, "normalize_completion", faulty)
    summary, scores = evaluate_completion(
        split, _predictions(tmp_path, split, lambda r: "BOOM" if r["metadata"]["task_id"] == java_id else r["groundtruth"]),
        resamples=0)
    (bad,) = [s for s in scores if s.scoring_error]
    assert bad.task_id == java_id and bad.em == 0.0 and "UnicodeEncodeError" in bad.scoring_error
    assert summary["results"]["all"]["scoring_error"] == 1
    assert all(s.em == 100.0 for s in scores if s is not bad)


def test_fields_a_prediction_adds_are_not_kept(tmp_path):
    """Only each prediction's id and text (cut one character past what scoring reads) outlive
    its line: a field the evaluator ignores (``"notes": [{}, {}, ...]``) was kept for the whole
    evaluation, about 16 times the file (red team 2026-11-29f row 3,
    tests/hostile/redteam19/test_prediction_fields.py)."""
    import tracemalloc

    from crossfile_datasets.core.constants import COMPLETION_PREDICTION_MAX_CHARS
    from crossfile_datasets.evaluation.completion import load_completion_inputs

    split_path, preds = tmp_path / "split.jsonl", tmp_path / "preds.jsonl"
    split_path.write_text("".join(json.dumps({"metadata": {"task_id": f"t{i}"}, "language": "python",
                                              "prompt": "x = ", "groundtruth": "1\n"}) + "\n" for i in range(3)),
                          encoding="utf-8")
    notes = "[" + ",".join(["{}"] * 50_000) + "]"  # 0.15 MB a line: about 3.6 MB parsed
    long = "y" * (COMPLETION_PREDICTION_MAX_CHARS * 2)
    preds.write_text("".join('{"task_id": "t%d", "pred": "%s", "notes": %s}\n' % (i, long if i == 2 else "1", notes)
                             for i in range(3)), encoding="utf-8")
    tracemalloc.start()
    inputs = load_completion_inputs(split_path, preds)
    held = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    assert held < 3 * 1024**2, held  # the three lines' notes: about 11 MB
    assert [(t, p[:3], len(p)) for t, _, _, p in inputs] == [
        ("t0", "1", 1), ("t1", "1", 1), ("t2", "yyy", COMPLETION_PREDICTION_MAX_CHARS + 1)]
    _, scores = evaluate_completion(split_path, preds)
    assert [s.prediction_cut for s in scores] == [False, False, True]  # as with the whole prediction
