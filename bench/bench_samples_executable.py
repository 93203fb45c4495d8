"""The executable split of the bundled Python samples with default settings: how long, where.

Why it exists: issue 33 asks that ``build-dataset --lang python --split executable
--allow-execution`` on the bundled samples (``examples/python/*``, the default ``--repos-dir``)
take under 5 minutes with default settings (Pynguin on, one worker, the mutation gate on). This
script runs that build through the same function the command line calls, then prints the wall
clock, the load average before and after (the machine is shared), and per repository the
problems and the seconds of each stage (``exec_*_seconds`` of the shard's report).

    python bench/bench_samples_executable.py [--out /tmp/bench-samples] [--workers 1] [--json out.json]

A fresh ``--out`` folder is used every time (a rerun into the same folder skips finished
repositories and would measure nothing).

CPU seconds (2026-11-28): the machine is shared, so wall seconds move with the load. Where
cgroup v1's ``cpuacct`` controller can be written (root), the build runs in a ``cpuacct`` group
of its own, which every process it starts stays in (the sandbox moves its runs into ``memory``
and ``pids`` groups only), and the group's CPU time is taken at each stage's start: the CPU
seconds of each stage, sandboxed processes included (``getrusage`` does not see them: they are
started through a launcher in a new session). Elsewhere the CPU columns are left out.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from crossfile_datasets.builders.executable.build import SHARDS, build_executable_split  # noqa: E402
from crossfile_datasets.builders.repos import RepoSpec, resolve_all  # noqa: E402
from crossfile_datasets.core.report import BuildReport  # noqa: E402

SAMPLES = ROOT / "examples" / "python"
CPUACCT = Path("/sys/fs/cgroup/cpuacct")


class CpuGroup:
    """A cpuacct group of this process and its descendants (None when it cannot be made)."""

    def __init__(self) -> None:
        self.folder = CPUACCT / f"crossfile-bench-{os.getpid()}"
        self.folder.mkdir()
        (self.folder / "cgroup.procs").write_text(str(os.getpid()))

    @classmethod
    def make(cls) -> "CpuGroup | None":
        try:
            return cls()
        except OSError:
            return None

    def seconds(self) -> float:
        return int((self.folder / "cpuacct.usage").read_text()) / 1e9

    def close(self) -> None:
        try:
            (CPUACCT / "cgroup.procs").write_text(str(os.getpid()))
            self.folder.rmdir()
        except OSError:
            pass


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, default=Path("/tmp/bench-samples-executable"))
    ap.add_argument("--workers", type=int, default=1, help="the command line's default: 1")
    ap.add_argument("--json", type=Path, help="write the figures here too")
    args = ap.parse_args()
    if args.out.exists():
        shutil.rmtree(args.out)
    folders = sorted(p for p in SAMPLES.iterdir() if p.is_dir())
    repos = resolve_all([RepoSpec(path=str(p), license="MIT") for p in folders])
    load_before = os.getloadavg()
    group = CpuGroup.make()
    cpu: dict[str, dict[str, float]] = {}  # repository -> stage -> CPU seconds (one worker: stages in turn)
    current: list = [None, group.seconds() if group else 0.0]

    def progress(repo: str, stage: str, note: str) -> None:
        print(f"{time.monotonic() - started:6.0f}s {repo}: {stage} {note}", file=sys.stderr, flush=True)
        if group is None:
            return
        now = group.seconds()
        if current[0] is not None:
            last_repo, last_stage = current[0]
            cpu.setdefault(last_repo, {})
            cpu[last_repo][last_stage] = cpu[last_repo].get(last_stage, 0.0) + now - current[1]
        current[:] = [(repo, stage), now]

    started = time.monotonic()
    cpu_started = group.seconds() if group else 0.0
    try:
        records = build_executable_split(repos, args.out, allow_execution=True, seed=42, workers=args.workers,
                                         report=BuildReport(), progress=progress)
        cpu_seconds = group.seconds() - cpu_started if group else None
        progress("", "end", "")
    finally:
        if group is not None:
            group.close()
    seconds = time.monotonic() - started
    rows = []
    for repo in repos:
        shard = args.out / "python" / SHARDS / repo.name
        report = json.loads((shard / "report.json").read_text()) if (shard / "report.json").exists() else {}
        stages = {k.removeprefix("exec_").removesuffix("_seconds"): round(v, 1)
                  for k, v in report.get("timings", {}).items() if k.startswith("exec_")}
        rows.append({"repository": repo.name, "problems": sum(1 for r in records if r["repository"] == repo.name),
                     "stages": stages,
                     "cpu_stages": {k: round(v, 1) for k, v in cpu.get(repo.name, {}).items()}})
    mean_score = (sum(r["mutation_score"] for r in records) / len(records)) if records else 0.0
    summary = {"seconds": round(seconds, 1), "problems": len(records), "workers": args.workers,
               "cpu_seconds": round(cpu_seconds, 1) if cpu_seconds is not None else None,
               "mean_mutation_score": round(mean_score, 4),
               "load_before": [round(x, 1) for x in load_before], "load_after": [round(x, 1) for x in os.getloadavg()],
               "repositories": rows}
    print(f"samples: {len(repos)} repositories, {len(records)} problems, {seconds:.0f} s "
          f"(goal: under 300 s), load {summary['load_before'][0]} -> {summary['load_after'][0]}, "
          f"mean mutation score {summary['mean_mutation_score']}"
          + (f", {cpu_seconds:.0f} CPU seconds" if cpu_seconds is not None else ""))
    for row in rows:
        print(f"- {row['repository']}: {row['problems']} problems; "
              + ", ".join(f"{k} {v}" for k, v in sorted(row["stages"].items(), key=lambda kv: -kv[1])))
        if row["cpu_stages"]:
            print("  CPU seconds: " + ", ".join(f"{k} {v}" for k, v in sorted(row["cpu_stages"].items(),
                                                                            key=lambda kv: -kv[1])))
    totals: dict[str, float] = {}
    for row in rows:
        for k, v in row["stages"].items():
            totals[k] = totals.get(k, 0.0) + v
    print("all four, wall seconds: "
          + ", ".join(f"{k} {v:.1f}" for k, v in sorted(totals.items(), key=lambda kv: -kv[1])))
    cpu_totals: dict[str, float] = {}
    for row in rows:
        for k, v in row["cpu_stages"].items():
            cpu_totals[k] = cpu_totals.get(k, 0.0) + v
    if cpu_totals:
        print("all four, CPU seconds: " + ", ".join(f"{k} {v:.1f}" for k, v in sorted(cpu_totals.items(),
                                                                                      key=lambda kv: -kv[1])))
    if args.json:
        args.json.write_text(json.dumps(summary, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
