"""Evaluate an executable predictions file (``evaluate_executable``, the function behind
``evaluate-predictions executable``: bubblewrap, pytest, the harness plugin, the verdict channel)
in this fresh interpreter and print, as JSON, the result rows and how far this process's peak
resident memory grew during the evaluation."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # the project, for tests.hostile.peak

from tests.hostile.peak import peak_rss_kb  # noqa: E402 (VmHWM: ru_maxrss keeps pytest's mark across exec)
from crossfile_datasets.evaluation.executable import RunSettings, evaluate_executable


def main() -> None:
    split, preds, results = (Path(a) for a in sys.argv[1:4])
    before = peak_rss_kb()
    evaluate_executable(split, preds, results, settings=RunSettings(timeout=120, test_timeout=60, python=sys.executable))
    after = peak_rss_kb()
    rows = {row["context_size"]: {"passed": row.get("passed"), "status": row.get("status")}
            for row in map(json.loads, results.read_text().splitlines())}
    print(json.dumps({"rows": rows, "grown_mb": (after - before) / 1024}))


if __name__ == "__main__":
    main()
