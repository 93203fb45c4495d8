"""Run one Java suite run (``runner_for(Lang.JAVA).run(root, coverage=True)``: javac, our JUnit
runner with the JaCoCo agent, our analysis JVM, bubblewrap) in this fresh interpreter and print,
as JSON, the run's status and how far this process's peak resident memory grew during it."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # the project, for tests.hostile.peak

from tests.hostile.peak import peak_rss_kb  # noqa: E402 (VmHWM: ru_maxrss keeps pytest's mark across exec)
from crossfile_datasets.lang import Lang
from crossfile_datasets.sandbox.suites import runner_for


def main() -> None:
    root = Path(sys.argv[1])
    before = peak_rss_kb()
    run = runner_for(Lang.JAVA).run(root, None, coverage=True, limits=None)
    after = peak_rss_kb()
    print(json.dumps({"status": run.status.value, "reason": run.reason[:300], "grown_mb": (after - before) / 1024,
                      "passed": sum(r.outcome.value == "passed" for r in run.results), "tests": len(run.results),
                      "entries": sum(len(lines) for files in run.per_test_coverage.values() for lines in files.values()),
                      "refused": [key for key, _ in run.refused]}))


if __name__ == "__main__":
    main()
