"""The problem runner: does a solution pass an executable problem's tests? The verdict of record.

Why it exists: the builder's gold gate (a problem is kept only if its reference solution passes)
and the evaluation of model outputs must measure the same thing, so both call
:func:`run_problem_tests`: splice the solution into a sandboxed copy of the repository
(``sandbox/checks.py``), run the problem's check program with the outcome plugin
(``sandbox/pytest_runs.py``) and turn the outcomes into one :class:`VerdictStatus`.
"""

from __future__ import annotations

import dataclasses
import functools
import os
import time
from pathlib import Path
from typing import Callable, Sequence

from crossfile_datasets.analyzers.run import RunStatus
from crossfile_datasets.core import constants as C
from crossfile_datasets.core.enums import StrEnum
from crossfile_datasets.core.reasons import ANSWER_TOO_LARGE, CHANNEL_OVERFLOW, RUN_NOT_STARTED
from crossfile_datasets.core.text import utf8_size
from crossfile_datasets.sandbox import PLUGIN_NAME, Sandbox, SandboxLimits, SandboxRun, values
from crossfile_datasets.sandbox.channel import ChannelRecords
from crossfile_datasets.sandbox.checks import render_check, splice_solution
from crossfile_datasets.sandbox.pytest_runs import (
    Outcome,
    config_overrides,
    plugin_args,
    run_with_channel,
    skipped_subtests,
    summarize_outcomes,
    xfail_cases,
)


class VerdictStatus(StrEnum):
    """How a solution fared on a problem's tests (:func:`run_problem_tests`)."""
    PASSED = "passed"
    FAILED = "failed"  # assertions failed, nothing else went wrong
    ERROR = "error"
    TIMEOUT = "timeout"
    INCOMPLETE = "incomplete"  # no end-of-session record: killed, os._exit, a crash
    SANDBOX_VIOLATION = "sandbox_violation"
    NO_TESTS = "no_tests"
    INVALID_SOLUTION = "invalid_solution"  # the solution could not be put in place
    # the verdict channel dropped records past its caps: a wrong value may be among them (red
    # team 2026-11-29 row 3); never a pass
    CHANNEL_OVERFLOW = CHANNEL_OVERFLOW
    # the solution is over EXEC_GENERATION_MAX_BYTES: refused before any host parse or copy (red
    # team 16 row 4: ~250 bytes of host memory per byte in Python's AST)
    ANSWER_TOO_LARGE = ANSWER_TOO_LARGE
    # the sandbox never started the run (bubblewrap's set-up failed): the machine's fault, not a
    # pass, and not the generation's ``incomplete`` (red team 2026-11-29e row 4)
    RUN_NOT_STARTED = RUN_NOT_STARTED


def solution_size_refusal(solution_code: str) -> str | None:
    """Why an executable solution (a generation, a gate's version) is refused for its size (None:
    it is not): over ``EXEC_GENERATION_MAX_BYTES`` in UTF-8, the detail of ``answer_too_large``."""
    if (size := utf8_size(solution_code, C.EXEC_GENERATION_MAX_BYTES)) <= C.EXEC_GENERATION_MAX_BYTES:
        return None
    return f"{ANSWER_TOO_LARGE}: {size} bytes, over EXEC_GENERATION_MAX_BYTES ({C.EXEC_GENERATION_MAX_BYTES})"


@functools.lru_cache(maxsize=64)
def _plugins_of(python: str, requirements: tuple[str, ...]) -> tuple[str, ...]:
    from crossfile_datasets.sandbox.environment import requirement_pytest_plugins

    return tuple(requirement_pytest_plugins(python, requirements))


