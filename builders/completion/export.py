"""Writing a language's outputs: JSONL files, statistics, dataset card, ``datasets`` on disk.

Everything that turns records into ``datasets.Features`` lives here, so the schema of the
published data is defined in exactly one place.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
from pathlib import Path

import datasets

from crossfile_datasets.builders.completion.shards import (
    DONE,
    SHARDS,
    BuildSettings,
    ShardStatus,
    ShardSummary,
    shard_dir,
    split_file,
)
from crossfile_datasets.builders.repos import RESOLVE_FAILURES
from crossfile_datasets.core.atomic import (
    atomic_write_jsonl,
    atomic_write_text,
    fsync_dir,
)
from crossfile_datasets.builders.card import PLOT, length_plot, tool_version
from crossfile_datasets.builders.publish import quiet_datasets, write_cards
from crossfile_datasets.builders.schema import CompletionRecord, SnapshotRow, features_of, records_dataset
from crossfile_datasets.core.constants import (
    COMPLETION_DATASET,
    CROSS_FILE_FIRST,
    EXTRA_COMPLETION_SPLITS,
)
from crossfile_datasets.core.constants import SNAPSHOTS_DATASET, SNAPSHOTS_FILE, VARIANT_FILES  # noqa: E402  (VARIANT_FILES re-exported for the CLI)
from crossfile_datasets.core.jsonl import read_jsonl
from crossfile_datasets.core.records import Repository
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.lang import Lang


def _conform(record: dict) -> dict:
    """Keep only the schema's keys in retrieved chunks (retrievers may add diagnostics keys)."""
    ctx = record["crossfile_context"]
    items = [{"retrieved_chunk": c["retrieved_chunk"], "filename": c["filename"], "score": float(c["score"]),
              "lines": list(c.get("lines") or [])} for c in ctx["list"]]
    ranked = [{"filename": c["filename"], "score": float(c["score"]), "lines": list(c.get("lines") or [])}
              for c in ctx.get("ranked") or []]
    return {**record, "snapshot": record.get("snapshot", ""),
            "crossfile_context": {"text": ctx["text"], "list": items, "ranked": ranked}}


def to_dataset(records: list[dict]) -> datasets.Dataset:
    return records_dataset([_conform(r) for r in records], features_of(CompletionRecord))


def _lines(text: str) -> int:
    return text.count("\n") + (1 if text and not text.endswith("\n") else 0)


def compute_stats(lang: Lang, records: list[dict], report: BuildReport, summaries: list[ShardSummary], files: int) -> dict:
    def mean(values):
        return round(statistics.fmean(values), 2) if values else 0.0

    return {
        "language": lang.value,
        "repositories": len(summaries),
        "repositories_with_examples": len({r["metadata"]["repository"] for r in records}),
        "files": files,
        "examples": len(records),
        "usages_detected": report.metrics.get("checker/usages_detected", 0),
        "avg_prompt_lines": mean([_lines(r["prompt"]) for r in records]),
        "avg_prompt_tokens": mean([r["num_prompt_tokens"] for r in records]),
        "avg_reference_lines": mean([_lines(r["groundtruth"]) for r in records]),
        "avg_reference_tokens": mean([r["num_groundtruth_tokens"] for r in records]),
        "examples_from_test_files": sum(bool(r.get("is_test_file")) for r in records),
        "dropped_examples": report.stage("examples"),
        "skipped_files": report.stage("files"),
        "skipped_projects": report.stage("projects"),
        "skipped_repositories": report.stage("repositories"),
        "normalized_files": report.stage("files_normalized"),
        "checker": report.stage("checker"),
        "unattributed_diagnostics": report.stage("usages"),
        "counts_by_stage": _by_stage(report.counts),
        "reasons_by_kind": report.reasons_by_kind(),
        "metrics_by_stage": _by_stage(report.metrics),
        "timings_seconds": {k: round(v, 2) for k, v in sorted(report.timings.items())},
        "per_repository": [
            {"repository": s.repository, "status": s.status, "examples": s.examples, "usages": s.usages,
             "files": s.files, "seconds": round(s.seconds, 2), **({"error": s.error.splitlines()[0]} if s.error else {}),
             **({"attempts": s.attempts} if s.attempts > 1 else {})}
            for s in summaries
        ],
        # every repository that gave no shard, and every input that never became a repository
        # (dead URL, rejected by the selection criteria...), each with its reason
        "failed_repositories": [
            {"repository": s.repository, "reason": s.reason or "exception", "error": s.error.splitlines()[0] if s.error else ""}
            for s in summaries if s.status is ShardStatus.FAILED
        ],
        "samples": report.samples,
    }


# the report stage of each split's example reasons (core/reasons.py)
SPLIT_STAGES = {CROSS_FILE_FIRST: "examples", "cross_file_random": "examples_cross_file_random",
                "in_file": "examples_in_file"}


