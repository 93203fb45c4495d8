"""Row 1: the coverage data a C# run leaves is read back under a byte cap (``hostfs.read_text``,
``HOST_READ_MAX_BYTES`` = 64 MB: red team 1's 60 MB reports) and then parsed whole by
``xml.etree.ElementTree.fromstring`` (``sandbox/suites/csharp.py`` ``parse_mono_coverage``). XML
may declare internal entities, and expat expands them: since expat 2.4 a document may grow to
100 times its own size before the "billion laughs" guard stops it, so the byte cap bounds the
file, not the memory its parse takes (64 MB of file: about 6.4 GB of expanded text, twice that
in the parser's buffers and Python's strings).

mono's coverage profiler opens its output file when mono starts and writes it at exit; the path
is on mono's command line (``--profile=coverage:output=<sandbox>/coverage-<random>.xml``), which
the code under test reads from ``/proc/self/cmdline``. A repository's test (here the static
constructor of the class it tests) unlinks that file and writes its own XML at the path: the
profiler's data goes to the unlinked file, the host reads the test's. The run itself is normal
(the fixture's tests give their usual outcomes, the channel is trusted), so the host parses it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.classlevel.test_csharp_attacks import _with_calc
from tests.classlevel.test_csharp_runner import write_repo

pytestmark = [pytest.mark.mcs, pytest.mark.slow]

PEAK = Path(__file__).with_name("_peak.py")
ENTITY_BYTES = 2 * 1024 * 1024  # the file holds the entity once: about 2 MB of XML
REFERENCES = 90  # under expat's amplification limit (100x the bytes parsed so far)

# the static constructor of Calc: find the profiler's output on mono's command line, replace it
CTOR = """
            string output = null;
            foreach (var arg in System.IO.File.ReadAllText("/proc/self/cmdline").Split('\\0'))
            {{
                int at = arg.IndexOf("coverage:output=");
                if (at >= 0) output = arg.Substring(at + 16).Split(',')[0];
            }}
            if (output != null)
            {{
                System.IO.File.Delete(output);
                var refs = new System.Text.StringBuilder();
                for (int i = 0; i < {refs}; i++) refs.Append("&e;");
                System.IO.File.WriteAllText(output,
                    "<?xml version=\\"1.0\\"?><!DOCTYPE coverage [<!ENTITY e \\"" + new string('A', {size}) + "\\">]>"
                    + "<coverage><method filename=\\"/nowhere/" + refs + "\\"/></coverage>");
            }}
"""
RIGHT_BODY = """
        public int Add(int a, int b) { return a + b; }
        public int Mul(int a, int b) { var r = 0; for (var i = 0; i < b; i++) r = Helper.Plus(r, a); return r; }
"""


def _run(tmp_path: Path, name: str, refs: int) -> dict:
    root = write_repo(tmp_path / name, _with_calc(RIGHT_BODY, CTOR.format(refs=refs, size=ENTITY_BYTES)))
    proc = subprocess.run([sys.executable, str(PEAK), str(root)], capture_output=True, text=True, timeout=600)
    if proc.returncode != 0:
        pytest.fail(f"precondition: the run's interpreter failed: {proc.stderr[-2000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_the_coverage_data_a_run_leaves_cannot_take_the_hosts_memory(tmp_path):
    # control: the same file, the entity referenced once (the same bytes read, nothing to expand)
    control = _run(tmp_path, "control", 1)
    attack = _run(tmp_path, "attack", REFERENCES)
    for run in (control, attack):
        if run["status"] != "ok" or run["outcomes"].get("Demo.Tests.CalcTests.Adds") != "passed":
            pytest.fail(f"precondition: the suite did not run normally: {run}")
        if run["covered"]:
            pytest.fail(f"precondition: the profiler's own data was read, not the test's file: {run['covered']}")
    # the file is ~2 MB; whatever the host keeps of it is a small multiple of that
    assert attack["grown_mb"] - control["grown_mb"] < 64, (control, attack)
    # contained since rt19fix: a document type declaration is refused unparsed (core/xmlsafe.py), counted
    assert "host_files/xml_doctype" in attack["refused"], attack
