"""Row 6: a predictions file is capped per line (``JSONL_LINE_MAX_BYTES``, 256 MiB) and each
generation's size is capped (``CLASS_ANSWER_MAX_BYTES``, ``EXEC_GENERATION_MAX_BYTES``), but not
how many generations a task has. Each one, even empty (4 bytes of JSON: ``"", ``), becomes a
result row kept in memory to the end and a signed line of the results log (about 630 bytes:
its key, three SHA-256 digests, the verdict, the MAC), whatever its verdict; equal answers share
one run, not one row. Measured here on the class evaluation with a task refused for its path
(nothing copied or run); ``evaluate_executable`` keeps and logs one row per generation the same
way (read, not measured)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # 200,000 rows signed and logged: 5 s of CPU, 100 s at load 14

HELPER = Path(__file__).with_name("_peak_generations.py")


def _measure(n: int, work: Path) -> dict:
    proc = subprocess.run([sys.executable, str(HELPER), str(n), str(work)], capture_output=True, text=True,
                          timeout=600)
    if proc.returncode != 0:
        pytest.fail(f"precondition: the evaluation of {n} generations failed: {proc.stderr[-2000:]}")
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    if "refused" in out:
        return out
    if out["statuses"] != {"task_refused": n} or out["sandbox_runs"] != 0:
        pytest.fail(f"precondition: every generation is judged task_refused without a run: {out}")
    return out


def test_a_predictions_line_of_many_empty_generations_cannot_take_the_evaluators_memory(tmp_path):
    control = _measure(1_000, tmp_path / "control")
    if "refused" in control:
        pytest.fail(f"precondition: 1,000 generations (the default --max-generations) are evaluated: {control}")
    attack = _measure(200_000, tmp_path / "attack")
    print(control, attack)
    # safe: refused (too many generations), or the host's cost stays small for a 0.8 MB line
    assert attack["grown_mb"] - control["grown_mb"] < 64, (control, attack)
    assert attack["log_bytes"] < 64 * 1024**2, (control, attack)
    # contained: refused when the predictions are loaded, the task named, nothing logged
    assert "shop/java/class/0" in attack["refused"] and "200000 generations" in attack["refused"], attack
    assert attack["log_bytes"] == 0, attack
