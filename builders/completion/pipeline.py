"""The completion-split build: repositories -> shards -> one dataset per language.

Each repository is processed on its own (in a worker process when ``workers > 1``) and
written as a *shard*: a folder with its examples, usages, retrieval contexts, graph and
report, written under a temporary name and renamed into place only when complete, with a
``DONE.json`` marker holding the settings fingerprint. A rerun skips shards whose marker
matches, so an interrupted build resumes without redoing finished repositories, and the
final merge reads shards in repository-name order, so the dataset never depends on
scheduling.
"""

from __future__ import annotations

import fcntl
import functools
import hashlib
import os
import shutil
import stat
import tempfile
import time
from contextlib import contextmanager
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Callable

from crossfile_datasets.analyzers.crossfile import first_uses
from crossfile_datasets.analyzers.graph import (
    build_graph,
    definition_node_for_usage,
    definition_span,
    graph_to_data,
)
from crossfile_datasets.analyzers.run import MissingToolError
from crossfile_datasets.builders.cache import UsageCache, ensure_usable, tree_hash
from crossfile_datasets.builders.completion.examples import (
    LocatedUsages,
    make_example,
    usage_record,
)
from crossfile_datasets.builders.completion.filters import FilterContext, apply_filters
from crossfile_datasets.builders.completion.model_filter import ModelFilterSettings
from crossfile_datasets.builders.completion.splits import (
    StubEvidence,
    anchor_usage,
    files_not_checked_whole,
    in_file_anchors,
    in_file_order,
    in_file_quota,
    random_later_uses,
    top_level_names,
    unproven_reason,
)
from crossfile_datasets.builders.executors import Executor
from crossfile_datasets.builders.split import remove_partial_writes, run_repositories
from crossfile_datasets.builders.completion.shards import (
    SHARDS,
    BuildSettings,
    CompletionShards,
    ShardSummary,
    summary_of,
)
from crossfile_datasets.core.constants import CROSS_FILE_RANDOM, IN_FILE
from crossfile_datasets.core.paths import default_cache_dir
from crossfile_datasets.core.records import CrossFileUsage, Repository
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.core.tokenizer import load_tokenizer
from crossfile_datasets.lang import Lang, get_language
from crossfile_datasets.lang.sources import count_parse_timeouts, list_sources
from crossfile_datasets.sandbox import tree_digest
from crossfile_datasets.sandbox.tempfolders import SANDBOX_PREFIX, remove_tree, sweep_held_folders


