"""Per-repository shards of the completion split: their folder, their settings fingerprint and
the ``DONE.json`` marker a finished shard leaves, so reruns skip finished repositories and a
changed repository (or changed settings) is rebuilt, never served from a stale shard."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from crossfile_datasets.builders.collection import RepositoryCriteria
from crossfile_datasets.builders.completion.model_filter import ModelFilterSettings
from crossfile_datasets.builders.split import (  # noqa: F401  (DONE: re-exported)
    DONE,
    RepositoryResult,
    done_marker,
    remove_partial_writes,
    tool_digest,
    write_shard_folder,
)
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.core import constants as C
from crossfile_datasets.core.enums import StrEnum
from crossfile_datasets.core.records import Repository
from crossfile_datasets.lang import Lang

PIPELINE_VERSION = "6"  # bump when shard content changes meaning (4-6: the cross_file_random and in_file splits)


SHARDS = "shards"


@dataclass(frozen=True)
class BuildSettings:
    output: Path
    seed: int = 42
    workers: int = 1
    tokenizer: str | None = None
    retrievers: tuple[str, ...] = ("bm25", "oracle", "graph")
    use_cache: bool = True  # reuse checker results of unchanged repositories
    cache_dir: Path | None = None
    criteria: RepositoryCriteria | None = None  # repository selection (builders/collection.py)
    executor: str = "local"  # "local" (process pool) or "ray"
    ray_address: str | None = None
    exclude_tests: bool = False  # leave out examples whose file is a test (LanguageSupport.is_test_path)
    model_filter: "ModelFilterSettings | None" = None  # CrossCodeEval's model filter (builders/completion/model_filter.py)
    # retrieval (builders/completion/retrieval.py): CrossCodeEval's defaults, changeable for experiments
    context_tokens: int = C.CONTEXT_TOKEN_BUDGET
    top_k: int = C.TOP_K
    chunk_lines: int = C.CHUNK_LINES
    dense_model: str | None = None  # encoder of the "dense" retriever (builders/completion/dense.py)
    # Python: run the repository's tests once in the sandbox to observe the classes passed to
    # unannotated parameters (sandbox/type_observation.py); needs --allow-execution
    observe_types: bool = False
    # write the repository files every example was built from (<lang>/snapshots.jsonl, a Hub config)
    snapshots: bool = False

    def fingerprint(self, lang: Lang, repo: Repository, snapshot: str = "") -> str:
        payload = {
            "version": PIPELINE_VERSION,
            "lang": lang.value,
            "seed": self.seed,
            "tokenizer": self.tokenizer,
            "retrievers": list(self.retrievers),
            "criteria": self.criteria.fingerprint() if self.criteria else None,
            "exclude_tests": self.exclude_tests,
            "model_filter": self.model_filter.fingerprint() if self.model_filter else None,
            "retrieval": [self.context_tokens, self.top_k, self.chunk_lines, self.dense_model],
            "observe_types": self.observe_types,
            "snapshots": self.snapshots,
            "repo": [repo.name, repo.url, repo.commit, repo.license, str(repo.root)],
            # the content: a repository edited since its shard was built is rebuilt (a commit
            # alone misses uncommitted edits and local folders have none)
            "content": snapshot,
            # the tool's own code: a shard built by another version is rebuilt
            "tool": tool_digest(),
        }
        return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()


class ShardStatus(StrEnum):
    BUILT = "built"
    SKIPPED_DONE = "skipped_done"  # a finished shard with the same fingerprint was reused
    FAILED = "failed"


@dataclass
class ShardSummary:
    repository: str
    status: ShardStatus
    examples: int = 0
    usages: int = 0
    files: int = 0
    seconds: float = 0.0
    error: str = ""
    reason: str = ""  # why it failed: "exception", "worker_lost" (its process died every time)
    attempts: int = 1  # > 1 when a worker process died under it and it was run again

    def __post_init__(self) -> None:
        self.status = ShardStatus(self.status)  # also when read back from JSON or another process


# --------------------------------------------------------------------------------- shards --
def shard_dir(output: Path, lang: Lang, repo: Repository) -> Path:
    return output / lang.value / SHARDS / repo.name


def split_file(split: str, name: str) -> str:
    """A shard's file of one of the extra splits: ``cross_file_random.examples.jsonl``,
    ``in_file.context_bm25.jsonl`` (the first split keeps the unprefixed names)."""
    return f"{split}.{name}.jsonl"


def shard_is_done(path: Path, fingerprint: str) -> bool:
    return done_marker(path, fingerprint) is not None


def write_shard(path: Path, data: dict, fingerprint: str) -> None:
    """One repository's shard: its examples, usages, contexts per retriever, the extra splits'
    files, its graph and report (``split.write_shard_folder``: whole or absent)."""
    files: dict[str, list[dict] | str] = {"examples.jsonl": data["examples"], "usages.jsonl": data["usages"]}
    if "snapshot" in data:
        files["snapshot.jsonl"] = data["snapshot"]
    for method, items in data["contexts"].items():
        files[f"context_{method}.jsonl"] = items
    for split, part in data.get("splits", {}).items():  # the RepoBench-style splits (splits.py)
        files[split_file(split, "examples")] = part["examples"]
        for method, items in part["contexts"].items():
            files[split_file(split, f"context_{method}")] = items
    files["graph.json"] = json.dumps(data["graph"])
    files["report.json"] = json.dumps(data["report"], indent=1)
    meta = {"fingerprint": fingerprint, "repository": data["repository"], "files": data["files"],
            "examples": len(data["examples"]), "usages": len(data["usages"]),
            "split_examples": {split: len(part["examples"]) for split, part in data.get("splits", {}).items()}}
    write_shard_folder(path, files, meta)


class CompletionShards:
    """The completion split's shards as ``split.run_repositories`` stores them: each one a folder
    of many files (:func:`write_shard`), written by the worker process that built it (only its
    figures go back to the build), or on Ray by the build once the shard came back through the
    object store; the merge reads the shards, in name order."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)

    def remove_partial(self) -> list[str]:
        return remove_partial_writes(self.root)

    def read(self, name: str, key: str) -> RepositoryResult | None:
        if not shard_is_done(self.root / name, key):
            return None
        return RepositoryResult([], BuildReport(), {"repository": name})

    def write(self, name: str, result: RepositoryResult, key: str) -> RepositoryResult:
        """``result.records`` holds the one shard's content (``pipeline.build_repository``)."""
        data, = result.records
        write_shard(self.root / name, data, key)
        return RepositoryResult([], BuildReport(), result.stats)


def summary_of(result: RepositoryResult) -> ShardSummary:
    """A repository's row of the completion split's stats, from the shared runner's result."""
    stats = result.stats
    if stats["status"] == "timeout":  # past --repository-time-limit: no shard, like a failure
        stats = {**stats, "status": ShardStatus.FAILED.value, "reason": "timeout"}
    return ShardSummary(stats["repository"], stats["status"], stats.get("examples", 0), stats.get("usages", 0),
                        stats.get("files", 0), stats.get("seconds", 0.0), error=stats.get("error", ""),
                        reason=stats.get("reason", ""), attempts=stats.get("attempts", 1))
