"""Benchmark: the C# procedure, naive (whole project per defining file) vs optimized.

Naive = CrossCodeEval's procedure as stated: for every file that defines types, compile the
whole project with that file's types emptied (one mcs process per compilation, one at a time).
Optimized = defining files no other file can observe are skipped, only the files that can
observe the emptied types plus what they name (transitively) are compiled, the compiler stays
resident (lang/csharp/McsServer.cs) and two compilers run in parallel. The intermediate
variants show what each step contributes. The generated repository is layered like real code (model -> storage ->
services -> controllers): each class uses a few classes of lower layers.

Usage: python bench/bench_csharp.py [--files 66] [--layers 6] [--rounds 3] [--steps]
(--steps also measures the intermediate variants; the naive variant alone takes ~1 minute.)
Prints the per-repository time of each variant, the ratio, the number of mcs runs and
whether both variants found the same usages.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import time_find_usages  # noqa: E402
from crossfile_datasets.builders.repos import RepoSpec, resolve  # noqa: E402
from crossfile_datasets.lang.csharp import CSharpSupport  # noqa: E402

LAYER_NAMES = ("Model", "Storage", "Rules", "Services", "Workflows", "Api", "Hosting", "Tools")


def class_source(layer: int, index: int, per_layer: int, rng: random.Random) -> str:
    ns = f"Bench.{LAYER_NAMES[layer]}"
    name = f"{LAYER_NAMES[layer]}Part{index}"
    usings = ["using System;", "using System.Collections.Generic;"]
    usings += [f"using Bench.{LAYER_NAMES[k]};" for k in range(layer)]
    uses = []
    for n in range(3 if layer else 0):
        k = rng.randrange(layer)
        other = f"{LAYER_NAMES[k]}Part{rng.randrange(per_layer)}"
        var = f"dep{n}"
        uses.append(f"            var {var} = {other}.Create({n});")
        uses.append(f"            total += {var}.Weight + {var}.Score({n + 1});")
        uses.append(f"            names.Add({var}.Describe());")
    body = "\n".join(uses)
    return f"""{chr(10).join(usings)}

namespace {ns}
{{
    /// <summary>Generated part {index} of the {LAYER_NAMES[layer]} layer.</summary>
    public class {name}
    {{
        private readonly int seed;

        public {name}(int seed)
        {{
            this.seed = seed;
        }}

        public int Weight => seed * {layer + 1};

        public string Label {{ get; set; }} = "{name}";

        public static {name} Create(int seed) => new {name}(seed);

        public int Score(int factor)
        {{
            return seed * factor + {index};
        }}

        public string Describe()
        {{
            return Label + ":" + Weight;
        }}

        public int Run(List<string> names)
        {{
            var total = 0;
{body}
            return total;
        }}
    }}

    public enum {name}Kind
    {{
        Plain,
        Special
    }}
}}
"""


def generate_csharp_repo(root: Path, files: int, layers: int, seed: int = 7) -> Path:
    rng = random.Random(seed)
    per_layer = max(1, files // layers)
    root.mkdir(parents=True, exist_ok=True)
    (root / "Bench.csproj").write_text('<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><LangVersion>7.2'
                                       "</LangVersion></PropertyGroup></Project>\n", encoding="utf-8")
    (root / "LICENSE").write_text("MIT License\n\nCopyright (c) 2026 crossfile-datasets authors\n", encoding="utf-8")
    for layer in range(layers):
        folder = root / LAYER_NAMES[layer]
        folder.mkdir(exist_ok=True)
        for i in range(per_layer):
            (folder / f"{LAYER_NAMES[layer]}Part{i}.cs").write_text(class_source(layer, i, per_layer, rng), encoding="utf-8")
    return root




def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--files", type=int, default=66)
    parser.add_argument("--layers", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--steps", action="store_true", help="also measure each optimization step alone")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = generate_csharp_repo(Path(tmp) / "genrepo", args.files, min(args.layers, len(LAYER_NAMES)))
        repo = resolve(RepoSpec(path=str(root)))
        n_files = len(list(root.rglob("*.cs")))
        variants = {
            "naive (whole project per file, mcs per run)": CSharpSupport(
                optimized=False, workers=1, max_rounds=args.rounds, resident=False),
            "+ dependents/closure only (mcs per run)": CSharpSupport(
                optimized=True, workers=1, max_rounds=args.rounds, resident=False),
            "+ resident compiler (1 server)": CSharpSupport(optimized=True, workers=1, max_rounds=args.rounds),
            "optimized: + 2 servers in parallel": CSharpSupport(optimized=True, workers=2, max_rounds=args.rounds),
        }
        if not args.steps:
            variants = {k: v for i, (k, v) in enumerate(variants.items()) if i in (0, len(variants) - 1)}
        results = {}
        for label, support in variants.items():
            seconds, usages, report = time_find_usages(support, repo)
            results[label] = (seconds, usages, report)
        naive_s = results[next(iter(variants))][0]
        keys = {label: {(u.file, u.line, u.column, u.imported_name, u.member) for u in r[1]} for label, r in results.items()}
        base = keys[next(iter(variants))]
        print(f"repository: {n_files} files, {args.layers} layers, max {args.rounds} rounds")
        for label, (seconds, usages, report) in results.items():
            same = "same usages" if keys[label] == base else \
                f"differs: {len(keys[label] - base)} extra, {len(base - keys[label])} missing"
            print(f"{label:48s} {seconds:7.2f} s  mcs runs {report.metrics['checker/mcs_compilations']:4d}  "
                  f"usages {len(usages):4d}  ({same})")
            rounds = {k.split("_")[-1]: v for k, v in report.stage("checker").items() if k.startswith("usages_found_in_round_")}
            print(f"{'':48s} usages per round {rounds}, defining files checked "
                  f"{report.metrics['checker/defining_files_checked']}, skipped as unobserved "
                  f"{report.metrics.get('checker/defining_file_unobserved', 0)}")
        opt_s = results[list(variants)[-1]][0]
        print(f"ratio naive / optimized: {naive_s / opt_s:.1f}x")


if __name__ == "__main__":
    main()
