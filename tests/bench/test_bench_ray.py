"""The comparison behind the Ray-vs-local check: durations aside, every byte counts."""

from __future__ import annotations

import json

from bench.bench_ray import differing


def test_differing_ignores_durations_only(tmp_path):
    for name, seconds, text in (("a", 1.5, "x\n"), ("b", 9.25, "x\n")):
        (tmp_path / name / "shards").mkdir(parents=True)
        (tmp_path / name / "stats.json").write_text(json.dumps({"examples": 3, "timings_seconds": {"checker_seconds": seconds}}))
        (tmp_path / name / "shards" / "examples.jsonl").write_text(text)
        (tmp_path / name / ".build.lock").write_text(name)
    assert differing(tmp_path / "a", tmp_path / "b") == []
    (tmp_path / "b" / "shards" / "examples.jsonl").write_text("y\n")
    (tmp_path / "b" / "stats.json").write_text(json.dumps({"examples": 4}))
    (tmp_path / "b" / "extra.jsonl").write_text("")
    assert differing(tmp_path / "a", tmp_path / "b") == ["extra.jsonl", "shards/examples.jsonl", "stats.json"]
