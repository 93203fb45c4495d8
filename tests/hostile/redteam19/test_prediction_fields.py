"""Row 3: ``evaluate-predictions completion`` parses each line of the predictions file whole
(``core/jsonl.iter_jsonl``: ``json.loads`` of lines up to ``JSONL_LINE_MAX_BYTES``, 256 MiB) and
keeps every line's whole object until the end (``evaluation/completion.py``
``load_completion_inputs``: ``index_unique`` stores ``obj``, of which only ``pred`` is ever read).
A submission adds a field the evaluator ignores (``"notes": [{}, {}, ...]``: three bytes of JSON
per empty dict, about 50 bytes of host memory each): the host holds about 16 times the file,
for the whole evaluation and in every line. Here 6 lines of 3 MB each (18 MB) -> about 300 MB
kept (measured); at the line cap one line is about 4 GB, and a 1 GB file about 17 GB. The class and
executable evaluations keep only ``generations`` (each line's object is dropped after it is
read), but each of their lines is still parsed whole first."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # 12 s at load 10 (two evaluations in fresh interpreters)

PEAK = Path(__file__).with_name("_completion_peak.py")
LINES, PAD_BYTES = 6, 3 * 1024 * 1024


def _evaluate(tmp_path: Path, pad: bool) -> dict:
    split, preds = tmp_path / f"split-{pad}.jsonl", tmp_path / f"preds-{pad}.jsonl"
    split.write_text("".join(json.dumps({"metadata": {"task_id": f"t{i}"}, "language": "python",
                                         "prompt": "def inc(x):\n    return ", "groundtruth": "x + 1\n",
                                         "right_context": ""}) + "\n" for i in range(LINES)), encoding="utf-8")
    notes = "[" + ",".join(["{}"] * (PAD_BYTES // 3)) + "]" if pad else "[]"
    with preds.open("w", encoding="utf-8") as fh:
        for i in range(LINES):
            fh.write('{"task_id": "t%d", "pred": "x + 1", "notes": %s}\n' % (i, notes))
    proc = subprocess.run([sys.executable, str(PEAK), str(split), str(preds)], capture_output=True, text=True,
                          timeout=300)
    if proc.returncode != 0:
        pytest.fail(f"precondition: the evaluation failed: {proc.stderr[-2000:]}")
    run = json.loads(proc.stdout.strip().splitlines()[-1])
    if run["scored"] != LINES or run["exact"] != LINES:
        pytest.fail(f"precondition: every prediction scored, each an exact match: {run}")
    return run


def test_fields_a_submission_adds_do_not_stay_in_the_completion_evaluators_memory(tmp_path):
    control = _evaluate(tmp_path, pad=False)
    attack = _evaluate(tmp_path, pad=True)
    # 18 MB of predictions; parsing one 3 MB line at a time costs about 50 MB
    assert attack["grown_mb"] - control["grown_mb"] < 160, (control, attack)
