"""The completion evaluation removes comments before it compares (``harness/postprocess.py``:
the grammar's comment nodes, cut out of the kept text with nothing in their place), so two tokens
a comment kept apart are glued together: ``new/**/Builder()`` (construct a Builder) becomes
``newBuilder()`` (call the method newBuilder), the groundtruth, character for character."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from crossfile_datasets.harness.scoring import score_example

# Java: our own fixture program (never a prediction of a run), compiled and run to show that the
# two completions are both valid Java and do different things
JAVA_PROMPT = """public class Shop {
    static class Builder { public String toString() { return "a new Builder"; } }
    static Object newBuilder() { return "the shared builder"; }
    static Object make() {
        return """
JAVA_END = "\n    }\n    public static void main(String[] args) { System.out.println(make()); }\n}\n"
CASES = {
    "java": (JAVA_PROMPT, "Shop.java"),
    # the same two completions after a TypeScript or C# prompt (scored only)
    "typescript": ("class Builder {}\nfunction newBuilder(): object { return {}; }\nexport function make(): object {\n"
                   "  return ", "shop.ts"),
    "csharp": ("class Builder {}\nclass Shop {\n  static object newBuilder() { return null; }\n  object Make() {\n"
               "    return ", "Shop.cs"),
}
GROUNDTRUTH = "newBuilder();\n"
PREDICTION = "new/**/Builder();"


def _java_prints(tmp_path: Path, completion: str) -> str:
    java = shutil.which("java")
    if java is None:
        pytest.fail("precondition: no java on this machine (scripts/setup.sh installs it)")
    folder = tmp_path / ("gt" if completion == GROUNDTRUTH else "pred")
    folder.mkdir()
    (folder / "Shop.java").write_text(JAVA_PROMPT + completion + JAVA_END)
    done = subprocess.run([java, "Shop.java"], cwd=folder, capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        pytest.fail(f"precondition: the fixture does not compile and run: {done.stderr[-500:]}")
    return done.stdout.strip()


@pytest.mark.parametrize("lang", [pytest.param("java", marks=pytest.mark.slow), "typescript", "csharp"])
def test_a_comment_cannot_glue_two_tokens_into_the_groundtruth(tmp_path: Path, lang: str):
    """Wrong scored right (``evaluate-predictions completion``; the build's ``--model-filter``
    drops an example the model "already gets exactly right" by the same comparison): the
    prediction constructs a ``Builder`` where the groundtruth calls the method ``newBuilder``
    (checked by running both in Java), and both exact match and edit similarity are 100 (only the
    identifier metrics see ``Builder`` against ``newBuilder``). Any keyword or identifier followed
    by an identifier can be glued the same way (``return/**/x`` is ``returnx``,
    ``o/**/instanceof`` is ``oinstanceof``); CrossCodeEval's own ``re.sub`` of comments does the
    same, postprocess.py's table of fixed defects does not list it. Red team 6 row 3 is
    ``str.strip``'s blanks, a different normalization."""
    prompt, path = CASES[lang]
    if lang == "java":
        expected, got = _java_prints(tmp_path, GROUNDTRUTH), _java_prints(tmp_path, PREDICTION)
        if expected != "the shared builder" or got != "a new Builder":
            pytest.fail(f"fixture: the groundtruth prints {expected!r}, the prediction {got!r}")
    record = {"prompt": prompt, "groundtruth": GROUNDTRUTH, "metadata": {"file": path}}
    score = score_example(record, PREDICTION, lang, f"shop/{lang}/0")
    if score.target != "newBuilder();":
        pytest.fail(f"precondition: the groundtruth normalizes to {score.target!r}")
    assert score.em == 0.0, (score.prediction, score.target, score.em, score.es)
