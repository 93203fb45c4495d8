"""Isolation of the sandbox: time-out, memory, process count, writes, environment, leftovers.

Each program is a small real attack on the limits; the assertions are about what the sandbox
lets happen, measured from the outside.
"""

from __future__ import annotations

import os
import sys
import time
import uuid

import pytest

from analyzers.run import RunStatus
from builders.sandbox import Sandbox, SandboxLimits

LIMITS = SandboxLimits(timeout=3, memory_bytes=512 * 1024**2, max_processes=8)


def run_program(source: str, limits: SandboxLimits = LIMITS, **env):
    with Sandbox(None, python=sys.executable, limits=limits) as box:
        (box.root / "program.py").write_text(source)
        started = time.monotonic()
        result = box.run([sys.executable, "program.py"], env=env or None)
        return result, time.monotonic() - started, box.dir


@pytest.fixture(params=["kernel_or_guard", "guard_only"])
def process_mode(request, monkeypatch):
    """Run process tests with the pids cgroup when this machine offers one, and without it
    (the audit-hook guard and the watchdog alone, as for a non-root user without cgroups)."""
    if request.param == "guard_only":
        monkeypatch.setenv("CROSSFILE_NO_CGROUP", "1")
    return request.param


def test_infinite_loop_is_killed_at_the_time_limit():
    result, elapsed, _ = run_program("while True:\n    pass\n")
    assert result.timed_out and result.result.status is RunStatus.TIMEOUT
    assert elapsed < LIMITS.timeout + 2


def test_unbounded_allocation_is_stopped():
    result, elapsed, _ = run_program("chunks = []\nwhile True:\n    chunks.append(bytearray(32 * 1024 * 1024))\n")
    assert not result.timed_out
    assert result.result.returncode != 0 and "MemoryError" in result.result.stderr
    assert elapsed < LIMITS.timeout


def test_fork_bomb_is_bounded(process_mode):
    source = "import os\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        pass\n"
    result, elapsed, _ = run_program(source)
    assert result.timed_out  # the bomb spins until the time limit: it never gets more processes
    # the guard refuses forks at the limit (concurrent forkers may overshoot a little),
    # the watchdog kills everything at twice the limit, a cgroup never lets it past the limit
    assert result.peak_processes <= 2 * LIMITS.max_processes
    assert elapsed < LIMITS.timeout + 5


def test_subprocess_spawns_are_counted(process_mode):
    source = (
        "import subprocess, sys\nprocs = []\nrefused = 0\n"
        "for _ in range(20):\n"
        "    try:\n"
        "        procs.append(subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(5)']))\n"
        "    except OSError:\n"
        "        refused += 1\n"
        "print('started', len(procs), 'refused', refused)\n"
        "for p in procs:\n    p.kill()\n"
    )
    result, _, _ = run_program(source, SandboxLimits(timeout=20, memory_bytes=512 * 1024**2, max_processes=4))
    started, refused = (int(x) for x in result.result.stdout.split()[1::2])
    assert started <= 4 and refused >= 16
    assert result.peak_processes <= 8


def test_processes_that_leave_the_group_are_killed(process_mode):
    marker = f"crossfile-daemon-{uuid.uuid4().hex}"
    source = (
        "import os, time\n"
        "if os.fork() == 0:\n"
        "    os.setsid()\n"
        f"    os.execvp('sleep', ['{marker}', '60'])\n"
        "time.sleep(0.5)\nprint('parent done')\n"
    )
    result, _, _ = run_program(source)
    assert "parent done" in result.result.stdout
    time.sleep(0.2)
    alive = [p for p in os.listdir("/proc") if p.isdigit() and _cmdline(p).find(marker) >= 0]
    assert alive == [] and result.leftovers_killed >= 1


def _cmdline(pid: str) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as fh:
            return fh.read().decode(errors="replace")
    except OSError:
        return ""


def test_writes_outside_the_sandbox_are_refused(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "keep.txt").write_text("keep")
    source = f"""
import os, shutil, tempfile
results = {{}}
def attempt(name, action):
    try:
        action()
        results[name] = "done"
    except PermissionError:
        results[name] = "refused"
attempt("open", lambda: open({str(outside / 'new.txt')!r}, "w").write("x"))
attempt("append", lambda: open({str(outside / 'keep.txt')!r}, "a").write("x"))
attempt("os_open", lambda: os.open({str(outside / 'raw.txt')!r}, os.O_CREAT | os.O_WRONLY))
attempt("mkdir", lambda: os.mkdir({str(outside / 'dir')!r}))
attempt("remove", lambda: os.remove({str(outside / 'keep.txt')!r}))
attempt("rename", lambda: os.rename({str(outside / 'keep.txt')!r}, {str(outside / 'moved.txt')!r}))
attempt("rmtree", lambda: shutil.rmtree({str(outside)!r}))
attempt("home_escape", lambda: open(os.path.expanduser("~/../../escape.txt"), "w").write("x"))
attempt("inside", lambda: open("inside.txt", "w").write("x"))
attempt("tmp", lambda: tempfile.NamedTemporaryFile(delete=True).close())
attempt("home", lambda: open(os.path.expanduser("~/notes.txt"), "w").write("x"))
print(results)
"""
    result, _, box_dir = run_program(source)
    outcome = eval(result.result.stdout.strip())
    for name in ("open", "append", "os_open", "mkdir", "remove", "rename", "rmtree", "home_escape"):
        assert outcome[name] == "refused", name
    for name in ("inside", "tmp", "home"):
        assert outcome[name] == "done", name
    assert sorted(p.name for p in outside.iterdir()) == ["keep.txt"]
    assert (outside / "keep.txt").read_text() == "keep"
    assert not (box_dir.parent / "escape.txt").exists()


def test_environment_is_built_from_scratch(monkeypatch):
    monkeypatch.setenv("CROSSFILE_TEST_SECRET_TOKEN", "do-not-leak")
    result, _, box_dir = run_program("import os\nprint(sorted(os.environ))\nprint(os.environ['HOME'])\nprint(os.getcwd())\n")
    lines = result.result.stdout.splitlines()
    assert "CROSSFILE_TEST_SECRET_TOKEN" not in lines[0]
    assert lines[1].startswith(str(box_dir)) and lines[2] == str(box_dir / "repo")
    assert not box_dir.exists()  # removed when the sandbox closed


def test_copy_leaves_the_repository_untouched(mini_repo):
    before = {p: p.read_bytes() for p in mini_repo.root.rglob("*") if p.is_file()}
    with Sandbox(mini_repo.root, python=sys.executable, limits=LIMITS) as box:
        assert (box.root / "pkg" / "shapes.py").exists()
        (box.root / "program.py").write_text("import shutil\nshutil.rmtree('pkg')\nopen('tests/test_shapes.py', 'w').write('')\n")
        result = box.run([sys.executable, "program.py"])
        assert result.result.returncode == 0
    after = {p: p.read_bytes() for p in mini_repo.root.rglob("*") if p.is_file()}
    assert after == before
