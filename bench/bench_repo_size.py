"""Benchmark: build time per file vs repository size, per language (issue 20).

For each language and size (default 50, 200, 800 source files) it generates ONE repository with
the language's benchmark generator (the same generator at every size: only the number of
packages/layers/models grows), builds its completion shard in this process exactly as a
one-worker build does (``pipeline.build_repository``: no checker cache, no retrieval), and prints

- seconds per file, the checker's share (``checker_seconds`` of the build report) and the rest
  (listing, parsing, example making, filters, graph);
- per language, the ratio (time per file at the largest size) / (time per file at the smallest).

Every (language, size) is built ``--repeat`` times; min and median are reported (the machine is
shared, so wall times are noisy). ``--profile DIR`` writes a cProfile of the largest build of each
language (``DIR/<lang>_<size>.prof``) and prints the top functions outside the checker.

    nice -n 10 python bench/bench_repo_size.py [--langs java,typescript,csharp,python]
        [--sizes 50,200,800] [--repeat 1] [--plot docs/repo_size.png] [--json docs/repo_size.json]
    python bench/bench_repo_size.py --replot docs/repo_size.json   # table and plot from saved rows
    nice -n 10 python bench/bench_repo_size.py --real --langs java --json docs/repo_size_real.json
        # the real repositories of bench/repo_size/manifest.jsonl (checked out under bench/.work/)
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from crossfile_datasets.builders.completion.pipeline import build_repository  # noqa: E402
from crossfile_datasets.builders.completion.shards import BuildSettings  # noqa: E402
from crossfile_datasets.builders.repos import RepoSpec, resolve  # noqa: E402
from crossfile_datasets.lang import Lang, get_language  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
MANIFEST = ROOT / "bench" / "repo_size" / "manifest.jsonl"
WORK = ROOT / "bench" / ".work"
LICENSE = "MIT License\n\nPermission is hereby granted, free of charge, to any person\n"


def generate(lang: Lang, root: Path, n_files: int) -> None:
    """A repository of about ``n_files`` source files; the generator is the same at every size."""
    root.mkdir(parents=True, exist_ok=True)
    if lang is Lang.PYTHON:
        from bench.gen_python import generate_python_repo

        generate_python_repo(root, n_files=n_files, packages=max(2, n_files // 25), seed=0)
    elif lang is Lang.JAVA:
        from bench.bench_java import generate as generate_java

        generate_java(root, packages=max(1, n_files // 10), classes=10)
    elif lang is Lang.TYPESCRIPT:
        from bench.bench_typescript import generate as generate_ts

        generate_ts(root, models=max(1, n_files // 3))
        # TypeScript examples need >= 30 prompt code lines: local constants after the imports
        for path in root.rglob("*.ts"):
            lines = path.read_text().split("\n")
            last_import = max((i for i, line in enumerate(lines) if line.startswith("import ")), default=-1)
            padding = [f"const setting{i} = {i};" for i in range(30)]
            path.write_text("\n".join(lines[: last_import + 1] + padding + lines[last_import + 1 :]))
    else:
        from bench.bench_csharp import generate_csharp_repo

        generate_csharp_repo(root, files=n_files, layers=max(2, min(8, n_files // 25)), seed=7)
    (root / "LICENSE").write_text(LICENSE)


def descendants_cpu() -> float:
    """CPU seconds of this process, its reaped children and its live descendants (the resident
    checker processes live across builds): differences of it are little affected by the load."""
    own = time.process_time() + sum(getattr(resource.getrusage(resource.RUSAGE_CHILDREN), f) for f in ("ru_utime", "ru_stime"))
    tick = os.sysconf("SC_CLK_TCK")
    children: dict[int, list[int]] = {}
    stats: dict[int, list[str]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            stats[int(entry)] = fields
            children.setdefault(int(fields[1]), []).append(int(entry))
    todo, live = list(children.get(os.getpid(), [])), 0.0
    while todo:
        pid = todo.pop()
        live += (int(stats[pid][11]) + int(stats[pid][12])) / tick  # utime, stime
        todo.extend(children.get(pid, []))
    return own + live


def build_once(lang: Lang, root: Path, profile_to: Path | None = None) -> dict:
    """One in-process build of the repository's shard; seconds split into checker and the rest."""
    repo = resolve(RepoSpec(path=str(root)))
    settings = BuildSettings(output=root.parent / "out", workers=1, retrievers=(), use_cache=False)
    profiler = cProfile.Profile() if profile_to else None
    cpu0, py0 = descendants_cpu(), time.process_time()
    t0 = time.monotonic()
    if profiler:
        profiler.enable()
    shard = build_repository(lang, repo, settings)
    if profiler:
        profiler.disable()
        profiler.dump_stats(str(profile_to))
    seconds = time.monotonic() - t0
    cpu, python_cpu = descendants_cpu() - cpu0, time.process_time() - py0
    timings = shard["report"]["timings"]
    counts = shard["report"].get("metrics", {})
    checker = timings.get("checker_seconds", 0.0)
    return {"seconds": seconds, "checker": checker, "rest": seconds - checker, "cpu": cpu, "python_cpu": python_cpu,
            "files": shard["files"],
            "examples": len(shard["examples"]), "usages": len(shard["usages"]),
            "compilations": counts.get("checker/javac_compilations", 0) or counts.get("checker/mcs_compilations", 0)}


