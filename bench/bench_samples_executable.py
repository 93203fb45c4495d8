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
    started = time.monotonic()
    records = build_executable_split(
        repos, args.out, allow_execution=True, seed=42, workers=args.workers, report=BuildReport(),
        progress=lambda repo, stage, note: print(f"{time.monotonic() - started:6.0f}s {repo}: {stage} {note}",
                                                 file=sys.stderr, flush=True))
    seconds = time.monotonic() - started
    rows = []
    for repo in repos:
        shard = args.out / "python" / SHARDS / repo.name
        report = json.loads((shard / "report.json").read_text()) if (shard / "report.json").exists() else {}
        stages = {k.removeprefix("exec_").removesuffix("_seconds"): round(v, 1)
                  for k, v in report.get("timings", {}).items() if k.startswith("exec_")}
        rows.append({"repository": repo.name, "problems": sum(1 for r in records if r["repository"] == repo.name),
                     "stages": stages})
    summary = {"seconds": round(seconds, 1), "problems": len(records), "workers": args.workers,
               "load_before": [round(x, 1) for x in load_before], "load_after": [round(x, 1) for x in os.getloadavg()],
               "repositories": rows}
    print(f"samples: {len(repos)} repositories, {len(records)} problems, {seconds:.0f} s "
          f"(goal: under 300 s), load {summary['load_before'][0]} -> {summary['load_after'][0]}")
    for row in rows:
        print(f"- {row['repository']}: {row['problems']} problems; "
              + ", ".join(f"{k} {v}" for k, v in sorted(row["stages"].items(), key=lambda kv: -kv[1])))
    if args.json:
        args.json.write_text(json.dumps(summary, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
