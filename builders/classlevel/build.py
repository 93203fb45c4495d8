"""The class-level split (the RepoClassBench method): whole classes judged by the repository's tests.

Why it exists: this is the builder behind ``build-dataset --split class``. Per repository:

1. sources, facts and the repository graph (``lang/``, ``analyzers/graph.py``), and every
   top-level class (``lang.classes.extractor_for``);
2. the repository's own test suite, run once in the sandbox with per-test coverage
   (``sandbox.suites.runner_for``); a suite that does not run is counted under
   ``repositories/suite_<status>``;
3. Stage 2 (``candidates.py``): classes with external references and EXPECTED_TO_PASS tests,
   the per-language thresholds; each rejected class counted under ``classes/<reason>``;
4. the gold gate: the EXPECTED_TO_PASS tests are run again by id (the way the evaluation runs
   them); a test that does not pass again is dropped (``tests/not_passing_when_rerun``), a class
   left without tests is dropped (``tasks/no_stable_tests``);
5. optional paraphrasing (``paraphrase.py``; ``tasks/paraphrase_breaks_tests``);
6. the records (``record.py``) with the offline skeletons and, with ``--llm-url``, the
   ``detailed``/``sketchy`` descriptions (``skeleton.py``).

Each repository is written as a shard (``<output>/<lang>/class_shards/<repo>``) with a
``DONE.json`` marker holding the settings' and sources' fingerprint, so a rerun reuses finished
repositories and rebuilds changed ones. The merged outputs are ``class.jsonl``, the
``class_dataset`` folder (``datasets.Dataset`` with explicit Features), ``class_stats.json`` and
``class_card.md``. Nothing runs unless the caller allows execution.
"""

from __future__ import annotations

import dataclasses
import inspect
import json
import random
import re
import shutil
import statistics
import time
from pathlib import Path
from typing import Callable

from crossfile_datasets.analyzers.graph import build_graph
from crossfile_datasets.builders.classlevel.candidates import (
    STAGE,
    Thresholds,
    method_body_lines,
    remeasure,
    select_candidates,
)
from crossfile_datasets.builders.classlevel.record import (
    CLASSLEVEL_VERSION,
    class_parts,
    classlevel_dataset,
    make_record,
)
from crossfile_datasets.builders.classlevel.skeleton import DescriptionSettings, llm_descriptions
from crossfile_datasets.builders.publish import quiet_datasets, write_cards
from crossfile_datasets.builders.split import (
    RepositoryResult,
    ShardStore,
    fingerprint,
    keyed_by_content,
    require_execution,
    run_repositories,
)
from crossfile_datasets.core import constants as C
from crossfile_datasets.core.reasons import ANSWER_NOT_ONE_CLASS, Kind
from crossfile_datasets.core.reasons import lookup as lookup_reason
from crossfile_datasets.core.records import Repository
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.core.repository_roots import without_root, write_roots
from crossfile_datasets.lang import Lang, get_language
from crossfile_datasets.lang.classes import compiled_out_types, extractor_for, unparsed_types
from crossfile_datasets.lang.sources import count_parse_timeouts, list_sources
from crossfile_datasets.sandbox import SandboxLimits, tree_digest
from crossfile_datasets.sandbox.buildfiles import BUILD_TIME_FILE_NOTE
from crossfile_datasets.sandbox.suites import SuiteRun, SuiteStatus, TestOutcome, runner_for

SHARDS = "class_shards"


@dataclasses.dataclass(frozen=True)
class ClassSettings:
    thresholds: Thresholds = Thresholds()
    llm: DescriptionSettings | None = None
    paraphrase: bool = False
    mutants: int = C.CLASS_MUTANTS  # one-method mutants per task in the wrong-class gate (0: none)
    min_mutant_score: float = C.CLASS_MIN_MUTANT_SCORE  # caught / run below this: the task is dropped
    gate_seconds: float = C.CLASS_GATE_SECONDS  # the mutant runs' time budget per repository (shared by its tasks)
    # ... or this much per task entering the mutant gate, when that is more (many small classes)
    gate_seconds_per_task: float = C.CLASS_GATE_SECONDS_PER_TASK
    # fewer EXPECTED_TO_PASS tests than few_tests: the task needs few_tests_min_score of its mutants caught
    few_tests: int = C.CLASS_FEW_TESTS
    few_tests_min_score: float = C.CLASS_FEW_TESTS_MIN_MUTANT_SCORE
    # fewer EXPECTED_TO_PASS tests than this after the gates: the task is dropped (tasks/below_min_tests)
    min_tests: int = C.CLASS_MIN_TESTS
    # the whole build of one repository plans for this many seconds (0: no budget): build_repository
    repository_seconds: float = C.CLASS_REPOSITORY_SECONDS

    def gate_budget(self, tasks: int, left: float | None = None) -> float:
        """The wall-clock seconds the mutant runs of a repository with ``tasks`` tasks may take
        (at most ``left``, what is left of the repository's budget, when given)."""
        budget = max(self.gate_seconds, self.gate_seconds_per_task * tasks)
        return budget if left is None else max(0.0, min(budget, left))

    def fingerprint(self, lang: Lang, repo: Repository, snapshot: str) -> str:
        payload = {"version": CLASSLEVEL_VERSION, "lang": lang.value, "thresholds": self.thresholds.to_dict(),
                   "llm": self.llm.fingerprint() if self.llm else None, "paraphrase": self.paraphrase,
                   "mutants": self.mutants, "min_mutant_score": self.min_mutant_score, "gate_seconds": self.gate_seconds,
                   "gate_seconds_per_task": self.gate_seconds_per_task,
                   "few_tests": [self.few_tests, self.few_tests_min_score], "min_tests": self.min_tests,
                   "repository_seconds": self.repository_seconds}
        return fingerprint(payload, repo, snapshot)


# ----------------------------------------------------------------------------- entry point --
# progress of one repository's build: (stage, done, total); the split's: (repository, stage, done, total)
StageProgress = Callable[[str, int, int], None]
SplitProgress = Callable[[str, str, int, int], None]


