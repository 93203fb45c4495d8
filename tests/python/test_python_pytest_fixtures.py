"""Members of an unannotated pytest fixture parameter typed by the fixture's return annotation
(issue 28; the shape of Instagram/MonkeyType's ``tests/db/test_sqlite.py``, ``def
test_round_trip(store)`` with ``@pytest.fixture def store() -> SQLiteStore``, a tuning case since
2026-11-28f; fixtures written for these tests).

Pylint does not know fixture injection: the parameter was an unknown value, so ``store.add`` was
no use of ``Store`` in either run. It is now an instance of the class the fixture's return
annotation names: the fixture of the test's class, else of its module, else of the nearest
``conftest.py`` above it.
"""

from __future__ import annotations

import pytest

from tests.python.helpers import usages_of

STORE = (
    "from typing import List\n"
    "class Row:\n"
    "    def to_trace(self):\n"
    "        return 1\n"
    "class Store:\n"
    "    def add(self, rows):\n"
    "        pass\n"
    "    def filter(self, prefix) -> List[Row]:\n"
    "        return [Row()]\n"
    "class Cache:\n"
    "    size = 3\n"
)
USE = (
    "from typing import Iterator\n"
    "import pytest\n"
    "from pytest import fixture\n"
    "from pkg.store import Cache, Store\n"
    "@pytest.fixture\n"
    "def store() -> Store:\n"
    "    return Store()\n"
    "@fixture(name='warm')\n"
    "def _warm_cache() -> Iterator[Cache]:\n"
    "    yield Cache()\n"
    "def test_round_trip(store):\n"
    "    store.add([1])\n"                                 # 12: add
    "    rows = store.filter('x')\n"                       # 13: filter
    "    assert rows[0].to_trace() == 1\n"                # 14: to_trace (Row, resolved)
    "def test_named(warm, other=None):\n"
    "    assert warm.size == 3\n"                          # 16: size, through the yield fixture's name=
    "def test_shared(shared):\n"
    "    assert shared.size\n"                             # 18: size, the conftest's fixture
    "def helper(store):\n"
    "    store.add([2])\n"                                 # 20: not a test nor a fixture: not typed
    "class TestGroup:\n"
    "    @pytest.fixture\n"
    "    def store(self) -> Cache:\n"
    "        return Cache()\n"
    "    def test_in_class(self, store):\n"
    "        assert store.size\n"                          # 26: size, the class's fixture wins
)
CONFTEST = (
    "import pytest\n"
    "from pkg.store import Cache\n"
    "@pytest.fixture\n"
    "def shared() -> Cache:\n"
    "    return Cache()\n"
)


@pytest.mark.pylint
@pytest.mark.slow
def test_members_of_fixture_parameters_are_uses(tmp_path):
    usages, report, _ = usages_of(tmp_path / "repo", {
        "pkg/__init__.py": "", "pkg/store.py": STORE,
        "tests/__init__.py": "", "tests/conftest.py": CONFTEST, "tests/db/test_store.py": USE})
    assert not [k for k in report.counts if k.startswith("files/checker")], dict(report.counts)
    found = {(u.line, u.member): (u.imported_name, u.definition_file)
             for u in usages if u.file == "tests/db/test_store.py" and u.member}
    assert found[(12, "add")] == ("Store", "pkg/store.py")
    assert found[(13, "filter")] == ("Store", "pkg/store.py")
    assert found[(14, "to_trace")] == ("Row", "pkg/store.py")
    assert found[(16, "size")] == ("Cache", "pkg/store.py")
    assert found[(18, "size")] == ("Cache", "pkg/store.py")
    assert found[(26, "size")] == ("Cache", "pkg/store.py")
    assert (20, "add") not in found


# pypa/installer's shape (tests/test_destinations.py: an unannotated fixture method returning
# SchemeDictionaryDestination(...)), and what must stay untyped
UNANNOTATED = (
    "import pytest\n"
    "from pkg.store import Cache, Store\n"
    "def make():\n"
    "    return Store()\n"
    "class TestPlain:\n"
    "    @pytest.fixture()\n"
    "    def dest(self, tmp_path):\n"
    "        rows = [1]\n"
    "        if rows:\n"
    "            return Store()\n"
    "        return Store()\n"
    "    @pytest.fixture\n"
    "    def warm(self):\n"
    "        def inner():\n"
    "            return Store()\n"
    "        yield Cache()\n"
    "    @pytest.fixture\n"
    "    def either(self, flag=True):\n"
    "        if flag:\n"
    "            return Store()\n"
    "        return Cache()\n"
    "    @pytest.fixture\n"
    "    def made(self):\n"
    "        return make()\n"
    "    def test_dest(self, dest, warm, either):\n"
    "        dest.add([1])\n"                                # 26: add (every return builds a Store)
    "        assert warm.size\n"                             # 27: size (the yield, not inner's return)
    "        either.add([2])\n"                              # 28: two classes: not typed
)


@pytest.mark.pylint
@pytest.mark.slow
def test_members_of_unannotated_fixtures_that_construct_one_class(tmp_path):
    usages, report, _ = usages_of(tmp_path / "repo", {
        "pkg/__init__.py": "", "pkg/store.py": STORE, "tests/__init__.py": "", "tests/test_plain.py": UNANNOTATED})
    assert not [k for k in report.counts if k.startswith("files/checker")], dict(report.counts)
    found = {(u.line, u.member): u.imported_name for u in usages if u.file == "tests/test_plain.py" and u.member}
    assert found.get((26, "add")) == "Store", found
    assert found.get((27, "size")) == "Cache", found
    assert (28, "add") not in found, found
