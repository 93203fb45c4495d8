"""A test file's ``import pkg`` of the repository's ``src/pkg`` finds the repository's package,
not an installed distribution of the same name (pytest-dev/pluggy, tuning: its tests import
``pluggy``, which pytest installs in the checker's environment), nor nothing (a ``src/``
package that is not installed). Pylint put only the repository's root on its search path for a
file outside ``src/`` (``analyzers/pylint_plugins/crossfile_roots.py``), so the members of values
whose class only inference finds (``log = tracer.child("a")`` then ``log.root.depth``) were lost.

The fixture is written for these tests: ``iniconfig`` is a name pytest's own dependency has in
this environment; the fixture's package of that name has nothing in common with it.
"""

from __future__ import annotations

import importlib.util

import pytest

from crossfile_datasets.analyzers.pylint_plugins.crossfile_roots import with_roots
from tests.python.helpers import usages_of

pytestmark = pytest.mark.pylint

_PACKAGE = (
    "class Tracer:\n"
    "    def __init__(self) -> None:\n"
    "        self.depth = 0\n"
    "    def child(self, name: str) -> 'Sub':\n"
    "        return Sub(self, name)\n"
    "class Sub:\n"
    "    def __init__(self, root: Tracer, name: str) -> None:\n"
    "        self.root = root\n"
    "        self.name = name\n"
)
_TEST = (
    "from {pkg} import Tracer\n"
    "def test_depth(tracer: Tracer) -> None:\n"
    "    log = tracer.child('a')\n"
    "    log.root.depth += 1\n"                     # 4: root, depth: only inference finds them
    "    assert log.name == 'a'\n"                  # 5: name
)
FIXTURE = {
    "src/iniconfig/__init__.py": _PACKAGE,
    "src/bakery9/__init__.py": _PACKAGE,
    "tests/test_installed.py": _TEST.format(pkg="iniconfig"),
    "tests/test_absent.py": _TEST.format(pkg="bakery9"),
}


@pytest.fixture(scope="module")
def found(tmp_path_factory):
    usages, _, _ = usages_of(tmp_path_factory.mktemp("roots") / "repo", FIXTURE)
    return {(u.file, u.line, u.member): u.definition_file for u in usages if u.file.startswith("tests/") and u.member}


@pytest.mark.slow
def test_a_src_package_wins_over_an_installed_one_of_its_name(found):
    assert importlib.util.find_spec("iniconfig") is not None  # the shadowing this test is about
    for test, pkg in (("tests/test_installed.py", "iniconfig"), ("tests/test_absent.py", "bakery9")):
        where = f"src/{pkg}/__init__.py"
        assert {k: v for k, v in found.items() if k[0] == test} == {
            (test, 3, "child"): where,
            (test, 4, "root"): where,
            (test, 4, "depth"): where,
            (test, 5, "name"): where,
        }


def test_roots_go_after_the_standard_library_and_before_installed_packages():
    path = ["/repo", "/usr/lib/python3.11", "/usr/lib/python3.11/site-packages", "/opt/dist-packages"]
    assert with_roots(path, ["/repo", "/repo/src", "/repo/src"]) == [
        "/repo", "/usr/lib/python3.11", "/repo/src", "/usr/lib/python3.11/site-packages", "/opt/dist-packages"]
    assert with_roots(["/usr/lib/python3.11"], ["/repo/src"]) == ["/usr/lib/python3.11", "/repo/src"]
