"""Executable-split metrics: pass@k, test pass rate, dependency invocation rate (RepoExec).

For every (task, context size, generation): the generation becomes one complete function
(:mod:`harness.placement`), which ``sandbox.run_problem_tests`` splices into a
private copy of the repository and tests there, in the bubblewrap sandbox (read-only
filesystem but the copy, no network, no secrets, whole-tree time, memory and process limits,
every process it started gone afterwards; verdicts over a per-run channel, never from files).
That runner is the builder's gold gate too, so a gold solution and a model's generation are
judged the same way. Before any run, each repository folder is checked against the
``snapshot_sha256`` the split recorded (:func:`check_snapshots`): a folder whose source files
changed since the build (e.g. a ``conftest.py`` someone added) is refused, not evaluated.
Generations that yield the same function (repeated samples, one answer at several context
sizes) share one run. Runs go in parallel (a process pool); each result is appended to a
JSONL log as soon as it is known, keyed by task id, context size, generation index and
content hashes, so a rerun skips everything already finished.

Per context size, metrics are macro-averaged over problems (each problem's own estimate
first, as in Chen et al. 2021 and RepoExec):

- pass@k: the unbiased estimator over the problem's n generations (problems with n < k
  have no pass@k and are counted separately);
- test pass rate: mean share of the problem's tests passed per generation;
- DIR (dependency invocation rate): mean share of the problem's dependencies (in-file and
  cross-file) used by the generated function's body: a dependency counts when one of the
  identifiers through which the reference solution uses it (its ``used_as`` list: an import
  alias, the ``attr`` of ``self.attr`` defined in a constructor or base class) occurs as an
  identifier in the body (tree-sitter); records without ``used_as`` fall back to the
  dependency's simple name. Problems without dependencies have no DIR.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from crossfile_datasets.core.bounded import BoundedLimit, bounded_text_call
from crossfile_datasets.core.constants import EXEC_GOLD_TIMEOUT, EXEC_MEMORY_BYTES, EXEC_TEST_TIMEOUT
from crossfile_datasets.core.reasons import ANSWER_TOO_LARGE, GENERATION_NOT_PARSED
from crossfile_datasets.lang.base import ParseTimeout
from crossfile_datasets.evaluation.constants import (
    BOOTSTRAP_RESAMPLES,
    BOOTSTRAP_SEED,
    CONFIDENCE,
    DETAIL_CHARS,
    MAX_GENERATIONS,
    PASS_AT_K,
)
from crossfile_datasets.harness.placement import (
    extract_function,
    function_body_identifiers,
    signature_and_docstring,
)
from crossfile_datasets.evaluation.records import (AppendLog, check_generation_count, check_same_ids, file_sha256, listed,
                                                 log_key, read_signed_log)
from crossfile_datasets.core.jsonl import InputError, iter_jsonl
from crossfile_datasets.core.repository_roots import (REQUIREMENT_REFUSED, ROOT_KEY, ROOTS_FILE, TASK_REFUSED, RecordRefused,
                                                      attach_roots,
                                                      check_index_root, check_record_file, repository_folder,
                                                      rootless_hint)
from crossfile_datasets.evaluation.stats import bootstrap, pass_at_k

DEFAULT_CONTEXT = "unspecified"


# ------------------------------------------------------------------------------ inputs --
def load_problems(path: str | os.PathLike) -> dict[str, dict]:
    problems: dict[str, dict] = {}
    for lineno, record in iter_jsonl(path):
        if "id" not in record:
            raise InputError(f"{path}:{lineno}: executable record has no 'id'")
        # what run_problem_tests reads unconditionally: a record without them is bad input, told
        # here once, not an exception in every run
        for key in ("entry_point", "solution", "file", "qualname", "check"):
            if not isinstance(record.get(key), str) or not record[key]:
                raise InputError(f"{path}:{lineno}: record {record['id']} has no '{key}'")
        task_id = str(record["id"])
        if task_id in problems:
            raise InputError(f"{path}:{lineno}: task id {task_id} appears more than once")
        problems[task_id] = record
    attach_roots(problems.values(), path, name_key="project")  # the builder's local index, if beside the split
    return problems


@dataclass
class PredictionSet:
    """The generations of one task at one context size."""

    task_id: str
    context_size: str
    generations: list[str]


def load_generations(path: str | os.PathLike, problems: dict[str, dict], split_path, default_context: str = DEFAULT_CONTEXT,
                     max_generations: int = MAX_GENERATIONS) -> list[PredictionSet]:
    sets: dict[tuple[str, str], PredictionSet] = {}
    repeated = set()
    for lineno, obj in iter_jsonl(path):
        if "task_id" not in obj:
            raise InputError(f"{path}:{lineno}: prediction has no 'task_id'")
        gens = obj.get("generations")
        if not isinstance(gens, list) or not gens or not all(isinstance(g, str) for g in gens):
            raise InputError(f"{path}:{lineno}: 'generations' of task {obj['task_id']} must be a non-empty list of strings")
        check_generation_count(path, lineno, obj["task_id"], gens, max_generations)
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


def dependency_names(problem: dict) -> list[tuple[str, tuple[str, ...]]]:
    """(name, identifiers that count as using it) per distinct dependency of the problem."""
    deps = problem.get("dependencies") or {}
    out: dict[str, tuple[str, ...]] = {}
    for group in ("in_file", "cross_file"):
        for entry in deps.get(group) or []:
            name = entry.get("name") if isinstance(entry, dict) else entry
            if not isinstance(name, str) or not name or name in out:
                continue
            used_as = entry.get("used_as") if isinstance(entry, dict) else None
            out[name] = tuple(used_as) if used_as else (name.rsplit(".", 1)[-1],)
    return list(out.items())


def dependency_invocation(problem: dict, function_code: str) -> tuple[float | None, list[str]]:
    """(DIR of one generated function, dependencies invoked); DIR is None without dependencies."""
    deps = dependency_names(problem)
    if not deps:
        return None, []
    # a bounded child for a long function (core/bounded.py): its tree, not the host's memory
    used = set(bounded_text_call(function_body_identifiers, function_code, target_name(problem)))
    invoked = [name for name, aliases in deps if any(a in used for a in aliases)]
    return len(invoked) / len(deps), invoked


def target_name(problem: dict) -> str:
    return problem.get("qualname") or problem["entry_point"]


def generated_function(problem: dict, generation: str) -> str:
    """The complete function a generation stands for (dedented). Placed in a bounded child
    for a long generation (``core/bounded.py``; :class:`BoundedLimit` past its limits): the
    syntax trees of a 0.6 MB generation holding a table were +100 MB of the evaluator (red team
    2026-11-29g row 2)."""
    prompt, solution = problem.get("target_function_prompt") or "", "" if problem.get("target_function_prompt") \
        else problem["solution"]
    return bounded_text_call(_generated_function, generation, target_name(problem), prompt, solution,
                             size=len(generation) + len(prompt) + len(solution))


def _generated_function(generation: str, name: str, prompt: str, solution: str) -> str:
    return extract_function(generation, name, prompt or signature_and_docstring(solution, name))


# ------------------------------------------------------------------------------ running --
@dataclass(frozen=True)
class RunSettings:
    """How generations are run (part of the key of every logged result)."""

    timeout: float = EXEC_GOLD_TIMEOUT  # wall clock per generation, as the builder's gold gate
    test_timeout: float = EXEC_TEST_TIMEOUT  # per test function inside that run
    memory_bytes: int = EXEC_MEMORY_BYTES
    python: str | None = None  # None: the builder's environment for the problem's requirements
    sandbox: str = "bwrap"  # "none": the explicit opt-out of isolation (--sandbox none)

    def to_dict(self) -> dict:
        out = {"timeout": self.timeout, "test_timeout": self.test_timeout, "memory_bytes": self.memory_bytes,
               "python": self.python}
        if self.sandbox != "bwrap":  # only then: results logged before the option existed stay reusable
            out["sandbox"] = self.sandbox
        return out


def normalize_result(verdict: dict) -> dict:
    """The runner's verdict (``crossfile_datasets.sandbox.run_problem_tests``) reduced to what we log."""
    return {
        "status": str(verdict.get("status") or "error"),
        "passed": bool(verdict.get("passed")),
        "tests_passed": int(verdict.get("num_passed") or 0),
        "tests_total": int(verdict.get("num_tests") or 0),
        "duration": float(verdict.get("duration") or 0.0),
        "detail": str(verdict.get("detail") or "")[:DETAIL_CHARS],
    }


