"""The instruction-tuning split (RepoExec's dependency-enhanced data): records, prompt formats,
and contamination control against evaluation splits (by repository and by function text)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import datasets
import pytest
from typer.testing import CliRunner

from crossfile_datasets.builders.cli import app
from crossfile_datasets.builders.instruct.build import function_hash

UTIL = '''def clamp(value, low, high):
    """Keep value between low and high."""
    return max(low, min(value, high))
'''
STATS = '''from mathkit.util import clamp


def normalized(values):
    """Scale values to the range 0..1, clamping rounding noise."""
    top = max(values) or 1
    return [clamp(v / top, 0.0, 1.0) for v in values]


def spread(values):
    """Difference between the largest and the smallest value."""
    return max(values) - min(values)
'''


def _repo(root: Path, remote: str | None = None) -> Path:
    (root / "mathkit").mkdir(parents=True)
    (root / "mathkit" / "__init__.py").write_text("")
    (root / "mathkit" / "util.py").write_text(UTIL)
    (root / "mathkit" / "stats.py").write_text(STATS)
    if remote:
        subprocess.run(["git", "init", "-q", str(root)], check=True)
        subprocess.run(["git", "-C", str(root), "remote", "add", "origin", remote], check=True)
    return root


def _build(tmp_path: Path, name: str, *extra: str, code: int = 0):
    out = tmp_path / name
    res = CliRunner().invoke(app, ["--lang", "python", "--split", "instruct", "--repos-dir", str(tmp_path / "repos"),
                                   "--output", str(out), *extra])
    assert res.exit_code == code, res.output
    rows = [json.loads(line) for line in (out / "python" / "instruct.jsonl").read_text().splitlines()]
    return rows, json.loads((out / "python" / "instruct_stats.json").read_text()), out


def test_function_hash_ignores_layout_not_content():
    assert function_hash("def f(x):\n    return x + 1\n") == function_hash("def f(x):\n        return x + 1")
    assert function_hash("def f(x):\n    return x + 1\n") != function_hash("def f(x):\n    return x + 2\n")


def test_function_hash_ignores_comments_quotes_and_docstrings():
    """Red team 10 row 7: a benchmark solution with a comment, black's quotes or another
    docstring is the same function for the contamination check."""
    base = 'def f(x):\n    """Doc."""\n    return x + \'a\'\n'
    for variant in ('def f(x):\n    """Doc."""\n    # why\n    return x + "a"  # done\n',
                    "def f(x):\n    '''Other words.'''\n    return x + \\\n  'a'\n",
                    "def f(x):\n    return x + 'a'\n",
                    "    def f(x):\n        return x + \\\n   'a'\n"):
        assert function_hash(variant) == function_hash(base), variant
    assert function_hash("def f(x):\n    return x + 'b'\n") != function_hash(base)
    assert function_hash("def f(x):\n    return '#' + x\n") != function_hash("def f(x):\n    return x\n")
    assert function_hash("def f(x:\n") == function_hash("def  f(x:")  # no tokens: the text, whitespace collapsed


def test_records_carry_every_context_format_and_load_as_a_dataset(tmp_path):
    _repo(tmp_path / "repos" / "mathkit")
    rows, stats, out = _build(tmp_path, "out")
    by_name = {r["entry_point"]: r for r in rows}
    assert set(by_name) == {"clamp", "normalized", "spread"}
    normalized = by_name["normalized"]
    assert [d["name"] for d in normalized["dependencies"]["cross_file"]] == ["clamp"]
    assert set(normalized["prompt"]) == set(normalized["instruct_prompt"]) == {"full_context", "medium_context", "small_context"}
    assert "return max(low, min(value, high))" in normalized["prompt"]["full_context"]  # the dependency's code
    assert normalized["prompt"]["full_context"].rstrip().endswith('"""Scale values to the range 0..1, clamping rounding noise."""')
    assert normalized["solution"].startswith("def normalized(values):")
    assert stats["examples"] == 3 and stats["functions_with_cross_file_dependencies"] == 1
    loaded = datasets.load_from_disk(str(out / "python" / "instruct_dataset"))
    assert loaded["train"].num_rows == 3


@pytest.mark.slow
def test_functions_and_repositories_of_evaluation_splits_are_left_out(tmp_path):
    _repo(tmp_path / "repos" / "mathkit", remote="https://host.example/Team/MathKit.git")
    executable = tmp_path / "executable.jsonl"  # a benchmark problem: a reformatted copy of spread
    executable.write_text(json.dumps({"id": "other/0", "project": "other", "repository_url": "https://host.example/x/other",
                                      "solution": 'def spread(values):\n  """Difference between the largest and the smallest value."""\n  return max(values) - min(values)'}) + "\n")
    rows, stats, _ = _build(tmp_path, "one", "--exclude-eval", str(executable))
    assert sorted(r["entry_point"] for r in rows) == ["clamp", "normalized"]
    assert stats["dropped_examples"]["function_in_evaluation_split"] == 1

    completion = tmp_path / "completion.jsonl"  # the same repository, given by its URL elsewhere
    completion.write_text(json.dumps({"prompt": "", "groundtruth": "", "metadata": {"repository": "mk", "task_id": "mk/python/0"},
                                      "repository_url": "git@host.example:team/mathkit.git"}) + "\n")
    # nothing left to build: a non-zero exit, with the reason in stats
    rows, stats, _ = _build(tmp_path, "two", "--exclude-eval", str(completion), code=1)
    assert rows == [] and stats["skipped_repositories"] == {"repository_in_evaluation_split": 1}


def test_an_exclusion_file_that_is_not_a_split_is_a_clear_error(tmp_path):
    _repo(tmp_path / "repos" / "mathkit")
    bad = tmp_path / "bad.jsonl"
    bad.write_text("[1, 2]\n")
    res = CliRunner().invoke(app, ["--lang", "python", "--split", "instruct", "--repos-dir", str(tmp_path / "repos"),
                                   "--output", str(tmp_path / "o"), "--exclude-eval", str(bad)])
    assert res.exit_code == 2 and "expected a JSON object" in res.output


KILLED_BUILD = """
import sys, time
from pathlib import Path

