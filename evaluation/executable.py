"""Executable-split metrics: pass@k, test pass rate, dependency invocation rate (RepoExec).

For every (task, context size, generation): the generation becomes one complete function
(:mod:`evaluation.placement`), which replaces the target function in a private copy of the
repository where the problem's tests run (:func:`resolve_runner`: the builder's
``builders.sandbox.run_problem_tests`` when it exists, else :mod:`evaluation.sandbox`).
Generations run in parallel (a process pool over generations, ordered by problem); each
result is appended to a JSONL log as soon as it is known, keyed by task id, context size,
generation index and content hashes, so a rerun skips everything already finished.

Per context size, metrics are macro-averaged over problems (each problem's own estimate
first, as in Chen et al. 2021 and RepoExec):

- pass@k: the unbiased estimator over the problem's n generations (problems with n < k
  have no pass@k and are counted separately);
- test pass rate: mean share of the problem's tests passed per generation;
- DIR (dependency invocation rate): mean share of the problem's dependencies (in-file and
  cross-file) whose names occur as identifiers in the generated function's body
  (tree-sitter); problems without dependencies have no DIR.
"""

from __future__ import annotations

import hashlib
import json
import os
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from evaluation.constants import BOOTSTRAP_RESAMPLES, BOOTSTRAP_SEED, CONFIDENCE, DETAIL_CHARS, EXEC_TIMEOUT, PASS_AT_K
from evaluation.placement import extract_function, function_body_identifiers, signature_and_docstring
from evaluation.records import AppendLog, InputError, check_same_ids, file_sha256, iter_jsonl, listed, read_log
from evaluation.sandbox import SandboxOptions, resolve_isolation
from evaluation.stats import bootstrap, pass_at_k

DEFAULT_CONTEXT = "unspecified"
RUNNERS = ("auto", "local", "builder")


# ------------------------------------------------------------------------------ inputs --
def load_problems(path: str | os.PathLike) -> dict[str, dict]:
    problems: dict[str, dict] = {}
    for lineno, record in iter_jsonl(path):
        if "id" not in record:
            raise InputError(f"{path}:{lineno}: executable record has no 'id'")
        for key in ("entry_point", "solution"):
            if not isinstance(record.get(key), str) or not record[key]:
                raise InputError(f"{path}:{lineno}: record {record['id']} has no '{key}'")
        task_id = str(record["id"])
        if task_id in problems:
            raise InputError(f"{path}:{lineno}: task id {task_id} appears more than once")
        problems[task_id] = record
    return problems


@dataclass
class PredictionSet:
    """The generations of one task at one context size."""

    task_id: str
    context_size: str
    generations: list[str]


def load_generations(path: str | os.PathLike, problems: dict[str, dict], split_path, default_context: str = DEFAULT_CONTEXT) -> list[PredictionSet]:
    sets: dict[tuple[str, str], PredictionSet] = {}
    repeated = set()
    for lineno, obj in iter_jsonl(path):
        if "task_id" not in obj:
            raise InputError(f"{path}:{lineno}: prediction has no 'task_id'")
        gens = obj.get("generations")
        if not isinstance(gens, list) or not gens or not all(isinstance(g, str) for g in gens):
            raise InputError(f"{path}:{lineno}: 'generations' of task {obj['task_id']} must be a non-empty list of strings")
        key = (str(obj["task_id"]), str(obj.get("context_size") or default_context))
        if key in sets:
            repeated.add(f"{key[0]}@{key[1]}")
        sets[key] = PredictionSet(key[0], key[1], gens)
    if repeated:
        raise InputError(f"{path}: {len(repeated)} (task id, context size) pairs appear more than once: {listed(repeated)}")
    for context in sorted({c for _, c in sets}):
        try:
            check_same_ids(problems, [t for t, c in sets if c == context], split_path, path)
        except InputError as exc:
            raise InputError(f"context size '{context}': {exc}") from None
    return list(sets.values())


def dependency_names(problem: dict) -> list[str]:
    """Distinct simple names of the problem's in-file and cross-file dependencies."""
    deps = problem.get("dependencies") or {}
    names: list[str] = []
    for group in ("in_file", "cross_file"):
        for entry in deps.get(group) or []:
            name = entry.get("name") if isinstance(entry, dict) else entry
            if isinstance(name, str) and name:
                simple = name.rsplit(".", 1)[-1]
                if simple not in names:
                    names.append(simple)
    return names