@dataclass(frozen=True)
class Job:
    """One function to test for one problem (every generation that yields it shares the run)."""

    problem: dict
    function: str
    settings: RunSettings
    repo_root: str | None
    refused: str = ""  # why the problem's record is refused (``problem_root``): no run
    refused_status: str = TASK_REFUSED  # the generations' status when ``refused`` (or GENERATION_NOT_PARSED)


def problem_root(problem: dict, repos: str | os.PathLike | None) -> str | None:
    """The host folder a problem runs in with ``--repos``: ``repos / project``, a name that
    stays inside ``repos`` (else :class:`RecordRefused`, as for a ``file`` that leaves the copy);
    None without ``--repos`` (the folder the index beside the split names, ``load_problems``;
    a record's own ``repository_root`` is never used)."""
    check_record_file(problem.get("file"))
    check_record_requirements(problem.get("requirements"))
    if repos is None:
        check_index_root(problem)  # a folder named by the index beside the split must be provable
        return None
    return str(repository_folder(repos, problem.get("project")))


def check_record_requirements(requirements: object) -> None:
    """Refuse (:class:`RecordRefused`, ``requirement_refused``) a record whose ``requirements``
    are not a list of requirements the build itself would write (``requirement_refusal``, the
    build's own check): a published split's strings reach pip on the host, where an option
    (``--target=``, ``--log=``, ``--requirement=<a host file>``) would write or read host files
    (red team 8 rows 1-2)."""
    from crossfile_datasets.sandbox.environment import requirement_refusal

    if requirements is None:
        return
    if not isinstance(requirements, list):
        raise RecordRefused(REQUIREMENT_REFUSED, f"requirements {str(requirements)[:80]!r} is not a list")
    bad = [f"{str(r)[:80]!r} ({why})" for r in requirements if (why := requirement_refusal(r)) is not None]
    if bad:
        raise RecordRefused(REQUIREMENT_REFUSED, f"{len(bad)} requirement(s) refused: {', '.join(bad[:3])}")


