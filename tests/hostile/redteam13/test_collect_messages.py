"""A program's collection-error message on the host, in the executable build: ``run_programs``
(``builders/executable/build.py``: the validation and flakiness runs of every program, the
programs' own reruns) hands the message of each program whose outcome is an error to
``deadimports.failed_modules``, which looks for ``<path>.py:<n>: in <module>`` frames with
``_MODULE_FRAME`` (``(?m)^\\s*...``). The plugin sends the last 1,000 characters of pytest's
report, but the host keeps whatever message an outcome record carries
(``pytest_runs.summarize_outcomes``): code in the tested process (the repository's
``conftest.py`` or test module, at build time) reaches the plugin's sender, as red team 1 row 1's
events did, and sends a collection error of its own."""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.slow

LINE_ENDS = 20_000  # the forged message: 20,000 line ends (40 kB of JSON; a record line may be 16 MiB)

# A real sandboxed pytest run of one program whose module, when imported by pytest, sends through
# the harness plugin's own sender a failed collection record for itself; then, on the host, what
# run_programs does with the message of a program whose outcome is an error.
RUN = '''
import json, sys, time
from crossfile_datasets.builders.executable.deadimports import failed_modules
from crossfile_datasets.sandbox import Sandbox, SandboxLimits
from crossfile_datasets.sandbox.pytest_runs import Outcome, run_pytest

FILL, COUNT = sys.argv[1], int(sys.argv[2])
PROGRAM = """
import crossfile_pytest_plugin as plugin

plugin._send({"nodeid": "test_cfd_sum.py", "when": "collect", "outcome": "failed", "exc_type": "CollectError",
              "xfail": False, "message": %r * %d, "violations": []})


def test_sum():
    assert sum([1, 2]) == 3
""" % (FILL, COUNT)
with Sandbox(None, python=sys.executable, limits=SandboxLimits(timeout=200, test_timeout=190)) as box:
    box.write("test_cfd_sum.py", PROGRAM)
    prun = run_pytest(box, ["test_cfd_sum.py"], extra_args=["--continue-on-collection-errors"])
started = time.process_time()
found = set()
for path in ["test_cfd_sum.py"]:
    if prun.outcomes.get(path) == Outcome.ERROR:  # builders/executable/build.py run_programs
        found |= failed_modules(prun.messages.get(path, ""), [""], [path])
print(json.dumps({"cpu": time.process_time() - started, "outcome": prun.outcomes.get("test_cfd_sum.py"),
                  "message_chars": len(prun.messages.get("test_cfd_sum.py", "")), "found": sorted(found),
                  "refused": [key for key, _ in prun.refused]}))
'''


def test_a_forged_collection_message_does_not_stall_the_build(tmp_path, child):
    """Host hang (CPU) in the executable build. The program's module sends, through the plugin's
    sender, a failed collection record for its own node id whose message is 20,000 line ends
    (40 kB of JSON). The host keeps the whole message (the plugin's own cap, 1,000 characters,
    binds only the plugin) and ``failed_modules`` scans it with ``(?m)^\\s*([\\w./-]+)\\.py:...``:
    from every line start ``\\s*`` runs over every later line end, n^2/2 steps (5,000 / 10,000
    / 20,000 line ends 0.28 / 1.1 / 4.4 s of CPU, measured alone). A record line may be 16 MiB
    (8 million line ends: ~8 days), every program of the repository may send one, in the
    builder's process, where the repository time limit is checked only at child processes and
    parses. Control: the same record with 20,000 ``x``. Safe behaviour: host-side messages cut
    to the plugin's length (``summarize_outcomes``), and ``[ \\t]*`` after ``^``; the hostile
    message costs what the control's does."""
    honest = child(RUN, "x", str(LINE_ENDS), timeout=240)
    if honest.timed_out or honest.returncode != 0:
        pytest.fail(f"the control run did not run: {honest.stderr[-2000:]}")
    baseline = honest.last_json()
    if baseline["outcome"] != "error" or not baseline["message_chars"]:
        pytest.fail(f"the forged collection record was not taken as the program's error: {baseline}")
    # the host keeps a message of the plugin's own length (its last 1,000 characters), the cut counted
    assert baseline["message_chars"] <= 1_000 + 202 and baseline["refused"], baseline
    hostile = child(RUN, "\n", str(LINE_ENDS), timeout=240)
    assert not hostile.timed_out, "the run and its host-side reading did not finish in 240 s"
    if hostile.returncode != 0:
        pytest.fail(f"the hostile run failed otherwise: {hostile.stderr[-2000:]}")
    found = hostile.last_json()
    print(json.dumps({"honest": baseline, "hostile": found}))
    assert found["cpu"] < baseline["cpu"] + 0.5, (found["cpu"], baseline["cpu"])
