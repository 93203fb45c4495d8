"""Wildcard imports, re-export chains and the false positives of issue 14, with the real Pylint.

The fixture repository (written for this test) re-exports in every way real packages do:
a package ``__init__`` with ``from .core import *`` and an aliased re-export, a module with
``__all__``, a private module of regular expressions pulled in with a wildcard (which also
re-binds the standard library's ``re``), and a compatibility module re-binding ``builtins``.
"""

from __future__ import annotations

import pytest

from tests.python.helpers import usages_of

pytestmark = pytest.mark.pylint

FIXTURE = {
    "gadgets/__init__.py": "from .core import *\nfrom .widgets import Widget as PublicWidget\n",
    "gadgets/_patterns.py": "import re\nWORD_RE = re.compile(r'[a-z]+')\nLIMIT = 10\n_PRIVATE = 1\n",
    "gadgets/core.py": (
        "__all__ = ['make_counter', 'Counter']\n"
        "from ._patterns import *\n"
        "class Counter:\n"
        "    def bump(self):\n"
        "        return LIMIT\n"
        "def make_counter():\n"
        "    return Counter()\n"
        "def hidden():\n"
        "    return 0\n"
    ),
    "gadgets/widgets.py": "class Base:\n    def paint(self):\n        return 2\nclass Widget(Base):\n    def draw(self):\n        return 1\n",
    "gadgets/_compat.py": "import builtins\nimport os as operating_system\n",
    "gadgets/layers.py": "from gadgets import PublicWidget as Layer\n",
    "app/__init__.py": "",
    "app/use_patterns.py": (
        "from gadgets._patterns import *\n"
        "def words(text):\n"
        "    found = WORD_RE.findall(text)\n"          # bare use of WORD_RE; .findall is re's
        "    return found[:LIMIT], re.escape(text)\n"  # LIMIT: use; `re` came through *: stdlib
    ),
    "app/use_api.py": (
        "import gadgets\n"
        "from gadgets import make_counter, Counter\n"
        "from gadgets._compat import builtins\n"
        "from gadgets import _compat\n"
        "from gadgets.layers import Layer\n"
        "def run():\n"
        "    counter = make_counter()\n"               # bare use, defined in core.py
        "    counter.bump()\n"                         # a function's return value: Pylint's inference
        "    doc = Counter.__doc__\n"                  # dunder: not a project member
        "    handle = builtins.open\n"                 # stdlib re-bound by a project module
        "    sep = _compat.operating_system.sep\n"     # idem, through the module
        "    fresh = gadgets.make_counter()\n"         # mod.x through a package wildcard
        "    name = gadgets.__name__\n"                # dunder of a module
        "    layer = Layer()\n"                        # two levels of aliased re-export
        "    layer.paint()\n"                          # inherited member, defined in Base
        "    return counter, doc, handle, sep, fresh, name, layer\n"
        "def more():\n"
        "    return gadgets.widgets.Widget()\n"        # pkg.sub.x: a use of x, not of the module
    ),
}


@pytest.fixture(scope="module")
def found(tmp_path_factory):
    return usages_of(tmp_path_factory.mktemp("r") / "gadgets_repo", FIXTURE)


def _key(u):
    return (u.file, u.line, u.imported_name, u.member, u.definition_file, u.definition_symbol)


@pytest.mark.slow
def test_wildcard_names_are_stubbed_and_external_ones_left_alone(found):
    usages, report, _ = found
    got = {_key(u) for u in usages if u.file == "app/use_patterns.py"}
    assert got == {
        ("app/use_patterns.py", 3, "WORD_RE", None, "gadgets/_patterns.py", "WORD_RE"),
        ("app/use_patterns.py", 4, "LIMIT", None, "gadgets/_patterns.py", "LIMIT"),
    }
    # `WORD_RE.findall`: WORD_RE is a compiled pattern, findall is not a project member
    assert report.counts["usages/member_of_non_class_value"] >= 1


def test_reexport_chains_and_false_positives(found):
    usages, report, facts = found
    got = {_key(u) for u in usages if u.file == "app/use_api.py"}
    assert got == {
        ("app/use_api.py", 7, "make_counter", None, "gadgets/core.py", "make_counter"),
        # the stub of make_counter only says "a member of its value" (member_of_function_value);
        # Pylint's inference of the unmodified copy resolves it (issue 28, mode resolved)
        ("app/use_api.py", 8, "Counter", "bump", "gadgets/core.py", "Counter.bump"),
        ("app/use_api.py", 9, "Counter", None, "gadgets/core.py", "Counter"),  # the class itself is used
        ("app/use_api.py", 12, "gadgets", "make_counter", "gadgets/core.py", "make_counter"),
        ("app/use_api.py", 14, "Layer", None, "gadgets/widgets.py", "Widget"),
        ("app/use_api.py", 15, "Layer", "paint", "gadgets/widgets.py", "Base.paint"),
        ("app/use_api.py", 18, "gadgets", "Widget", "gadgets/widgets.py", "Widget"),
    }
    assert report.counts["usages/member_of_function_value"] >= 1  # counter.bump()
    assert report.counts["usages/dunder_member"] >= 1  # gadgets.__name__ (an empty class has __doc__)
    assert report.counts["usages/external_via_project_module"] >= 1  # _compat.operating_system
    bindings = {b.local_name: b for b in facts["app/use_api.py"].imports}
    assert bindings["builtins"].target_file is None  # stdlib, even through a project module
    assert (bindings["Layer"].target_file, bindings["Layer"].target_symbol) == ("gadgets/widgets.py", "Widget")


def test_positions_point_at_the_entity(found):
    usages, _, facts = found
    for u in usages:
        line = facts[u.file].file.text.split("\n")[u.line - 1]
        entity = u.member or u.imported_name
        assert line[u.column : u.column + len(entity)] == entity


@pytest.mark.slow
def test_members_inherited_from_outside_the_project_are_not_uses(tmp_path):
    """`self.assertIn` in a test class whose project base extends unittest.TestCase is the
    standard library's; `self.fixture_dir` assigned by the project base is a use."""
    files = {
        "tests/__init__.py": "",
        "tests/base.py": (
            "import unittest\n"
            "class BaseCase(unittest.TestCase):\n"
            "    label: str\n"  # a declared field (dataclass / model style)
            "    def setUp(self):\n"
            "        self.fixture_dir = 'data'\n"
            "    def load(self, name):\n"
            "        return name\n"
        ),
        "tests/test_things.py": (
            "from tests.base import BaseCase\n"
            "class ThingsTest(BaseCase):\n"
            "    def test_one(self):\n"
            "        self.assertIn('a', self.load('abc'))\n"
            "        self.assertTrue(self.fixture_dir)\n"
            "        return self.label\n"
        ),
    }
    usages, report, _ = usages_of(tmp_path / "cases_repo", files)
    got = {(u.line, u.member, u.definition_symbol) for u in usages if u.member}
    assert got == {(4, "load", "BaseCase.load"), (5, "fixture_dir", "BaseCase.fixture_dir"), (6, "label", "BaseCase.label")}
    assert report.counts["usages/member_of_external_base"] >= 2  # assertIn, assertTrue
