"""Row 4: the verdict channel keeps at most ``CHANNEL_MAX_BYTES`` (32 MiB) of a run's records
(red team 1 row 1: every record, named event or not, counts against that one budget), but it
counts the bytes of the JSON and keeps the *parsed* records (``sandbox/channel.py`` ``_Parser.line``:
``json.loads``, then ``out.records.append(record)``). Any code in the tested process can send
records through the harness plugin's own sender (``sys.modules["crossfile_pytest_plugin"]._send``,
documented as in-process); a record of a list of empty dicts (``{}, `` is four bytes of JSON and
about 60 bytes of Python) turns the 32 MiB the budget admits into about 0.6 GB of the host's
memory for each run, held until the run's records are read, and each parallel worker runs its
own. Here an executable generation (the right function, which first sends eight 4 MB records)
is judged by ``evaluate_executable``; the same holds for every run whose tests load the plugin
(the executable build's gates, the Python class build and evaluation)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.hostile.redteam18._exec import SCALE_REPOSITORY, built_problem, predictions

pytestmark = pytest.mark.slow

PEAK = Path(__file__).with_name("_exec_peak.py")
# the right function, which first sends 8 records of 1,000,000 empty dicts (4 MB of JSON each)
FLOOD = '''def scale(values, factor):
    import sys

    plugin = sys.modules["crossfile_pytest_plugin"]
    for _ in range(8):
        plugin._send({"notes": [{}] * 1000000})
    out = []
    for value in values:
        out.append(value * factor)
    return out
'''


@pytest.fixture(scope="module")
def split(tmp_path_factory):
    return built_problem(tmp_path_factory.mktemp("redteam19-exec"), "calc",
                         SCALE_REPOSITORY, "scale")


def _evaluate(split_path: Path, task_id: str, context: str, code: str, work: Path) -> dict:
    preds, results = predictions(work, task_id, {context: code})
    proc = subprocess.run([sys.executable, str(PEAK), str(split_path), str(preds), str(results)],
                          capture_output=True, text=True, timeout=600)
    if proc.returncode != 0:
        pytest.fail(f"precondition: the evaluation failed: {proc.stderr[-2000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_records_a_run_sends_cannot_take_the_evaluators_memory(split, tmp_path):
    record, split_path = split
    control = _evaluate(split_path, record["id"], "gold", record["solution"], tmp_path / "control")
    if not control["rows"].get("gold", {}).get("passed"):
        pytest.fail(f"control: gold must pass: {control}")
    attack = _evaluate(split_path, record["id"], "flood", FLOOD, tmp_path / "attack")
    if "flood" not in attack["rows"]:
        pytest.fail(f"precondition: the generation was not judged: {attack}")
    print(control, attack)
    # 32 MiB of records admitted; whatever the host keeps of them is a small multiple of that
    assert attack["grown_mb"] - control["grown_mb"] < 128, (control, attack)
