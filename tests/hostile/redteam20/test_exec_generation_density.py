"""Row 2: the executable evaluation refuses a generation over ``EXEC_GENERATION_MAX_BYTES``
(1,000,000 bytes) before any host parse (red team 16 row 4, measured then with ``x = 1`` lines:
about 250 bytes of host memory per byte). Under the cap the host still parses the generation
with ``ast.parse`` (``sandbox/checks.py``: ``extract_function_source``, then the module with the
generation spliced in), and Python's syntax tree of a data table is about 500 bytes per byte
(``a,a,...`` about 700, ``a;a;...`` about 870). Here the right function with, after its
``return``, a table of one-digit numbers (never run), 0.6 MB in all: the right answer, judged
``passed``, and the evaluator's memory. (At 0.98 MB and load 20 the generation was refused
``generation_not_parsed``: tree-sitter's guard child (``lang/base.py`` ``_guarded``) is killed
past 4 x its CPU budget + 5 s of *wall* time, so a loaded evaluator refuses large honest
generations; a precondition here, not the attack.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.hostile.redteam18._exec import SCALE_REPOSITORY, built_problem, predictions
from tests.hostile.redteam20._peak_call import measured
from tests.hostile.redteam20._shapes import digit_rows

pytestmark = pytest.mark.slow

RIGHT = '''def scale(values, factor):
    out = []
    for value in values:
        out.append(value * factor)
    return out
'''


def dense(size: int) -> str:
    """The right function and, after its return, a table of ``size`` bytes (never run)."""
    return RIGHT + "    _TABLE = (\n" + digit_rows(size, "        ") + "    )\n"


@pytest.fixture(scope="module")
def split(tmp_path_factory):
    return built_problem(tmp_path_factory.mktemp("redteam20-exec"), "calc",
                         SCALE_REPOSITORY, "scale")


def _evaluate(split_path: Path, task_id: str, context: str, code: str, work: Path) -> dict:
    preds, results = predictions(work, task_id, {context: code})
    return measured("evaluate", str(split_path), str(preds), str(results), timeout=1500, what="the evaluation")


def test_a_generation_under_the_byte_cap_cannot_take_the_evaluators_memory(split, tmp_path):
    record, split_path = split
    code = dense(600_000)
    if len(code.encode()) > 1_000_000:
        pytest.fail("precondition: the generation must be under EXEC_GENERATION_MAX_BYTES")
    control = _evaluate(split_path, record["id"], "right", RIGHT, tmp_path / "control")
    attack = _evaluate(split_path, record["id"], "table", code, tmp_path / "attack")
    if not control["rows"].get("right", {}).get("passed"):
        pytest.fail(f"control: the right function must pass: {control}")
    if attack["rows"].get("table", {}).get("status") != "passed":
        pytest.fail(f"precondition: the right function with its table must be judged and pass: {attack}")
    print(control, attack)
    assert attack["grown_mb"] - control["grown_mb"] < 128, (control["grown_mb"], attack["grown_mb"])


def test_a_published_splits_test_program_cannot_take_the_evaluators_memory(split, tmp_path):
    """Row 6: a published executable split (from the Hub: red team 2 rows 8-10, red team 8 rows
    1-2's attacker) whose problem carries its own test program with a 0.6 MB table at module level
    (valid Python, run in the sandbox in a moment). No field of a record is capped but the line
    (``JSONL_LINE_MAX_BYTES``, 256 MiB); the host instruments each program (``values.instrument``:
    ``ast.parse`` twice) for every generation and parses it again to read the values back."""
    from crossfile_datasets.core.repository_roots import without_root, write_roots

    record, split_path = split
    hostile = dict(record)
    hostile["test_list"] = [record["test_list"][0] + "\n\n_TABLE = (\n" + digit_rows(600_000) + ")\n",
                            *record["test_list"][1:]]
    path = tmp_path / "hostile" / "executable.jsonl"
    path.parent.mkdir()
    path.write_text(json.dumps(without_root(hostile)) + "\n")
    write_roots(path.parent, [record], name_key="project")
    control = _evaluate(split_path, record["id"], "right", RIGHT, tmp_path / "control")
    attack = _evaluate(path, record["id"], "right", RIGHT, tmp_path / "attack")
    if not control["rows"].get("right", {}).get("passed") or not attack["rows"].get("right", {}).get("passed"):
        pytest.fail(f"precondition: the right function must pass both: {control}, {attack}")
    print(control, attack)
    assert attack["grown_mb"] - control["grown_mb"] < 128, (control["grown_mb"], attack["grown_mb"])
