"""The subprocess runner against misbehaving programs."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from crossfile_datasets.analyzers.run import Limits, PersistentProcess, PersistentProcessError, RunStatus, run

PY = sys.executable


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie is dead for our purpose
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().split()[2] != "Z"
    except FileNotFoundError:
        return False


def test_normal_exit_and_exit_code():
    res = run([PY, "-c", "import sys; print('hi'); sys.exit(3)"], timeout=10)
    assert res.status is RunStatus.EXITED and res.returncode == 3 and res.stdout == "hi\n" and not res.ok


def test_sleeps_forever_is_killed_at_timeout():
    t0 = time.monotonic()
    res = run([PY, "-c", "import time; time.sleep(1000)"], timeout=1)
    assert res.status is RunStatus.TIMEOUT
    assert time.monotonic() - t0 < 5


def test_children_that_outlive_the_parent_are_killed(tmp_path):
    pidfile = tmp_path / "child.pid"
    code = (
        "import os, subprocess, sys, time\n"
        f"p = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(1000)'])\n"
        f"open({str(pidfile)!r}, 'w').write(str(p.pid))\n"
        "os._exit(0)\n"
    )
    res = run([PY, "-c", code], timeout=10)
    assert res.status is RunStatus.EXITED
    child = int(pidfile.read_text())
    deadline = time.monotonic() + 5
    while _alive(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(child)


def test_daemonised_child_holding_the_pipe_does_not_hang_the_call():
    code = "import subprocess, sys; subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(1000)']); print('parent done')"
    t0 = time.monotonic()
    res = run([PY, "-c", code], timeout=30)
    assert "parent done" in res.stdout and res.status is RunStatus.EXITED
    assert time.monotonic() - t0 < 5


def test_huge_output_is_capped():
    res = run([PY, "-c", "import sys; sys.stdout.write('x' * 100_000_000)"], timeout=60, output_cap=1_000_000)
    assert res.stdout_truncated and len(res.stdout) == 1_000_000 and res.status is RunStatus.EXITED


def test_invalid_utf8_is_decoded_with_replacement():
    res = run([PY, "-c", "import sys; sys.stdout.buffer.write(b'ok \\xff\\xfe end')"], timeout=10)
    assert res.stdout == "ok \ufffd\ufffd end"


def test_exit_by_signal():
    res = run([PY, "-c", "import os, signal; os.kill(os.getpid(), signal.SIGSEGV)"], timeout=10)
    assert res.status is RunStatus.SIGNALED and res.returncode == -11


def test_missing_executable():
    res = run(["/nonexistent/tool"], timeout=5)
    assert res.status is RunStatus.NOT_FOUND


def test_memory_limit():
    res = run([PY, "-c", "x = bytearray(2_000_000_000)"], timeout=20, limits=Limits(memory_bytes=500_000_000))
    assert res.returncode != 0 and "MemoryError" in res.stderr


def test_stdin_is_fed():
    res = run([PY, "-c", "import sys; print(sys.stdin.read().upper())"], timeout=10, stdin="abc")
    assert res.stdout.strip() == "ABC"


def test_persistent_process_round_trips_and_recovers_from_a_hang():
    echo = "import sys\nfor line in sys.stdin:\n    if 'hang' in line:\n        import time; time.sleep(1000)\n    print(line.strip()[::-1], flush=True)\n"
    with PersistentProcess([PY, "-u", "-c", echo]) as proc:
        assert proc.request("abc", timeout=10) == "cba"
        assert proc.request("xyz", timeout=10) == "zyx"
        with pytest.raises(PersistentProcessError):
            proc.request("hang", timeout=1)
        assert proc.request("again", timeout=10) == "niaga"  # a fresh process was started


def test_persistent_process_that_dies_raises():
    with PersistentProcess([PY, "-c", "import sys; sys.stdin.readline(); sys.exit(1)"]) as proc:
        with pytest.raises(PersistentProcessError):
            proc.request("x", timeout=10)


def test_children_die_with_the_process_that_started_them(tmp_path):
    """kill -9 of the caller (a build worker) kills the checker it started, although the checker
    runs in its own session (regression: a hung checker ran on for minutes)."""
    pidfile = tmp_path / "checker.pid"
    checker_code = f"import os, time; open({str(pidfile)!r}, 'w').write(str(os.getpid())); time.sleep(1000)"
    script = tmp_path / "caller.py"
    script.write_text(
        "import sys, threading, time\n"
        f"sys.path.insert(0, {str(Path(__file__).resolve().parents[2])!r})\n"
        "from crossfile_datasets.analyzers.run import run\n"
        f"threading.Thread(target=run, args=([sys.executable, '-c', {checker_code!r}],), kwargs={{'timeout': 1000}}).start()\n"
        "time.sleep(1000)\n"
    )
    caller = subprocess.Popen([PY, str(script)])
    deadline = time.monotonic() + 20
    while not (pidfile.exists() and pidfile.read_text()) and time.monotonic() < deadline:
        time.sleep(0.05)
    checker = int(pidfile.read_text())
    assert os.getsid(checker) == checker  # its own session: killing the caller's group would miss it
    caller.kill()
    caller.wait()
    deadline = time.monotonic() + 5
    while _alive(checker) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(checker)


def test_a_warm_process_outlives_the_thread_that_started_it():
    """The parent-death signal follows the *thread* that forked: a helper started from a pool
    thread must not die when that thread ends (children are forked by one long-lived thread)."""
    echo = "import sys\nfor line in sys.stdin:\n    print(line.strip()[::-1], flush=True)\n"
    proc = PersistentProcess([PY, "-u", "-c", echo])
    with ThreadPoolExecutor(1) as pool:
        assert pool.submit(proc.request, "abc", 10).result() == "cba"
    time.sleep(0.3)  # the pool's thread has ended
    try:
        assert proc.starts == 1 and proc.request("xyz", timeout=10) == "zyx" and proc.starts == 1
    finally:
        proc.close()


def test_limits_are_applied_without_preexec_fn():
    res = run([PY, "-c", "import resource; print(resource.getrlimit(resource.RLIMIT_FSIZE)[0])"], timeout=10,
              limits=Limits(file_size_bytes=12345))
    assert res.stdout.strip() == "12345"
