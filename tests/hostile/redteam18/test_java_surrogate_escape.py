"""Row 3: a Java repository whose text holds a Unicode escape of a surrogate (``'\\uD800'``, a
Javadoc or comment naming one: any library that handles UTF-16 text) makes the completion
evaluation of its published split raise. No attacker: the repository is honest, and so is every
prediction.

Since red team 2026-11-28 rows 3-4 the scorer reads prompt and completion as the compiler does
(``harness/postprocess.compiler_view`` -> ``harness/syntax.compiler_split``: Java's Unicode escapes
translated, JLS 3.3) before tree-sitter delimits comments; ``\\uD800`` (six ASCII characters in
the file) becomes a lone surrogate, and ``normalize_completion`` then encodes the prompt to UTF-8
(``prompt.encode("utf-8")``): ``UnicodeEncodeError``. ``evaluate_completion`` scores every
example in one list comprehension and catches nothing: the whole evaluation stops (the build's
``--model-filter`` calls the same ``score_example``). Red team 8's "seen" lone surrogate was a
real surrogate in a submission's JSON; this one is ASCII text of the repository."""

from __future__ import annotations

import json
import shutil

import pytest

from crossfile_datasets.builders.completion.pipeline import build_language
from crossfile_datasets.builders.completion.shards import BuildSettings
from crossfile_datasets.builders.repos import RepoSpec, resolve_all
from crossfile_datasets.core.jsonl import read_jsonl
from crossfile_datasets.evaluation.completion import evaluate_completion
from crossfile_datasets.lang import Lang
from tests.conftest import ROOT, require_tool

pytestmark = pytest.mark.slow

# one comment line after each file's package line: what a UTF-16-aware library writes
NOTE = "// Text is UTF-16: a lone high surrogate (\\uD800) is kept as it is, never replaced.\n"


@pytest.fixture(scope="module")
def split(tmp_path_factory):
    require_tool("javac")
    tmp = tmp_path_factory.mktemp("redteam18-surrogate")
    repo = tmp / "repos" / "tinyledger"
    shutil.copytree(ROOT / "examples" / "java" / "tinyledger", repo)
    for path in repo.rglob("*.java"):
        text = path.read_text(encoding="utf-8")
        head, _, rest = text.partition("\n")
        path.write_text(f"{head}\n{NOTE}{rest}", encoding="utf-8")
    out = tmp / "out"
    build_language(Lang.JAVA, resolve_all([RepoSpec(path=str(repo))]),
                   BuildSettings(output=out, seed=42, retrievers=("bm25",)))
    path = out / "java" / "line_completion.jsonl"
    rows = read_jsonl(path) if path.exists() else []
    if not rows:
        pytest.fail(f"precondition: the split has no example: {sorted(p.name for p in (out / 'java').iterdir())}")
    if not any("\\uD800" in row["prompt"] for row in rows):
        pytest.fail("precondition: no prompt holds the repository's escape")
    return path, rows


def test_a_java_surrogate_escape_in_the_repository_does_not_stop_the_completion_evaluation(split, tmp_path):
    path, rows = split
    preds = tmp_path / "preds.jsonl"
    preds.write_text("".join(json.dumps({"task_id": row["metadata"]["task_id"], "pred": row["groundtruth"]}) + "\n"
                             for row in rows))
    # control: the same examples without the escape's text score their groundtruth 100
    plain = tmp_path / "plain.jsonl"
    plain.write_text("".join(json.dumps({**row, "prompt": row["prompt"].replace("\\uD800", "U+D800")}) + "\n"
                             for row in rows))
    _, scores = evaluate_completion(plain, preds, resamples=0)
    if len(scores) != len(rows) or not all(s.em == 100.0 for s in scores):
        pytest.fail("control: the groundtruths do not score 100 without the escape")
    raised = None
    try:
        _, scores = evaluate_completion(path, preds, resamples=0)
    except Exception as exc:  # noqa: BLE001 - what the repository's text makes the evaluator do
        raised = exc
    held = sum("\\uD800" in row["prompt"] for row in rows)
    print(f"{held} of {len(rows)} prompts hold the escape; raised: {raised!r}"[:400])
    assert raised is None, f"the evaluation stopped: {raised!r}"[:400]
    assert len(scores) == len(rows) and all(s.em == 100.0 for s in scores)
