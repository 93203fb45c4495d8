"""The test-module splitter (builders/executable/testgen.split_test_module): one syntax-tree
pass and line slices, checked against the rule written out by brute force (every line kept
unless it lies in a span the test's program drops), plus its byte cap (red team 2026-11-27,
tests/hostile/redteam/test_readback.py)."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
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


MIXIN_MODULE = '''import unittest

SHARED = 1


class FunctionalBase:
    def test_ok(self):
        assert self.make() == SHARED

    def test_twice(self):
        assert self.make() + self.make() == 2 * SHARED


class TestImperative(unittest.TestCase, FunctionalBase):
    def make(self):
        return SHARED


class TestDeclarative(unittest.TestCase, FunctionalBase):
    def make(self):
        return 1

    def test_own(self):
        assert self.make() == 1


def test_plain():
    assert SHARED
'''


def brute_force(source: str) -> list[tuple[str, str]]:
    """The splitting rule, line by line against every dropped span (tests x lines x tests): a
    test class runs its own test methods and those of its in-file bases (a plain mixin's too);
    a program keeps its test's class and that class's in-file bases, each without the test
    methods but its test, and drops every other class holding tests whole."""
    tree = ast.parse(source)
    lines = source.split("\n")
    test_classes = testgen.classes_pytest_collects(tree)
    span = testgen._span
    nodes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}

    def lineage(node):
        out, todo = [], [node]
        while todo:
            cls = todo.pop()
            if cls not in out:
                out.append(cls)
                todo.extend(reversed([nodes[b] for b in testgen._base_names(cls) if b in nodes]))
        return out

    def test_methods(cls):
        return [n for n in cls.body if testgen._is_test_function(n)]

    tests, functions, classes, guards, lineages = [], [], {}, [], {}
    for node in tree.body:
        if testgen._is_test_function(node):
            tests.append((node.name, span(node), None, None))
            functions.append(span(node))
        elif isinstance(node, ast.ClassDef) and node.name in test_classes:
            found = {}
            for cls in lineage(node):
                for m in test_methods(cls):
                    found.setdefault(m.name, (span(m), span(cls)))
            if found:
                lineages[span(node)] = lineage(node)
                for cls in lineage(node):
                    if test_methods(cls) or cls is node:
                        classes.setdefault(span(cls), ([span(m) for m in test_methods(cls)], cls))
                tests.extend((f"{node.name}::{m}", keep, span(node), definer) for m, (keep, definer) in found.items())
        elif testgen._is_main_guard(node):
            guards.append(span(node))
    out = []
    for name, keep, owner, definer in tests:
        kept_spans = {span(c) for c in lineages[owner]} if owner else set()
        drop = [s for s in functions if s != keep] + guards
        passes = {}  # last line of a kept class left without a statement -> its `pass`
        for cls, (methods, node) in classes.items():
            if cls not in kept_spans:
                drop.append(cls)
            else:
                drop.extend(m for m in methods if m != keep)
                if cls != definer and len(methods) == len(node.body):
                    passes[cls[1]] = " " * node.body[0].col_offset + "pass"
        kept = []
        for i, line in enumerate(lines, 1):
            if not any(a <= i <= b for a, b in drop):
                kept.append(line)
            if i in passes:
                kept.append(passes[i])
        out.append((name, re.sub(r"\n{4,}", "\n\n\n", "\n".join(kept)).rstrip() + "\n"))
    return out


def many_tests(count: int, helpers: int = 0) -> str:
    return "from ledger.book import balance\n" + "".join(f"\n\ndef helper_{i}():\n    return {i}\n" for i in range(helpers)) \
        + "".join(f"\n\ndef test_{i}():\n    assert balance([{i}]) == {i}\n" for i in range(count))


def test_the_slices_are_the_rule():
    for source in (TEST_MODULE, UNITTEST_MODULE, MIXIN_MODULE, many_tests(40, helpers=3)):
        assert split_test_module(source) == brute_force(source)
    names = [name for name, _ in split_test_module(UNITTEST_MODULE)]
    assert names == ["Base::test_base", "Child::test_child", "Child::test_other", "Child::test_base",
                     "TestLoop::test_loop", "TestLoop::test_loop2", "TestLoop2::test_loop2", "TestLoop2::test_loop",
                     "test_plain", "test_decorated"]


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


def test_a_mixin_s_tests_are_programs_of_their_own_and_in_no_other(tmp_path):
    """colander (held-out 20): four TestCase classes inheriting the ten tests of a plain mixin,
    and defining none, were copied whole into every program of the file (41 tests a program,
    flakiness 731 s): each inherited test is now a program holding its own test alone."""
    programs = split_test_module(MIXIN_MODULE)
    assert [name for name, _ in programs] == [
        "TestImperative::test_ok", "TestImperative::test_twice", "TestDeclarative::test_own",
        "TestDeclarative::test_ok", "TestDeclarative::test_twice", "test_plain"]
    texts = dict(programs)
    assert "class TestDeclarative" not in texts["TestImperative::test_ok"]
    assert "test_twice" not in texts["TestImperative::test_ok"]
    assert "class FunctionalBase" not in texts["test_plain"] and "TestImperative" not in texts["test_plain"]
    assert re.search(r"class FunctionalBase:\n\s*pass\n", texts["TestDeclarative::test_own"])  # its tests all dropped
    for i, (name, text) in enumerate(programs):  # pytest itself runs exactly the one test
        (tmp_path / f"test_p{i}.py").write_text(text)
        run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", f"test_p{i}.py"],
                             cwd=tmp_path, capture_output=True, text=True, timeout=120)
        assert run.returncode == 0 and "1 passed" in run.stdout, (name, run.stdout)
