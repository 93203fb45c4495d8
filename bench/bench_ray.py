"""The completion split of a part of the corpus built locally and on a running Ray cluster.

Why it exists: issue 32 item 3 asks for the same build on a multi-node Ray cluster, equal byte
for byte to the local one, and for the per-repository cost that ``docs/scale.md`` extrapolates
from. Start the cluster first (two raylets on one machine, each with its own folder):

    export RAY_AUTH_MODE=disabled      # both the cluster and the build (see docs/scale.md)
    python -m ray.scripts.scripts start --head --port 6391 --num-cpus 1 --temp-dir /tmp/rh
    python -m ray.scripts.scripts start --address 127.0.0.1:6391 --num-cpus 1 --temp-dir /tmp/rw
    python bench/bench_ray.py --ray-address 127.0.0.1:6391 --repo msiemens/tinydb --repo ...

For each language of the chosen manifest entries (checked out as ``bench_corpus`` does) it runs
``build-dataset`` twice into two folders, locally (``--workers 1``) and with ``--executor ray
--ray-address``, under ``/usr/bin/time`` (wall, CPU, peak memory of the largest process), compares
every output file (durations aside) and writes ``docs/scale.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench import bench_corpus as bc  # noqa: E402

TIMED = {"stats.json", "report.json"}  # files with durations (``*seconds`` keys): compared without them


def without_times(value):
    if isinstance(value, dict):
        return {k: without_times(v) for k, v in value.items() if not k.endswith("seconds")}
    if isinstance(value, list):
        return [without_times(v) for v in value]
    return value


def output_files(folder: Path) -> dict[str, object]:
    """Every file of a build's output (its lock and temporary names aside): the bytes, or for
    the files with durations their JSON without them."""
    return {p.relative_to(folder).as_posix(): without_times(json.loads(p.read_bytes())) if p.name in TIMED
            else p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file() and not p.name.startswith(".")}


def differing(a: Path, b: Path) -> list[str]:
    x, y = output_files(a), output_files(b)
    return sorted(set(x) ^ set(y)) + [name for name in sorted(set(x) & set(y)) if x[name] != y[name]]


def timed_build(argv: list[str], env: dict) -> dict:
    """Run under GNU time: wall and CPU seconds of the build and its waited-for children, and the
    peak resident memory of its largest process (MiB)."""
    t0 = time.monotonic()
    proc = subprocess.run(["/usr/bin/time", "-f", "TIME %U %S %M", *argv], env=env, capture_output=True, text=True)
    wall = time.monotonic() - t0
    match = re.search(r"TIME ([\d.]+) ([\d.]+) (\d+)", proc.stderr)
    user, system, rss = (float(match[1]), float(match[2]), int(match[3])) if match else (0.0, 0.0, 0)
    return {"returncode": proc.returncode, "wall_seconds": round(wall, 2), "cpu_seconds": round(user + system, 2),
            "max_rss_mib": round(rss / 1024, 1), "stderr_tail": proc.stderr.strip()[-800:]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ray-address", required=True)
    parser.add_argument("--repo", action="append", required=True, help="owner/name of the corpus manifest")
    parser.add_argument("--work", type=Path, default=bc.WORK.parent / "ray")
    parser.add_argument("--mirror-root", type=Path, default=Path(os.environ.get("CROSSFILE_MIRROR_ROOT", "/work/.mirror")))
    parser.add_argument("--out", type=Path, default=bc.ROOT / "docs" / "scale.json")
    args = parser.parse_args(argv)
    entries = [e for e in bc.read_manifest() if e["repo"] in args.repo]
    env = {**os.environ, "RAY_AUTH_MODE": os.environ.get("RAY_AUTH_MODE", "disabled")}
    rows = []
    for lang in bc.LANGS:
        mine = [e for e in entries if e["lang"] == lang]
        if not mine:
            continue
        for entry in mine:
            bc.checkout(entry, args.mirror_root, args.work)
        manifest = args.work / "repos" / f"{lang}.manifest.jsonl"
        manifest.write_text("".join(json.dumps(bc.manifest_row(e)) + "\n" for e in mine), encoding="utf-8")
        common = [bc.build_dataset_command(), "--lang", lang, "--repos", str(manifest), "--workers", "1", "--no-cache"]
        row: dict = {"lang": lang, "repositories": [e["repo"] for e in mine]}
        for name, extra in (("local", []), ("ray", ["--executor", "ray", "--ray-address", args.ray_address])):
            out = args.work / name
            subprocess.run(["rm", "-rf", str(out / lang)], check=True)
            print(f"{lang} {name} ...", file=sys.stderr, flush=True)
            row[name] = timed_build([*common, "--output", str(out), *extra], env)
            stats_path = out / lang / "stats.json"
            stats = json.loads(stats_path.read_text(encoding="utf-8")) if stats_path.is_file() else {}
            row[name]["per_repository"] = [{k: r.get(k) for k in ("repository", "files", "examples", "seconds")}
                                           for r in stats.get("per_repository") or []]
            row[name]["timings_seconds"] = stats.get("timings_seconds")
            row[name]["examples"] = stats.get("examples")
            print(f"  {row[name]['wall_seconds']} s wall, {row[name]['cpu_seconds']} s CPU, "
                  f"{row[name]['max_rss_mib']} MiB", file=sys.stderr, flush=True)
        row["differing_files"] = differing(args.work / "local" / lang, args.work / "ray" / lang)
        row["files_compared"] = len(output_files(args.work / "local" / lang))
        print(f"  differing files: {row['differing_files']} of {row['files_compared']}", file=sys.stderr, flush=True)
        rows.append(row)
    args.out.write_text(json.dumps({"ray_address_nodes": 2, "rows": rows}, indent=1) + "\n", encoding="utf-8")
    return 0 if all(not r["differing_files"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
