"""What the host reads back after a sandboxed run: the coverage data file the run left
(``sandbox/pytest_runs.read_coverage_contexts``: copied out up to ``HOST_COPY_MAX_BYTES``, 512 MiB;
its schema checked, its ``line_bits`` rows bounded by the measured files' sizes
(``lines_out_of_range``) and counted (``line_entries``, ``COVERAGE_MAX_LINE_ENTRIES``); then read
by coverage.py on the host)."""

from __future__ import annotations

import pytest

# The repository's test turns, at exit (after coverage.py saved), the run's real coverage database
# into an *arc* database (``meta.has_arcs = 1``: branch coverage, which coverage.py reads from the
# ``arc`` table) and adds ARCS arcs (fromno, tono) of one context to every measured file: plain
# tables, rows of four integers. Line numbers of arcs are not bits of a ``line_bits`` row: the
# checks that bound line data read only ``line_bits``.
ARCS_PLANT = '''
import atexit, sqlite3

ARCS = {arcs}


def _plant(path):
    def grow():
        con = sqlite3.connect(path)
        files = [row[0] for row in con.execute("select id from file")]
        con.execute("insert into context (context) values ('ctx')")
        (ctx,) = con.execute("select id from context where context = 'ctx'").fetchone()
        con.execute("delete from meta where key = 'has_arcs'")
        con.execute("insert into meta (key, value) values ('has_arcs', '1')")
        con.executemany("insert into arc (file_id, context_id, fromno, tono) values (?, ?, ?, ?)",
                        ((f, ctx, 2 * i + 1, 2 * i + 2) for f in files for i in range(ARCS)))
        con.commit()
        con.close()
    atexit.register(grow)


def test_plant():
    import coverage
    _plant(coverage.Coverage.current().config.data_file)
'''

RUN = '''
import json, os, sys
from pathlib import Path
from crossfile_datasets.sandbox import Sandbox, SandboxLimits
from crossfile_datasets.sandbox.pytest_runs import run_pytest
from tests.hostile.redteam12.test_readback import ARCS_PLANT
from tests.hostile.conftest import ledger
from tests.hostile.peak import peak_rss_kb

repo = ledger(Path(sys.argv[1]), {"tests/test_plant.py": ARCS_PLANT.format(arcs=int(sys.argv[2]))})
with Sandbox(repo.root, python=sys.executable, limits=SandboxLimits(timeout=300, test_timeout=200)) as box:
    prun = run_pytest(box, [], coverage_files=["ledger/book.py"])
    data = box.dir / "control" / "coverage.data"
    size = data.stat().st_size if data.exists() else -1
lines = max((len(v) for v in prun.contexts.values()), default=0) if isinstance(prun.contexts, dict) else -1
print(json.dumps({"outcomes": prun.outcomes, "refused": prun.refused, "lines": lines, "db_bytes": size,
                  "peak_mb": peak_rss_kb() / 1024}))
'''


@pytest.mark.slow
def test_arc_coverage_data_does_not_blow_up_on_the_host(child, tmp_path):
    """Host resource (executable build's suite and validation runs, the Python class build: every
    ``run_pytest`` under coverage). Red team 8 row 5 and red team 10 row 5 planted ``line_bits``
    rows; their fixes bound each row by the measured file's size taken before the run and count
    the (line, context) entries, both over ``line_bits`` only. A database marked ``has_arcs``
    makes coverage.py's ``contexts_by_lineno`` read the ``arc`` table instead, whose line numbers
    nothing bounds: 500,000 arcs (one context, a 9-line file, a database of a few tens of MB)
    become 1,000,000 "executed lines" of ``ledger/book.py`` on the host, about 0.6 GB more than
    the honest run of the same shape (1,000,000 arcs: 2,000,000 lines, 1.1 GB; a 64 MiB file, the
    run's ``RLIMIT_FSIZE``, holds ~1.7 million: ~1.6 GB per read-back). Safe behaviour: arc data is refused, or bounded and counted as line data is
    (line numbers past the file's end refused, entries counted against
    ``COVERAGE_MAX_LINE_ENTRIES``)."""
    honest = child(RUN, str(tmp_path / "honest"), "1", timeout=400)
    if honest.timed_out:
        pytest.fail("precondition: the control did not finish in 400 s (the machine is too loaded to measure)")
    control = honest.last_json()
    if control["outcomes"].get("tests/test_plant.py::test_plant") != "passed":
        pytest.fail(f"precondition: the planting test did not run: {control['outcomes']}")
    done = child(RUN, str(tmp_path / "repo"), "500000", timeout=400)
    if done.timed_out:
        pytest.fail("precondition: the run did not finish in 400 s (the machine is too loaded to measure)")
    seen = done.last_json()
    print(control, seen)
    if seen["outcomes"].get("tests/test_plant.py::test_plant") != "passed":
        pytest.fail(f"precondition: the planting test did not run: {seen['outcomes']}")
    assert seen["refused"] or (seen["lines"] <= 20 and seen["peak_mb"] < control["peak_mb"] + 200), \
        (f"reading back a {seen['db_bytes'] / 1e6:.0f} MB coverage file kept {seen['lines']} lines of a 9-line file and "
         f"took {seen['peak_mb']:.0f} MB of host memory ({control['peak_mb']:.0f} MB for the honest run)")


