"""Receivers typed without running code, twelfth set: the Python miss of held-out 18
(hynek/svcs, now a tuning case), written here from scratch:

- members of the one name of a one-element unpacking of a project call whose return
  annotation is a homogeneous collection (``(probe,) = hub.probes()`` with ``-> list[Probe]``),
  where astroid gives the name no value (the function returns an empty list or a
  comprehension over an unannotated attribute); the same for a two-name list target
  (``[first, second] = hub.probes()``) and a ``Sequence[X]`` return.

A fixed-length ``tuple[A, B]`` return keeps its per-position reading (set eleven).

Checked with the real Pylint and our plugins.
"""

from __future__ import annotations

import pytest

from tests.python.helpers import usages_of

pytestmark = pytest.mark.pylint

FIXTURE = {
    "hub/__init__.py": "",
    "hub/probes.py": (
        "from __future__ import annotations\n"
        "from typing import Sequence\n"
        "class Probe:\n"
        "    def __init__(self, name: str) -> None:\n"
        "        self.name = name\n"
        "    def ping(self) -> bool:\n"
        "        return bool(self.name)\n"
        "class Hub:\n"
        "    def __init__(self, registered) -> None:\n"
        "        self.registered = registered\n"
        "    def probes(self) -> list[Probe]:\n"
        "        if not self.registered:\n"
        "            found = []\n"
        "            return found\n"
        "        return [Probe(n) for n in self.registered.names]\n"
        "    def ordered(self) -> Sequence[Probe]:\n"
        "        return tuple(self.probes())\n"
    ),
    "tests/__init__.py": "",
    "tests/test_hub.py": (
        "from hub.probes import Hub\n"
        "def test_one(registered):\n"
        "    (probe,) = Hub(registered).probes()\n"
        "    assert probe.ping()\n"                                    # 4: ping
        "def test_two(registered):\n"
        "    [first, second] = Hub(registered).ordered()\n"
        "    assert first.name != second.name\n"                      # 7: name
    ),
}

EXPECTED = {
    ("tests/test_hub.py", 3, "probes"): "hub/probes.py",
    ("tests/test_hub.py", 4, "ping"): "hub/probes.py",
    ("tests/test_hub.py", 6, "ordered"): "hub/probes.py",
    ("tests/test_hub.py", 7, "name"): "hub/probes.py",
}


@pytest.mark.slow
def test_names_unpacked_from_a_homogeneous_collection(tmp_path):
    usages, report, _ = usages_of(tmp_path / "repo", FIXTURE)
    assert not [k for k in report.counts if k.startswith("files/checker")], dict(report.counts)
    found = {(u.file, u.line, u.member): u for u in usages if u.file == "tests/test_hub.py" and u.member}
    assert {key: u.definition_file for key, u in found.items()} == EXPECTED
    assert found[("tests/test_hub.py", 4, "ping")].definition_symbol == "Probe.ping"
