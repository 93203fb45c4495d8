"""Where a split's per-repository jobs run: threads, worker processes, or Ray tasks.

:func:`crossfile_datasets.builders.split.run_repositories` decides *what* runs (skip finished
shards, guard each repository, write its shard); this module decides *where*, the same way for
every split:

- ``threads``: jobs that mostly wait on sandboxed child processes (the executable, class and
  instruct splits);
- ``processes``: CPU-bound jobs (parsing, checkers, tokenising: the completion split) on a pool
  that survives the death of a worker (the OOM killer, a kill -9): a dead worker breaks the whole
  pool without saying which job killed it, so unfinished jobs run again in a fresh pool, and after
  :data:`POOL_ROUNDS` broken pools each remaining job runs alone, so the one that kills its worker
  every time is found (:class:`WorkerLost`) while the others finish;
- ``ray``: one Ray task per job (a local instance sized by ``workers``, or a cluster at
  ``address``). A task's whole result (a repository's shard) comes back through Ray's object
  store and the build writes it (``split.run_repositories``): the nodes share no output folder.
  Every node needs the package installed (the same version: shards are keyed by the tool's
  code) and the repositories readable at the paths the build resolved them to. A task whose
  worker dies is a :class:`WorkerLost` too, never the end of the build.

A job's own exceptions are the job's business (the runner guards every repository); one raised
here anyway (a fatal error such as a missing checker) stops the run.
"""

from __future__ import annotations

import tempfile
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Sequence

from crossfile_datasets.analyzers.run import die_with_parent
from crossfile_datasets.core.enums import StrEnum

POOL_ROUNDS = 2  # pools tried with every unfinished job before isolating them one by one


class Executor(StrEnum):
    THREADS = "threads"
    PROCESSES = "processes"
    RAY = "ray"


@dataclass
class WorkerLost:
    """A job whose worker process died every time it ran (killed, or out of memory)."""

    detail: str


Finished = tuple[int, Any, int]  # (index of the job, its result or WorkerLost, attempts)


def run_jobs(fn: Callable, jobs: Sequence[tuple], *, executor: Executor | str = Executor.THREADS, workers: int = 1,
             ray_address: str | None = None) -> Iterator[Finished]:
    """``fn(*job)`` for every job of ``jobs`` on ``executor``, ``workers`` at a time; yields
    ``(index, result, attempts)`` as jobs finish (``result`` is :class:`WorkerLost` when the
    job's worker died every time). One worker, or one job, runs in this thread (Ray excepted)."""
    executor = Executor(executor)
    if executor is Executor.RAY:
        yield from _on_ray(fn, jobs, ray_address, workers)
    elif workers <= 1 or len(jobs) <= 1:
        for index, job in enumerate(jobs):
            yield index, fn(*job), 1
    elif executor is Executor.PROCESSES:
        yield from _on_processes(fn, jobs, workers)
    else:
        with ThreadPoolExecutor(max_workers=min(workers, len(jobs)), thread_name_prefix="repository") as pool:
            futures = {pool.submit(fn, *job): index for index, job in enumerate(jobs)}
            for fut in as_completed(futures):
                yield futures[fut], fut.result(), 1


def _init_worker(tmpdir: str | None) -> None:
    """Pool worker start-up: die with the build (kill -9 of the parent included) instead of
    writing shards for minutes as an orphan; temporary files in the build's private folder."""
    die_with_parent()
    if tmpdir:
        tempfile.tempdir = tmpdir


def _on_processes(fn: Callable, jobs: Sequence[tuple], workers: int) -> Iterator[Finished]:
    pending = list(range(len(jobs)))
    attempts = [0] * len(jobs)
    tmpdir = tempfile.gettempdir()
    for _round in range(POOL_ROUNDS):
        unfinished = []
        with ProcessPoolExecutor(max_workers=min(workers, len(pending)), initializer=_init_worker,
                                 initargs=(tmpdir,)) as pool:
            futures = {pool.submit(fn, *jobs[index]): index for index in pending}
            for index in pending:
                attempts[index] += 1
            for fut in as_completed(futures):
                try:
                    result = fut.result()
                except BrokenProcessPool:
                    unfinished.append(futures[fut])
                    continue
                yield futures[fut], result, attempts[futures[fut]]
        if not unfinished:
            return
        pending = sorted(unfinished)
    for index in pending:
        attempts[index] += 1
        try:
            with ProcessPoolExecutor(max_workers=1, initializer=_init_worker, initargs=(tmpdir,)) as pool:
                result = pool.submit(fn, *jobs[index]).result()
        except BrokenProcessPool:
            result = WorkerLost(f"worker_lost: the worker process died {attempts[index]} times while building it "
                                "(killed, or out of memory)")
        yield index, result, attempts[index]


def _on_ray(fn: Callable, jobs: Sequence[tuple], address: str | None, workers: int) -> Iterator[Finished]:
    try:
        import ray
        from ray.exceptions import RayTaskError
    except ImportError as exc:
        raise RuntimeError("the ray executor needs Ray: pip install 'crossfile-datasets[ray]'") from exc
    started_here = not ray.is_initialized()
    if started_here:
        if address:
            ray.init(address=address, log_to_driver=False)
        else:  # a local instance sized by --workers
            ray.init(num_cpus=max(1, workers), include_dashboard=False, log_to_driver=False)
    try:
        task = ray.remote(num_cpus=1, max_retries=1)(fn)
        refs = {task.remote(*job): index for index, job in enumerate(jobs)}
        pending = list(refs)
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            index = refs[done[0]]
            try:
                result = ray.get(done[0])
            except RayTaskError as exc:  # the job itself raised: as on a local worker
                raise exc.as_instanceof_cause() from None
            except ray.exceptions.RayError as exc:  # its worker or node died, twice (max_retries)
                result = WorkerLost(f"worker_lost: {type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}")
                yield index, result, 2
                continue
            yield index, result, 1
    finally:
        if started_here:
            ray.shutdown()
