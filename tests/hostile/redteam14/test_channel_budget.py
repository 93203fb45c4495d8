"""Verdicts of the executable evaluation (``evaluate_executable`` -> ``run_problem_tests``) on a
problem built the real way (``build_executable_split``: the suite under coverage, validation, the
gold gate, the mutation gate), from a committed git repository, judged with bubblewrap, pytest and
the harness plugin. The answers below only *return values*: no patching, no access to the
plugin, the token or the channel."""

from __future__ import annotations

import json
import sys

import pytest

from crossfile_datasets.builders.executable.build import build_executable_split
from crossfile_datasets.builders.repos import RepoSpec, resolve
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.core.repository_roots import without_root, write_roots
from crossfile_datasets.evaluation.executable import RunSettings, evaluate_executable
from tests.hostile.redteam11._git import commit_all

pytestmark = pytest.mark.slow

PARITY = '''"""Parity of whole numbers."""


def is_even(n):
    """Whether the whole number n is even."""
    return n % 2 == 0
'''
# An ordinary repository test: both parities in one loop, and one odd number on its own.
PARITY_TESTS = '''from parity.core import is_even


def test_three_is_odd():
    assert not is_even(3)


def test_parity_of_the_first_hundred_numbers():
    for n in range(100):
        assert is_even(2 * n)
        assert not is_even(2 * n + 1)
'''

# Wrong for every odd number from 21 on (it says "odd ..." there: truthy, so "even").
# FILL: the even numbers 2 to 18 get nine different 4,000,000-character truthy strings (each a
# held value of the truthy site, under the plugin's 4 MiB value cap): eight are kept, 32 MB of
# the channel's 32 MiB budget, the ninth is over it. The one wrong value (4,000,000 characters)
# then does not fit the ~1.5 MB left and is dropped; the small outcome and end records still fit.
FILL = '''def is_even(n):
    if n % 2 == 0:
        return ("even " * 800000 + str(n)) if 0 < n < 20 else True
    return False if n < 20 else "odd " * 1000000
'''
# Control: the same wrong answer, without the fill.
NO_FILL = '''def is_even(n):
    if n % 2 == 0:
        return True
    return False if n < 20 else "odd " * 1000000
'''


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    base = tmp_path_factory.mktemp("redteam14-exec")
    files = {"parity/__init__.py": "", "parity/core.py": PARITY, "tests/test_core.py": PARITY_TESTS}
    for rel, text in files.items():
        (base / "parity" / rel).parent.mkdir(parents=True, exist_ok=True)
        (base / "parity" / rel).write_text(text)
    commit_all(base / "parity")
    out = base / "out"
    records = build_executable_split([resolve(RepoSpec(path=str(base / "parity")))], out, allow_execution=True, seed=3,
                                     workers=1, report=BuildReport(), use_pynguin=False, mutants=4)
    by_name = {r["entry_point"]: r for r in records}
    if set(by_name) != {"is_even"}:
        stats = out / "python" / "executable_stats.json"
        pytest.fail(f"the problem was not built: {sorted(by_name)}; {stats.read_text()[:3000] if stats.exists() else ''}")
    record = by_name["is_even"]
    if not record.get("value_checks") or len(record["value_checks"]) < 3:
        pytest.fail(f"the three assertions are not host-checked sites: {record.get('value_checks')}")
    split = base / "split" / "executable.jsonl"
    split.parent.mkdir()
    split.write_text(json.dumps(without_root(record)) + "\n")
    write_roots(split.parent, records, name_key="project")
    return record, split


def evaluate(built, tmp_path, generations: dict[str, str]) -> dict[str, dict]:
    record, split = built
    preds = tmp_path / "preds.jsonl"
    preds.write_text("".join(json.dumps({"task_id": record["id"], "context_size": context, "generations": [code]}) + "\n"
                             for context, code in generations.items()))
    results = tmp_path / "results.jsonl"
    evaluate_executable(split, preds, results, settings=RunSettings(timeout=120, test_timeout=60, python=sys.executable))
    return {row["context_size"]: row for row in map(json.loads, results.read_text().splitlines())}


def test_a_wrong_value_past_a_full_channel_budget_does_not_pass(built, tmp_path):
    """Forged verdict (executable evaluation; the build's gold and mutation gates and the Python
    class evaluation read values the same way). Every site of the problem is host-only: the
    ``assert`` is gone from the program the sandbox runs, each *different* value is sent over the
    verdict channel and judged on the host. The channel keeps records up to ``CHANNEL_MAX_BYTES``
    (32 MiB) and drops the rest, counting them in ``overflow``, which ``run_problem_tests`` only
    mentions in ``detail``; the end-of-session record is kept beyond the budget, and the small
    outcome records still fit in what is left. An answer that returns big truthy strings where a
    truthy site expects ``True`` (each one *holds* on the host) fills the budget; its wrong value
    at the falsy site (a 4 MB truthy string for odd ``n >= 21``) no longer fits and is dropped;
    the site's kept values are all ``False``: **passed**. The same wrong answer without the
    fill fails (control). Safe: a run whose channel dropped a value record (``overflow``) is not
    a pass (``incomplete``), or each test's values are bounded so that the budget cannot fill."""
    rows = evaluate(built, tmp_path, {"gold": built[0]["solution"], "no_fill": NO_FILL, "fill": FILL})
    print(json.dumps({k: {f: v.get(f) for f in ("passed", "status", "tests_passed", "detail")} for k, v in rows.items()},
                     indent=1)[:4000])
    if not rows["gold"]["passed"]:
        pytest.fail(f"gold does not pass: {rows['gold']}")
    if rows["no_fill"]["passed"]:
        pytest.fail(f"the wrong answer passes without the fill: {rows['no_fill']}")
    assert not rows["fill"]["passed"], rows["fill"].get("detail")
