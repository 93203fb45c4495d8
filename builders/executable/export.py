"""The executable split's output: statistics, the ``datasets`` schema (RepoExec's layout) and
the dataset card's section.

Why it exists apart from ``build.py``: building runs code and decides which problems exist;
this module only describes finished records (``executable_stats.json``, the
``executable_dataset`` folder with one split per context size, ``executable_card.md``), so the
published format can be read and changed without the execution machinery.
"""

from __future__ import annotations

import shutil
import statistics
from pathlib import Path

import datasets

from crossfile_datasets.builders.functions import SIZES
from crossfile_datasets.builders.schema import records_dataset, repoexec_features
from crossfile_datasets.builders.publish import quiet_datasets
from crossfile_datasets.core import constants as C
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.core.repository_roots import without_root


def mutant_figures(records: list[dict]) -> dict:
    """How strongly the problems were tested: mutants per problem (min, median), problems with
    fewer than ``EXEC_MIN_MUTANTS`` (a function too small to have that many changes), the
    stubs apart (they are not in the score)."""
    runs = [r["mutants"].get("run", 0) for r in records]
    return {"min_per_problem": min(runs) if runs else 0,
            "median_per_problem": statistics.median(runs) if runs else 0,
            "problems_below_minimum": sum(1 for n in runs if n < C.EXEC_MIN_MUTANTS),
            "minimum": C.EXEC_MIN_MUTANTS,
            "stubs_run": sum(r["mutants"].get("stubs_run", 0) for r in records),
            "stubs_killed": sum(r["mutants"].get("stubs_killed", 0) for r in records)}


def compute_stats(records: list[dict], report: BuildReport, per_repo: list[dict], seconds: float) -> dict:
    by_origin: dict[str, int] = {}
    for rec in records:
        for origin in rec["test_origins"]:
            name = origin.split(":", 1)[0]
            by_origin[name] = by_origin.get(name, 0) + 1
    candidates = report.stage("candidates")
    selected = candidates.pop("selected", 0)
    coverages = [r["coverage"] for r in records]
    scores = [r["mutation_score"] for r in records]
    return {
        "language": "python",
        "split": "executable",
        "repositories": len(per_repo),
        "candidates": selected,
        "problems": len(records),
        "excluded_functions": candidates,
        "dropped_problems": report.stage("problems"),
        "dropped_tests": report.stage("tests"),
        "environment": report.stage("environment"),
        "repositories_not_run": report.stage("repositories"),
        "tests": {
            "total": sum(len(r["test_list"]) for r in records),
            "by_origin": dict(sorted(by_origin.items())),
            "repaired": sum(sum(r["test_repaired"]) for r in records),
            "mean_per_problem": round(statistics.mean(len(r["test_list"]) for r in records), 2) if records else 0.0,
        },
        "mean_coverage": round(statistics.mean(coverages), 4) if coverages else 0.0,
        "mean_mutation_score": round(statistics.mean(scores), 4) if scores else 0.0,
        "mutants": mutant_figures(records),
        "dependencies": {
            "with_cross_file": sum(1 for r in records if r["dependencies"]["cross_file"]),
            "mean_in_file": round(statistics.mean(len(r["dependencies"]["in_file"]) for r in records), 2) if records else 0.0,
            "mean_cross_file": round(statistics.mean(len(r["dependencies"]["cross_file"]) for r in records), 2) if records else 0.0,
        },
        "build_seconds": round(seconds, 2),
        "timings": {k: round(v, 2) for k, v in sorted(report.timings.items()) if k.startswith("exec_")},
        "per_repository": per_repo,
        "samples": {k: v for k, v in report.samples.items()
                    if k.split("/", 1)[0] in ("problems", "tests", "environment", "repositories")},
    }


