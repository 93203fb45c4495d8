"""Run one C# suite run (``runner_for(Lang.CSHARP).run(root, coverage=True)``: mcs, mono's
coverage profiler, our NUnit host, bubblewrap) in this fresh interpreter and print, as JSON, the
run's status and how far this process's peak resident memory grew during the run (everything
the host does after the sandbox: reading and parsing what the run left)."""

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
    runner = runner_for(Lang.CSHARP)
    before = peak_rss_kb()
    run = runner.run(root, None, coverage=True, limits=None)
    after = peak_rss_kb()
    outcomes = {r.test_id: r.outcome.value for r in run.results}
    print(json.dumps({"status": run.status.value, "grown_mb": (after - before) / 1024, "outcomes": outcomes,
                      "covered": {k: sorted(v) for k, v in run.coverage.items()},
                      "refused": [key for key, _ in run.refused]}))


if __name__ == "__main__":
    main()
