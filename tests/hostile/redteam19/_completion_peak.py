"""Score a predictions file against a completion split (``evaluate_completion``, the function
behind ``evaluate-predictions completion``) in this fresh interpreter and print, as JSON, the
examples scored and how far this process's peak resident memory grew during the evaluation."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # the project, for tests.hostile.peak

from tests.hostile.peak import peak_rss_kb  # noqa: E402 (VmHWM: ru_maxrss keeps pytest's mark across exec)
from crossfile_datasets.evaluation.completion import evaluate_completion


def main() -> None:
    before = peak_rss_kb()
    summary, scores = evaluate_completion(sys.argv[1], sys.argv[2])
    after = peak_rss_kb()
    print(json.dumps({"scored": len(scores), "exact": sum(s.em == 100 for s in scores),
                      "grown_mb": (after - before) / 1024}))


if __name__ == "__main__":
    main()
