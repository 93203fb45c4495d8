"""Python's class extractor (lang/python/classes.py) on real tree-sitter trees."""
from __future__ import annotations

from crossfile_datasets.core.records import SourceFile
from crossfile_datasets.lang import Lang, get_language
from crossfile_datasets.lang.classes import extractor_for

SOURCE = '''"""Module doc."""
import os
from dataclasses import dataclass

LIMIT = 3


@dataclass(frozen=True)
class Point:
    x: int = 0
    y: int = 0


class Basket(Base, metaclass=Meta):
    """A basket of items.

    Holds ``ç`` too (non-ASCII before the spans).
    """

    kind = "basket"
    count: int = 0

    def __init__(self, owner: str, items=None):
        """Make one."""
        self.owner = owner
        self.items = list(items or [])
        if owner:
            self.flag: bool = True

    def add(self, item) -> "Basket":
        self.items.append(item)
        self.total = len(self.items)
        def inner(self):
            self.hidden = 1
        return self

    @staticmethod
    def make(*args, **kwargs):
        return Basket(*args, **kwargs)

    @property
    @abc.abstractmethod
    def size(self): ...

    class Inner:
        def method(self):
            pass


def helper():
    class NotTopLevel:
        pass
'''


def _classes(text: str, path: str = "pkg/basket.py"):
    facts = get_language(Lang.PYTHON).analyze_files("/nonexistent", [SourceFile(path, text)])
    return extractor_for(Lang.PYTHON)(facts[path])


def test_top_level_classes_only_with_decorators_in_their_span():
    point, basket = _classes(SOURCE)
    assert [point.name, basket.name] == ["Point", "Basket"]
    assert point.decorators == ("@dataclass(frozen=True)",)
    assert SOURCE[point.start_byte:point.end_byte] == point.source
    assert point.source.startswith("@dataclass(frozen=True)\nclass Point:")
    assert point.start_line == 8 and point.end_line == 11
    assert [v.name for v in point.member_variables] == ["x", "y"]
    assert point.member_variables[0].type == "int" and point.member_variables[0].initializer == "0"


def test_class_metadata_signature_bases_docstring():
    basket = _classes(SOURCE)[1]
    assert basket.signature == "class Basket(Base, metaclass=Meta):"
    assert basket.bases == ("Base", "metaclass=Meta")
    assert basket.docstring.startswith('"""A basket of items.') and basket.docstring.endswith('"""')
    # character offsets (the unit of core.records.Span), also after non-ASCII text
    assert SOURCE[basket.start_byte:basket.end_byte] == basket.source
    assert basket.source.rstrip().endswith("pass")
    assert basket.kind == "class" and basket.file == "pkg/basket.py" and basket.language == "python"


def test_member_variables_class_and_instance_first_init():
    basket = _classes(SOURCE)[1]
    names = [(v.name, v.is_static) for v in basket.member_variables]
    assert names == [("kind", True), ("count", True), ("owner", False), ("items", False), ("flag", False),
                     ("total", False)]
    flag = next(v for v in basket.member_variables if v.name == "flag")
    assert flag.declaration == "self.flag: bool = True" and flag.type == "bool" and flag.initializer == "True"
    assert "hidden" not in {v.name for v in basket.member_variables}  # a nested function's own self


def test_methods_signature_body_decorators_flags():
    basket = _classes(SOURCE)[1]
    by_name = {m.name: m for m in basket.methods}
    assert list(by_name) == ["__init__", "add", "make", "size"]  # the nested class is not a method
    init = by_name["__init__"]
    assert init.is_constructor and init.signature == "def __init__(self, owner: str, items=None):"
    assert init.docstring == '"""Make one."""'
    assert init.body.startswith('        """Make one."""\n        self.owner = owner')
    add = by_name["add"]
    assert add.signature == 'def add(self, item) -> "Basket":' and add.body.rstrip().endswith("return self")
    lines = SOURCE.splitlines()
    assert lines[add.start_line - 1].strip().startswith("def add") and lines[add.end_line - 1].strip() == "return self"
    make = by_name["make"]
    assert make.is_static and make.decorators == ("@staticmethod",)
    assert lines[make.start_line - 1].strip() == "@staticmethod"
    size = by_name["size"]
    assert size.is_abstract and size.decorators == ("@property", "@abc.abstractmethod")
    assert size.body == "..."  # an inline body stays as written


def test_file_without_classes_and_broken_file():
    assert _classes("def f():\n    return 1\n") == []
    # a syntax error elsewhere does not hide a well-formed class
    found = _classes("class A:\n    def f(self):\n        return 1\n\ndef broken(:\n")
    assert [c.name for c in found] == ["A"] and found[0].methods[0].name == "f"