def checkout(entry: dict) -> Path:
    """The manifest entry's checkout at its commit: bench/.work/<name> (cloned when missing)."""
    folder = WORK / entry["repo"].replace("/", "+")
    if folder.is_dir() and not (folder / ".git").exists():
        return folder  # the commit's files exported without git (a mirror missing a large blob)
    if not (folder / ".git").is_dir():
        folder.parent.mkdir(parents=True, exist_ok=True)
        # a local mirror (CROSSFILE_MIRROR_ROOT/<owner>+<name>/repo) when there is one, else the URL
        mirror = Path(os.environ.get("CROSSFILE_MIRROR_ROOT", "/work/.mirror")) / entry["repo"].replace("/", "+") / "repo"
        subprocess.run(["git", "clone", "-q", str(mirror) if mirror.is_dir() else entry["url"], str(folder)], check=True)
    subprocess.run(["git", "-C", str(folder), "checkout", "-q", entry["commit"]], check=True)
    return folder


def real_repositories(langs: list[Lang], repeat: int, label: str, json_path: str, profile: str | None = None) -> None:
    """Build each manifest repository of ``langs`` (one worker, no cache, no retrieval) and
    append its rows to ``json_path`` (a list of rows, as for the generated family)."""
    rows = json.loads(Path(json_path).read_text()) if Path(json_path).exists() else []
    for line in MANIFEST.read_text().splitlines():
        entry = json.loads(line)
        lang = Lang(entry["lang"])
        if lang not in langs:
            continue
        root = checkout(entry)
        prof = None
        if profile:
            Path(profile).mkdir(parents=True, exist_ok=True)
            prof = Path(profile) / f"{lang.value}_{entry['repo'].replace('/', '+')}.prof"
        runs = [build_once(lang, root, prof if k == 0 else None) for k in range(repeat)]
        if prof:
            print(top_outside_checker(prof, 40), file=sys.stderr)
        secs = sorted(r["seconds"] for r in runs)
        row = {"language": lang.value, "repository": entry["repo"], "commit": entry["commit"], "files": runs[0]["files"],
               "usages": runs[0]["usages"], "examples": runs[0]["examples"], "compilations": runs[0]["compilations"],
               "repeat": repeat, "seconds_min": round(secs[0], 1), "seconds_median": round(statistics.median(secs), 1),
               "checker_seconds_min": round(min(r["checker"] for r in runs), 1),
               "rest_seconds_min": round(min(r["rest"] for r in runs), 1),
               "cpu_seconds_min": round(min(r["cpu"] for r in runs), 1),
               "python_cpu_seconds_min": round(min(r["python_cpu"] for r in runs), 1),
               "load": round(os.getloadavg()[0], 2), "label": label}
        print(json.dumps(row), flush=True)
        rows.append(row)
    Path(json_path).write_text(json.dumps(rows, indent=1) + "\n")


def top_outside_checker(prof: Path, n: int = 15) -> str:
    """The functions with the most cumulative time, the checker's process waits left out."""
    out = io.StringIO()
    stats = pstats.Stats(str(prof), stream=out)
    stats.sort_stats("tottime").print_stats(n)
    return out.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--langs", default="java,typescript,csharp,python")
    parser.add_argument("--sizes", default="50,200,800")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--plot", default="docs/repo_size.png")
    parser.add_argument("--json", default="docs/repo_size.json")
    parser.add_argument("--profile", metavar="DIR", help="cProfile the largest build of each language into DIR")
    parser.add_argument("--label", default="", help="tag saved with each row (e.g. 'before', 'after')")
    parser.add_argument("--replot", nargs="+", metavar="ROWS_JSON", help="only merge saved rows into one table and plot")
    parser.add_argument("--real", action="store_true",
                        help=f"build the real repositories of {MANIFEST.relative_to(ROOT)} (of --langs) instead")
    args = parser.parse_args()
    if args.replot:
        rows = [row for path in args.replot for row in json.loads(Path(path).read_text())]
        report(rows, args.plot, args.json)
        return
    if args.real:
        real_repositories([Lang(x) for x in args.langs.split(",")], args.repeat, args.label, args.json, args.profile)
        return
    sizes = [int(x) for x in args.sizes.split(",")]
    rows = []
    for lang in (Lang(x) for x in args.langs.split(",")):
        get_language(lang).check_tools()
        for n in sizes:
            tmp = Path(tempfile.mkdtemp(prefix=f"bench-size-{lang.value}-"))
            try:
                generate(lang, tmp / "repo", n)
                runs = []
                for k in range(args.repeat):
                    prof = None
                    if args.profile and n == max(sizes) and k == 0:
                        Path(args.profile).mkdir(parents=True, exist_ok=True)
                        prof = Path(args.profile) / f"{lang.value}_{n}.prof"
                    runs.append(build_once(lang, tmp / "repo", prof))
                    if prof:
                        print(top_outside_checker(prof), file=sys.stderr)
                first = runs[0]
                secs = sorted(r["seconds"] for r in runs)
                row = {"language": lang.value, "size": n, "files": first["files"], "examples": first["examples"],
                       "usages": first["usages"], "compilations": first["compilations"], "repeat": len(runs),
                       "seconds_min": round(secs[0], 2), "seconds_median": round(statistics.median(secs), 2),
                       "checker_seconds_min": round(min(r["checker"] for r in runs), 2),
                       "rest_seconds_min": round(min(r["rest"] for r in runs), 2),
                       "ms_per_file": round(1000 * secs[0] / max(1, first["files"]), 1),
                       "cpu_seconds_min": round(min(r["cpu"] for r in runs), 2),
                       "python_cpu_seconds_min": round(min(r["python_cpu"] for r in runs), 2),
                       "cpu_ms_per_file": round(1000 * min(r["cpu"] for r in runs) / max(1, first["files"]), 1),
                       "load": round(os.getloadavg()[0], 2), "label": args.label}
                rows.append(row)
                print(json.dumps(row), flush=True)
            finally:
                shutil.rmtree(tmp, ignore_errors=True)
    report(rows, args.plot, args.json)


