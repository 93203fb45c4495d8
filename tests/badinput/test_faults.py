"""Build-level faults (issue 15): each is counted under a named reason or stopped with a clear
error, the build ends in bounded time, the other repositories still give their examples, nothing
bogus is emitted, and a killed build leaves no process and (after the rerun) no temporary folder."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import uuid
from pathlib import Path

import pytest
from typer.testing import CliRunner

from crossfile_datasets.builders.cli import app
from crossfile_datasets.builders.completion.shards import BuildSettings
from crossfile_datasets.builders.completion.pipeline import build_language, build_scope
from crossfile_datasets.builders.repos import RepositoryError, RepoSpec, read_manifest, resolve_all
from crossfile_datasets.lang import Lang
from tests.badinput import faults
from tests.conftest import ROOT
from tests.core.test_pipeline import good_repo

pytestmark = [pytest.mark.pylint, pytest.mark.slow]

BOUND = 300  # seconds any build here may take: a hang fails the test instead of stalling CI


def _cli(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(faults.cli_argv(*args), cwd=ROOT, capture_output=True, text=True, timeout=BOUND,
                          env={**os.environ, **(env or {})})


def _flat(text: str) -> str:
    return " ".join(text.split())  # the console wraps long messages


def _examples(out: Path) -> list[dict]:
    return [json.loads(line) for line in (out / "python/line_completion.jsonl").read_text().splitlines()]


def _stats(out: Path) -> dict:
    return json.loads((out / "python/stats.json").read_text())


# ------------------------------------------------------------------------------ inputs --
def test_bad_inputs_are_clear_errors_not_tracebacks(tmp_path, monkeypatch):
    monkeypatch.setenv("CROSSFILE_CACHE", os.environ["CROSSFILE_CACHE"])  # --cache-dir sets it in-process
    repo = good_repo(tmp_path / "m", "proj")
    runner = CliRunner()
    cases = {
        "not an object": (faults.manifest(tmp_path / "m" / "list.jsonl", [[{"path": "proj"}]]), "expected a JSON object"),
        "utf-16": (faults.utf16_manifest(tmp_path / "m" / "u16.jsonl", [{"path": "proj"}]), "UTF-16"),
        "leaves its folder": (faults.manifest(tmp_path / "m" / "up.jsonl", [{"path": "../../../../etc"}]), "leaves the manifest's folder"),
        "absolute outside": (faults.manifest(tmp_path / "m" / "abs.jsonl", [{"path": "/etc"}]), "--allow-outside-manifest"),
    }
    for name, (manifest, message) in cases.items():
        res = runner.invoke(app, ["--lang", "python", "--repos", str(manifest), "--output", str(tmp_path / "o")])
        assert res.exit_code == 2 and message in _flat(res.output) and "Traceback" not in res.output, (name, res.output)
        assert not (tmp_path / "o" / "python").exists(), name  # nothing built from a bad manifest
    output_file = tmp_path / "a_file"
    output_file.write_text("x")
    res = runner.invoke(app, ["--lang", "python", "--repos", str(repo), "--output", str(output_file)])
    assert res.exit_code == 2 and "not a folder" in _flat(res.output)
    for bad_cache in (output_file, Path("/proc/version")):  # a file; a folder that cannot be made
        res = runner.invoke(app, ["--lang", "python", "--repos", str(repo), "--output", str(tmp_path / "o"), "--cache-dir", str(bad_cache)])
        assert res.exit_code == 2 and "not usable" in _flat(res.output), res.output
    # the explicit flag lets a manifest name a folder elsewhere
    elsewhere = faults.manifest(tmp_path / "m" / "sub" / "repos.jsonl", [{"path": "../proj"}])
    with pytest.raises(RepositoryError, match="leaves"):
        read_manifest(elsewhere)
    assert [s.path for s in read_manifest(elsewhere, allow_outside=True)] == [str(repo.resolve())]


def test_read_only_cache_folder_is_an_error_at_start(tmp_path, monkeypatch):
    monkeypatch.setenv("CROSSFILE_CACHE", os.environ["CROSSFILE_CACHE"])
    cache = tmp_path / "ro"
    cache.mkdir()
    cache.chmod(stat.S_IRUSR | stat.S_IXUSR)
    if os.geteuid() == 0:  # root writes into read-only folders, but not into this one
        cache = Path("/proc/sys")
    res = CliRunner().invoke(app, ["--lang", "python", "--repos", str(good_repo(tmp_path, "p")), "--output", str(tmp_path / "o"),
                                   "--cache-dir", str(cache)])
    assert res.exit_code == 2 and "not usable" in _flat(res.output)


def test_dead_url_is_counted_and_the_others_are_built(tmp_path):
    good_repo(tmp_path / "m", "alive")
    manifest = faults.manifest(tmp_path / "m" / "repos.jsonl", [{"url": faults.dead_url(tmp_path / "m")}, {"path": "alive"}])
    res = _cli("--lang", "python", "--repos", str(manifest), "--output", str(tmp_path / "out"), "--retrievers", "", "--no-cache")
    assert res.returncode == 0, res.stderr
    stats = _stats(tmp_path / "out")
    assert stats["skipped_repositories"].get("clone_failed") == 1
    [failed] = stats["failed_repositories"]
    assert failed["reason"] == "clone_failed" and "no-such-repository" in failed["repository"]
    assert stats["examples"] >= 3 and {e["metadata"]["repository"] for e in _examples(tmp_path / "out")} == {"alive"}
    assert "clone_failed" in (tmp_path / "out/python/README.md").read_text()
    assert "clone_failed" in res.stdout  # the summary names it too


def test_nothing_built_exits_non_zero_with_reasons(tmp_path):
    manifest = faults.manifest(tmp_path / "repos.jsonl", [{"url": faults.dead_url(tmp_path)}])
    res = _cli("--lang", "python", "--repos", str(manifest), "--output", str(tmp_path / "out"), "--retrievers", "", "--no-cache")
    assert res.returncode == 1 and "nothing could be built" in res.stderr, (res.returncode, res.stderr[-2000:])
    stats = _stats(tmp_path / "out")
    assert stats["examples"] == 0 and [f["reason"] for f in stats["failed_repositories"]] == ["clone_failed"]


# ------------------------------------------------------------------------ resume, cache --
def test_changed_repository_is_rebuilt_on_resume_even_without_cache(tmp_path):
    repo = good_repo(tmp_path, "r")
    repos = resolve_all([RepoSpec(path=str(repo))])
    settings = BuildSettings(output=tmp_path / "out", retrievers=(), use_cache=False)
    before = build_language(Lang.PYTHON, repos, settings)
    (repo / "app.py").write_text((repo / "app.py").read_text() + "more = helpers.compute_total(4)\n")
    done = []
    stats = build_language(Lang.PYTHON, repos, settings, on_done=done.append)
    assert [s.status for s in done] == ["built"]
    assert stats["usages_detected"] == before["usages_detected"] + 1, "stale shard reused"
    done.clear()
    build_language(Lang.PYTHON, repos, settings, on_done=done.append)
    assert [s.status for s in done] == ["skipped_done"]


@pytest.mark.parametrize("how,reason", [("garbage", "corrupt_entry"), ("empty_object", "corrupt_entry"),
                                        ("empty_list", "corrupt_entry"), ("tampered", "checksum_mismatch")])
def test_damaged_cache_entries_are_counted_and_recomputed(tmp_path, how, reason):
    repos = resolve_all([RepoSpec(path=str(good_repo(tmp_path, "r")))])
    cache = tmp_path / "cache"
    first = build_language(Lang.PYTHON, repos, BuildSettings(output=tmp_path / "a", retrievers=(), cache_dir=cache))
    assert faults.damage_cache_entries(cache, how) == 1
    again = build_language(Lang.PYTHON, repos, BuildSettings(output=tmp_path / "b", retrievers=(), cache_dir=cache))
    assert again["counts_by_stage"]["cache"] == {reason: 1}
    assert "cache_hits" not in again["checker"] and again["checker"]["pylint_runs"] >= 1  # recomputed
    assert _examples(tmp_path / "b") == _examples(tmp_path / "a") and first["examples"] >= 3
    third = build_language(Lang.PYTHON, repos, BuildSettings(output=tmp_path / "c", retrievers=(), cache_dir=cache))
    assert third["checker"]["cache_hits"] == 1 and "cache" not in third["counts_by_stage"]  # healed


# ------------------------------------------------------------------------ lock, atomic --
def test_second_build_into_the_same_output_is_refused(tmp_path):
    repo = good_repo(tmp_path, "r")
    with build_scope(tmp_path / "out"):  # a build holding the folder
        res = _cli("--lang", "python", "--repos", str(repo), "--output", str(tmp_path / "out"), "--retrievers", "")
    assert res.returncode == 2 and "another build" in res.stderr and "Traceback" not in res.stderr
    assert not (tmp_path / "out" / "python").exists()


def test_final_files_are_replaced_whole_or_not_at_all(tmp_path):
    from crossfile_datasets.core.atomic import atomic_write_jsonl

    path = tmp_path / "final.jsonl"
    atomic_write_jsonl(path, [{"a": 1}])

    def rows():
        yield {"a": 2}
        raise OSError(28, "No space left on device")  # ENOSPC in the middle of the write

    with pytest.raises(OSError):
        atomic_write_jsonl(path, rows())
    assert path.read_text() == '{"a": 1}\n' and [p.name for p in tmp_path.iterdir()] == ["final.jsonl"]


# ------------------------------------------------------------------------------- kills --
@pytest.mark.parametrize("workers", [1, 2])
def test_killing_the_build_leaves_no_process_and_no_temporary_folder(tmp_path, workers):
    """kill -9 of the parent alone (not its group) while checkers run: workers and checkers die
    with it; the rerun removes the dead build's temporary folder and its own."""
    repos = faults.repositories(tmp_path / "repos", 3, bulk=800)  # a checker run lasts seconds
    tmpdir = tmp_path / "tmp"
    tmpdir.mkdir()
    tag = uuid.uuid4().hex
    args = ["--lang", "python", "--repos-dir", str(repos), "--output", str(tmp_path / "out"), "--retrievers", "",
            "--no-cache", "--workers", str(workers)]
    proc = faults.start_build(args, tmpdir, tag)
    try:
        running = faults.wait_for(lambda: [p for p, cmd in faults.processes_of(tag).items() if "pylint" in cmd], BOUND)
        assert running, "no checker ever ran"
        assert list(tmpdir.glob("crossfile-build-*")), "the build has no private temporary folder"
        faults.kill(proc.pid)
        proc.wait(timeout=30)
        # at once (the death signal), not when the checker would have finished anyway
        left = faults.wait_for(lambda: not faults.processes_of(tag), 1.5) or faults.processes_of(tag)
        assert left is True, f"processes of the killed build survive: {left}"
    finally:
        for pid in faults.processes_of(tag):
            faults.kill(pid)
        proc.stderr.close()
    rerun = faults.start_build([a for a in args if a != "--no-cache"], tmpdir, tag)  # same shards, quicker
    _, err = rerun.communicate(timeout=BOUND)
    assert rerun.returncode == 0, err.decode()[-3000:]
    assert list(tmpdir.iterdir()) == [], list(tmpdir.iterdir())
    assert not faults.processes_of(tag)
    assert _stats(tmp_path / "out")["examples"] >= 9


