"""The corpus driver's pure parts (bench/bench_corpus.py): tables from run records holding the
splits' statistics files, the reason of every repository/split with no output, the corpus-wide
aggregation, the report text; and the selection rule's checks (bench/corpus_select.py) on a small
git repository written here. Fixtures are small hand-written statistics in the shape the
builder writes (stats.json, class_stats.json, executable_stats.json)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from bench import bench_corpus as bc
from bench import corpus_select as cs


def completion_run(repo: str, lang: str = "python", *, examples: int = 3, random: int = 2, in_file: int = 1,
                   files: int = 12, **extra) -> dict:
    key = repo.replace("/", "__")
    stats = {
        "language": lang, "repositories": 1, "files": files, "examples": examples, "usages_detected": 5,
        "avg_prompt_tokens": 100.0, "avg_reference_tokens": 10.0, "examples_from_test_files": 1 if examples else 0,
        "skipped_repositories": {}, "skipped_files": {"generated": 2}, "dropped_examples": {"duplicate": 1},
        "counts_by_stage": {"files": {"generated": 2}, "examples": {"duplicate": 1}},
        "splits": {"cross_file_first": {"examples": examples, "dropped_examples": {"duplicate": 1}},
                   "cross_file_random": {"examples": random, "dropped_examples": {}},
                   "in_file": {"examples": in_file, "dropped_examples": {"no_in_file_candidate": 4}}},
        "per_repository": [{"repository": key, "status": "built", "examples": examples, "files": files, "seconds": 1.0}],
        "failed_repositories": [],
    }
    stats.update(extra)
    return {"repo": repo, "lang": lang, "split": "completion", "returncode": 0, "timed_out": False,
            "wall_seconds": 10.0, "cpu_seconds": 8.0, "stderr_tail": "", "stats": stats}


def class_run(repo: str, tasks: int, **extra) -> dict:
    key = repo.replace("/", "__")
    stats = {"split": "class", "tasks": tasks, "classes": 5, "rejected_classes": {"not_covered_by_tests": 3, "no_external_reference": 1},
             "dropped_tasks": {}, "repositories_not_run": {},
             "per_repository": [{"repository": key, "tasks": tasks, "suite": {"status": "ok", "reason": ""}}]}
    stats.update(extra)
    return {"repo": repo, "lang": "python", "split": "class", "returncode": 0, "timed_out": False,
            "wall_seconds": 30.0, "cpu_seconds": 20.0, "stderr_tail": "", "stats": stats}


def test_yields_of_each_split():
    assert bc.split_yields(completion_run("a/b")) == {"cross_file_first": 3, "cross_file_random": 2, "in_file": 1}
    assert bc.split_yields(class_run("a/b", 4)) == {"class": 4}
    failed = {"repo": "a/b", "lang": "java", "split": "executable", "stats": None}
    assert bc.split_yields(failed) == {"executable": 0}


def test_a_run_with_output_has_no_reason():
    assert bc.no_output_reasons(completion_run("a/b")) == {}


def test_empty_completion_splits_get_the_largest_counted_reason():
    run = completion_run("a/b", examples=0, random=0, in_file=0)
    reasons = bc.no_output_reasons(run)
    assert reasons == {"cross_file_first": "examples/duplicate", "cross_file_random": "cross_file_random/no_candidate",
                       "in_file": "examples/no_in_file_candidate"}


def test_a_skipped_repository_explains_every_split():
    run = completion_run("a/b", examples=0, random=0, in_file=0, skipped_repositories={"no_source_files": 1},
                         usages_detected=0)
    assert set(bc.no_output_reasons(run).values()) == {"repositories/no_source_files"}
    run = completion_run("a/b", examples=0, random=0, in_file=0, usages_detected=0)
    assert bc.no_output_reasons(run)["cross_file_first"] == "usages/none_detected (largest file skip: files/generated)"
    # C#: projects the checker cannot compile are named first (zzzprojects/html-agility-pack)
    run = completion_run("a/b", examples=0, random=0, in_file=0, usages_detected=0,
                         skipped_projects={"csharp_syntax_too_new": 2})
    assert bc.no_output_reasons(run)["in_file"] == \
        "usages/none_detected (projects skipped: csharp_syntax_too_new x2; largest file skip: files/generated)"


def test_driver_failures_are_reasons_too():
    timed = {**completion_run("a/b"), "timed_out": True, "stats": None}
    assert set(bc.no_output_reasons(timed).values()) == {"driver/timeout"}
    crashed = {**completion_run("a/b"), "returncode": 1, "stats": None, "stderr_tail": "x\nnothing could be built"}
    assert bc.no_output_reasons(crashed)["in_file"] == "driver/build_failed (exit 1): nothing could be built"
    checkout = {**completion_run("a/b"), "stats": None, "driver_error": "checkout_failed"}
    assert bc.no_output_reasons(checkout)["cross_file_first"] == "driver/checkout_failed"


def test_class_reasons_in_order_suite_then_classes():
    assert bc.no_output_reasons(class_run("a/b", 0)) == {"class": "classes/not_covered_by_tests"}
    broken = class_run("a/b", 0, per_repository=[{"repository": "a__b", "suite": {"status": "no_tests", "reason": "collected 0"}}])
    assert bc.no_output_reasons(broken) == {"class": "suite/no_tests: collected 0"}
    not_run = class_run("a/b", 0, repositories_not_run={"no_test_runner": 1})
    assert bc.no_output_reasons(not_run) == {"class": "repositories/no_test_runner"}
    nothing = class_run("a/b", 0, rejected_classes={}, classes=0)
    assert bc.no_output_reasons(nothing) == {"class": "classes/none_found"}


def test_reasons_aggregate_largest_first_and_drops_sum():
    runs = [completion_run("a/b", examples=0, random=0, in_file=0), completion_run("c/d", examples=0, random=0, in_file=0),
            completion_run("e/f"), class_run("a/b", 0)]
    empty, drops = bc.aggregate_reasons(runs)
    assert empty["cross_file_first: examples/duplicate"] == 2
    assert empty["class: classes/not_covered_by_tests"] == 1
    assert drops["completion:files/generated"] == 6
    assert drops["class:rejected_classes/not_covered_by_tests"] == 3


def test_language_and_repository_tables():
    runs = [completion_run("a/b", examples=4, files=10), completion_run("c/d", examples=0, random=0, in_file=0, files=30),
            class_run("a/b", 2), completion_run("x/y", "java", examples=2, files=7)]
    manifest = [{"lang": "python", "repo": "a/b"}, {"lang": "python", "repo": "c/d"}, {"lang": "python", "repo": "g/h"},
                {"lang": "java", "repo": "x/y"}]
    python = next(r for r in bc.language_rows(runs, manifest) if r["lang"] == "python")
    assert (python["manifest"], python["built"], python["files"]) == (3, 2, 40)
    assert (python["cross_file_first"], python["class"], python["with_examples"], python["with_in_file"]) == (4, 2, 1, 1)
    assert python["avg_prompt_tokens"] == 100.0 and python["test_file_share"] == 0.25
    rows = {r["repo"]: r for r in bc.repository_rows(runs)}
    assert rows["a/b"]["wall_seconds"] == 40.0 and rows["a/b"]["cpu_seconds"] == 28.0
    assert rows["a/b"]["yields"] == {"cross_file_first": 4, "cross_file_random": 2, "in_file": 1, "class": 2}
    assert rows["c/d"]["reasons"]["cross_file_first"] == "examples/duplicate"
    assert [r["repo"] for r in bc.repository_rows(runs)][:1] == ["a/b"]  # python before java


def test_report_from_run_records_on_disk(tmp_path):
    runs = [completion_run("a/b"), completion_run("c/d", examples=0, random=0, in_file=0)]
    for run in runs:
        path = bc.run_record_path(tmp_path, run["split"], run["lang"], run["repo"])
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(run))
    manifest = [{"lang": "python", "repo": "a/b"}, {"lang": "python", "repo": "c/d"}, {"lang": "java", "repo": "x/y"}]
    text = bc.write_report(tmp_path, manifest, {"command": "cmd", "date": "today"}, tmp_path / "corpus.md", with_plots=False)
    assert "PARTIAL RUN" in text and "2 of the 8 repository/split builds" in text
    assert "| c/d | python | 12 | 0 | 0 | 0 | - | - |" in text
    assert "- 1 x cross_file_first: examples/duplicate" in text


def test_plots_are_written(tmp_path):
    pytest.importorskip("matplotlib")
    rows = bc.repository_rows([completion_run("a/b"), completion_run("x/y", "java")])
    names = bc.plots(rows, tmp_path)
    assert names == ["corpus_yield.png", "corpus_time.png"]
    assert all((tmp_path / n).read_bytes().startswith(b"\x89PNG") for n in names)


def test_the_committed_manifest_follows_the_rule():
    rows = bc.read_manifest()
    by_lang = {lang: [r for r in rows if r["lang"] == lang] for lang in bc.LANGS}
    assert len(rows) >= 100 and all(len(v) >= 25 for v in by_lang.values())
    assert len({r["repo"] for r in rows}) == len(rows)
    for r in rows:
        assert len(r["commit"]) == 40 and int(r["commit"], 16) >= 0
        assert r["license"] in cs.PERMISSIVE and cs.MIN_FILES <= r["files"] <= cs.MAX_FILES and r["test_files"] > 0
        assert r["url"] == f"https://github.com/{r['repo']}"
        assert r.get("cs8_markers", 0) == 0


# ------------------------------------------------------------------------- selection rule --
MIT = "MIT License\n\nPermission is hereby granted, free of charge, to any person obtaining a copy..."


def git_repo(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "r"
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    run = lambda *a: subprocess.run(["git", "-C", str(root), *a], check=True, capture_output=True)  # noqa: E731
    run("init", "-q")
    run("add", "-A")
    run("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "x")
    return root / ".git"


@pytest.mark.parametrize("text,spdx", [
    (MIT, "MIT"), ("Apache License\nVersion 2.0, January 2004", "Apache-2.0"),
    ("Redistribution and use in source and binary forms ... Neither the name of", "BSD-3-Clause"),
    ("Redistribution and use in source and binary forms, with or without", "BSD-2-Clause"),
    ("Mozilla Public License Version 2.0", "MPL-2.0"), ("GNU GENERAL PUBLIC LICENSE", "GPL"), ("whatever", "unknown"),
])
def test_license_texts(text, spdx):
    assert cs.classify_license(text) == spdx


def test_check_counts_files_tests_and_csharp_markers(tmp_path):
    files = {"LICENSE": MIT, "node_modules/x/y.cs": "class Y {}", "Lib.Tests/ATest.cs": "using NUnit.Framework;\nclass T {}"}
    files.update({f"Lib/C{i}.cs": f"namespace Lib {{ class C{i} {{ }} }}" for i in range(20)})
    git_dir = git_repo(tmp_path, files)
    row = cs.check(git_dir, "csharp", repo="o/n")
    assert (row["files"], row["test_files"], row["license"], row["cs8_markers"]) == (21, 1, "MIT", 0)
    assert row["test_framework"] == "nunit" and "rejected" not in row
    (tmp_path / "r" / "Lib" / "C0.cs").write_text("namespace Lib;\nclass C0 { int? x; void M() { x ??= 1; } }")
    subprocess.run(["git", "-C", str(tmp_path / "r"), "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qam", "y"],
                   check=True)
    row = cs.check(git_dir, "csharp")
    assert "file_scoped_namespace=1" in row["rejected"] and "null_coalescing_assignment=1" in row["rejected"]


def test_check_rejects_small_unlicensed_untested(tmp_path):
    git_dir = git_repo(tmp_path, {"a.py": "x = 1\n"})
    assert cs.check(git_dir, "python")["rejected"] == "license none; 1 source files; no test files"


def test_round_robin_takes_one_repository_of_each_language_in_turn():
    entries = [{"lang": lang, "repo": f"{lang}/{i}"} for lang in ("python", "java", "csharp") for i in range(3)]
    entries = entries[:-1]  # csharp has 2
    assert [e["repo"] for e in bc.select(entries, ["python", "java", "csharp"], 2, None)] == \
        ["python/0", "python/1", "java/0", "java/1", "csharp/0", "csharp/1"]
    assert [e["repo"] for e in bc.select(entries, ["python", "java", "csharp"], None, None, round_robin=True)] == \
        ["python/0", "java/0", "csharp/0", "python/1", "java/1", "csharp/1", "python/2", "java/2"]


def test_time_rows_sum_stages_per_language():
    def run(repo, files, checker, cpu):
        stats = {"files": files, "timings_seconds": {"repository_seconds": 10.0, "checker_seconds": checker,
                                                     "retrieval_seconds": 1.0}, "per_repository": []}
        return {"repo": repo, "lang": "java", "split": "completion", "cpu_seconds": cpu, "stats": stats}

    timed_out = {"repo": "c/c", "lang": "java", "split": "completion", "cpu_seconds": 99.0, "stats": None}
    row, = bc.time_rows([run("a/a", 10, 6.0, 5.0), run("b/b", 30, 2.0, 15.0), timed_out])
    assert (row["repositories"], row["files"], row["checker_seconds"], row["repository_seconds"]) == (2, 40, 8.0, 20.0)
    assert row["checker_share"] == 0.4 and row["cpu_per_file"] == 0.5 and row["slowest"].startswith("b/b")