def build_class_split(lang: Lang, repos: list[Repository], output_dir: Path, *, allow_execution: bool,
                      report: BuildReport, settings: ClassSettings = ClassSettings(), workers: int = 1,
                      progress: SplitProgress | None = None) -> tuple[list[dict], dict]:
    """Build ``<output_dir>/<lang>/class.jsonl`` (+ dataset, stats, card); return (records, stats).
    ``workers`` repositories are built side by side. ``progress(repository, stage, done, total)``
    is called as each repository goes through its stages (``suite``, ``gold gate``,
    ``emptied-class gate``, ``throwing stub``, ``mutants``, ``records``) and with stage ``done``
    when it is finished."""
    require_execution(allow_execution, "the class-level split runs the repositories' test suites in the sandbox")
    lang = Lang(lang)
    language = get_language(lang)
    started = time.monotonic()
    out_dir = Path(output_dir) / lang.value
    out_dir.mkdir(parents=True, exist_ok=True)

    key_of = keyed_by_content(language, lambda repo, snapshot: settings.fingerprint(lang, repo, snapshot))

    def build_one(repo: Repository, repo_report: BuildReport) -> tuple[list[dict], dict]:
        on_stage = (lambda stage, done, total: progress(repo.name, stage, done, total)) if progress else None
        return build_repository(lang, repo, settings, repo_report, out_dir / "class_paraphrased" / repo.name, on_stage)

    def on_done(result: RepositoryResult) -> None:
        result.stats.setdefault("tasks", 0)
        if progress:
            progress(result.stats["repository"], "done", len(result.records), len(result.records))

    results = run_repositories(repos, build_one, store=ShardStore(out_dir / SHARDS, "tasks.jsonl"), key_of=key_of,
                               workers=workers, on_done=on_done)
    records = [record for result in results for record in result.records]
    for result in results:
        report.merge(result.report)
    per_repo = [result.stats for result in results]
    # published: no folder of this machine (the local repositories.json has them)
    (out_dir / "class.jsonl").write_text("".join(json.dumps(without_root(r), ensure_ascii=False) + "\n" for r in records),
                                         encoding="utf-8")
    write_roots(out_dir, records)
    save_dataset(records, out_dir)
    stats = compute_stats(lang, records, report, per_repo, time.monotonic() - started)
    (out_dir / "class_stats.json").write_text(json.dumps(stats, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    (out_dir / "class_card.md").write_text(card_section(stats) + "\n", encoding="utf-8")
    write_cards(out_dir.parent, [out_dir.name])
    return records, stats


def save_dataset(records: list[dict], out_dir: Path) -> Path:
    target, tmp = out_dir / "class_dataset", out_dir / "class_dataset.partial"
    shutil.rmtree(tmp, ignore_errors=True)
    with quiet_datasets():  # one shard: an empty dataset saved with none cannot be loaded back
        classlevel_dataset(records).save_to_disk(str(tmp), num_shards=1)
    shutil.rmtree(target, ignore_errors=True)
    tmp.rename(target)
    return target


# ------------------------------------------------------------------------------ repository --
def build_repository(lang: Lang, repo: Repository, settings: ClassSettings, report: BuildReport,
                     paraphrase_dir: Path | None = None, progress: StageProgress | None = None) -> tuple[list[dict], dict]:
    """One repository's tasks and stats. ``paraphrase_dir``: where the paraphrased copy of the
    repository goes (with ``settings.paraphrase``; the tasks' ``repository_root`` points there).
    ``progress(stage, done, total)``: called as the build goes through its stages."""
    progress = progress or (lambda stage, done, total: None)
    budget = RepositoryBudget.start(settings.repository_seconds)
    language = get_language(lang)
    files, snapshot = list_sources(repo, language, report)
    repo = dataclasses.replace(repo, snapshot_sha256=snapshot)
    stats: dict = {"repository": repo.name, "tasks": 0}
    try:
        extract = extractor_for(lang)
        runner = runner_for(lang)
    except LookupError as exc:
        reason, _, _ = str(exc).partition(":")
        report.count("repositories", reason, repo.name, str(exc))
        stats["suite"] = {"status": reason}
        return [], stats
    facts = language.analyze_files(str(repo.root), files)
    count_parse_timeouts(facts, report)
    classes = [c for path in sorted(facts) for c in extract(facts[path])]
    stats["classes"] = len(classes)
    for path in sorted(facts):
        for name, kind in compiled_out_types(lang, facts[path]):
            report.count("classes", "compiled_out", f"{repo.name}:{path}::{name}",
                         f"{kind} in a conditional branch the symbols of its project leave out")
        for name, kind, line in unparsed_types(lang, facts[path]):
            report.count("classes", "declaration_not_parsed", f"{repo.name}:{path}::{name}",
                         f"{kind} at line {line}: the parser left its header out of any declaration "
                         f"(a syntax it cannot read in the type); its members are not a class here")
    classes = _without_vendored(repo, classes, report)
    graph = build_graph(repo.name, lang.value, facts, [])
    where = f"{repo.name}:"
    # nothing can pass Stage 2 without methods and an external reference: decide that before
    # running anything, so a repository without such classes costs no test run
    static = BuildReport()
    static_ok = select_candidates(lang, language, facts, classes, SuiteRun(SuiteStatus.OK), graph,
                                  settings.thresholds, static, where, static_only=True)
    stats["classes_with_external_references"] = len(static_ok)
    if not static_ok:
        report.merge(static)
        stats["suite"] = {"status": "not_run", "detail": "no class with methods and an external reference"}
        return [], stats
    t0 = time.monotonic()
    progress("suite", 0, 1)
    # runners that report their own stages (a fresh test process, coverage reruns) get the callback
    extra = {"progress": progress} if "progress" in inspect.signature(runner.run).parameters else {}
    suite = runner.run(repo.root, None, coverage=True, limits=SandboxLimits(timeout=C.CLASS_SUITE_TIMEOUT), **extra)
    report.add_time("class_suite_seconds", time.monotonic() - t0)
    for key, detail in suite.refused:  # what the host refused to read back from the run (host_files/...)
        stage, _, reason = key.partition("/")
        report.count(stage, reason, repo.name, detail)
    outcomes = suite.outcomes()
    stats["suite"] = {"status": suite.status.value, "reason": suite.reason, "tests": len(outcomes),
                      "passed": sum(1 for o in outcomes.values() if o is TestOutcome.PASSED),
                      "seconds": round(time.monotonic() - t0, 2), "adjustments": suite.adjustments}
    count_adjustments(suite, runner, report, repo.name)
    if suite.status is not SuiteStatus.OK:
        report.count("repositories", f"suite_{suite.status.value}", repo.name, suite.reason or suite.log[-300:])
        report.merge(static)
        for c in static_ok:
            report.count(STAGE, "suite_not_run", f"{where}{c.info.file}::{c.info.report_name}")
        return [], stats
    candidates = select_candidates(lang, language, facts, classes, suite, graph, settings.thresholds, report, where)
    selected = {id(c): len(c.expected_to_pass) for c in candidates}
    progress("gold gate", 0, len(candidates))
    t0 = time.monotonic()
    candidates = budget.passed(candidates, "gold gate", report, where, stats)
    candidates = gold_gate(runner, repo, candidates, report, where)
    stats["gold_gate_seconds"] = round(time.monotonic() - t0, 2)
    setup = runner.setup(repo.root) if hasattr(runner, "setup") else None
    from crossfile_datasets.harness.class_runs import Staging

    # the gates' wrong classes are placed in one copy of the repository, one after the other
    with Staging(Path(repo.root)) as staging:
        t0 = time.monotonic()
        gate: dict = {"tasks_before": len(candidates)}
        candidates = reference_gate(lang, repo, facts, candidates, report, where)
        candidates = budget.passed(candidates, "emptied-class gate", report, where, stats)
        candidates = empty_class_gate(lang, repo, facts, candidates, report, where, setup, gate, progress, staging)
        gate.update(tasks_kept=len(candidates), seconds=round(time.monotonic() - t0, 2))
        report.add_time("class_empty_gate_seconds", time.monotonic() - t0)
        stats["empty_class_gate"] = gate
        t0 = time.monotonic()
        wrong: dict = {"tasks_before": len(candidates)}
        candidates = budget.passed(candidates, "throwing-stub gate", report, where, stats)
        candidates = throwing_stub_gate(lang, repo, facts, candidates, report, where, setup, wrong, progress, staging)
        # the gates narrowed some EXPECTED_TO_PASS sets: the threshold must hold on the tests kept
        candidates = recheck(lang, language, facts, candidates, suite, settings.thresholds, report, where, selected)
        candidates = min_tests_gate(candidates, settings.min_tests, report, where, wrong)
        candidates = budget.passed(candidates, "mutant gate", report, where, stats)
        candidates = mutant_gate(lang, repo, facts, candidates, suite, settings, report, where, setup, wrong, progress,
                                 staging, budget=budget, stats=stats)
        wrong.update(tasks_kept=len(candidates), seconds=round(time.monotonic() - t0, 2))
    report.add_time("class_wrong_class_gate_seconds", time.monotonic() - t0)
    stats["wrong_class_gate"] = wrong
    progress("records", 0, len(candidates))
    records = [make_record(repo, facts[c.info.file], c, test_framework=runner_for(lang).framework,
                           python_path=list(getattr(setup, "python_path", ()) or ()),
                           requirements=list(getattr(setup, "requirements", ()) or ()))
               for c in candidates]
    if records:  # what the evaluation checks the folder against: every file a copy holds
        tree, drops = tree_digest(repo.root)
        drops.count_into(report, repo.name)
        for rec in records:
            rec["tree_sha256"] = tree
    if settings.paraphrase and records:
        from crossfile_datasets.builders.classlevel.paraphrase import paraphrase_repository

        target = paraphrase_dir or Path(repo.root).with_name(repo.root.name + ".paraphrased")
        before = len(records)
        records, candidates = paraphrase_repository(lang, repo, facts, records, candidates, runner, report, target)
        stats["paraphrase"] = {"tasks_before": before, "tasks_kept": len(records), "copy": str(target)}
    if settings.llm is not None and records:
        describe(records, candidates, settings.llm, report, repo.name)
    for n, rec in enumerate(records):
        rec["id"] = f"{repo.name}/{lang.value}/class/{n}"
    stats["tasks"] = len(records)
    return records, stats


# a runner's adjustment key -> (stage, reason) of its "<where>: <detail>" entries
_DETAILED_ADJUSTMENTS = {
    "left_out_sources": ("suites", "file_left_out"),
    "recoded_sources": ("suites", "source_recoded"),
    "crashed_fixtures": ("suites", "fixture_ended_test_process"),
    "left_out_tests": ("tests", "left_out_not_compiling"),
    "left_out_test_imports": ("suites", "test_import_left_out"),
    "left_out_test_fields": ("suites", "test_field_left_out"),
    "unresolved_dependencies": ("suites", "dependency_not_installed"),
    "dependency_versions": ("suites", "dependency_version_differs"),
    "generated_sources": ("suites", "source_generated"),
    "generated_sources_cut": ("suites", "generated_source_cut"),
    "incomplete_classes": ("suites", "test_class_incomplete"),
    "coverage_ambiguous_sources": ("suites", "coverage_source_ambiguous"),
}


def count_adjustments(suite: SuiteRun, runner, report: BuildReport, name: str) -> None:
    """Count how the suite's run differed from the repository's own (the runner's
    ``SuiteRun.adjustments``) and what it did not give: options neutralized or dropped, tests
    that ended the test process, files and test methods left out because they do not compile
    here, a run that ended early, per-test coverage that came back empty."""
    for entry in suite.adjustments.get("neutralized", []) + suite.adjustments.get("options_dropped", []):
        report.count("suites", "option_neutralized", f"{name}: {entry}")
    for entry in suite.adjustments.get("test_paths", []):
        report.count("suites", "test_paths_from_ci", name, entry)
    for entry in suite.adjustments.get("test_workdir", []):
        report.count("suites", "test_workdir_from_ci", name, entry)
    # "<where>: <detail>" entries: Java's sources that do not compile here or were re-encoded,
    # C# fixtures that ended the test process and test methods left out
    for kind, (stage, reason) in _DETAILED_ADJUSTMENTS.items():
        for entry in suite.adjustments.get(kind, []):
            where, _, detail = entry.partition(": ")
            report.count(stage, reason, f"{name}:{where}", detail)
    for rel in suite.adjustments.get("build_time_files", []):  # Python: version files the checkout lacks
        report.count("environment", "build_time_file_written", f"{name}: {rel}", BUILD_TIME_FILE_NOTE)
    for test in suite.adjustments.get("crashed_tests", []):  # a pytest id may itself hold ": "
        report.count("tests", "ended_test_process", f"{name}:{test}")
    for test in suite.failed_on_uncompiled_bodies():  # C#: a library body mcs could not compile
        report.count("tests", "failed_on_unsupported_syntax", f"{name}:{test}")
    # C#: what does not compile here is left out, the rest runs (sandbox/suites/csharp.py)
    for kind, reason in (("left_out_library_files", "library_file_left_out"), ("left_out_files", "test_file_left_out"),
                         ("left_out_projects", "test_project_left_out"),
                         ("conflicting_projects", "test_project_conflicting"),
                         ("left_out_resources", "resource_left_out"),
                         ("left_out_library_members", "library_member_left_out"),
                         ("left_out_auxiliary_files", "auxiliary_file_left_out")):
        for entry in suite.adjustments.get(kind, []):
            report.count("suites", reason, f"{name}: {entry}")
    for entry in suite.adjustments.get("host_files", []):  # "host_files/<refusal>: path" (sandbox/hostfs.py)
        key, _, path = entry.partition(": ")
        stage, _, reason = key.partition("/")
        report.count(stage, reason, f"{name}: {path}")
    if suite.status is SuiteStatus.OK and suite.reason.startswith("incomplete"):
        report.count("suites", "incomplete", name, suite.reason)
    passed = any(o is TestOutcome.PASSED for o in suite.outcomes().values())
    ran = [r for r in suite.results if r.outcome in (TestOutcome.FAILED, TestOutcome.ERROR)]
    if suite.status is SuiteStatus.OK and ran and not passed:
        # pluginbase from the root (held-out 16): 0 of 9 passed, the suite "ok" with no word of it
        first = next((r.message.strip().splitlines()[0] for r in ran if r.message.strip()), "")
        report.count("suites", "no_test_passed", name,
                     f"0 of {len(suite.results)} tests passed; the first failure: {first}"[:300])
    if suite.status is SuiteStatus.OK and passed and getattr(runner, "per_test_coverage", False) \
            and not suite.per_test_coverage:
        report.count("suites", "coverage_empty", name, "tests passed but no per-test coverage came back")


def gold_gate(runner, repo: Repository, candidates: list, report: BuildReport, where: str) -> list:
    """Run every EXPECTED_TO_PASS test again, by id, on the original tree; keep those that pass,
    and record the candidate's ``value_checks`` (the runners that report checked values)."""
    ids = sorted({t for c in candidates for t in c.expected_to_pass})
    if not ids:
        return candidates
    # Python: the checked assertions' values too; where the original class's were plain and
    # held, every later run of the task is also judged on the host (value_checks)
    values = {"record_values": True} if "record_values" in inspect.signature(runner.run).parameters else {}
    rerun = runner.run(repo.root, ids, coverage=False, limits=None, **values)
    again = rerun.outcomes()
    seconds: dict[str, float] = {}
    for r in rerun.results:
        seconds[r.test_id] = seconds.get(r.test_id, 0.0) + max(0.0, r.seconds or 0.0)
    kept = []
    for cand in candidates:
        stable = [t for t in cand.expected_to_pass if again.get(t) is TestOutcome.PASSED]
        for t in cand.expected_to_pass:
            if t not in stable:
                report.count("tests", "not_passing_when_rerun", f"{where}{t}", str(again.get(t, "not run")))
        if not stable:
            report.count("tasks", "no_stable_tests", f"{where}{cand.info.file}::{cand.info.name}")
            continue
        cand.expected_to_pass = stable
        cand.value_checks = [c for c in rerun.value_checks if c["test"] in stable]
        cand.gold_seconds = round(sum(seconds.get(t, 0.0) for t in stable), 3)
        kept.append(cand)
    return kept


def empty_class_gate(lang: Lang, repo: Repository, facts: dict, candidates: list, report: BuildReport, where: str,
                     setup=None, gate: dict | None = None, progress: StageProgress | None = None,
                     staging=None) -> list:
    """Run each candidate's EXPECTED_TO_PASS tests with the class emptied -- its signature and an
    empty body, placed the way the evaluation places a generation (``harness.class_runs``:
    :func:`empty_class`, :func:`run_placed`) -- and drop the tests that still pass: they do not
    judge the class (a Java test whose body calls ``String.trim()`` was picked for a class with a
    ``trim`` method). A class left without tests is dropped (``tasks/tests_pass_without_class``).
    Java/C#: an empty class usually does not compile against its tests; then every test fails
    and all are kept. One sandbox run per task (each its own sandbox copy; ``staging``: the
    gates' one host copy the classes are placed in, ``harness.class_runs.Staging``). The gates'
    runs are ``quiet`` (no failure reports in their logs: same outcomes, less work)."""
    from crossfile_datasets.harness.class_runs import empty_class, run_placed

    gate = gate if gate is not None else {}
    gate.update(runs=0, not_compiled=0, tests_dropped=0)
    kept = []
    for n, cand in enumerate(candidates):
        if progress:
            progress("emptied-class gate", n, len(candidates))
        view = _task_view(lang, repo, facts, cand)
        placed, run = run_placed(view, empty_class(view), Path(repo.root), SandboxLimits(), setup, quiet=True,
                                 staging=staging)
        if _count_refused(placed, report, where, cand):
            continue
        gate["runs"] += 1
        if _count_timed_out(placed, run, report, where, cand, "emptied class") and run is None:
            # its build did not end: whether the tests pass without the class is not known
            gate["timed_out"] = gate.get("timed_out", 0) + 1
            report.count("tasks", "empty_class_gate_timed_out", f"{where}{cand.info.file}::{cand.info.name}",
                         placed.reason[:300])
            continue
        if run is None:  # the empty class does not compile: no test can pass
            gate["not_compiled"] += 1
            kept.append(cand)
            continue
        dropped = _drop_passing(cand, run, report, where, ("passes_without_class", "tests_pass_without_class"),
                                "with an empty class")
        gate["tests_dropped"] += dropped
        if cand.expected_to_pass:
            kept.append(cand)
    return kept


def _drop_passing(cand, run: SuiteRun | None, report: BuildReport, where: str, reasons: tuple[str, str],
                  what: str) -> int:
    """Leave out of the candidate's EXPECTED_TO_PASS the tests that passed in ``run`` (a run
    with a wrong class in place; None: it did not compile, nothing passed), counted under
    ``tests/<reasons[0]>``; a candidate left without tests is counted under
    ``tasks/<reasons[1]>``. Returns how many tests were left out."""
    info = cand.info
    outcomes = run.outcomes() if run is not None else {}
    passing = [t for t in cand.expected_to_pass if outcomes.get(t) is TestOutcome.PASSED]
    for t in passing:
        report.count("tests", reasons[0], f"{where}{t}", f"{info.file}::{info.name}")
    left = [t for t in cand.expected_to_pass if t not in passing]
    if not left:
        report.count("tasks", reasons[1], f"{where}{info.file}::{info.name}",
                     f"all {len(passing)} EXPECTED_TO_PASS tests pass {what}")
    cand.expected_to_pass = left
    return len(passing)


def _count_timed_out(placed: SuiteRun, run: SuiteRun | None, report: BuildReport, where: str, cand,
                     gate: str) -> bool:
    """A gate's run that ended at its time limit (its build, or its tests): counted under
    ``tasks/gate_run_timed_out`` with the gate's name, never passed over in silence. True when it did."""
    timed = [r for r in (placed, run) if r is not None and r.status is SuiteStatus.TIMEOUT]
    if timed:
        report.count("tasks", "gate_run_timed_out", f"{where}{cand.info.file}::{cand.info.name}",
                     f"{gate}: {timed[0].reason[:200]}")
    return bool(timed)


def _count_refused(placed: SuiteRun, report: BuildReport, where: str, cand) -> bool:
    """Whether a gate's wrong class was refused by the placement's one-class rule
    (``harness.class_runs``): made by the builder from the class, it should never be; counted
    under ``generations/answer_not_one_class`` and the task under ``tasks/gate_variant_refused``
    (red team 2026-11-27g row 4: a refused variant never ran, so it is neither caught nor a
    pass; the caller drops the task)."""
    if placed.reason.startswith(f"{ANSWER_NOT_ONE_CLASS}: "):
        name = f"{where}{cand.info.file}::{cand.info.name}"
        report.count("generations", "answer_not_one_class", name, placed.reason[:300])
        report.count("tasks", "gate_variant_refused", name, placed.reason[:300])
        return True
    return False


def _without_vendored(repo: Repository, classes: list, report: BuildReport) -> list:
    """The classes outside copied third-party code (``core.skipnames.vendored_folders``); the
    others counted ``classes/vendored_code``: their code is another project's, public apart
    (jsonpath-ng's copy of PLY gave 4 of its 15 tasks, held-out 17)."""
    from crossfile_datasets.core.skipnames import vendored_folders
    from crossfile_datasets.sandbox.hostfs import text_reader

    vendored = vendored_folders({c.file for c in classes}, text_reader(repo.root, max_bytes=C.MAX_FILE_BYTES))
    kept = []
    for info in classes:
        folder = info.file.rsplit("/", 1)[0] if "/" in info.file else ""
        if folder in vendored:
            report.count("classes", "vendored_code", f"{repo.name}:{info.file}::{info.report_name}", vendored[folder])
            continue
        kept.append(info)
    return kept


def reference_gate(lang: Lang, repo: Repository, facts: dict, candidates: list, report: BuildReport,
                   where: str) -> list:
    """Drop the candidates whose own class the evaluation's one-class rule would refuse
    (``harness.class_runs.answer_refusal`` on the class as the repository writes it; counted as
    ``tasks/reference_refused``): an answer written like the repository's class could never pass
    (red team 2026-11-27g row 4). No run: the rule is the host's own check."""
    from crossfile_datasets.harness.class_runs import answer_refusal

    kept = []
    for cand in candidates:
        view = _task_view(lang, repo, facts, cand)
        _, source, _ = class_parts(Path(repo.root), facts[cand.info.file], cand.info)
        try:
            why = answer_refusal(view, source)
        except Exception as exc:  # the host's check of one class: that class is lost, never the repository
            report.count("tasks", "reference_check_failed", f"{where}{cand.info.file}::{cand.info.name}",
                         f"{type(exc).__name__}: {exc}"[:300])
            continue
        if why is not None:
            report.count("tasks", "reference_refused", f"{where}{cand.info.file}::{cand.info.name}", why[:300])
            continue
        kept.append(cand)
    return kept


def _task_view(lang: Lang, repo: Repository, facts: dict, cand, tests: list[str] | None = None) -> dict:
    """The part of a task record ``harness.class_runs.run_placed`` needs, from a candidate."""
    info = cand.info
    without, _, offset = class_parts(Path(repo.root), facts[info.file], info)
    tests = list(cand.expected_to_pass if tests is None else tests)
    return {"language": lang.value, "file": info.file, "class_name": info.name, "class_signature": info.signature,
            "file_without_class": without, "insertion_offset": offset, "expected_to_pass": tests,
            "value_checks": [c for c in cand.value_checks if c["test"] in tests]}


def _wrong_classes_unavailable(cand, report: BuildReport, where: str, exc: Exception) -> None:
    report.count("tasks", "not_checked_against_wrong_classes", f"{where}{cand.info.file}::{cand.info.name}", str(exc))
    cand.wrong_classes = {"checked": False, "detail": str(exc)[:300]}


def throwing_stub_gate(lang: Lang, repo: Repository, facts: dict, candidates: list, report: BuildReport, where: str,
                       setup=None, gate: dict | None = None, progress: StageProgress | None = None,
                       staging=None) -> list:
    """Run each candidate's EXPECTED_TO_PASS tests against its throwing stub (the class as
    written, every method throwing: ``LanguageSupport.throwing_stub``) and drop the tests that
    still pass (``tests/passes_with_throwing_stub``): a test that passes whatever the methods do
    does not judge the class. A task left without tests is dropped
    (``tasks/tests_pass_with_throwing_stub``). A language without the hook keeps its tasks,
    counted as ``tasks/not_checked_against_wrong_classes``."""
    from crossfile_datasets.harness.class_runs import run_placed

    language = get_language(lang)
    gate = gate if gate is not None else {}
    gate.update(stub_runs=0, stub_not_compiled=0, stub_tests_dropped=0)
    kept = []
    for n, cand in enumerate(candidates):
        if progress:
            progress("throwing stub", n, len(candidates))
        info = cand.info
        try:
            stub = language.throwing_stub(info)
        except (LookupError, ValueError) as exc:
            _wrong_classes_unavailable(cand, report, where, exc)
            kept.append(cand)
            continue
        # the stub changes method bodies only: the runner may reuse the original tree's build
        t0 = time.monotonic()
        placed, run = run_placed(_task_view(lang, repo, facts, cand), stub, Path(repo.root), SandboxLimits(), setup,
                                 reuse_build=True, quiet=True, staging=staging)
        if _count_refused(placed, report, where, cand):
            continue
        if not _count_timed_out(placed, run, report, where, cand, "throwing stub"):
            cand.stub_seconds = round(time.monotonic() - t0, 3)  # what a mutant's run is timed by
        gate["stub_runs"] += 1
        gate["stub_not_compiled"] += run is None
        dropped = _drop_passing(cand, run, report, where, ("passes_with_throwing_stub", "tests_pass_with_throwing_stub"),
                                "with every method throwing")
        gate["stub_tests_dropped"] += dropped
        cand.wrong_classes = {"checked": True, "throwing_stub_tests_passed": dropped}
        if cand.expected_to_pass:
            kept.append(cand)
    return kept


def min_tests_gate(candidates: list, min_tests: int, report: BuildReport, where: str, gate: dict | None = None) -> list:
    """Drop the tasks left with fewer than ``min_tests`` EXPECTED_TO_PASS tests by the gates before
    (the gold rerun, the emptied class, the throwing stub: a test that passes without the class
    does not judge it), counted as ``tasks/below_min_tests``; before any mutant runs, so they cost
    none. One test makes the evaluation's test pass rate its pass@1 and judges a whole class by one
    scenario (held-out 2026-11-28e: voluptuous' ExactSequence, DateTimeExtensions' YearMapHoliday,
    each kept on one test by its mutant score). ``gate["below_min_tests"]``: how many went."""
    kept = []
    for cand in candidates:
        n = len(cand.expected_to_pass)
        if n < min_tests:
            report.count("tasks", "below_min_tests", f"{where}{cand.info.file}::{cand.info.name}",
                         f"{n} EXPECTED_TO_PASS test{'s' if n != 1 else ''} after the gates, fewer than {min_tests}")
            continue
        kept.append(cand)
    if gate is not None:
        gate["below_min_tests"] = gate.get("below_min_tests", 0) + len(candidates) - len(kept)
    return kept


def mutant_time_limit(cand) -> float:
    """The wall clock one mutant's run of ``cand`` may take: ``CLASS_MUTANT_TIME_FACTOR`` times the
    task's run on the original class (its throwing-stub run -- the same placement, build reuse and
    test process a mutant's run has -- plus its tests' seconds in the gold rerun, which the stub's
    quick failures do not take), at least ``CLASS_MUTANT_MIN_SECONDS``, at most
    ``EXEC_RUN_TIMEOUT`` (also when the stub's run was not timed). A mutant that runs longer loops
    or crawls where the original did not: it is stopped there and counted as caught."""
    if cand.stub_seconds is None:
        return C.EXEC_RUN_TIMEOUT
    reference = cand.stub_seconds + cand.gold_seconds
    return round(min(C.EXEC_RUN_TIMEOUT, max(C.CLASS_MUTANT_MIN_SECONDS, C.CLASS_MUTANT_TIME_FACTOR * reference)), 1)


def mutant_gate(lang: Lang, repo: Repository, facts: dict, candidates: list, suite: SuiteRun, settings: ClassSettings,
                report: BuildReport, where: str, setup=None, gate: dict | None = None,
                progress: StageProgress | None = None, staging=None, *, budget: "RepositoryBudget | None" = None,
                stats: dict | None = None) -> list:
    """Run each candidate's tests against up to ``settings.mutants`` one-method mutants of its
    class (``LanguageSupport.method_mutants``, round robin over the methods its tests execute);
    a mutant is caught when one of the tests that execute the mutated method (with per-test
    coverage; else all of them) does not pass, or when it does not compile. The task's
    ``mutant_score`` = caught / run; below ``settings.min_mutant_score``, or with no mutant
    caught whatever the minimum, the task is dropped (``tasks/mutants_survive``). A class no
    mutant could be made of keeps its task (``tasks/no_mutants``, score None), unless it has
    fewer than ``settings.few_tests`` tests (``tasks/few_tests_no_mutant``: nothing but the
    throwing stub showed that they judge it).

    Time: the mutant runs of a repository share ``settings.gate_budget(tasks)`` -- ``gate_seconds``,
    or ``gate_seconds_per_task`` per task when that is more (a large class's tests under load took
    the gate past an hour; 27 small classes did not fit 900 s) --: each task gets an equal share of what is left when its
    turn comes, runs at least ``CLASS_MIN_GATE_MUTANTS`` mutants and stops making runs when its
    share is spent; its score is over the mutants run, the others are counted as
    ``tasks/mutants_over_budget`` (``mutants_skipped`` in the record and the gate's stats). Each
    mutant's run ends at :func:`mutant_time_limit` (a multiple of the task's run on the original
    class): a mutant that loops is caught there (``tasks/gate_run_timed_out``, ``mutants_timed_out``
    in the gate's stats) instead of spending ``EXEC_RUN_TIMEOUT`` of the budget."""
    from crossfile_datasets.harness.class_runs import run_placed

    language = get_language(lang)
    gate = gate if gate is not None else {}
    gate.update(mutants_run=0, mutants_caught=0, mutants_skipped=0, mutants_timed_out=0)
    if settings.mutants <= 0:
        return candidates
    kept = []
    started = time.monotonic()
    repository = budget
    seconds = settings.gate_budget(len(candidates), repository.left() if repository is not None else None)
    if repository is not None and seconds < settings.gate_budget(len(candidates)):
        gate["budget_cut_by_repository_seconds"] = True
    gate["budget_seconds"] = round(seconds, 2)
    for n, cand in enumerate(candidates):
        if progress:
            progress("mutants", n, len(candidates))
        left = repository.left() if repository is not None else None
        if repository is not None and left is not None and left <= 0:
            # the repository's budget is spent: the tasks not reached have no mutant verdict
            repository.passed(candidates[n:], "mutant gate", report, where, stats if stats is not None else {})
            break
        info = cand.info
        if cand.wrong_classes.get("checked") is False:
            kept.append(cand)
            continue
        covering = _tests_per_method(cand, suite)
        methods = [m.name for m in info.methods if covering.get(m.name)] or list(cand.covered_methods) \
            or [m.name for m in info.methods]
        # a changed hash code is still a hash code: every hashed collection works with it, so only a
        # test printing hash values could tell (jfreesvg's GradientPaintKey: its 4 hashCode mutants
        # survived); such mutants say nothing of the tests
        judged = [m for m in methods if m not in C.CLASS_UNMUTATED_METHODS]
        try:
            wrongs = language.method_mutants(info, judged, limit=settings.mutants, seed=0)
            # no site but in hashCode or argument checks: the tests run nothing else of the class
            # that a mutant could tell (jfreesvg's GradientPaintKey: constructor and hashCode)
            unjudged = not wrongs and bool(language.method_mutants(info, methods, limit=1, seed=0, checks=True))
        except (LookupError, ValueError) as exc:
            _wrong_classes_unavailable(cand, report, where, exc)
            kept.append(cand)
            continue
        if unjudged:
            cand.wrong_classes.update(mutants_run=0, mutants_caught=0, mutant_score=None, survived=[],
                                      min_mutant_score=settings.min_mutant_score, mutants_skipped=0)
            report.count("tasks", "only_unjudged_mutants", f"{where}{info.file}::{info.name}",
                         f"every site in {', '.join(methods)[:200]} is in {'/'.join(sorted(C.CLASS_UNMUTATED_METHODS))} "
                         f"or an argument check")
            continue
        caught, survived, ran, refused = 0, [], 0, False
        failed_by_tests: list = []  # mutants a test failed (not a compile error): what controls are made of
        share = max(0.0, seconds - (time.monotonic() - started)) / (len(candidates) - n)
        task_start = time.monotonic()
        limit = mutant_time_limit(cand)
        at_load = initializer_methods(info)  # run once per process: every test of the task judges them
        for wrong in wrongs:
            if ran >= C.CLASS_MIN_GATE_MUTANTS and time.monotonic() - task_start >= share:
                break
            ran += 1
            tests = [] if wrong.method in at_load else \
                [t for t in cand.expected_to_pass if t in covering.get(wrong.method, ())]
            tests = tests or list(cand.expected_to_pass)
            placed, run = run_placed(_task_view(lang, repo, facts, cand, tests), wrong.source, Path(repo.root),
                                     SandboxLimits(timeout=limit), setup, first_failure=True, reuse_build=True,
                                     quiet=True, staging=staging)
            if _count_refused(placed, report, where, cand):
                refused = True
                break
            gate["mutants_timed_out"] += _count_timed_out(
                placed, run, report, where, cand, f"mutant of {wrong.method} (limit {limit:.0f} s: "
                f"{C.CLASS_MUTANT_TIME_FACTOR:g} x the original's {cand.stub_seconds or 0:.0f} + {cand.gold_seconds:.0f} s)")
            outcomes = run.outcomes() if run is not None else {}
            hit = run is None or run.status is not SuiteStatus.OK or any(
                outcomes.get(t) is not TestOutcome.PASSED for t in tests)
            caught += hit
            if not hit:
                survived.append(wrong.description)
            elif run is not None and run.status is SuiteStatus.OK:
                failed_by_tests.append(wrong)
        if refused:  # a mutant the one-class rule refused is neither caught nor run: the task goes
            ran -= 1
            gate["mutants_run"] += ran
            gate["mutants_caught"] += caught
            continue
        skipped = len(wrongs) - ran
        gate["mutants_run"] += ran
        gate["mutants_caught"] += caught
        gate["mutants_skipped"] += skipped
        score = round(caught / ran, 4) if ran else None
        cand.wrong_classes.update(mutants_run=ran, mutants_caught=caught, mutant_score=score,
                                  survived=survived[:10], min_mutant_score=settings.min_mutant_score,
                                  mutants_skipped=skipped, mutant_time_limit=limit)
        name = f"{where}{info.file}::{info.name}"
        if skipped:
            gate["tasks_over_budget"] = gate.get("tasks_over_budget", 0) + 1
            report.count("tasks", "mutants_over_budget", name,
                         f"{skipped} of {len(wrongs)} mutants not run: the task's share of the gate's "
                         f"{seconds:.0f} s ({share:.0f} s) was spent after {ran}")
        few = len(cand.expected_to_pass) < settings.few_tests
        if score is not None and (score < settings.min_mutant_score or not caught):
            # every mutant survived: the tests do not judge what the mutants changed, whatever the
            # minimum (a --class-min-mutant-score of 0 kept such a task with a score of 0.0)
            report.count("tasks", "mutants_survive", name,
                         f"mutant score {score:.2f} < {settings.min_mutant_score}: {'; '.join(survived[:3])}" if caught
                         else f"no mutant of {ran} caught: {'; '.join(survived[:3])}")
            continue
        if few and score is not None and score < settings.few_tests_min_score:
            # one or two tests: the evaluation's pass rate has two or three values, so the tests
            # must show they notice a wrong method (SimMetrics' JaccardSimilarity: 2 tests, 3/6)
            report.count("tasks", "too_few_tests", name,
                         f"{len(cand.expected_to_pass)} tests, mutant score {score:.2f} < {settings.few_tests_min_score}")
            continue
        if few and score is None:
            # one or two tests and no wrong-but-plausible class to show they judge the class: only
            # the throwing stub failed them (parsington's Unresolved, docopt.net's ArgumentNode:
            # a constructor passing its arguments on, 2 tests each, no site for any operator)
            report.count("tasks", "few_tests_no_mutant", name,
                         f"{len(cand.expected_to_pass)} tests, no mutant could be made of {', '.join(methods)[:200]}")
            continue
        if score is None:
            report.count("tasks", "no_mutants", name, f"no mutant could be made of {', '.join(methods)[:200]}")
        passed_control = control_gate(lang, repo, facts, cand, failed_by_tests, setup, gate, staging)
        if passed_control.startswith(_REFUSED_CONTROL):
            _count_refused(SuiteRun(SuiteStatus.COMPILE_FAILED, reason=passed_control.removeprefix(_REFUSED_CONTROL)),
                           report, where, cand)
            continue
        if passed_control:
            report.count("tasks", "tests_pass_disguised_control", name, passed_control[:300])
            continue
        kept.append(cand)
    return kept


# Drawn afresh for every build, from the operating system: the controls' choices are never
# published, so no repository can know them in advance (red team 2026-11-27f row 5).
_CONTROL_RNG = random.SystemRandom()
# what control_gate's answer starts with when the one-class rule refused a control (then the reason)
_REFUSED_CONTROL = "refused control: "


def control_gate(lang: Lang, repo: Repository, facts: dict, cand, caught: list, setup, gate: dict,
                 staging=None) -> str:
    """Run the task's tests against up to ``CLASS_GATE_CONTROLS`` disguised controls
    (``LanguageSupport.disguised_control``: caught mutants combined, reformatted, locals renamed,
    methods reordered, drawn from an unpublished random source) and return why the task must be
    refused ("" when every control was caught, or none could be made). The other gates' wrong
    classes are few and deterministic, so tests can recognise them (their source, one changed
    line, no ``return``) and judge only those; a control does what a caught mutant does and looks
    like an answer, so tests that judge the class fail it."""
    from crossfile_datasets.harness.class_runs import run_placed

    language = get_language(lang)
    gate.setdefault("controls_run", 0)
    gate.setdefault("controls_passed", 0)
    cand.wrong_classes.update(controls_run=0, controls_caught=0)
    for _ in range(C.CLASS_GATE_CONTROLS):
        source = language.disguised_control(cand.info, caught, _CONTROL_RNG)
        if source is None:
            break
        tests = list(cand.expected_to_pass)
        placed, run = run_placed(_task_view(lang, repo, facts, cand, tests), source, Path(repo.root),
                                 SandboxLimits(), setup, first_failure=True, reuse_build=True, quiet=True,
                                 staging=staging)
        if placed.reason.startswith(f"{ANSWER_NOT_ONE_CLASS}: "):
            # refused, never run: not caught (red team 2026-11-27g row 4); the caller counts it
            # (``tasks/gate_variant_refused``) and drops the task
            return f"{_REFUSED_CONTROL}{placed.reason}"
        gate["controls_run"] += 1
        cand.wrong_classes["controls_run"] += 1
        outcomes = run.outcomes() if run is not None else {}
        if run is None or run.status is not SuiteStatus.OK or any(outcomes.get(t) is not TestOutcome.PASSED for t in tests):
            cand.wrong_classes["controls_caught"] += 1
            continue
        gate["controls_passed"] += 1
        return (f"the {len(tests)} tests pass a disguised control (caught mutants, reformatted, locals renamed, "
                "methods reordered): they recognise the gate's variants instead of judging the class")
    return ""


@dataclasses.dataclass
class RepositoryBudget:
    """The wall clock one repository's class build plans for (``ClassSettings.repository_seconds``,
    and never past the repository's time limit, ``core.deadline``): the mutant gate's budget is cut
    to what is left, and a stage starting with nothing left drops the tasks it would have judged,
    each counted ``tasks/repository_budget_spent`` -- the build ends near the budget with the tasks
    it finished (held-out 21's simplecsv: 1,279 s, the gate's budget alone grew with its 19
    candidates; stopped from outside at 1,200 s, nothing was written)."""

    ends: float | None  # time.monotonic() past which nothing new starts; None: no budget
    seconds: float = 0.0

    @classmethod
    def start(cls, seconds: float) -> "RepositoryBudget":
        from crossfile_datasets.core import deadline

        ends = time.monotonic() + seconds if seconds and seconds > 0 else None
        limit = deadline.current()
        if limit is not None:
            ends = limit.end if ends is None else min(ends, limit.end)
        return cls(ends, seconds)

    def left(self) -> float | None:
        return None if self.ends is None else self.ends - time.monotonic()

    def passed(self, candidates: list, stage: str, report: BuildReport, where: str, stats: dict) -> list:
        """``candidates`` when time is left, else none: each counted ``tasks/repository_budget_spent``."""
        left = self.left()
        if left is None or left > 0 or not candidates:
            return candidates
        stats.setdefault("budget_spent_at", stage)
        for cand in candidates:
            report.count("tasks", "repository_budget_spent", f"{where}{cand.info.file}::{cand.info.name}",
                         f"the class build's {self.seconds:g} s were spent before the {stage}")
        return []


_CALLED = re.compile(r"\b([A-Za-z_]\w*)\s*(?:<[^<>()]*>\s*)?\(")
_STATIC_BLOCK = re.compile(r"(?<![\w.])static\s*\{")


def initializer_methods(info) -> set[str]:
    """The class's own methods its static initialization runs: those called (by name) from a
    static field's initializer, a static initializer block (Java ``static { }``) or a static
    constructor (C#), and the methods they call, transitively.

    Why: a class is initialized once per process, inside whichever test loads it first, so
    per-test coverage gives these methods that one test; a mutant of them run against it alone
    says nothing of the others (held-out 21: GeoHash's ``createBorders``, ``createNeighbours``,
    ``addOddParityEntries``, called only from the initializers of ``BORDERS`` and ``NEIGHBOURS``,
    survived on one test while every odd-length ``adjacentHash`` test would have failed)."""
    own = {m.name: m for m in info.methods}
    texts = [v.initializer for v in info.member_variables if v.is_static and v.initializer]
    texts += [m.body for m in info.methods if m.is_static and m.is_constructor and m.body]
    source = info.source or ""
    for block in _STATIC_BLOCK.finditer(source):
        depth, end = 0, len(source)
        for i in range(block.end() - 1, len(source)):
            depth += {"{": 1, "}": -1}.get(source[i], 0)
            if depth == 0:
                end = i + 1
                break
        texts.append(source[block.end():end])
    found: set[str] = set()
    pending = [name for text in texts for name in _CALLED.findall(text) if name in own]
    while pending:
        name = pending.pop()
        if name in found:
            continue
        found.add(name)
        pending += [n for n in _CALLED.findall(own[name].body or "") if n in own and n not in found]
    return found


def _tests_per_method(cand, suite: SuiteRun) -> dict[str, set[str]]:
    """Method name -> the candidate's EXPECTED_TO_PASS tests that execute its body (per-test
    coverage; empty without it)."""
    out: dict[str, set[str]] = {}
    file = cand.info.file
    for m in cand.info.methods:
        body = method_body_lines(m)
        for t in cand.expected_to_pass:
            if body & suite.per_test_coverage.get(t, {}).get(file, set()):
                out.setdefault(m.name, set()).add(t)
    return out


def recheck(lang: Lang, language, facts: dict, candidates: list, suite: SuiteRun, thresholds, report: BuildReport,
            where: str, selected: dict[int, int]) -> list:
    """Apply the language threshold again to the candidates whose EXPECTED_TO_PASS tests the gates
    narrowed (``selected``: id(candidate) -> its number of tests at selection); the derived fields
    (covered / referenced methods, file coverage) follow the tests kept."""
    kept = []
    for cand in candidates:
        if len(cand.expected_to_pass) == selected.get(id(cand), len(cand.expected_to_pass)):
            kept.append(cand)
            continue
        new, reason, detail = remeasure(lang, language, facts, cand, suite, thresholds)
        if reason is not None:
            report.count("tasks", "below_threshold_after_gates", f"{where}{cand.info.file}::{cand.info.name}",
                         f"{reason}: {detail}")
            continue
        new.wrong_classes = cand.wrong_classes
        kept.append(new)
    return kept


def describe(records: list[dict], candidates: list, llm: DescriptionSettings, report: BuildReport, repo_name: str) -> None:
    from crossfile_datasets.harness.models import ModelError

    by_name = {(c.info.file, c.info.name): c.info for c in candidates}
    infos = [by_name[(r["file"], r["class_name"])] for r in records]
    try:
        texts = llm_descriptions(infos, llm)
    except ModelError as exc:
        for r in records:
            report.count("descriptions", "llm_error", f"{repo_name}:{r['file']}::{r['class_name']}", str(exc))
        return
    for rec, (detailed, sketchy) in zip(records, texts):
        rec["detailed"], rec["sketchy"], rec["description_model"] = detailed, sketchy, llm.model or llm.url


# ----------------------------------------------------------------------------------- stats --
def _mean(values) -> float:
    values = list(values)
    return round(statistics.mean(values), 2) if values else 0.0


def compute_stats(lang: Lang, records: list[dict], report: BuildReport, per_repo: list[dict], seconds: float) -> dict:
    rejected = report.stage(STAGE)
    selected = rejected.pop("selected", 0)
    return {
        "language": lang.value,
        "split": "class",
        "repositories": len(per_repo),
        "classes": sum(r.get("classes", 0) for r in per_repo),
        "candidates": selected,
        "tasks": len(records),
        "examples": len(records),
        "rejected_classes": rejected,
        # a task's notes (reached through a facade, no mutant, a gate run timed out, mutants over
        # budget) are counted whether or not the task is kept: only a reason that drops it is a
        # dropped task (aho-corasick's Emit and PayloadEmit, kept, were `no_mutants` 2 here)
        "dropped_tasks": task_drops(report),
        "task_notes": task_notes(report),
        "dropped_tests": report.stage("tests"),
        "repositories_not_run": report.stage("repositories"),
        "suite_adjustments": report.stage("suites"),
        "unresolved_references": report.stage("references"),
        "wrong_class_gate": _gate_totals(per_repo),
        "descriptions": report.stage("descriptions"),
        # RepoClassBench's Table 16, for our tasks
        "table16": {
            "tasks": len(records),
            "mean_methods": _mean(len(r["methods"]) for r in records),
            "mean_class_lines": _mean(r["end_line"] - r["start_line"] + 1 for r in records),
            "mean_member_variables": _mean(len(r["member_variables"]) for r in records),
            "mean_expected_to_pass_tests": _mean(len(r["expected_to_pass"]) for r in records),
            "mean_external_references": _mean(len(r["external_references"]) for r in records),
            "mean_detailed_skeleton_words": _mean(len(r["detailed_skeleton"].split()) for r in records),
            "mean_sketchy_skeleton_words": _mean(len(r["sketchy_skeleton"].split()) for r in records),
            "mean_detailed_words": _mean(len(r["detailed"].split()) for r in records if r["detailed"]),
            "mean_sketchy_words": _mean(len(r["sketchy"].split()) for r in records if r["sketchy"]),
            "with_docstring": sum(1 for r in records if r["docstring"]),
        },
        "build_seconds": round(seconds, 2),
        "per_repository": per_repo,
        "samples": {k: v for k, v in report.samples.items()
                    if k.split("/", 1)[0] in (STAGE, "tasks", "tests", "repositories", "descriptions")
                    or k == "suites/dependency_version_differs"},
    }


def task_notes(report: BuildReport) -> dict[str, int]:
    """The ``tasks`` stage's notes: remarks on a task's gates, not why a task is missing."""
    return {k: v for k, v in report.stage("tasks").items() if _is_note(f"tasks/{k}")}


def task_drops(report: BuildReport) -> dict[str, int]:
    """The ``tasks`` stage's reasons that drop a task (``Kind.RULE`` / ``Kind.LOSS``)."""
    return {k: v for k, v in report.stage("tasks").items() if not _is_note(f"tasks/{k}")}


def _is_note(key: str) -> bool:
    declared = lookup_reason(key)
    return declared is not None and declared.kind in (Kind.NOTE, Kind.METRIC)


def _gate_totals(per_repo: list[dict]) -> dict:
    """The wrong-class gate over all repositories: runs, tests dropped, mutants run and caught."""
    out: dict = {}
    for r in per_repo:
        for k, v in (r.get("wrong_class_gate") or {}).items():
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                out[k] = round(out.get(k, 0) + v, 2)
    return out


def card_section(stats: dict) -> str:
    t = stats.get("table16", {})
    rejected = ", ".join(f"{k} {v}" for k, v in sorted(stats.get("rejected_classes", {}).items())) or "none"
    dropped = ", ".join(f"{k} {v}" for k, v in sorted(stats.get("dropped_tasks", {}).items())) or "none"
    notes = ", ".join(f"{k} {v}" for k, v in sorted(stats.get("task_notes", {}).items())) or "none"
    not_run = ", ".join(f"{k} {v}" for k, v in sorted(stats.get("repositories_not_run", {}).items())) or "none"
    lang = stats.get("language", "")
    adjusted = ", ".join(f"{k} {v}" for k, v in sorted(stats.get("suite_adjustments", {}).items())) or "none"
    gate = stats.get("wrong_class_gate", {})
    versions = stats.get("samples", {}).get("suites/dependency_version_differs", [])
    rows = [
        f"## {lang}, class-level split (RepoClassBench method)",
        "",
        "Each task is a top-level class of a real repository to generate from a description "
        "(`detailed_skeleton`/`sketchy_skeleton` offline; `detailed`/`sketchy` when built with an LLM), "
        "judged by the repository's own tests that pass on the original (`expected_to_pass`). "
        "The file with the class removed and the insertion point are in each record.",
        "",
        "| figure | value |",
        "|---|---|",
        f"| repositories | {stats.get('repositories', 0)} |",
        f"| classes examined | {stats.get('classes', 0)} |",
        f"| tasks | {stats.get('tasks', 0)} |",
        f"| mean methods per class | {t.get('mean_methods', 0)} |",
        f"| mean lines per class | {t.get('mean_class_lines', 0)} |",
        f"| mean EXPECTED_TO_PASS tests | {t.get('mean_expected_to_pass_tests', 0)} |",
        f"| mean external references | {t.get('mean_external_references', 0)} |",
        "",
        f"Rejected classes: {rejected}. Dropped tasks: {dropped}. Notes on tasks (kept or dropped): {notes}. "
        f"Repositories whose suite did not run: {not_run}.",
        "",
        f"Suites run differently from the repositories' own configuration: {adjusted}. Wrong-class gate "
        f"(every method throwing, then one-method mutants; a task needs a mutant score of at least the minimum): "
        f"{gate.get('stub_tests_dropped', 0)} tests passed the throwing stub and were left out, "
        f"{gate.get('mutants_caught', 0)} of {gate.get('mutants_run', 0)} mutants caught; "
        f"{gate.get('controls_passed', 0)} of {gate.get('controls_run', 0)} disguised controls (Python: caught "
        f"mutants reformatted, locals renamed, methods reordered, drawn afresh) passed, and their tasks were refused.",
    ]
    if versions:  # Java: the jar on the class path is not the version the build declares
        rows += ["", "Dependencies run at another version than the repository declares (the system's jar): "
                 + "; ".join(versions) + "."]
    return "\n".join(rows)
