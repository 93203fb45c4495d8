"""A use inside a ``try`` whose handler catches exactly the error its absence raises is still a
cross-file use: ``except NameError`` around an imported name (dacite's ``core.py``: ``try:
cache(get_concrete_type_hints)(...) except NameError``, held-out 13, lost without a trace), and
``except AttributeError`` / ``contextlib.suppress(AttributeError)`` around a member of a project
class. Pylint stays silent on such guarded nodes; the ``crossfile_unguarded`` plugin turns that
off for the two errors detection relies on. A name the original copy lacks as well (``try:
unicode except NameError``) is reported in both copies and stays out. Checked with the real
Pylint and our plugins."""

from __future__ import annotations

import pytest

from tests.python.helpers import usages_of

pytestmark = pytest.mark.pylint

FIXTURE = {
    "pkg/__init__.py": "",
    "pkg/tools.py": (
        "def cache(fn):\n"
        "    return fn\n"
        "def hints(cls):\n"
        "    return {}\n"
        "class Box:\n"
        "    def __init__(self):\n"
        "        self.size = 1\n"
        "    def grow(self):\n"
        "        return self.size + 1\n"
    ),
    "pkg/core.py": (
        "import contextlib\n"
        "from pkg.tools import cache, hints, Box\n"
        "def types(cls):\n"
        "    try:\n"
        "        return cache(hints)(cls)\n"              # 5: cache, hints
        "    except NameError:\n"
        "        return None\n"
        "def bigger(box: Box):\n"
        "    try:\n"
        "        return box.grow()\n"                     # 10: grow
        "    except AttributeError:\n"
        "        return 0\n"
        "def size(box: Box):\n"
        "    with contextlib.suppress(AttributeError):\n"
        "        return box.size\n"                       # 15: size
        "    return 0\n"
        "def text():\n"
        "    try:\n"
        "        return unicode\n"                        # 19: undefined in the original too
        "    except NameError:\n"
        "        return str\n"
    ),
}


@pytest.fixture(scope="module")
def found(tmp_path_factory):
    usages, report, _ = usages_of(tmp_path_factory.mktemp("guarded") / "repo", FIXTURE)
    assert not [k for k in report.counts if k.startswith("files/checker")], dict(report.counts)
    return {(u.line, u.member or u.imported_name) for u in usages if u.file == "pkg/core.py"}


@pytest.mark.slow
def test_an_imported_name_guarded_by_name_error_is_a_use(found):
    assert {(5, "cache"), (5, "hints")} <= found, found


@pytest.mark.slow
def test_members_guarded_by_attribute_error_are_uses(found):
    assert {(10, "grow"), (15, "size")} <= found, found


@pytest.mark.slow
def test_a_name_undefined_in_the_original_too_is_no_use(found):
    assert not {key for key in found if key[0] == 19}, found
