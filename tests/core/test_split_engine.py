"""The shared per-repository engine of the splits (builders/split.py): resume, the failure
guard, side-by-side workers, and the executable split's content-aware shard key."""

from __future__ import annotations

import json
import threading

import pytest

from crossfile_datasets.builders.split import (
    DONE,
    ExecutionNotAllowedError,
    ShardStore,
    fingerprint,
    require_execution,
    run_repositories,
)
from crossfile_datasets.core.records import Repository
from crossfile_datasets.core.report import BuildReport


def _repos(tmp_path, *names):
    out = []
    for name in names:
        root = tmp_path / "repos" / name
        root.mkdir(parents=True)
        out.append(Repository(name, root, f"https://example.org/{name}", "abc", "MIT"))
    return out


def _builder(calls):
    def build_one(repo, report):
        calls.append(repo.name)
        report.count("files", "generated", f"{repo.name}/x.py")
        return [{"id": f"{repo.name}/1"}], {"items": 1}
    return build_one


def test_a_finished_repository_is_reused_and_a_changed_key_rebuilds(tmp_path):
    repos = _repos(tmp_path, "b", "a")
    store = ShardStore(tmp_path / "shards", "items.jsonl")
    calls = []
    first = run_repositories(repos, _builder(calls), store=store, key_of=lambda r: "k1")
    assert calls == ["a", "b"] and [r.stats["status"] for r in first] == ["built", "built"]
    assert first[0].stats["url"] == "https://example.org/a" and first[0].stats["license"] == "MIT"

    again = run_repositories(repos, _builder(calls), store=store, key_of=lambda r: "k1")
    assert calls == ["a", "b"]  # nothing rebuilt
    assert [r.stats["status"] for r in again] == ["skipped_done", "skipped_done"]
    assert again[1].records == [{"id": "b/1"}]
    assert again[1].report.stage("files") == {"generated": 1}

    changed = run_repositories(repos, _builder(calls), store=store,
                               key_of=lambda r: "k2" if r.name == "b" else "k1")
    assert calls == ["a", "b", "b"]
    assert [r.stats["status"] for r in changed] == ["skipped_done", "built"]


def test_a_failing_repository_is_counted_not_cached_and_the_others_are_built(tmp_path):
    repos = _repos(tmp_path, "bad", "good")
    store = ShardStore(tmp_path / "shards", "items.jsonl")

    def build_one(repo, report):
        if repo.name == "bad":
            raise ValueError("boom")
        return [{"id": 1}], {}

    results = {r.stats["repository"]: r for r in run_repositories(repos, build_one, store=store, key_of=lambda r: "k")}
    assert results["bad"].stats["status"] == "failed" and "ValueError: boom" in results["bad"].stats["error"]
    assert results["bad"].report.stage("repositories") == {"failed": 1}
    assert results["good"].stats["status"] == "built" and results["good"].records == [{"id": 1}]
    assert not (tmp_path / "shards" / "bad").exists()
    assert json.loads((tmp_path / "shards" / "good" / DONE).read_text())["fingerprint"] == "k"


def test_a_repository_whose_key_cannot_be_computed_is_counted_and_the_others_are_built(tmp_path):
    """Red team 10 row 4: the shard key (a hash of the whole tree) is computed before the guarded
    build; a RecursionError or OSError there is that repository's loss, never the build's."""
    repos = _repos(tmp_path, "deep", "good")
    calls = []

    def key_of(repo):
        if repo.name == "deep":
            raise RecursionError("maximum recursion depth exceeded")
        return "k"

    results = {r.stats["repository"]: r for r in run_repositories(
        repos, _builder(calls), store=ShardStore(tmp_path / "shards", "items.jsonl"), key_of=key_of)}
    assert calls == ["good"] and results["good"].stats["status"] == "built"
    assert results["deep"].stats["status"] == "failed" and results["deep"].stats["reason"] == "unreadable_tree"
    assert results["deep"].report.stage("repositories") == {"unreadable_tree": 1}
    with pytest.raises(ExecutionNotAllowedError):  # a fatal exception still stops the build
        run_repositories(repos, _builder([]), store=ShardStore(tmp_path / "s2", "items.jsonl"),
                         key_of=lambda r: (_ for _ in ()).throw(ExecutionNotAllowedError("no")),
                         fatal=(ExecutionNotAllowedError,))


