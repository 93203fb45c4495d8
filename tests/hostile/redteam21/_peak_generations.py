"""Run ``evaluate_class`` on a split of one task and a predictions line of N empty generations in
this fresh interpreter; print, as JSON, how far this process's own peak (``VmHWM``,
``tests/hostile/peak.py``) grew during the call, the results log's size and the statuses.

Usage: ``python _peak_generations.py N WORK`` (WORK: a new folder)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # the project, for tests.hostile.peak

from tests.hostile.peak import peak_rss_kb  # noqa: E402

# a task the evaluation refuses for its path (no copy, no run): what is left is the host's own work
TASK = {"id": "shop/java/class/0", "language": "java", "repository": "shop", "file": "../outside/Cart.java",
        "file_without_class": "package shop;\n\n", "insertion_offset": 14, "expected_to_pass": ["shop.CartTest#total"],
        "class_name": "Cart"}


def main() -> None:
    n, work = int(sys.argv[1]), Path(sys.argv[2])
    (work / "repos" / "shop").mkdir(parents=True)
    (work / "class.jsonl").write_text(json.dumps(TASK) + "\n")
    (work / "preds.jsonl").write_text(json.dumps({"task_id": TASK["id"], "generations": [""] * n}) + "\n")
    from crossfile_datasets.core.jsonl import InputError
    from crossfile_datasets.evaluation.classlevel import evaluate_class

    before = peak_rss_kb()
    try:
        out = evaluate_class(work / "class.jsonl", work / "preds.jsonl", repos=work / "repos", ks=(1,),
                             results_path=work / "results.jsonl")
    except InputError as exc:  # refused when the predictions are loaded (--max-generations)
        print(json.dumps({"generations": n, "refused": str(exc), "grown_mb": round((peak_rss_kb() - before) / 1024, 1),
                          "log_bytes": (work / "results.jsonl").stat().st_size if (work / "results.jsonl").exists() else 0}))
        return
    grown = (peak_rss_kb() - before) / 1024
    print(json.dumps({"generations": n, "predictions_bytes": (work / "preds.jsonl").stat().st_size,
                      "grown_mb": round(grown, 1), "log_bytes": (work / "results.jsonl").stat().st_size,
                      "statuses": out["results"]["java"]["status"], "sandbox_runs": out["sandbox_runs"]}))


if __name__ == "__main__":
    main()
