"""Dunders astroid gives every class (issue 28; the shape of Instagram/MonkeyType's
``Outer.__module__`` in ``tests/test_util.py``, a tuning case since 2026-11-28f; fixture written
for this test). ``__module__``/``__qualname__`` of a project class are written nowhere (they are
``object``'s, set by the interpreter), but astroid lists them among the class's own attributes,
so the resolved-use plugin reported ``Outer.__module__`` as a use of the class's file. A dunder
now counts only where it is written (``Base.__call__(self)`` still does)."""

from __future__ import annotations

import pytest

from tests.python.helpers import usages_of

OUTER = (
    "class Outer:\n"
    "    class Inner:\n"
    "        def f(self):\n"
    "            return 1\n"
    "    def __call__(self):\n"
    "        return 2\n"
)
USE = (
    "from pkg.outer import Outer\n"
    "def test_names():\n"
    "    assert Outer.__module__ == 'pkg.outer'\n"          # 3: object's, no use
    "    assert Outer.Inner.__qualname__ == 'Outer.Inner'\n"  # 4: Inner is a use, __qualname__ none
    "    assert Outer.__call__(Outer()) == 2\n"             # 5: __call__ written in Outer: a use
)


@pytest.mark.pylint
@pytest.mark.slow
def test_implicit_class_dunders_are_no_uses(tmp_path):
    usages, report, _ = usages_of(tmp_path / "repo", {"pkg/__init__.py": "", "pkg/outer.py": OUTER,
                                                      "tests/test_x.py": USE})
    members = {(u.line, u.member) for u in usages if u.file == "tests/test_x.py" and u.member}
    assert (3, "__module__") not in members and (4, "__qualname__") not in members, members
    assert {(4, "Inner"), (5, "__call__")} <= members, members
