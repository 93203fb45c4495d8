"""What one task's wrong classes cost the class-level build (docs/classlevel.md, "Tuning of 2026-11-27c").

Why it exists: the wrong-class gate dominated real class builds (python-semver: 478 of 569 s;
commons-codec: 3,762 of 4,473 s). Two measurements on a real clone, nothing mocked:

    python bench/class_gate_cost.py mutants CLONE src/semver/version.py Version
        Python: make the gate's mutants of a class (all its methods covered, limit 6) and
        print how many parses of the class it took and the time.
    python bench/class_gate_cost.py java CLONE src/main/java/org/json/simple/JSONArray.java JSONArray TEST_ID...
        Java: run the suite once (the builder's first build), then place the class's throwing
        stub with ``run_placed`` built whole and, where the code has it, with ``reuse_build``.
    python bench/class_gate_cost.py csharp CLONE src/SimMetrics.Net/Metric/Levenstein.cs Levenstein TEST_ID...
        C#: place the class's throwing stub with ``run_placed`` (as the gate does) and say where
        one run's time goes: the copy, each mcs run (library / tests, the leave-out rounds
        included) and each mono run of the test host, timed around the runner's own methods.
"""

from __future__ import annotations

import argparse
import inspect
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from crossfile_datasets.core.records import Repository  # noqa: E402
from crossfile_datasets.core.report import BuildReport  # noqa: E402
from crossfile_datasets.lang import Lang, get_language  # noqa: E402
from crossfile_datasets.lang.classes import extractor_for  # noqa: E402
from crossfile_datasets.lang.sources import list_sources  # noqa: E402


def class_info(lang: Lang, root: Path, rel: str, name: str):
    language = get_language(lang)
    files, _ = list_sources(Repository(root.name, root, "", "", ""), language, BuildReport())
    facts = language.analyze_files(str(root), files if lang is Lang.JAVA else [f for f in files if f.path == rel])
    return language, facts, next(c for c in extractor_for(lang)(facts[rel]) if c.name == name)


def mutants(root: Path, rel: str, name: str) -> None:
    import libcst

    language, _, info = class_info(Lang.PYTHON, root, rel, name)
    parses = [0]
    real = libcst.parse_module

    def counting(*a, **k):
        parses[0] += 1
        return real(*a, **k)

    libcst.parse_module = counting
    t0 = time.monotonic()
    out = language.method_mutants(info, [m.name for m in info.methods], limit=6, seed=0)
    print(f"{name}: {len(info.methods)} methods, {len(out)} mutants, {parses[0]} parses of the class, "
          f"{time.monotonic() - t0:.1f} s")
    for w in out:
        print("  ", w.description)


def java(root: Path, rel: str, name: str, tests: list[str]) -> None:
    from crossfile_datasets.builders.classlevel.record import class_parts
    from crossfile_datasets.harness.class_runs import run_placed
    from crossfile_datasets.sandbox import SandboxLimits
    from crossfile_datasets.sandbox.suites.java import RUNNER

    language, facts, info = class_info(Lang.JAVA, root, rel, name)
    without, _, offset = class_parts(root, facts[rel], info)
    task = {"language": "java", "file": rel, "class_name": name, "class_signature": info.signature,
            "file_without_class": without, "insertion_offset": offset, "expected_to_pass": tests}
    t0 = time.monotonic()
    suite = RUNNER.run(root, None)
    print(f"suite: {suite.status.value}, {len(suite.outcomes())} tests, {time.monotonic() - t0:.1f} s")
    setup = RUNNER.setup(root)
    stub = language.throwing_stub(info)
    ways = [{}] + ([{"reuse_build": True}] if "reuse_build" in inspect.signature(run_placed).parameters else [])
    for kw in ways:
        t0 = time.monotonic()
        _, run = run_placed(task, stub, root, SandboxLimits(), setup, **kw)
        outcomes = {t: o.value for t, o in run.outcomes().items()} if run is not None else "not compiled"
        print(f"throwing stub, {'reuse_build' if kw else 'built whole'}: {time.monotonic() - t0:.1f} s, {outcomes}")


def csharp(root: Path, rel: str, name: str, tests: list[str]) -> None:
    from crossfile_datasets.builders.classlevel.record import class_parts
    from crossfile_datasets.evaluation import classlevel
    from crossfile_datasets.sandbox import SandboxLimits
    from crossfile_datasets.sandbox.suites.csharp import CSharpRunner

    language, facts, info = class_info(Lang.CSHARP, root, rel, name)
    without, _, offset = class_parts(root, facts[rel], info)
    task = {"language": "csharp", "file": rel, "class_name": name, "class_signature": info.signature,
            "file_without_class": without, "insertion_offset": offset, "expected_to_pass": tests}
    spent: list[tuple[str, float]] = []

    def timed(label, fn):
        def wrapper(*a, **k):
            t = time.monotonic()
            try:
                return fn(*a, **k)
            finally:
                spent.append((label(a, k), time.monotonic() - t))
        return wrapper

    # timing only: each wrapper calls the runner's own method unchanged
    CSharpRunner._mcs_files = timed(lambda a, k: f"mcs {a[6] if len(a) > 6 else k.get('stem', '')}",  # type: ignore[method-assign]
                                    CSharpRunner._mcs_files)
    CSharpRunner._execute = timed(lambda a, k: "mono test host", CSharpRunner._execute)  # type: ignore[method-assign]
    classlevel.copy_repository = timed(lambda a, k: "copy of the repository", classlevel.copy_repository)
    stub = language.throwing_stub(info)
    # twice: what a build's first placed run costs, and what each later one of the gate costs
    for label, generation in (("throwing stub, first run", stub), ("throwing stub, next run", stub)):
        spent.clear()
        t0 = time.monotonic()
        _, run = classlevel.run_placed(task, generation, root, SandboxLimits(), None, reuse_build=True)
        total = time.monotonic() - t0
        outcomes = {t: o.value for t, o in run.outcomes().items()} if run is not None else "not compiled"
        print(f"{label}: {total:.1f} s, {outcomes}")
        for what, seconds in spent:
            print(f"  {what}: {seconds:.1f} s")
        print(f"  other (layout, parsing, sandbox set-up): {total - sum(s for _, s in spent):.1f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=["mutants", "java", "csharp"])
    parser.add_argument("clone", type=Path)
    parser.add_argument("file")
    parser.add_argument("name")
    parser.add_argument("tests", nargs="*")
    args = parser.parse_args()
    if args.what == "mutants":
        mutants(args.clone, args.file, args.name)
    elif args.what == "csharp":
        csharp(args.clone, args.file, args.name, args.tests)
    else:
        java(args.clone, args.file, args.name, args.tests)


if __name__ == "__main__":
    main()
