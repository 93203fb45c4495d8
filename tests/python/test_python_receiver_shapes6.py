"""Receivers typed without running code, sixth set: the Python misses of the held-out batch of
2026-11-27f (python-hyper/h11, now a tuning case), written here from scratch:

- a name or a subscript narrowed by ``type(x) is C`` (alone, in an ``and``, or in a chain
  ``type(a[-1]) is type(x) is C``), the receiver annotated with the shared base class;
- members of a parameter annotated with a union of classes (``Union[Informational, Final]``)
  that the classes inherit from their common base in another file (class-level annotations of a
  frozen dataclass with ``__slots__``): the union is read as its first class, as a tuple of
  ``isinstance`` is (the labeling rule for a union names the first member that declares it);
- a method of a value of a dict literal of project instances kept in an attribute
  (``self.conn = {A: Conn(A), B: Conn(B)}``, then ``self.conn[role].send(...)``), and of a value
  of a parameter annotated ``dict[str, Conn]``.

Checked with the real Pylint and our plugins.
"""

from __future__ import annotations

import pytest

from tests.python.helpers import usages_of

pytestmark = pytest.mark.pylint

FIXTURE = {
    "wire/__init__.py": "",
    "wire/events.py": (
        "from abc import ABC\n"
        "from dataclasses import dataclass\n"
        "class Event(ABC):\n"
        "    __slots__ = ()\n"
        "@dataclass(init=False, frozen=True)\n"
        "class _Base(Event):\n"
        "    __slots__ = ('status_code', 'reason')\n"
        "    status_code: int\n"
        "    reason: bytes\n"
        "    def __init__(self, status_code: int, reason: bytes) -> None:\n"
        "        object.__setattr__(self, 'status_code', status_code)\n"
        "        object.__setattr__(self, 'reason', reason)\n"
        "@dataclass(init=False, frozen=True)\n"
        "class Informational(_Base):\n"
        "    pass\n"
        "@dataclass(init=False, frozen=True)\n"
        "class Final(_Base):\n"
        "    pass\n"
        "@dataclass(init=False, frozen=True)\n"
        "class Chunk(Event):\n"
        "    __slots__ = ('payload', 'first')\n"
        "    payload: bytes\n"
        "    first: bool\n"
        "    def __init__(self, payload: bytes, first: bool = False) -> None:\n"
        "        object.__setattr__(self, 'payload', payload)\n"
        "        object.__setattr__(self, 'first', first)\n"
    ),
    "wire/link.py": (
        "class Conn:\n"
        "    def __init__(self, role: str) -> None:\n"
        "        self.role = role\n"
        "    def send(self, data: bytes) -> bytes:\n"
        "        return data\n"
        "    def close(self) -> None:\n"
        "        pass\n"
    ),
    "wire/writer.py": (
        "from typing import Dict, List, Union\n"
        "from wire.events import Chunk, Event, Final, Informational\n"
        "from wire.link import Conn\n"
        "def status(response: Union[Informational, Final]) -> bytes:\n"
        "    return b'%d %s' % (response.status_code, response.reason)\n"   # 5: status_code, reason (_Base)
        "def body(event: Event) -> bytes:\n"
        "    if type(event) is Chunk:\n"
        "        return event.payload\n"                                      # 8: payload (Chunk)
        "    return b''\n"
        "def merge(events: List[Event]) -> List[Event]:\n"
        "    out: List[Event] = []\n"
        "    for event in events:\n"
        "        if out and type(out[-1]) is type(event) is Chunk:\n"
        "            print(out[-1].first)\n"                                 # 14: first (Chunk)
        "        out.append(event)\n"
        "    return out\n"
        "class Pair:\n"
        "    def __init__(self) -> None:\n"
        "        self.conn = {'a': Conn('a'), 'b': Conn('b')}\n"
        "    def push(self, role: str, data: bytes) -> bytes:\n"
        "        return self.conn[role].send(data)\n"                        # 21: send (Conn)
        "def stop(conns: Dict[str, Conn], role: str) -> None:\n"
        "    conns[role].close()\n"                                          # 23: close (Conn)
    ),
}

EXPECTED = {
    ("wire/writer.py", 5, "status_code"): "wire/events.py",
    ("wire/writer.py", 5, "reason"): "wire/events.py",
    ("wire/writer.py", 8, "payload"): "wire/events.py",
    ("wire/writer.py", 14, "first"): "wire/events.py",
    ("wire/writer.py", 21, "send"): "wire/link.py",
    ("wire/writer.py", 23, "close"): "wire/link.py",
}


@pytest.fixture(scope="module")
def found(tmp_path_factory):
    usages, report, _ = usages_of(tmp_path_factory.mktemp("shapes6") / "repo", FIXTURE)
    assert not [k for k in report.counts if k.startswith("files/checker")], dict(report.counts)
    return {(u.file, u.line, u.member): u for u in usages if u.file == "wire/writer.py" and u.member}


@pytest.mark.slow
def test_type_is_narrowing_union_parameters_and_dict_values(found):
    assert {key: u.definition_file for key, u in found.items()} == EXPECTED
    assert found[("wire/writer.py", 5, "status_code")].definition_symbol == "_Base.status_code"
    assert found[("wire/writer.py", 21, "send")].definition_symbol == "Conn.send"