def repoexec_view(record: dict, size: str = "full_context") -> dict:
    """A record in RepoExec's flat layout (one context size per split: ``prompt`` is a string)."""
    flat = {k: v for k, v in without_root(record).items() if k not in ("prompt", "instruct_prompt")}
    flat["prompt"] = record["prompt"][size]
    flat["instruct_prompt"] = record["instruct_prompt"][size]
    return flat


def executable_dataset(records: list[dict]) -> datasets.DatasetDict:
    """The split as RepoExec publishes it: one split per context size (``full_context``,
    ``medium_context``, ``small_context``), same rows, explicit Features."""
    features = repoexec_features()
    out = {}
    for size in SIZES:
        out[size] = records_dataset([repoexec_view(r, size) for r in records], features)
    return datasets.DatasetDict(out)


def save_executable_dataset(records: list[dict], out_dir: Path) -> Path:
    """Save :func:`executable_dataset` to ``<out_dir>/executable_dataset`` (atomically)."""
    target = out_dir / "executable_dataset"
    tmp = out_dir / "executable_dataset.partial"
    shutil.rmtree(tmp, ignore_errors=True)
    with quiet_datasets():
        # one shard per split: an empty split saved with none cannot be loaded back
        executable_dataset(records).save_to_disk(str(tmp), num_shards={s: 1 for s in SIZES})
    shutil.rmtree(target, ignore_errors=True)
    tmp.rename(target)
    return target


def executable_card_section(stats: dict) -> str:
    """The dataset card's section on the executable split (figures from ``executable_stats.json``)."""
    dropped = ", ".join(f"{k} {v}" for k, v in sorted(stats.get("dropped_problems", {}).items())) or "none"
    not_run = ", ".join(f"{k} {v}" for k, v in sorted(stats.get("repositories_not_run", {}).items())) or "none"
    tests = stats.get("tests", {})
    muts = stats.get("mutants", {})
    return "\n".join([
        "## Python, executable split (RepoExec method)",
        "",
        "Configuration `python_executable`, one split per RepoExec context size (`full_context`, `medium_context`, "
        "`small_context`: same problems, `prompt` differs). "
        "Each problem is a function of a real repository with the tests that execute it; `check` runs them.",
        "",
        "| figure | value |",
        "|---|---|",
        f"| repositories | {stats.get('repositories', 0)} |",
        f"| candidate functions | {stats.get('candidates', 0)} |",
        f"| problems | {stats.get('problems', 0)} |",
        f"| tests (mean per problem) | {tests.get('total', 0)} ({tests.get('mean_per_problem', 0)}) |",
        f"| mean coverage of the body by the kept tests | {stats.get('mean_coverage', 0)} |",
        f"| mean mutation score (killed / non-equivalent mutants) | {stats.get('mean_mutation_score', 0)} |",
        f"| mutants per problem (min / median; problems below {muts.get('minimum', 0)}) | "
        f"{muts.get('min_per_problem', 0)} / {muts.get('median_per_problem', 0)}; {muts.get('problems_below_minimum', 0)} |",
        f"| stubs killed / run (not in the score) | {muts.get('stubs_killed', 0)} / {muts.get('stubs_run', 0)} |",
        f"| dropped problems | {dropped} |",
        f"| repositories whose suite did not run | {not_run} |",
        "",
        f"Every problem's tests were run against up to {C.EXEC_MUTANTS} mutants of its reference solution (at least "
        f"{C.EXEC_MIN_MUTANTS} where the function has that many single changes, pairs of changes filling up; "
        "the table gives the least any problem had): operators, constants, returned values, branches, argument "
        "order, off-by-one bounds, early returns, a copy instead of the object, calls swapped with their twin; "
        "and, apart, against stubs (empty body, constant results, the exceptions the tests expect). "
        "The score is killed / run over the mutants alone (over the stubs for a function with no single change). "
        "A problem whose tests let a stub pass, or kill "
        f"fewer than {C.EXEC_MIN_MUTATION_SCORE:.0%} of the mutants, is dropped as `weak_tests`.",
    ])
