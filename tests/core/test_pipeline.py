"""End-to-end builds: bad input is counted not fatal, output is deterministic, builds resume."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import datasets
import pytest

from crossfile_datasets.builders.cli import app
from crossfile_datasets.builders.completion.shards import BuildSettings
from crossfile_datasets.builders.completion.pipeline import build_language
from crossfile_datasets.builders.repos import RepoSpec, resolve_all
from crossfile_datasets.lang import Lang
from tests.conftest import ROOT, write_tree

pytestmark = [pytest.mark.pylint, pytest.mark.slow]

PAD = "".join(f"step_{i} = {i}\n" for i in range(12))
GOOD_USE = PAD + "value = helpers.compute_total(3)\nother = Widget().render_widget()\n"


def good_repo(root: Path, name: str) -> Path:
    return write_tree(root / name, {
        "LICENSE": "Apache License\nVersion 2.0, January 2004\n",
        "lib/__init__.py": "",
        "lib/helpers.py": "def compute_total(n):\n    return n * 2\n",
        "lib/widget.py": "class Widget:\n    def render_widget(self):\n        return '<w>'\n",
        "app.py": "from lib import helpers\nfrom lib.widget import Widget\n" + GOOD_USE,
    })


def bad_repo(root: Path) -> Path:
    repo = root / "bad"
    write_tree(repo, {
        "lib/__init__.py": "",
        "lib/helpers.py": "def compute_total(n):\n    return n * 2\n",
        "lib/widget.py": "class Widget:\n    def render_widget(self):\n        return '<w>'\n",
        "broken.py": "from lib import helpers\ndef f(:\n    helpers.compute_total(1)\n",
        "bom_crlf.py": ("\ufefffrom lib import helpers\r\n" + GOOD_USE.replace("\n", "\r\n")).encode("utf-8"),
        "latin1.py": "from lib import helpers\n# caf\xe9\n".encode("latin-1"),
        "generated_big.py": ("# big table\n" + "X = [" + ", ".join(str(i) for i in range(1_000_000)) + "]\n").encode(),
        "nul.py": b"import os\x00\x00\n",
        "minified.py": ("x=1;" * 3000 + "\n").encode(),
        "models_pb2.py": "# proto\nclass M: pass\n",
        "empty.py": "",
        "vendor/lib3.py": "from lib import helpers\n",
    })
    os.symlink("/etc", repo / "etc_link")
    os.symlink("/etc/hostname", repo / "host.py")
    os.symlink(repo / "lib" / "helpers.py", repo / "alias.py")
    return repo


def test_bad_input_is_counted_and_never_fatal(tmp_path):
    bad = bad_repo(tmp_path / "repos")
    empty = write_tree(tmp_path / "repos" / "no_python", {"README.md": "nothing here\n"})
    repos = resolve_all([RepoSpec(path=str(bad)), RepoSpec(path=str(empty))])
    stats = build_language(Lang.PYTHON, repos, BuildSettings(output=tmp_path / "out", retrievers=()))
    skipped = stats["skipped_files"]
    assert skipped["syntax_error"] == 1
    assert skipped["undecodable"] == 1
    assert skipped["oversize"] == 1
    assert skipped["binary"] == 1
    assert skipped["minified"] == 1
    assert skipped["generated"] == 1
    assert skipped["link_outside_repo"] == 1
    assert skipped["symlink"] == 1
    assert stats["skipped_repositories"] == {"no_source_files": 1}
    assert stats["normalized_files"] == {"bom_stripped": 1, "crlf_converted": 1}
    records = [json.loads(l) for l in (tmp_path / "out/python/line_completion.jsonl").read_text().splitlines()]
    assert {r["metadata"]["file"] for r in records} == {"bom_crlf.py"}
    text = (bad / "bom_crlf.py").read_bytes().decode("utf-8-sig").replace("\r\n", "\n")
    for r in records:
        assert r["prompt"] + r["groundtruth"] + r["right_context"] == text


def test_a_build_without_any_example_still_writes_an_empty_dataset(tmp_path):
    """Regression: merging zero examples crashed in datasets (no columns to match the features)."""
    repo = write_tree(tmp_path / "repos" / "lonely", {"only.py": "x = 1\n"})
    stats = build_language(Lang.PYTHON, resolve_all([RepoSpec(path=str(repo))]), BuildSettings(output=tmp_path / "out"))
    assert stats["examples"] == 0
    ds = datasets.load_from_disk(str(tmp_path / "out/python/dataset"))
    assert ds["cross_file_first"].num_rows == 0 and "prompt" in ds["cross_file_first"].column_names
    assert (tmp_path / "out/python/line_completion_rg1_bm25.jsonl").read_text() == ""


def _digest(out: Path) -> dict:
    names = ["line_completion.jsonl", "usages.jsonl"]
    return {n: hashlib.sha256((out / "python" / n).read_bytes()).hexdigest() for n in names}


def test_same_input_and_seed_give_identical_output_and_seed_changes_cursors(tmp_path):
    repos = resolve_all([RepoSpec(path=str(good_repo(tmp_path, n))) for n in ("r1", "r2")])
    a = build_language(Lang.PYTHON, repos, BuildSettings(output=tmp_path / "a", retrievers=()))
    b = build_language(Lang.PYTHON, repos, BuildSettings(output=tmp_path / "b", retrievers=(), workers=2))
    assert a["repositories_with_examples"] == 2 and a["examples"] >= 4 and b["examples"] == a["examples"]
    assert _digest(tmp_path / "a") == _digest(tmp_path / "b")  # 1 worker vs 2 workers
    ds = datasets.load_from_disk(str(tmp_path / "a/python/dataset"))
    assert ds["cross_file_first"].num_rows == a["examples"] and ds["cross_file_first"][0]["metadata"]["task_id"] == "r1/python/0"
    seeds = set()
    for seed in range(6):
        build_language(Lang.PYTHON, repos, BuildSettings(output=tmp_path / f"s{seed}", retrievers=(), seed=seed))
        seeds.add(_digest(tmp_path / f"s{seed}")["line_completion.jsonl"])
    assert len(seeds) > 1


def test_rerun_skips_finished_shards(tmp_path):
    repos = resolve_all([RepoSpec(path=str(good_repo(tmp_path, n))) for n in ("r1", "r2")])
    settings = BuildSettings(output=tmp_path / "out", retrievers=())
    build_language(Lang.PYTHON, repos, settings)
    before = _digest(tmp_path / "out")
    done = []
    build_language(Lang.PYTHON, repos, settings, on_done=done.append)
    assert [s.status for s in done] == ["skipped_done", "skipped_done"]
    assert _digest(tmp_path / "out") == before
    done.clear()
    build_language(Lang.PYTHON, repos, BuildSettings(output=tmp_path / "out", retrievers=(), seed=7), on_done=done.append)
    assert [s.status for s in done] == ["built", "built"]  # other settings: shards are rebuilt


def test_a_shard_built_by_another_version_of_the_tool_is_rebuilt(tmp_path, monkeypatch):
    """Regression: the shard key named the repository, its content and the settings but not the
    tool's code, so after an upgrade a rerun into the same output served the old code's shards
    ("already built") as if the new code had made them."""
    from crossfile_datasets.builders.completion import shards

    repos = resolve_all([RepoSpec(path=str(good_repo(tmp_path, "r1")))])
    settings = BuildSettings(output=tmp_path / "out", retrievers=())
    monkeypatch.setattr(shards, "tool_digest", lambda: "an older version")
    build_language(Lang.PYTHON, repos, settings)
    monkeypatch.undo()
    done = []
    build_language(Lang.PYTHON, repos, settings, on_done=done.append)
    assert [s.status for s in done] == ["built"]
    done.clear()
    build_language(Lang.PYTHON, repos, settings, on_done=done.append)
    assert [s.status for s in done] == ["skipped_done"]


def test_killed_build_resumes_to_the_same_dataset(tmp_path):
    """kill -9 at seeded random moments (during analysis, shard writing or the merge), then
    rerun: the result is byte-identical to an uninterrupted build."""
    import random

    names = [f"r{i}" for i in range(4)]
    for n in names:
        good_repo(tmp_path / "repos", n)
    argv = [sys.executable, "-m", "crossfile_datasets.builders.cli", "--lang", "python", "--repos-dir", str(tmp_path / "repos"), "--retrievers", "", "--no-cache"]
    t0 = time.monotonic()
    subprocess.run(argv + ["--output", str(tmp_path / "ref")], check=True, cwd=ROOT, capture_output=True)
    duration = time.monotonic() - t0
    rng = random.Random(1234)
    out = tmp_path / "killed"
    done_marker = out / "python/shards"
    for attempt in range(3):
        proc = subprocess.Popen(argv + ["--output", str(out)], cwd=ROOT, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, start_new_session=True)
        if attempt == 0:  # right after the first shard is complete: certainly mid-build
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline and not list(done_marker.glob("*/DONE.json")):
                time.sleep(0.01)
        else:  # at a random moment (analysis, shard writing, merging, or already finished)
            time.sleep(rng.uniform(0.3, 0.9) * duration)
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        if attempt == 0:
            finished = len(list(done_marker.glob("*/DONE.json")))
            assert 1 <= finished < len(names), f"the first kill did not interrupt the build ({finished} shards done)"
    res = subprocess.run(argv + ["--output", str(out)], cwd=ROOT, capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    assert _digest(out) == _digest(tmp_path / "ref")
    assert not list(done_marker.glob(".*.tmp-*"))


def test_cli_errors_are_clear(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    runner = CliRunner()
    res = runner.invoke(app, ["--lang", "cobol"])
    assert res.exit_code == 2 and "unknown language" in res.output
    res = runner.invoke(app, ["--lang", "python", "--repos", str(tmp_path / "missing")])
    assert res.exit_code == 2 and "does not exist" in res.output
    res = runner.invoke(app, ["--lang", "python", "--split", "executable", "--output", str(tmp_path / "o")])
    assert res.exit_code == 2 and "--allow-execution" in res.output
    monkeypatch.setenv("PATH", str(tmp_path))  # no checker binaries at all
    res = runner.invoke(app, ["--lang", "java", "--output", str(tmp_path / "o")])
    assert res.exit_code == 2 and "javac" in res.output and "install" in res.output


def test_checker_results_are_cached_by_content(tmp_path):
    repos = resolve_all([RepoSpec(path=str(good_repo(tmp_path, n))) for n in ("r1", "r2")])
    cache = tmp_path / "cache"
    first = build_language(Lang.PYTHON, repos, BuildSettings(output=tmp_path / "a", retrievers=(), cache_dir=cache))
    assert first["checker"].get("cache_hits", 0) == 1  # r2 has r1's content
    # other filters/retrievers/seed: a new build, but no checker run at all
    again = build_language(Lang.PYTHON, repos, BuildSettings(output=tmp_path / "b", retrievers=(), cache_dir=cache, seed=3))
    assert again["checker"]["cache_hits"] == 2 and "pylint_runs" not in again["checker"]
    usages = [json.loads(l) for l in (tmp_path / "b/python/usages.jsonl").read_text().splitlines()]
    assert {u["repository"] for u in usages} == {"r1", "r2"}
    (repos[0].root / "app.py").write_text((repos[0].root / "app.py").read_text() + "more = helpers.compute_total(4)\n")
    changed = build_language(Lang.PYTHON, repos, BuildSettings(output=tmp_path / "c", retrievers=(), cache_dir=cache))
    assert changed["checker"]["cache_hits"] == 1 and changed["checker"]["pylint_runs"] == 3
