"""Receivers typed without running code, fourteenth set: the Python misses of the held-out batch
of 2026-11-29g (frostming/marko, now a tuning case), written here from scratch:

- a parameter or loop variable annotated with a module-level alias of ``type[X]`` defined under
  ``if TYPE_CHECKING:`` at the bottom of the module (``ElementType = type[element.Element]``;
  loops over ``-> list[KindType]`` and over ``dict[str, KindType].values()``): astroid infers the
  alias to the builtin ``type``, so the class X was never read;
- the value of ``typing.cast(C, x)`` (``doc = cast(kinds.Document, make())``), and the class
  named in the string of ``cast("kinds.Heading", node)`` (a type-only use);
- ``self: _T`` with ``_T = TypeVar("_T", bound="Renderer")``: the bound, not a class ``_T``;
- the parameter of a ``key=`` lambda (``sorted((e for e in table.values() if ...), key=lambda e:
  e.priority)``): an element of what ``sorted`` iterates, through the generator;
- ``kinds.__all__`` (a module variable the project assigns) is a use; ``kinds.__name__`` is not,
  nor ``getattr(kinds, name)`` (a module as a value: counted ``module_itself``).

Checked with the real Pylint and our plugins.
"""

from __future__ import annotations

import pytest

from tests.python.helpers import usages_of

pytestmark = pytest.mark.pylint

FIXTURE = {
    "md/__init__.py": "",
    "md/kinds.py": (
        "__all__ = ['Element', 'Document', 'Heading']\n"
        "class Element:\n"
        "    priority = 5\n"
        "    @classmethod\n"
        "    def get_type(cls) -> str:\n"
        "        return cls.__name__\n"
        "    @classmethod\n"
        "    def match(cls, text: str) -> bool:\n"
        "        return bool(text)\n"
        "class Document(Element):\n"
        "    def __init__(self) -> None:\n"
        "        self.children: list = []\n"
        "class Heading(Element):\n"
        "    level = 1\n"
    ),
    "md/render.py": (
        "from typing import TypeVar\n"
        "_T = TypeVar('_T', bound='Renderer')\n"
        "class Renderer:\n"
        "    def __enter__(self: _T) -> _T:\n"
        "        return self\n"
        "    def __exit__(self, *args) -> None:\n"
        "        return None\n"
        "    def render(self, text: str) -> str:\n"
        "        return text\n"
    ),
    "md/parser.py": (
        "from __future__ import annotations\n"
        "from typing import TYPE_CHECKING, cast\n"
        "from md.render import Renderer\n"
        "class Parser:\n"
        "    def __init__(self) -> None:\n"
        "        self.table: dict[str, KindType] = {}\n"
        "    def add(self, element: ElementType) -> str:\n"
        "        return element.get_type()\n"  # line 8
        "    def kinds(self) -> list[KindType]:\n"
        "        return list(self.table.values())\n"
        "    def parse(self, text: str) -> bool:\n"
        "        for kind in self.kinds():\n"
        "            if kind.match(text):\n"  # line 13
        "                return True\n"
        "        return any(k.priority for k in self.table.values())\n"  # line 15
        "    def document(self, make) -> object:\n"
        "        doc = cast(kinds.Document, make())\n"
        "        doc.children = []\n"  # line 18
        "        return cast('kinds.Heading', doc)\n"  # line 19: type-only Heading
        "    def names(self) -> list:\n"
        "        return [getattr(kinds, name) for name in kinds.__all__]\n"  # line 21
        "    def module_name(self) -> str:\n"
        "        return kinds.__name__\n"  # line 23
        "    def show(self, renderer: Renderer, text: str) -> str:\n"
        "        with renderer as r:\n"
        "            return r.render(text)\n"  # line 26
        "    def ranked(self) -> list:\n"
        "        return sorted((e for e in self.table.values() if e), key=lambda e: e.priority)\n"  # line 28
        "from md import kinds\n"
        "if TYPE_CHECKING:\n"
        "    ElementType = type[kinds.Element]\n"
        "    KindType = type[kinds.Element]\n"
    ),
}

EXPECTED_MEMBERS = {
    ("md/parser.py", 8, "get_type"): "md/kinds.py",
    ("md/parser.py", 13, "match"): "md/kinds.py",
    ("md/parser.py", 15, "priority"): "md/kinds.py",
    ("md/parser.py", 17, "Document"): "md/kinds.py",
    ("md/parser.py", 18, "children"): "md/kinds.py",
    ("md/parser.py", 19, "Heading"): "md/kinds.py",
    ("md/parser.py", 21, "__all__"): "md/kinds.py",
    ("md/parser.py", 26, "render"): "md/render.py",
    ("md/parser.py", 28, "priority"): "md/kinds.py",
    ("md/parser.py", 31, "Element"): "md/kinds.py",  # the aliases themselves (type-only)
    ("md/parser.py", 32, "Element"): "md/kinds.py",
}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    usages, report, _ = usages_of(tmp_path_factory.mktemp("shapes14") / "repo", FIXTURE)
    assert not [k for k in report.counts if k.startswith("files/checker")], dict(report.counts)
    return usages, report


@pytest.mark.slow
def test_type_alias_cast_typevar_bound_and_module_dunders(built):
    usages, report = built
    found = {(u.file, u.line, u.member): u.definition_file for u in usages if u.file == "md/parser.py" and u.member}
    assert found == EXPECTED_MEMBERS
    # the module itself is never a use: `getattr(kinds, name)` is counted, `kinds.__name__` is Python's
    assert not [u for u in usages if u.file == "md/parser.py" and u.member is None and u.imported_name == "kinds"]
    assert report.counts["usages/module_itself"] >= 1
    assert report.counts["usages/dunder_member"] >= 1