def split_stats(first: list[dict], extra: dict[str, list[dict]], report: BuildReport) -> dict:
    """Per split: examples, repositories with examples, and every example reason by name."""
    out = {}
    for split, records in ((CROSS_FILE_FIRST, first), *extra.items()):
        prefix = SPLIT_STAGES[split] + "/"
        out[split] = {"examples": len(records),
                      "repositories_with_examples": len({r["metadata"]["repository"] for r in records}),
                      "dropped_examples": {k[len(prefix):]: n for k, n in sorted(report.counts.items()) if k.startswith(prefix)},
                      "metrics": {k[len(prefix):]: n for k, n in sorted(report.metrics.items()) if k.startswith(prefix)}}
    return out


def _by_stage(counts: dict[str, int]) -> dict:
    """Every count, grouped by stage (languages may add stages such as ``tsconfig``)."""
    out: dict[str, dict[str, int]] = {}
    for key, value in sorted(counts.items()):
        stage, _, reason = key.partition("/")
        out.setdefault(stage, {})[reason] = value
    return out


def skip_reasons(stats: dict) -> dict[str, int]:
    """Every skip count keyed ``stage/reason``: stages share reason names (``checker_crash`` of a
    file and of a project), and a merge on bare reasons would let one overwrite the other."""
    out = {}
    for stage, key in (("files", "skipped_files"), ("projects", "skipped_projects"), ("repositories", "skipped_repositories")):
        for reason, n in stats.get(key, {}).items():
            out[f"{stage}/{reason}"] = n
    return out


def merge_language(lang: Lang, repos: list[Repository], settings: BuildSettings, summaries: list[ShardSummary],
                   selection_report: BuildReport | None = None) -> dict:
    out = settings.output / lang.value
    report = BuildReport()
    if selection_report is not None:  # repositories rejected before any shard was built
        report.merge(selection_report)
    records: list[dict] = []
    usages: list[dict] = []
    snapshots: list[dict] = []
    contexts: dict[str, list[dict]] = {m: [] for m in settings.retrievers}
    split_records: dict[str, list[dict]] = {split: [] for split in EXTRA_COMPLETION_SPLITS}
    split_contexts: dict[str, dict[str, list[dict]]] = {split: {m: [] for m in settings.retrievers}
                                                        for split in EXTRA_COMPLETION_SPLITS}
    files = 0
    graphs = out / f".graphs.tmp-{os.getpid()}"  # swapped in whole at the end
    if graphs.exists():
        shutil.rmtree(graphs)
    graphs.mkdir(parents=True)
    by_name = {s.repository: s for s in summaries}
    provenance: dict[str, dict] = {r.name: {"url": r.url, "commit": r.commit, "license": r.license} for r in repos}
    for repo in sorted(repos, key=lambda r: r.name):
        path = shard_dir(settings.output, lang, repo)
        summary = by_name[repo.name]
        if summary.status is ShardStatus.FAILED or not (path / DONE).is_file():
            # a shard left by an earlier build of other content or settings is never merged
            report.count("repositories", summary.reason if summary.reason in ("timeout", "unreadable_tree") else "failed",
                         repo.name, summary.error)
            continue
        meta = json.loads((path / DONE).read_text())
        provenance[repo.name] = meta.get("repository") or {}
        files += meta["files"]
        shard_report = BuildReport.from_dict(json.loads((path / "report.json").read_text()))
        report.merge(shard_report)
        if summary.status is ShardStatus.SKIPPED_DONE:  # figures of the earlier run that built the shard
            summary.examples, summary.usages, summary.files = meta["examples"], meta["usages"], meta["files"]
            summary.seconds = shard_report.timings.get("repository_seconds", 0.0)
        shard_records = read_jsonl(path / "examples.jsonl")
        records.extend(shard_records)
        usages.extend(read_jsonl(path / "usages.jsonl"))
        if settings.snapshots:
            snapshots.extend(read_jsonl(path / "snapshot.jsonl"))
        for method in contexts:
            items = read_jsonl(path / f"context_{method}.jsonl")
            if len(items) != len(shard_records):
                raise RuntimeError(f"shard {path} has {len(items)} '{method}' contexts for {len(shard_records)} examples")
            contexts[method].extend(items)
        for split in EXTRA_COMPLETION_SPLITS:
            part = read_jsonl(path / split_file(split, "examples"))
            split_records[split].extend(part)
            for method in settings.retrievers:
                items = read_jsonl(path / split_file(split, f"context_{method}"))
                if len(items) != len(part):
                    raise RuntimeError(f"shard {path} has {len(items)} '{method}' {split} contexts for {len(part)} examples")
                split_contexts[split][method].extend(items)
        shutil.copyfile(path / "graph.json", graphs / f"{repo.name}.json")

    atomic_write_jsonl(out / "line_completion.jsonl", records)
    for method, items in contexts.items():
        atomic_write_jsonl(out / VARIANT_FILES[method], [{**r, "crossfile_context": c} for r, c in zip(records, items)])
    for split in EXTRA_COMPLETION_SPLITS:  # <lang>/<split>/line_completion*.jsonl, the same names
        folder = out / split
        folder.mkdir(exist_ok=True)
        atomic_write_jsonl(folder / "line_completion.jsonl", split_records[split])
        for stale in folder.glob("line_completion_*.jsonl"):  # a variant no longer built
            if not any(stale.name == VARIANT_FILES[m] for m in split_contexts[split]):
                stale.unlink()
        for method, items in split_contexts[split].items():
            atomic_write_jsonl(folder / VARIANT_FILES[method],
                               [{**r, "crossfile_context": c} for r, c in zip(split_records[split], items)])
    atomic_write_jsonl(out / "usages.jsonl", usages)
    _write_snapshots(out, snapshots if settings.snapshots else None)
    _swap_dir(graphs, out / "graphs")
    stats = compute_stats(lang, records, report, summaries, files)
    # whether CrossCodeEval's model filter ran, and with which model (card and stats say it)
    stats["model_filter"] = settings.model_filter.published() if settings.model_filter else None
    stats["snapshot_files"] = len(snapshots) if settings.snapshots else None
    stats["splits"] = split_stats(records, split_records, report)
    for reason in RESOLVE_FAILURES:  # inputs that never became a repository (dead URL...)
        for sample in (selection_report.samples.get(f"repositories/{reason}", []) if selection_report else []):
            where, _, error = sample.partition(": ")
            stats["failed_repositories"].append({"repository": where, "reason": reason, "error": error})
    stats["settings"] = completion_settings(settings)
    for entry in stats["per_repository"]:  # provenance as the shard recorded it (a folder's commit is its content hash)
        entry.update({key: provenance.get(entry["repository"], {}).get(key) or "" for key in ("url", "commit", "license")})
    atomic_write_text(out / "stats.json", json.dumps(stats, indent=2))
    if not length_plot(records, out / PLOT, f"{lang.value}: {len(records)} examples"):
        (out / PLOT).unlink(missing_ok=True)
    tmp = out / ".dataset.tmp"
    if tmp.exists():
        shutil.rmtree(tmp)
    # one schema, RepoBench's three splits (core/constants.py); an empty split saved with the
    # default 0 shards cannot be loaded back (datasets bug): one shard each
    parts = {CROSS_FILE_FIRST: records, **split_records}
    with quiet_datasets():
        datasets.DatasetDict({name: to_dataset(rows) for name, rows in parts.items()}).save_to_disk(
            str(tmp), num_shards={name: 1 for name, rows in parts.items() if not rows} or None)
    _swap_dir(tmp, out / COMPLETION_DATASET)
    write_cards(settings.output, [lang.value])
    return stats


