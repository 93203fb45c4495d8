"""What the host reads back after a sandboxed run: the coverage data file the run left
(``sandbox/pytest_runs.read_contexts``: copied out through ``hostfs`` up to
``HOST_COPY_MAX_BYTES``, 512 MiB; its schema checked since red team 1 row 2; then read by
coverage.py on the host)."""

from __future__ import annotations

import pytest

# The repository's test adds, at exit (after coverage.py saved), 100 contexts to the run's real
# coverage database, each with a `line_bits` row of 10,000 bytes 0xFF for every measured file:
# plain tables only (the schema check has nothing to refuse), about 1 MB. Each such row decodes to
# 80,000 line numbers (the measured file has 30 lines) and coverage.py's contexts_by_lineno, then
# read_contexts, build a dict of 80,000 lines x 100 context names on the host.
DENSE_LINES = '''
import atexit, sqlite3

CONTEXTS, BYTES = 100, 10_000


def _plant(path):
    def grow():
        con = sqlite3.connect(path)
        files = [row[0] for row in con.execute("select id from file")]
        con.executemany("insert into context (context) values (?)", [(f"ctx{i}",) for i in range(CONTEXTS)])
        contexts = [row[0] for row in con.execute("select id from context where context like 'ctx%'")]
        con.executemany("insert into line_bits (file_id, context_id, numbits) values (?, ?, ?)",
                        [(f, c, b"\\xff" * BYTES) for f in files for c in contexts])
        con.commit()
        con.close()
    atexit.register(grow)


def test_plant():
    import coverage
    _plant(coverage.Coverage.current().config.data_file)
'''

RUN = '''
import json, resource, sys, time
from pathlib import Path
from crossfile_datasets.sandbox import Sandbox, SandboxLimits
from crossfile_datasets.sandbox.pytest_runs import run_pytest
from tests.hostile.redteam8.test_readback import DENSE_LINES
from tests.hostile.conftest import ledger
from tests.hostile.peak import peak_rss_kb

repo = ledger(Path(sys.argv[1]), {"tests/test_plant.py": DENSE_LINES})
before = resource.getrusage(resource.RUSAGE_SELF)
with Sandbox(repo.root, python=sys.executable, limits=SandboxLimits(timeout=120, test_timeout=60)) as box:
    prun = run_pytest(box, [], coverage_files=["ledger/book.py"])
after = resource.getrusage(resource.RUSAGE_SELF)
lines = max((len(v) for v in prun.contexts.values()), default=0) if isinstance(prun.contexts, dict) else -1
print(json.dumps({"outcomes": prun.outcomes, "refused": prun.refused, "lines": lines,
                  "host_cpu": after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime,
                  "peak_mb": peak_rss_kb() / 1024}))
'''


@pytest.mark.slow  # contained since the lines-out-of-range check (was a strict xfail)
def test_dense_coverage_data_does_not_blow_up_on_the_host(child, tmp_path):
    """Host resource (executable build's suite and validation runs, the Python class build: every
    ``run_pytest`` under coverage). Red team 1 row 2's fix refuses databases that run SQL (views,
    triggers, virtual tables); these are plain rows, valid for coverage.py. One ``line_bits`` row
    of 10,000 bytes is 80,000 line numbers; 100 of them (1 MB on disk) made the host child's
    peak resident memory 882 MB against 166 MB for the same run with one-byte rows (the control,
    measured once while writing this), and the run's coverage says line 80,000 of a 30-line file
    was executed. Decoding is linear in the bits, so the 512 MiB copy cap allows hundreds of GB
    and hours of CPU (10 MB took 3.2 GB and 188 s in a scratch run of coverage.py alone). Nothing
    bounds the line numbers by the measured file's length or the entries by a budget."""
    done = child(RUN, str(tmp_path / "repo"), timeout=400)
    if done.timed_out:
        pytest.fail("precondition: the run did not finish in 400 s (the machine is too loaded to measure)")
    seen = done.last_json()
    if seen["outcomes"].get("tests/test_plant.py::test_plant") != "passed":
        pytest.fail(f"precondition: the planting test did not run: {seen['outcomes']}")
    assert seen["refused"] or seen["peak_mb"] < 400, \
        f"reading back a 1 MB coverage file took {seen['peak_mb']:.0f} MB of host memory ({seen['lines']} lines kept)"
