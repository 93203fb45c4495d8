"""Attacks on the Java class runner's host side (sandbox/suites/java.py): the JUnit reports it
reads back after the launcher's run."""

from __future__ import annotations

import pytest

from tests.conftest import require_tool

# The class under test (a model's class in the class evaluation; a repository's own code or
# tests in the class build) plants a link named like a report, to /dev/zero, in the launcher's
# reports folder (control/reports: writable by the run). The host globs TEST-*.xml there and
# reads each with Path.read_text, which follows the link and never reaches the end of the file.
# The child runs with RLIMIT_AS at 3 GiB so the machine is not taken down: without it the
# host process grows at memory speed until the kernel's OOM killer picks a victim.
DEV_ZERO_RUN = '''
import json, resource, sys
from pathlib import Path
resource.setrlimit(resource.RLIMIT_AS, (3 << 30, resource.RLIM_INFINITY))
from crossfile_datasets.lang import Lang
from crossfile_datasets.sandbox.suites import runner_for
from tests.classlevel.test_java_runner import FILES, write_repo

files = dict(FILES)
files["src/main/java/demo/Calc.java"] = """package demo;
import java.nio.file.*;
public class Calc {
    public int add(int a, int b) {
        try {
            Path reports = Paths.get(System.getenv("CROSSFILE_SANDBOX_ROOT"), "control", "reports");
            Files.createDirectories(reports);
            Files.createSymbolicLink(reports.resolve("TEST-zzz.xml"), Paths.get("/dev/zero"));
        } catch (Exception e) { throw new RuntimeException(e); }
        return a + b;
    }
    public int twice(int a) { return 2 * a; }
}
"""
try:
    run = runner_for(Lang.JAVA).run(write_repo(Path(sys.argv[1]), files), ["demo.CalcTest#adds"], coverage=False)
    print(json.dumps({"error": "", "status": run.status.value, "outcomes": {k: v.value for k, v in run.outcomes().items()}}))
except MemoryError:
    print(json.dumps({"error": "MemoryError"}))
'''


@pytest.mark.javac
@pytest.mark.slow
def test_a_report_linked_to_dev_zero_does_not_exhaust_host_memory(child, tmp_path):
    """Host resource (class build and class evaluation, Java): issue 27 named a FIFO at
    ``TEST-*.xml`` (a hang) and big reports (48 x 60 MB); a link to /dev/zero is worse: the read
    never ends and allocates as fast as the machine can, killing the evaluator (here stopped at
    3 GiB by the child's RLIMIT_AS) or, without a limit, whatever the OOM killer picks."""
    require_tool("javac")
    require_tool("java")
    # the runner's helpers compiled (and cached) here: javac does not start under the child's 3 GiB
    from crossfile_datasets.sandbox.suites.java import runner_tools

    runner_tools()
    done = child(DEV_ZERO_RUN, str(tmp_path / "repo"), timeout=240)
    assert not done.timed_out
    seen = done.last_json()
    assert seen["error"] == "", seen
    assert "demo.CalcTest#adds" in seen["outcomes"]
