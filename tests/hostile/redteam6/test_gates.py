"""The class build's gates judge the tests once, at build time, on variants of the class they can
recognize (the original, the emptied class, the throwing stub, one-method mutants of the
original); the evaluation then trusts the same tests with any class. A repository whose tests
tell the gates' variants from everything else keeps its tasks through every gate and lets every
answer pass at evaluation."""

from __future__ import annotations

import hashlib
import json

import pytest

from crossfile_datasets.builders.classlevel.build import build_class_split
from crossfile_datasets.core.records import Repository
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.evaluation.classlevel import evaluate_class
from tests.classlevel.fixture import SHOP
from tests.conftest import write_tree

pytestmark = pytest.mark.slow

_CART = SHOP["pkg/cart.py"]
GOLD_CLASS = _CART[_CART.index("class Cart:"):_CART.index("class Untested:")]


def _line_hash(line: str) -> str:
    return hashlib.sha256(line.strip().encode()).hexdigest()[:16]


# The repository's tests: honest while the class is the original, one of its one-line mutants
# (at most one line not in the original), or has no ``return`` at all (the emptied class, the
# throwing stub); for any other class (a model's) they assert nothing. The expected values are
# names, not literals, so no assertion is a host-checked site (a literal one would report no
# value and fail: red team 1, row 8). Nothing here depends on the machine, the folder or the time.
TESTS = '''import inspect

from pkg import cart as cart_module
from pkg.cart import Cart

GOLD_LINES = {gold!r}
SUBTOTAL, TOTAL, DESCRIPTION = 5.5, 5.0, "1 lines, 5.0 EUR"


def _judged():
    import hashlib
    source = inspect.getsource(cart_module.Cart)
    lines = [line.strip() for line in source.splitlines() if line.strip()]
    changed = [line for line in lines if hashlib.sha256(line.encode()).hexdigest()[:16] not in GOLD_LINES]
    return "return" not in source or len(changed) <= 1


def test_subtotal():
    cart = Cart({{"a": 2.0, "b": 1.5}}).add("a", 2).add("b")
    if _judged():
        assert cart.subtotal() == SUBTOTAL


def test_total():
    cart = Cart({{"a": 4.0}}).add("a")
    if _judged():
        assert cart.total() == TOTAL


def test_describe():
    cart = Cart({{"a": 4.0}}).add("a")
    if _judged():
        assert cart.describe() == DESCRIPTION


def test_add_returns_the_cart():
    cart = Cart({{"a": 1.0}})
    if _judged():
        assert cart.add("a") is cart
'''

# A model's wrong class: nothing is added, every sum is 0, the currency and description are wrong.
WRONG = '''class Cart:
    currency = "USD"

    def __init__(self, prices):
        self.prices = {}
        self.lines = []

    def add(self, sku, count=1):
        return self

    def subtotal(self):
        return 0

    def total(self):
        return 0

    def describe(self):
        return ""
'''


def test_tests_that_recognize_the_gates_variants_do_not_let_a_wrong_class_pass(tmp_path):
    """Forged verdict planted at build time (class build's gates -> class evaluation, every
    language; shown in Python). The gates (docs/classlevel.md, steps 5-7) run before publication
    on classes the repository's tests can recognize from their own source (``inspect.getsource``
    here; Java and C# tests read the class file or reflect on it): the original passes, the
    emptied class, the throwing stub and the mutants fail, so the task is kept with a perfect
    mutant score; at evaluation a class that is none of them passes whatever it does. The same
    works with any signal that differs between the build and the evaluation (a date: a time bomb
    no build-time gate can see). Known variants run again at evaluation would be recognized too:
    only controls drawn afresh that look like an answer (README, advice 5) tell such a task apart."""
    gold = sorted({_line_hash(line) for line in GOLD_CLASS.splitlines() if line.strip()})
    # only the Cart task's tests (the other candidates' would only add gate runs)
    files = {path: text for path, text in SHOP.items() if not path.startswith("tests/test_")}
    files["tests/test_cart.py"] = TESTS.format(gold=set(gold))
    root = write_tree(tmp_path / "shop", files)
    report = BuildReport()
    records, _ = build_class_split("python", [Repository("shop", root, "", "", "MIT")], tmp_path / "out",
                                   allow_execution=True, report=report)
    carts = [r for r in records if r.get("class_name") == "Cart"]
    refused = report.samples.get("tasks/tests_pass_disguised_control", [])
    if not carts and any("Cart" in str(sample) for sample in refused):
        return  # contained: the build refuses the task (its tests pass a disguised control), counted
    if len(carts) != 1:
        pytest.fail(f"the Cart task was not built: {[r['id'] for r in records]}, {dict(report.counts)}")
    (task,) = carts
    check = task.get("wrong_class_check") or {}
    if not check.get("mutants_run") or check.get("mutants_caught") != check.get("mutants_run"):
        pytest.fail(f"the wrong-class gate did not run or its mutants survived: {check}")
    preds = tmp_path / "preds.jsonl"
    preds.write_text(json.dumps({"task_id": task["id"], "generations": [WRONG]}) + "\n")
    summary = evaluate_class(tmp_path / "out" / "python" / "class.jsonl", preds, ks=(1,))
    (row,) = summary["generations"]
    if not row.get("compiled", True) or row.get("tests_total", 0) < 1:
        pytest.fail(f"the wrong class did not run: {row}")
    assert not row["passed"], {k: row.get(k) for k in ("status", "passed", "tests_passed", "tests_total")}