def run_job(job: Job) -> dict:
    """Test one function and measure its DIR (runs in a worker process)."""
    from crossfile_datasets.sandbox import SandboxLimits
    from crossfile_datasets.sandbox.problems import run_problem_tests

    rate, invoked = None, []
    if job.refused:
        result = normalize_result({"status": job.refused_status, "detail": job.refused})
        return {**result, "test_pass_rate": 0.0, "dir": None, "dependencies_invoked": []}
    try:
        rate, invoked = dependency_invocation(job.problem, job.function)
    except (ParseTimeout, BoundedLimit) as exc:  # untrusted text past the parse budget: counted, never run
        result = normalize_result({"status": GENERATION_NOT_PARSED, "detail": f"the generated function: {exc}"})
        return {**result, "test_pass_rate": 0.0, "dir": None, "dependencies_invoked": []}
    try:
        limits = SandboxLimits(timeout=job.settings.timeout, memory_bytes=job.settings.memory_bytes,
                               test_timeout=job.settings.test_timeout)
        verdict = run_problem_tests(job.problem, job.function, job.settings.timeout, repo_root=job.repo_root,
                                    python=job.settings.python, limits=limits, isolation=job.settings.sandbox)
        result = normalize_result(verdict)
    except OSError as exc:
        # The run's own files or processes failed (the repository folder gone, a full disk, no
        # more processes): this generation's verdict is an error, the others still run. What a
        # generation can do wrong is a verdict of run_problem_tests (invalid_solution, failed,
        # error, ...), never an exception; any other exception is a bug of ours and stops the run.
        result = normalize_result({"status": "error", "detail": f"{type(exc).__name__}: {exc}"})
    total = result["tests_total"]
    result["test_pass_rate"] = result["tests_passed"] / total if total else 0.0
    result["dir"] = rate
    result["dependencies_invoked"] = invoked
    return result


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _problem_sha(problem: dict) -> str:
    keys = ("entry_point", "qualname", "class_name", "file", "solution", "check", "test_list", "dependencies",
            "target_function_prompt", "requirements", "python_path")
    material = {k: problem.get(k) for k in keys}
    if problem.get("value_checks"):  # only then: results logged for records without it stay reusable
        material["value_checks"] = problem["value_checks"]
    return _sha(json.dumps(material, sort_keys=True, default=str))


