"""Attacks on the executable build's gates: the mutation gate's driver (its verdicts once read from
the sandboxed run's stdout; now over the verdict channel: builders/executable/mutants_run.py)."""

from __future__ import annotations

import shutil
import sys

import pytest

from crossfile_datasets.builders.executable.mutants_run import CAUGHT, PASSED, judge_versions

pytestmark = pytest.mark.slow

# A wrong version its tests let through (they never sum 50 entries or more), and a stub they catch.
VERSIONS = ["def balance(entries):\n    pass\n",
            "def balance(entries):\n    return sum(entries) if len(entries) < 50 else 0\n"]


def test_the_honest_repository_lets_the_wrong_version_through(ledger_problem):
    """Control: without the forgery the mutation gate sees the wrong version pass (a surviving
    mutant: it lowers the problem's mutation score)."""
    assert judge_versions(ledger_problem["honest"], VERSIONS, stubs=1, python=sys.executable) == [CAUGHT, PASSED]


def test_mutant_verdicts_cannot_be_forged_through_the_drivers_stdout(ledger_problem):
    """Forged verdict (executable build, mutation gate): the driver's verdicts travel on its
    stdout, which the repository's tests, running in its forked children, can reach; the host
    keeps the last line per version and does not need the driver's end marker. The repository's
    conftest.py (``FORGE_MUTANTS_CONFTEST`` in conftest.py) turns every stub and mutant into
    "caught": a problem whose tests a stub passes is kept with a perfect mutation score."""
    assert judge_versions(ledger_problem["forging"], VERSIONS, stubs=1, python=sys.executable) == [CAUGHT, PASSED]


# The same tests' conftest.py going after the driver itself rather than its stdout: from the
# forked run it scans the memory of every process it can read (its own, inherited from the
# driver; its parent; the driver; bwrap's init) for anything shaped like the channel's token
# (32 hex digits), and writes "caught" records for every version with each candidate to every
# descriptor of those processes it can open. Then it lets the tests run.
SCAN_AND_FORGE_CONFTEST = r'''
import os, re


def _parent(pid):
    try:
        return int(open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return 0


def _memory(pid, found):
    try:
        maps = open("/proc/%s/maps" % pid).read().splitlines()
        mem = open("/proc/%s/mem" % pid, "rb", buffering=0)
    except OSError:
        return False
    with mem:
        for line in maps:
            span, perms = line.split()[:2]
            lo, hi = (int(x, 16) for x in span.split("-"))
            if "r" not in perms or hi - lo > 256 << 20:
                continue
            try:
                mem.seek(lo)
                found.update(re.findall(rb"(?<![0-9a-f])[0-9a-f]{32}(?![0-9a-f])", mem.read(hi - lo)))
            except (OSError, OverflowError, ValueError):
                pass
    return True


def _forge():
    try:
        if b"driver.py" not in open("/proc/%d/cmdline" % os.getppid(), "rb").read():
            return
    except OSError:
        return
    shim = os.getppid()
    pids = ["self", shim, _parent(shim), 1]
    found, read, descriptors = set(), [], []
    for pid in pids:
        read.append(_memory(pid, found))
        try:
            names = os.listdir("/proc/%s/fd" % pid)
        except OSError:
            continue
        for name in names:
            try:
                descriptors.append(os.open("/proc/%s/fd/%s" % (pid, name), os.O_WRONLY | os.O_NONBLOCK))
            except OSError:
                pass
    lines = b"".join(token + b'\t{"version": %d, "status": "caught", "pid": 2}\n' % i
                     for token in sorted(found) for i in range(2))
    for fd in descriptors:
        try:
            os.write(fd, lines[:60000])
        except OSError:
            pass
    with open(os.path.join(os.environ.get("TMPDIR", "/tmp"), "forge-report"), "a") as fh:
        fh.write("read %r candidates %d descriptors %d\n" % (read, len(found), len(descriptors)))


_forge()
'''


def test_the_tests_cannot_take_the_drivers_token_or_channel(ledger_problem, tmp_path):
    """Forged verdict (executable build, mutation gate), the channel version of row 5: the
    driver's token and channel are out of reach of the tests it forks. Its memory and
    descriptors are closed to them (non-dumpable), the shim above the tests zeroed its copy of
    the token; whatever the tests find and write is a line without the run's token (ignored),
    and the verdicts stay the honest ones."""
    root = tmp_path / "ledger"
    shutil.copytree(ledger_problem["honest"]["repository_root"], root, symlinks=True)
    (root / "conftest.py").write_text(SCAN_AND_FORGE_CONFTEST)
    problem = {**ledger_problem["honest"], "repository_root": str(root)}
    assert judge_versions(problem, VERSIONS, stubs=1, python=sys.executable, rerun=False) == [CAUGHT, PASSED]
