"""File leases on host files the sandbox shows read-only: a lease needs only a descriptor opened
for reading and the file's ownership, and the run's uid is the builder's."""

from __future__ import annotations

import os
import uuid

import pytest

from tests.executable.test_sandbox import visible_scratch
from tests.hostile.redteam4.test_kernel import _WAIT, _hold

# Takes a lease on the host's file (F_SETLEASE; the descriptor is opened for reading, which is
# all the read-only bind allows), ignores the kernel's SIGIO asking it to let go, says whether it
# got the lease, and holds it.
LEASE_HOARD = '''
import fcntl, os, signal
signal.signal(signal.SIGIO, signal.SIG_IGN)
fd = os.open({path!r}, os.O_RDONLY)
try:
    fcntl.fcntl(fd, 1024, fcntl.{kind})  # F_SETLEASE
    open("hoarded", "w").write("leased")
except OSError as exc:
    open("hoarded", "w").write(f"refused {{exc.errno}}")
''' + _WAIT


def _open_without_waiting(path, flags: int) -> int:
    """0 when a host process opens ``path`` (``flags``) at once; else the errno of the
    non-blocking open (EWOULDBLOCK: a plain open would wait for the lease to be broken)."""
    try:
        os.close(os.open(path, flags | os.O_NONBLOCK))
        return 0
    except OSError as exc:
        return exc.errno


@pytest.mark.parametrize("kind,flags", [("F_RDLCK", os.O_WRONLY), ("F_WRLCK", os.O_RDONLY)],
                         ids=["read_lease-host_writers", "write_lease-host_readers"])
def test_a_run_cannot_make_host_processes_wait_on_a_lease(kind: str, flags: int, monkeypatch):
    """Host wait through something a run planted (every sandboxed run; issue 27: "no wait
    through anything a repository or model planted"). ``F_SETLEASE`` with ``F_RDLCK`` needs a
    descriptor opened for reading and the file's ownership; the read-only bind does not refuse it
    and the run's uid is the builder's (as root: every root-owned file of ``/etc``, ``/var``,
    ``/srv``, a project folder; the build's own output files when the output folder is visible:
    ``stats.json``, shards, the metrics of an earlier evaluation). Every host process that then
    opens the file for writing (``O_WRONLY``, ``O_RDWR``, ``O_TRUNC``) waits until the lease
    holder lets go or ``fs.lease-break-time`` (45 s) passes; the run ignores the kernel's
    ``SIGIO`` and can take a lease again after each break, for as long as it lives (a class suite:
    20 min). Measured without waiting: the host's non-blocking open fails with ``EWOULDBLOCK``
    (a blocking one returned after 30 s here: when the run ended).

    ``write_lease-host_readers``: a *write* lease (``F_WRLCK``) is granted on a descriptor opened
    for reading too, when no other process has the file open, and then every open of it, reads
    included, waits: the evaluator's copies of a visible ``--repos`` folder for the next
    generation (``--workers``), a host program reading its configuration. (Not tried on files
    the whole machine opens briefly, such as ``/etc/ld.so.cache`` at every exec: it would stall
    the other users of this machine.)"""
    monkeypatch.delenv("CROSSFILE_SANDBOX_UID", raising=False)  # the default: a uid of its own
    path = visible_scratch() / f".redteam5-lease-{uuid.uuid4().hex[:10]}"
    path.write_text("written by the host\n")
    try:
        if _open_without_waiting(path, flags):
            pytest.fail("the host cannot open its own file before the run")
        hoarded, seen = _hold(LEASE_HOARD.format(path=str(path), kind=kind), lambda: _open_without_waiting(path, flags))
        if hoarded != "leased" and not hoarded.startswith("refused "):
            pytest.fail(f"the lease probe did not run: {hoarded!r}")
        # contained (builder root) since the run has a uid of its own, which owns no host file: the
        # kernel refuses the lease (EACCES) and the host opens at once
        assert seen == 0, f"while the run held a lease ({kind}: {hoarded}), the host's open failed with errno {seen}"
    finally:
        path.unlink(missing_ok=True)
