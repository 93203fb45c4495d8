"""Attacks on the executable split's build (and the Python suites it shares with the class build):
escapes through planted links, hangs on planted FIFOs, whole builds lost to one repository.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from crossfile_datasets.builders.executable.build import ExecSettings, build_executable_split, build_repository
from crossfile_datasets.builders.executable.testgen import repository_programs, run_pynguin
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.sandbox import Sandbox, SandboxLimits, copy_repository
from crossfile_datasets.sandbox.environment import declared_requirements, detect_requirements
from crossfile_datasets.sandbox.pytest_runs import run_pytest
from tests.hostile.conftest import BOOK_TEST, finishes_within, ledger

QUICK = ExecSettings(use_pynguin=False, flaky_runs=1, mutants=0)
LIMITS = SandboxLimits(timeout=60, test_timeout=30)


def program_paths(test_file: str, source: str) -> list[str]:
    """Where the build writes the test programs extracted from a repository test file (the
    paths are a content hash: anyone can compute them)."""
    return sorted(p.path for p in repository_programs(test_file, source).values())


# ----------------------------------------------------------------------------- escapes --
@pytest.mark.slow
@pytest.mark.parametrize("how", ["absolute", "relative"])
def test_link_planted_at_a_generated_test_path_writes_nothing_outside(tmp_path, how):
    """Issue 27, escape 1: the builder wrote its generated test programs on the host at
    predictable paths, through whatever link the repository shipped there (a file in $HOME, a
    .pth in an interpreter's site-packages)."""
    victim = tmp_path / "home" / "victim.pth"
    victim.parent.mkdir()
    victim.write_text("# the user's file\n")
    repo = ledger(tmp_path / "repo")
    for path in program_paths("tests/test_book.py", BOOK_TEST):
        link = repo.root / path
        link.symlink_to(victim if how == "absolute" else os.path.relpath(victim, link.parent))
    report = BuildReport()
    records, _ = build_repository(repo, QUICK, report)
    assert victim.read_text() == "# the user's file\n"
    assert report.counts["host_files/copy_link_outside"] == 2, report.counts
    assert records and records[0]["entry_point"] == "balance"  # the links were dropped, the tests written


def test_link_leaving_the_copy_through_another_link_is_dropped(tmp_path):
    """Links are kept in a copy only when they resolve inside it, also through other links
    (``sub/x -> d/..`` with ``sub/d -> ..`` stays inside by its text, not once resolved)."""
    source = tmp_path / "repo"
    (source / "sub").mkdir(parents=True)
    (source / "sub" / "file.txt").write_text("inside")
    (source / "sub" / "d").symlink_to("..")
    (source / "sub" / "x").symlink_to("d/..")
    (source / "abs").symlink_to("/etc")
    (source / "up").symlink_to("../..")
    (source / "fine").symlink_to("sub/file.txt")
    dest = tmp_path / "copy"
    copy_repository(source, dest)
    root = os.path.realpath(dest)
    for entry in dest.rglob("*"):
        if entry.is_symlink():
            resolved = os.path.realpath(entry)
            assert resolved == root or resolved.startswith(root + os.sep), f"{entry} leads to {resolved}"
    assert (dest / "fine").read_text() == "inside" and (dest / "sub" / "d").is_symlink()
    assert not any(os.path.lexists(dest / name) for name in ("abs", "up", "sub/x"))


def test_requirements_linked_to_a_secret_are_not_read(tmp_path):
    """Issue 27, escape 3: a requirements.txt linked to a secret file put the secret into every
    problem's ``requirements`` (the dataset, the Hub) and into pip's arguments."""
    secret = tmp_path / "secret-token"
    secret.write_text("hf-topsecret-token==1.0\n")
    repo = ledger(tmp_path / "repo", {"requirements/base.txt": "attrs\n"})
    (repo.root / "requirements.txt").symlink_to(secret)
    (repo.root / "requirements-dev.txt").symlink_to("requirements/base.txt")  # inside: read at its target
    (repo.root / "requirements" / "extra.txt").symlink_to(secret)
    (repo.root / "setup.cfg").symlink_to(secret)
    declared, _ = declared_requirements(repo.root)
    assert not any("topsecret" in r for r in declared), declared
    assert "attrs" in declared
    report = BuildReport()
    requirements, _ = detect_requirements(repo.root, {}, report=report, where="ledger")
    assert report.counts["host_files/symlink"] == 3, report.counts


# ------------------------------------------------------------------------------- hangs --
PLANT_FIFO_AT_EXIT = '''
import atexit, os


def _plant(path):
    def swap():
        try:
            os.unlink(path)
        except OSError:
            pass
        os.mkfifo(path)
    atexit.register(swap)
'''


@pytest.mark.slow
def test_fifo_at_coverage_data_does_not_hang_the_host(tmp_path):
    """Issue 27, hangs: a FIFO planted where the host reads the coverage data back hung the
    build (executable split, and the Python class build through the same runner) forever."""
    plant = PLANT_FIFO_AT_EXIT + '''

def test_plant():
    import coverage
    _plant(coverage.Coverage.current().config.data_file)
'''
    repo = ledger(tmp_path / "repo", {"tests/test_plant.py": plant})
    with Sandbox(repo.root, python=sys.executable, limits=LIMITS) as box:
        prun = finishes_within(120, run_pytest, box, [], coverage_files=["ledger/book.py"])
    assert prun.outcomes["tests/test_book.py::test_balance_of_nothing"] == "passed"
    assert prun.contexts == {}
    assert [key for key, _ in prun.refused] == ["host_files/not_regular_file"]


@pytest.mark.slow
def test_fifo_at_the_capture_file_does_not_hang_the_build(tmp_path):
    """Issue 27, hangs: assertion repair read ``capture.jsonl`` back following whatever the
    tests left there; a FIFO hung the build."""
    tests = BOOK_TEST + PLANT_FIFO_AT_EXIT + '''
if os.environ.get("CROSSFILE_CAPTURE"):
    _plant(os.environ["CROSSFILE_CAPTURE"])


def test_balance_wrong():
    assert balance([1, 2]) == 4
'''
    repo = ledger(tmp_path / "repo", {"tests/test_book.py": tests})
    report = BuildReport()
    records, _ = finishes_within(400, build_repository, repo, QUICK, report)
    assert report.counts["host_files/not_regular_file"] >= 1, report.counts
    assert records, report.counts  # the other tests still made the problem


@pytest.mark.slow
def test_fifo_in_pynguin_output_does_not_hang_the_build(tmp_path):
    """Issue 27, hangs: Pynguin's output folder is written by the sandboxed run (the module
    under test runs there); a FIFO named like a test module hung the build. The repository
    here ships the ``pynguin`` module itself (its root is on the run's path)."""
    fake = '''import os, sys
out = sys.argv[sys.argv.index("--output-path") + 1]
os.makedirs(out, exist_ok=True)
os.mkfifo(os.path.join(out, "test_ledger_book.py"))
'''
    repo = ledger(tmp_path / "repo", {"pynguin/__init__.py": "", "pynguin/__main__.py": fake})
    programs, why = finishes_within(180, run_pynguin, sys.executable, repo.root, [""], "", "ledger.book", seed=1,
                                    budget=5)
    assert programs == [] and why.startswith("host_files/not_regular_file"), why


# ------------------------------------------------------------------------ lost builds --
GARBAGE_AT_EXIT = '''
import atexit, os


def _garbage(path):
    def write():
        with open(path, "wb") as fh:
            fh.write(b"\\x00not what the host expects\\xff" * 64)
    atexit.register(write)
'''


@pytest.mark.slow
def test_one_repository_fault_never_loses_the_others(tmp_path):
    """Issue 27, lost builds: garbage coverage data, a garbage capture file or a FIFO in a local
    repository folder aborted the whole executable build, losing the benign repositories; now
    each fault is counted for its repository and the others are built."""
    garbage_coverage = GARBAGE_AT_EXIT + '''

def test_garbage():
    import coverage
    _garbage(coverage.Coverage.current().config.data_file)
'''
    garbage_capture = BOOK_TEST + GARBAGE_AT_EXIT + '''
if os.environ.get("CROSSFILE_CAPTURE"):
    _garbage(os.environ["CROSSFILE_CAPTURE"])


def test_balance_wrong():
    assert balance([1, 2]) == 4
'''
    repos = [ledger(tmp_path / "a_benign", name="a_benign"),
             ledger(tmp_path / "b_coverage", {"tests/test_garbage.py": garbage_coverage}, name="b_coverage"),
             ledger(tmp_path / "c_capture", {"tests/test_book.py": garbage_capture}, name="c_capture"),
             ledger(tmp_path / "d_fifo", name="d_fifo")]
    os.mkfifo(repos[3].root / "tests" / "pipe")
    report = BuildReport()
    records = finishes_within(540, build_executable_split, repos, tmp_path / "out", allow_execution=True, seed=1,
                              workers=1, report=report, use_pynguin=False, mutants=0)
    built = {r["project"] for r in records}
    assert {"a_benign", "d_fifo"} <= built, (built, report.counts)
    assert report.counts["host_files/unreadable"] >= 1  # b's coverage data
    assert report.counts["tests/capture_record_malformed"] >= 1  # c's capture file
    assert report.counts["host_files/copy_special_file"] == 1  # d's FIFO
    stats = json.loads((tmp_path / "out" / "python" / "executable_stats.json").read_text())
    assert stats["repositories"] == 4


def test_cached_environments_are_read_only_for_repository_code(tmp_path):
    """The per-requirements virtual environments (``exec-venvs`` in the builder's cache) are
    shared by every later build: repository code must not be able to plant a ``.pth`` there.
    (Held before issue 27 too: a regression guard.)"""
    from crossfile_datasets.sandbox.environment import ensure_environment

    env = ensure_environment([])
    site = subprocess.run([env.python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    before = sorted(os.listdir(site))
    plant = f"""import os, sys


def test_plant():
    with open({os.path.join(site, 'evil.pth')!r}, "w") as fh:
        fh.write("import os\\n")
"""
    repo = ledger(tmp_path / "repo", {"tests/test_plant.py": plant})
    with Sandbox(repo.root, python=env.python, limits=LIMITS) as box:
        prun = run_pytest(box, ["tests/test_plant.py"])
    assert prun.outcomes["tests/test_plant.py::test_plant"] == "sandbox_violation", prun.messages
    assert sorted(os.listdir(site)) == before


# ----------------------------------------------------------------- leftover folders --
KILLED_HARNESS = '''
import os, sys
from crossfile_datasets.sandbox import Sandbox
box = Sandbox(None, python=sys.executable)
print(box.dir, flush=True)
os.kill(os.getpid(), 9)
'''


def test_sandbox_folders_of_a_killed_harness_are_removed(tmp_path):
    """Issue 27: temporary folders stayed behind after a killed hang; the next harness removes
    the folders of harnesses that are gone."""
    env = {**os.environ, "TMPDIR": str(tmp_path)}
    killed = subprocess.run([sys.executable, "-c", KILLED_HARNESS], env=env, capture_output=True, text=True, timeout=120)
    left = Path(killed.stdout.strip())
    assert killed.returncode == -9 and left.is_dir() and left.parent == tmp_path
    subprocess.run([sys.executable, "-c", "import sys; from crossfile_datasets.sandbox import Sandbox; "
                    "Sandbox(None, python=sys.executable).close()"], env=env, check=True, timeout=120)
    assert not left.exists()
    assert list(tmp_path.iterdir()) == []


# ----------------------------------------------------------------------- host memory --
JUNK_RUN = '''
import json, sys
from crossfile_datasets.sandbox import Sandbox, SandboxLimits
from crossfile_datasets.sandbox.pytest_runs import run_pytest
from tests.hostile.peak import peak_rss_kb

JUNK = """
import crossfile_pytest_plugin as plugin, os


def test_junk():
    line = b"x" * (1 << 20) + b"\\\\n"
    for _ in range({megabytes}):
        os.write(plugin._FD, line)
    token_line = (plugin._TOKEN + "\\\\t" + '{{"pid": %d, "nodeid": "x", "when": "call", "outcome": "passed", "pad": "' % os.getpid()
                  + "y" * 4000 + '"}}' + "\\\\n").encode()
    for _ in range({megabytes} * 256):
        os.write(plugin._FD, token_line)
"""
with Sandbox(None, python=sys.executable, limits=SandboxLimits(timeout=400, test_timeout=380)) as box:
    before = peak_rss_kb()
    box.write("test_junk.py", JUNK)
    prun = run_pytest(box, ["test_junk.py"])
    after = peak_rss_kb()
channel = getattr(prun, "channel", None)
print(json.dumps({{"grown_kb": after - before, "complete": prun.complete, "forged": getattr(channel, "forged", None),
                   "overflow": getattr(channel, "overflow", None)}}))
'''


@pytest.mark.slow
def test_host_memory_stays_bounded_whatever_the_channel_receives(tmp_path):
    """Issue 27, host memory: the verdict pipe reader kept everything (1.8 GB of junk lines
    drove the evaluator to 5.7 GB). 400 MB of junk lines and 400 MB of records carrying the
    token (an in-process forger knows it) now cost the host tens of MB."""
    megabytes = 400
    done = subprocess.run([sys.executable, "-c", JUNK_RUN.format(megabytes=megabytes)], capture_output=True, text=True,
                          timeout=600, cwd=Path(__file__).resolve().parents[2])
    assert done.returncode == 0, done.stderr[-2000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["grown_kb"] / 1024 < 250, f"the host grew by {seen['grown_kb'] / 1024:.0f} MB"
    assert seen["complete"] and seen["forged"] >= megabytes and seen["overflow"] > 90_000
