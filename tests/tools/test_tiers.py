"""The fast tier is chosen from recorded times (tests/tiers.py)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

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


@pytest.mark.slow  # three pytest runs
def test_a_test_needing_a_costly_shared_fixture_is_slow_whichever_test_paid_for_it(tmp_path):
    # In a whole run the slow test comes first and pays the module fixture; its fast neighbour is
    # recorded at ~0 s. Left to itself the fast tier would pay the fixture in the neighbour.
    (tmp_path / "conftest.py").write_text(
        f"import sys\nsys.path.insert(0, {str(ROOT)!r})\n"
        "from tests.tiers import pytest_addoption, pytest_collection_modifyitems, pytest_configure  # noqa\n")
    (tmp_path / "test_probe.py").write_text(textwrap.dedent("""
        import time
        import pytest

        @pytest.fixture(scope="module")
        def built():
            time.sleep(1.0)
            return 1

        @pytest.mark.slow
        def test_end_to_end(built):
            pass

        def test_reads_the_built_value(built):
            assert built == 1

        def test_needs_nothing():
            pass
    """))
    out = tmp_path / "durations.json"
    pytest_command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tmp_path)]
    run = subprocess.run(pytest_command + ["--record-durations", str(out)], cwd=tmp_path, capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    recorded = json.loads(out.read_text())
    assert recorded["tests"]["test_probe.py::test_reads_the_built_value"]["wall"] < FAST_MAX_WALL_SECONDS
    assert recorded["fixtures"]["test_probe.py::built"]["wall"] >= 1.0
    fast = subprocess.run(pytest_command + ["-m", "not slow", "--tier-durations", str(out), "--collect-only"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert "test_needs_nothing" in fast.stdout
    assert "test_reads_the_built_value" not in fast.stdout, fast.stdout
    # without the fixture's record the neighbour would have stayed fast
    recorded.pop("fixtures")
    out.write_text(json.dumps(recorded))
    unaware = subprocess.run(pytest_command + ["-m", "not slow", "--tier-durations", str(out), "--collect-only"],
                             cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert "test_reads_the_built_value" in unaware.stdout


@pytest.mark.parametrize("target", ["test", "durations"])
def test_the_makefiles_recording_runs_work_when_their_file_already_exists(tmp_path, target):
    """``make test`` run a second time in one checkout stopped at once: pytest reads a separate
    ``--record-durations build/test-durations.json`` as a test path before the conftest that
    declares the option is loaded, and once that file exists it anchors the run in ``build/``,
    where no conftest is: "unrecognized arguments: --record-durations" (found on the clean-clone
    CI's second run in one folder, 2026-11-29c). The Makefile's own command, on a project of the
    same layout whose file exists."""
    made = subprocess.run(["make", "-n", "-s", target, f"PYTHON={sys.executable}"], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    line = next(l for l in made.stdout.splitlines() if "-m pytest" in l)
    args = line.split("-m pytest", 1)[1].split()
    recorded = next(a.split("=", 1)[1] if "=" in a else args[i + 1]
                    for i, a in enumerate(args) if a.startswith("--record-durations"))
    (tmp_path / "pyproject.toml").write_text('[tool.pytest.ini_options]\ntestpaths = ["tests"]\n')
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "conftest.py").write_text(
        "def pytest_addoption(parser):\n    parser.addoption('--record-durations', default=None)\n")
    (tmp_path / "tests" / "test_probe.py").write_text("def test_probe():\n    pass\n")
    (tmp_path / recorded).parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / recorded).write_text("{}")
    run = subprocess.run([sys.executable, "-m", "pytest", *args, "--collect-only"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "test_probe" in run.stdout
