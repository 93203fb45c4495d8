"""A small fixture repository for the class-level tests: a package with classes that are
candidates (covered by passing tests that name them, with external references) and classes
rejected for each named reason, and a real pytest suite."""
from __future__ import annotations

from pathlib import Path

from crossfile_datasets.core.records import Repository
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.lang import Lang, get_language
from crossfile_datasets.lang.classes import extractor_for
from crossfile_datasets.lang.sources import list_sources
from tests.conftest import write_tree


def analyzed(root: Path, lang: Lang, name: str = "ex"):
    """A repository written for a test, as the class build sees it: (language, facts, classes)."""
    language = get_language(lang)
    files, _ = list_sources(Repository(name, root, "", "", ""), language, BuildReport())
    facts = language.analyze_files(str(root), files)
    return language, facts, [c for p in sorted(facts) for c in extractor_for(lang)(facts[p])]


def selected(root: Path, lang: Lang, tests: int, name: str = "ex"):
    """A written repository's suite run under coverage (``tests`` tests, every one passing), then
    Stage 2: (facts, suite, candidates by class name, the selection's report)."""
    from crossfile_datasets.analyzers.graph import build_graph
    from crossfile_datasets.builders.classlevel.candidates import Thresholds, select_candidates
    from crossfile_datasets.sandbox.suites import runner_for

    language, facts, classes = analyzed(root, lang, name)
    suite = runner_for(lang).run(root, None, coverage=True, limits=None)
    outcomes = suite.outcomes()
    assert len(outcomes) == tests and all(o.value == "passed" for o in outcomes.values()), suite.log[-3000:]
    report = BuildReport()
    cands = select_candidates(lang, language, facts, classes, suite, build_graph(name, lang.value, facts, []),
                              Thresholds(), report, "")
    return facts, suite, {c.info.name: c for c in cands}, report

SHOP = {
    "pkg/__init__.py": "",
    "pkg/money.py": '''"""Money helpers."""
TAX = 0.25


def round_money(value):
    return round(value, 2)


def with_tax(value):
    return round_money(value * (1 + TAX))
''',
    "pkg/units.py": '''"""Quantities."""


class Quantity:
    """A positive count of items."""

    def __init__(self, count):
        if count <= 0:
            raise ValueError("count must be positive")
        self.count = count

    def times(self, price):
        return price * self.count
''',
    "pkg/cart.py": '''"""Shopping carts."""
from pkg.money import round_money, with_tax
from pkg.units import Quantity

DEFAULT_CURRENCY = "EUR"


def label(sku):
    return sku.upper()


class Cart:
    """A cart of priced lines."""

    currency = DEFAULT_CURRENCY

    def __init__(self, prices):
        """Start empty with a price table (sku -> unit price)."""
        self.prices = dict(prices)
        self.lines = []

    def add(self, sku, count=1):
        """Add ``count`` items of ``sku``."""
        self.lines.append((label(sku), Quantity(count)))
        return self

    def subtotal(self):
        """Sum of the lines before tax."""
        return round_money(sum(q.times(self.prices[s.lower()]) for s, q in self.lines))

    def total(self):
        """Sum of the lines with tax."""
        return with_tax(self.subtotal())

    def describe(self):
        return f"{len(self.lines)} lines, {self.total()} {self.currency}"


class Untested:
    """Makes external references but no test runs it."""

    def price(self, value):
        return round_money(value)

    def taxed(self, value):
        return with_tax(value)


class Lonely:
    """Tested, but refers to nothing outside itself."""

    def __init__(self):
        self.n = 0

    def bump(self):
        self.n += 1
        return self.n


class Broken:
    """Its only test fails on the original repository."""

    def half(self, value):
        return round_money(value / 2)

    def double(self, value):
        return with_tax(value) * 0 + value * 2


class OneMethod:
    """Only one covered method makes an external reference."""

    def taxed(self, value):
        return with_tax(value)

    def plain(self, value):
        return value
''',
    "pkg/receipt.py": '''"""Receipts: only reached through print_receipt in the tests."""
from pkg.money import round_money, with_tax


class Receipt:
    def __init__(self, amount):
        self.amount = amount

    def net(self):
        return round_money(self.amount)

    def gross(self):
        return with_tax(self.amount)


def print_receipt(amount):
    receipt = Receipt(amount)
    return f"{receipt.net()} / {receipt.gross()}"
''',
    "tests/__init__.py": "",
    "tests/test_receipt.py": '''from pkg.receipt import print_receipt


def test_print_receipt():
    assert print_receipt(4) == "4 / 5.0"
''',
    "tests/test_cart.py": '''from pkg.cart import Broken, Cart, Lonely, OneMethod


def test_subtotal():
    cart = Cart({"a": 2.0, "b": 1.5}).add("a", 2).add("b")
    assert cart.subtotal() == 5.5


def test_total_and_describe():
    cart = Cart({"a": 4.0}).add("a")
    assert cart.total() == 5.0
    assert cart.describe() == "1 lines, 5.0 EUR"


def test_lonely():
    box = Lonely()
    box.bump()
    assert box.bump() == 2


def test_broken():
    assert Broken().half(3) == 1.5
    assert Broken().double(2) == 5


def test_one_method():
    assert OneMethod().taxed(4) == 5.0
    assert OneMethod().plain(3) == 3
''',
    "tests/test_units.py": '''import pytest

from pkg.units import Quantity


@pytest.mark.parametrize("count", [1, 3])
def test_times(count):
    assert Quantity(count).times(2) == 2 * count


def test_positive():
    with pytest.raises(ValueError):
        Quantity(0)
''',
}


def write_shop(root: Path) -> Path:
    return write_tree(root, SHOP)