def run_problem_tests(
    problem: dict,
    solution_code: str,
    timeout: float = C.EXEC_GOLD_TIMEOUT,
    *,
    repo_root: str | os.PathLike | None = None,
    python: str | None = None,
    limits: SandboxLimits | None = None,
    pytest_plugins: Sequence[str] | None = None,
    isolation: str | None = None,
    subtest_skips_as_run: bool = False,
) -> dict:
    """Run one problem's tests against ``solution_code``, isolated; the verdict of record.

    A test whose subtests were skipped passes only when no more of them were skipped than in its
    gold's run (``problem["skipped_subtests"]``, recorded by the gold gate, which alone passes
    ``subtest_skips_as_run``: the skips are then taken as they come and told in the verdict's
    ``skipped_subtests``): a solution that raises ``SkipTest`` in a subtest does not pass. So
    with the cases of a parametrized test marked ``xfail``: an expected failure passes only for
    the cases of ``problem["xfail_cases"]`` (the gold gate's run takes them as they come and
    tells them in the verdict's ``xfail_cases``).

    ``problem`` is a record of the executable split (``repository_root``, ``file``,
    ``qualname``, ``entry_point``, ``class_name``, ``python_path``, ``requirements``,
    ``check``). ``solution_code`` is the target function's code, or a whole prompt plus
    completion (the last ``def <entry_point>`` is used, dedented and re-indented in place).
    ``repo_root`` overrides the snapshot recorded in the problem (e.g. after moving the
    dataset); ``python`` overrides the interpreter (default: the virtual environment made for
    the problem's requirements, see sandbox/environment.py); ``pytest_plugins`` overrides the
    pytest plugins loaded (default: those the requirements provide; autoloading is off);
    ``isolation``: "bwrap" or "none" (default: :func:`isolation_mode`).

    Steps: copy the repository into a fresh sandbox, splice the solution into the module,
    run the problem's ``check`` program there (all limits of :class:`Sandbox`, wall clock
    ``timeout``), read each test's outcome from the run's verdict channel.

    The problem's checked values (``value_checks``: assertions comparing a value with a literal
    where the reference's value was plain) are compared again on the host from what the run
    reported (``sandbox/values.py``): a pass needs them all to hold there too, so a value whose
    ``__eq__`` lies or a patched pytest does not pass.

    Returns ``{"passed": bool, "status": a VerdictStatus, "tests": {nodeid: outcome},
    "num_tests", "num_passed", "duration", "detail", "values", "value_failures"}`` (``values``:
    what each checked site of each test program saw, see :func:`values.observe`;
    ``value_failures``: how many of them the host refused): ``failed`` = only assertion failures
    (or a non-zero exit after every test passed);
    ``incomplete`` = the run ended before pytest's end-of-session record (killed, ``os._exit``,
    a crash: whatever was reported before, it is not a pass); ``sandbox_violation`` = a test
    tried to write outside the sandbox or reach the network; ``error`` = anything else went
    wrong (exceptions, the process or memory limit, the per-test time-out).
    """
    root = Path(repo_root or problem["repository_root"])
    python, pytest_plugins = _interpreter(python, pytest_plugins, tuple(sorted(problem.get("requirements") or [])))
    base = limits or SandboxLimits()
    limits = dataclasses.replace(base, timeout=timeout, test_timeout=min(base.test_timeout, timeout))
    started = time.monotonic()
    verdict: dict = {"passed": False, "status": VerdictStatus.ERROR, "tests": {}, "num_tests": 0, "num_passed": 0,
                     "duration": 0.0, "detail": ""}
    if (why := solution_size_refusal(solution_code)) is not None:  # before the copy and splice_solution's parses
        verdict.update(status=VerdictStatus.ANSWER_TOO_LARGE, detail=why)
        return verdict
    with Sandbox(root, python=python, python_path=problem.get("python_path") or [""], limits=limits,
                 isolation=isolation) as box:
        try:  # the copy's files through the host-side boundary (a planted link is never followed)
            text = box.read_back(f"repo/{problem['file']}")
        except OSError as exc:
            verdict["detail"] = f"cannot read {problem['file']}: {exc}"
            return verdict
        new_text, why = splice_solution(text, problem["qualname"], problem["entry_point"],
                                        problem.get("class_name") or None, solution_code)
        if new_text is None:
            verdict.update(status=VerdictStatus.INVALID_SOLUTION, detail=why)
            return verdict
        try:
            box.replace(problem["file"], new_text)
            check = box.write_control("check.py", _instrumented_check(problem))
        except OSError as exc:
            verdict["detail"] = f"cannot put the solution in place: {exc}"
            return verdict
        env = {"CROSSFILE_TEST_TIMEOUT": str(limits.test_timeout)}
        argv = [python, str(check), "-p", PLUGIN_NAME, *plugin_args(pytest_plugins or ()), f"--rootdir={box.root}",
                *config_overrides(box.root)]
        srun, channel = run_with_channel(box, argv, timeout=timeout, env=env)
    return _judge(problem, verdict, srun, channel, started, subtest_skips_as_run)