def repository_snapshot(root: str | os.PathLike) -> str:
    """The ``snapshot_sha256`` of a repository folder, computed the way the builder did
    (``lang.sources.list_sources`` over its Python sources)."""
    from crossfile_datasets.core.report import BuildReport
    from crossfile_datasets.core.records import Repository
    from crossfile_datasets.lang.sources import list_sources
    from crossfile_datasets.lang import Lang, get_language

    repo = Repository(name="", root=Path(root), url="", commit="", license="")
    _, digest = list_sources(repo, get_language(Lang.PYTHON), BuildReport())
    return digest


def check_snapshots(problems: list[dict], repos: str | os.PathLike | None) -> int:
    """Refuse (InputError) repository folders whose sources differ from the split's recorded
    ``snapshot_sha256``, or whose whole tree (what a run's copy holds: configuration files,
    dot-folders, plugins; ``sandbox.tree_digest``) differs from its ``tree_sha256`` when the
    split recorded one; returns how many problems had no recorded snapshot (not checkable)."""
    from crossfile_datasets.sandbox import tree_digest

    expected: dict[str, set[str]] = {}
    trees: dict[str, set[str]] = {}
    unchecked = 0
    for problem in problems:
        try:
            root = problem_root(problem, repos) or problem.get(ROOT_KEY)
        except RecordRefused:
            continue  # refused, never run: no folder to check
        sha = problem.get("snapshot_sha256")
        if not sha or not root:
            unchecked += 1
            continue
        expected.setdefault(root, set()).add(sha)
        if problem.get("tree_sha256"):
            trees.setdefault(root, set()).add(problem["tree_sha256"])
    bad = []
    for root, shas in sorted(expected.items()):
        if not Path(root).is_dir():
            bad.append(f"{root}: folder missing")
            continue
        actual = repository_snapshot(root)
        if actual not in shas:
            bad.append(f"{root}: sources hash to {actual[:12]}, the split recorded {', '.join(sorted(s[:12] for s in shas))}")
            continue
        if root in trees:
            tree, _ = tree_digest(Path(root))
            if tree not in trees[root]:
                bad.append(f"{root}: its files (configuration, dot-folders and plugins included) hash to {tree[:12]}, "
                           f"the split recorded {', '.join(sorted(s[:12] for s in trees[root]))}")
    if bad:
        raise InputError(f"{len(bad)} repository folder(s) differ from the snapshot the split was built from "
                         f"(files added, changed or removed since): {listed(bad)}. Restore them (e.g. git checkout "
                         "of the recorded commit, then git clean) or pass --repos with pristine copies.")
    return unchecked


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
    return est.to_dict(digits=6)