def test_a_killed_worker_loses_no_repository(tmp_path):
    """The OOM killer takes one pool worker: its repository is built again, the build goes on."""
    repos = faults.repositories(tmp_path / "repos", 4)
    tmpdir = tmp_path / "tmp"
    tmpdir.mkdir()
    tag = uuid.uuid4().hex
    args = ["--lang", "python", "--repos-dir", str(repos), "--output", str(tmp_path / "out"), "--retrievers", "",
            "--no-cache", "--workers", "2"]
    proc = faults.start_build(args, tmpdir, tag)
    try:
        def busy_worker():
            workers = [p for p in faults.children(proc.pid) if "crossfile_datasets.builders.cli" in faults.processes_of(tag).get(p, "")]
            return [w for w in workers if any("pylint" in faults.processes_of(tag).get(c, "") for c in faults.children(w))]

        victims = faults.wait_for(busy_worker, BOUND)
        assert victims, "no worker was seen running a checker"
        faults.kill(victims[0])
        _, err = proc.communicate(timeout=BOUND)
    finally:
        faults.kill(proc.pid)
    assert proc.returncode == 0, err.decode()[-3000:]
    stats = _stats(tmp_path / "out")
    assert [r["status"] for r in stats["per_repository"]] == ["built"] * 4 and not stats["failed_repositories"]
    assert any(r.get("attempts", 1) > 1 for r in stats["per_repository"])
    assert stats["repositories_with_examples"] == 4
