"""What a sandboxed run shares with the machine that its namespaces, cgroups and seccomp filter
do not cover: files of the builder's own user outside the hidden folders, and kernel counters
kept per user *up the user-namespace tree* (red team 2, row 7 closed only inotify's)."""

from __future__ import annotations

import ctypes
import json
import os
import subprocess
import sys
import threading
import time
import uuid

import pytest

from crossfile_datasets.sandbox import Sandbox, SandboxLimits
from tests.executable.test_sandbox import visible_scratch

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux") or ctypes.sizeof(ctypes.c_void_p) != 8,
                                reason="Linux x86_64 system call numbers")

_LIBC = ctypes.CDLL(None, use_errno=True)
FAN_REPORT_FID = 0x200  # the one fanotify mode an unprivileged process may ask for (Linux 5.13+)


def _hold(program: str, check) -> tuple[str, object]:
    """Run ``program`` in a sandbox; once it wrote ``hoarded`` in its copy, call ``check()`` on
    the host, then write ``checked`` so the run lets go (it waits for it at most 30 s).
    Returns (what the run wrote in ``hoarded``, what ``check`` returned)."""
    with Sandbox(None, python=sys.executable, limits=SandboxLimits(timeout=90)) as box:
        thread = threading.Thread(target=box.run, args=([sys.executable, "-c", program],), kwargs={"timeout": 90})
        thread.start()
        marker, release = box.root / "hoarded", box.root / "checked"
        deadline = time.monotonic() + 60
        while not marker.exists() and thread.is_alive() and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.2)  # the marker is written in one call, but let its close land
        seen = check() if marker.exists() else None
        release.write_text("done")
        thread.join()
        hoarded = marker.read_text() if marker.exists() else ""
    if not hoarded:
        pytest.fail("the hoarding run never said what it held")
    return hoarded, seen


_WAIT = '''
import os, time
deadline = time.monotonic() + 30
while not os.path.exists("checked") and time.monotonic() < deadline:
    time.sleep(0.05)
'''

# Takes every fanotify group it can (unprivileged mode, no capability needed), says how many.
FANOTIFY_HOARD = r'''
import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
held, err = [], 0
while len(held) < 10_000:
    fd = libc.fanotify_init(0x200, os.O_RDONLY)
    if fd < 0:
        err = ctypes.get_errno()
        break
    held.append(fd)
open("hoarded", "w").write(f"{len(held)} {err}")
''' + _WAIT


def _fanotify_on_the_host() -> tuple[int, int]:
    fd = _LIBC.fanotify_init(FAN_REPORT_FID, os.O_RDONLY)
    errno = ctypes.get_errno()
    if fd >= 0:
        os.close(fd)
    return fd, errno


@pytest.mark.xfail(strict=True, raises=AssertionError,
                   reason="red team 2026-11-27d: fanotify groups are counted per user up the user-namespace "
                          "tree (fs.fanotify.max_user_groups, 128) and the seccomp filter refuses only inotify: "
                          "a run takes all of root's, no root process on the machine gets one while it lives")
def test_a_run_cannot_take_every_fanotify_group_of_the_machine():
    """Host resource (every sandboxed run; a class suite may last 20 minutes): red team 2's row 7
    (inotify instances) again through fanotify, which an unprivileged process may use since
    Linux 5.13 (``FAN_REPORT_FID``): the count and its ceiling live outside the run's cgroup and
    rlimits."""
    fd, _ = _fanotify_on_the_host()
    if fd < 0:
        pytest.skip(f"no unprivileged fanotify on this kernel (errno {ctypes.get_errno()})")
    hoarded, (host_fd, host_errno) = _hold(FANOTIFY_HOARD, _fanotify_on_the_host)
    assert host_fd >= 0, f"the harness could not create a fanotify group (errno {host_errno}) while the run held {hoarded}"


# Queues real-time signals to itself (blocked) until refused, says how many.
SIGNAL_HOARD = r'''
import ctypes, os, signal
libc = ctypes.CDLL(None, use_errno=True)
class sigval(ctypes.Union):
    _fields_ = [("i", ctypes.c_int), ("p", ctypes.c_void_p)]
sig = signal.SIGRTMIN + 1
signal.pthread_sigmask(signal.SIG_BLOCK, [sig])
n, err = 0, 0
while n < 1_000_000:
    if libc.sigqueue(os.getpid(), sig, sigval(n)) != 0:
        err = ctypes.get_errno()
        break
    n += 1
open("hoarded", "w").write(f"{n} {err}")
''' + _WAIT

# Another root process of the machine queues one real-time signal to itself.
ONE_SIGNAL = r'''
import ctypes, os, signal
libc = ctypes.CDLL(None, use_errno=True)
class sigval(ctypes.Union):
    _fields_ = [("i", ctypes.c_int), ("p", ctypes.c_void_p)]
sig = signal.SIGRTMIN + 3
signal.pthread_sigmask(signal.SIG_BLOCK, [sig])
done = libc.sigqueue(os.getpid(), sig, sigval(1))
print(done, ctypes.get_errno())
'''


