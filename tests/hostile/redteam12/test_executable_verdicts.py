"""Verdicts and metrics of the executable evaluation (``evaluate_executable`` ->
``run_problem_tests``) on problems built the real way (``build_executable_split``: the suite under
coverage, validation, the gold gate, the mutation gate), from committed git repositories."""

from __future__ import annotations

import json
import shutil
import sys
import uuid

import pytest

from crossfile_datasets.builders.executable.build import build_executable_split
from crossfile_datasets.builders.repos import RepoSpec, resolve
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.core.repository_roots import without_root, write_roots
from crossfile_datasets.evaluation.executable import RunSettings, evaluate_executable
from tests.executable.test_sandbox import BOOK, visible_scratch
from tests.hostile.redteam11._git import commit_all

pytestmark = pytest.mark.slow

# the ledger of tests/executable/test_sandbox.py, with a second function
LEDGER = BOOK + '''

def largest(entries):
    """The largest single amount of the ledger entries (0 for an empty ledger)."""
    if not entries:
        return 0
    return max(entries)
'''
LEDGER_TESTS = '''from ledger.book import balance, largest


def test_balance_of_mixed_entries():
    assert balance([5, -2, 10]) == 13


def test_balance_of_nothing():
    assert balance([]) == 0


def test_largest_entry():
    assert largest([5, -2, 10]) == 10


def test_largest_of_debts_only():
    assert largest([-3, -1]) == -1


def test_largest_of_nothing():
    assert largest([]) == 0


def test_largest_first():
    assert largest([7, 2, 3]) == 7
'''

PARITY = '''"""Parity of whole numbers."""


def is_even(n):
    """Whether the whole number n is even."""
    return n % 2 == 0
'''
# An ordinary repository test: one assertion in a loop over 2,000 values.
PARITY_TESTS = '''from parity.core import is_even


def test_every_even_number_below_4000():
    for n in range(0, 4000, 2):
        assert is_even(n)


def test_three_is_odd():
    assert not is_even(3)
'''


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """``balance`` (ledger) and ``is_even`` (parity), built by one real executable build of two
    committed repositories; the split as the builder publishes it (records without their folder,
    the local index beside them)."""
    base = tmp_path_factory.mktemp("redteam12-exec")
    for name, files in {"ledger": {"ledger/__init__.py": "", "ledger/book.py": LEDGER, "tests/test_book.py": LEDGER_TESTS},
                        "parity": {"parity/__init__.py": "", "parity/core.py": PARITY, "tests/test_core.py": PARITY_TESTS}
                        }.items():
        for rel, text in files.items():
            (base / name / rel).parent.mkdir(parents=True, exist_ok=True)
            (base / name / rel).write_text(text)
        commit_all(base / name)
    out = base / "out"
    report = BuildReport()
    records = build_executable_split([resolve(RepoSpec(path=str(base / n))) for n in ("ledger", "parity")], out,
                                     allow_execution=True, seed=3, workers=1, report=report, use_pynguin=False, mutants=4)
    by_name = {r["entry_point"]: r for r in records}
    if set(by_name) != {"balance", "largest", "is_even"}:
        stats = (out / "python" / "executable_stats.json")
        pytest.fail(f"the problems were not built: {sorted(by_name)}; {stats.read_text()[:3000] if stats.exists() else ''}")
    for record in records:
        if not record.get("value_checks") or len(record["value_checks"]) != len(record["test_paths"]):
            pytest.fail(f"{record['id']}: not every test program has a host-checked site: {record.get('value_checks')}")
    split = base / "split" / "executable.jsonl"
    split.parent.mkdir()
    split.write_text("".join(json.dumps(without_root(r)) + "\n" for r in records))
    write_roots(split.parent, records, name_key="project")
    return by_name, split


def evaluate(built, tmp_path, entry_point: str, generations: dict[str, str]) -> tuple[dict[str, dict], dict]:
    """Evaluate ``generations`` ({context size: code}) of one problem (the other problem gets its
    gold solution, so the predictions cover the split); the result row per context size and the
    summary."""
    by_name, split = built
    lines = []
    for name, record in by_name.items():
        for context, code in generations.items():
            lines.append({"task_id": record["id"], "context_size": context,
                          "generations": [code if name == entry_point else record["solution"]]})
    preds = tmp_path / "preds.jsonl"
    preds.write_text("".join(json.dumps(line) + "\n" for line in lines))
    results = tmp_path / "results.jsonl"
    summary = evaluate_executable(split, preds, results, settings=RunSettings(timeout=60, test_timeout=30,
                                                                               python=sys.executable))
    target = by_name[entry_point]["id"]
    rows = [json.loads(line) for line in results.read_text().splitlines()]
    return {row["context_size"]: row for row in rows if row["task_id"] == target}, summary