# ----------------------------------------------------------------------------- one repository --
def build_repository(lang: Lang, repo: Repository, settings: BuildSettings, report: BuildReport | None = None) -> dict:
    """Analyze one repository and return its shard content (pure data, JSON-serialisable);
    what it counts goes into ``report`` (a new one by default), shipped in the shard."""
    language = get_language(lang)
    report = BuildReport() if report is None else report
    t0 = time.monotonic()
    files, snapshot = list_sources(repo, language, report)
    repo = Repository(repo.name, repo.root, repo.url, repo.commit or f"sha256:{snapshot}", repo.license, repo.is_git, snapshot)
    if not files:
        report.count("repositories", "no_source_files", repo.name)
    rejected = settings.criteria.check_files(repo, files, [f.raw_sha256 for f in files]) if settings.criteria else None
    if rejected:
        report.count("repositories", rejected, repo.name)
        files = []
    facts = language.analyze_files(str(repo.root), files)
    count_parse_timeouts(facts, report)
    report.add_time("parse_seconds", time.monotonic() - t0)
    observation_dir = None
    if settings.observe_types and lang is Lang.PYTHON and files:
        observation_dir = Path(tempfile.mkdtemp(prefix="crossfile-observed-"))
        repo = observe_types(repo, observation_dir, report)
    try:
        usages = find_usages_cached(language, repo, facts, report, settings) if files else []
    finally:
        if observation_dir is not None:
            shutil.rmtree(observation_dir, ignore_errors=True)
    report.count("checker", "usages_detected", n=len(usages))

    graph = build_graph(repo.name, lang.value, facts, usages)
    tokenizer = load_tokenizer(settings.tokenizer)
    count_tokens = tokenizer.count
    ctx = FilterContext(language, facts, count_tokens, prefix_counter=tokenizer.prefix_counter)
    usages_by_file: dict[str, list[CrossFileUsage]] = {}  # grouped once: per example, only its file's usages
    located: dict[str, LocatedUsages] = {}  # per file, its usages located once
    for u in usages:
        usages_by_file.setdefault(u.file, []).append(u)

    def covered_usages(example) -> list[dict]:
        if example.file not in located:
            located[example.file] = LocatedUsages(usages_by_file.get(example.file, []), facts[example.file])
        return [_usage_entry(graph, u) for u in located[example.file].in_range(example.cursor, example.end)]

    def place(usage: CrossFileUsage, stage: str, split_ctx: FilterContext, check=None):
        """One usage (or in_file anchor) -> a kept example, or None with its reason counted:
        the same cursor rule, test-file rule and filters for every split."""
        example, why = make_example(language, facts[usage.file], usage, repo, settings.seed)
        if example is None:
            report.count(stage, why, f"{usage.file}:{usage.line}")
            return None
        if settings.exclude_tests and example.is_test_file:
            report.count(stage, "in_test_file", f"{usage.file}:{usage.line}")
            return None
        if check is not None:
            why = check(example)
            if why:
                report.count(stage, why, f"{usage.file}:{usage.line}")
                return None
        keep, reason = apply_filters(example, split_ctx)
        if not keep:
            report.count(stage, reason, f"{usage.file}:{usage.line}")
            return None
        return example

    # cross_file_first: CrossCodeEval's examples, the first use of each cross-file entity
    examples = []
    for usage in first_uses(usages):
        example = place(usage, "examples", ctx)
        if example is not None:
            example.crossfile_usages = covered_usages(example)
            examples.append(example)
    if settings.model_filter and examples:
        examples = drop_predictable(examples, language, settings.model_filter, report)
    for number, example in enumerate(examples):  # numbered after every drop: ids have no gaps
        example.task_id = f"{repo.name}/{lang.value}/{number}"

    # the RepoBench-style splits (builders/completion/splits.py); each has its own duplicate set,
    # so a split never loses an example because another split holds the same reference
    t_splits = time.monotonic()
    split_examples: dict[str, list] = {}
    random_stage = "examples_cross_file_random"
    chosen = []
    random_ctx = replace(ctx, seen_references=set())
    for first, later in random_later_uses(usages, settings.seed, repo.canonical_id):
        if later is None:
            report.count(random_stage, "no_later_use", f"{first.file}:{first.line}")
            continue
        example = place(later, random_stage, random_ctx)
        if example is not None:
            example.crossfile_usages = covered_usages(example)
            chosen.append(example)
    if settings.model_filter and chosen:
        chosen = drop_predictable(chosen, language, settings.model_filter, report, stage=random_stage)
    split_examples[CROSS_FILE_RANDOM] = chosen
    # in_file: no model filter (it drops what needs no cross-file context: the whole split)
    split_examples[IN_FILE] = in_file_examples(language, facts, usages, report, settings, repo, place,
                                               replace(ctx, seen_references=set()), Counter(ex.file for ex in examples))
    for split, items in split_examples.items():
        for number, example in enumerate(items):
            example.task_id = f"{repo.name}/{lang.value}/{split}/{number}"
    report.add_time("splits_seconds", time.monotonic() - t_splits)

    contexts: dict[str, list[dict]] = {}
    split_contexts: dict[str, dict[str, list[dict]]] = {split: {} for split in split_examples}
    if settings.retrievers and (examples or any(split_examples.values())):
        from crossfile_datasets.builders.completion.retrieval import RepositoryRetriever

        t1 = time.monotonic()
        retriever = RepositoryRetriever(files, facts, graph, language, count_tokens, budget=settings.context_tokens,
                                        top_k=settings.top_k, chunk_lines=settings.chunk_lines,
                                        dense_model=settings.dense_model)

        def contexts_of(items: list) -> dict[str, list[dict]]:
            return {method: [retriever.context(method, ex.file, ex.prompt, ex.groundtruth) for ex in items]
                    for method in settings.retrievers}

        contexts = contexts_of(examples)
        split_contexts = {split: contexts_of(items) for split, items in split_examples.items()}
        report.add_time("retrieval_seconds", time.monotonic() - t1)

    report.add_time("repository_seconds", time.monotonic() - t0)
    extra = {"snapshot": snapshot_rows(repo, lang, files)} if settings.snapshots else {}
    return {
        **extra,
        "repository": asdict_repo(repo),
        "files": len(files),
        "examples": [ex.to_record() for ex in examples],
        "splits": {split: {"examples": [ex.to_record() for ex in items], "contexts": split_contexts[split]}
                   for split, items in split_examples.items()},
        "usages": [_usage_json(graph, u) for u in usages],
        "contexts": contexts,
        "graph": graph_to_data(graph),
        "report": report.to_dict(),
    }


