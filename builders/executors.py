"""Running shard jobs on a distributed engine (Ray).

Each repository is one Ray task running the same worker function as the local process pool;
shards are written by the task into the output folder, which must therefore be shared by
every node (NFS or similar), and the package must be installed on every node. The driver
only collects the small summaries and merges the shards afterwards, exactly as a local build.
"""

from __future__ import annotations

from typing import Callable, Iterable


def run_on_ray(worker: Callable, jobs: list[tuple], address: str | None, workers: int) -> Iterable:
    try:
        import ray
    except ImportError as exc:
        raise RuntimeError("the ray executor needs Ray: pip install 'crossfile-datasets[ray]'") from exc
    started_here = not ray.is_initialized()
    if started_here:
        if address:
            ray.init(address=address, log_to_driver=False)
        else:  # a local instance sized by --workers
            ray.init(num_cpus=max(1, workers), include_dashboard=False, log_to_driver=False)
    try:
        task = ray.remote(num_cpus=1, max_retries=1)(worker)
        pending = [task.remote(*job) for job in jobs]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield ray.get(done[0])
    finally:
        if started_here:
            ray.shutdown()