def body(signature: str, text: str) -> str:
    return signature + "\n" + "".join(f"    {line}\n" for line in text.strip("\n").split("\n"))


def test_a_wrong_answer_that_also_crashes_does_not_earn_test_pass_rate(built, tmp_path):
    """Forged metric (executable evaluation: test pass rate, RepoExec's TPR). Every test program's
    assertion is a host-only site: in the tested process it only reports the value, so pytest
    passes the test whatever the value. ``run_problem_tests`` turns a run that pytest passed whole
    into ``failed`` with ``num_passed = 0`` when a value fails on the host, but a run that is
    already ``failed``/``error`` keeps pytest's count. A wrong answer (0 for every ledger) that
    also raises on one input (the empty ledger) gets 2 of 4 tests "passed", test pass rate 0.5,
    though none of its 4 tests holds; the honest ``return 0`` (right on the 2 empty ledgers) gets
    0. Safe behaviour: a test counts as passed only when pytest passed it and each of its checked
    sites held on the host (the class evaluation's ``judge_per_test`` already does this)."""
    rows, _ = evaluate(built, tmp_path, "balance", {
        "gold": built[0]["balance"]["solution"],
        "zero": body("def balance(entries):", "return 0"),
        "zero_and_crash": body("def balance(entries):", "if not entries:\n    raise ValueError('empty')\nreturn 0"),
    })
    print(json.dumps(rows, indent=1)[:4000])
    if not rows["gold"]["passed"] or rows["gold"]["test_pass_rate"] != 1.0:
        pytest.fail(f"gold does not pass: {rows['gold']}")
    if rows["zero"]["passed"] or rows["zero_and_crash"]["passed"]:
        pytest.fail("a wrong answer passes: not this attack")
    # none of the 4 tests holds for zero_and_crash: 2 values are wrong (0 for 13), 2 raise
    assert rows["zero_and_crash"]["tests_passed"] == 0, rows["zero_and_crash"]
    assert rows["zero_and_crash"]["test_pass_rate"] <= rows["zero"]["test_pass_rate"], rows


def test_an_answer_wrong_past_the_first_thousand_values_of_a_loop_does_not_pass(built, tmp_path):
    """Forged verdict (executable evaluation; the Python class evaluation shares the plugin). The
    repository's test asserts ``is_even(n)`` for 2,000 even numbers in a loop; the gold run's 1,000
    reported values were plain and held, so the site is in ``value_checks`` and host-only: the
    ``assert`` is gone from the program the sandbox runs, and ``record_value`` reports the first
    1,000 values of a site per test and drops the rest. docs/executable.md says "later ones are
    checked in the process only": for a host-only site nothing checks them. An answer that is
    wrong from n = 2,000 on (an honest bug: an overflow, a table that stops) passes; the same
    answer wrong from n = 1,000 on fails (control). Safe behaviour: past the cap the site keeps
    an in-process check against a digest, or the run reports a count and the host refuses a site
    that saw more values than it judged (or folds them: the check's outcome over all values)."""
    rows, _ = evaluate(built, tmp_path, "is_even", {
        "gold": built[0]["is_even"]["solution"],
        "wrong_from_1000": body("def is_even(n):", "return n % 2 == 0 and n < 1000"),
        "wrong_from_2000": body("def is_even(n):", "return n % 2 == 0 and n < 2000"),
    })
    print(json.dumps(rows, indent=1)[:4000])
    if not rows["gold"]["passed"]:
        pytest.fail(f"gold does not pass: {rows['gold']}")
    if rows["wrong_from_1000"]["passed"]:
        pytest.fail(f"an answer wrong inside the reported values passes: {rows['wrong_from_1000']}")
    assert not rows["wrong_from_2000"]["passed"], rows["wrong_from_2000"]


