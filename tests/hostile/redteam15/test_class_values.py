"""Red team 2026-11-29b rows 1-3 on the other path that judges reported values: the Python class
evaluation (``evaluate_class`` -> the Python suite runner -> ``values.observe_per_test`` ->
``judge_per_test``), on a class task built the real way (``build_class_split``: the suite under
coverage, the gold gate recording ``value_checks``, the emptied-class and wrong-class gates).
The README's rows were measured on the executable evaluation; this is the same decoder and the
same judgement reached through the class split's runner. Generated classes only *return
values*: no patching, no access to the plugin, the token or the channel."""

from __future__ import annotations

import json

import pytest

from crossfile_datasets.builders.classlevel.build import build_class_split
from crossfile_datasets.core.records import Repository
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.evaluation.classlevel import evaluate_class
from tests.conftest import write_tree

pytestmark = pytest.mark.slow

STOCK = {
    "inv/__init__.py": "",
    "inv/names.py": '''"""Names of stock-keeping units."""


def norm(sku):
    return sku.strip().lower()
''',
    "inv/stock.py": '''"""A stock of items."""
from inv.names import norm


class Stock:
    """Counts of items by stock-keeping unit."""

    def __init__(self):
        self.items = {}

    def add(self, sku, count=1):
        """Add ``count`` items of ``sku``."""
        key = norm(sku)
        self.items[key] = self.items.get(key, 0) + count
        return self

    def has(self, sku):
        """Whether ``sku`` is in stock."""
        return norm(sku) in self.items

    def is_empty(self):
        """Whether nothing is in stock."""
        return len(self.items) == 0

    def skus(self):
        """The units in stock, as a set."""
        return {norm(sku) for sku in self.items}

    def counts(self):
        """How many items of each unit, as a dict."""
        return {norm(sku): n for sku, n in self.items.items()}
''',
    "tests/__init__.py": "",
    "tests/test_stock.py": '''from inv.stock import Stock


def test_empty():
    assert Stock().is_empty()


def test_not_empty():
    assert not Stock().add("a").is_empty()


def test_has():
    assert Stock().add(" A").has("a")


def test_has_not():
    assert not Stock().add("a").has("b")


def test_skus():
    assert Stock().add("a").add("B").add("b").skus() == {"a", "b"}


def test_counts():
    assert Stock().add("a").add("B").add("b").counts() == {"a": 1, "b": 2}
''',
}

# The generated classes are the original with some methods' bodies changed (the file's imports kept).
ORIGINAL = STOCK["inv/stock.py"]
# Row 2: ``is_empty`` returns an ``int`` subclass whose truth is always true (content 0 when not empty).
# Row 1: ``skus`` and ``counts`` add ``str``-subclass elements (keys, with a wrong count 99) of the same texts.
HOSTILE = ORIGINAL.replace("        return len(self.items) == 0\n", """        class Flag(int):
            def __bool__(self):
                return True

        return Flag(len(self.items) == 0)
""").replace("        return {norm(sku) for sku in self.items}\n", """\
        return {norm(s) for s in self.items} | {Stock.Word(norm(s)) for s in self.items}
""").replace("        return {norm(sku): n for sku, n in self.items.items()}\n", """\
        out = {Stock.Word(norm(s)): 99 for s in self.items}
        out.update((norm(s), n) for s, n in self.items.items())
        return out

    class Word(str):
        __hash__ = object.__hash__

        def __eq__(self, other):
            return self is other
""")
# Row 3: a correct class whose ``has`` returns a match (truthy) or None, as idiomatic Python may.
MATCHING = ORIGINAL.replace("        return norm(sku) in self.items\n", """        import re

        return re.search("(?m)^" + re.escape(norm(sku)) + "$", "\\n".join(self.items))
""")
assert "return Flag(" in HOSTILE and HOSTILE.count("Stock.Word(norm(s))") == 2 and "re.search" in MATCHING


@pytest.fixture(scope="module")
def judged(tmp_path_factory):
    base = tmp_path_factory.mktemp("redteam15-class")
    root = base / "inv"
    write_tree(root, STOCK)
    build_class_split("python", [Repository("inv", root, "", "", "MIT")], base / "out", allow_execution=True,
                      report=BuildReport())
    split = base / "out" / "python" / "class.jsonl"
    tasks = [json.loads(line) for line in split.read_text().splitlines()] if split.exists() else []
    found = [t for t in tasks if t["class_name"] == "Stock"]
    if not found:
        stats = base / "out" / "python" / "class_stats.json"
        pytest.fail(f"no Stock task: {stats.read_text()[:3000] if stats.exists() else tasks}")
    (task,) = found
    preds = base / "preds.jsonl"
    generations = [task["class_source"], HOSTILE, MATCHING]
    preds.write_text(json.dumps({"task_id": task["id"], "generations": generations}) + "\n")
    summary = evaluate_class(split, preds, ks=(1,))
    gold, hostile, matching = summary["generations"]
    print(json.dumps({"value_checks": task["value_checks"], "hostile": hostile, "matching": matching}, indent=1)[:6000])
    if not gold["passed"]:
        pytest.fail(f"the original class does not pass: {gold}")
    return task, hostile, matching


def test_the_class_tasks_truth_sites_are_checked_on_the_host(judged):
    """Precondition: every repository test's site is host-checked (the original class's values
    were plain: bools, a set, a dict)."""
    task, _, _ = judged
    assert sorted(c["test"].rsplit("::", 1)[1] for c in task["value_checks"]) == \
        ["test_counts", "test_empty", "test_has", "test_has_not", "test_not_empty", "test_skus"]


def test_a_collapsing_set_dict_and_an_always_true_flag_fail_the_class_evaluation(judged):
    """Rows 1 and 2 through the class split's runner: the padded ``skus()`` / ``counts()`` are
    opaque on the host, the always-true ``is_empty()`` fails ``assert not ...``; the tests whose
    values are right (``test_empty``: the flag is truthy, ``has``) still pass."""
    _, hostile, _ = judged
    assert not hostile["passed"], hostile
    assert hostile["tests_passed"] == 3, hostile  # test_empty, test_has, test_has_not
    assert "equal content" in hostile["detail"] and "expected falsy" in hostile["detail"], hostile


def test_a_correct_class_returning_a_match_passes_the_class_evaluation(judged):
    """Row 3 through the class split's runner: ``has`` returning a ``re.Match`` or ``None`` passes
    ``assert s.has("a")`` and ``assert not s.has("b")`` in plain pytest, and on the host."""
    _, _, matching = judged
    assert matching["passed"], matching
    assert matching["tests_passed"] == 6, matching
