"""Attacks on the verdict channel's host reader (sandbox/channel.py)."""

from __future__ import annotations

import pytest

# A run whose test sends, through the harness plugin's own sender (any repository test or
# conftest.py at build time, any completion at evaluation time runs in that process), event
# records with a new name each. The reader keeps "the end-of-session record and the named
# events always", outside CHANNEL_MAX_BYTES.
EVENTS_RUN = '''
import json, sys, tracemalloc
from crossfile_datasets.sandbox import Sandbox, SandboxLimits
from crossfile_datasets.sandbox.pytest_runs import run_pytest

EVENTS, MEGABYTES = int(sys.argv[1]), int(sys.argv[2])
TEST = """
import crossfile_pytest_plugin as plugin


def test_events():
    pad = "y" * (%d << 20)
    for i in range(%d):
        plugin._send({"event": "e%%d" %% i, "pad": pad})
""" % (MEGABYTES, EVENTS)
with Sandbox(None, python=sys.executable, limits=SandboxLimits(timeout=200, test_timeout=190)) as box:
    box.write("test_events.py", TEST)
    tracemalloc.start()  # the run's own peak (the reader thread's too), whatever the imports' peak was
    prun = run_pytest(box, ["test_events.py"])
    peak = tracemalloc.get_traced_memory()[1]
print(json.dumps({"grown_mb": peak / 2**20, "events_kept": len(prun.channel.events),
                  "outcomes": prun.outcomes, "refused": prun.refused}))
'''


@pytest.mark.slow
def test_named_event_records_do_not_grow_host_memory(child):
    """Host resource (build, class build, observe-types, both evaluations: every pytest run):
    the channel parser keeps every record that has an ``event`` name (one per name), and only
    counts the plain records against ``CHANNEL_MAX_BYTES``. Code in the tested process sends 40
    events of 8 MiB each (each under the 16 MiB line cap); the host kept all of them (~340 MB).
    Now every record counts against ``CHANNEL_MAX_BYTES``: the ones past it are counted
    (``host_files/channel_overflow``), not kept, and the run's test no longer counts as passed
    (red team 2026-11-29 row 3: a dropped record may be a failure or a wrong value)."""
    done = child(EVENTS_RUN, "40", "8", timeout=240)
    assert not done.timed_out, done.stderr[-2000:]
    seen = done.last_json()
    assert seen["outcomes"] == {"test_events.py::test_events": "error"}
    assert seen["grown_mb"] < 100, f"the host grew by {seen['grown_mb']:.0f} MB ({seen['events_kept']} events kept)"
    assert seen["events_kept"] <= 4
    assert any(key == "host_files/channel_overflow" and "verdict channel" in detail for key, detail in seen["refused"])
