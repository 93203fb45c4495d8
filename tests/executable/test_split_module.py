"""The test-module splitter (builders/executable/testgen.split_test_module): one syntax-tree
pass and line slices, checked against the rule written out by brute force (every line kept
unless it lies in a span the test's program drops), plus its byte cap (red team 2026-11-27,
tests/hostile/redteam/test_readback.py)."""

from __future__ import annotations

import ast
import re
import time

from crossfile_datasets.builders.executable import testgen
from crossfile_datasets.builders.executable.testgen import (
    repository_programs,
    split_test_module,
    split_test_module_bounded,
)
from tests.executable.test_testgen import TEST_MODULE

UNITTEST_MODULE = '''import unittest
from unittest import TestCase

SHARED = 1


class Base(TestCase):
    def setUp(self):
        self.x = SHARED

    def test_base(self):
        assert self.x


class Child(Base):
    def test_child(self):
        assert self.x == 1

    def helper(self):
        return 2

    def test_other(self):
        assert self.helper() == 2


class TestLoop(TestLoop2):
    def test_loop(self):
        pass


class TestLoop2(TestLoop):
    def test_loop2(self):
        pass


def test_plain(): assert SHARED


@decorate
def test_decorated():
    assert SHARED


if __name__ == "__main__":
    unittest.main()
'''


def brute_force(source: str) -> list[tuple[str, str]]:
    """The splitting rule, line by line against every dropped span (tests x lines x tests)."""
    tree = ast.parse(source)
    lines = source.split("\n")
    test_classes = testgen.classes_pytest_collects(tree)
    span = testgen._span
    tests, functions, classes, guards = [], [], {}, []
    nodes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    for node in tree.body:
        if testgen._is_test_function(node):
            tests.append((node.name, span(node), None))
            functions.append(span(node))
        elif isinstance(node, ast.ClassDef) and node.name in test_classes:
            methods = [n for n in node.body if testgen._is_test_function(n)]
            if methods:
                classes[span(node)] = [span(m) for m in methods]
                tests.extend((f"{node.name}::{m.name}", span(m), span(node)) for m in methods)
        elif testgen._is_main_guard(node):
            guards.append(span(node))
    by_span = {span(n): n for n in nodes.values()}
    out = []
    for name, keep, owner in tests:
        bases, todo = set(), [by_span[owner]] if owner in by_span else []
        while todo:
            for base in testgen._base_names(todo.pop()):
                if base in nodes and span(nodes[base]) not in bases:
                    bases.add(span(nodes[base]))
                    todo.append(nodes[base])
        drop = [s for s in functions if s != keep] + guards
        for cls, methods in classes.items():
            if cls not in bases:
                drop.extend([m for m in methods if m != keep] if cls == owner else [cls])
        kept = [line for i, line in enumerate(lines, 1) if not any(a <= i <= b for a, b in drop)]
        out.append((name, re.sub(r"\n{4,}", "\n\n\n", "\n".join(kept)).rstrip() + "\n"))
    return out


def many_tests(count: int, helpers: int = 0) -> str:
    return "from ledger.book import balance\n" + "".join(f"\n\ndef helper_{i}():\n    return {i}\n" for i in range(helpers)) \
        + "".join(f"\n\ndef test_{i}():\n    assert balance([{i}]) == {i}\n" for i in range(count))


def test_the_slices_are_the_rule():
    for source in (TEST_MODULE, UNITTEST_MODULE, many_tests(40, helpers=3)):
        assert split_test_module(source) == brute_force(source)
    names = [name for name, _ in split_test_module(UNITTEST_MODULE)]
    assert names == ["Base::test_base", "Child::test_child", "Child::test_other", "TestLoop::test_loop",
                     "TestLoop2::test_loop2", "test_plain", "test_decorated"]


def test_only_the_wanted_programs_are_made():
    every = dict(split_test_module(UNITTEST_MODULE))
    some = split_test_module(UNITTEST_MODULE, wanted={"Child::test_other", "test_plain", "nothing"})
    assert some == [(n, every[n]) for n in ("Child::test_other", "test_plain")]


def test_a_module_of_many_tests_is_split_in_linear_time():
    source = many_tests(3000)
    started = time.monotonic()
    programs = split_test_module(source)
    assert len(programs) == 3000 and time.monotonic() - started < 10
    assert programs[7][1] == "from ledger.book import balance\n\n\ndef test_7():\n    assert balance([7]) == 7\n"


def test_the_byte_cap_leaves_out_the_later_tests_and_names_them():
    source = many_tests(10, helpers=50)
    every = split_test_module(source)
    sizes = [len(text) for _, text in every]
    programs, left_out = split_test_module_bounded(source, max_bytes=sum(sizes[:4]) + sizes[4] // 2)  # the cap counts lines before blank runs are collapsed
    assert programs == every[:4] and left_out == [f"test_{i}" for i in range(4, 10)]
    assert split_test_module_bounded(source, max_bytes=10) == ([], [name for name, _ in every])
    kept: list[str] = []
    found = repository_programs("tests/test_m.py", source, ["tests/test_m.py::test_1", "tests/test_m.py::test_9"],
                                left_out=kept)
    assert list(found) == ["tests/test_m.py::test_1", "tests/test_m.py::test_9"] and kept == []