@pytest.mark.parametrize("damage", ["no marker", "bad marker", "bad records"])
def test_a_partial_or_damaged_shard_is_rebuilt(tmp_path, damage):
    repos = _repos(tmp_path, "a")
    store = ShardStore(tmp_path / "shards", "items.jsonl")
    calls = []
    run_repositories(repos, _builder(calls), store=store, key_of=lambda r: "k")
    shard = tmp_path / "shards" / "a"
    if damage == "no marker":
        (shard / DONE).unlink()
    elif damage == "bad marker":
        (shard / DONE).write_text("[1, 2")
    else:
        (shard / "items.jsonl").write_text('{"id": \n')
    results = run_repositories(repos, _builder(calls), store=store, key_of=lambda r: "k")
    assert calls == ["a", "a"] and results[0].stats["status"] == "built"


def test_a_write_killed_mid_way_leaves_the_old_shard_and_its_leftover_is_removed(tmp_path, monkeypatch):
    """A shard is whole or absent; the temporary folder a killed write leaves is removed by the
    next run (it used to stay in the exec/class/instruct shard folders for ever)."""
    import crossfile_datasets.builders.split as split

    repos = _repos(tmp_path, "a")
    store = ShardStore(tmp_path / "shards", "items.jsonl")
    run_repositories(repos, _builder([]), store=store, key_of=lambda r: "k1")

    def killed(path, content):  # the process dies while writing the new shard's files
        raise KeyboardInterrupt

    monkeypatch.setattr(split, "atomic_write_jsonl", killed)
    with pytest.raises(KeyboardInterrupt):
        run_repositories(repos, _builder([]), store=store, key_of=lambda r: "k2")
    monkeypatch.undo()
    leftover = [p for p in (tmp_path / "shards").iterdir() if p.name.startswith(".a.tmp-")]
    assert len(leftover) == 1
    assert json.loads((tmp_path / "shards" / "a" / DONE).read_text())["fingerprint"] == "k1"  # the old shard, whole
    leftover[0].rename(tmp_path / "shards" / ".a.tmp-424242-1")  # the killed build was another process

    calls = []
    again = run_repositories(repos, _builder(calls), store=store, key_of=lambda r: "k2")
    assert calls == ["a"] and again[0].stats["status"] == "built"
    assert sorted(p.name for p in (tmp_path / "shards").iterdir()) == ["a"]


def test_workers_build_repositories_side_by_side(tmp_path):
    repos = _repos(tmp_path, "a", "b")
    both_running = threading.Barrier(2, timeout=20)  # one at a time: the barrier breaks, both fail

    def build_one(repo, report):
        both_running.wait()
        return [], {}

    results = run_repositories(repos, build_one, store=ShardStore(tmp_path / "s", "x.jsonl"), key_of=lambda r: "k",
                               workers=2)
    assert [r.stats["status"] for r in results] == ["built", "built"]
    assert [r.stats["repository"] for r in results] == ["a", "b"]  # name order, whatever finished first


def test_fingerprint_covers_settings_repository_and_content(tmp_path):
    (repo,) = _repos(tmp_path, "a")
    base = fingerprint({"seed": 1}, repo, "c1")
    assert base == fingerprint({"seed": 1}, repo, "c1")
    assert len({base, fingerprint({"seed": 2}, repo, "c1"), fingerprint({"seed": 1}, repo, "c2"),
                fingerprint({"seed": 1}, Repository("a", repo.root, repo.url, "def", "MIT"), "c1")}) == 4


def test_the_shard_key_changes_with_the_tools_code(tmp_path, monkeypatch):
    from crossfile_datasets.builders import split

    (repo,) = _repos(tmp_path, "a")
    now = fingerprint({}, repo, "c")
    assert len(split.tool_digest()) == 64
    monkeypatch.setattr(split, "tool_digest", lambda: "an older version")
    assert fingerprint({}, repo, "c") != now


def test_splits_that_run_code_need_the_explicit_opt_in():
    require_execution(True, "runs tests")
    with pytest.raises(ExecutionNotAllowedError, match=r"runs tests; .*--allow-execution"):
        require_execution(False, "runs tests")


