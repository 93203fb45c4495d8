"""How much of real C# test suites runs here: NUnit 2/3/4 and xUnit through the class runner.

Why it exists: issue 29 asks what share of the test methods of real NUnit 3 and xUnit
repositories run on mono through the runner's compatibility sources (NUnit 2.6 underneath,
no NuGet). For each C# row of ``bench/classlevel/manifest.jsonl`` that names its test
framework (``"framework"``: the tuning rows; held-out rows only when named with ``--repo``)
this checks the repository out at its commit (from the local mirror when there is one), runs its whole suite once with ``sandbox.suites.csharp.CSharpRunner`` (the class-level
split's own run, without coverage) and prints, per repository: the framework, the test methods
declared in the test sources (static ids), how many were left out because they do not compile
here (and the symbols most often missing), those neither left out nor run (``no_result``: a
silent loss), the share that ran, the test methods that ran and passed, and the time.

    python bench/bench_csharp_suites.py [--repo owner/name ...] [--json out.json]
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.bench_recall import checkout  # noqa: E402
from crossfile_datasets.sandbox.suites import TestOutcome, runner_for  # noqa: E402

MANIFEST = ROOT / "bench" / "classlevel" / "manifest.jsonl"
MIRRORS = Path("/work/.mirror")


def measure(entry: dict, mirror_root: Path = MIRRORS) -> dict:
    root = checkout(entry, mirror_root)
    runner = runner_for("csharp")
    declared = set(runner.discover(root))
    started = time.monotonic()
    run = runner.run(root, None, coverage=False, limits=None)
    seconds = time.monotonic() - started
    outcomes = run.outcomes()
    left_out = run.adjustments.get("left_out_tests", [])
    left_ids = {e.partition(": ")[0] for e in left_out}
    missing = collections.Counter(e.partition(": ")[2] for e in left_out)
    # a declared method ran when a result carries its id, or (a test a fixture inherits, a generic
    # fixture) when a result's id ends with its method and names its class: ``Ns.Int16ConverterTest.
    # BaseConverterTest`1.Success`` for ``Ns.BaseConverterTest.Success``
    by_method = collections.defaultdict(list)
    for rid in outcomes:
        by_method[rid.rsplit(".", 1)[-1]].append(rid)

    def ran(test_id: str) -> bool:
        if test_id in outcomes:
            return True
        cls, _, method = test_id.rpartition(".")
        short = cls.rsplit(".", 1)[-1]
        return any(short in rid for rid in by_method.get(method, ()))

    running = {t for t in declared - left_ids if ran(t)}
    no_result = sorted(declared - left_ids - running)
    return {
        "repo": entry["repo"], "tag": entry.get("tag", ""), "framework": entry.get("framework", ""),
        "status": run.status.value, "reason": run.reason[:200],
        "declared_test_methods": len(declared), "left_out_test_methods": len(left_ids & declared),
        "no_result": len(no_result), "no_result_sample": no_result[:5],
        "share_run": round(len(running) / len(declared), 3) if declared and run.status.value == "ok" else 0.0,
        "results": len(outcomes), "passed": sum(1 for o in outcomes.values() if o is TestOutcome.PASSED),
        "left_out_files": len(run.adjustments.get("left_out_files", [])),
        "left_out_library_files": len(run.adjustments.get("left_out_library_files", [])),
        "crashed_fixtures": run.adjustments.get("crashed_fixtures", []),
        "most_missing": missing.most_common(5), "seconds": round(seconds, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repo", action="append", default=[],
                        help="owner/name of a manifest row (default: every C# row with a framework)")
    parser.add_argument("--json", type=Path, help="write the rows here")
    args = parser.parse_args(argv)
    entries = [json.loads(line) for line in MANIFEST.read_text(encoding="utf-8").splitlines() if line.strip()]
    # by default the tuning rows; held-out rows (split "held-out") only when named
    entries = [e for e in entries if e.get("lang") == "csharp"
               and (e["repo"] in args.repo if args.repo else bool(e.get("framework")) and e.get("split") != "held-out")]
    rows = []
    for entry in entries:
        row = measure(entry)
        rows.append(row)
        print(f"{row['repo']} {row['tag']} ({row['framework']}): {row['status']}; declared {row['declared_test_methods']}, "
              f"left out {row['left_out_test_methods']}, no result {row['no_result']}, share run {row['share_run']:.3f}; results {row['results']}, "
              f"passed {row['passed']}; {row['seconds']} s; missing {row['most_missing']}"
              + (f"; {row['reason']}" if row["reason"] else ""), flush=True)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
