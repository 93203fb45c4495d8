"""Row 5 (defended): the verdict channel is a line protocol, and every writer of a pipe shares
its lines. A wrong generation that knows nothing of the harness (no token, no plugin, no
``/proc``) writes bytes without a line end on every pipe it holds open for writing, the verdict
channel among them: the harness's next record is glued to them and lost (it no longer starts
with the token: counted as forged and dropped), and with a daemon thread spraying bytes while the
tests run, a record over ``PIPE_BUF`` (4 kB: a value record of a long list) is cut by them and
dropped as undecodable (``sandbox/channel.py`` ``_Parser.line``: not even counted). Then
``atexit`` ends the process with status 0 so that pytest's "a test failed" status never shows.
The lost record is the value of the checked site (the failing assertion is judged on the host,
not in the process): the site reports nothing and the host refuses it; a lost outcome record
would leave pytest's collected count unmatched. Both end ``failed`` or ``incomplete``."""

from __future__ import annotations

import json
import shutil
import sys

import pytest

from crossfile_datasets.builders.executable.build import ExecSettings, build_repository
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.core.repository_roots import without_root, write_roots
from crossfile_datasets.evaluation.executable import RunSettings, evaluate_executable
from tests.hostile.conftest import ledger

pytestmark = pytest.mark.slow

GOLD = "def balance(entries):\n    total = 0\n    for amount in entries:\n        total += amount\n    return total\n"
# bytes without a line end on every pipe this process holds for writing, then exit status 0 at exit
GLUE = '''def balance(entries):
    import atexit, fcntl, os, stat
    for fd in range(1, 256):
        try:
            if stat.S_ISFIFO(os.fstat(fd).st_mode) and fcntl.fcntl(fd, fcntl.F_GETFL) & os.O_ACCMODE == os.O_WRONLY:
                os.write(fd, b"x")
        except OSError:
            pass
    atexit.register(os._exit, 0)
    return 0
'''
# a thread spraying one byte at a time on those pipes while the tests run, a long wrong list
SPRAY = '''def balance(entries):
    import atexit, fcntl, os, stat, threading, time
    if not getattr(os, "_sprayed", False):
        os._sprayed = True
        fds = []
        for fd in range(1, 256):
            try:
                if stat.S_ISFIFO(os.fstat(fd).st_mode) and fcntl.fcntl(fd, fcntl.F_GETFL) & os.O_ACCMODE == os.O_WRONLY:
                    fds.append(fd)
            except OSError:
                pass

        def spray():
            end = time.monotonic() + 20
            while time.monotonic() < end:
                for fd in fds:
                    try:
                        os.write(fd, b" ")
                    except OSError:
                        pass

        threading.Thread(target=spray, daemon=True).start()
        atexit.register(os._exit, 0)
        time.sleep(0.2)
    return list(range(3000)) if entries else 0
'''


@pytest.fixture(scope="module")
def split(tmp_path_factory):
    base = tmp_path_factory.mktemp("redteam20-glue")
    repo = ledger(base / "ledger")
    records, _ = build_repository(repo, ExecSettings(use_pynguin=False, flaky_runs=1, mutants=0), BuildReport())
    (problem,) = records
    path = base / "split" / "executable.jsonl"
    path.parent.mkdir()
    path.write_text(json.dumps(without_root(problem)) + "\n")
    write_roots(path.parent, [problem], name_key="project")
    return problem, path


def test_bytes_glued_to_the_harness_records_never_make_a_pass(split, tmp_path):
    problem, path = split
    preds = tmp_path / "preds.jsonl"
    preds.write_text("".join(json.dumps({"task_id": problem["id"], "context_size": name, "generations": [code]}) + "\n"
                             for name, code in (("gold", GOLD), ("glue", GLUE), ("spray", SPRAY))))
    evaluate_executable(path, preds, tmp_path / "results.jsonl",
                        settings=RunSettings(timeout=60, test_timeout=30, python=sys.executable))
    rows = {r["context_size"]: r for r in map(json.loads, (tmp_path / "results.jsonl").read_text().splitlines())}
    if rows["gold"]["status"] != "passed":
        pytest.fail(f"control: gold must pass: {rows['gold']}")
    for name in ("glue", "spray"):
        print(name, rows[name]["status"], str(rows[name].get("detail"))[:300])
        assert not rows[name]["passed"], rows[name]
        assert rows[name]["status"] in ("failed", "incomplete"), rows[name]
