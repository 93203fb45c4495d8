"""Held-out 21 (parsy): a parameter, local, comprehension variable or class-body field named like a
module-level definition is not a reference to that definition (``lang/python/scopes.py``)."""
from __future__ import annotations

from crossfile_datasets.analyzers.graph import ScopeResolver, build_graph
from crossfile_datasets.builders.classlevel.candidates import external_references
from crossfile_datasets.core.records import SourceFile
from crossfile_datasets.lang import Lang, get_language
from crossfile_datasets.lang.classes import extractor_for

# parsy's shape: `index = Parser(...)` at module level; ParseError takes `index`, Result has a field
PARSY = '''\
from dataclasses import dataclass


class Parser:
    def __init__(self, fn):
        self.fn = fn


def line_info_at(stream, index):
    return (0, index)


index = Parser(lambda stream, i: (i, i))
letter = Parser(lambda stream, i: (i, stream[i]))


class ParseError(RuntimeError):
    def __init__(self, expected, stream, index):
        self.expected = expected
        self.stream = stream
        self.index = index

    def line_info(self):
        try:
            return "{}:{}".format(*line_info_at(self.stream, self.index))
        except (TypeError, AttributeError):
            return str(self.index)

    def picks(self):
        return [letter for letter in self.stream] + [(lambda index: index)(1)]

    def total(self):
        index = 0
        for letter in self.stream:
            index += len(letter)
        return index


@dataclass
class Result:
    status: bool
    index: int
    value: object

    @staticmethod
    def success(index, value):
        return Result(True, index, value)

    @staticmethod
    def failure(index, expected):
        return Result(False, -1, None).aggregate(index)

    def aggregate(self, other):
        return self


class UsesTheModule:
    def a(self):
        return index.fn

    def b(self, stream):
        global letter
        letter = stream
        return [c for c in letter]

    def c(self, start=index):
        def inner():
            return start
        return inner
'''


def _refs(text: str, cls: str):
    facts = get_language(Lang.PYTHON).analyze_files("/nonexistent", [SourceFile("parsy.py", text)])
    graph = build_graph("r", "python", facts, [])
    info = next(i for i in extractor_for(Lang.PYTHON)(facts["parsy.py"]) if i.name == cls)
    return [(r.name, r.used_in) for r in external_references(info, facts["parsy.py"], graph, ScopeResolver(facts, graph))]


def test_parameters_locals_and_fields_named_like_a_module_definition_are_not_references():
    # `index` the parameter, `letter` the comprehension/for variable, `index` the lambda's
    # parameter and the local: none is the module's parser; `line_info_at` is
    assert _refs(PARSY, "ParseError") == [("line_info_at", ("line_info",))]
    # the dataclass field `index: int` and the static methods' `index` parameters
    assert _refs(PARSY, "Result") == []


def test_module_names_still_resolve_when_not_bound_locally():
    # control: the module's `index` read in a method, `global letter`, and a default value
    # (evaluated in the class body, which does not bind `index`) stay references
    assert _refs(PARSY, "UsesTheModule") == [("index", ("a", "c")), ("letter", ("b",))]


def test_a_text_symtable_cannot_read_keeps_the_module_reading():
    # a syntax error: no local scopes, every name resolves through the module as before
    broken = PARSY + "\n\nclass Late:\n    def f(self, index):\n        return index +\n"
    assert ("index", ("f",)) in _refs(broken, "Late")