def _signal_on_the_host() -> str:
    return subprocess.run([sys.executable, "-c", ONE_SIGNAL], capture_output=True, text=True, timeout=60).stdout.strip()


@pytest.mark.slow
@pytest.mark.xfail(strict=True, raises=AssertionError,
                   reason="red team 2026-11-27d: pending signals are counted per user up the user-namespace "
                          "tree (RLIMIT_SIGPENDING, inherited unchanged): a run queues all of root's, no root "
                          "process on the machine can queue a real-time signal (sigqueue, POSIX timers) meanwhile")
def test_a_run_cannot_take_every_pending_signal_of_the_machine():
    """Host resource (every sandboxed run): the sandbox sets ``RLIMIT_NOFILE``, ``RLIMIT_AS``,
    ``RLIMIT_FSIZE`` and cgroups, but ``RLIMIT_SIGPENDING`` is the builder's (96,364 here), and
    the kernel charges a run's queued signals to root's count on the host too: while the run
    holds them, another root process's ``sigqueue`` fails with EAGAIN (seen each time here).
    Measured as the share the run could take (deterministic): other processes' pending signals
    come and go, so whether the host's one try finds a freed slot is a race."""
    import resource

    limit = resource.getrlimit(resource.RLIMIT_SIGPENDING)[0]
    if _signal_on_the_host() != "0 0" or limit == resource.RLIM_INFINITY:
        pytest.skip("this machine refuses a real-time signal to begin with, or sets no ceiling")
    hoarded, host = _hold(SIGNAL_HOARD, _signal_on_the_host)
    held = int(hoarded.split()[0])
    assert held <= limit // 8, (f"the run queued {held} signals, root's ceiling is {limit}; another root process's "
                                f"sigqueue meanwhile gave (result, errno) {host}")


IO_URING = r'''
import ctypes, json
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
params = ctypes.create_string_buffer(120)  # struct io_uring_params, zeroed
fd = libc.syscall(425, 8, params)  # io_uring_setup
print(json.dumps([fd, ctypes.get_errno()]))
'''


@pytest.mark.xfail(strict=True, raises=AssertionError,
                   reason="red team 2026-11-27d: io_uring_setup succeeds in the sandbox (the seccomp filter "
                          "refuses only inotify); io_uring is the kernel surface container runtimes refuse")
def test_io_uring_is_refused_in_the_sandbox():
    """Kernel attack surface (every sandboxed run): io_uring has been the way in of a long row
    of local privilege escalations; Docker's and Podman's default seccomp profiles and ChromeOS
    refuse it, and nothing a repository's tests need uses it. Namespaces are not a virtual
    machine (docs/executable.md): what the kernel exposes is what a run can attack."""
    with Sandbox(None, python=sys.executable, limits=SandboxLimits(timeout=60)) as box:
        run = box.run([sys.executable, "-c", IO_URING], timeout=60)
    if run.result.returncode != 0:
        pytest.fail(f"the probe failed: {run.result.stderr[-2000:]}")
    fd, errno = json.loads(run.result.stdout.strip().splitlines()[-1])
    assert fd < 0, f"io_uring_setup gave descriptor {fd} inside the sandbox"


READ_SECRET = r'''
import sys
try:
    print("READ:" + open(sys.argv[1]).read())
except OSError as exc:
    print("REFUSED:" + type(exc).__name__)
'''


@pytest.mark.xfail(strict=True, raises=AssertionError,
                   reason="red team 2026-11-27d: the sandbox runs as the builder's uid (root in CI), so a "
                          "root-only file outside the hidden folders is readable by repository and model code, "
                          "though docs/executable.md tells users to keep secrets in root-only files")
def test_a_root_only_file_outside_the_hidden_folders_is_not_readable():
    """Exposure of host secrets (every sandboxed run, the builder as root): docs/executable.md
    ("Not protected against") tells users to keep secrets "in home folders, the hidden variables'
    folders or root-only files"; the user namespace maps the run to the builder's own uid, so a
    root-only file (mode 0600: ``/var/cache/debconf/passwords.dat``, ``/etc/ssh/ssh_host_*_key``,
    ``/etc/ssl/private``, a CI's credentials file) is read like any other. What the run reads
    leaves through its results (a failure's ``detail``) or, at build time, through the values a
    repository's functions return into the published split."""
    if os.geteuid() != 0:
        pytest.skip("only a builder running as root holds root-only files")
    folder = visible_scratch() / f".redteam4-secret-{uuid.uuid4().hex[:10]}"
    folder.mkdir(mode=0o755)
    secret = folder / "credentials"
    token = f"hf_redteam4_{uuid.uuid4().hex}"
    try:
        fd = os.open(secret, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as handle:
            handle.write(token)
        with Sandbox(None, python=sys.executable, limits=SandboxLimits(timeout=60)) as box:
            run = box.run([sys.executable, "-c", READ_SECRET, str(secret)], timeout=60)
        out = run.result.stdout
        if "READ:" not in out and "REFUSED:" not in out:
            pytest.fail(f"the probe failed: {run.result.stderr[-2000:]}")
        assert token not in out, "the sandboxed run read a root-only file of the host"
    finally:
        secret.unlink(missing_ok=True)
        folder.rmdir()
