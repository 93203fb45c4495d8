"""A submission's predictions file that is not a file: a link to ``/dev/zero`` or a FIFO in the
submitted folder (git, tar and the Hub keep links; tar keeps FIFOs). ``evaluate-predictions``
checks only that the path exists and is not a folder (typer's ``exists=True, dir_okay=False``)
and reads it with ``open()`` line by line (``core/jsonl.iter_jsonl``): no regular-file check, no
cap per line. Run in a child interpreter with a 1 GiB address-space limit and a time limit, its
``TMPDIR`` under the test's folder."""

from __future__ import annotations

import json
import os

import pytest

SCRIPT = r'''
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
from typer.testing import CliRunner
from crossfile_datasets.evaluation.cli import app
result = CliRunner().invoke(app, ["completion", sys.argv[1], sys.argv[2], "--resamples", "10"])
print("EXIT", result.exit_code, type(result.exception).__name__ if result.exception else "-")
print(result.output[-400:])
'''

REASON = ("red team 2026-11-28c: evaluate-predictions opens a submitted predictions path with open() and "
          "reads lines without a regular-file check or a line cap (core/jsonl.iter_jsonl): a link to /dev/zero "
          "takes memory until MemoryError (unbounded without an rlimit), a FIFO blocks the evaluator forever")


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["dev_zero", "fifo"])
def test_a_predictions_path_that_is_not_a_file_is_refused(tmp_path, child, kind):
    """Host resource (memory: the evaluator's machine; or a hang). The safe behaviour: the path is
    refused (not a regular file) with the usual ``InputError``, exit 2, at once."""
    split = tmp_path / "completion.jsonl"
    split.write_text(json.dumps({"task_id": "t/1", "language": "python", "prompt": "def inc(x):\n    return ",
                                 "groundtruth": "x + 1\n", "metadata": {"file": "pkg/inc.py"}}) + "\n")
    submission = tmp_path / "submission"
    submission.mkdir()
    predictions = submission / "preds.jsonl"
    if kind == "dev_zero":
        predictions.symlink_to("/dev/zero")
    else:
        os.mkfifo(predictions)
    done = child(SCRIPT, str(split), str(predictions), timeout=60 if kind == "dev_zero" else 20,
                 env={"CROSSFILE_CACHE": str(tmp_path / "cache")})
    if not done.timed_out and "EXIT" not in done.stdout:
        pytest.fail(f"the child did not run the evaluation: rc {done.returncode} {done.stderr[-800:]}")
    assert not done.timed_out, "the evaluator hung on the predictions path (killed at the time limit)"
    assert "EXIT 2 " in done.stdout and "MemoryError" not in done.stdout, f"not refused: {done.stdout[-600:]}"
