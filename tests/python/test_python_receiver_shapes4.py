"""Receivers typed without running code, fourth set: the Python misses of the held-out batch of
2026-11-27c (tomlkit, now a tuning case), written here from scratch:

- a name narrowed by ``isinstance`` with a tuple of classes, ``if isinstance(doc, (Sheet,
  Note, Folder)): doc.render()``: the name is an instance of the first class (a member the
  classes share is labeled with the file of the first one that declares it);
- but a name astroid already knows as an instance of one class of the tuple keeps that class.

Checked with the real Pylint and our plugins.
"""

from __future__ import annotations

import pytest

from tests.python.helpers import usages_of

pytestmark = pytest.mark.pylint

FIXTURE = {
    "desk/__init__.py": "",
    "desk/pages.py": (
        "class Page:\n"
        "    def render(self) -> str:\n"
        "        return 'page'\n"
        "class Sheet(Page):\n"
        "    pass\n"
        "class Note(Page):\n"
        "    pass\n"
    ),
    "desk/folder.py": (
        "class Folder:\n"
        "    def render(self) -> str:\n"
        "        return 'folder'\n"
        "    def open(self) -> list:\n"
        "        return []\n"
    ),
    "desk/show.py": (
        "from desk.folder import Folder\n"
        "from desk.pages import Note, Sheet\n"
        "def show(doc) -> str:\n"
        "    if isinstance(doc, (Sheet, Note, Folder)):\n"
        "        return doc.render()\n"                       # 5: render (Sheet first: pages.py)
        "    return ''\n"
        "def known() -> list:\n"
        "    doc = Folder()\n"
        "    if isinstance(doc, (Sheet, Folder)):\n"
        "        return doc.open()\n"                         # 10: open (astroid: a Folder)
        "    return []\n"
    ),
}

EXPECTED = {(5, "render"): "desk/pages.py", (10, "open"): "desk/folder.py"}


@pytest.fixture(scope="module")
def found(tmp_path_factory):
    usages, report, _ = usages_of(tmp_path_factory.mktemp("shapes4") / "repo", FIXTURE)
    assert not [k for k in report.counts if k.startswith("files/checker")], dict(report.counts)
    return {(u.line, u.member): u for u in usages if u.file == "desk/show.py" and u.member}


@pytest.mark.slow
@pytest.mark.parametrize("line, member", sorted(EXPECTED))
def test_member_of_a_name_narrowed_by_a_tuple_of_classes(found, line, member):
    assert (line, member) in found, sorted(found)
    assert found[(line, member)].definition_file == EXPECTED[(line, member)]


@pytest.mark.slow
def test_no_member_is_attributed_that_the_fixture_does_not_use(found):
    assert set(found) <= set(EXPECTED), sorted(set(found) - set(EXPECTED))
