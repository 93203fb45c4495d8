"""Class-level metrics (RepoClassBench): pass@k, test pass rate and compilation rate per language.

For every (task, generation): the generated class goes where the original was -- the task
record holds the file with the class removed and the insertion point -- in a private copy of
the repository; the language's runner (``sandbox.suites.runner_for``) compiles the copy
(Python: byte-compiles it) and runs the task's EXPECTED_TO_PASS tests in the bubblewrap sandbox
(read-only filesystem but the copy, no network, whole-tree time, memory and process limits).
A generation passes when every EXPECTED_TO_PASS test passes (Python tasks with ``value_checks``:
and its checked values held on the host, ``sandbox/values.py``).

What a model answers is rarely the bare class: ``harness.class_runs`` (shared with the class
builder's gates) keeps the code of a fenced block and handles the imports a model writes above
its class --
Python keeps them in place (an import is a statement anywhere at module level; only
``from __future__`` imports must be first, so they are dropped), Java and C# move them to the
file's import block (skipping those already there).

Metrics, macro-averaged over tasks per language (each task's own estimate first, as Chen et al.
2021 and the paper do): pass@k with the unbiased estimator over the task's n generations
(``evaluation.stats.pass_at_k``; tasks with n < k have no pass@k); test pass rate = mean share
of EXPECTED_TO_PASS tests passed per generation; compilation rate = share of generations that
compile (reported for every language; the paper reports it for Java and C#).

Before any run, each repository folder is checked against the split's ``snapshot_sha256``.
Generations that give the same class file (repeated samples) are run once. With a results file,
each generation's verdict is appended as soon as it is known, keyed by task, generation index
and content hashes and signed with the evaluator's own key (``evaluation.records``), so a rerun
runs only what is new or changed, and a log this evaluator did not write is never reused
(``results_log_rows_refused``).
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Callable

from crossfile_datasets.core.jsonl import InputError, iter_jsonl
from crossfile_datasets.core.reasons import ANSWER_TOO_LARGE, CHANNEL_OVERFLOW
from crossfile_datasets.core.records import Repository
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.core.repository_roots import (FIELD_TYPE, ROOT_KEY, ROOTS_FILE, TASK_REFUSED, RecordRefused,
                                                      attach_roots, check_index_root, check_record_file,
                                                      repository_folder, rootless_hint)
from crossfile_datasets.evaluation.constants import (BOOTSTRAP_RESAMPLES, BOOTSTRAP_SEED, CONFIDENCE, MAX_GENERATIONS,
                                                   PASS_AT_K)
from crossfile_datasets.evaluation.records import (AppendLog, check_generation_count, check_same_ids, file_sha256, listed,
                                                 log_key, read_signed_log)
from crossfile_datasets.evaluation.stats import bootstrap, pass_at_k
from crossfile_datasets.harness.class_runs import ANSWER_REFUSED, place_class, run_placed
from crossfile_datasets.lang import Lang, get_language
from crossfile_datasets.lang.sources import list_sources
from crossfile_datasets.sandbox import SandboxLimits, hostfs, tree_digest
from crossfile_datasets.sandbox.suites import REGISTRY, SuiteStatus, TestOutcome, runner_for

# in memory only: why a record's fields cannot be evaluated (``field_refusal``), set by load_tasks
FIELD_REFUSAL_KEY = "field_refusal"


def field_refusal(task: dict) -> str | None:
    """Why a class task's fields are not what the evaluation computes with
    (``split_records/field_type: ...``), or None. A split is input (red team 2026-11-30 row 5: an
    ``"insertion_offset": NaN`` or ``Infinity``, which Python's json reads, raised out of the
    placement of the first generation and no task of the split was judged): its generations are
    refused (``task_refused``), never placed nor run; the others are evaluated."""
    def refused(field: str, what: str) -> str:
        return RecordRefused(FIELD_TYPE, f"{field} {repr(task.get(field))[:80]} is not {what}").describe()

    if task["language"] not in {lang.value for lang in REGISTRY}:
        return refused("language", f"a language with a class-level test runner ({', '.join(l.value for l in REGISTRY)})")
    without, offset = task["file_without_class"], task["insertion_offset"]
    if not isinstance(without, str):
        return refused("file_without_class", "a string")
    if type(offset) is not int or not 0 <= offset <= len(without):
        return refused("insertion_offset", f"an integer from 0 to the length of file_without_class ({len(without)})")
    expected = task["expected_to_pass"]
    if not isinstance(expected, list) or not expected or not all(isinstance(t, str) for t in expected):
        return refused("expected_to_pass", "a non-empty list of test ids (strings)")
    for field in ("class_name", "class_signature", "snapshot_sha256", "tree_sha256"):
        if task.get(field) is not None and not isinstance(task[field], str):
            return refused(field, "a string")
    checks = task.get("value_checks")
    if checks is not None and (not isinstance(checks, list) or not all(isinstance(c, dict) for c in checks)):
        return refused("value_checks", "a list of objects")
    return None


def load_tasks(path: str | os.PathLike) -> dict[str, dict]:
    """The class-level tasks of a split, by id. A record without one of the keys the evaluation
    needs, with an id or language that is not a string, or with an id seen before is an
    :class:`InputError`; one whose other fields are not what the evaluation computes with is kept
    with its refusal (``FIELD_REFUSAL_KEY``: ``field_refusal``), counted ``task_refused``."""
    tasks: dict[str, dict] = {}
    for lineno, obj in iter_jsonl(path):
        for key in ("id", "language", "file", "file_without_class", "insertion_offset", "expected_to_pass"):
            if key not in obj:
                raise InputError(f"{path}:{lineno}: not a class-level task (no '{key}')")
        for key in ("id", "language"):  # what its results are grouped and named by
            if not isinstance(obj[key], str):
                raise InputError(f"{path}:{lineno}: not a class-level task ('{key}' is not a string)")
        if obj["id"] in tasks:
            raise InputError(f"{path}:{lineno}: task id {obj['id']} appears twice")
        obj.pop(FIELD_REFUSAL_KEY, None)  # never the record's own
        why = field_refusal(obj)
        if why:
            obj[FIELD_REFUSAL_KEY] = why
        tasks[obj["id"]] = obj
    if not tasks:
        raise InputError(f"{path}: no tasks")
    attach_roots(tasks.values(), path)  # the builder's local index of repository folders, if beside the split
    return tasks


def load_predictions(path: str | os.PathLike, tasks: dict[str, dict], split_path,
                     max_generations: int = MAX_GENERATIONS) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for lineno, obj in iter_jsonl(path):
        if "task_id" not in obj:
            raise InputError(f"{path}:{lineno}: prediction has no 'task_id'")
        gens = obj.get("generations")
        if not isinstance(gens, list) or not gens or not all(isinstance(g, str) for g in gens):
            raise InputError(f"{path}:{lineno}: 'generations' of task {obj['task_id']} must be a non-empty list of strings")
        check_generation_count(path, lineno, obj["task_id"], gens, max_generations)
        if obj["task_id"] in out:
            raise InputError(f"{path}:{lineno}: task {obj['task_id']} appears twice")
        out[str(obj["task_id"])] = gens
    # a predictions file may cover part of the split (the rest is counted as not attempted),
    # never name a task the split does not have
    check_same_ids(set(out) & set(tasks), list(out), split_path, path)
    return out


# ----------------------------------------------------------------------------- prompts --
DESCRIPTIONS = ("detailed_skeleton", "sketchy_skeleton", "detailed", "sketchy")
CLASS_PROMPT = (
    "You are completing a file of a {language} repository. The class `{name}` is missing from the file "
    "{file}; it goes where the file says `{marker}`.\n\n"
    "Description of the class:\n{description}\n"
    "The file without the class:\n```{language}\n{context}\n```\n\n"
    "Write the complete class `{name}` (with any imports it needs above it). Answer with the code only, "
    "in one fenced code block."
)


def class_prompt(task: dict, description: str = "detailed_skeleton") -> str:
    """The generation prompt of a task: one of its descriptions and its file with the class removed
    (a comment marks the insertion point). Raises ValueError for a description the task lacks or
    a field the evaluation would refuse (``field_refusal``: an ``insertion_offset`` of ``Infinity``
    raised OverflowError here)."""
    refusal = field_refusal(task)
    if refusal:
        raise ValueError(f"task {task.get('id')}: {refusal}")
    if description not in DESCRIPTIONS:
        raise ValueError(f"description must be one of {', '.join(DESCRIPTIONS)}, got {description!r}")
    text = task.get(description) or ""
    if not text.strip():
        raise ValueError(f"task {task.get('id')} has no '{description}' description (built without --llm-url?)")
    lang = Lang(task["language"])
    marker = f"{get_language(lang).comment_prefix} <the class {task['class_name']} goes here>"
    without, offset = task["file_without_class"], int(task["insertion_offset"])
    context = without[:offset] + marker + without[offset:]
    return CLASS_PROMPT.format(language=lang.value, name=task["class_name"], file=task["file"], marker=marker,
                               description=text.rstrip() + "\n", context=context.rstrip("\n"))


# ----------------------------------------------------------------------------- running --
def repository_root(task: dict, repos: str | os.PathLike | None) -> Path:
    """The host folder a task runs in: ``repos / repository`` (a name that stays inside
    ``repos``, else :class:`RecordRefused`), or the folder the index beside the split names
    (``load_tasks``; a record's own ``repository_root`` is never used)."""
    if repos is not None:
        return repository_folder(repos, task.get("repository"))
    return Path(task[ROOT_KEY])


def task_refusal(task: dict, repos) -> str | None:
    """Why a split's task is not run (``split_records/<reason>``: a field the evaluation cannot
    compute with, its repository name or its file would name a host path outside its folder),
    or None."""
    if task.get(FIELD_REFUSAL_KEY):
        return task[FIELD_REFUSAL_KEY]
    try:
        if repos is not None:
            repository_root(task, repos)
        else:
            check_index_root(task)  # a folder named by the index beside the split must be provable
        check_record_file(task.get("file"))
    except RecordRefused as exc:
        return exc.describe()
    return None


def check_snapshots(tasks: list[dict], repos) -> None:
    """Refuse repository folders whose sources differ from the split's ``snapshot_sha256``, or
    whose whole tree (what a run's copy holds: build files, configuration, dot-folders;
    ``sandbox.tree_digest``) differs from its ``tree_sha256`` when the split recorded one."""
    expected: dict[tuple[str, str], set[str]] = {}
    trees: dict[str, set[str]] = {}
    for t in tasks:
        if t.get("snapshot_sha256"):
            expected.setdefault((str(repository_root(t, repos)), t["language"]), set()).add(t["snapshot_sha256"])
        if t.get("tree_sha256"):
            trees.setdefault(str(repository_root(t, repos)), set()).add(t["tree_sha256"])
    bad = []
    for (root, lang), shas in sorted(expected.items()):
        if not Path(root).is_dir():
            bad.append(f"{root}: folder missing")
            continue
        _, digest = list_sources(Repository("", Path(root), "", "", ""), get_language(Lang(lang)), BuildReport())
        if digest not in shas:
            bad.append(f"{root}: sources hash to {digest[:12]}, the split recorded {', '.join(sorted(s[:12] for s in shas))}")
        elif root in trees and tree_digest(Path(root))[0] not in trees[root]:
            bad.append(f"{root}: its files (configuration, dot-folders and plugins included) differ from the "
                       f"tree the split recorded ({', '.join(sorted(s[:12] for s in trees[root]))})")
    if bad:
        raise InputError(f"{len(bad)} repository folder(s) differ from the snapshot the split was built from: "
                         f"{listed(bad)}. Restore them or pass --repos with pristine copies.")


# a generation's status when the host refused a file its run left (``sandbox.hostfs``): no verdict,
# not passed, not counted as compiled
HOST_FILE_REFUSED = "host_file_refused"


def run_generation(task: dict, generation: str, root: Path, limits: SandboxLimits, setup=None) -> dict:
    """One generation's verdict: compiled, tests passed / total, passed (all of them)."""
    expected = list(task["expected_to_pass"])
    started = time.monotonic()
    result = {"compiled": False, "passed": False, "tests_passed": 0, "tests_total": len(expected), "status": "",
              "detail": ""}
    try:
        compiled, run = run_placed(task, generation, root, limits, setup)
        result["compiled"] = run is not None
        if run is None:
            # an answer that is not exactly its class is refused before it runs (red team 5)
            refused = next((s for s in (ANSWER_REFUSED, ANSWER_TOO_LARGE) if compiled.reason.startswith(f"{s}: ")), None)
            result.update(status=refused or "compile_failed",
                          detail=(compiled.reason or compiled.log)[:1000])
            return result
        outcomes = run.outcomes()
        passed = sum(1 for t in expected if outcomes.get(t) is TestOutcome.PASSED)
        result.update(tests_passed=passed, passed=passed == len(expected) and run.status is SuiteStatus.OK,
                      status="passed" if passed == len(expected) else (
                          run.status.value if run.status is not SuiteStatus.OK else "failed"))
        if any(key.endswith(f"/{CHANNEL_OVERFLOW}") for key, _ in run.refused):
            # the run's verdict channel dropped records (a failure, a refused value?): never a
            # pass, whatever was kept (red team 2026-11-29 row 3)
            result.update(passed=False, status=CHANNEL_OVERFLOW)
        if not result["passed"]:
            failing = [f"{r.test_id}: {r.message}" for r in run.results if r.outcome is not TestOutcome.PASSED]
            result["detail"] = ("; ".join(failing[:3]) or run.reason or run.log[-500:])[:1000]
        return result
    except hostfs.HostFileRefused as exc:
        # the run left something the host refuses to go through (a generation that replaced the
        # control folder by a link): this generation's outcome, counted under its own status;
        # the evaluation goes on with the others
        result.update(status=HOST_FILE_REFUSED, detail=f"{exc.key}: {exc.path}: {exc}"[:1000])
        return result
    finally:
        result["seconds"] = round(time.monotonic() - started, 3)


# a generation's status when its repository's runner failed before any generation ran (its
# ``setup`` raised on the original tree): the repository's tasks get it, the others run
SETUP_FAILED = "setup_failed"
# a generation's status when the runner raised on it (not a verdict of the class): the next one runs
RUNNER_ERROR = "runner_error"


def _fault(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"[:1000]


def _setups(tasks: list[dict], repos) -> tuple[dict[str, object], dict[str, str]]:
    """Per repository, what its runner makes of the *original* tree (``runner.setup``): Python's
    environment (a generated class must not change which packages the tests get), Java's files
    left out of the build (a file that fails besides them fails the generation: it does not
    compile). And per repository whose ``setup`` raised, why: a repository's tree is input (one
    1,100 folders deep made Java's setup raise ``RecursionError``, red team 3 row 9), and one
    repository never stops the others' evaluation: its tasks are ``setup_failed``."""
    out: dict[str, object] = {}
    failed: dict[str, str] = {}
    for t in tasks:
        root = repository_root(t, repos)
        runner = runner_for(Lang(t["language"]))
        if hasattr(runner, "setup") and str(root) not in out and str(root) not in failed:
            try:
                out[str(root)] = runner.setup(root)
            except Exception as exc:  # noqa: BLE001 - any fault of one repository: its tasks' status
                failed[str(root)] = _fault(exc)
    return out, failed


# ------------------------------------------------------------------------------ metrics --
def _estimate(values, group: str) -> dict | None:
    if not values:
        return None
    (est,) = bootstrap(values, resamples=BOOTSTRAP_RESAMPLES, confidence=CONFIDENCE, seed=BOOTSTRAP_SEED, group=group)
    return est.to_dict(digits=6)


def summarize(rows: list[dict], ks=PASS_AT_K, not_attempted: dict[str, int] | None = None) -> dict:
    """Metrics per language over the tasks with generations; ``not_attempted``: per language,
    the split's tasks the predictions left out (reported beside the metrics, which are over
    the attempted tasks only)."""
    out: dict[str, dict] = {}
    not_attempted = not_attempted or {}
    for lang in sorted({r["language"] for r in rows} | set(not_attempted)):
        per_task: dict[str, list[dict]] = {}
        for r in rows:
            if r["language"] == lang:
                per_task.setdefault(r["task_id"], []).append(r)
        summary: dict = {"tasks": len(per_task), "generations": sum(len(g) for g in per_task.values()),
                         "tasks_not_attempted": not_attempted.get(lang, 0)}
        for k in ks:
            values = [[pass_at_k(len(g), sum(1 for r in g if r["passed"]), k)] for g in per_task.values() if len(g) >= k]
            summary[f"pass@{k}"] = _estimate(values, f"{lang}/pass@{k}")
            summary[f"pass@{k}_tasks"] = len(values)
        rates = [[sum(r["tests_passed"] / r["tests_total"] if r["tests_total"] else 0.0 for r in g) / len(g)]
                 for g in per_task.values()]
        summary["test_pass_rate"] = _estimate(rates, f"{lang}/tpr")
        summary["compilation_rate"] = _estimate([[sum(r["compiled"] for r in g) / len(g)] for g in per_task.values()],
                                                f"{lang}/cr")
        statuses: dict[str, int] = {}
        for g in per_task.values():
            for r in g:
                statuses[r["status"]] = statuses.get(r["status"], 0) + 1
        summary["status"] = dict(sorted(statuses.items()))
        out[lang] = summary
    return out


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _task_sha(task: dict) -> str:
    keys = ("language", "file", "file_without_class", "insertion_offset", "expected_to_pass", "snapshot_sha256")
    material = {k: task.get(k) for k in keys}
    if task.get("value_checks"):  # only then: results logged for tasks without it stay reusable
        material["value_checks"] = task["value_checks"]
    return _sha(json.dumps(material, sort_keys=True))


def evaluate_class(split_path, predictions_path, *, repos=None, workers: int = 1, ks=PASS_AT_K,
                   limits: SandboxLimits = SandboxLimits(), results_path=None,
                   progress: Callable[[int, int], None] | None = None, max_generations: int = MAX_GENERATIONS) -> dict:
    """Run every pending generation of the predictions file and summarize them all; returns the
    metrics and the per-generation rows (``generations``). ``results_path``: the JSONL log of
    per-generation verdicts, read first (reused rows) and appended to. A task with more than
    ``max_generations`` generations refuses the predictions (an InputError naming it)."""
    tasks = load_tasks(split_path)
    predictions = load_predictions(predictions_path, tasks, split_path, max_generations)
    missing = set(tasks) - set(predictions)
    settings = {"timeout": limits.timeout, "test_timeout": limits.test_timeout, "memory_bytes": limits.memory_bytes,
                "max_processes": limits.max_processes, "repos": str(repos) if repos else None}
    settings_sha = _sha(json.dumps(settings, sort_keys=True))
    # only rows this evaluator wrote (their MAC holds under its key) are reused: a log that came
    # with the predictions is not verdicts (red team 5, row 2); the others are counted
    mac_key = log_key() if results_path else None
    logged, log_refused = read_signed_log(results_path, mac_key) if results_path and mac_key else ([], 0)
    done = {(r.get("task_id"), r.get("generation_index")): r for r in logged}
    rows: list[dict] = []
    # generations giving the same class file run once: (task id, placed file hash) -> (job, keys)
    pending: dict[tuple[str, str], tuple[tuple[dict, str], list[dict]]] = {}
    for task_id, gens in predictions.items():
        task = tasks[task_id]
        task_sha = _task_sha(task)
        for index, generation in enumerate(gens):
            key = {"task_id": task_id, "language": task["language"], "generation_index": index,
                   "generation_sha256": _sha(generation), "task_sha256": task_sha, "settings_sha256": settings_sha}
            old = done.get((task_id, index))
            # a repository or runner fault is not a verdict: run again (the repository may be fixed)
            if old is not None and old.get("status") not in (SETUP_FAILED, RUNNER_ERROR) \
                    and all(old.get(k) == v for k, v in key.items()):
                rows.append(old)
                continue
            # a record refused for its fields is never placed (its refusal is the verdict)
            job_key = (task_id, "" if task.get(FIELD_REFUSAL_KEY) else _sha(place_class(task, generation)))
            pending.setdefault(job_key, ((task, generation), []))[1].append(key)
    jobs = list(pending.values())
    chosen = [job[0][0] for job in jobs]
    # a task whose record names a host path outside its folder is refused, counted, never run
    refused = {t["id"]: why for t in chosen if (why := task_refusal(t, repos))}
    chosen = [t for t in chosen if t["id"] not in refused]
    rootless = sorted({t["id"] for t in chosen if repos is None and not t.get(ROOT_KEY)})
    if rootless:
        raise InputError(f"{len(rootless)} task(s) name no repository folder: no {ROOTS_FILE} beside {split_path} "
                         f"lists their repository (a split from the Hub or moved): pass --repos FOLDER holding "
                         f"one folder per repository; first: {', '.join(rootless[:5])}"
                         f"{rootless_hint(t for t in chosen if t['id'] in rootless)}")
    if chosen:
        check_snapshots(chosen, repos)
    setups, setup_failed = _setups(chosen, repos)

    def not_run(task: dict, status: str, detail: str) -> dict:
        expected = task["expected_to_pass"]
        return {"compiled": False, "passed": False, "tests_passed": 0,
                "tests_total": len(expected) if isinstance(expected, list) else 0,
                "status": status, "detail": detail[:1000], "seconds": 0.0}

    def one(job) -> dict:
        task, generation = job
        if task["id"] in refused:
            return not_run(task, TASK_REFUSED, refused[task["id"]])
        root = repository_root(task, repos)
        if str(root) in setup_failed:
            return not_run(task, SETUP_FAILED, f"{task['repository']}: {setup_failed[str(root)]}")
        try:
            return run_generation(task, generation, root, limits, setups.get(str(root)))
        except Exception as exc:  # noqa: BLE001 - this generation's status; the others run
            return not_run(task, RUNNER_ERROR, _fault(exc))

    log = AppendLog(results_path, mac_key) if results_path and jobs else None
    try:
        def finish(n: int, i: int, verdict: dict) -> None:
            for key in jobs[i][1]:
                row = {**key, **verdict}
                rows.append(row)
                if log is not None:
                    log.append(row)
            if progress:
                progress(n, len(jobs))

        if workers <= 1:
            for n, (i, job) in enumerate(enumerate(jobs), 1):
                finish(n, i, one(job[0]))
        else:
            with ThreadPoolExecutor(max_workers=workers) as pool:
                for n, (i, verdict) in enumerate(enumerate(pool.map(lambda j: one(j[0]), jobs)), 1):
                    finish(n, i, verdict)
    finally:
        if log is not None:
            log.close()
    rows.sort(key=lambda r: (r["task_id"], r["generation_index"]))
    return {
        "split": str(split_path), "split_sha256": file_sha256(split_path),
        "predictions": str(predictions_path), "predictions_sha256": file_sha256(predictions_path),
        "generation_results": str(results_path) if results_path else None,
        "settings": {**settings, "pass_at_k": list(ks), "runner": "crossfile_datasets.sandbox.suites.runner_for",
                     "scale": "fraction (0..1)"},
        "generations_run": sum(len(keys) for _, keys in jobs),
        "generations_reused": len(rows) - sum(len(keys) for _, keys in jobs),
        "results_log_rows_refused": log_refused,
        "sandbox_runs": len(jobs) - sum(1 for job in jobs if job[0][0]["id"] in refused
                                        or str(repository_root(job[0][0], repos)) in setup_failed),
        "not_attempted": sorted(missing),
        "results": summarize(rows, ks, {lang: sum(1 for t in missing if tasks[t]["language"] == lang)
                                        for lang in {tasks[t]["language"] for t in missing}}),
        "generations": rows,
    }