# ------------------------------------------------------------------------------ driver --
def evaluate_executable(
    split_path: str | os.PathLike,
    predictions_path: str | os.PathLike,
    results_path: str | os.PathLike,
    *,
    repos: str | os.PathLike | None = None,
    workers: int = 1,
    settings: RunSettings = RunSettings(),
    default_context: str = DEFAULT_CONTEXT,
    ks=PASS_AT_K,
    progress: Callable[[int, int], None] | None = None,
    max_generations: int = MAX_GENERATIONS,
) -> dict:
    """Run every pending generation, then summarize all (old and new) results.

    ``repos``: a folder with one repository per ``project``, used instead of the
    ``repository_root`` recorded in the split (e.g. after moving the dataset). A task with more
    than ``max_generations`` generations refuses the predictions (an InputError naming it).
    """
    from crossfile_datasets.sandbox.problems import solution_size_refusal

    problems = load_problems(split_path)
    sets = load_generations(predictions_path, problems, split_path, default_context, max_generations)
    settings_sha = _sha(json.dumps(settings.to_dict(), sort_keys=True))
    done = {}
    # only rows this evaluator wrote (their MAC holds under its key) are reused: a log that came
    # with the predictions is not verdicts (red team 5, row 2); the others are counted
    mac_key = log_key()
    logged, log_refused = read_signed_log(results_path, mac_key)
    for row in logged:
        done[(row.get("task_id"), row.get("context_size"), row.get("generation_index"))] = row
    rows: list[dict] = []
    # Generations that come down to the same function (repeated samples, the same answer at
    # several context sizes) are tested once: the verdict depends on the function only.
    pending: dict[tuple[str, str], tuple[Job, list[dict]]] = {}
    records_refused: dict[str, str] = {}  # task id -> split_records/<reason>
    for pset in sets:
        problem = problems[pset.task_id]
        try:
            repo_root, refused = problem_root(problem, repos), ""
        except RecordRefused as exc:  # counted as the generations' status, never run
            repo_root, refused = None, exc.describe()
            records_refused[pset.task_id] = exc.key
        problem_sha = _problem_sha(problem)
        for index, generation in enumerate(pset.generations):
            key = {"task_id": pset.task_id, "context_size": pset.context_size, "generation_index": index,
                   "generation_sha256": _sha(generation), "problem_sha256": problem_sha, "settings_sha256": settings_sha}
            old = done.get((pset.task_id, pset.context_size, index))
            if old is not None and all(old.get(k) == v for k, v in key.items()):
                rows.append(old)
                continue
            if (too_large := solution_size_refusal(generation)) is not None:
                # over the cap: counted, never parsed on the host nor run (red team 16 row 4)
                job_key = (pset.task_id, "too_large:" + key["generation_sha256"])
                job = Job(problem, "", settings, repo_root, refused) if refused else \
                    Job(problem, "", settings, repo_root, too_large, ANSWER_TOO_LARGE)
                pending.setdefault(job_key, (job, []))[1].append(key)
                continue
            try:
                function = generated_function(problem, generation)
            except (ParseTimeout, BoundedLimit) as exc:
                # a generation (or the record's solution) past the parse budget: its status,
                # counted, never run (red team 7: placement's parses are guarded)
                job_key = (pset.task_id, "not_parsed:" + _sha(generation))
                job = Job(problem, "", settings, repo_root, refused) if refused else \
                    Job(problem, "", settings, repo_root, f"{GENERATION_NOT_PARSED}: {exc}", GENERATION_NOT_PARSED)
                pending.setdefault(job_key, (job, []))[1].append(key)
                continue
            job_key = (pset.task_id, _sha(function))
            if job_key not in pending:
                pending[job_key] = (Job(problem, function, settings, repo_root, refused), [])
            pending[job_key][1].append(key)
    reused = len(rows)
    jobs = [job for job, _ in pending.values()]
    # every run copies its repository folder: check them all before the first run
    runnable = [job for job in jobs if not job.refused]
    rootless = sorted({str(job.problem["id"]) for job in runnable if job.repo_root is None and not job.problem.get(ROOT_KEY)})
    if rootless:
        raise InputError(f"{len(rootless)} record(s) name no repository folder: no {ROOTS_FILE} beside {split_path} "
                         f"lists their project (a split from the Hub or moved): pass --repos FOLDER holding one "
                         f"folder per project: {listed(rootless)}"
                         f"{rootless_hint(job.problem for job in runnable if str(job.problem['id']) in rootless)}")
    unchecked = check_snapshots([job.problem for job in runnable], repos) if runnable else 0
    keys = [ks_ for _, ks_ in pending.values()]
    run_count = sum(len(k) for k in keys)
    if jobs:
        with AppendLog(results_path, mac_key) as log:
            if workers <= 1:
                finished = enumerate(map(run_job, jobs))
                pool = None
            else:
                pool = ProcessPoolExecutor(max_workers=workers)
                futures = {pool.submit(run_job, job): i for i, job in enumerate(jobs)}
                finished = ((futures[f], f.result()) for f in as_completed(futures))
            try:
                for n, (i, result) in enumerate(finished, 1):
                    for key in keys[i]:
                        row = {**key, **result}
                        log.append(row)
                        rows.append(row)
                    if progress:
                        progress(n, len(jobs))
            finally:
                if pool is not None:
                    pool.shutdown(cancel_futures=True)
    return {
        "split": str(split_path),
        "split_sha256": file_sha256(split_path),
        "predictions": str(predictions_path),
        "predictions_sha256": file_sha256(predictions_path),
        "generation_results": str(results_path),
        "settings": {**settings.to_dict(), "repos": str(repos) if repos else None, "pass_at_k": list(ks),
                     "runner": "crossfile_datasets.sandbox.problems.run_problem_tests", "scale": "fraction (0..1)"},
        "generations_run": run_count,
        "generations_reused": reused,
        "results_log_rows_refused": log_refused,
        "sandbox_runs": len(runnable),
        # refused records by reason (their generations' status is task_refused)
        "records_refused": dict(sorted(Counter(records_refused.values()).items())),
        "snapshot_unchecked_problems": unchecked,
        "results": summarize(rows, ks),
    }
