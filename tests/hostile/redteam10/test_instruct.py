"""The instruct split's contamination check (``builders/instruct/build.py``): training functions
are left out when "their normalized text is a benchmark solution (sha256 of the function with
whitespace runs collapsed, so a reformatted copy is caught too)". A repository of the training
corpus (a fork, a vendored copy, or an author who wants a model trained on this data to score
well) holds the benchmark's solution with a change that does not change what it does."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from crossfile_datasets.builders.cli import app

SOLUTION = '''def parse_price(text):
    """Parse a price like '12.50 EUR' into cents."""
    amount, _currency = text.split(' ')
    whole, _, frac = amount.partition('.')
    return int(whole) * 100 + int((frac + '00')[:2])
'''
VARIANTS = {
    "exact": SOLUTION,  # the control: caught
    "comment": SOLUTION.replace("    return", "    # cents\n    return"),
    "quotes": SOLUTION.replace("' '", '" "').replace("'.'", '"."').replace("'00'", '"00"'),  # black's style
}


@pytest.mark.slow
def test_a_benchmark_solution_in_disguise_is_not_training_data(tmp_path, monkeypatch):
    """Forged metric (contamination: ``build-dataset --split instruct --exclude-eval``; nothing
    runs). The executable split's solution, copied into another repository three times: as it
    is, with one comment line, and with black's double quotes. The exact copy is dropped
    (``function_in_evaluation_split``); the other two are kept as instruction-tuning records,
    solution and all, so a model tuned on the split has seen the benchmark's answer."""
    monkeypatch.setenv("CROSSFILE_CACHE", str(tmp_path / "cache"))
    fork = tmp_path / "fork"
    (fork / "pkg").mkdir(parents=True)
    (fork / "pkg" / "__init__.py").write_text("")
    for name, text in VARIANTS.items():
        (fork / "pkg" / f"{name}.py").write_text(text)
    evaluation = tmp_path / "executable.jsonl"
    evaluation.write_text(json.dumps({"id": "shop/1", "project": "shop", "repository_url": "https://github.com/acme/shop",
                                      "solution": SOLUTION}) + "\n")
    out = tmp_path / "out"
    res = CliRunner().invoke(app, ["--lang", "python", "--split", "instruct", "--repos", str(fork), "--exclude-eval",
                                   str(evaluation), "--output", str(out), "--cache-dir", str(tmp_path / "cache")])
    path = out / "python" / "instruct.jsonl"
    if res.exit_code != 0 or not path.is_file():
        pytest.fail(f"precondition: the instruct build failed: {res.output[-2000:]}")
    kept = sorted(json.loads(line)["file"] for line in path.read_text().splitlines())
    if "pkg/exact.py" in kept:
        pytest.fail(f"precondition: the exact copy was not excluded: {kept}")
    assert not kept, f"benchmark solutions kept as training data: {kept}"
