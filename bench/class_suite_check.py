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
    python bench/class_suite_check.py select CLONE --lang python|java|csharp
        Stage 2 alone: the suite with coverage as the builder runs it, then the candidate
        selection (no gate) -- the classes selected with their number of EXPECTED_TO_PASS tests,
        the rejections by reason (with their details) and the notes (reached through a facade).
    python bench/class_suite_check.py gates CLONE --lang python --suite-cache FILE.pickle [--json OUT]
        The whole repository build (``build_repository``: gold gate, emptied-class gate,
        throwing stub, mutants, records) with the suite's run under coverage taken from
        ``--suite-cache`` (made by the first call, reused by the next): the gates' cost and
        results before and after a change of the gates, on the same suite. Prints each gate's
        seconds and runs and, per task, its tests and mutants caught / run.
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
    parser.add_argument("what", choices=("java-compile", "java-coverage", "csharp", "select", "gates"))
    parser.add_argument("clone", type=Path)
    parser.add_argument("--lang", default="python")
    parser.add_argument("--suite-cache", type=Path, help="gates: the pickled suite run (made when absent)")
    parser.add_argument("--json", type=Path, help="gates: write the stats and tasks here")
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
    elif args.what == "select":
        select(Lang(args.lang), args.clone, t0)
    elif args.what == "gates":
        gates(Lang(args.lang), args.clone, args.suite_cache, args.json, t0)
    else:
        _summary(runner_for(Lang.CSHARP).run(args.clone, None, coverage=False, limits=None), t0)


def select(lang: Lang, clone: Path, t0: float) -> None:
    from crossfile_datasets.analyzers.graph import build_graph
    from crossfile_datasets.builders.classlevel.candidates import Thresholds, select_candidates
    from crossfile_datasets.core.records import Repository
    from crossfile_datasets.core.report import BuildReport
    from crossfile_datasets.lang import get_language
    from crossfile_datasets.lang.classes import extractor_for
    from crossfile_datasets.lang.sources import list_sources

    language = get_language(lang)
    report = BuildReport()
    files, _ = list_sources(Repository(clone.name, clone, "", "", ""), language, report)
    facts = language.analyze_files(str(clone), files)
    classes = [c for p in sorted(facts) for c in extractor_for(lang)(facts[p])]
    run = runner_for(lang).run(clone, None, coverage=True, limits=SandboxLimits(timeout=C.CLASS_SUITE_TIMEOUT))
    _summary(run, t0)
    cands = select_candidates(lang, language, facts, classes, run, build_graph(clone.name, lang.value, facts, []),
                              Thresholds(), report, "")
    for c in cands:
        print(f"  selected {c.info.name}: {len(c.expected_to_pass)} tests, "
              f"{len(c.referenced_methods)}/{len(c.info.methods)} methods named or run")
    for key, samples in sorted(report.samples.items()):
        if key.startswith(("classes/", "tasks/")) and key != "classes/in_test_file":
            print(f"  {key} {report.stage(key.split('/')[0]).get(key.split('/')[1])}: {samples[:12]}")


def gates(lang: Lang, clone: Path, cache: Path | None, out: Path | None, t0: float) -> None:
    import json
    import pickle

    import crossfile_datasets.builders.classlevel.build as build
    from crossfile_datasets.builders.classlevel.build import ClassSettings, build_repository
    from crossfile_datasets.core.records import Repository
    from crossfile_datasets.core.report import BuildReport

    real = runner_for(lang)

    class CachedSuite:  # the suite's run under coverage from the cache; every other run is the runner's
        def __getattr__(self, name):
            return getattr(real, name)

        def run(self, root, test_ids, *, coverage, **kwargs):
            if not (coverage and test_ids is None):
                return real.run(root, test_ids, coverage=coverage, **kwargs)
            if cache is not None and cache.exists():
                return pickle.loads(cache.read_bytes())
            suite = real.run(root, test_ids, coverage=coverage, **kwargs)
            if cache is not None:
                cache.write_bytes(pickle.dumps(suite))
            print(f"suite run and cached: {time.monotonic() - t0:.0f} s", flush=True)
            return suite

    build.runner_for = lambda _lang: CachedSuite()  # type: ignore[assignment]
    marks = [time.monotonic()]

    def progress(stage: str, done: int, total: int) -> None:
        print(f"  {time.monotonic() - t0:6.0f}s {stage} {done + 1}/{total}", flush=True)

    report = BuildReport()
    records, stats = build_repository(lang, Repository(clone.name, clone.resolve(), "", "", ""), ClassSettings(),
                                      report, None, progress)
    marks.append(time.monotonic())
    gate, wrong = stats.get("empty_class_gate", {}), stats.get("wrong_class_gate", {})
    print(f"tasks {len(records)}; gold gate {stats.get('gold_gate_seconds')} s; emptied-class gate {gate}; "
          f"wrong-class gate {wrong}; build without the suite {marks[1] - marks[0]:.0f} s")
    tasks = []
    for r in records:
        w = r.get("wrong_class_check", {})
        tasks.append({"class": r["class_name"], "tests": len(r["expected_to_pass"]),
                      "mutants_caught": w.get("mutants_caught"), "mutants_run": w.get("mutants_run"),
                      "stub_dropped": w.get("throwing_stub_tests_passed")})
        print(f"  task {tasks[-1]}")
    dropped = {k: v for k, v in report.samples.items() if k.startswith(("tasks/", "tests/"))}
    for key, samples in sorted(dropped.items()):
        print(f"  {key} {len(samples)}: {samples[:6]}")
    if out is not None:
        out.write_text(json.dumps({"stats": stats, "tasks": tasks, "dropped": dropped}, indent=1, default=str) + "\n",
                       encoding="utf-8")


if __name__ == "__main__":
    main()