import crossfile_datasets.builders.instruct.build as split
from crossfile_datasets.core.records import Repository

real = split.repository_records


def stalls_on_c(repo, exclusions, report):
    if repo.name == "c":
        Path(sys.argv[2]).write_text("started")
        time.sleep(600)
    return real(repo, exclusions, report)


split.repository_records = stalls_on_c
split.build_instruct_split([Repository(n, Path(sys.argv[1]) / n, "", "", "MIT") for n in "abc"], Path(sys.argv[3]))
"""


def test_a_build_killed_mid_way_resumes_to_the_same_output(tmp_path):
    """kill -9 while the third repository is analysed: the two finished shards are reused, the
    third is built, and the output is byte-identical to an uninterrupted build."""
    import os
    import signal
    import sys
    import time

    from crossfile_datasets.builders.instruct.build import SHARDS, build_instruct_split
    from crossfile_datasets.builders.split import DONE
    from crossfile_datasets.core.records import Repository

    for name in "abc":
        _repo(tmp_path / "repos" / name)
    started, killed = tmp_path / "started", tmp_path / "killed"
    child = subprocess.Popen([sys.executable, "-c", KILLED_BUILD, str(tmp_path / "repos"), str(started), str(killed)],
                             start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while not started.exists() and child.poll() is None and time.monotonic() < deadline:
            time.sleep(0.1)
        assert started.exists(), "the child never reached the third repository"
    finally:
        os.killpg(child.pid, signal.SIGKILL)
        child.wait()
    shards = killed / "python" / SHARDS
    assert sorted(p.name for p in shards.iterdir() if (p / DONE).is_file()) == ["a", "b"]
    assert not (killed / "python" / "instruct.jsonl").exists()

    repos = [Repository(n, tmp_path / "repos" / n, "", "", "MIT") for n in "abc"]
    _, resumed = build_instruct_split(repos, killed)
    assert [row["status"] for row in resumed["per_repository"]] == ["skipped_done", "skipped_done", "built"]
    build_instruct_split(repos, tmp_path / "whole")
    whole = (tmp_path / "whole" / "python" / "instruct.jsonl").read_bytes()
    assert whole.count(b"\n") == 9
    assert (killed / "python" / "instruct.jsonl").read_bytes() == whole
