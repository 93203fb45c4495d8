"""Receivers typed without running code, tenth set: the Python misses of held-out 16
(lundberg/respx, now a tuning case), written here from scratch:

- members of a value an operator makes, when the operator's dunder is annotated
  (``route = api.get("/a") % {"status": 202}`` with ``def __mod__(self, other) -> "Route"``),
  and the members read through them (``route.calls.last.request``);
- members of the target of a loop over a class attribute annotated ``ClassVar[List["Router"]]``,
  iterated through ``cls`` in a classmethod;
- classes named in string annotations of parameters, returns and ``ClassVar[...]`` (Pylint does
  not look inside strings: ``crossfile_string_annotations``), never in ``Literal[...]`` values.

Checked with the real Pylint and our plugins.
"""

from __future__ import annotations

import pytest

from tests.python.helpers import usages_of

pytestmark = pytest.mark.pylint

FIXTURE = {
    "mocks/__init__.py": "",
    "mocks/models.py": (
        "from __future__ import annotations\n"
        "from typing import Any, Dict, List, NamedTuple, Optional\n"
        "class Call(NamedTuple):\n"
        "    request: str\n"
        "    response: Optional[str]\n"
        "class CallList(list):\n"
        "    @property\n"
        "    def last(self) -> Call:\n"
        "        return self[-1]\n"
        "class Route:\n"
        "    def __init__(self, path: str) -> None:\n"
        "        self.path = path\n"
        "        self.calls = CallList()\n"
        "        self.reply: Dict[str, Any] = {}\n"
        "    def __mod__(self, reply: Dict[str, Any]) -> \"Route\":\n"
        "        if not isinstance(reply, dict):\n"
        "            raise TypeError(reply)\n"
        "        self.reply = reply\n"
        "        return getattr(self, 'itself')()\n"
        "    def itself(self):\n"
        "        return self\n"
        "    @property\n"
        "    def called(self) -> bool:\n"
        "        return bool(self.calls)\n"
    ),
    "mocks/router.py": (
        "from __future__ import annotations\n"
        "from typing import List\n"
        "from mocks.models import Route\n"
        "class Router:\n"
        "    def __init__(self) -> None:\n"
        "        self.routes: List[Route] = []\n"
        "        self._names = {}\n"
        "    def add(self, route, name=None):\n"
        "        existing = self._names.pop(name or '', None)\n"
        "        if existing:\n"
        "            existing.path = route.path\n"
        "            route = existing\n"
        "        self._names[name] = route\n"
        "        return route\n"
        "    def get(self, path: str, name=None) -> Route:\n"
        "        return self.add(Route(path), name=name)\n"
        "    def handler(self, request: str) -> str:\n"
        "        return request\n"
        "mock = Router()\n"
        "def get(path: str, name=None) -> Route:\n"
        "    return mock.get(path, name=name)\n"
    ),
    "mocks/mocker.py": (
        "from __future__ import annotations\n"
        "from typing import TYPE_CHECKING, ClassVar, List\n"
        "if TYPE_CHECKING:\n"
        "    from mocks.router import Router\n"
        "class Mocker:\n"
        "    routers: ClassVar[List[\"Router\"]]\n"
        "    def __init_subclass__(cls) -> None:\n"
        "        cls.routers = []\n"
        "    @classmethod\n"
        "    def send(cls, request: str) -> str:\n"
        "        for router in cls.routers:\n"
        "            request = router.handler(request)\n"            # 12: handler
        "        return request\n"
    ),
    "mocks/transport.py": (
        "from typing import TYPE_CHECKING, Literal, Optional\n"
        "if TYPE_CHECKING:\n"
        "    from mocks.router import Router\n"
        "class Transport:\n"
        "    def __init__(self, router: Optional[\"Router\"] = None) -> None:\n"  # 5: Router
        "        self.router = router\n"
        "    def bind(self, router: \"Router\", mode: Literal[\"Router\"] = \"Router\") -> \"Transport\":\n"  # 7
        "        self.router = router\n"
        "        return self\n"
    ),
    "tests/__init__.py": "",
    "tests/test_stats.py": (
        "from mocks import router as api\n"
        "def test_stats() -> None:\n"
        "    route = api.get('/a', name='a') % dict(status=202)\n"  # 3: get
        "    assert not route.called\n"                             # 4: called
        "    assert route.calls.last.request\n"                     # 5: calls, last, request
        "    assert route.path\n"                                   # 6: path
    ),
}

EXPECTED = {
    ("mocks/mocker.py", 12, "handler"): "mocks/router.py",
    ("tests/test_stats.py", 3, "get"): "mocks/router.py",
    ("tests/test_stats.py", 4, "called"): "mocks/models.py",
    ("tests/test_stats.py", 5, "calls"): "mocks/models.py",
    ("tests/test_stats.py", 5, "last"): "mocks/models.py",
    ("tests/test_stats.py", 5, "request"): "mocks/models.py",
    ("tests/test_stats.py", 6, "path"): "mocks/models.py",
}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    usages, report, _ = usages_of(tmp_path_factory.mktemp("shapes10") / "repo", FIXTURE)
    assert not [k for k in report.counts if k.startswith("files/checker")], dict(report.counts)
    return usages


@pytest.fixture(scope="module")
def found(built):
    return {(u.file, u.line, u.member): u for u in built
            if u.file in ("mocks/mocker.py", "tests/test_stats.py") and u.member}


@pytest.mark.slow
def test_operator_values_and_class_variable_loops(found):
    assert {key: u.definition_file for key, u in found.items()} == EXPECTED
    assert found[("tests/test_stats.py", 5, "last")].definition_symbol == "CallList.last"


@pytest.mark.slow
def test_names_inside_string_annotations_are_type_uses(built):
    named = sorted((u.file, u.line, u.column, u.imported_name) for u in built
                   if u.imported_name == "Router" and not u.member and u.file in ("mocks/mocker.py", "mocks/transport.py"))
    lines = {p: FIXTURE[p].splitlines() for p in ("mocks/mocker.py", "mocks/transport.py")}
    # the column of the name inside the quotes, once per annotation; the Literal value is no use
    want = sorted((p, n, lines[p][n - 1].index("Router\""), "Router")
                  for p, n in (("mocks/mocker.py", 6), ("mocks/transport.py", 5), ("mocks/transport.py", 7)))
    assert named == want
