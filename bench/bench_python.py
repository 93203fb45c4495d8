"""Benchmark: Pylint checking of a repository: batched and resident, batched in fresh
processes, and one fresh Pylint process per file (the naive way).

Usage: python bench/bench_python.py [--files 60]
Prints the times, the ratios and whether every way found the same usages.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from crossfile_datasets.analyzers.pylint import PylintChecker  # noqa: E402
from bench.gen_python import generate_python_repo  # noqa: E402
from bench.common import time_find_usages  # noqa: E402
from crossfile_datasets.builders.repos import RepoSpec, resolve  # noqa: E402
from crossfile_datasets.lang.python import PythonSupport  # noqa: E402




def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--files", type=int, default=60)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        repo = resolve(RepoSpec(path=str(generate_python_repo(Path(tmp) / "genrepo", args.files))))
        batched_s, batched, rb = time_find_usages(PythonSupport(PylintChecker()), repo)
        fresh_s, fresh, rf = time_find_usages(PythonSupport(PylintChecker(resident=False)), repo)
        naive_s, naive, rn = time_find_usages(PythonSupport(PylintChecker(batch_size=1, resident=False)), repo)
    print(f"repository: {args.files} generated Python files, 3 variant sets (original, remove, empty_class) + round 2")
    print(f"resident : {batched_s:7.2f} s  ({rb.metrics['checker/pylint_runs']} Pylint runs)")
    print(f"fresh    : {fresh_s:7.2f} s  ({rf.metrics['checker/pylint_runs']} Pylint processes)")
    print(f"per file : {naive_s:7.2f} s  ({rn.metrics['checker/pylint_runs']} Pylint processes)")
    print(f"ratio    : {naive_s / batched_s:7.1f}x faster resident than per file, {fresh_s / batched_s:.2f}x than fresh")
    print(f"usages   : {len(batched)} resident, {len(fresh)} fresh, {len(naive)} per file, "
          f"identical={batched == fresh == naive}")


if __name__ == "__main__":
    main()
