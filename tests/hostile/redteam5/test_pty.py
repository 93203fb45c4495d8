"""Terminals are one count for every devpts instance but the host's first (``kernel.pty.max``
minus ``kernel.pty.reserve``): each sandboxed run mounts its own devpts (bubblewrap's ``--dev``),
so two runs of the harness (two repositories' suites of one build with ``--workers``, two
generations of one evaluation, two builds on one machine) draw from the same count."""

from __future__ import annotations

import sys

import pytest

from crossfile_datasets.core import constants as C
from crossfile_datasets.sandbox import Sandbox, SandboxLimits
from tests.hostile.redteam4.test_kernel import _hold

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux devpts")

# Four processes (the run's RLIMIT_NOFILE is 1,024 each) open terminals until refused, keeping
# the master ends; the parent says how many and why they stopped, and they hold them.
PTY_HOARD = r'''
import os, time
pids, readers = [], []
for i in range(4):
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        held, err = [], 0
        while len(held) < 1000:
            try:
                master, slave = os.openpty()
            except OSError as exc:
                err = exc.errno
                break
            os.close(slave)
            held.append(master)
        os.write(w, f"{len(held)} {err}\n".encode())
        deadline = time.monotonic() + 30
        while not os.path.exists("checked") and time.monotonic() < deadline:
            time.sleep(0.05)
        os._exit(0)
    pids.append(pid)
    readers.append(r)
counts = [tuple(map(int, os.read(r, 100).split())) for r in readers]
open("hoarded", "w").write(f"{sum(n for n, _ in counts)} {max(e for _, e in counts)}")
for pid in pids:
    os.waitpid(pid, 0)
'''
OPEN_ONE = "import os\ntry:\n    os.openpty()\n    print('ok')\nexcept OSError as exc:\n    print('errno', exc.errno)\n"


def _another_run_opens_a_terminal() -> str:
    """What a second sandboxed run (another repository's tests) gets from ``os.openpty()``."""
    with Sandbox(None, python=sys.executable, limits=SandboxLimits(timeout=60)) as box:
        return box.run([sys.executable, "-c", OPEN_ONE], timeout=60).result.stdout.strip()


def test_a_run_cannot_take_the_terminals_of_every_other_run():
    """One repository's fault costs another's tests (builds with ``--workers``: repositories'
    suites side by side; evaluations with ``--workers``: generations side by side; several
    builders on one machine; any container of the machine): the run opens 3,071 terminals in
    four processes and holds them; ``os.openpty()`` in a second sandboxed run then fails with
    ``ENOSPC``, so the tests of a repository that use a terminal (``pty``, ``pexpect``,
    prompt-toolkit, IPython) fail there and their tasks are dropped or judged wrong. The host's
    own first devpts keeps its reserve (1,024): processes outside every sandbox still get one.
    Contained: each run mounts a devpts instance of its own with ``max=EXEC_TERMINALS`` (64)
    before bwrap (``isolation.devpts_argv``), so the run is refused at its 64th terminal."""
    if _another_run_opens_a_terminal() != "ok":
        pytest.fail("a sandboxed run cannot open a terminal even before the attack")
    hoarded, seen = _hold(PTY_HOARD, _another_run_opens_a_terminal)
    held, err = (int(x) for x in hoarded.split())
    if err == 0:
        pytest.fail(f"the run opened {held} terminals without being refused")
    assert held <= C.EXEC_TERMINALS, f"the run held {held} terminals (stopped by errno {err})"
    assert seen == "ok", f"the run holds {held} terminals (stopped by errno {err}); another run got {seen!r}"
