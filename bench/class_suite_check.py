"""What a class-level suite runner makes of one real repository, without a whole build
(docs/classlevel.md, "Tuning of 2026-11-27d").

Why it exists: a class build runs the suite, then gates every candidate; when the question is
only "which files does the build leave out" or "does the suite run at all", the runner alone
answers it in a fraction of the time. Real runners, real sandbox, nothing mocked:

    python bench/class_suite_check.py java-compile CLONE
        Java: JavaRunner.compile_only -- main / test files, the files left out by reason, the
        declared dependencies Debian does not ship.
    python bench/class_suite_check.py java-coverage CLONE
        Java: the whole suite with per-test coverage under the builder's limits (CLASS_SUITE_TIMEOUT).
    python bench/class_suite_check.py csharp CLONE
        C#: the suite without coverage -- status, tests, passed, adjustments.
"""

from __future__ import annotations

import argparse
import collections
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from crossfile_datasets.core import constants as C  # noqa: E402
from crossfile_datasets.lang import Lang  # noqa: E402
from crossfile_datasets.sandbox import SandboxLimits  # noqa: E402
from crossfile_datasets.sandbox.suites import TestOutcome, runner_for  # noqa: E402


def _summary(run, t0: float) -> None:
    outcomes = run.outcomes()
    print(f"status {run.status.value} {run.reason[:300]}; tests {len(outcomes)}, "
          f"passed {sum(o is TestOutcome.PASSED for o in outcomes.values())}, "
          f"with coverage {len(run.per_test_coverage)}; {time.monotonic() - t0:.0f} s")
    for key, entries in run.adjustments.items():
        print(f"  {key} {len(entries)}: {entries[:8]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("java-compile", "java-coverage", "csharp"))
    parser.add_argument("clone", type=Path)
    args = parser.parse_args()
    t0 = time.monotonic()
    if args.what == "java-compile":
        from crossfile_datasets.sandbox.suites.java import JavaRunner, java_layout

        layout = java_layout(args.clone)
        run = JavaRunner().compile_only(args.clone, None)
        left = run.adjustments.get("left_out_sources", [])
        main_left = [e for e in left if e.split(": ", 1)[0] in set(layout.main)]
        print(f"status {run.status.value} {run.reason[:200]}; main files {len(layout.main)}, tests {len(layout.tests)}; "
              f"left out: main {len(main_left)}, other {len(left) - len(main_left)}; "
              f"by reason {dict(collections.Counter(e.split(': ', 1)[1] for e in left))}; "
              f"unresolved {run.adjustments.get('unresolved_dependencies', [])}; {time.monotonic() - t0:.0f} s")
    elif args.what == "java-coverage":
        run = runner_for(Lang.JAVA).run(args.clone, None, coverage=True, limits=SandboxLimits(timeout=C.CLASS_SUITE_TIMEOUT))
        _summary(run, t0)
    else:
        _summary(runner_for(Lang.CSHARP).run(args.clone, None, coverage=False, limits=None), t0)


if __name__ == "__main__":
    main()
