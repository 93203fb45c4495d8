"""Row 2: the Java runner's per-test coverage is sent by our analysis JVM as line *ranges*
(``{"session": ..., "lines": {"demo/Big.java": [[5, 2004], ...]}}``) and expanded on the host into
one Python ``set`` of ints per (test, file) (``sandbox/suites/java.py`` ``_lines``, at most
100,000 lines per range, nothing per run). A repository chooses both factors: a source file of
many straight-line lines (here 60,000 lines ``x += 1;`` in 30 methods, 0.96 MB: under
``MAX_FILE_BYTES``) and many tests that each run all of it (here 100 one-line JUnit 4 tests).
The analysis output is a few kB; the host holds 6,000,000 (test, line) entries, about 4 bytes of
output turning into 70 bytes of host memory per entry, linear in the number of tests. The Python
runner caps the same data (``COVERAGE_MAX_LINE_ENTRIES``, 2,000,000: red team 8 row 5, counted
``host_files/coverage_too_many_lines``); the Java runner has no cap. The class build's Stage 1 runs
every Java repository's suite this way (``builders/classlevel/build.py`` ``runner.run(...,
coverage=True)``)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

PEAK = Path(__file__).with_name("_java_peak.py")
REFUSED = "coverage_too_many_lines"  # the host_files reason of a refused run's coverage
METHODS, TESTS = 30, 100


def _big(lines: int) -> str:
    out = ["package demo;", "", "public class Big {", "    static int x;"]
    for m in range(METHODS):
        out += [f"    static void m{m}() {{", *["        x += 1;"] * lines, "    }"]
    out += ["    public static int all() {", *[f"        m{m}();" for m in range(METHODS)], "        return x;", "    }", "}", ""]
    return "\n".join(out)


def _tests() -> str:
    methods = [f"    @Test public void t{i}() {{ assertTrue(Big.all() > 0); }}" for i in range(TESTS)]
    return "\n".join(["package demo;", "", "import org.junit.Test;", "import static org.junit.Assert.assertTrue;", "",
                      "public class BigTest {", *methods, "}", ""])


def _run(root: Path, lines: int) -> dict:
    for rel, text in {"pom.xml": "<project/>\n", "src/main/java/demo/Big.java": _big(lines),
                      "src/test/java/demo/BigTest.java": _tests()}.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    proc = subprocess.run([sys.executable, str(PEAK), str(root)], capture_output=True, text=True, timeout=900)
    if proc.returncode != 0:
        pytest.fail(f"precondition: the run's interpreter failed: {proc.stderr[-2000:]}")
    run = json.loads(proc.stdout.strip().splitlines()[-1])
    # the run's per-test coverage came back, or (contained) was refused whole past the host's cap
    capped = run["entries"] == 0 and f"host_files/{REFUSED}" in run["refused"]
    if run["status"] != "ok" or run["passed"] != TESTS or (run["entries"] < TESTS * METHODS * lines and not capped):
        pytest.fail(f"precondition: the suite did not run with per-test coverage: {run}")
    return run


def test_a_java_suites_per_test_coverage_cannot_take_the_hosts_memory(tmp_path):
    control = _run(tmp_path / "control", 20)  # the same 100 tests over 600 lines: 60,000 entries
    if control["entries"] == 0:
        pytest.fail(f"control: its per-test coverage must be kept: {control}")
    attack = _run(tmp_path / "attack", 2000)  # over 60,000 lines: 6,000,000 entries
    assert attack["grown_mb"] - control["grown_mb"] < 128, (control, attack)
    # contained since rt19fix: refused past COVERAGE_MAX_LINE_ENTRIES (counted, as Python's), never expanded
    assert attack["entries"] == 0 and attack["refused"] == [f"host_files/{REFUSED}"], attack