def in_file_examples(language, facts, usages: list[CrossFileUsage], report: BuildReport, settings: BuildSettings,
                     repo: Repository, place, ctx: FilterContext, cross_file_per_file: Counter) -> list:
    """The in_file split of one repository (builders/completion/splits.py): per file checked with
    its imports stubbed, anchors tried in seeded order until the file's quota is filled; each
    must be proven by the stub runs' evidence and pass the same cursor rule and filters."""
    stage = "examples_in_file"
    evidence = StubEvidence.collect(usages, report, facts)
    if not evidence.complete:
        report.count(stage, "diagnostics_not_all_listed", repo.name)
        return []
    checked = {u.file for u in usages}
    not_whole = files_not_checked_whole(report, facts)
    elsewhere = top_level_names(facts)
    out = []
    for path in sorted(facts):
        ff = facts[path]
        if settings.exclude_tests and language.is_test_path(path):  # once per file, not per line tried
            report.count(stage, "in_test_file", path)
            continue
        if path in not_whole:  # uses in the code it did not check would read as in-file lines
            report.count(stage, "file_not_checked_whole", path)
            continue
        if path not in checked:
            report.count(stage, "file_without_crossfile_usage", path)
            continue
        anchors = in_file_anchors(ff)
        if not anchors:
            report.count(stage, "no_in_file_name", path)
            continue
        quota = in_file_quota(cross_file_per_file.get(path, 0))
        kept = 0
        order = in_file_order(anchors, settings.seed, repo.canonical_id, path)
        for tried, (offset, name) in enumerate(order):
            if kept == quota:
                report.count(stage, "quota_reached", n=len(order) - tried)
                break
            example = place(anchor_usage(repo.name, ff, offset, name), stage, ctx,
                            check=lambda ex, ff=ff: unproven_reason(ff, ex.cursor, ex.end, evidence, elsewhere))
            if example is not None:
                out.append(example)  # crossfile_usages stays empty: proven to hold none
                kept += 1
    return sorted(out, key=lambda ex: (ex.file, ex.cursor))  # position order, as the other splits


def drop_predictable(examples: list, language, settings: "ModelFilterSettings", report: BuildReport,
                     stage: str = "examples") -> list:
    """CrossCodeEval's model filter: drop what the model completes exactly without cross-file
    context, record the model's completion in every kept example."""
    from crossfile_datasets.builders.completion.model_filter import (
        REASON,
        client_for,
        predictable,
    )
    from crossfile_datasets.core.tokenizer import load_tokenizer as tokenizer_for

    t0 = time.monotonic()
    client = client_for(settings)
    verdicts = predictable(examples, language.lang.value, client, settings, tokenizer_for(None))
    kept = []
    for example, (exact, completion) in zip(examples, verdicts):
        if exact:
            report.count(stage, REASON, f"{example.file}:{example.groundtruth_start_lineno + 1}")
            continue
        example.model_filter = {"model": client.name, "completion": completion}
        kept.append(example)
    report.add_time("model_filter_seconds", time.monotonic() - t0)
    return kept


