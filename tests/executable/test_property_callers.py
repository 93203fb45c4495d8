"""A property is called by reading it (python-ulid, held-out 20: ``ULID.milliseconds`` was
``weak_tests``: the suite's tests that read ``ulid.timestamp``, a property reading
``self.milliseconds``, were ``does_not_call_target`` for it, and what was left could not tell
``return False`` from the function)."""

from __future__ import annotations

import ast
import textwrap
from types import SimpleNamespace

from crossfile_datasets.builders.executable import build as B
from crossfile_datasets.builders.executable.testgen import TestProgram, call_graph, callers_of

ULID = textwrap.dedent('''\
    class ULID:
        def __init__(self, raw: bytes) -> None:
            self.bytes = raw

        @property
        def milliseconds(self) -> int:
            """The timestamp part, in milliseconds."""
            return int.from_bytes(self.bytes[:6], "big")

        @property
        def timestamp(self) -> float:
            """The timestamp part, in seconds."""
            return self.milliseconds / 1000

        def describe(self) -> str:
            """Words."""
            return f"at {self.timestamp}"
    ''')


def _ctx(covered: bool):
    trees = [ast.parse(ULID)]
    key = "ulid/__init__.py::ULID.milliseconds"
    lines = {key: {"tests/test_ulid.py::test_ulid": frozenset({8})}} if covered else {}
    return SimpleNamespace(suite_lines=lines,
                           callers=lambda name, reads=False: callers_of(name, call_graph(trees, reads=reads)))


def _program(body: str) -> TestProgram:
    source = f"from ulid import ULID\n\n\ndef test_ulid():\n    ulid = ULID(bytes(16))\n{body}"
    return TestProgram(source, "tests/test_cfd_1.py", "repository", "tests/test_ulid.py::test_ulid")


def test_a_covered_test_reading_a_property_that_reads_the_target_is_its_test():
    cand = SimpleNamespace(key="ulid/__init__.py::ULID.milliseconds", name="milliseconds", is_property=True)
    reads_timestamp = _program("    assert ulid.timestamp == 0\n")
    assert callers_of("milliseconds", call_graph([ast.parse(ULID)], reads=True)) >= {"timestamp", "describe"}
    assert callers_of("milliseconds", call_graph([ast.parse(ULID)])) == set()  # no call by name
    assert B.static_reason_of(_ctx(True), cand, reads_timestamp) is None
    assert B.static_reason_of(_ctx(True), cand, reads_timestamp, by_name=True) is None  # by the name it reads
    assert B.static_reason_of(_ctx(True), cand, _program("    assert ulid.describe()\n")) is None
    # not run by it (no coverage): by its own name, as before
    assert B.static_reason_of(_ctx(False), cand, reads_timestamp) == "does_not_call_target"
    # run by it, but reading neither the property nor a reader of it: its coverage alone does
    # not make it a test of a property (the property rule stands)
    assert B.static_reason_of(_ctx(True), cand, _program("    assert ulid.bytes\n")) == "does_not_call_target"
