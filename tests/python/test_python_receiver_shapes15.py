"""Receivers typed without running code, fifteenth set: the Python misses of the held-out batch
of 2026-11-30 (encode/httpcore, now a tuning case), written here from scratch:

- the value of ``await`` of a project coroutine with a return annotation
  (``link = await self._open(url)`` with ``async def _open(...) -> Link``), also on a name
  assigned twice in two branches (both awaited calls declare the same class), and through a
  plain function annotated ``-> Awaitable[Link]``;
- a member read on an attribute annotated with an interface and assigned one of two
  implementations (``self._conn: Conn | None``, ``H1()`` or ``H2()``): the interface's member,
  not one usage per implementation (httpcore's definition accuracy 0.874);
- the target of ``async with Pool() as pool`` whose class declares ``async def __aenter__(self)
  -> Pool`` (and one annotated ``-> Self``), members read on what ``await pool.send()`` returns,
  and the target of ``async with pool.stream() as reply`` where ``stream`` is an
  ``@asynccontextmanager`` annotated ``-> AsyncIterator[Reply]``.

astroid infers no ``await`` and looks up ``__enter__`` for ``async with`` too, so all of these
were silent while their synchronous twins were found. Checked with the real Pylint and our
plugins.
"""

from __future__ import annotations

import pytest

from tests.python.helpers import usages_of

pytestmark = pytest.mark.pylint

FIXTURE = {
    "net/__init__.py": "",
    "net/links.py": (
        "class Link:\n"
        "    def peer(self) -> str:\n"
        "        return 'peer'\n"
        "    async def secure(self) -> 'Link':\n"
        "        return self\n"
    ),
    "net/replies.py": (
        "class Reply:\n"
        "    def __init__(self) -> None:\n"
        "        self.status = 200\n"
        "        self.extras: dict = {}\n"
    ),
    "net/pool.py": (
        "import contextlib\n"
        "from typing import AsyncIterator, Awaitable\n"
        "from typing_extensions import Self\n"
        "from net.links import Link\n"
        "from net.replies import Reply\n"
        "class Pool:\n"
        "    async def __aenter__(self) -> 'Pool':\n"
        "        return self\n"
        "    async def __aexit__(self, *args) -> None:\n"
        "        return None\n"
        "    async def send(self, url: str) -> Reply:\n"
        "        return Reply()\n"
        "    @contextlib.asynccontextmanager\n"
        "    async def stream(self, url: str) -> AsyncIterator[Reply]:\n"
        "        yield Reply()\n"
        "class SelfPool(Pool):\n"
        "    async def __aenter__(self) -> Self:\n"
        "        return self\n"
        "def later(url: str) -> Awaitable[Link]:\n"
        "    raise NotImplementedError\n"
    ),
    "net/client.py": (
        "from net.links import Link\n"
        "from net.pool import Pool, SelfPool, later\n"
        "class Client:\n"
        "    async def _open(self, url: str) -> Link:\n"
        "        return Link()\n"
        "    async def peer(self, url: str) -> str:\n"
        "        link = await self._open(url)\n"
        "        return link.peer()\n"  # line 8
        "    async def either(self, url: str, safe: bool) -> Link:\n"
        "        if safe:\n"
        "            link = await self._open(url)\n"
        "        else:\n"
        "            link = await self._open(url + '/')\n"
        "        link = await link.secure()\n"  # line 14
        "        return link\n"
        "    async def deferred(self, url: str) -> str:\n"
        "        link = await later(url)\n"
        "        return link.peer()\n"  # line 18
        "async def fetch(url: str) -> int:\n"
        "    async with Pool() as pool:\n"
        "        reply = await pool.send(url)\n"  # line 21
        "        first = reply.status\n"  # line 22
        "        async with pool.stream(url) as streamed:\n"  # line 23
        "            return first + len(streamed.extras)\n"  # line 24
        "async def fetch_self(url: str) -> int:\n"
        "    async with SelfPool() as pool:\n"
        "        reply = await pool.send(url)\n"  # line 27
        "        return reply.status\n"  # line 28
        "def blocking(url: str) -> object:\n"
        "    return Client()._open(url)\n"  # a coroutine object, not awaited: nothing read on it
    ),
    "net/iface.py": (
        "class Conn:\n"
        "    def ready(self) -> bool:\n"
        "        raise NotImplementedError\n"
    ),
    "net/h1.py": "from net.iface import Conn\nclass H1(Conn):\n    def ready(self) -> bool:\n        return True\n",
    "net/h2.py": "from net.iface import Conn\nclass H2(Conn):\n    def ready(self) -> bool:\n        return False\n",
    "net/holder.py": (
        "from net.iface import Conn\n"
        "from net.h1 import H1\n"
        "from net.h2 import H2\n"
        "class Holder:\n"
        "    def __init__(self, fast: bool) -> None:\n"
        "        self._conn: Conn | None = None\n"
        "        if fast:\n"
        "            self._conn = H2()\n"
        "        else:\n"
        "            self._conn = H1()\n"
        "    def ready(self) -> bool:\n"
        "        return self._conn is not None and self._conn.ready()\n"  # line 12
        "class Pair:\n"
        "    def __init__(self) -> None:\n"
        "        self._first: H1 = H1()\n"
        "    def ready(self) -> bool:\n"
        "        return self._first.ready()\n"  # line 17: the declared class's own member
    ),
}

EXPECTED_MEMBERS = {
    ("net/client.py", 8, "peer"): "net/links.py",
    ("net/client.py", 14, "secure"): "net/links.py",
    ("net/client.py", 18, "peer"): "net/links.py",
    ("net/client.py", 21, "send"): "net/pool.py",
    ("net/client.py", 22, "status"): "net/replies.py",
    ("net/client.py", 23, "stream"): "net/pool.py",
    ("net/client.py", 24, "extras"): "net/replies.py",
    ("net/client.py", 27, "send"): "net/pool.py",
    ("net/client.py", 28, "status"): "net/replies.py",
}


# a member the declared class declares, on a receiver holding one of several implementations:
# the declared member is the use, not each implementation's (one per emptied import before)
EXPECTED_DECLARED = {
    ("net/holder.py", 12, "ready"): ["net/iface.py"],
    ("net/holder.py", 17, "ready"): ["net/h1.py"],
}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    usages, report, _ = usages_of(tmp_path_factory.mktemp("shapes15") / "repo", FIXTURE)
    assert not [k for k in report.counts if k.startswith("files/checker")], dict(report.counts)
    return usages, report


@pytest.mark.slow
def test_awaited_values_and_async_with_targets(built):
    usages, _ = built
    found = {(u.file, u.line, u.member): u.definition_file for u in usages if u.file == "net/client.py" and u.member}
    assert found == EXPECTED_MEMBERS


@pytest.mark.slow
def test_a_member_of_several_implementations_is_the_declared_classs(built):
    usages, report = built
    found: dict = {}
    for u in usages:
        if u.file == "net/holder.py" and u.member:
            found.setdefault((u.file, u.line, u.member), []).append(u.definition_file)
    assert found == EXPECTED_DECLARED
    assert report.counts["usages/implementation_of_declared_member"] >= 1
