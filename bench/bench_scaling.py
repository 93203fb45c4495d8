"""Benchmark: build time vs number of repositories, with 1 and 2 workers, per language.

For each language and each N (default 10, 20, 40) it generates N distinct small repositories
(CrossCodeEval's range: 10-50 source files each; ~12 here), builds the completion split with
1 worker and with 2 workers (no checker cache, no retrieval), checks that both datasets are
byte-identical, and prints a table plus a PNG plot of seconds vs N (cost should grow linearly
in the input).

Usage: python bench/bench_scaling.py [--langs python,java,typescript,csharp] [--sizes 10,20,40]
       [--plot bench_scaling.png]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from crossfile_datasets.builders.completion.shards import BuildSettings
from crossfile_datasets.builders.completion.pipeline import build_language
from crossfile_datasets.builders.repos import RepoSpec, resolve_all  # noqa: E402
from crossfile_datasets.lang import Lang, get_language  # noqa: E402

LICENSE = "MIT License\n\nPermission is hereby granted, free of charge, to any person\n"


def generate(lang: Lang, root: Path, seed: int) -> None:
    """One small repository of ``lang`` (distinct content per seed)."""
    if lang is Lang.PYTHON:
        from bench.gen_python import generate_python_repo

        generate_python_repo(root, n_files=12, packages=3, seed=seed)
    elif lang is Lang.JAVA:
        from bench.bench_java import generate as generate_java

        generate_java(root, packages=3, classes=4)
    elif lang is Lang.TYPESCRIPT:
        from bench.bench_typescript import generate as generate_ts

        generate_ts(root, models=4)
        # CrossCodeEval keeps TypeScript examples with >= 30 prompt code lines: give every file
        # a block of local constants after its imports so that its uses can become examples
        for path in root.rglob("*.ts"):
            lines = path.read_text().split("\n")
            last_import = max((i for i, line in enumerate(lines) if line.startswith("import ")), default=-1)
            padding = [f"const setting{seed}_{i} = {i};" for i in range(30)]
            path.write_text("\n".join(lines[: last_import + 1] + padding + lines[last_import + 1 :]))
    else:
        from bench.bench_csharp import generate_csharp_repo

        generate_csharp_repo(root, files=12, layers=3, seed=seed)
    (root / "LICENSE").write_text(LICENSE)
    (root / "SEED.txt").write_text(f"repository {seed}\n")  # distinct content => no cache sharing


def digest(out: Path, lang: Lang) -> str:
    h = hashlib.sha256()
    for name in ("line_completion.jsonl", "usages.jsonl"):
        h.update((out / lang.value / name).read_bytes())
    return h.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--langs", default="python,java,typescript,csharp")
    parser.add_argument("--sizes", default="10,20,40")
    parser.add_argument("--plot", default="bench_scaling.png")
    parser.add_argument("--json", default="bench_scaling.json")
    parser.add_argument("--replot", nargs="+", metavar="ROWS_JSON", help="only merge saved rows files into one table and plot")
    args = parser.parse_args()
    if args.replot:
        rows = [row for path in args.replot for row in json.loads(Path(path).read_text())]
        report(rows, args.plot, args.json)
        return
    langs = [Lang(x) for x in args.langs.split(",")]
    sizes = [int(x) for x in args.sizes.split(",")]
    rows = []
    for lang in langs:
        get_language(lang).check_tools()
        for n in sizes:
            tmp = Path(tempfile.mkdtemp(prefix=f"bench-scale-{lang.value}-"))
            try:
                for i in range(n):
                    generate(lang, tmp / "repos" / f"repo{i:03d}", seed=i)
                repos = resolve_all([RepoSpec(path=str(p)) for p in sorted((tmp / "repos").iterdir())])
                times, digests, examples = {}, {}, 0
                for workers in (1, 2):
                    out = tmp / f"out{workers}"
                    t0 = time.monotonic()
                    stats = build_language(lang, repos, BuildSettings(output=out, workers=workers, retrievers=(), use_cache=False))
                    times[workers] = time.monotonic() - t0
                    digests[workers] = digest(out, lang)
                    examples = stats["examples"]
                files = sum(1 for p in (tmp / "repos").rglob("*") if p.is_file() and get_language(lang).is_source_path(p.name))
                row = {"language": lang.value, "repositories": n, "files": files, "examples": examples,
                       "seconds_1_worker": round(times[1], 1), "seconds_2_workers": round(times[2], 1),
                       "speedup": round(times[1] / times[2], 2), "identical": digests[1] == digests[2],
                       "seconds_per_repository_1_worker": round(times[1] / n, 2)}
                rows.append(row)
                print(json.dumps(row), flush=True)
            finally:
                shutil.rmtree(tmp, ignore_errors=True)
    report(rows, args.plot, args.json)


def report(rows: list[dict], plot_path: str, json_path: str) -> None:
    """Print the table, save the rows as JSON and plot seconds vs repositories."""
    print()
    print(f"{'language':<11} {'N':>3} {'files':>6} {'examples':>8} {'1 worker':>9} {'2 workers':>9} {'speed-up':>8} {'s/repo':>7} identical")
    for r in rows:
        print(f"{r['language']:<11} {r['repositories']:>3} {r['files']:>6} {r['examples']:>8} {r['seconds_1_worker']:>8.1f}s "
              f"{r['seconds_2_workers']:>8.1f}s {r['speedup']:>7.2f}x {r['seconds_per_repository_1_worker']:>7.2f} {r['identical']}")
    Path(json_path).write_text(json.dumps(rows, indent=1))
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.5))
    for lang in dict.fromkeys(r["language"] for r in rows):
        mine = [r for r in rows if r["language"] == lang]
        line, = ax.plot([r["repositories"] for r in mine], [r["seconds_1_worker"] for r in mine], "-o", label=f"{lang}, 1 worker")
        ax.plot([r["repositories"] for r in mine], [r["seconds_2_workers"] for r in mine], "--s", color=line.get_color(), label=f"{lang}, 2 workers")
    ax.set_xlabel("repositories (~12 source files each)")
    ax.set_ylabel("build time (s)")
    ax.set_title("crossfile-datasets: build time vs input size")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(plot_path, dpi=120)
    print(f"\nplot: {plot_path}  data: {json_path}")


if __name__ == "__main__":
    main()