def completion_settings(settings: BuildSettings) -> dict:
    """What the card reports of a completion build's settings (everything that changes the data)."""
    return {"tool_version": tool_version(), "seed": settings.seed, "retrievers": list(settings.retrievers),
            "context_tokens": settings.context_tokens, "top_k": settings.top_k, "chunk_lines": settings.chunk_lines,
            "tokenizer": settings.tokenizer or "bundled StarCoder (OpenRAIL-M)", "dense_model": settings.dense_model,
            "exclude_tests": settings.exclude_tests, "observe_types": settings.observe_types,
            "snapshots": settings.snapshots,
            "model_filter": settings.model_filter.published() if settings.model_filter else None,
            "criteria": settings.criteria.fingerprint() if settings.criteria else None}


def _write_snapshots(out: Path, rows: list[dict] | None) -> None:
    """--snapshots: the JSONL and the saved dataset of the files; None: remove those of an
    earlier build (a rebuild without the option leaves no stale snapshot behind)."""
    if rows is None:
        (out / SNAPSHOTS_FILE).unlink(missing_ok=True)
        shutil.rmtree(out / SNAPSHOTS_DATASET, ignore_errors=True)
        return
    atomic_write_jsonl(out / SNAPSHOTS_FILE, rows)
    data = records_dataset(rows, features_of(SnapshotRow))
    tmp = out / f".{SNAPSHOTS_DATASET}.tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    with quiet_datasets():
        data.save_to_disk(str(tmp), num_shards=1)
    _swap_dir(tmp, out / SNAPSHOTS_DATASET)


def _swap_dir(new: Path, dest: Path) -> None:
    """Put folder ``new`` in place of ``dest``: the old one is moved aside, not deleted first, so
    ``dest`` is missing only between two renames and never half-written."""
    old = dest.with_name(f".{dest.name}.old-{os.getpid()}")
    if old.exists():
        shutil.rmtree(old)
    if dest.exists():
        os.replace(dest, old)
    os.replace(new, dest)
    fsync_dir(dest.parent)
    shutil.rmtree(old, ignore_errors=True)


__all__ = ["VARIANT_FILES", "SNAPSHOTS_FILE", "completion_settings", "compute_stats", "merge_language",
           "to_dataset", "SHARDS"]
