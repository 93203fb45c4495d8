"""Benchmark: Pylint checking of a repository, batched vs one Pylint process per file.

Usage: python bench/bench_python.py [--files 60]
Prints both times, their ratio and whether both ways found the same usages.
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
        naive_s, naive, rn = time_find_usages(PythonSupport(PylintChecker(batch_size=1)), repo)
    print(f"repository: {args.files} generated Python files, 3 variant sets (original, remove, empty_class)")
    print(f"batched  : {batched_s:7.2f} s  ({rb.metrics['checker/pylint_processes']} Pylint processes)")
    print(f"per file : {naive_s:7.2f} s  ({rn.metrics['checker/pylint_processes']} Pylint processes)")
    print(f"ratio    : {naive_s / batched_s:7.1f}x faster batched")
    print(f"usages   : {len(batched)} batched, {len(naive)} per file, identical={batched == naive}")


if __name__ == "__main__":
    main()
