"""Score a predictions file against a completion split (``evaluate_completion``, the function
behind ``evaluate-predictions completion``) in this fresh interpreter and print, as JSON, the
examples scored and how far this process's peak resident memory grew during the evaluation."""

from __future__ import annotations

import json
import resource
import sys

from crossfile_datasets.evaluation.completion import evaluate_completion


def main() -> None:
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    summary, scores = evaluate_completion(sys.argv[1], sys.argv[2])
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"scored": len(scores), "exact": sum(s.em == 100 for s in scores),
                      "grown_mb": (after - before) / 1024}))


if __name__ == "__main__":
    main()
