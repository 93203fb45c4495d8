"""The red team's corpus (2026-11-27): attacks on the host side of the sandbox that the hostile
corpus (tests/hostile/*.py) and tests/executable/test_sandbox.py did not have.

Each test is one attack, run for real (bubblewrap, pytest, coverage.py, the builders and the
evaluators as they are). An attack that works is a test of the safe behaviour marked
``xfail(strict=True)``: the suite stays green while the hole is open and turns red when it is
closed (then remove the mark). An attack that is contained is an ordinary test (a regression
guard). README.md in this folder lists them.

Attacks that can hang or bloat the process running them, or leave something behind that harms
the next harness (a folder tree no ``shutil.rmtree`` can remove), run in a child interpreter
with its own ``TMPDIR`` under the test's ``tmp_path``, a time limit and a kill of its whole
process group: the suite never hangs, and nothing hostile lands in the machine's shared /tmp.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.hostile.conftest import ledger

PROJECT = Path(__file__).resolve().parents[3]


@dataclass
class Child:
    timed_out: bool
    returncode: int | None
    stdout: str
    stderr: str
    temp: Path  # the child's TMPDIR (where its sandbox folders live)

    def last_json(self) -> dict:
        """The last stdout line, as JSON (the child scripts print their findings there)."""
        lines = [line for line in self.stdout.splitlines() if line.strip()]
        assert lines, f"the child printed nothing (exit {self.returncode}): {self.stderr[-3000:]}"
        return json.loads(lines[-1])


def remove_hostile_tree(path: Path) -> None:
    """``rm -rf`` (iterative in coreutils: a tree deeper than Python's recursion limit goes too)."""
    if os.path.lexists(path):
        subprocess.run(["chmod", "-R", "u+rwx", str(path)], capture_output=True, timeout=120)
        subprocess.run(["rm", "-rf", "--one-file-system", str(path)], capture_output=True, timeout=300)


@pytest.fixture
def child(tmp_path):
    """``child(script, *args, timeout=..., temp=None)``: run ``script`` in a fresh interpreter (the
    project on its path, ``TMPDIR`` private to this test, or ``temp``), kill its process group
    after ``timeout`` seconds.
    Its temporary folder is removed with ``rm -rf`` at the end of the test."""
    temps: list[Path] = []

    def run(script: str, *args: str, timeout: float, env: dict[str, str] | None = None,
            temp: Path | None = None) -> Child:
        if temp is None:  # a fresh one (pass an earlier child's to share its TMPDIR)
            temp = tmp_path / f"child-tmp-{len(temps)}"
            temp.mkdir()
            temps.append(temp)
        full_env = {**os.environ, "TMPDIR": str(temp), "PYTHONPATH": str(PROJECT), **(env or {})}
        proc = subprocess.Popen([sys.executable, "-c", script, *args], cwd=PROJECT, env=full_env, text=True,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
        try:
            out, err = proc.communicate(timeout=timeout)
            timed_out = False
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            out, err = proc.communicate()
            timed_out = True
        return Child(timed_out, proc.returncode, out, err, temp)

    yield run
    for temp in temps:
        remove_hostile_tree(temp)


# The repository's conftest.py of the shared ledger: it does nothing unless its process is a
# child of the mutation gate's driver (builders/executable/mutants_run.py: pid 2 of the
# namespace, ``driver.py`` on its command line). Then it reads the number of versions from the
# driver's spec (its path is on the driver's command line; the control folder is readable),
# writes "caught" for every version to the driver's stdout through /proc/<driver>/fd/1 (the
# pipe the host reads its verdicts from) and kills the driver: the host keeps the last line per
# version and needs no end marker. (tests/hostile/redteam/test_gates.py)
FORGE_MUTANTS_CONFTEST = '''
import json, os


def _forge():
    try:
        parent = open("/proc/%d/cmdline" % os.getppid(), "rb").read().split(b"\\0")
    except OSError:
        return
    if not any(arg.endswith(b"driver.py") for arg in parent):
        return
    spec = json.load(open(parent[2].decode()))
    out = os.open("/proc/%d/fd/1" % os.getppid(), os.O_WRONLY)
    for i in range(len(spec["versions"])):
        os.write(out, ("@@MUTANT@@" + json.dumps([i, "caught"]) + "\\n").encode())
    os.kill(os.getppid(), 9)


_forge()
'''


@pytest.fixture(scope="session")
def ledger_problem(tmp_path_factory):
    """``balance`` of the ledger (tests/hostile), built the real way (suite under coverage,
    validation, gold gate; no Pynguin, no mutation gate) from a repository that also ships
    ``FORGE_MUTANTS_CONFTEST``; and the same record pointing at a copy of the repository without
    that conftest.py (``honest``). Outside the mutation driver the two behave the same."""
    from crossfile_datasets.builders.executable.build import ExecSettings, build_repository
    from crossfile_datasets.core.report import BuildReport

    base = tmp_path_factory.mktemp("redteam-ledger")
    repo = ledger(base / "ledger", {"conftest.py": FORGE_MUTANTS_CONFTEST})
    records, _ = build_repository(repo, ExecSettings(use_pynguin=False, flaky_runs=1, mutants=0), BuildReport())
    (problem,) = records
    honest = base / "honest"
    shutil.copytree(repo.root, honest, symlinks=True)
    (honest / "conftest.py").unlink()
    return {"forging": problem, "honest": {**problem, "repository_root": str(honest)}}
