"""Receivers typed without running code, third set: the Python misses of the held-out batch of
2026-11-27b (tenacity, now a tuning case) and the tuning misses left on structlog and pyjwt,
written here from scratch:

- ``super().__init__(...)`` / ``super().m(...)`` of a base class in another file (a dunder
  through ``super()`` is a call of the base's own method);
- a member of an object returned by a ``@property`` whose return annotation names a project
  class while its body returns an opaque value (``self._local.plan`` of a ``threading.local``);
- a member of an attribute annotated ``Outcome | None`` (``Outcome`` extends
  ``concurrent.futures.Future``), narrowed by ``is not None`` or an ``is None: raise``, while
  another module assigns it a value typed ``Any`` (astroid then sees an unknown value too);
- a member of a value whose function returns a generic Protocol named in a string
  (``-> "_Wrapped[P, R]"``, the body a ``cast`` of a local function);
- ``cls = self._kind or default`` with ``kind: type[Plant] | None``, then ``cls(...).member``;
- a subscript stored in an attribute (``self.tool = all_tools()[name]``, ``-> dict[str, Tool]``,
  the dict holding instances of several subclasses), then ``self.tool.member``;
- ``key = key.key`` inside ``if isinstance(key, Seed):`` (the assignment reads the narrowed name).

Checked with the real Pylint and our plugins.
"""

from __future__ import annotations

import pytest

from tests.python.helpers import usages_of

pytestmark = pytest.mark.pylint

FIXTURE = {
    "garden/__init__.py": "",
    "garden/base.py": (
        "import concurrent.futures as futures\n"
        "import threading\n"
        "import typing as t\n"
        "P = t.ParamSpec('P')\n"
        "R = t.TypeVar('R')\n"
        "class Plan:\n"
        "    def __init__(self):\n"
        "        self.rows = []\n"
        "        self.done = False\n"
        "class Outcome(futures.Future):\n"
        "    @property\n"
        "    def failed(self) -> bool:\n"
        "        return self.exception() is not None\n"
        "class Plant:\n"
        "    def __init__(self, name):\n"
        "        self.name = name\n"
        "    def water(self):\n"
        "        return self.name\n"
        "class _Wrapped(t.Protocol[P, R]):\n"
        "    def again(self, *args: t.Any) -> '_Wrapped[P, R]': ...\n"
        "    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R: ...\n"
        "class Season:\n"
        "    def __init__(self, name: str, kind: type[Plant] | None = None) -> None:\n"
        "        self.name = name\n"
        "        self.outcome: Outcome | None = None\n"
        "        self._kind = kind\n"
        "        self._local = threading.local()\n"
        "    @property\n"
        "    def plan(self) -> Plan:\n"
        "        if not hasattr(self._local, 'plan'):\n"
        "            self._local.plan = Plan()\n"
        "        return self._local.plan  # opaque to astroid\n"
        "class Gardener:\n"
        "    def __init__(self, name: str) -> None:\n"
        "        self.name = name\n"
        "    def wraps(self, f: t.Callable[P, R]) -> '_Wrapped[P, R]':\n"
        "        def wrapped(*args: t.Any, **kw: t.Any) -> t.Any:\n"
        "            return f(*args, **kw)\n"
        "        wrapped.again = lambda *a: wrapped\n"
        "        return t.cast('_Wrapped[P, R]', wrapped)\n"
        "    def tend(self) -> None:\n"
        "        return None\n"
        "class Tool:\n"
        "    @staticmethod\n"
        "    def sharpen(edge):\n"
        "        raise NotImplementedError\n"
        "class Spade(Tool):\n"
        "    @staticmethod\n"
        "    def sharpen(edge):\n"
        "        return edge\n"
        "class Rake(Tool):\n"
        "    @staticmethod\n"
        "    def sharpen(edge):\n"
        "        return edge + 1\n"
        "def all_tools() -> dict[str, Tool]:\n"
        "    return {'spade': Spade(), 'rake': Rake()}\n"
        "class Seed:\n"
        "    def __init__(self, key):\n"
        "        self.key = key\n"
    ),
    "garden/chores.py": (
        "import typing as t\n"
        "from garden.base import Season\n"
        "def reset(value: t.Any = None) -> Season:\n"
        "    season = Season('spring')\n"
        "    season.outcome = value  # astroid now sees an unknown value of Season.outcome\n"
        "    return season\n"
    ),
    "garden/tools.py": (
        "import typing as t\n"
        "from garden.base import Gardener, Season, Seed, all_tools\n"
        "class Hoe(Gardener):\n"
        "    def __init__(self, name: str) -> None:\n"
        "        super().__init__(name)\n"                           # 5: __init__ through super()
        "    def wraps(self, f):\n"
        "        wrapped = super().wraps(f)\n"                       # 7: wraps through super()
        "        return wrapped.again\n"                             # 8: again (generic Protocol in a string)
        "    def tend(self) -> None:\n"
        "        super().tend()\n"                                   # 10: tend through super()
        "def check(season: Season) -> bool:\n"
        "    season.plan.rows.append(1)\n"                           # 12: plan, rows (property -> Plan)
        "    outcome = season.outcome\n"
        "    if outcome is not None and outcome.failed:\n"           # 14: failed (Outcome | None, narrowed)
        "        return True\n"
        "    if season.outcome is None:\n"
        "        raise RuntimeError('no outcome')\n"
        "    return season.outcome.failed\n"                         # 18: failed
        "class Shed:\n"
        "    def __init__(self, season: Season, name: str) -> None:\n"
        "        self.tool = all_tools()[name]\n"
        "        self.edge = self.tool.sharpen(1)\n"                 # 22: sharpen (subscript of dict[str, Tool])
        "        cls = season._kind or Plain\n"
        "        self.plant = cls('rose')\n"
        "        self.plant.water()\n"                               # 25: water (cls: type[Plant] | None)
        "def sow(key: Seed | str) -> str:\n"
        "    if isinstance(key, Seed):\n"
        "        key = key.key\n"                                    # 28: key (narrowed, then rebound)
        "    return str(key)\n"
        "def Plain(name):\n"
        "    return name\n"
    ),
}