@pytest.mark.slow
def test_an_edited_repository_is_rebuilt_by_the_executable_split(tmp_path):
    """Regression: the executable split's shard key had no content, so a local repository
    edited after its build was served from the stale shard."""
    from crossfile_datasets.builders.executable.build import build_executable_split

    root = tmp_path / "tiny"
    (root / "tiny").mkdir(parents=True)
    (root / "tiny" / "__init__.py").write_text("VALUE = 1\n")
    repo = Repository("tiny", root, "", "", "MIT")

    def status() -> str:
        build_executable_split([repo], tmp_path / "out", allow_execution=True, seed=1, workers=1, report=BuildReport(),
                               use_pynguin=False, mutants=0)
        stats = json.loads((tmp_path / "out" / "python" / "executable_stats.json").read_text())
        (row,) = stats["per_repository"]
        return row["status"]

    assert status() == "built"
    assert status() == "skipped_done"
    (root / "tiny" / "__init__.py").write_text("VALUE = 2\n")
    assert status() == "built"


KILLED_RUN = """
import json, sys, time
from pathlib import Path

from crossfile_datasets.builders.split import ShardStore, run_repositories
from crossfile_datasets.core.records import Repository

root, started = Path(sys.argv[1]), Path(sys.argv[2])


def build_one(repo, report):
    if repo.name == "c" and not (root / "resume").exists():
        started.write_text("c")
        time.sleep(600)
    report.count("files", "generated", repo.name)
    return [{"id": f"{repo.name}/{i}", "text": repo.name * i} for i in range(3)], {"items": 3}


results = run_repositories([Repository(n, root / n, "", "", "MIT") for n in "abcd"], build_one,
                           store=ShardStore(root / "shards", "items.jsonl"), key_of=lambda r: "k", workers=int(sys.argv[3]))
(root / "out.jsonl").write_text("".join(json.dumps(rec) + "\\n" for r in results for rec in r.records))
print(json.dumps([r.stats.get("error") or r.stats["status"] for r in results]))
"""


@pytest.mark.parametrize("workers", [1, 2])
def test_a_run_killed_mid_way_resumes_to_identical_output(tmp_path, workers):
    """kill -9 while repository c is being built (with b and d finished or not): the resumed run
    reuses what finished, builds the rest, and writes what an uninterrupted run writes."""
    import os
    import signal
    import subprocess
    import sys
    import time

    def run(root, *, kill: bool) -> str:
        root.mkdir(parents=True, exist_ok=True)
        started = root / "started"
        child = subprocess.Popen([sys.executable, "-c", KILLED_RUN, str(root), str(started), str(workers)],
                                 stdout=subprocess.PIPE, text=True, start_new_session=True)
        if not kill:
            return child.communicate(timeout=600)[0]
        deadline = time.monotonic() + 600  # generous: the child's imports take minutes at load 70
        while not started.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        os.killpg(child.pid, signal.SIGKILL)
        child.wait()
        assert started.exists() and not (root / "out.jsonl").exists()
        assert not (root / "shards" / "c").exists()
        # a kill between the marker written into ``.d.tmp-*`` and its rename leaves a finished
        # temporary folder: not a shard (the resumed run removes it and builds d again)
        return json.dumps(sorted(p.name for p in (root / "shards").iterdir()
                                 if (p / DONE).is_file() and not p.name.startswith(".")))

    whole, killed = tmp_path / "whole", tmp_path / "killed"
    (whole / "resume").mkdir(parents=True)
    run(whole, kill=False)
    finished = json.loads(run(killed, kill=True))  # with two workers, a or b may still be running
    assert finished and set(finished) <= {"a", "b", "d"}
    (killed / "resume").mkdir()
    statuses = dict(zip("abcd", json.loads(run(killed, kill=False))))
    assert statuses == {name: "skipped_done" if name in finished else "built" for name in "abcd"}
    assert (killed / "out.jsonl").read_bytes() == (whole / "out.jsonl").read_bytes()
    for name in "abcd":
        assert (killed / "shards" / name / "items.jsonl").read_bytes() == (whole / "shards" / name / "items.jsonl").read_bytes()


# -- where the jobs run (builders/executors.py): every split gets the same process pool -------
def _killed_on_b(repo, report):
    """A job that kills its own worker process (as the OOM killer would) for repository b."""
    import os
    import signal

    if repo.name == "b":
        os.kill(os.getpid(), signal.SIGKILL)
    report.count("files", "generated", f"{repo.name}/x.py")
    return [{"id": f"{repo.name}/1", "pid": os.getpid()}], {"items": 1}


class _Fatal(RuntimeError):
    pass


def _fatal_on_b(repo, report):
    if repo.name == "b":
        raise _Fatal("the checker is not installed")
    return [], {}


