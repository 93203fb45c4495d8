"""The executable build's gates (docs/executable.md, "mutation"): the gold solution must pass the
problem's tests and its stubs (``pass``, ``return True``/``False``, ``raise E()``) and up to
``EXEC_MUTANTS`` one- or two-change mutants must fail them; a problem whose tests a stub passes,
or whose mutation score is under 0.6, is dropped (``weak_tests``). Every one of those versions is
the gold text with a small change, made by the builder from the gold's source, which the
repository's tests can read (``inspect.getsource``). Red team 6 row 5 made the class split's
tests recognize the gates' variants; its fix (80eb97e: disguised controls, caught mutants
combined, reformatted, locals renamed) is in the class build only. Here the same attack on the
executable split, run for real: a committed git repository, ``build_executable_split`` (suite
under coverage, validation, gold and mutation gates), then ``evaluate_executable`` (bubblewrap,
pytest, the harness plugin). The repository and its tests are in ``_tally.py``."""

from __future__ import annotations

import json
import sys

import pytest

from crossfile_datasets.evaluation.executable import RunSettings, evaluate_executable

pytestmark = pytest.mark.slow

# a wrong answer that is neither a stub nor near the gold: negatives are added too
ATTACK = '''def positive_total(values):
    return sum(values)
'''
PLAIN_WRONG = '''def positive_total(values):
    return 0
'''


@pytest.fixture(scope="module")
def judged(tally_gates, tmp_path_factory):
    record, split, report = tally_gates
    if record is None:  # the build refused the problem: nothing published to judge
        return None, report.counts
    base = tmp_path_factory.mktemp("redteam16-gates")
    preds = base / "preds.jsonl"
    contexts = {"gold": record["solution"], "plain_wrong": PLAIN_WRONG, "attack": ATTACK}
    preds.write_text("".join(json.dumps({"task_id": record["id"], "context_size": context, "generations": [code]}) + "\n"
                             for context, code in contexts.items()))
    results = base / "results.jsonl"
    evaluate_executable(split, preds, results, settings=RunSettings(timeout=120, test_timeout=60, python=sys.executable))
    rows = {row["context_size"]: row for row in map(json.loads, results.read_text().splitlines())}
    print(json.dumps({"mutants": record.get("mutants"), "mutation_score": record.get("mutation_score"),
                      "tests": record.get("test_paths"),
                      "rows": {k: {f: v.get(f) for f in ("passed", "status", "tests_passed", "detail")}
                               for k, v in rows.items()}}, indent=1)[:6000])
    return record, rows


def test_tests_that_recognize_the_gates_versions_do_not_let_a_wrong_answer_pass(judged):
    """Forged verdict planted at build time (executable split): the problem passes every gate
    (gold passes; every stub and mutant fails, mutation score 1.0) and is published; at
    evaluation ``return sum(values)`` (wrong: ``positive_total([3, -1, 4])`` is 6, not 7) passes
    every test, ``return 0`` fails (it looks like a stub), the gold passes. Contained: the mutation
    gate runs disguised wrong versions too, which these tests do not judge, and refuses the
    problem (``problems/tests_pass_disguised_control``)."""
    record, rows = judged
    if record is None:
        # contained at build time: the tests pass a disguised wrong version (mutants_run.judge_controls)
        assert rows.get("problems/tests_pass_disguised_control") == 1, dict(rows)
        return
    namespace: dict = {}
    exec(ATTACK, namespace)  # noqa: S102 - our own text: the attack's answer is wrong in plain Python
    if namespace["positive_total"]([3, -1, 4]) == 7:
        pytest.fail("precondition: the attack's answer is not wrong")
    if not rows["gold"]["passed"]:
        pytest.fail(f"control: gold does not pass: {rows['gold']}")
    if rows["plain_wrong"]["passed"]:
        pytest.fail(f"control: the plain wrong answer passes: {rows['plain_wrong']}")
    assert not rows["attack"]["passed"], rows["attack"]
