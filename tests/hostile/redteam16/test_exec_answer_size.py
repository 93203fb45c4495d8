"""The executable evaluation parses every generation on the host, before any sandbox and outside
its limits: ``generated_function`` (tree-sitter, ``harness/placement.extract_function``, in the
evaluator's process), then ``run_problem_tests`` -> ``splice_solution``
(``sandbox/checks.extract_function_source``: ``ast.parse`` of the generation, then ``ast.parse``
of the whole module with it). Python's AST holds about 250 bytes of host memory per byte of a
function of many short statements. The class evaluation refuses an answer over
``CLASS_ANSWER_MAX_BYTES`` (1 MB) "before any parse, copy or run"; the executable evaluation has
no such cap, only the predictions file's line cap (``JSONL_LINE_MAX_BYTES``, 256 MiB). Run for
real: the problem of ``_tally.py`` built, then ``evaluate_executable`` in a fresh interpreter per
predictions file (its own peak memory: ``VmHWM``, tests/hostile/peak.py), bubblewrap included."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.hostile.redteam16._tally import GOLD

pytestmark = pytest.mark.slow

PROJECT = Path(__file__).resolve().parents[3]
LINES = 120_000  # 1.2 MB of ``    x = 1``: a generation over the class evaluation's 1 MB cap
SMALL = GOLD  # the control: the reference itself, short
BIG = SMALL.replace("    total = 0\n", "    total = 0\n" + "    x = 1\n" * LINES)  # the same with 120,000 more lines
CHILD = """
import json, sys
from crossfile_datasets.evaluation.executable import RunSettings, evaluate_executable
from tests.hostile.peak import peak_rss_kb

split, preds, results, timeout = sys.argv[1:5]
start = peak_rss_kb()
evaluate_executable(split, preds, results, settings=RunSettings(timeout=float(timeout), test_timeout=float(timeout) / 2,
                                                                  python=sys.executable))
rows = [json.loads(line) for line in open(results, encoding="utf-8")]
print(json.dumps({"start_kb": start, "peak_kb": peak_rss_kb(),
                  "rows": [{k: r.get(k) for k in ("status", "passed", "tests_passed")} for r in rows]}))
"""


def _evaluate(tmp_path: Path, name: str, record: dict, split: Path, generation: str, timeout: float) -> dict:
    work = tmp_path / name
    (work / "tmp").mkdir(parents=True)
    preds = work / "preds.jsonl"
    preds.write_text(json.dumps({"task_id": record["id"], "context_size": name, "generations": [generation]}) + "\n")
    env = {**os.environ, "TMPDIR": str(work / "tmp"), "PYTHONPATH": str(PROJECT)}
    proc = subprocess.Popen([sys.executable, "-c", CHILD, str(split), str(preds), str(work / "results.jsonl"),
                             str(timeout)],
                            cwd=PROJECT, env=env, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)
    try:
        out, err = proc.communicate(timeout=600)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        pytest.fail(f"{name}: the evaluation did not end in 600 s: {err[-2000:]}")
    if proc.returncode != 0 or not out.strip():
        pytest.fail(f"{name}: the evaluation failed ({proc.returncode}): {err[-3000:]}")
    return json.loads(out.strip().splitlines()[-1])


def test_a_huge_generation_does_not_take_the_evaluators_memory(tally_split, tmp_path: Path):
    """Host resource (``evaluate-predictions executable``, every generation; the gold gate and the
    mutation gate's reruns parse the builder's own versions): one 1.2 MB generation (the reference with 120,000 more lines
    ``x = 1``) raises the evaluator's own peak by hundreds of MB over the reference alone (its
    verdict does not matter: the memory is taken before the sandbox starts); 256 MiB (the line
    cap) would be tens of GB, and a submission holds many generations."""
    record, split = tally_split
    small = _evaluate(tmp_path, "small", record, split, SMALL, 60)
    if len(small["rows"]) != 1 or not small["rows"][0]["passed"]:
        pytest.fail(f"control: the short answer gave {small}")
    # the sandboxed run of 120,000 statements under the harness is cut short: the memory is taken
    # on the host before it starts
    big = _evaluate(tmp_path, "big", record, split, BIG, 5)
    if len(big["rows"]) != 1:
        pytest.fail(f"precondition: the big answer was not judged: {big}")
    grown_mb = (big["peak_kb"] - small["peak_kb"]) / 1024
    print(f"peak: control {small['peak_kb'] / 1024:.0f} MB, 1.2 MB generation {big['peak_kb'] / 1024:.0f} MB "
          f"(+{grown_mb:.0f} MB); rows {small['rows']} / {big['rows']}")
    # contained: refused before any parse (as the class evaluation's answer_too_large), or parsed in
    # bounded memory: within 100 MB of the control
    assert grown_mb < 100, f"+{grown_mb:.0f} MB of the evaluator's memory for one 1.2 MB generation"
    # contained since the cap: refused before any host parse, under its own status
    assert big["rows"][0]["status"] == "answer_too_large" and not big["rows"][0]["passed"], big
