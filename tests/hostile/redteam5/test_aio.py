"""A kernel count the sandbox shares with the whole machine, not only with its user: Linux AIO
events (``fs.aio-max-nr``, one global ``aio_nr``). Red team 4's rows 2, 3, 8, 9 were per-user
counts (a dedicated uid would close them); this one is not per anything."""

from __future__ import annotations

import ctypes
import sys

import pytest

from tests.hostile.redteam4.test_kernel import _WAIT, _hold

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux") or ctypes.sizeof(ctypes.c_void_p) != 8,
                                reason="Linux x86_64 system call numbers")

_LIBC = ctypes.CDLL(None, use_errno=True)
SYS_IO_SETUP, SYS_IO_DESTROY = 206, 207  # x86_64

# Sets up AIO contexts of 512 events until refused (each costs a few pages of ring), says how many
# and why it stopped, with the machine's count as the run sees it, and holds them.
AIO_HOARD = r'''
import ctypes
libc = ctypes.CDLL(None, use_errno=True)
held, err = [], 0
while len(held) < 100_000:
    ctx = ctypes.c_ulong(0)
    if libc.syscall(206, 512, ctypes.byref(ctx)) != 0:
        err = ctypes.get_errno()
        break
    held.append(ctx.value)
open("hoarded", "w").write(f"{len(held)} {err} " + open("/proc/sys/fs/aio-nr").read().strip())
''' + _WAIT


def _io_setup_on_the_host() -> int:
    """0 when a process of the machine (this one, outside the sandbox) can set up one AIO
    context, else the errno."""
    ctx = ctypes.c_ulong(0)
    if _LIBC.syscall(SYS_IO_SETUP, 1, ctypes.byref(ctx)) != 0:
        return ctypes.get_errno()
    _LIBC.syscall(SYS_IO_DESTROY, ctx)
    return 0


def test_a_run_cannot_take_every_aio_event_of_the_machine():
    """Host resource (every sandboxed run; a class suite may last ``CLASS_SUITE_TIMEOUT``, 20 min).
    ``io_setup`` reserves events in ``aio_nr``, one count for the kernel (not per user, not per
    namespace, no capability check): 128 contexts of 512 events take this machine's 65,536
    (``fs.aio-max-nr``, the usual default) in a few milliseconds and under 3 MB of ring memory.
    While the run held them, every other ``io_setup`` on the machine failed with ``EAGAIN``:
    databases with native AIO (InnoDB), QEMU, fio, anything built on libaio. A dedicated uid does
    not help; contained since the seccomp filter refuses the AIO calls (``ENOSYS``: the run is
    refused at its first context). Nothing else on this machine uses AIO (``aio-nr`` was 0), so
    the test takes nobody's."""
    if _io_setup_on_the_host() != 0:
        pytest.fail("io_setup already fails on this machine before the run")
    hoarded, seen = _hold(AIO_HOARD, _io_setup_on_the_host)
    held, err, machine = (int(x) for x in hoarded.split())
    if err == 0:
        pytest.fail(f"the run set up {held} contexts without being refused: {hoarded}")
    assert (held, err) == (0, 38), f"io_setup in the sandbox: {held} contexts, then errno {err} (want ENOSYS at once)"
    assert seen == 0, f"the run holds {held} contexts ({machine} events of the machine's count, stopped by " \
                      f"errno {err}); the host's io_setup failed with errno {seen}"
