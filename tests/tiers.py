"""The fast test tier from measured times, not from guesses (``make test-fast``, ``make durations``).

Why it exists: ``make test-fast`` must stay short (issue 30 asks under 90 s on this 2-core
machine), but a hand-placed ``@pytest.mark.slow`` only reaches the tests somebody timed once;
new end-to-end tests land unmarked and the tier grows. This plugin reads the times recorded by a
whole run (``tests/durations.json``: wall and CPU seconds per test, setup and teardown included)
and marks ``slow`` every test measured over the tier's per-test limits. A test never recorded
(new) stays in the fast tier until the next ``make durations``.

A shared fixture (module, class, package or session scope) is paid by the first test that asks
for it: in a whole run that is often a slow test, so its fast neighbours were recorded without
the cost, and the fast tier, which leaves the slow test out, then pays it in a fast one (a
module's built dataset: 20 s of "setup" in a 0.1 s test). So the file also records each shared
fixture's own setup time (its dependencies apart), and a test that asks for a shared fixture
over the limits is slow too, whichever test paid for it in the recorded run.

``--record-durations PATH`` writes such a file from the run it is given to (``make test`` writes
``build/test-durations.json`` on every run, so the clean-clone CI leaves fresh figures; ``make
durations`` refreshes the committed file). CPU time is this process's and its reaped
children's (the checkers, the sandboxed runs): unlike wall time it hardly moves with the load of
a shared machine, so a file recorded under load still sorts the tests right.
"""

from __future__ import annotations

import json
import os
import platform
import subprocess
import time
from datetime import datetime, timezone
from pathlib import Path

import pytest

RECORDED = Path(__file__).with_name("durations.json")
# a test stays in the fast tier when both its recorded times are within these limits
FAST_MAX_WALL_SECONDS = 0.7
FAST_MAX_CPU_SECONDS = 0.5


def _cpu_seconds() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--record-durations", metavar="PATH", default=None,
                     help="write each test's wall and CPU seconds (JSON) for tests/durations.json")
    parser.addoption("--tier-durations", metavar="PATH", default=str(RECORDED),
                     help="the recorded times the fast tier is chosen from (default tests/durations.json)")


def slow_by_record(times: dict, wall_limit: float = FAST_MAX_WALL_SECONDS,
                   cpu_limit: float = FAST_MAX_CPU_SECONDS) -> bool:
    """Whether one recorded test ({"wall": s, "cpu": s}) is over the fast tier's limits."""
    return times.get("wall", 0.0) > wall_limit or times.get("cpu", 0.0) > cpu_limit


def load_recorded(path: Path = RECORDED, section: str = "tests") -> dict[str, dict]:
    """nodeid -> {"wall", "cpu"} (or, for ``section="fixtures"``, fixture key -> times) from a
    recorded file; {} when there is none."""
    try:
        return json.loads(path.read_text(encoding="utf-8")).get(section, {})
    except FileNotFoundError:
        return {}


def fixture_key(fixturedef) -> str:
    """Where a fixture is defined and its name: ``tests/completion/test_splits.py::built``
    (``baseid`` is the folder or module it is visible from; ``""`` for plugins' fixtures)."""
    return f"{fixturedef.baseid}::{fixturedef.argname}"


def shared_fixtures_of(item: pytest.Item) -> list:
    """The fixture definitions an item uses whose value outlives one test (the last definition
    of each name is the one pytest gives it)."""
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return []
    chosen = []
    for name in info.names_closure:
        definitions = info.name2fixturedefs.get(name)
        if definitions and definitions[-1].scope != "function":
            chosen.append(definitions[-1])
    return chosen


class DurationRecorder:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.times: dict[str, dict[str, float]] = {}
        self.fixtures: dict[str, dict[str, float]] = {}

    @pytest.hookimpl(hookwrapper=True)
    def pytest_fixture_setup(self, fixturedef, request):
        # called once the fixture's own dependencies are set up: the time is the fixture's own
        wall, cpu = time.monotonic(), _cpu_seconds()
        yield
        if fixturedef.scope == "function":
            return  # counted in the time of the test that asked for it
        key = fixture_key(fixturedef)
        seen = self.fixtures.get(key, {"wall": 0.0, "cpu": 0.0})
        self.fixtures[key] = {"wall": max(seen["wall"], round(time.monotonic() - wall, 3)),
                              "cpu": max(seen["cpu"], round(_cpu_seconds() - cpu, 3))}

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item: pytest.Item, nextitem):
        wall, cpu = time.monotonic(), _cpu_seconds()
        yield
        self.times[item.nodeid] = {"wall": round(time.monotonic() - wall, 3),
                                   "cpu": round(_cpu_seconds() - cpu, 3)}

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        if not self.times:
            return
        try:
            commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                                    cwd=Path(__file__).parent, timeout=10).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            commit = ""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text(json.dumps({
            "recorded": datetime.now(timezone.utc).isoformat(timespec="seconds"), "commit": commit,
            "machine": {"cores": os.cpu_count(), "load_at_end": round(os.getloadavg()[0], 1),
                        "python": platform.python_version()},
            "tests": dict(sorted(self.times.items())),
            "fixtures": dict(sorted(self.fixtures.items()))}, indent=1) + "\n", encoding="utf-8")


def pytest_configure(config: pytest.Config) -> None:
    path = config.getoption("--record-durations")
    if path:
        config.pluginmanager.register(DurationRecorder(Path(path)), "crossfile-duration-recorder")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    path = Path(config.getoption("--tier-durations"))
    recorded, fixtures = load_recorded(path), load_recorded(path, section="fixtures")
    for item in items:
        if item.get_closest_marker("slow") is not None:
            continue
        times = recorded.get(item.nodeid)
        if (times is not None and slow_by_record(times)) or any(
                slow_by_record(fixtures.get(fixture_key(f), {})) for f in shared_fixtures_of(item)):
            item.add_marker(pytest.mark.slow)