# The answer for ``balance`` implements nothing: it looks, in the folder its own sandbox folder is
# in (CROSSFILE_SANDBOX_ROOT's parent: the evaluator's TMPDIR), for another run's copy of the same
# repository whose ``balance`` is not one of these answers (another problem's run: its copy holds
# the original ``balance``), executes that module and calls the original.
READ_A_SIBLING_COPY = '''def balance(entries):
    import glob, os, time
    if not hasattr(balance, "original"):
        balance.original = None
        me = os.environ["CROSSFILE_SANDBOX_ROOT"]
        pattern = os.path.join(os.path.dirname(me), "crossfile-sandbox-*", "repo", "ledger", "book.py")
        deadline = time.monotonic() + 25
        while balance.original is None and time.monotonic() < deadline:
            for path in glob.glob(pattern):
                try:
                    text = "" if path.startswith(me + os.sep) else open(path).read()
                except OSError:
                    continue
                if "CROSSFILE_SANDBOX_ROOT" not in text and "def balance" in text:
                    names = {}
                    exec(compile(text, "original", "exec"), names)
                    balance.original = names["balance"]
                    break
            time.sleep(0.1)
    return balance.original(entries) if balance.original else 0
'''
# The same submission's answer for ``largest`` (right, and slow the first time: its run, and its
# copy holding the original ``balance``, lasts a few seconds).
SLOW_LARGEST = '''def largest(entries):
    import time
    if not getattr(largest, "waited", False):
        largest.waited = True
        time.sleep(8)
    return max(entries) if entries else 0
'''

EVALUATE_IN_PARALLEL = '''
import json, sys
from crossfile_datasets.evaluation.executable import RunSettings, evaluate_executable
split, preds, results = sys.argv[1:4]
evaluate_executable(split, preds, results, workers=2, settings=RunSettings(timeout=90, test_timeout=40,
                                                                          python=sys.executable))
rows = [json.loads(line) for line in open(results)]
print(json.dumps({row["task_id"]: {k: row[k] for k in ("status", "passed", "detail")} for row in rows}))
'''


def test_an_answer_cannot_read_the_original_from_another_runs_copy(built, tmp_path, child):
    """Forged verdict (executable evaluation with ``--workers 2``; the class evaluation and the
    builds run copies the same way). Each run gets a private copy of the repository with *its*
    function replaced, so another problem's copy of the same repository holds this problem's
    original function. Sandbox folders live in the evaluator's TMPDIR; the sandbox hides
    ``/tmp`` and ``/var/tmp`` but not TMPDIR when it is elsewhere (clusters: ``/scratch/$USER``,
    ``/local/$JOB``), and runs keep the evaluator's uid when it is not root (here:
    ``CROSSFILE_SANDBOX_UID=builder``, the same view): a sibling run's folder is readable. The
    answer for ``balance`` reads ``ledger/book.py`` of the concurrent run of ``largest`` and
    calls the original: **passed**. Control, same submission and workers: with TMPDIR under
    ``/tmp`` (hidden) it finds nothing and fails. Safe behaviour: the folder that holds sandbox
    folders is hidden from every run (TMPDIR among the hidden folders, or each sandbox folder made
    under a parent of mode 0711 that the run cannot list, with a uid or a mount of its own)."""
    by_name, split = built
    preds = tmp_path / "preds.jsonl"
    preds.write_text("".join(json.dumps({"task_id": r["id"], "generations": [
        READ_A_SIBLING_COPY if name == "balance" else SLOW_LARGEST if name == "largest" else r["solution"]]}) + "\n"
        for name, r in by_name.items()))
    env = {"CROSSFILE_SANDBOX_UID": "builder"}
    hidden_tmp = child(EVALUATE_IN_PARALLEL, str(split), str(preds), str(tmp_path / "results-hidden.jsonl"),
                       timeout=400, env=env)
    if hidden_tmp.timed_out:
        pytest.fail("precondition: the control evaluation did not finish in 400 s")
    control = hidden_tmp.last_json()
    if control[by_name["largest"]["id"]]["status"] != "passed":
        pytest.fail(f"precondition: the slow right answer did not pass: {control}")
    if control[by_name["balance"]["id"]]["passed"]:
        pytest.fail(f"the answer passes with TMPDIR hidden too: not this attack: {control}")
    visible = visible_scratch() / f".redteam12-tmpdir-{uuid.uuid4().hex[:10]}"
    visible.mkdir()
    try:
        done = child(EVALUATE_IN_PARALLEL, str(split), str(preds), str(tmp_path / "results-visible.jsonl"),
                     timeout=400, env=env, temp=visible)
    finally:
        shutil.rmtree(visible, ignore_errors=True)
    if done.timed_out:
        pytest.fail("precondition: the evaluation did not finish in 400 s")
    seen = done.last_json()
    print(json.dumps({"control": control, "attack": seen}, indent=1))
    assert not seen[by_name["balance"]["id"]]["passed"], seen
