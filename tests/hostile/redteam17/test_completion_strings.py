"""Exact match (``harness/scoring.code_lines``) compares the *non-blank* lines of the two
normalized texts, each stripped of blanks at its end (Python) or at both ends (Java, TypeScript,
C#). Inside a literal that spans lines (a Python triple-quoted string, a Java text block, a
TypeScript template literal, a C# verbatim string) blank lines and the blanks at a line's edges
are characters of the value: a completion that drops a blank line of the string, or its
trailing spaces, or (outside Python) its indentation, builds another string, yet scores EM 100.
Red team 2026-11-27f row 3 closed the same leniency for indentation *outside* literals (Python);
red team 2026-11-27g row 6 for tokens glued by a removed comment."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from crossfile_datasets.evaluation.completion import evaluate_completion

# (prompt, groundtruth, the wrong completion, the right context, the literal's delimiters)
CASES = {
    # a blank line of a docstring-like message dropped
    "python_blank_line": ("def banner():\n    width = 40\n    return ", '"""Hello,\n\nworld"""\n',
                          '"""Hello,\nworld"""\n', "\n", ('"""', '"""')),
    # trailing spaces on a line of the string dropped (a fixed-width report row)
    "python_trailing_blanks": ("def row():\n    width = 40\n    return ", '"""name   \nvalue"""\n',
                               '"""name\nvalue"""\n', "\n", ('"""', '"""')),
    "typescript_indentation": ("export function banner(): string {\n  const width = 40;\n  return ",
                               "`Hello,\n    world`;\n", "`Hello,\nworld`;\n", "}\n", ("`", "`")),
    "java_text_block": ("class Banner {\n  String text() {\n    return ", '"""\n        Hello,\n\n        world""";\n',
                        '"""\n        Hello,\n        world""";\n', "  }\n}\n", ('"""', '"""')),
    "csharp_verbatim": ("class Banner {\n  string Text() {\n    return ", '@"Hello,\n\n    world";\n',
                        '@"Hello,\nworld";\n', "  }\n}\n", ('@"', '"')),
}


def _literal(text: str, delimiters: tuple[str, str]) -> str:
    start = text.index(delimiters[0]) + len(delimiters[0])
    return text[start: text.index(delimiters[1], start)]


def _scores(tmp_path: Path, name: str, prediction: str) -> dict:
    prompt, groundtruth, _, right, _ = CASES[name]
    language = name.split("_")[0]
    split, preds = tmp_path / f"{name}.jsonl", tmp_path / f"{name}.pred.jsonl"
    record = {"prompt": prompt, "groundtruth": groundtruth, "right_context": right, "language": language,
              "metadata": {"task_id": f"demo/{language}/0", "repository": "demo", "file": "banner"}}
    split.write_text(json.dumps(record) + "\n", encoding="utf-8")
    preds.write_text(json.dumps({"task_id": f"demo/{language}/0", "pred": prediction}) + "\n", encoding="utf-8")
    _, scores = evaluate_completion(split, preds)
    return {"em": scores[0].em, "kept": scores[0].prediction}


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_completion_that_changes_a_multi_line_string_is_not_an_exact_match(tmp_path: Path, name: str):
    """Wrong scored right (``evaluate-predictions completion``; the build's ``--model-filter``
    drops an example as ``predictable_without_context`` by the same test): the completion's
    string literal is another value (checked: the literal's characters differ, and for Python
    the two programs return different strings), the groundtruth scores EM 100 and a completion
    with one word of the string changed EM 0 (controls); the wrong completion should score 0."""
    prompt, groundtruth, wrong, right, delimiters = CASES[name]
    if _literal(groundtruth, delimiters) == _literal(wrong, delimiters):
        pytest.fail("control: the two literals are the same value")
    if name.startswith("python"):
        values = []
        for completion in (groundtruth, wrong):
            scope: dict = {}
            exec(prompt + completion + right, scope)  # noqa: S102 - our own two-line fixture
            values.append(scope[prompt.split("(")[0].removeprefix("def ")]())
        if values[0] == values[1]:
            pytest.fail(f"control: the two Python programs return the same value {values[0]!r}")
    if _scores(tmp_path, name, groundtruth)["em"] != 100.0:
        pytest.fail("control: the groundtruth fed back as the prediction is not an exact match")
    other_word = groundtruth.replace("world", "earth").replace("value", "price")
    if _scores(tmp_path, name, other_word)["em"] != 0.0:
        pytest.fail("control: a completion with another word in the string is an exact match")
    got = _scores(tmp_path, name, wrong)
    assert got["em"] == 0.0, got


# Row 3, the other direction: Python ignores the indentation of a line that continues a statement
# (inside brackets, or after a backslash), yet exact match keeps every Python line's leading
# blanks (red team 2026-11-27f row 3's fix, which is right for lines that start a statement).
PROMPT = "def total(values, scale):\n    base = sum(values)\n    return "
CONTINUED = {
    # (groundtruth, a right completion with the continuation indented otherwise)
    "aligned_with_the_bracket": ("combine(base,\n                   scale)\n", "combine(base,\n        scale)\n"),
    "hanging_indent": ("combine(\n        base, scale)\n", "combine(\n            base, scale)\n"),
    "backslash": ("base * \\\n        scale\n", "base * \\\n    scale\n"),
}


def _tokens(program: str) -> list[tuple[int, str]]:
    import io
    import tokenize

    layout = {tokenize.NL, tokenize.COMMENT, tokenize.ENCODING}
    return [(t.type, t.string) for t in tokenize.generate_tokens(io.StringIO(program).readline) if t.type not in layout]


@pytest.mark.parametrize("name", sorted(CONTINUED))
def test_a_right_completion_with_another_continuation_indent_is_an_exact_match(tmp_path: Path, name: str):
    """Right scored wrong (``evaluate-predictions completion``, every honest model: a multi-line
    call formatted another way, black's hanging indent against alignment with the bracket): the
    completion is the same program as the groundtruth (checked: the same token stream, layout
    tokens aside, and the same value when run), CrossCodeEval's ``str.strip()`` of each line
    calls it exact, and docs/evaluation.md says exact match ignores what the language ignores;
    it scores EM 0."""
    groundtruth, right = CONTINUED[name]
    helper = "def combine(a, b):\n    return a * 10 + b\n\n\n"
    programs = [helper + PROMPT + completion + "\n\nRESULT = total([1, 2], 3)\n" for completion in (groundtruth, right)]
    if _tokens(programs[0]) != _tokens(programs[1]):
        pytest.fail("control: the two completions are not the same tokens")
    values = []
    for program in programs:
        scope: dict = {}
        exec(program, scope)  # noqa: S102 - our own fixture
        values.append(scope["RESULT"])
    if values[0] != values[1]:
        pytest.fail(f"control: the two programs differ: {values}")
    split, preds = tmp_path / "split.jsonl", tmp_path / "preds.jsonl"
    record = {"prompt": PROMPT, "groundtruth": groundtruth, "right_context": "\n", "language": "python",
              "metadata": {"task_id": "demo/python/0", "repository": "demo", "file": "demo/total.py"}}
    split.write_text(json.dumps(record) + "\n", encoding="utf-8")
    scores = {}
    for label, prediction in (("groundtruth", groundtruth), ("right", right)):
        preds.write_text(json.dumps({"task_id": "demo/python/0", "pred": prediction}) + "\n", encoding="utf-8")
        scores[label] = evaluate_completion(split, preds)[1][0].em
    if scores["groundtruth"] != 100.0:
        pytest.fail(f"control: the groundtruth fed back is not an exact match: {scores}")
    assert scores["right"] == 100.0, scores
