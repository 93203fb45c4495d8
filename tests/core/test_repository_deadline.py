"""The per-repository time limit (core/deadline.py): a repository that stalls is stopped at its
next process or parse and counted ``repositories/timeout``; the others are built; nothing of it
is cached. Before it, a build stopped from outside left the stalled repository with no reason."""

from __future__ import annotations

import functools
import json
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from crossfile_datasets.analyzers.run import RunStatus, run
from crossfile_datasets.builders.split import ShardStore, run_repositories
from crossfile_datasets.core import constants as C
from crossfile_datasets.core import deadline
from crossfile_datasets.core.reasons import lookup
from tests.core.test_split_engine import _repos

SLEEPER = [sys.executable, "-c", "import time; time.sleep(60)"]


def test_without_a_deadline_a_run_keeps_its_own_timeout():
    assert deadline.current() is None
    assert deadline.cut(5.0, "x") == 5.0
    res = run(SLEEPER, timeout=0.3)
    assert res.status is RunStatus.TIMEOUT  # the caller's own time-out, returned as before


def test_a_run_past_the_repository_limit_raises_and_its_process_group_dies():
    started = time.monotonic()
    with deadline.repository(0.6):
        with pytest.raises(deadline.RepositoryTimeLimit) as caught:
            try:
                run(SLEEPER, timeout=60)
            except Exception:  # a checker guard turning crashes into file losses lets it through
                pytest.fail("the limit must not be an Exception a checker guard would swallow")
    assert time.monotonic() - started < 10
    assert "python" in caught.value.during and "time.sleep(60)" in caught.value.during
    assert "past the repository time limit of 0.6 s" in str(caught.value)


def test_a_run_within_the_limit_times_out_as_its_own():
    with deadline.repository(30):
        res = run(SLEEPER, timeout=0.3)
    assert res.status is RunStatus.TIMEOUT


def test_clean_up_after_the_limit_still_runs_but_capped():
    with deadline.repository(0.05) as limit:
        time.sleep(0.1)
        with pytest.raises(deadline.RepositoryTimeLimit):
            deadline.check("parsing")
        assert limit is not None and limit.fired
        # a finally block's process: runs, its time-out cut to the clean-up allowance
        assert deadline.cut(600.0, "cleanup") == deadline.CLEANUP_SECONDS
        assert run([sys.executable, "-c", "print('bye')"], timeout=600).stdout.strip() == "bye"


def test_the_deadline_is_carried_into_a_repositorys_own_threads():
    seen = []
    with deadline.repository(100) as mine:
        with ThreadPoolExecutor(max_workers=2) as pool:
            list(pool.map(deadline.carried(lambda _: seen.append(deadline.current())), range(4)))
        with ThreadPoolExecutor(max_workers=1) as pool:  # without carried: no deadline there
            bare = pool.submit(deadline.current).result()
    assert seen == [mine] * 4 and bare is None


def test_a_parse_past_the_limit_raises():
    from crossfile_datasets.lang import Lang, get_language
    from tree_sitter import Parser

    from crossfile_datasets.lang.base import bounded_parse

    parser = Parser(get_language(Lang.PYTHON).ts_language("a.py"))
    with deadline.repository(0.01):
        time.sleep(0.05)
        with pytest.raises(deadline.RepositoryTimeLimit, match="during parsing"):
            bounded_parse(parser, b"x = 1\n")


def _stall_build(name, where, repo, report):
    report.count("files", "generated", f"{repo.name}/gen.py")  # counted before the stall: kept
    if repo.name == name:
        if where == "thread":  # in a pool of its own, as the checkers' rounds run
            with ThreadPoolExecutor(max_workers=2) as pool:
                list(pool.map(deadline.carried(lambda _: run(SLEEPER, timeout=120)), range(2)))
        else:
            try:
                run(SLEEPER, timeout=120)
            except Exception:  # noqa: BLE001 - as a checker guard would
                return [], {"swallowed": True}
    return [{"id": f"{repo.name}/1"}], {"items": 1}


def _stalls_on(name, where):
    return functools.partial(_stall_build, name, where)  # picklable: it travels to worker processes


@pytest.mark.parametrize("where", ["process", "thread"])
def test_a_stalled_repository_is_counted_timeout_and_the_others_are_built(tmp_path, where):
    repos = _repos(tmp_path, "fast", "stuck", "zeta")
    store = ShardStore(tmp_path / "shards", "items.jsonl")
    started = time.monotonic()
    results = {r.stats["repository"]: r for r in run_repositories(
        repos, _stalls_on("stuck", where), store=store, key_of=lambda r: "k", time_limit=1.0)}
    assert time.monotonic() - started < 30
    stuck = results["stuck"]
    assert stuck.stats["status"] == "timeout" and stuck.records == []
    assert "python" in stuck.stats["during"]
    assert stuck.report.stage("repositories") == {"timeout": 1}
    assert stuck.report.stage("files") == {"generated": 1}  # how far it got stays counted
    assert [results[n].stats["status"] for n in ("fast", "zeta")] == ["built", "built"]
    assert not (tmp_path / "shards" / "stuck").exists()  # nothing cached: a rerun tries again
    assert (tmp_path / "shards" / "fast" / "DONE.json").is_file()
    again = run_repositories(repos, _stalls_on("nobody", where), store=store, key_of=lambda r: "k", time_limit=1.0)
    assert [r.stats["status"] for r in again] == ["skipped_done", "built", "skipped_done"]


def test_the_configured_limit_applies_and_zero_means_none(tmp_path):
    repos = _repos(tmp_path, "stuck")
    assert deadline.configured_limit() == C.REPOSITORY_TIME_LIMIT
    with deadline.limit_repositories(0.8):
        results = run_repositories(repos, _stalls_on("stuck", "process"), store=ShardStore(tmp_path / "s", "x.jsonl"),
                                   key_of=lambda r: "k")
    assert results[0].stats["status"] == "timeout"
    with deadline.limit_repositories(0):
        assert deadline.configured_limit() is None


@pytest.mark.slow
def test_the_limit_travels_to_worker_processes(tmp_path):
    repos = _repos(tmp_path, "fast", "stuck")
    results = run_repositories(repos, _stalls_on("stuck", "process"), store=ShardStore(tmp_path / "s", "x.jsonl"),
                               key_of=lambda r: "k", time_limit=1.5, workers=2, executor="processes")
    assert [r.stats["status"] for r in results] == ["built", "timeout"]
    assert results[1].report.stage("repositories") == {"timeout": 1}


def test_the_reason_is_declared_as_a_loss():
    reason = lookup("repositories/timeout")
    assert reason is not None and reason.kind.value == "loss" and reason.name == "timeout"


@pytest.mark.slow
def test_build_dataset_counts_a_repository_past_its_limit(tmp_path):
    """End to end: the CLI's --repository-time-limit reaches the completion split's worker
    processes; the repository is reported, not lost in silence."""
    from typer.testing import CliRunner

    from crossfile_datasets.builders.cli import app
    from crossfile_datasets.core.paths import EXAMPLES_DIR

    out = tmp_path / "out"
    res = CliRunner().invoke(app, ["--lang", "python", "--repos", str(EXAMPLES_DIR / "python" / "textkit"),
                                   "--output", str(out), "--repository-time-limit", "0.001", "--no-cache"])
    assert res.exit_code == 1, res.output
    assert "timeout" in res.output
    stats = json.loads((out / "python" / "stats.json").read_text())
    assert stats["failed_repositories"][0]["reason"] == "timeout"
    assert stats["failed_repositories"][0]["repository"] == "textkit"
    assert "timeout" in json.dumps(stats["reasons_by_kind"])