EXPECTED = {
    (5, "__init__"), (7, "wraps"), (10, "tend"),  # super()
    (8, "again"),                                 # a generic Protocol named in a string
    (12, "plan"), (12, "rows"),                   # a property's annotated class
    (14, "failed"), (18, "failed"),               # an annotated attribute astroid half knows
    (22, "sharpen"),                              # a subscript stored in an attribute
    (25, "water"),                                # cls = <type[Plant] | None> or <function>
    (28, "key"),                                  # narrowed, read by the rebinding assignment
}
# uses the fixture also makes (found by the stub rounds or the resolved plugin), all real
OTHER_USES = {(13, "outcome"), (16, "outcome"), (18, "outcome"), (23, "_kind")}


@pytest.fixture(scope="module")
def found(tmp_path_factory):
    usages, report, _ = usages_of(tmp_path_factory.mktemp("shapes3") / "repo", FIXTURE)
    assert not [k for k in report.counts if k.startswith("files/checker")], dict(report.counts)
    return {(u.line, u.member): u for u in usages if u.file == "garden/tools.py" and u.member}


@pytest.mark.slow
@pytest.mark.parametrize("line, member", sorted(EXPECTED))
def test_member_of_a_receiver_typed_without_running_code(found, line, member):
    assert (line, member) in found, sorted(found)
    assert found[(line, member)].definition_file == "garden/base.py"


@pytest.mark.slow
def test_no_member_is_attributed_that_the_fixture_does_not_use(found):
    assert set(found) <= EXPECTED | OTHER_USES, sorted(set(found) - EXPECTED - OTHER_USES)