def _judge(problem: dict, verdict: dict, srun: SandboxRun, channel: ChannelRecords, started: float,
           subtest_skips_as_run: bool, batch: "_Batch | None" = None) -> dict:
    """The verdict of ``problem`` from its finished run (``run_problem_tests``), or from a run of
    several problems' tests (``batch``: its outcomes are the problem's own programs', the run's
    state is the whole run's, see :func:`run_problems_together`)."""
    outcomes, messages = summarize_outcomes(channel.records) if batch is None else (batch.outcomes, batch.messages)
    skips = skipped_subtests(channel.records)
    if batch is not None:
        mine = batch.mine(problem)
        outcomes = {n: o for n, o in outcomes.items() if mine(n)}
        messages = {n: m for n, m in messages.items() if mine(n)}
        skips = {n: k for n, k in skips.items() if mine(n)}
    if not subtest_skips_as_run:
        recorded = problem.get("skipped_subtests")
        expected = {c["test"]: c["count"] for c in (recorded if isinstance(recorded, list) else [])
                    if isinstance(c, dict) and isinstance(c.get("test"), str) and type(c.get("count")) is int}
        for nodeid, n in skips.items():
            if n > expected.get(nodeid, 0) and outcomes.get(nodeid) == Outcome.PASSED:
                outcomes[nodeid] = Outcome.SKIPPED
                messages.setdefault(nodeid, f"{n} subtests skipped, {expected.get(nodeid, 0)} in the reference's run")
    passed = sum(1 for o in outcomes.values() if o == Outcome.PASSED)
    # cases of a parametrized test marked xfail, judged per case: the reference's run takes them
    # as they come (the gold gate, ``subtest_skips_as_run``) and tells them in the verdict's
    # ``xfail_cases``; a later run accepts an expected failure of exactly those cases, so a
    # solution calling ``pytest.xfail()`` in a case that passed for the reference does not pass
    expected = set(xfail_cases(outcomes)) if subtest_skips_as_run else \
        {n for n in (problem.get("xfail_cases") or []) if isinstance(n, str)}
    accepted = sorted(n for n, o in outcomes.items() if o == Outcome.XFAIL and n in expected)
    judged = {n: Outcome.PASSED if o == Outcome.XFAIL and n in expected else o for n, o in outcomes.items()}
    status, detail = _status(srun, channel, judged, passed + len(accepted)) if batch is None else \
        batch.status(judged, passed + len(accepted))
    # the checked values, compared here on the host (sandbox/values.py)
    observed = values.observe(*_programs(problem), channel.values) if _programs(problem)[0] else {}
    failures = values.judge_values(problem.get("value_checks") or [], observed)
    if failures:
        # a test counts as passed only when pytest passed it and its checked sites held here, test
        # by test, whatever the run's status (red team 2026-11-28f, row 1)
        refused = values.failed_tests_on_host(problem.get("value_checks") or [], *_programs(problem), channel.values,
                                              [n for n, o in outcomes.items() if o == Outcome.PASSED])
        passed -= len(refused)
        if status == VerdictStatus.PASSED:
            status = VerdictStatus.FAILED
            if not refused:  # a failed check no single test is blamed for: no test counts as passed
                passed = 0
        detail = f"value checks failed outside the tested process: {'; '.join(failures[:3])}; " + detail
    if channel.forged:
        detail = f"{channel.forged} forged verdict lines ignored; " + detail
    if status == VerdictStatus.CHANNEL_OVERFLOW:
        passed = 0  # a dropped record may belong to any test: none counts as passed
    if channel.overflow and status != VerdictStatus.CHANNEL_OVERFLOW:
        detail = f"{channel.overflow} verdict lines over the channel's caps ignored; " + detail
    detail = detail + "; ".join(f"{k}: {v}" for k, v in list(messages.items())[:5])
    if not detail and status != VerdictStatus.PASSED:
        detail = (srun.result.stderr or srun.result.stdout)[-2000:]
    verdict.update(passed=status == VerdictStatus.PASSED, status=status, tests=outcomes, num_tests=len(outcomes),
                   num_passed=passed, duration=round(time.monotonic() - started, 3), detail=detail[:2000],
                   values=observed, value_failures=len(failures), skipped_subtests=skips, xfail_cases=accepted,
                   slow_tests=sorted(n for n, m in messages.items() if "SandboxTestTimeout" in m))
    return verdict


