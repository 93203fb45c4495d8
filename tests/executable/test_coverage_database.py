"""The host never runs SQL a sandboxed run wrote (sandbox/pytest_runs.unsafe_database): a
coverage database read back is refused when it defines anything but plain tables and their
indexes (red team 2026-11-27, tests/hostile/redteam/test_readback.py: a view with an endless
recursive query hung the host in coverage.py's CoverageData.read())."""

from __future__ import annotations

import sqlite3
import time

import pytest
from coverage import CoverageData

from crossfile_datasets.sandbox.pytest_runs import unsafe_database


def real_data(path):
    data = CoverageData(basename=str(path))
    data.set_context("t::a")
    data.add_lines({"/x/m.py": [1, 2, 3]})
    data.write()
    return path


def test_coverage_pys_own_database_is_safe(tmp_path):
    assert unsafe_database(real_data(tmp_path / "cov.data")) == ("", "")


@pytest.mark.parametrize("sql, why", [
    ("create view v as with recursive c(x) as (select 1 union all select x + 1 from c) select x from c", "view"),
    ("create trigger t after insert on file begin select 1; end", "trigger"),
    ("create virtual table vt using fts5(a)", "virtual table"),
    ("create table g (a text, b text generated always as (printf('%.*c', 1000000000, 'x')))", "generated"),
])
def test_sql_of_the_runs_making_is_refused(tmp_path, sql, why):
    path = real_data(tmp_path / "cov.data")
    con = sqlite3.connect(path)
    con.execute(sql)
    con.commit()
    con.close()
    started = time.monotonic()
    reason, detail = unsafe_database(path)
    assert reason == "unsafe_database" and why in detail
    assert time.monotonic() - started < 5


def test_garbage_is_refused(tmp_path):
    path = tmp_path / "cov.data"
    path.write_bytes(b"SQLite format 3\x00" + b"\xff" * 4000)
    assert unsafe_database(path)[0] == "unreadable"


# red team 8 row 5: line bits past the end of a measured file are refused before decoding
def _measured(tmp_path, lines):
    root = tmp_path / "repo"
    root.mkdir()
    (root / "m.py").write_text("x = 1\n" * 30)
    data = CoverageData(basename=str(tmp_path / "cov.data"))
    data.set_context("t::a")
    data.add_lines({str(root / "m.py"): lines, "/elsewhere/big.py": [5000]})
    data.write()
    return tmp_path / "cov.data", root


def test_lines_within_the_file_are_accepted(tmp_path):
    from crossfile_datasets.sandbox.pytest_runs import lines_out_of_range

    path, root = _measured(tmp_path, [1, 2, 30])
    assert lines_out_of_range(path, root.resolve()) == ""  # a file outside the repository is not decoded


def test_line_bits_past_the_end_of_the_file_are_refused(tmp_path):
    from crossfile_datasets.sandbox.pytest_runs import lines_out_of_range

    path, root = _measured(tmp_path, [1, 2, 400])
    assert "m.py: a row of" in lines_out_of_range(path, root.resolve())
    (tmp_path / "b").mkdir()
    path2, root2 = _measured(tmp_path / "b", [1])
    con = sqlite3.connect(path2)
    con.execute("update line_bits set numbits = ?", (b"\xff" * 10_000,))
    con.commit()
    con.close()
    assert "10000 bytes" in lines_out_of_range(path2, root2.resolve())


# red team 10 row 5: the bound comes from the sizes the host recorded before the run, only the
# files asked for are read back, and the (line, context) entries are capped in all
def test_a_file_grown_in_the_copy_after_the_run_does_not_widen_its_bound(tmp_path):
    from crossfile_datasets.sandbox.pytest_runs import lines_out_of_range, measured_sizes

    path, root = _measured(tmp_path, [1, 2, 400])
    sizes = measured_sizes(root, ["m.py", "./gone.py"])
    assert sizes == {"m.py": 180, "gone.py": 0}
    with open(root / "m.py", "r+b") as fh:  # the run makes it a sparse 720 kB file
        fh.truncate(720_000)
    assert lines_out_of_range(path, root.resolve()) == ""  # the copy's size would let the row pass
    assert "m.py: a row of" in lines_out_of_range(path, root.resolve(), sizes=sizes)


def test_files_not_asked_for_are_neither_checked_nor_counted(tmp_path):
    from crossfile_datasets.sandbox.pytest_runs import line_entries, lines_out_of_range

    path, root = _measured(tmp_path, [1, 2, 400])
    (root / "pad.bin").write_bytes(b"")
    assert lines_out_of_range(path, root.resolve(), sizes={"other.py": 10}) == ""
    assert line_entries(path, root.resolve(), {"other.py": 10}) == 0
    assert line_entries(path, root.resolve(), {"m.py": 180}) == 3


def test_line_entries_are_counted_across_contexts_and_stop_past_the_limit(tmp_path):
    from crossfile_datasets.sandbox.pytest_runs import line_entries

    root = tmp_path / "repo"
    root.mkdir()
    data = CoverageData(basename=str(tmp_path / "cov.data"))
    for i in range(20):
        data.set_context(f"t::{i}")
        data.add_lines({str(root / "m.py"): list(range(1, 11))})
    data.write()
    assert line_entries(tmp_path / "cov.data", root.resolve()) == 200
    assert line_entries(tmp_path / "cov.data", root.resolve(), {"m.py": 100}, limit=50) <= 60