def test_a_worker_process_that_dies_loses_only_its_repository(tmp_path):
    """On the process executor a job that kills its worker every time is failed with reason
    worker_lost after its retries, counted; the other repositories are built (in other
    processes), stored, and reused by the next run while the lost one is tried again."""
    import os

    repos = _repos(tmp_path, "c", "b", "a")
    store = ShardStore(tmp_path / "shards", "items.jsonl")
    done = []
    results = run_repositories(repos, _killed_on_b, store=store, key_of=lambda r: "k", workers=2,
                               executor="processes", on_done=lambda r: done.append(r.stats["repository"]))
    by_name = {r.stats["repository"]: r for r in results}
    assert [r.stats["repository"] for r in results] == ["a", "b", "c"] and sorted(done) == ["a", "b", "c"]
    assert by_name["b"].stats["status"] == "failed" and by_name["b"].stats["reason"] == "worker_lost"
    assert by_name["b"].stats["attempts"] == 3  # two pools, then alone
    assert by_name["b"].report.stage("repositories") == {"failed": 1}
    assert not (tmp_path / "shards" / "b").exists()
    for name in ("a", "c"):
        assert by_name[name].stats["status"] == "built"
        assert by_name[name].records[0]["pid"] != os.getpid()  # built in a worker process
        assert json.loads((tmp_path / "shards" / name / DONE).read_text())["fingerprint"] == "k"
    calls = []  # the next run (b no longer kills its worker) builds b alone
    again = run_repositories(repos, _builder(calls), store=store, key_of=lambda r: "k", workers=2, executor="processes")
    assert [r.stats["status"] for r in again] == ["skipped_done", "built", "skipped_done"] and calls == ["b"]


def test_a_fatal_error_stops_the_build_on_every_executor(tmp_path):
    """A missing checker (``fatal``) is not one repository's failure: it stops the build, from a
    thread or a worker process alike; any other exception is counted for its repository."""
    repos = _repos(tmp_path, "a", "b")
    for executor in ("threads", "processes"):
        store = ShardStore(tmp_path / executor, "items.jsonl")
        with pytest.raises(_Fatal):
            run_repositories(repos, _fatal_on_b, store=store, key_of=lambda r: "k", workers=2, executor=executor,
                             fatal=(_Fatal,))
        results = run_repositories(repos, _fatal_on_b, store=store, key_of=lambda r: "k2", workers=2,
                                   executor=executor)
        assert [r.stats["status"] for r in results] == ["built", "failed"]
        assert results[1].stats["error"] == "_Fatal: the checker is not installed"


@pytest.mark.parametrize("split", ["class", "executable", "instruct"])
def test_ray_for_a_split_that_runs_locally_is_refused_not_ignored(tmp_path, split):
    """The other splits run their repositories on this machine: ``--executor ray`` for them is
    a clear error before anything is built (it used to be ignored without a word)."""
    from typer.testing import CliRunner

    from crossfile_datasets.builders.cli import app

    (tmp_path / "repo").mkdir()
    (tmp_path / "repo" / "m.py").write_text("x = 1\n")
    result = CliRunner().invoke(app, ["--lang", "python", "--split", split, "--executor", "ray", "--allow-execution",
                                      "--repos", str(tmp_path / "repo"), "--output", str(tmp_path / "out")])
    assert result.exit_code == 2 and "--executor ray builds --split completion only" in result.output, result.output
    assert not (tmp_path / "out").exists()


def test_records_holding_line_separators_are_read_back_whole(tmp_path):
    """A record's string may hold U+2028, U+2029 or U+0085, which ``json.dumps(ensure_ascii=
    False)`` writes raw; ``str.splitlines()`` split the record there, so the finished shard
    never read back and was rebuilt on every run."""
    repos = _repos(tmp_path, "a")
    store = ShardStore(tmp_path / "shards", "items.jsonl")
    calls = []

    def build_one(repo, report):
        calls.append(repo.name)
        return [{"id": "a/1", "text": "x\u2028y\u2029z\x85w\x1c"}], {"items": 1}

    run_repositories(repos, build_one, store=store, key_of=lambda r: "k1")
    again = run_repositories(repos, build_one, store=store, key_of=lambda r: "k1")
    assert calls == ["a"] and again[0].stats["status"] == "skipped_done"
    assert again[0].records == [{"id": "a/1", "text": "x\u2028y\u2029z\x85w\x1c"}]


