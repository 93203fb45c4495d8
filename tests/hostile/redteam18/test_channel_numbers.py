"""Row 1: a number the harness plugin itself writes on the verdict channel that the host's JSON
reader refuses to convert. Python 3.11 limits int <-> str conversion to 4,300 digits; the run's
code lifts the limit in its own interpreter (``sys.set_int_max_str_digits(0)``, a public API: no
patching, no token, no access to the plugin) and ends pytest with ``pytest.exit(returncode=10**5000)``.
The plugin's ``pytest_sessionfinish`` sends ``{"event": "session_end", "exitstatus": int(exitstatus)}``
with 5,001 digits; on the host ``json.loads`` raises ``ValueError`` (not ``JSONDecodeError``),
which ``sandbox/channel.py`` ``_Parser.line`` does not catch: the reader thread dies, and
``ResultChannel.finish`` raises it again out of the run. The evaluators take any exception but
``OSError`` for a bug of theirs and stop: one generation ends the whole evaluation."""

from __future__ import annotations

import sys

import pytest

from crossfile_datasets.evaluation.executable import RunSettings, evaluate_executable
from tests.hostile.redteam18._exec import built_problem, predictions, rows

pytestmark = pytest.mark.slow

CORE = '''"""Small arithmetic."""


def add(a, b):
    """The sum of ``a`` and ``b``."""
    total = a
    total = total + b
    return total


def scale(values, factor):
    """Every value of ``values`` times ``factor``, as a list."""
    out = []
    for value in values:
        out.append(value * factor)
    return out
'''
TESTS = '''from calc.core import add, scale


def test_add():
    assert add(2, 3) == 5


def test_add_negative():
    assert add(-2, 3) == 1


def test_scale():
    assert scale([1, 2], 3) == [3, 6]
'''

# the attack: the run lifts its own interpreter's limit, then ends pytest with a 5,001-digit status
HUGE_STATUS = '''def scale(values, factor):
    import sys

    import pytest

    sys.set_int_max_str_digits(0)
    pytest.exit("done", returncode=10 ** 5000)
'''
# control: the same exit with a small status is judged (not passed) and the evaluation goes on
SMALL_STATUS = '''def scale(values, factor):
    import pytest

    pytest.exit("done", returncode=3)
'''
WRONG = '''def scale(values, factor):
    return [value + factor for value in values]
'''


@pytest.fixture(scope="module")
def split(tmp_path_factory):
    return built_problem(tmp_path_factory.mktemp("redteam18-exec"), "calc",
                         {"calc/__init__.py": "", "calc/core.py": CORE, "tests/test_core.py": TESTS}, "scale")


def _evaluate(split_path, task_id: str, generations: dict[str, str], work):
    """evaluate_executable on one row per context: (result rows by context, the exception it raised)."""
    preds, results = predictions(work, task_id, generations)
    raised = None
    try:
        evaluate_executable(split_path, preds, results,
                            settings=RunSettings(timeout=120, test_timeout=60, python=sys.executable))
    except Exception as exc:  # noqa: BLE001 - what the attack makes the evaluator do
        raised = exc
    return (rows(results) if results.exists() else {}), raised


def test_a_number_the_host_cannot_convert_does_not_stop_the_evaluation(split, tmp_path):
    record, split_path = split
    # controls, in an evaluation of their own: gold passes, a wrong answer and the small exit fail
    got, raised = _evaluate(split_path, record["id"], {"gold": record["solution"], "wrong": WRONG,
                                                       "small": SMALL_STATUS}, tmp_path / "controls")
    if raised is not None or set(got) != {"gold", "wrong", "small"}:
        pytest.fail(f"control: the evaluation of the controls did not finish: {raised!r} {sorted(got)}")
    if not got["gold"]["passed"] or got["wrong"]["passed"] or got["small"]["passed"]:
        pytest.fail(f"control: gold must pass, the wrong answer and the small exit fail: "
                    f"{ {k: (v['passed'], v['status']) for k, v in got.items()} }")
    # the attack first, then gold: a generation's run must not decide whether the others are judged
    got, raised = _evaluate(split_path, record["id"], {"attack": HUGE_STATUS, "gold_after": record["solution"]},
                             tmp_path / "attack")
    print(f"raised: {raised!r}"[:600], {k: (v.get("passed"), v.get("status")) for k, v in got.items()})
    assert raised is None and set(got) == {"attack", "gold_after"}, f"the evaluation stopped: {raised!r}"[:600]
    assert not got["attack"]["passed"] and got["gold_after"]["passed"]
    # the record was counted, not skipped silently: the run's channel is untrusted
    assert got["attack"]["status"] == "incomplete" and "cannot read" in got["attack"]["detail"], got["attack"]