def dependency_invocation(problem: dict, function_code: str) -> tuple[float | None, list[str]]:
    """(DIR of one generated function, names invoked); DIR is None without dependencies."""
    names = dependency_names(problem)
    if not names:
        return None, []
    used = set(function_body_identifiers(function_code, problem["entry_point"]))
    invoked = [n for n in names if n in used]
    return len(invoked) / len(names), invoked


def generated_function(problem: dict, generation: str) -> str:
    header = problem.get("target_function_prompt") or signature_and_docstring(problem["solution"], problem["entry_point"])
    code, _column = extract_function(generation, problem["entry_point"], header)
    return code


# ------------------------------------------------------------------------------ runners --
def resolve_runner(name: str = "auto") -> tuple[str, Callable[..., dict]]:
    """("builder" | "local", run_problem_tests) per ``name`` and what is installed."""
    if name not in RUNNERS:
        raise ValueError(f"unknown runner '{name}' (expected one of {', '.join(RUNNERS)})")
    if name in ("auto", "builder"):
        try:
            from builders.sandbox import run_problem_tests as builder_runner
        except ImportError:
            if name == "builder":
                raise
        else:
            return "builder", builder_runner
    from evaluation.sandbox import run_problem_tests as local_runner

    return "local", local_runner


def normalize_result(raw: dict) -> dict:
    """The runner's answer in this module's vocabulary (the builder's may say more)."""
    passed = bool(raw.get("passed"))
    total = int(raw.get("tests_total", raw.get("total", 1)) or 0)
    passed_tests = int(raw.get("tests_passed", total if passed else 0) or 0)
    return {
        "status": str(raw.get("status") or ("passed" if passed else "failed")),
        "passed": passed,
        "tests_passed": passed_tests,
        "tests_total": total,
        "duration": float(raw.get("duration", 0.0) or 0.0),
        "detail": str(raw.get("detail", raw.get("error", "")) or "")[:DETAIL_CHARS],
    }


@dataclass(frozen=True)
class Job:
    task_id: str
    context_size: str
    index: int
    generation: str
    problem: dict
    runner: str
    timeout: float
    options: SandboxOptions
    key: dict = field(default_factory=dict)


def run_job(job: Job) -> dict:
    """One generation: extract, run its tests, measure DIR (runs in a worker process)."""
    row = dict(job.key)
    try:
        function = generated_function(job.problem, job.generation)
        rate, invoked = dependency_invocation(job.problem, function)
        _, runner = resolve_runner(job.runner)
        if job.runner == "local":
            raw = runner(job.problem, function, job.timeout, job.options)
        else:  # the builder's runner takes the contract's three arguments only
            raw = runner(job.problem, function, job.timeout)
        result = normalize_result(raw)
    except Exception as exc:  # one broken generation or problem must not stop the others
        rate, invoked = None, []
        result = {"status": "error", "passed": False, "tests_passed": 0, "tests_total": 0, "duration": 0.0,
                  "detail": f"{type(exc).__name__}: {exc}"[:DETAIL_CHARS]}
    total = result["tests_total"]
    row.update(result)
    row["test_pass_rate"] = result["tests_passed"] / total if total else 0.0
    row["dir"] = rate
    row["dependencies_invoked"] = invoked
    return row


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _problem_sha(problem: dict) -> str:
    keys = ("entry_point", "solution", "check", "test_list", "module", "dependencies", "target_function_prompt")
    return _sha(json.dumps({k: problem.get(k) for k in keys}, sort_keys=True, default=str))