def report(rows: list[dict], plot_path: str, json_path: str) -> None:
    """Print the table and the largest/smallest ratio per language, save rows, plot ms/file vs size."""
    print()
    print(f"{'language':<11} {'label':<7} {'files':>6} {'usages':>7} {'examples':>8} {'min s':>8} {'median s':>8} "
          f"{'checker s':>9} {'rest s':>7} {'rest %':>6} {'ms/file':>8} {'CPU s':>7} {'py CPU':>7} {'CPU ms/f':>8} {'load':>5}")
    for r in rows:
        share = 100 * r["rest_seconds_min"] / max(1e-9, r["seconds_min"])
        print(f"{r['language']:<11} {r.get('label', ''):<7} {r['files']:>6} {r['usages']:>7} {r['examples']:>8} "
              f"{r['seconds_min']:>8.1f} {r['seconds_median']:>8.1f} {r['checker_seconds_min']:>9.1f} "
              f"{r['rest_seconds_min']:>7.1f} {share:>5.0f}% {r['ms_per_file']:>8.1f} {r.get('cpu_seconds_min', 0):>7.1f} "
              f"{r.get('python_cpu_seconds_min', 0):>7.1f} {r.get('cpu_ms_per_file', 0):>8.1f} {r.get('load', 0):>5.2f}")
    groups = dict.fromkeys((r["language"], r.get("label", "")) for r in rows)
    for lang, label in groups:
        mine = sorted((r for r in rows if r["language"] == lang and r.get("label", "") == label), key=lambda r: r["files"])
        if len(mine) > 1:
            cpu = (f", CPU ms/file {mine[-1]['cpu_ms_per_file'] / max(1e-9, mine[0]['cpu_ms_per_file']):.2f}"
                   if mine[0].get("cpu_ms_per_file") else "")
            print(f"{lang} {label}: largest/smallest ({mine[-1]['files']}/{mine[0]['files']} files): wall ms/file "
                  f"{mine[-1]['ms_per_file'] / max(1e-9, mine[0]['ms_per_file']):.2f}{cpu}")
    Path(json_path).parent.mkdir(parents=True, exist_ok=True)
    Path(json_path).write_text(json.dumps(rows, indent=1) + "\n")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 2, figsize=(11, 4.5))
    colors = {lang: f"C{k}" for k, lang in enumerate(dict.fromkeys(r["language"] for r in rows))}
    for ax, key, what in ((axes[0], "ms_per_file", "wall ms per file (load varies)"),
                          (axes[1], "cpu_ms_per_file", "CPU ms per file (all processes)")):
        for lang, label in groups:
            mine = sorted((r for r in rows if r["language"] == lang and r.get("label", "") == label and r.get(key)),
                          key=lambda r: r["files"])
            if mine:
                ax.plot([r["files"] for r in mine], [r[key] for r in mine], "--o" if label == "before" else "-s",
                        color=colors[lang], label=f"{lang} {label}".strip())
        ax.set_xscale("log")
        ax.set_xlabel("source files in the repository (generated)")
        ax.set_ylabel(what)
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
    fig.suptitle("crossfile-datasets: cost per file vs repository size (one worker)")
    fig.tight_layout()
    Path(plot_path).parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(plot_path, dpi=120)
    print(f"\nplot: {plot_path}  data: {json_path}")


if __name__ == "__main__":
    main()
