"""The fast tier is chosen from recorded times (tests/tiers.py)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

from tests.tiers import FAST_MAX_CPU_SECONDS, FAST_MAX_WALL_SECONDS, load_recorded, slow_by_record

ROOT = Path(__file__).resolve().parents[2]


def test_a_test_over_either_limit_is_slow_and_one_within_both_is_fast():
    assert not slow_by_record({"wall": FAST_MAX_WALL_SECONDS, "cpu": FAST_MAX_CPU_SECONDS})
    assert slow_by_record({"wall": FAST_MAX_WALL_SECONDS + 0.1, "cpu": 0.0})  # waits: time-outs, sleeps
    assert slow_by_record({"wall": 0.1, "cpu": FAST_MAX_CPU_SECONDS + 0.1})  # a checker run in a child
    assert not slow_by_record({})


def test_no_recorded_file_leaves_every_test_in_the_fast_tier(tmp_path):
    assert load_recorded(tmp_path / "missing.json") == {}


def test_a_run_records_wall_and_cpu_seconds_of_each_test_children_included(tmp_path):
    (tmp_path / "conftest.py").write_text(
        f"import sys\nsys.path.insert(0, {str(ROOT)!r})\n"
        "from tests.tiers import pytest_addoption, pytest_configure  # noqa: F401\n")
    (tmp_path / "test_probe.py").write_text(textwrap.dedent("""
        import subprocess, sys

        def test_idle():
            pass

        def test_child_burns_cpu():
            subprocess.run([sys.executable, "-c", "x = 0\\nfor i in range(3_000_000): x += i"], check=True)
    """))
    out = tmp_path / "durations.json"
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--record-durations",
                          str(out), str(tmp_path)], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    recorded = json.loads(out.read_text())
    times = recorded["tests"]
    assert set(times) == {"test_probe.py::test_idle", "test_probe.py::test_child_burns_cpu"}
    # the child's CPU (a reaped subprocess) is counted to the test that started it
    assert times["test_probe.py::test_child_burns_cpu"]["cpu"] > 5 * times["test_probe.py::test_idle"]["cpu"]
    assert times["test_probe.py::test_child_burns_cpu"]["cpu"] > 0.05
    assert recorded["machine"]["cores"] and recorded["recorded"]