def _programs(problem: dict) -> tuple[list[str], list[str]]:
    """(test paths, test sources) of a problem record, or ([], []) when it has none usable
    (a record reduced to its ``check`` program: then nothing is compared on the host)."""
    paths, sources = problem.get("test_paths"), problem.get("test_list")
    if isinstance(paths, list) and isinstance(sources, list) and len(paths) == len(sources) and paths \
            and all(isinstance(x, str) for x in [*paths, *sources]):
        return paths, sources
    return [], []


def _instrumented_check(problem: dict) -> str:
    """The check program the run executes: the problem's tests with their checked values
    reported to the host (``sandbox/values.py``), those of ``value_checks`` compared on the host
    only (their expected literals are not in the program); the recorded ``check`` when the
    record has no test list."""
    paths, sources = _programs(problem)
    if not paths:
        return problem["check"]
    target = ".".join(p for p in (problem.get("module"), problem.get("qualname")) if p)
    host_only = values.host_only_sites(problem.get("value_checks") or [])
    return render_check(target, problem["file"], paths,
                        [values.instrument(source, host_only.get(path, ()))[0] for path, source in zip(paths, sources)])


def _interpreter(python: str | None, pytest_plugins: Sequence[str] | None,
                 requirements: tuple[str, ...]) -> tuple[str, Sequence[str]]:
    """The run's interpreter and pytest plugins: those given, else the virtual environment
    made for the requirements and the plugins they provide."""
    if python is None:
        from crossfile_datasets.sandbox.environment import ensure_environment

        env = ensure_environment(requirements)
        return env.python, env.pytest_plugins if pytest_plugins is None else pytest_plugins
    return python, _plugins_of(python, requirements) if pytest_plugins is None else pytest_plugins


def _run_status(srun: SandboxRun, channel: ChannelRecords) -> tuple[VerdictStatus, str] | None:
    """The verdict the run itself decides, whatever its tests' outcomes, or None when the
    outcomes decide it."""
    if srun.not_started and not (channel.records or channel.values or channel.events or channel.session_end
                                 or channel.forged or channel.overflow):
        return VerdictStatus.RUN_NOT_STARTED, (f"the sandbox never started the run ({srun.not_started}): a fault of "
                                               "the evaluating machine, not of the generation; not a pass")
    if srun.timed_out:
        return VerdictStatus.TIMEOUT, ""
    if channel.tampered:
        return VerdictStatus.INCOMPLETE, f"the verdict channel was tampered with ({channel.tampered}): not a pass"
    if channel.overflow:
        # what was dropped is unknown: a checked value the host would refuse, an outcome
        return VerdictStatus.CHANNEL_OVERFLOW, (f"the verdict channel dropped {channel.overflow} records past its caps "
                                                f"({C.CHANNEL_MAX_BYTES} bytes in all): not a pass")
    if not channel.complete:
        return VerdictStatus.INCOMPLETE, ("the run ended before pytest's end-of-session record (killed, os._exit or a crash"
                                          + (", the memory limit" if srun.memory_limit_hit else "") + "): not a pass")
    return None


