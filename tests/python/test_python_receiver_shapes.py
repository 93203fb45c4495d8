"""Receivers typed without running code, second set (the Python misses of the held-out batch of
2026-11-26, now tuning cases: pyjwt and structlog shapes, written here from scratch):

- a value returned by a method with a return annotation while astroid infers many instances of
  subclasses from its body (``method = self.method_named(name)`` with ``-> Method``, the body a
  lookup in a dict of ten subclass instances): the annotation's class declares the member;
- an element of an annotated collection: ``all_methods()[name].refund`` with
  ``-> dict[str, Method]``, ``for item in basket.items`` with ``self.items: list[Item]``;
- a parameter annotated with a union, narrowed by ``isinstance``;
- ``cls: type[P]`` (``P`` a Protocol of another file), then ``made = cls()``, ``made.member``;
- a dunder called through a class of another file (``Renderer.__call__(self, ...)``).

Checked with the real Pylint and our plugins.
"""

from __future__ import annotations

import pytest

from tests.python.helpers import usages_of

pytestmark = pytest.mark.pylint

_METHODS = ", ".join(f'"m{i}": {"Card" if i % 2 else "Cash"}()' for i in range(10))
FIXTURE = {
    "shop/__init__.py": "",
    "shop/pay.py": (
        "from typing import Protocol\n"
        "class Method:\n"
        "    def charge(self, amount):\n"
        "        raise NotImplementedError\n"
        "    def refund(self, amount):\n"
        "        raise NotImplementedError\n"
        "class Card(Method):\n"
        "    def charge(self, amount):\n"
        "        return amount\n"
        "    def refund(self, amount):\n"
        "        return -amount\n"
        "class Cash(Method):\n"
        "    def charge(self, amount):\n"
        "        return amount + 1\n"
        "    def refund(self, amount):\n"
        "        return 0\n"
        "def all_methods() -> dict[str, Method]:\n"
        f"    return {{{_METHODS}}}\n"
        "class Item:\n"
        "    def __init__(self, price):\n"
        "        self.price = price\n"
        "        self.label = str(price)\n"
        "class Basket:\n"
        "    def __init__(self, prices):\n"
        "        self.items: list[Item] = []\n"
        "        for p in prices:\n"
        "            self.items.append(Item(p))\n"
        "class Printer(Protocol):\n"
        "    def emit(self, text: str) -> None: ...\n"
        "class Renderer:\n"
        "    def __call__(self, text):\n"
        "        return text.upper()\n"
    ),
    "shop/till.py": (
        "from shop.pay import Method, Item, Basket, Printer, Renderer, all_methods\n"
        "class Till:\n"
        "    def __init__(self):\n"
        "        self._methods = all_methods()\n"
        "    def method_named(self, name: str) -> Method:\n"
        "        return self._methods[name]\n"
        "    def take(self, name, amount):\n"
        "        method = self.method_named(name)\n"
        "        return method.charge(amount)\n"                      # 9
        "    def back(self, name, amount):\n"
        "        return all_methods()[name].refund(amount)\n"        # 11
        "    def total(self, basket: Basket):\n"
        "        return sum(item.price for item in basket.items)\n"  # 13
        "    def labels(self, basket: Basket):\n"
        "        out = []\n"
        "        for item in basket.items:\n"
        "            out.append(item.label)\n"                         # 17
        "        return out\n"
        "def describe(thing: Item | str | bytes) -> str:\n"
        "    if isinstance(thing, Item):\n"
        "        return thing.label\n"                                # 21
        "    return str(thing)\n"
        "def make_printer(cls: type[Printer]) -> None:\n"
        "    made = cls()\n"
        "    made.emit('ready')\n"                                     # 25
        "class LoudRenderer(Renderer):\n"
        "    def __call__(self, text):\n"
        "        return Renderer.__call__(self, text) + '!'\n"       # 28
    ),
}

EXPECTED = {
    (9, "charge"), (11, "refund"),  # return annotation over many subclass values; dict value
    (13, "price"), (17, "label"),   # elements of an attribute annotated list[Item]
    (21, "label"),                  # isinstance narrowing of a union parameter
    (25, "emit"),                   # an instance of cls: type[Printer]
    (28, "__call__"),               # a dunder called through the class
}


@pytest.fixture(scope="module")
def found(tmp_path_factory):
    usages, report, _ = usages_of(tmp_path_factory.mktemp("shapes") / "repo", FIXTURE)
    assert not [k for k in report.counts if k.startswith("files/checker")], dict(report.counts)
    return {(u.line, u.member): u for u in usages if u.file == "shop/till.py" and u.member}


@pytest.mark.parametrize("line, member", sorted(EXPECTED))
def test_member_of_a_receiver_typed_without_running_code(found, line, member):
    assert (line, member) in found, sorted(found)
    assert found[(line, member)].definition_file == "shop/pay.py"


def test_no_member_is_attributed_that_the_fixture_does_not_use(found):
    assert set(found) <= EXPECTED | {(13, "items"), (16, "items")}, sorted(set(found) - EXPECTED)
