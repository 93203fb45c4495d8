"""Kernel objects a sandboxed run shares with the machine: keyrings (per user namespace) and
inotify instances (counted per user, up the user-namespace tree)."""

from __future__ import annotations

import ctypes
import json
import sys
import threading
import time

import pytest

from crossfile_datasets.sandbox import Sandbox, SandboxLimits

_LIBC = ctypes.CDLL(None, use_errno=True)
_LIBC.syscall.restype = ctypes.c_long
SYS_ADD_KEY, SYS_KEYCTL = 248, 250  # x86_64
KEYCTL_SEARCH, KEYCTL_READ, KEYCTL_INVALIDATE = 10, 11, 21
USER_KEYRING = -4

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux") or ctypes.sizeof(ctypes.c_void_p) != 8,
                                reason="Linux x86_64 system call numbers")

KEYRING_PROBE = r'''
import ctypes, json
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
found = libc.syscall(250, 10, ctypes.c_long(-4), b"user", b"crossfile-redteam2-canary", ctypes.c_long(0))
payload = ""
if found > 0:
    buf = ctypes.create_string_buffer(256)
    n = libc.syscall(250, 11, ctypes.c_long(found), buf, ctypes.c_long(256))
    payload = buf.raw[:max(n, 0)].decode(errors="replace")
planted = libc.syscall(248, b"user", b"crossfile-redteam2-planted", b"from the sandbox", ctypes.c_long(16), ctypes.c_long(-4))
print(json.dumps({"found": found, "payload": payload, "planted": planted}))
'''


def _search(name: bytes) -> int:
    return _LIBC.syscall(SYS_KEYCTL, KEYCTL_SEARCH, ctypes.c_long(USER_KEYRING), b"user", name, ctypes.c_long(0))


def test_the_harness_user_keyring_is_not_shared_with_the_sandbox():
    """Contained: root's user keyring (kernel keys are not in the mount or pid namespaces) would be
    a secret store and a way out; bubblewrap's own user namespace gives the run its own."""
    canary = _LIBC.syscall(SYS_ADD_KEY, b"user", b"crossfile-redteam2-canary", b"host-only", ctypes.c_long(9),
                           ctypes.c_long(USER_KEYRING))
    if canary < 0:
        pytest.skip(f"no kernel keyrings here (errno {ctypes.get_errno()})")
    try:
        with Sandbox(None, python=sys.executable) as box:
            run = box.run([sys.executable, "-c", KEYRING_PROBE], timeout=60)
        seen = json.loads(run.result.stdout.strip().splitlines()[-1])
        assert seen["found"] < 0 and seen["payload"] == "", seen
        planted = _search(b"crossfile-redteam2-planted")
        if planted > 0:
            _LIBC.syscall(SYS_KEYCTL, KEYCTL_INVALIDATE, ctypes.c_long(planted))
        assert planted < 0, "a key the sandbox added is in the harness's user keyring"
    finally:
        _LIBC.syscall(SYS_KEYCTL, KEYCTL_INVALIDATE, ctypes.c_long(canary))


# Takes every inotify instance it can (the seccomp filter refuses the first), says so in a file
# of its copy, holds them a few seconds.
HOARD = r'''
import ctypes, os, time
libc = ctypes.CDLL(None, use_errno=True)
held = []
while True:
    fd = libc.inotify_init1(0)
    if fd < 0:
        break
    held.append(fd)
open("hoarded", "w").write(str(len(held)))
time.sleep(4)
'''


def test_a_run_cannot_take_every_inotify_instance_of_the_machine():
    """Host resource (every sandboxed run: build, class build, observe-types, both evaluations;
    a class suite may run 20 minutes): the count and its limit live in the kernel outside the
    run's cgroup and rlimits."""
    with Sandbox(None, python=sys.executable, limits=SandboxLimits(timeout=60)) as box:
        thread = threading.Thread(target=box.run, args=([sys.executable, "-c", HOARD],), kwargs={"timeout": 60})
        thread.start()
        marker = box.root / "hoarded"
        deadline = time.monotonic() + 30
        while not marker.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        fd = _LIBC.inotify_init1(0)
        errno = ctypes.get_errno()
        if fd >= 0:
            import os
            os.close(fd)
        thread.join()
        hoarded = marker.read_text() if marker.exists() else "?"
    assert fd >= 0, f"the harness could not create an inotify instance (errno {errno}) while the run held {hoarded}"
    assert hoarded == "0", f"the run created {hoarded} inotify instances (a seccomp filter refuses every one)"


# Eight processes each open /dev/null (at most 20,000 times) until refused (the soft limit raised to the hard one, which
# any process may do), report how many they hold, and hold them together for a moment.
HOLD_FILES = r'''
import os, resource, time
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
r, w = os.pipe()
children = []
for _ in range(8):
    pid = os.fork()
    if pid == 0:
        held = []
        try:
            while len(held) < 20_000:  # never more: 8 x 20,000 is 6 % of this machine's table
                held.append(os.open("/dev/null", os.O_RDONLY))
        except OSError:
            pass
        os.write(w, b"%d\n" % len(held))
        time.sleep(3)
        os._exit(0)
    children.append(pid)
os.close(w)
counts = [int(x) for x in os.read(r, 4096).split() if x]
while len(counts) < 8:
    more = os.read(r, 4096)
    if not more:
        break
    counts += [int(x) for x in more.split() if x]
for pid in children:
    os.waitpid(pid, 0)
print(sum(counts), hard)
'''


def test_a_run_cannot_hold_a_large_share_of_the_machine_file_table():
    """Host resource (every sandboxed run): open files are a machine-wide table
    (``fs.file-max``); the sandbox limits memory, tasks, CPU and file size but not descriptors,
    so 124 processes of 20,000 descriptors each (within ``pids.max``) would leave every process
    on the machine with ENFILE. Observed here: 8 processes, 160,000 files held at once, no
    refusal (the full attack is not run: it would take the table from everyone on this machine)."""
    from crossfile_datasets.core.constants import EXEC_OPEN_FILES

    with Sandbox(None, python=sys.executable, limits=SandboxLimits(timeout=60)) as box:
        run = box.run([sys.executable, "-c", HOLD_FILES], timeout=60)
    if run.result.returncode != 0 or len(run.result.stdout.split()) < 2:
        pytest.fail(f"the hoarding run failed: {run.result.stderr[-2000:]}")
    total, hard = (int(x) for x in run.result.stdout.split()[-2:])
    assert hard <= EXEC_OPEN_FILES, f"the run's RLIMIT_NOFILE hard limit is {hard}"
    assert total <= 8 * EXEC_OPEN_FILES, f"one run held {total} open files at once (RLIMIT_NOFILE hard limit {hard})"
