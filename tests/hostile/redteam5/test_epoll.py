"""A per-user kernel counter red team 4 did not try: epoll watches (``fs.epoll.max_user_watches``),
counted per user (``user_struct``), not per user namespace, with no capability exemption.

The attack takes the whole count of the sandbox's user for a few seconds. So as not to take it from
every root process of the machine (other builds, the machine's daemons, node and JVM event loops),
the harness runs here as an unused uid (``setpriv``, as a research machine's builder runs as its
own user): what the run takes is that uid's, and the host process that is refused is the
harness's own process of that uid."""

from __future__ import annotations

import json
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

import crossfile_datasets.sandbox

SYSTEM_PYTHON = "/usr/bin/python3"  # the harness's own interpreter lives under /root (mode 0700)
WATCHES_PER_PROCESS = 500 * 500

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not sys.platform.startswith("linux") or os.geteuid() != 0 or not shutil.which("setpriv")
                       or not os.access(SYSTEM_PYTHON, os.X_OK),
                       reason="needs root, setpriv and a system python3 to run the harness as an unused uid"),
]

# In the sandbox: PROCESSES children each register 500 eventfds in 500 epoll instances (250,000
# watches; 1,000 descriptors: under the run's RLIMIT_NOFILE of 1,024) until refused, say how many
# they hold and why they stopped, and hold them until the host has looked.
HOARD = r'''
import os, select, sys, time
processes = int(sys.argv[1])

def child(i):
    held, why = 0, 0
    eps = [select.epoll() for _ in range(500)]
    targets = [os.eventfd(0) for _ in range(500)]
    try:
        for ep in eps:
            for t in targets:
                ep.register(t, select.EPOLLIN)
                held += 1
    except OSError as exc:
        why = exc.errno
    with open(f"held-{i}", "w") as f:
        f.write(f"{held} {why}")
    deadline = time.monotonic() + 60
    while not os.path.exists("checked") and time.monotonic() < deadline:
        time.sleep(0.05)
    os._exit(0)

pids = []
for i in range(processes):
    pid = os.fork()
    if pid == 0:
        child(i)
    pids.append(pid)
for pid in pids:
    os.waitpid(pid, 0)
'''

# The harness, as the unused uid: runs HOARD in a Sandbox; once every child said what it holds,
# tries to add one epoll watch itself (outside the sandbox), then lets the run go.
HARNESS = r'''
import json, os, select, sys, threading, time
from crossfile_datasets.sandbox import Sandbox, SandboxLimits
hoard, processes = sys.argv[1], int(sys.argv[2])
out = {}
with Sandbox(None, python=sys.executable, limits=SandboxLimits(timeout=240)) as box:
    (box.root / "hoard.py").write_text(hoard)
    thread = threading.Thread(target=box.run, args=([sys.executable, "hoard.py", str(processes)],),
                              kwargs={"timeout": 240})
    thread.start()
    deadline = time.monotonic() + 200
    while thread.is_alive() and time.monotonic() < deadline and \
            len(list(box.root.glob("held-*"))) < processes:
        time.sleep(0.2)
    time.sleep(0.5)
    out["held"] = [f.read_text() for f in sorted(box.root.glob("held-*"))]
    ep, fd = select.epoll(), os.eventfd(0)
    try:
        ep.register(fd, select.EPOLLIN)
        out["host"] = 0
    except OSError as exc:
        out["host"] = exc.errno
    (box.root / "checked").write_text("done")
    thread.join()
print(json.dumps(out))
'''


def _unused_uid() -> int:
    for uid in range(54_321, 54_421):
        try:
            pwd.getpwuid(uid)
            continue
        except KeyError:
            pass
        if subprocess.run(["pgrep", "-u", str(uid)], capture_output=True).returncode == 1:  # no process
            return uid
    pytest.skip("no unused uid found")


@pytest.mark.xfail(strict=True, raises=AssertionError,
                   reason="red team 2026-11-27e: epoll watches are counted per user (user_struct), shared with "
                          "the sandbox: a run takes the builder's user's whole fs.epoll.max_user_watches and every "
                          "process of that user on the machine gets ENOSPC from epoll_ctl (as root: every daemon)")
def test_a_run_cannot_take_every_epoll_watch_of_the_builders_user():
    """Host resource (every sandboxed run). ``epoll_ctl(EPOLL_CTL_ADD)`` is refused with ENOSPC
    once a user holds ``fs.epoll.max_user_watches`` watches (5,491,489 on this machine of 24 GB:
    about 4 % of low memory); the count is the ``user_struct``'s, which a user namespace does not
    change, and no capability exempts a process. The run's 20-odd processes of 1,000 descriptors
    each reach it in seconds (about 1 GB of kernel memory, charged to the run's memory cgroup
    where there is one: within the 2 GiB limit). Meanwhile every process of the builder's user
    is refused: here the harness itself (its ``_drain`` registers the run's pipes with a selector:
    the next sandboxed run of the builder raises ``OSError`` before it starts); as root, sshd,
    container daemons, every node and JVM event loop (libuv aborts on such an error)."""
    limit = int(Path("/proc/sys/fs/epoll/max_user_watches").read_text())
    processes = limit // WATCHES_PER_PROCESS + 2
    if processes > 30:  # EXEC_MAX_PROCESSES is 32 (the run's parent and the harness's share)
        pytest.skip(f"max_user_watches {limit}: more than one run's processes can take here")
    uid = _unused_uid()
    # the uid must reach its folder: pytest's tmp_path lies under a 0700 folder of root
    home = Path(tempfile.mkdtemp(prefix="rt5-epoll-"))
    try:
        _as_uid(uid, home, processes, limit)
    finally:
        shutil.rmtree(home, ignore_errors=True)


def _as_uid(uid: int, home: Path, processes: int, limit: int) -> None:
    home.chmod(0o755)
    (home / "pkg").mkdir(parents=True)
    (home / "pkg" / "crossfile_datasets").symlink_to(Path(crossfile_datasets.sandbox.__file__).resolve().parents[1])
    (home / "tmp").mkdir()
    for path in (home, home / "pkg", home / "tmp"):
        os.chown(path, uid, uid)
    res = subprocess.run(
        ["setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups",
         "env", "-i", "PATH=/usr/bin:/bin", f"HOME={home}", f"TMPDIR={home / 'tmp'}", f"PYTHONPATH={home / 'pkg'}",
         SYSTEM_PYTHON, "-c", HARNESS, HOARD, str(processes)],
        capture_output=True, text=True, timeout=300, cwd=home)
    if res.returncode != 0 or not res.stdout.strip():
        pytest.fail(f"the harness as uid {uid} did not run: {res.stderr[-3000:]}")
    out = json.loads(res.stdout.strip().splitlines()[-1])
    held = [tuple(map(int, h.split())) for h in out["held"]]
    if len(held) != processes:
        pytest.fail(f"the hoarding run did not say what it held: {out}")
    total = sum(n for n, _ in held)
    assert out["host"] == 0, f"the run holds {total} watches of {limit} (stopped by {set(e for _, e in held)}); " \
                             f"the builder's user's own epoll_ctl failed with errno {out['host']}"