# The repository's test adds, at exit, one context whose *name* is NAME_BYTES long, and gives each
# measured file one line of it (a ``line_bits`` row of one byte, line 1: inside every bound). The
# name is stored once in the database; coverage.py's ``contexts_by_lineno`` fetches it again for
# every file, and ``read_coverage_contexts`` keeps each file's copy.
LONG_CONTEXT_PLANT = '''
import atexit, os, sqlite3

NAME_BYTES = {size}


def _plant(path):
    def grow():
        con = sqlite3.connect(path)
        con.execute("insert into context (context) values (?)", ("n" * NAME_BYTES,))
        (ctx,) = con.execute("select id from context where length(context) = ?", (NAME_BYTES,)).fetchone()
        for rel in {files!r}:
            full = os.path.abspath(rel)
            if con.execute("select id from file where path = ?", (full,)).fetchone() is None:
                con.execute("insert into file (path) values (?)", (full,))
            (fid,) = con.execute("select id from file where path = ?", (full,)).fetchone()
            con.execute("insert into line_bits (file_id, context_id, numbits) values (?, ?, ?)", (fid, ctx, b"\\x02"))
        con.commit()
        con.close()
    atexit.register(grow)


def test_plant():
    import coverage
    _plant(coverage.Coverage.current().config.data_file)
'''

LONG_CONTEXT_RUN = '''
import json, sys
from pathlib import Path
from crossfile_datasets.sandbox import Sandbox, SandboxLimits
from crossfile_datasets.sandbox.pytest_runs import run_pytest
from tests.hostile.redteam12.test_readback import LONG_CONTEXT_PLANT
from tests.hostile.conftest import ledger
from tests.hostile.peak import peak_rss_kb

files = [f"ledger/m{i}.py" for i in range(int(sys.argv[2]))]  # small modules of the repository: measured sources
extra = {rel: "x = 1\\n" for rel in files}
extra["tests/test_plant.py"] = LONG_CONTEXT_PLANT.format(size=int(sys.argv[3]), files=files)
repo = ledger(Path(sys.argv[1]), extra)
with Sandbox(repo.root, python=sys.executable, limits=SandboxLimits(timeout=300, test_timeout=200)) as box:
    prun = run_pytest(box, [], coverage_files=["ledger/book.py", *files])
    data = box.dir / "control" / "coverage.data"
    size = data.stat().st_size if data.exists() else -1
print(json.dumps({"outcomes": prun.outcomes, "refused": prun.refused, "files": len(prun.contexts or {}),
                  "db_bytes": size, "peak_mb": peak_rss_kb() / 1024}))
'''


@pytest.mark.slow
def test_a_long_context_name_is_not_copied_once_per_measured_file(child, tmp_path):
    """Host resource (executable build's suite and validation runs, the Python class build). The
    read-back bounds count (line, context) entries and line bits, not the bytes of context names.
    One context named with 20 MB, one line in each of 21 measured files (the repository's small
    modules: a build measures every source file), is 21 entries, within every bound, in a 40 MB
    database; coverage.py fetches the name again for each file and ``read_coverage_contexts``
    keeps every copy: about +400 MB on the host against the same run with a one-byte name. The
    growth is (measured files) x (name bytes): a ~30 MB name fits the run's 64 MiB file limit, so
    200 small modules make ~6 GB.
    Safe behaviour: context names longer than a node id can be refused (or interned once), and the
    read-back budget counts their bytes."""
    honest = child(LONG_CONTEXT_RUN, str(tmp_path / "honest"), "20", "1", timeout=400)
    if honest.timed_out:
        pytest.fail("precondition: the control did not finish in 400 s (the machine is too loaded to measure)")
    control = honest.last_json()
    if control["outcomes"].get("tests/test_plant.py::test_plant") != "passed" or control["refused"] or control["files"] < 21:
        pytest.fail(f"precondition: the control's coverage was not read back whole: {control}")
    done = child(LONG_CONTEXT_RUN, str(tmp_path / "repo"), "20", str(20_000_000), timeout=400)
    if done.timed_out:
        pytest.fail("precondition: the run did not finish in 400 s (the machine is too loaded to measure)")
    seen = done.last_json()
    print(control, seen)
    if seen["outcomes"].get("tests/test_plant.py::test_plant") != "passed":
        pytest.fail(f"precondition: the planting test did not run: {seen['outcomes']}")
    assert seen["refused"] or seen["peak_mb"] < control["peak_mb"] + 100, \
        (f"reading back a {seen['db_bytes'] / 1e6:.0f} MB coverage file took {seen['peak_mb']:.0f} MB of host memory "
         f"({control['peak_mb']:.0f} MB with a one-byte context name)")
