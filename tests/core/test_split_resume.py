"""kill -9 in the middle of a real build of the splits that run repository code, then a rerun:
the finished repository is reused, the interrupted one is built, and the published files are
byte-identical to those of an uninterrupted build (issue 30: one such test per split, through
the shared runner; the instruct split's is in tests/instruct, the completion split's in
tests/core/test_pipeline.py)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from crossfile_datasets.builders.split import DONE
from tests.classlevel.fixture import write_shop
from tests.conftest import write_tree

ROOT = Path(__file__).resolve().parents[2]

# a function with a docstring, reached by the repository's own test: one executable problem
TEXTS = {
    "texts/__init__.py": "",
    "texts/shout.py": 'def shout(word):\n    """The word in capitals, with an exclamation mark."""\n'
                      '    return word.upper() + "!"\n',
    "tests/test_shout.py": "from texts.shout import shout\n\n\ndef test_shout():\n"
                           '    assert shout("hi") == "HI!"\n    assert shout("") == "!"\n',
}

BUILD = """
import sys, time
from pathlib import Path

sys.path.insert(0, {root!r})
from crossfile_datasets.core.records import Repository
from crossfile_datasets.core.report import BuildReport

split, repos, started, out = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3]), Path(sys.argv[4])
if split == "class":
    import crossfile_datasets.builders.classlevel.build as module
else:
    import crossfile_datasets.builders.executable.build as module
real = module.build_repository


def stalls_on_b(*args, **kwargs):
    repo = next(a for a in args if isinstance(a, Repository))
    if repo.name == "b" and started.name != "never":
        started.write_text("b")
        time.sleep(600)
    return real(*args, **kwargs)


module.build_repository = stalls_on_b
chosen = [Repository(n, repos / n, "https://example.invalid/" + n, "abc", "MIT") for n in "ab"]
if split == "class":
    module.build_class_split("python", chosen, out, allow_execution=True, report=BuildReport())
else:
    module.build_executable_split(chosen, out, allow_execution=True, seed=1, workers=1, report=BuildReport(),
                                  use_pynguin=False, mutants=0)
"""

SPLITS = {  # split: (output folder, shard folder, published files)
    "class": ("python", "class_shards", ["class.jsonl"]),
    "executable": ("python", "executable_shards", ["executable.jsonl"]),
}


def _build(split: str, repos: Path, out: Path, *, kill: bool) -> None:
    started = out.parent / (f"{out.name}-started" if kill else "never")
    child = subprocess.Popen([sys.executable, "-c", BUILD.format(root=str(ROOT)), split, str(repos), str(started), str(out)],
                             start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if not kill:
        _, err = child.communicate(timeout=900)
        assert child.returncode == 0, err[-3000:]
        return
    try:
        deadline = time.monotonic() + 900
        while not started.exists() and child.poll() is None and time.monotonic() < deadline:
            time.sleep(0.1)
        assert started.exists(), f"the build never reached repository b: {child.stderr.read()[-3000:] if child.poll() is not None else 'timed out'}"
    finally:
        os.killpg(child.pid, signal.SIGKILL)
        child.wait()


@pytest.mark.slow
@pytest.mark.parametrize("split", sorted(SPLITS))
def test_a_build_killed_mid_way_resumes_to_byte_identical_files(tmp_path, split):
    repos = tmp_path / "repos"
    for name in "ab":
        if split == "class":
            write_shop(repos / name)
        else:
            write_tree(repos / name, TEXTS)
    folder, shards, published = SPLITS[split]
    killed, whole = tmp_path / "killed", tmp_path / "whole"

    _build(split, repos, killed, kill=True)
    done = sorted(p.name for p in (killed / folder / shards).iterdir() if (p / DONE).is_file())
    assert done == ["a"]
    assert not any((killed / folder / name).exists() for name in published)

    _build(split, repos, killed, kill=False)
    _build(split, repos, whole, kill=False)
    for name in published:
        text = (whole / folder / name).read_text(encoding="utf-8")
        assert len(text.splitlines()) >= 2, f"{split}: the fixture must give a record per repository"
        assert (killed / folder / name).read_text(encoding="utf-8") == text
    stats_name = "class_stats.json" if split == "class" else "executable_stats.json"
    statuses = [row["status"] for row in json.loads((killed / folder / stats_name).read_text())["per_repository"]]
    assert statuses == ["skipped_done", "built"]