def _edits(root):
    """What a run's copy holds besides the sources, changed one after another (red team 6 row 6)."""
    yield lambda: (root / "pytest.ini").write_text("[pytest]\nmarkers =\n    ledger: tests of the ledger\n")
    yield lambda: (root / "requirements.txt").write_text("attrs==23.1.0\n")
    yield lambda: (root / "tests" / "data.json").write_text('{"total": 6}\n')
    yield lambda: ((root / ".plugins").mkdir(), (root / ".plugins" / "forge.py").write_text("x = 1\n"))


@pytest.mark.parametrize("lang", ["python", "java", "csharp"])
def test_the_shard_key_of_the_executable_and_class_splits_covers_the_whole_tree(tmp_path, lang):
    """Executable and class shards (``keyed_by_content``; the class split builds Python, Java
    and C#) record ``tree_sha256``, the whole tree's digest: a changed file that is not a
    source (configuration, requirements, test data, a dot-folder) gives another key, so a
    resumed build rebuilds the shard instead of serving the old tree's records (red team 6
    row 6: keyed on the sources alone, the old shard was served)."""
    from crossfile_datasets.builders.split import keyed_by_content
    from crossfile_datasets.lang import Lang, get_language

    (repo,) = _repos(tmp_path, "a")
    (repo.root / "tests").mkdir()
    source = {"python": "m.py", "java": "M.java", "csharp": "M.cs"}[lang]
    (repo.root / source).write_text("// a source\n" if lang != "python" else "x = 1\n")
    key_of = keyed_by_content(get_language(Lang(lang)), lambda r, content: fingerprint({}, r, content))
    keys = [key_of(repo)]
    for edit in _edits(repo.root):
        edit()
        keys.append(key_of(repo))
    assert len(set(keys)) == len(keys), keys
    assert key_of(repo) == keys[-1]  # nothing changed: the same key


@pytest.mark.parametrize("observe_types", [False, True])
def test_the_completion_shard_key_covers_what_its_build_reads(tmp_path, observe_types):
    """The completion split keys on ``tree_hash`` (every file checking can read, outside
    dot-folders and vendored or build folders); with ``--observe-types`` the repository's tests
    run on a copy of the whole tree, so the key covers that too (``tree_digest``)."""
    from crossfile_datasets.builders.completion.pipeline import shard_content
    from crossfile_datasets.builders.completion.shards import BuildSettings

    (repo,) = _repos(tmp_path, "a")
    (repo.root / "tests").mkdir()
    (repo.root / "m.py").write_text("x = 1\n")
    settings = BuildSettings(output=tmp_path / "out", observe_types=observe_types)
    keys = [shard_content(settings, repo)]
    edits = list(_edits(repo.root))
    for edit in edits[:3]:
        edit()
        keys.append(shard_content(settings, repo))
    assert len(set(keys)) == len(keys), keys
    edits[3]()  # a dot-folder: read by the tests' run only
    assert (shard_content(settings, repo) != keys[-1]) is observe_types


def test_tree_hash_walks_without_recursion_and_names_folders_past_the_depth_cap(tmp_path, monkeypatch):
    """Red team 10 row 4: ``tree_hash`` is iterative (a tree deeper than Python's recursion limit
    is no RecursionError) and, as the listing, does not walk folders past ``MAX_DIR_DEPTH``."""
    from crossfile_datasets.builders.cache import tree_hash
    from crossfile_datasets.core import constants as C

    monkeypatch.setattr(C, "MAX_DIR_DEPTH", 3)
    deep = tmp_path / "r" / "a" / "b" / "c" / "d"
    deep.mkdir(parents=True)
    (deep / "f.py").write_text("x = 1\n")
    (tmp_path / "r" / "a" / "b" / "g.py").write_text("y = 1\n")
    before = tree_hash(tmp_path / "r")
    (deep / "f.py").write_text("x = 2\n")  # past the cap: not read, as the listing does not read it
    assert tree_hash(tmp_path / "r") == before
    (tmp_path / "r" / "a" / "b" / "g.py").write_text("y = 2\n")
    assert tree_hash(tmp_path / "r") != before
    monkeypatch.setattr(C, "MAX_DIR_DEPTH", 10)
    import sys

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(60)  # deeper than a recursive walk could go with this limit
    try:
        nested = tmp_path / "n"
        path = nested
        for _ in range(8):
            path = path / "d"
        path.mkdir(parents=True)
        assert len(tree_hash(nested)) == 64
    finally:
        sys.setrecursionlimit(limit)
