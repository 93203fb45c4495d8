"""Locks on host files the sandbox shows read-only: a read-only bind refuses writes, not locks
(``flock`` takes any lock on a descriptor opened for reading, POSIX locks a read lock)."""

from __future__ import annotations

import fcntl
import os
import uuid

import pytest

from tests.executable.test_sandbox import visible_scratch
from tests.hostile.redteam4.test_kernel import _WAIT, _hold

# Opens the host's lock file for reading only, takes flock's exclusive lock and a POSIX read lock,
# says so, and holds them until the host has looked.
LOCK_HOARD = '''
import fcntl, os
whole = os.open({path!r}, os.O_RDONLY)
fcntl.flock(whole, fcntl.LOCK_EX)
posix = os.open({path!r}, os.O_RDONLY)
fcntl.lockf(posix, fcntl.LOCK_SH)
open("hoarded", "w").write("locked")
''' + _WAIT


def _host_program_locks(path) -> list[str]:
    """What a host program gets when it takes its lock file (dpkg: a POSIX write lock; many
    daemons and tools: flock), without waiting: the failed ones with their errno."""
    failed = []
    fd = os.open(path, os.O_RDWR)
    try:
        for name, lock in (("flock", lambda: fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)),
                           ("lockf", lambda: fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB))):
            try:
                lock()
            except OSError as exc:
                failed.append(f"{name}: errno {exc.errno}")
    finally:
        os.close(fd)
    return failed


def test_a_run_cannot_hold_the_lock_of_a_host_program():
    """Host programs blocked (every sandboxed run; a class suite may last ``CLASS_SUITE_TIMEOUT``,
    20 min). The run's uid is the builder's, so it reads root's lock files when the builder is
    root (``/var/lib/dpkg/lock-frontend``: apt and dpkg fail with "locked by another process";
    ``/etc/.pwd.lock``: useradd and passwd wait) and any world-readable one otherwise (a service's
    lock under ``/var/lib``, ``/srv``, a project folder, another build's). Here a lock file of
    the test's own under the checkout (visible read-only, as those are): while the run holds it,
    the host's ``flock`` and ``lockf`` failed with ``EAGAIN``; after the run, both succeed.
    Contained: the run sees the host's folders through read-only overlays mounted in its own
    mount namespace (``isolation.namespace_argv``): its locks live on the overlay's inodes, not
    the host's file's."""
    path = visible_scratch() / f".redteam5-lock-{uuid.uuid4().hex[:10]}"
    path.write_text("")
    try:
        if _host_program_locks(path):
            pytest.fail("the host cannot lock its own file before the run")
        hoarded, seen = _hold(LOCK_HOARD.format(path=str(path)), lambda: _host_program_locks(path))
        if hoarded != "locked":
            pytest.fail(f"the run did not take its locks: {hoarded!r}")
        if _host_program_locks(path):
            pytest.fail("the locks outlived the run")
        assert not seen, f"while the run held the file, the host's own locks failed: {seen}"
    finally:
        path.unlink(missing_ok=True)