def _outcome_status(srun: SandboxRun, outcomes: dict[str, Outcome], passed: int, exit_ok: bool
                    ) -> tuple[VerdictStatus, str]:
    """The verdict of tests whose run finished whole (``exit_ok``: pytest's exit says they passed)."""
    if Outcome.SANDBOX_VIOLATION in outcomes.values():
        return VerdictStatus.SANDBOX_VIOLATION, ""
    if not outcomes:
        return VerdictStatus.NO_TESTS, ""
    if passed == len(outcomes) and exit_ok:
        return VerdictStatus.PASSED, ""
    if all(o in (Outcome.PASSED, Outcome.ASSERTION) for o in outcomes.values()) and srun.result.status is RunStatus.EXITED \
            and not (srun.process_limit_hit or srun.memory_limit_hit):
        return VerdictStatus.FAILED, ""
    return VerdictStatus.ERROR, ""


def _collected_mismatch(channel: ChannelRecords, reported: int) -> tuple[VerdictStatus, str] | None:
    collected = (channel.session_end or {}).get("collected")
    if type(collected) is int and collected != reported:
        # a cheap forgery sign: pytest's own count of collected tests disagrees with the reports
        return VerdictStatus.INCOMPLETE, (f"pytest collected {collected} tests but {reported} reported an outcome: "
                                          "not a pass")
    return None


def _status(srun: SandboxRun, channel: ChannelRecords, outcomes: dict[str, Outcome], passed: int) -> tuple[VerdictStatus, str]:
    """The verdict of a finished run, and why when the outcomes alone do not say it."""
    reported = sum(1 for nodeid in outcomes if "::" in nodeid)
    if (decided := _run_status(srun, channel)) is not None:
        return decided
    if Outcome.SANDBOX_VIOLATION in outcomes.values():
        return VerdictStatus.SANDBOX_VIOLATION, ""
    if not outcomes:
        return VerdictStatus.NO_TESTS, ""
    if (mismatch := _collected_mismatch(channel, reported)) is not None:
        return mismatch
    return _outcome_status(srun, outcomes, passed, srun.ok)


@dataclasses.dataclass
class _Batch:
    """What a run of several problems' tests decides for each (:func:`run_problems_together`):
    the run's own state (its time-out, a tampered or overflowing channel, no end of session,
    pytest's collected count against the reports) is every problem's; past that, each problem's
    outcomes are its own programs' alone."""
    srun: SandboxRun
    channel: ChannelRecords
    # the whole run's outcomes and messages, read once from the channel for all its problems
    outcomes: dict[str, Outcome] = dataclasses.field(init=False)
    messages: dict[str, str] = dataclasses.field(init=False)

    def __post_init__(self) -> None:
        self.outcomes, self.messages = summarize_outcomes(self.channel.records)

    @property
    def all_passed(self) -> bool:
        """Every test of the run passed (so a failing exit is no problem's own test)."""
        return all(o in (Outcome.PASSED, Outcome.XFAIL) for o in self.outcomes.values())  # xfail: exit 0

    @staticmethod
    def mine(problem: dict) -> Callable[[str], bool]:
        paths = tuple(_programs(problem)[0])
        return lambda nodeid: any(nodeid == p or nodeid.startswith(p + "::") for p in paths)

    def status(self, outcomes: dict[str, Outcome], passed: int) -> tuple[VerdictStatus, str]:
        reported = sum(1 for nodeid in self.outcomes if "::" in nodeid)
        if (decided := _run_status(self.srun, self.channel)) is not None:
            return decided
        if Outcome.SANDBOX_VIOLATION in self.outcomes.values():  # anywhere in the run: no problem of it passes
            return VerdictStatus.SANDBOX_VIOLATION, "a test of the run tried to leave the sandbox"
        if (mismatch := _collected_mismatch(self.channel, reported)) is not None:
            return mismatch
        # pytest's exit covers every problem of the run: when another problem's test did not
        # pass, a failing exit is that test's, not this problem's
        return _outcome_status(self.srun, outcomes, passed, self.srun.ok or not self.all_passed)


