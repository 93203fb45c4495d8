"""What the host reads back after a sandboxed run: the coverage data file
(``sandbox/pytest_runs.read_coverage_contexts``), whose line bits red team 8 row 5's fix bounds by
the measured file's length (``lines_out_of_range``)."""

from __future__ import annotations

import pytest

from tests.hostile.redteam8 import test_readback as row5

# Red team 8 row 5's planted rows (100 contexts x 10,000 bytes of 0xFF, about 1 MB), attached to a
# `file` row of the run's own making instead of the measured files: `pad.bin`, a sparse file the
# test truncates to 720,000 bytes in the copy (writable; RLIMIT_FSIZE allows 64 MiB; no disk block
# is used). The check reads the length of the file *in the copy* (`real_root` is `sandbox.root`),
# so 10,000-byte rows fit ((720,000 + 1) // 8 + 1 = 90,001 bytes allowed).
_MEASURED = '        files = [row[0] for row in con.execute("select id from file")]\n'
_PAD = ('        pad = os.path.abspath("pad.bin")\n'
        '        with open(pad, "wb") as fh:\n'
        '            fh.truncate(BYTES * 8 * 9)\n'
        '        con.execute("insert into file (path) values (?)", (pad,))\n'
        '        files = [row[0] for row in con.execute("select id from file where path = ?", (pad,))]\n')
SPARSE_PAD = row5.DENSE_LINES.replace("import atexit, sqlite3", "import atexit, os, sqlite3").replace(_MEASURED, _PAD)
RUN = row5.RUN.replace("from tests.hostile.redteam8.test_readback import DENSE_LINES",
                       "from tests.hostile.redteam10.test_readback import SPARSE_PAD as DENSE_LINES")


@pytest.mark.slow
def test_line_bits_bounded_by_a_sparse_file_of_the_runs_making_do_not_blow_up_on_the_host(child, tmp_path):
    """Host resource (executable build's suite and validation runs, the Python class build: every
    ``run_pytest`` under coverage). ``lines_out_of_range`` allows a ``line_bits`` row as long as
    the measured file has bytes, the file measured in the sandbox's copy, which the run may write:
    it makes a sparse file there (``truncate``, no disk used, under ``RLIMIT_FSIZE``), names it in
    the ``file`` table (any path under the copy is accepted, not only the ``coverage_files`` asked
    for) and adds red team 8 row 5's rows to it. The check passes, coverage.py and
    ``read_coverage_contexts`` decode 80,000 lines x 100 contexts on the host: the same 880 MB peak
    as before the fix (166 MB for the honest run), and the run's coverage names a file nobody
    measured. The 512 MiB copy cap and 64 MiB files allow hundreds of GB."""
    if _MEASURED not in row5.DENSE_LINES or "SPARSE_PAD as DENSE_LINES" not in RUN:
        pytest.fail("precondition: red team 8 row 5's planting test changed; rewrite this one")
    done = child(RUN, str(tmp_path / "repo"), timeout=400)
    if done.timed_out:
        pytest.fail("precondition: the run did not finish in 400 s (the machine is too loaded to measure)")
    seen = done.last_json()
    if seen["outcomes"].get("tests/test_plant.py::test_plant") != "passed":
        pytest.fail(f"precondition: the planting test did not run: {seen['outcomes']}")
    assert seen["refused"] or seen["peak_mb"] < 400, \
        f"reading back a 1 MB coverage file took {seen['peak_mb']:.0f} MB of host memory ({seen['lines']} lines kept)"
