"""What every split does around its per-repository work, written once.

The completion, executable and class splits each build one repository at a time into a shard.
Three hand-written copies of "skip a finished shard, guard a failing repository, write the shard
whole or not at all" had drifted apart: the executable split's fingerprint left out the
repository's content (an edited local repository was served from its stale shard), the class
split ignored ``--workers``, one copy wrote without fsync. This module is the one copy:

- :func:`write_shard_folder` / :func:`done_marker`: the one way a shard (of any split, the
  completion split's multi-file shards included) is written whole or not at all and recognised
  as finished under a key.
- :class:`ShardStore`: ``<root>/<repository>/`` holds the records, the repository's
  :class:`BuildReport` and the ``DONE.json`` marker with the settings fingerprint; it is written
  under a temporary name (fsync'd) and renamed, so a shard is whole or absent, and it is reused
  only when the fingerprint (settings + the repository's identity + its content) matches.
- :func:`run_repositories`: builds every repository not already done, ``workers`` side by side
  on the split's executor (:mod:`builders.executors`: threads for work that mostly waits on
  sandboxed child processes, a process pool that survives a worker's death, or Ray), never
  letting one repository's exception or lost worker stop the others (counted as
  ``repositories/failed``, never cached). Every split, the completion split included, runs
  through it.
- :class:`ExecutionNotAllowedError` / :func:`require_execution`: the one opt-in check of the
  splits that run repository code.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import importlib
import json
import os
import shutil
import threading
import time
from pathlib import Path
from typing import Callable, Protocol, Sequence

from crossfile_datasets.builders.executors import Executor, WorkerLost, run_jobs
from crossfile_datasets.core import deadline as repository_deadline
from crossfile_datasets.core.atomic import atomic_write_jsonl, atomic_write_text, fsync_dir
from crossfile_datasets.core.records import Repository
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.lang.sources import list_sources
from crossfile_datasets.sandbox import tree_digest

DONE = "DONE.json"


class ExecutionNotAllowedError(RuntimeError):
    """A split that runs repository code was asked for without ``--allow-execution``."""


def require_execution(allowed: bool, what: str) -> None:
    """Raise :class:`ExecutionNotAllowedError` naming ``what`` would run, unless ``allowed``."""
    if not allowed:
        raise ExecutionNotAllowedError(
            f"{what}; it is only built when execution is explicitly allowed (--allow-execution)")


_PACKAGES = ("core", "analyzers", "lang", "sandbox", "harness", "evaluation", "builders")
_CODE_SUFFIXES = (".py", ".java", ".js", ".cs", ".json")


@functools.lru_cache(maxsize=1)
def tool_digest() -> str:
    """sha256 of this tool's own code (every source file of its six packages, helper programs
    included): a shard built by another version of the tool is rebuilt, never served as if the
    current code had made it. Computed once per process."""
    digest = hashlib.sha256()
    for package in _PACKAGES:
        root = Path(str(importlib.import_module(f"crossfile_datasets.{package}").__file__)).parent
        for path in sorted(p for p in root.rglob("*") if p.suffix in _CODE_SUFFIXES and p.is_file()
                           and "node_modules" not in p.parts and "__pycache__" not in p.parts):
            digest.update(f"{package}/{path.relative_to(root).as_posix()}\0".encode())
            digest.update(path.read_bytes())
            digest.update(b"\0")
    return digest.hexdigest()


def keyed_by_content(language, key: Callable[[Repository, str], str]) -> Callable[[Repository], str]:
    """A ``key_of`` for :func:`run_repositories`: ``key(repo, content)`` where ``content`` joins
    the digest of the repository's source files as ``language`` lists them (an edited file, or
    one added or removed, changes it) and the digest of its whole tree (``sandbox.tree_digest``,
    what the executable and class records keep as ``tree_sha256``): a changed ``pytest.ini``,
    requirement file, test data or dot-folder rebuilds the shard, whose records describe the
    tree and whose evaluations check their copy against it (red team 6 row 6: keyed on the
    sources alone, a resumed build served the old tree's problems)."""
    def key_of(repo: Repository) -> str:
        _, snapshot = list_sources(repo, language, BuildReport())
        tree, _ = tree_digest(repo.root)
        return key(repo, f"{snapshot}:{tree}")
    return key_of


def fingerprint(settings: dict, repo: Repository, content: str) -> str:
    """The key a shard is reused under: the split's ``settings``, the repository's identity,
    ``content`` (the digest of its files: a commit alone misses uncommitted edits, and local
    folders have none) and the tool's own code (:func:`tool_digest`)."""
    payload = {"settings": settings, "repo": [repo.name, repo.url, repo.commit, repo.license, str(repo.root)],
               "content": content, "tool": tool_digest()}
    return hashlib.sha256(json.dumps(payload, sort_keys=True, default=str).encode()).hexdigest()


@dataclasses.dataclass
class RepositoryResult:
    """One repository's share of a split: its records, what was counted, and its stats row
    (``status`` built / skipped_done / failed, ``seconds``, provenance)."""

    records: list[dict]
    report: BuildReport
    stats: dict


class Shards(Protocol):
    """Where a split's finished repositories live (:class:`ShardStore`, or a split's own layout
    such as the completion split's multi-file shards): what :func:`run_repositories` needs."""

    def remove_partial(self) -> list[str]: ...

    def read(self, name: str, key: str) -> "RepositoryResult | None": ...

    def write(self, name: str, result: "RepositoryResult", key: str) -> "RepositoryResult": ...


class ShardStore:
    """Finished repositories of one split under ``root``: ``<repository>/<records_file>``,
    ``report.json``, optional extra files, and ``DONE.json`` (fingerprint + stats), written last."""

    def __init__(self, root: Path, records_file: str,
                 extra_files: Callable[[BuildReport], dict[str, str]] | None = None) -> None:
        self.root = Path(root)
        self.records_file = records_file
        self.extra_files = extra_files

    def remove_partial(self) -> list[str]:
        """Remove the temporary folders of shard writes that never finished (a build killed
        mid-write); the build's lock on its output folder (``build_scope``) keeps a running
        build's own out of reach. Returns their names."""
        return remove_partial_writes(self.root)

    def read(self, name: str, key: str) -> RepositoryResult | None:
        """The finished shard of ``name`` built under ``key``; None when absent, partial, built
        under other settings or content, or unreadable (it is then rebuilt)."""
        shard = self.root / name
        done = done_marker(shard, key)
        if done is None:
            return None
        try:
            text = (shard / self.records_file).read_text(encoding="utf-8")
            # records end at "\n" only: str.splitlines() also splits at U+2028, U+0085 and the
            # like, which json.dumps(ensure_ascii=False) writes raw inside strings
            records = [json.loads(line) for line in text.split("\n") if line.strip()]
            report = BuildReport.from_dict(json.loads((shard / "report.json").read_text(encoding="utf-8")))
        except (OSError, ValueError, TypeError, AttributeError):
            return None
        return RepositoryResult(records, report, dict(done.get("stats") or {}))

    def write(self, name: str, result: RepositoryResult, key: str) -> RepositoryResult:
        """Write ``result``'s shard under ``key``; returns what the build keeps of it (all)."""
        files: dict[str, list[dict] | str] = {
            self.records_file: result.records,
            "report.json": json.dumps(result.report.to_dict(), indent=1),
            **(self.extra_files(result.report) if self.extra_files else {})}
        write_shard_folder(self.root / name, files, {"fingerprint": key, "stats": result.stats})
        return result


def remove_partial_writes(folder: Path, patterns: Sequence[str] = (".*.tmp-*",)) -> list[str]:
    """Remove what writes killed mid-way left in ``folder`` (``.<name>.tmp-*`` of
    :func:`write_shard_folder` and the atomic writers; other ``patterns`` on request), folders and
    files alike. Returns their names."""
    partial = sorted(p for pattern in patterns for p in folder.glob(pattern)) if folder.is_dir() else []
    for path in partial:
        if path.is_dir():
            shutil.rmtree(path, ignore_errors=True)
        else:
            path.unlink(missing_ok=True)
    return [p.name for p in partial]


def done_marker(shard: Path, key: str) -> dict | None:
    """The ``DONE.json`` of a finished shard built under ``key``; None when the shard is absent,
    partial, built under another key, or its marker is unreadable."""
    try:
        done = json.loads((shard / DONE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return done if isinstance(done, dict) and done.get("fingerprint") == key else None


def write_shard_folder(shard: Path, files: dict[str, list[dict] | str], marker: dict) -> None:
    """Write a shard whole or not at all: every file (a list of records as JSONL, a string as
    is) under a temporary folder, each fsync'd, the ``DONE.json`` ``marker`` last, then one
    rename over the old shard. A build killed at any point leaves the old shard or none, and a
    ``.<name>.tmp-*`` folder the next build removes."""
    tmp = shard.with_name(f".{shard.name}.tmp-{os.getpid()}-{threading.get_ident()}")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    for file_name, content in files.items():
        if isinstance(content, str):
            atomic_write_text(tmp / file_name, content)
        else:
            atomic_write_jsonl(tmp / file_name, content)
    atomic_write_text(tmp / DONE, json.dumps(marker, indent=1))
    shutil.rmtree(shard, ignore_errors=True)
    os.replace(tmp, shard)
    fsync_dir(shard.parent)


BuildOne = Callable[[Repository, BuildReport], "tuple[list[dict], dict]"]


def run_repositories(repos: Sequence[Repository], build_one: BuildOne, *, store: Shards,
                     key_of: Callable[[Repository], str], workers: int = 1,
                     executor: Executor | str = Executor.THREADS, ray_address: str | None = None,
                     new_report: Callable[[], BuildReport] = BuildReport,
                     on_done: Callable[[RepositoryResult], None] | None = None,
                     fatal: tuple[type[BaseException], ...] = (),
                     time_limit: float | None = None) -> list[RepositoryResult]:
    """Build every repository of ``repos`` with ``build_one(repo, report) -> (records, stats)``,
    ``workers`` at a time on ``executor`` (:mod:`builders.executors`: threads, processes that
    survive a worker's death, Ray); reuse finished shards whose key matches. A repository whose
    build raises (``fatal`` exceptions excepted: they stop the build) or whose worker dies every
    time is counted ``repositories/failed`` with the error, gets status ``failed`` and no shard
    (the next run tries again); the others go on. ``on_done`` is told of each repository as it
    finishes, in this thread. Returns the results in name order.

    With processes, ``build_one``, ``store`` and ``new_report`` travel to the workers
    (picklable), the shard is written there, and what comes back is what ``store.write``
    returns (a split with large shards sends back only their figures). With Ray (which also
    takes closures) the whole result comes back through Ray's object store and this process
    writes the shard: the cluster's nodes need no folder shared with the build's output.

    Each repository's build may take ``time_limit`` seconds of wall clock (default: the one the
    caller configured, :func:`core.deadline.limit_repositories`, else
    ``C.REPOSITORY_TIME_LIMIT``; 0: none): past it, it stops at its next process or parse and is
    counted ``repositories/timeout`` with what was running, status ``timeout``, no shard."""
    ordered = sorted(repos, key=lambda r: r.name)
    limit = repository_deadline.configured_limit() if time_limit is None else (time_limit or None)
    store.remove_partial()
    results: dict[str, RepositoryResult] = {}

    def finish(repo: Repository, result: RepositoryResult) -> None:
        result.stats.update(url=repo.url or "", commit=repo.commit or "", license=repo.license or "")
        results[repo.name] = result
        if on_done is not None:
            on_done(result)

    # on Ray a task's shard comes back to this process through Ray's object store and is written
    # here: the nodes share no folder with the build (elsewhere the worker writes it, and only its
    # figures come back)
    on_driver = Executor(executor) is Executor.RAY
    jobs = []
    for repo in ordered:
        try:  # the key reads the whole repository: one that cannot be read is its failure, not the build's
            key = key_of(repo)
        except fatal:
            raise
        except Exception as exc:  # RecursionError included (a RuntimeError)
            report = new_report()
            error = f"{type(exc).__name__}: {str(exc)[:300]}"
            report.count("repositories", "unreadable_tree", repo.name, error)
            finish(repo, RepositoryResult([], report, {"repository": repo.name, "status": "failed",
                                                       "reason": "unreadable_tree", "error": error}))
            continue
        result = store.read(repo.name, key)
        if result is None:
            jobs.append((build_one, None if on_driver else store, new_report, fatal, limit, repo, key))
        else:
            result.stats["status"] = "skipped_done"
            finish(repo, result)
    for index, outcome, attempts in run_jobs(_build_and_store, jobs, executor=executor, workers=workers,
                                             ray_address=ray_address):
        repo = jobs[index][5]
        if on_driver and not isinstance(outcome, WorkerLost) and outcome.stats["status"] == "built":
            outcome = store.write(repo.name, outcome, jobs[index][6])
        if isinstance(outcome, WorkerLost):
            report = new_report()
            report.count("repositories", "failed", repo.name, outcome.detail)
            outcome = RepositoryResult([], report, {"repository": repo.name, "status": "failed",
                                                    "reason": "worker_lost", "error": outcome.detail})
        if attempts > 1:
            outcome.stats["attempts"] = attempts
        finish(repo, outcome)
    return [results[repo.name] for repo in ordered]


def _build_and_store(build_one: BuildOne, store: Shards | None, new_report: Callable[[], BuildReport],
                     fatal: tuple[type[BaseException], ...], time_limit: float | None, repo: Repository,
                     key: str) -> RepositoryResult:
    """One repository's job, wherever it runs: build it, guarded, and write its shard (without a
    ``store``, the whole result goes back to the build, which writes it)."""
    result = _build_guarded(repo, build_one, new_report(), fatal, time_limit)
    if store is not None and result.stats["status"] == "built":
        result = store.write(repo.name, result, key)
    return result


def _build_guarded(repo: Repository, build_one: BuildOne, report: BuildReport,
                   fatal: tuple[type[BaseException], ...] = (), time_limit: float | None = None) -> RepositoryResult:
    started = time.monotonic()
    try:
        with repository_deadline.repository(time_limit):
            records, stats = build_one(repo, report)
        stats = {"repository": repo.name, **stats, "status": "built"}
    except repository_deadline.RepositoryTimeLimit as exc:
        # what the build counted before the limit stays in the report (the user sees how far it
        # got); its records are not kept: a part of a repository is not its dataset
        report.count("repositories", "timeout", repo.name, str(exc))
        records, stats = [], {"repository": repo.name, "status": "timeout", "error": str(exc)[:500],
                              "during": exc.during[:200]}
    except fatal:
        raise
    except Exception as exc:  # one repository never stops the others; counted, not cached
        error = f"{type(exc).__name__}: {exc}"
        report.count("repositories", "failed", repo.name, error)
        records, stats = [], {"repository": repo.name, "status": "failed", "error": error[:500]}
    stats["seconds"] = round(time.monotonic() - started, 2)
    return RepositoryResult(records, report, stats)