# ------------------------------------------------------------------------------ metrics --
def summarize(rows: list[dict], ks=PASS_AT_K, *, resamples=BOOTSTRAP_RESAMPLES, confidence=CONFIDENCE, seed=BOOTSTRAP_SEED) -> dict:
    """Per context size: pass@k, test pass rate and DIR (macro over problems), with CIs."""
    out: dict[str, dict] = {}
    for context in sorted({r["context_size"] for r in rows}):
        per_task: dict[str, list[dict]] = {}
        for r in rows:
            if r["context_size"] == context:
                per_task.setdefault(r["task_id"], []).append(r)
        summary: dict = {"problems": len(per_task), "generations": sum(len(v) for v in per_task.values())}
        statuses: dict[str, int] = {}
        for group in per_task.values():
            for r in group:
                statuses[r["status"]] = statuses.get(r["status"], 0) + 1
        for k in ks:
            values = [
                [pass_at_k(len(g), sum(1 for r in g if r["passed"]), k)] for g in per_task.values() if len(g) >= k
            ]
            summary[f"pass@{k}"] = _estimate(values, resamples, confidence, seed, f"{context}/pass@{k}")
            summary[f"pass@{k}_problems"] = len(values)
        rates = [[sum(r["test_pass_rate"] for r in g) / len(g)] for g in per_task.values()]
        summary["test_pass_rate"] = _estimate(rates, resamples, confidence, seed, f"{context}/tpr")
        dirs = []
        for g in per_task.values():
            measured = [r["dir"] for r in g if r["dir"] is not None]
            if measured:
                dirs.append([sum(measured) / len(measured)])
        summary["dir"] = _estimate(dirs, resamples, confidence, seed, f"{context}/dir")
        summary["dir_problems"] = len(dirs)
        summary["status"] = dict(sorted(statuses.items()))
        out[context] = summary
    return out


def _estimate(values, resamples, confidence, seed, group) -> dict | None:
    if not values:
        return None
    (est,) = bootstrap(values, resamples=resamples, confidence=confidence, seed=seed, group=group)
    return est.to_dict()


# ------------------------------------------------------------------------------ driver --
def evaluate_executable(
    split_path: str | os.PathLike,
    predictions_path: str | os.PathLike,
    results_path: str | os.PathLike,
    *,
    repos: str | os.PathLike | None = None,
    workers: int = 1,
    timeout: float = EXEC_TIMEOUT,
    options: SandboxOptions = SandboxOptions(),
    runner: str = "auto",
    default_context: str = DEFAULT_CONTEXT,
    ks=PASS_AT_K,
    progress: Callable[[int, int], None] | None = None,
) -> dict:
    """Run every pending generation, then summarize all (old and new) results."""
    problems = load_problems(split_path)
    sets = load_generations(predictions_path, problems, split_path, default_context)
    runner_name, _ = resolve_runner(runner)
    options = resolve_isolation(options) if runner_name == "local" else options
    settings = {"runner": runner_name, "timeout": timeout, "memory_mb": options.memory_mb,
                "allow_processes": options.allow_processes, "isolation": options.isolation}
    settings_sha = _sha(json.dumps(settings, sort_keys=True))
    done = {}
    for row in read_log(results_path):
        key = (row.get("task_id"), row.get("context_size"), row.get("generation_index"))
        done[key] = row
    rows: list[dict] = []
    jobs: list[Job] = []
    for pset in sets:
        problem = dict(problems[pset.task_id])
        if repos is not None and not problem.get("repository_root"):
            problem["repository_root"] = str(Path(repos) / str(problem.get("project", "")))
        problem_sha = _problem_sha(problem)
        for index, generation in enumerate(pset.generations):
            key = {"task_id": pset.task_id, "context_size": pset.context_size, "generation_index": index,
                   "generation_sha256": _sha(generation), "problem_sha256": problem_sha, "settings_sha256": settings_sha}
            old = done.get((pset.task_id, pset.context_size, index))
            if old is not None and all(old.get(k) == v for k, v in key.items()):
                rows.append(old)
                continue
            jobs.append(Job(pset.task_id, pset.context_size, index, generation, problem, runner_name, timeout, options, key))
    reused = len(rows)
    if jobs:
        with AppendLog(results_path) as log:
            if workers <= 1:
                for n, job in enumerate(jobs, 1):
                    row = run_job(job)
                    log.append(row)
                    rows.append(row)
                    if progress:
                        progress(n, len(jobs))
            else:
                with ProcessPoolExecutor(max_workers=workers) as pool:
                    futures = [pool.submit(run_job, job) for job in jobs]
                    for n, future in enumerate(as_completed(futures), 1):
                        row = future.result()
                        log.append(row)
                        rows.append(row)
                        if progress:
                            progress(n, len(jobs))
    return {
        "split": str(split_path),
        "split_sha256": file_sha256(split_path),
        "predictions": str(predictions_path),
        "predictions_sha256": file_sha256(predictions_path),
        "generation_results": str(results_path),
        "settings": {**settings, "pass_at_k": list(ks), "scale": "fraction (0..1)"},
        "generations_run": len(jobs),
        "generations_reused": reused,
        "results": summarize(rows, ks),
    }
