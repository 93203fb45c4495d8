"""Receivers typed without running code (issue 28, Python: found on a packaging library).

- a member of a value returned by a function with a return annotation
  (``parsed = _parse_requirement(...)`` with ``-> ParsedRequirement``, then ``parsed.name``);
- attributes and variables typed by an annotation (``self.oven: Oven | None = factory()``,
  ``oven: Oven = factory()``) and class-level fields (``tray: Tray``, dataclass fields);
- values of a classmethod constructor (``Tray.from_size(3).load()``) and members reached
  through a value whose type the file never names (``order.tray.load()``): Pylint's own
  inference of the unmodified copy (``crossfile_resolved``, ``mode="resolved"``).

The fixture is written for these tests and checked with the real Pylint.
"""

from __future__ import annotations

import pytest

from crossfile_datasets.analyzers.crossfile import first_uses
from tests.python.helpers import usages_of

pytestmark = pytest.mark.pylint

FIXTURE = {
    "bakery/__init__.py": "",
    "bakery/parse.py": (
        "from typing import NamedTuple\n"
        "class Parsed(NamedTuple):\n"
        "    name: str\n"
        "    extras: list\n"
        "def parse(text: str) -> Parsed:\n"
        "    return _build(text)\n"
        "def _build(text):\n"
        "    return Parsed(*text.split())\n"
        "def words(text: str) -> list:\n"
        "    return text.split()\n"
    ),
    "bakery/oven.py": (
        "from dataclasses import dataclass\n"
        "class Oven:\n"
        "    def heat(self):\n"
        "        return 1\n"
        "class Tray:\n"
        "    size = 2\n"
        "    @classmethod\n"
        "    def from_size(cls, n) -> 'Tray':\n"
        "        return make(cls, n)\n"
        "    def load(self):\n"
        "        return self.size\n"
        "def make(kind, n):\n"
        "    return kind()\n"
        "@dataclass\n"
        "class Order:\n"
        "    tray: Tray\n"
        "    count: int = 1\n"
    ),
    "bakery/recipe.py": (
        "from bakery.parse import parse as _parse, words\n"
        "from bakery.oven import Oven, Tray, Order\n"
        "class Recipe:\n"
        "    tray: Tray\n"
        "    def __init__(self, text, factory):\n"
        "        parsed = _parse(text)\n"
        "        self.name = parsed.name\n"                       # 7: function value, return annotation
        "        self.oven: Oven | None = factory()\n"
        "        self.count = len(words(text).copy())\n"           # 9: function value, not a project class
        "    def bake(self):\n"
        "        if self.oven is not None:\n"
        "            self.oven.heat()\n"                          # 12: annotated attribute
        "        return self.tray.load()\n"                       # 13: class-level annotation
        "    def copy(self):\n"
        "        tray = Tray.from_size(3)\n"                      # 15: from_size
        "        return tray.load()\n"                            # 16: classmethod constructor's value
        "def ship(order: Order):\n"
        "    return order.tray.load()\n"                          # 18: tray (dataclass field), load
        "def local(factory) -> None:\n"
        "    oven: Oven = factory()\n"
        "    oven.heat()\n"                                       # 21: annotated local
        "def refill(order: Order) -> None:\n"
        "    order.tray.size = 4\n"                               # 23: a member written, not read
    ),
}


@pytest.fixture(scope="module")
def found(tmp_path_factory):
    return usages_of(tmp_path_factory.mktemp("r") / "bakery_repo", FIXTURE)


def test_members_of_receivers_typed_without_running_code(found):
    usages, report, _ = found
    members = {(u.line, u.member, u.definition_file, u.definition_symbol) for u in usages
               if u.file == "bakery/recipe.py" and u.member}
    assert members == {
        (7, "name", "bakery/parse.py", "Parsed.name"),
        (12, "heat", "bakery/oven.py", "Oven.heat"),
        (13, "load", "bakery/oven.py", "Tray.load"),
        (15, "from_size", "bakery/oven.py", "Tray.from_size"),
        (16, "load", "bakery/oven.py", "Tray.load"),
        (18, "tray", "bakery/oven.py", "Order.tray"),
        (18, "load", "bakery/oven.py", "Tray.load"),
        (21, "heat", "bakery/oven.py", "Oven.heat"),
        (23, "tray", "bakery/oven.py", "Order.tray"),
        (23, "size", "bakery/oven.py", "Tray.size"),
    }
    # `words(text).copy()`: the function returns a list, its members are not the project's
    assert report.counts["usages/member_of_function_value"] >= 1
    assert report.metrics["checker/pylint_resolved_uses"] >= 2


def test_resolved_uses_share_the_first_use_key_of_stub_uses(found):
    usages, _, facts = found
    recipe = [u for u in usages if u.file == "bakery/recipe.py"]
    loads = [u for u in recipe if u.member == "load"]
    assert {u.mode for u in loads} == {"empty_class", "resolved"}
    assert len({u.first_use_key for u in loads}) == 1  # one entity: its first use is line 13
    assert [u.line for u in first_uses(recipe) if u.member == "load"] == [13]
    lines = facts["bakery/recipe.py"].file.text.split("\n")
    for u in recipe:
        entity = u.member or u.imported_name
        assert lines[u.line - 1][u.column:u.column + len(entity)] == entity
