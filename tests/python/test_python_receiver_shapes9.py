"""Receivers typed without running code, ninth set: the Python misses of the held-out batch of
2026-11-28 (pytest-dev/pluggy, now a tuning case), written here from scratch:

- a loop variable over a collection whose annotation says what it holds, iterated through a
  builtin that keeps the elements (``reversed(items)``, ``sorted(...)``, ``list(...)``,
  ``tuple(...)``, ``iter(...)``), unpacked from ``enumerate(items)`` or from
  ``mapping.items()`` / ``.values()``;
- the value of a classmethod constructor annotated with a project generic
  (``box = Box.wrap(make)`` with ``-> Box[T]``, body ``return cls(...)``) and of a
  staticmethod annotated with the class;
- a value returned by a method annotated ``-> Child`` called on a parameter annotated with
  another class (``log = root.child("a")``), then its attributes (``log.root.depth``,
  ``sub.tags``).

Checked with the real Pylint and our plugins.
"""

from __future__ import annotations

import pytest

from tests.python.helpers import usages_of

pytestmark = pytest.mark.pylint

FIXTURE = {
    "shop/__init__.py": "",
    "shop/items.py": (
        "from __future__ import annotations\n"
        "from typing import Callable, Generic, TypeVar\n"
        "T = TypeVar('T')\n"
        "class Item:\n"
        "    def __init__(self, name: str, price: int) -> None:\n"
        "        self.name = name\n"
        "        self.price = price\n"
        "    def label(self) -> str:\n"
        "        return self.name\n"
        "    def weight(self) -> int:\n"
        "        return self.price\n"
        "    def stock(self) -> int:\n"
        "        return 0\n"
        "class Box(Generic[T]):\n"
        "    def __init__(self, value: T | None, error: BaseException | None) -> None:\n"
        "        self._value = value\n"
        "        self._error = error\n"
        "    @classmethod\n"
        "    def wrap(cls, make: Callable[[], T]) -> Box[T]:\n"
        "        value = error = None\n"
        "        try:\n"
        "            value = make()\n"
        "        except BaseException as exc:\n"
        "            error = exc\n"
        "        return cls(value, error)\n"
        "    @staticmethod\n"
        "    def empty() -> Box[None]:\n"
        "        return Box(None, None)\n"
        "    def unwrap(self) -> T:\n"
        "        if self._error is not None:\n"
        "            raise self._error\n"
        "        return self._value\n"
        "    def failed(self) -> bool:\n"
        "        return self._error is not None\n"
        "class Logger:\n"
        "    def __init__(self) -> None:\n"
        "        self.depth = 0\n"
        "    def child(self, name: str) -> Child:\n"
        "        return Child(self, (name,))\n"
        "class Child:\n"
        "    def __init__(self, root: Logger, tags: tuple[str, ...]) -> None:\n"
        "        self.root = root\n"
        "        self.tags = tags\n"
        "    def child(self, name: str) -> Child:\n"
        "        return self.__class__(self.root, self.tags + (name,))\n"
    ),
    "shop/use.py": (
        "from __future__ import annotations\n"
        "from typing import Dict, Sequence\n"
        "from shop.items import Box, Item, Logger\n"
        "def total(items: Sequence[Item], names: list[str]) -> int:\n"
        "    out = 0\n"
        "    for item in reversed(items):\n"
        "        out += item.price\n"                                   # 7: price
        "    for item2 in sorted(items, key=lambda i: i.price):\n"      # 8: price (a key lambda's parameter)
        "        print(item2.label())\n"                                # 9: label
        "    for index, entry in enumerate(items):\n"
        "        print(index, entry.name)\n"                            # 11: name
        "    for one in list(items):\n"
        "        out += one.weight()\n"                                 # 13: weight
        "    for name in reversed(names):\n"
        "        print(name.upper())\n"                                 # 15: a str: nothing
        "    return out\n"
        "def stocks(table: Dict[str, Item]) -> int:\n"
        "    return sum(value.stock() for key, value in table.items())\n"  # 18: stock
        "def boxed(make) -> None:\n"
        "    box = Box.wrap(make)\n"                                    # 20: wrap
        "    box.unwrap()\n"                                            # 21: unwrap
        "    print(Box.empty().failed())\n"                             # 22: empty, failed
        "def tree(root: Logger) -> None:\n"
        "    log = root.child('a')\n"                                   # 24: child
        "    log.root.depth += 1\n"                                     # 25: root, depth
        "    sub = log.child('b')\n"                                    # 26: child (Child)
        "    print(sub.tags)\n"                                         # 27: tags
    ),
}

EXPECTED = {
    ("shop/use.py", 7, "price"): "shop/items.py",
    # typed since session 2026-11-30 (an element of what `sorted` iterates: receiver shapes 14)
    ("shop/use.py", 8, "price"): "shop/items.py",
    ("shop/use.py", 9, "label"): "shop/items.py",
    ("shop/use.py", 11, "name"): "shop/items.py",
    ("shop/use.py", 13, "weight"): "shop/items.py",
    ("shop/use.py", 18, "stock"): "shop/items.py",
    ("shop/use.py", 20, "wrap"): "shop/items.py",
    ("shop/use.py", 21, "unwrap"): "shop/items.py",
    ("shop/use.py", 22, "empty"): "shop/items.py",
    ("shop/use.py", 22, "failed"): "shop/items.py",
    ("shop/use.py", 24, "child"): "shop/items.py",
    ("shop/use.py", 25, "root"): "shop/items.py",
    ("shop/use.py", 25, "depth"): "shop/items.py",
    ("shop/use.py", 26, "child"): "shop/items.py",
    ("shop/use.py", 27, "tags"): "shop/items.py",
}


@pytest.fixture(scope="module")
def found(tmp_path_factory):
    usages, report, _ = usages_of(tmp_path_factory.mktemp("shapes9") / "repo", FIXTURE)
    assert not [k for k in report.counts if k.startswith("files/checker")], dict(report.counts)
    return {(u.file, u.line, u.member): u for u in usages if u.file == "shop/use.py" and u.member}


@pytest.mark.slow
def test_loop_elements_classmethod_constructors_and_annotated_returns(found):
    assert {key: u.definition_file for key, u in found.items()} == EXPECTED
    assert found[("shop/use.py", 26, "child")].definition_symbol == "Child.child"
    assert found[("shop/use.py", 24, "child")].definition_symbol == "Logger.child"
    assert found[("shop/use.py", 25, "depth")].definition_symbol == "Logger.depth"
