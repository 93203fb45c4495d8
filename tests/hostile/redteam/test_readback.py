"""Attacks on what the host does with files and text the repository or the sandboxed run left:
a coverage database that is valid SQLite but not what coverage.py expects, and a test module
whose size is under every cap but whose splitting is not."""

from __future__ import annotations

import pytest

# The sandboxed suite replaces the coverage data file, after coverage.py saved it (atexit), by a
# SQLite database whose ``file`` table is a view: a recursive CTE counting to 10**12. It is a
# few kilobytes (far under HOST_COPY_MAX_BYTES); the host copies it out through hostfs, then
# coverage.py's CoverageData.read() runs ``select id, path from file`` on the host.
ENDLESS_VIEW = '''
import atexit, os, sqlite3


def _plant(path):
    def swap():
        from coverage.sqldata import SCHEMA_VERSION
        os.unlink(path)
        con = sqlite3.connect(path)
        con.executescript(
            "create table coverage_schema (version integer);"
            "insert into coverage_schema values (%d);"
            "create table meta (key text, value text);"
            "create view file as with recursive c(x) as (select 1 union all select x + 1 from c where x < 1000000000000) "
            "select 1 as id, '/nowhere' as path from c where x = 1000000000000;" % SCHEMA_VERSION)
        con.commit()
        con.close()
    atexit.register(swap)


def test_plant():
    import coverage
    _plant(coverage.Coverage.current().config.data_file)
'''

COVERAGE_RUN = '''
import json, sys, time
from pathlib import Path
from crossfile_datasets.sandbox import Sandbox, SandboxLimits
from crossfile_datasets.sandbox.pytest_runs import run_pytest
from tests.hostile.redteam.test_readback import ENDLESS_VIEW
from tests.hostile.conftest import ledger

repo = ledger(Path(sys.argv[1]), {"tests/test_plant.py": ENDLESS_VIEW})
with Sandbox(repo.root, python=sys.executable, limits=SandboxLimits(timeout=60, test_timeout=30)) as box:
    prun = run_pytest(box, [], coverage_files=["ledger/book.py"])
print(json.dumps({"outcomes": prun.outcomes, "refused": prun.refused}))
'''


@pytest.mark.slow
def test_coverage_data_with_an_endless_view_does_not_hang_the_host(child, tmp_path):
    """Host hang (executable build's suite and validation runs, the Python class build): the
    FIFO at ``coverage.data`` is refused now (tests/hostile), but a small, regular, valid SQLite
    file still makes the host run whatever query its views hold. The run itself takes seconds;
    the host then never returned (here: killed after 30 s; 4 s without the view). Now a copy
    whose schema holds anything but plain tables and indexes is refused before coverage.py
    opens it (``host_files/unsafe_database``)."""
    done = child(COVERAGE_RUN, str(tmp_path / "repo"), timeout=30)
    assert not done.timed_out, "the host hung reading the coverage data back"
    seen = done.last_json()
    assert seen["outcomes"]["tests/test_book.py::test_balance_of_nothing"] == "passed"
    assert seen["refused"], "the hostile coverage data should be refused and counted"
    assert seen["refused"][0][0] == "host_files/unsafe_database", seen["refused"]


# A repository test module with many small tests: 600 tests in 37 kB. The build reads it from the
# repository on the host (builders/executable/build.py: ``repository_programs(file, text, ...)``)
# and splits it into one program per test before keeping the ones that executed a candidate;
# Pynguin's and the LLM's test modules go through the same splitter (testgen.split_test_module).
def many_tests(count: int) -> str:
    return "from ledger.book import balance\n" + "".join(
        f"\n\ndef test_{i}():\n    assert balance([{i}]) == {i}\n" for i in range(count))


SPLIT_RUN = '''
import json, sys, time
from crossfile_datasets.builders.executable.testgen import repository_programs
from tests.hostile.redteam.test_readback import many_tests

source = many_tests(int(sys.argv[1]))
started = time.monotonic()
programs = repository_programs("tests/test_many.py", source, ["tests/test_many.py::test_7"])
print(json.dumps({"programs": len(programs), "bytes": len(source), "seconds": time.monotonic() - started}))
'''


@pytest.mark.slow
def test_a_test_module_with_many_tests_does_not_stall_the_build(child):
    """Host hang (executable build: repository test files, Pynguin's and the LLM's modules):
    every byte cap holds (37 kB), but splitting the module costs tests x lines x tests
    comparisons on the host, outside any sandbox time limit (100 tests: 1 s, 200: 10 s, 600: ~4 min,
    2,000: hours). Real test modules with hundreds of test functions pay it too. Now one
    syntax-tree pass and line slices of the wanted tests only, under a byte cap."""
    done = child(SPLIT_RUN, "600", timeout=15)
    assert not done.timed_out, "still splitting a 37 kB test module after 15 s"
    assert done.last_json()["programs"] == 1
