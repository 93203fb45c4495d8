"""What the tree-sitter parse budget (``lang.base.bounded_parse``) costs and how close real files
come to it.

For every source file of the given folders (and the first half of each, as the completion
evaluation parses partial files), per language: the bytes the lexer asked the read callback for,
as a multiple of the file's size (the budget allows ``PARSE_READ_FACTOR`` of it, plus
``PARSE_MIN_READ_BYTES``), and the CPU time of a plain ``parser.parse(bytes)`` against the
bounded parse (read callback + progress callback), summed over all files (best of ``--repeat``
runs each, the two interleaved). Prints per language the files, the largest ratio seen and the overhead ratio.

    python bench/bench_parse_budget.py FOLDER... [--repeat 3]
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import time
from pathlib import Path

from tree_sitter import Parser

from crossfile_datasets.core import constants as C
from crossfile_datasets.lang import get_language, registered
from crossfile_datasets.lang.base import ParseTimeout, bounded_parse, parse_reads


def sources(folders: list[str]):
    languages = [get_language(lang) for lang in registered()]
    for folder in folders:
        for root, dirs, names in os.walk(folder):
            dirs[:] = [d for d in dirs if d not in C.SKIP_DIRS and not d.startswith(".")]
            for name in sorted(names):
                path = os.path.join(root, name)
                for language in languages:
                    if language.is_source_path(name):
                        data = Path(path).read_bytes()
                        if len(data) <= C.MAX_FILE_BYTES:
                            yield language, path, data
                        break


def best_of_both(plain, bounded, repeat: int) -> tuple[float, float]:
    """Best CPU time of each call over ``repeat`` rounds, the two interleaved in every round (a
    burst of load on the machine then hits both alike)."""
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(repeat):
        for call, out in ((plain, times[0]), (bounded, times[1])):
            started = time.process_time()
            call()
            out.append(time.process_time() - started)
    return min(times[0]), min(times[1])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("folders", nargs="+")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)
    rows: dict[str, dict] = {}
    gc.disable()
    for language, path, data in sources(args.folders):
        grammar = language.ts_language(path)
        parser = Parser(grammar)
        for part, text in (("whole", data), ("half", data[: len(data) // 2])):
            row = rows.setdefault(f"{language.lang.value}/{part}", {"files": 0, "bytes": 0, "plain": 0.0,
                                                                      "bounded": 0.0, "worst": (0.0, ""),
                                                                      "timeouts": []})
            try:
                reads = parse_reads(parser, text)
            except ParseTimeout:
                row["timeouts"].append(path)
                continue
            ratio = reads / max(len(text), 1)
            row["worst"] = max(row["worst"], (ratio, path))
            row["files"] += 1
            row["bytes"] += len(text)
            plain, bounded = best_of_both(lambda: parser.parse(text), lambda: bounded_parse(parser, text), args.repeat)
            row["plain"] += plain
            row["bounded"] += bounded
    gc.enable()
    print(f"budget: {C.PARSE_READ_FACTOR} x size + {C.PARSE_MIN_READ_BYTES} bytes read, {C.PARSE_MAX_SECONDS} s CPU")
    print(f"{'language/part':18} {'files':>6} {'MB':>7} {'plain s':>8} {'bounded s':>9} {'overhead':>8}  worst read ratio")
    for key, row in sorted(rows.items()):
        overhead = row["bounded"] / row["plain"] if row["plain"] else float("nan")
        print(f"{key:18} {row['files']:6d} {row['bytes'] / 1e6:7.2f} {row['plain']:8.3f} {row['bounded']:9.3f} "
              f"{overhead:8.3f}  {row['worst'][0]:.2f} {row['worst'][1]}"
              + (f"  TIMEOUTS {row['timeouts'][:3]}" if row["timeouts"] else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