def run_problems_together(
    problems: Sequence[dict],
    timeout: float = C.EXEC_GOLD_TIMEOUT,
    *,
    python: str | None = None,
    limits: SandboxLimits | None = None,
    pytest_plugins: Sequence[str] | None = None,
    isolation: str | None = None,
    subtest_skips_as_run: bool = False,
) -> list[dict | None]:
    """The gold gate's run of several problems of one repository in one sandbox: each problem's
    reference (``problem["solution"]``, the repository's own function, so putting one in place
    changes nothing any other problem runs) spliced into one copy, every problem's test programs
    run by one pytest process (wall clock ``timeout`` per problem, added up), and one verdict per
    problem from its own programs' outcomes (:class:`_Batch`), in the order given.

    inflect (held-out 20): one fresh sandbox per problem, the copy, the interpreter's start and
    the import of a 4,000-line module checked by ``typeguard``, took the gold gate 683 s for 29
    problems, until the repository's time limit. A verdict is ``None`` when the problem could
    not share the run (another repository, interpreter or path list, a test program of the same
    path and another text, a size refused): the caller runs it alone (:func:`run_problem_tests`),
    as it does for every problem whose verdict here is not a pass and needs its own run to say
    why. Not for generations: a wrong solution would change what the other problems run."""
    out: list[dict | None] = [None] * len(problems)
    if not problems:
        return out
    first = problems[0]
    key = (first.get("repository_root"), tuple(first.get("python_path") or [""]),
           tuple(sorted(first.get("requirements") or [])))
    programs: dict[str, str] = {}
    members: list[int] = []
    for i, problem in enumerate(problems):
        if (problem.get("repository_root"), tuple(problem.get("python_path") or [""]),
                tuple(sorted(problem.get("requirements") or []))) != key:
            continue
        paths, sources = _programs(problem)
        if not paths or solution_size_refusal(problem.get("solution") or "") is not None:
            continue
        host_only = values.host_only_sites(problem.get("value_checks") or [])
        texts = {path: values.instrument(source, host_only.get(path, ()))[0] for path, source in zip(paths, sources)}
        if any(programs.get(path, text) != text for path, text in texts.items()):
            continue
        programs.update(texts)
        members.append(i)
    if len(members) < 2:  # nothing to share: each runs alone
        return out
    root = Path(first["repository_root"])
    python, pytest_plugins = _interpreter(python, pytest_plugins, key[2])
    base = limits or SandboxLimits()
    whole = timeout * len(members)
    limits = dataclasses.replace(base, timeout=whole, test_timeout=min(base.test_timeout, timeout))
    started = time.monotonic()
    with Sandbox(root, python=python, python_path=list(key[1]), limits=limits, isolation=isolation) as box:
        placed: list[int] = []
        for i in members:
            problem = problems[i]
            try:
                text = box.read_back(f"repo/{problem['file']}")
            except OSError:
                continue
            new_text, _ = splice_solution(text, problem["qualname"], problem["entry_point"],
                                          problem.get("class_name") or None, problem["solution"])
            if new_text is None:
                continue  # alone, its run says why
            try:
                box.replace(problem["file"], new_text)
            except OSError:
                continue
            placed.append(i)
        if len(placed) < 2:
            return out
        paths = sorted({p for i in placed for p in _programs(problems[i])[0]})
        try:
            check = box.write_control("check.py", render_check(f"{len(placed)} problems", "their modules", paths,
                                                               [programs[p] for p in paths]))
        except OSError:
            return out
        env = {"CROSSFILE_TEST_TIMEOUT": str(limits.test_timeout)}
        argv = [python, str(check), "-p", PLUGIN_NAME, *plugin_args(pytest_plugins or ()), f"--rootdir={box.root}",
                *config_overrides(box.root)]
        srun, channel = run_with_channel(box, argv, timeout=whole, env=env)
    batch = _Batch(srun, channel)
    for i in placed:
        verdict: dict = {"passed": False, "status": VerdictStatus.ERROR, "tests": {}, "num_tests": 0, "num_passed": 0,
                         "duration": 0.0, "detail": ""}
        out[i] = _judge(problems[i], verdict, srun, channel, started, subtest_skips_as_run, batch)
        out[i]["batch"] = len(placed)
    return out