def observe_types(repo: Repository, folder: Path, report: BuildReport) -> Repository:
    """--observe-types: the repository's tests run once in the sandbox and report the classes
    passed to its functions' parameters; the repository comes back naming that record (or
    unchanged, with the reason counted, when the suite could not tell)."""
    from crossfile_datasets.sandbox.type_observation import (
        ObservationStatus,
        observe_parameter_types,
    )

    t0 = time.monotonic()
    observed = observe_parameter_types(repo.root)
    report.add_time("observe_types_seconds", time.monotonic() - t0)
    for test in observed.left_out:
        report.count("repositories", "types_observed_without_test", repo.name,
                     f"{test} ended the test process (the hard per-test limit or a crash): run no more")
    if observed.status is not ObservationStatus.OK:
        report.count("repositories", f"types_not_observed_{observed.status}", repo.name, observed.detail)
        return repo
    report.count("checker", "observed_parameters", n=len(observed.parameters))
    for sample in observed.refused_samples:  # the record is the tested code's to forge: validated
        report.count("checker", "observed_entries_refused", repo.name, sample)
    if observed.refused > len(observed.refused_samples):
        report.count("checker", "observed_entries_refused", n=observed.refused - len(observed.refused_samples))
    path = folder / "observed_types.json"
    path.write_text(observed.to_json(), encoding="utf-8")
    return replace(repo, observed_types=str(path))


def shard_content(settings: BuildSettings, repo: Repository) -> str:
    """What a completion shard's key covers of the repository: every file that can influence
    checking (``tree_hash``: sources and build and checker configuration, outside dot-folders
    and vendored or build folders) and, with ``--observe-types``, whose tests run on a copy of
    everything, the whole tree as a copy holds it (``sandbox.tree_digest``): a changed
    ``pytest.ini``, requirement file, test data or dot-folder plugin rebuilds the shard (red
    team 6 row 6, the executable and class splits' shards keyed on their sources alone)."""
    content = tree_hash(repo.root)
    if settings.observe_types:
        content += ":" + tree_digest(repo.root)[0]
    return content


def find_usages_cached(language, repo: Repository, facts, report: BuildReport, settings: BuildSettings) -> list[CrossFileUsage]:
    """The language's usages, from the content-addressed cache when the repository and the
    checker are unchanged (see builders/cache.py)."""
    if not settings.use_cache:
        return language.find_usages(repo, facts, report)
    cache = UsageCache(settings.cache_dir or default_cache_dir())
    content = tree_hash(repo.root)
    if repo.observed_types:  # what the tests observed is an input of the checker run too
        content += "|observed:" + hashlib.sha256(Path(repo.observed_types).read_bytes()).hexdigest()
    key = cache.key(language.lang.value, language.checker_fingerprint(), content)
    hit = cache.load(language.lang.value, key, report)
    if hit is not None:
        usages, replay = hit
        # the same content may be built under another repository name
        usages = [replace(u, repository=repo.name) for u in usages]
        report.merge(replay)
        report.count("checker", "cache_hits")
        return usages
    fresh = BuildReport()
    usages = language.find_usages(repo, facts, fresh)
    report.merge(fresh)
    cache.store(language.lang.value, key, usages, fresh)
    return usages


def _usage_entry(graph, usage: CrossFileUsage) -> dict:
    node = definition_node_for_usage(graph, usage)
    return usage_record(usage, definition_span(graph, node, usage.definition_line) if node else None, node)


def _usage_json(graph, usage: CrossFileUsage) -> dict:
    data = usage.to_json()
    data["definition_node"] = definition_node_for_usage(graph, usage)
    return data


def snapshot_rows(repo: Repository, lang: Lang, files) -> list[dict]:
    """--snapshots: the files the examples were built from, as read (LF, no BOM: the text the
    prompts and contexts are cut from), with the hash of their bytes as stored."""
    snapshot = f"sha256:{repo.snapshot_sha256}"
    return [{"snapshot": snapshot, "repository": repo.name, "path": f.path, "language": lang.value,
             "content": f.text, "sha256": f.raw_sha256} for f in sorted(files, key=lambda f: f.path)]


