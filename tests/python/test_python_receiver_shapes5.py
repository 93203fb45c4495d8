"""Receivers typed without running code, fifth set: the Python misses of the held-out batch of
2026-11-27d (python-dotenv, now a tuning case), written here from scratch:

- a member of a ``NamedTuple`` field's value, the tuple reached as the element of an annotated
  iterator (``for entry in entries`` with ``entries: Iterator[Entry]``, then
  ``entry.origin.line`` with ``origin: Origin`` declared in the NamedTuple): astroid builds a
  NamedTuple's class from ``collections.namedtuple``, whose fields infer to nothing;
- a method of the element of a name assigned from a call with an ``Iterator[Piece]`` return
  annotation, inside a generator expression (``pieces = split(v)``, then
  ``"".join(p.render() for p in pieces)``);
- the element of a call's ``dict[str, Codec]`` result kept in an attribute, where ``Codec`` is
  defined below the function in its module (``from __future__ import annotations``): astroid
  looks the annotation up where it is written and finds nothing (pyjwt's ``self.Algorithm``).

Checked with the real Pylint and our plugins.
"""

from __future__ import annotations

import pytest

from tests.python.helpers import usages_of

pytestmark = pytest.mark.pylint

FIXTURE = {
    "ledger/__init__.py": "",
    "ledger/records.py": (
        "from typing import Iterator, NamedTuple, Optional\n"
        "class Origin(NamedTuple):\n"
        "    text: str\n"
        "    line: int\n"
        "class Entry(NamedTuple):\n"
        "    name: Optional[str]\n"
        "    origin: Origin\n"
        "    broken: bool = False\n"
        "def read() -> Iterator[Entry]:\n"
        "    yield Entry('a', Origin('a=1', 1))\n"
    ),
    "ledger/pieces.py": (
        "from abc import ABCMeta, abstractmethod\n"
        "from typing import Iterator\n"
        "class Piece(metaclass=ABCMeta):\n"
        "    @abstractmethod\n"
        "    def render(self, env: dict) -> str: ...\n"
        "class Text(Piece):\n"
        "    def __init__(self, value: str) -> None:\n"
        "        self.value = value\n"
        "    def render(self, env: dict) -> str:\n"
        "        return self.value\n"
        "def split(value: str) -> Iterator[Piece]:\n"
        "    for part in value.split():\n"
        "        yield Text(part)\n"
    ),
    "ledger/report.py": (
        "from typing import Iterator\n"
        "from ledger.pieces import split\n"
        "from ledger.records import Entry\n"
        "def warn(entries: Iterator[Entry]) -> Iterator[Entry]:\n"
        "    for entry in entries:\n"
        "        if entry.broken:\n"                                      # 6: broken (Entry)
        "            print(entry.origin.line, entry.origin.text)\n"      # 7: origin (Entry), line, text (Origin)
        "        yield entry\n"
        "def expand(value: str) -> str:\n"
        "    pieces = split(value)\n"
        "    return ''.join(piece.render({}) for piece in pieces)\n"      # 11: render (Piece)
    ),
    "ledger/codecs.py": (
        "from __future__ import annotations\n"
        "def catalog() -> dict[str, Codec]:\n"
        "    found: dict[str, Codec] = {'a': Plain(), 'b': Packed()}\n"
        "    return found\n"
        "class Codec:\n"
        "    @staticmethod\n"
        "    def from_spec(spec: dict) -> str:\n"
        "        return str(spec)\n"
        "class Plain(Codec):\n"
        "    pass\n"
        "class Packed(Codec):\n"
        "    pass\n"
    ),
    "ledger/keys.py": (
        "from ledger.codecs import catalog\n"
        "class Key:\n"
        "    def __init__(self, name: str, spec: dict) -> None:\n"
        "        self.Codec = catalog()[name]\n"
        "        self.value = self.Codec.from_spec(spec)\n"               # 5: from_spec (Codec)
    ),
}

EXPECTED = {
    ("ledger/report.py", 6, "broken"): "ledger/records.py",
    ("ledger/report.py", 7, "origin"): "ledger/records.py",
    ("ledger/report.py", 7, "line"): "ledger/records.py",
    ("ledger/report.py", 7, "text"): "ledger/records.py",
    ("ledger/report.py", 11, "render"): "ledger/pieces.py",
    ("ledger/keys.py", 5, "from_spec"): "ledger/codecs.py",
}


@pytest.fixture(scope="module")
def found(tmp_path_factory):
    usages, report, _ = usages_of(tmp_path_factory.mktemp("shapes5") / "repo", FIXTURE)
    assert not [k for k in report.counts if k.startswith("files/checker")], dict(report.counts)
    return {(u.file, u.line, u.member): u for u in usages if u.file in ("ledger/report.py", "ledger/keys.py") and u.member}


@pytest.mark.slow
def test_named_tuple_fields_iterated_call_results_forward_references(found):
    assert {key: u.definition_file for key, u in found.items()} == EXPECTED
    assert found[("ledger/report.py", 7, "line")].definition_symbol == "Origin.line"
    assert found[("ledger/report.py", 11, "render")].definition_symbol == "Piece.render"
    assert found[("ledger/keys.py", 5, "from_spec")].definition_symbol == "Codec.from_spec"
