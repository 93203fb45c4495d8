"""Names an executable problem's prompt uses but never defines, on real repositories.

Why it exists: a prompt that pastes code naming ``DCC`` without showing ``DCC`` tells the model
less than it claims (issue 36 item 2: "full context pulls names used by pasted code but stops
part-way"). This bench runs the executable split's static stage only (sources, candidates,
dependencies, the three prompts: nothing of the repository runs) and counts, per repository and
context size, the prompts whose code reads a module-level name the prompt neither defines nor
imports (builtins aside), the names, the names gold reads that a prompt misses
(``prompt_missing_names``), and the pasted characters (mean, 95th percentile, largest) and the CPU seconds ``build_prompts`` took.

    python bench/prompt_names.py --manifest bench/executable/tuning.jsonl \
        --manifest bench/executable/heldout_2026-11-27g.jsonl --only tornado --repos-dir /work/realrepos

Repositories are cloned under ``--repos-dir`` and checked out at the manifest's commit (as
``bench_executable.py`` does). A bench, not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_executable import checkout  # noqa: E402

from crossfile_datasets.builders.executable.build import list_sources  # noqa: E402
from crossfile_datasets.builders.functions import (  # noqa: E402
    SIZES,
    _used_names,
    build_prompts,
    prompt_missing_names,
    resolve_dependencies,
    select_candidates,
)
from crossfile_datasets.core.records import Repository  # noqa: E402
from crossfile_datasets.core.report import BuildReport  # noqa: E402
from crossfile_datasets.lang import Lang, get_language  # noqa: E402


def measure(name: str, root: Path) -> dict:
    """The static stage's prompts of one checkout and what they leave undefined."""
    language = get_language(Lang.PYTHON)
    report = BuildReport()
    repo = Repository(name, root, f"file://{root}", "", "")
    files, _ = list_sources(repo, language, report)
    facts = language.analyze_files(str(root), files)
    candidates = select_candidates(facts, report)
    cpu = 0.0
    undefined: dict[str, dict[str, list[str]]] = {size: {} for size in SIZES}
    gold_missing = {size: 0 for size in SIZES}
    sizes: list[int] = []
    digest = hashlib.sha256()
    for cand in candidates:
        cand.dependencies = resolve_dependencies(cand, facts)
        t0 = time.process_time()
        prompts = build_prompts(cand, facts, cand.dependencies)
        cpu += time.process_time() - t0
        sizes.append(len(prompts["full_context"]))
        for size in SIZES:
            digest.update(prompts[size].encode("utf-8", "surrogatepass"))
            names = list(_used_names(prompts[size]))
            if names:
                undefined[size][cand.qualname] = names
            gold_missing[size] += bool(prompt_missing_names(prompts[size], cand))
    sizes.sort()
    return {
        "repository": name,
        "candidates": len(candidates),
        "prompts_with_undefined": {s: len(v) for s, v in undefined.items()},
        "undefined_names": {s: sum(map(len, v.values())) for s, v in undefined.items()},
        "gold_names_missing": gold_missing,
        "full_chars_mean": round(sum(sizes) / len(sizes)) if sizes else 0,
        "full_chars_p95": nearest_rank(sizes, 0.95),
        "full_chars_max": sizes[-1] if sizes else 0,
        "prompts_cpu_s": round(cpu, 1),
        "prompts_sha256": digest.hexdigest()[:12],
        "undefined": undefined["full_context"],
    }


def nearest_rank(values: list[int], q: float) -> int:
    """The ``q`` quantile of sorted ``values`` by the nearest-rank method: the smallest value
    with at least ``q`` of the values at or below it (0 for none). ``values[int(q * (n - 1))]``
    gave the middle of three values as the 95th percentile (held-out 15, python-slugify)."""
    if not values:
        return 0
    return values[max(0, math.ceil(q * len(values)) - 1)]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--manifest", type=Path, action="append", required=True)
    ap.add_argument("--repos-dir", type=Path, default=Path("/work/realrepos"))
    ap.add_argument("--only", action="append", default=[], help="a repository's name (repeatable)")
    ap.add_argument("--json", type=Path, help="write every figure (and each prompt's undefined names) here")
    args = ap.parse_args()
    args.repos_dir.mkdir(parents=True, exist_ok=True)
    rows = []
    for manifest in args.manifest:
        for line in manifest.read_text(encoding="utf-8").splitlines():
            entry = json.loads(line)
            name = entry["repo"].split("/")[1]
            if args.only and name not in args.only:
                continue
            rows.append(measure(name, checkout(entry, args.repos_dir)))
    print("| repository | candidates | full prompts with an undefined name (names) | medium | small "
          "| gold names missing (full/medium/small) | full chars mean / p95 / max | build_prompts CPU s | prompts sha256 |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        p, n, g = r["prompts_with_undefined"], r["undefined_names"], r["gold_names_missing"]
        print(f"| {r['repository']} | {r['candidates']} | {p['full_context']} ({n['full_context']}) "
              f"| {p['medium_context']} ({n['medium_context']}) | {p['small_context']} ({n['small_context']}) "
              f"| {g['full_context']}/{g['medium_context']}/{g['small_context']} "
              f"| {r['full_chars_mean']:,} / {r['full_chars_p95']:,} / {r['full_chars_max']:,} | {r['prompts_cpu_s']} "
              f"| {r['prompts_sha256']} |")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