def asdict_repo(repo: Repository) -> dict:
    return {"name": repo.name, "root": str(repo.root), "url": repo.url, "commit": repo.commit,
            "license": repo.license, "snapshot_sha256": repo.snapshot_sha256}


def build_shard(lang_value: str, settings: BuildSettings, repo: Repository, report: BuildReport) -> tuple[list[dict], dict]:
    """``split.run_repositories``'s job for one repository: its shard content (written by
    :class:`CompletionShards` where it was built) and its figures."""
    lang = Lang(lang_value)
    # this worker's share of the cores for checkers that parallelise inside a repository
    get_language(lang).set_checker_parallelism(max(1, (os.cpu_count() or 1) // max(1, settings.workers)))
    data = build_repository(lang, repo, settings, report)
    return [data], {"examples": len(data["examples"]), "usages": len(data["usages"]), "files": data["files"]}


# ------------------------------------------------------------------------------ build scope --
class OutputLockedError(RuntimeError):
    """Another build is writing into the same output folder."""


TMP_PREFIX = "crossfile-build-"
# where a build's folder is made and locked before it is renamed to its TMP_PREFIX name: a folder
# under that name always has its lock held, or its build is gone
STAGING_PREFIX = "crossfile-buildstaging-"
STALE_LOOSE_TMP_SECONDS = 24 * 3600
# temporary folders our code makes with tempfile (outside a build they land in TMPDIR itself);
# only these are ever removed: a user's own /tmp/crossfile-cache must never be touched
# (``crossfile-sandbox-*`` folders are held folders: the lock-honouring sweep's, never removed by age)
LOOSE_TMP_PREFIXES = ("crossfile-pylint-", "crossfile-mcs-", "crossfile-javac-", "crossfile-hub-", STAGING_PREFIX)
_scope_depth = 0


@contextmanager
def build_scope(output: Path):
    """Everything a build holds while it runs, released however it ends:

    - an exclusive lock on ``output`` (a second build into the same folder stops with a clear
      error instead of both overwriting each other's files);
    - a private temporary folder, ``$TMPDIR/crossfile-build-<pid>-*``, made the process's and
      its children's TMPDIR, so every ``crossfile-*`` folder of checkers and sandboxes lives
      inside it; it is removed at the end, and folders of builds that died (kill -9, power
      loss) are removed at the start of the next build: a folder whose lock nobody holds.

    Re-entrant in one process (the CLI wraps several languages, each of which opens a scope).
    """
    global _scope_depth
    if _scope_depth:
        _scope_depth += 1
        try:
            yield
        finally:
            _scope_depth -= 1
        return
    if output.exists() and not output.is_dir():
        raise OutputLockedError(f"--output {output} exists and is not a folder")
    output.mkdir(parents=True, exist_ok=True)
    lock_fh = _lock(output / ".build.lock", f"another build (pid {{pid}}) is writing into {output}; "
                    "wait for it to finish or choose another --output")
    base = tempfile.gettempdir()
    remove_stale_temporary_folders(Path(base))
    tmp, tmp_lock = _locked_temporary_folder(base)
    saved_env, saved_tempdir = os.environ.get("TMPDIR"), tempfile.tempdir
    os.environ["TMPDIR"], tempfile.tempdir = tmp, tmp
    _scope_depth = 1
    try:
        yield
    finally:
        _scope_depth = 0
        tempfile.tempdir = saved_tempdir
        if saved_env is None:
            os.environ.pop("TMPDIR", None)
        else:
            os.environ["TMPDIR"] = saved_env
        remove_tree(tmp)  # iterative: whatever depth sandboxed code left behind
        tmp_lock.close()
        lock_fh.close()


def _locked_temporary_folder(base: str):
    """A new ``crossfile-build-<pid>-*`` folder in ``base`` and its held lock. It is made and
    locked under a staging name, then renamed: a concurrent build's sweep
    (:func:`remove_stale_temporary_folders`) could otherwise take the lock of a folder made but
    not yet locked and remove it under this build (FileNotFoundError on its ``.lock``)."""
    staging = tempfile.mkdtemp(prefix=f"{STAGING_PREFIX}{os.getpid()}-", dir=base)
    lock = _lock(Path(staging) / ".lock", "unreachable")
    final = os.path.join(base, TMP_PREFIX + os.path.basename(staging)[len(STAGING_PREFIX):])
    try:
        os.rename(staging, final)  # the held flock moves with the lock file
    except OSError:
        lock.close()
        remove_tree(staging)
        raise
    return final, lock


def _lock(path: Path, message: str):
    fh = open(path, "a+", encoding="utf-8")
    try:
        fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        fh.seek(0)
        holder = fh.read().strip() or "?"
        fh.close()
        raise OutputLockedError(message.replace("{pid}", holder))
    fh.seek(0)
    fh.truncate()
    fh.write(str(os.getpid()))
    fh.flush()
    return fh


def remove_stale_temporary_folders(base: Path) -> list[str]:
    """Remove temporary folders left by builds and harnesses that died: ``crossfile-build-*``
    folders whose lock is free, ``crossfile-sandbox-*`` held folders the harness's sweep finds
    stale (both :func:`~crossfile_datasets.sandbox.tempfolders.sweep_held_folders`: only real
    folders of ours, locks never created nor followed; red team 2026-11-29 rows 1 and 2), and
    loose temporary folders of ours (``LOOSE_TMP_PREFIXES``: made outside a build or by older
    versions) untouched for a day."""
    builds = sweep_held_folders(base, TMP_PREFIX, lock_inside=True)
    sandboxes = sweep_held_folders(base, SANDBOX_PREFIX)
    removed = builds.names + sandboxes.names
    try:
        entries = list(os.scandir(base))
    except OSError:
        return removed
    now, euid = time.time(), os.geteuid()
    for entry in entries:
        if not entry.name.startswith(LOOSE_TMP_PREFIXES):
            continue
        try:
            st = entry.stat(follow_symlinks=False)
            # a real folder of ours only: never a link, never another user's folder
            if stat.S_ISDIR(st.st_mode) and st.st_uid == euid and now - st.st_mtime > STALE_LOOSE_TMP_SECONDS:
                remove_tree(entry.path)
                removed.append(entry.name)
        except OSError:
            continue
    return removed


# ------------------------------------------------------------------------------- language --
def build_language(
    lang: Lang,
    repos: list[Repository],
    settings: BuildSettings,
    on_done: Callable[[ShardSummary], None] | None = None,
    selection_report: BuildReport | None = None,
) -> dict:
    """Build (or resume) every shard of ``lang`` and merge them into the language's outputs."""
    language = get_language(lang)
    language.check_tools()
    if settings.use_cache:
        ensure_usable(settings.cache_dir or default_cache_dir())
    with build_scope(settings.output):
        out = settings.output / lang.value
        (out / SHARDS).mkdir(parents=True, exist_ok=True)
        # left by a build killed while swapping the merged outputs (the runner sweeps the shards')
        remove_partial_writes(out, (".*.tmp-*", ".*.old-*"))
        results = run_repositories(
            repos, functools.partial(build_shard, lang.value, settings), store=CompletionShards(out / SHARDS),
            key_of=lambda repo: settings.fingerprint(lang, repo, shard_content(settings, repo)), workers=settings.workers,
            executor=Executor.RAY if settings.executor == "ray" else Executor.PROCESSES,
            ray_address=settings.ray_address, fatal=(MissingToolError,),
            on_done=(lambda result: on_done(summary_of(result))) if on_done else None)
        summaries = {result.stats["repository"]: summary_of(result) for result in results}
        from crossfile_datasets.builders.completion.export import merge_language

        return merge_language(lang, repos, settings, [summaries[r.name] for r in repos], selection_report)
