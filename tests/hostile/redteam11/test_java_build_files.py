"""A Java repository's ``build.gradle`` on the host: ``java_layout`` (every Java run's layout: the
class build, its gates, every generation of the class evaluation) reads every Gradle build file
of the tree (up to ``_BUILD_FILE_MAX_BYTES``, 1 MiB each) and scans it with
``_GRADLE_DEPENDENCY`` (``sandbox/suites/java.py``), whose ``\\s*\\(?\\s*`` puts two
whitespace quantifiers side by side around an optional bracket: after ``implementation``, a run
of n blanks or line ends not followed by a quote costs n^2/2 steps."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.hostile.redteam11._git import commit_all

BLANKS = 16_000  # line ends after one `implementation`: 16 kB (the cap is 1 MiB per file)

# java_layout of one repository in a fresh interpreter; prints its CPU time and the dependencies
LAYOUT = """
import json, sys, time
from pathlib import Path
from crossfile_datasets.sandbox.suites.java import java_layout
started = time.process_time()
layout = java_layout(Path(sys.argv[1]))
print(json.dumps({"cpu": time.process_time() - started, "main": layout.main, "unresolved": layout.unresolved}))
"""


def _repository(root: Path, gradle: str) -> Path:
    (root / "src" / "main" / "java" / "shop").mkdir(parents=True)
    (root / "src" / "main" / "java" / "shop" / "Cart.java").write_text(
        "package shop;\n\npublic class Cart {\n    public int total() { return 1; }\n}\n")
    (root / "build.gradle").write_text(gradle)
    commit_all(root)
    return root


@pytest.mark.slow
def test_a_gradle_file_of_blank_lines_does_not_stall_the_java_layout(tmp_path, child):
    """Host hang. ``dependencies {`` + ``  implementation`` + 16,000 line ends + ``}``: 16 kB, a
    build file any repository may hold. The layout costs seconds of the builder's CPU instead of
    milliseconds; the cost is quadratic (8,000 line ends 0.54 s, 16,000 2.0 s, 32,000 8.1 s of CPU,
    measured on this machine): one 1 MiB file is about 2.4 hours, and every ``build.gradle``/``.kts`` of the tree is read (a
    multi-module repository has dozens). The regular expression runs in the builder's process:
    the per-repository time limit (``core/deadline.py``, checked at child processes and
    tree-sitter parses) never fires, the class evaluation has none. Safe behaviour: the scan is
    linear (``[ \\t]*`` or one ``\\s*`` around the bracket: ``\\s*(?:\\(\\s*)?``), the hostile file
    costs about what an honest file of the same size does."""
    honest_text = "dependencies {\n" + "  implementation 'org.example:lib:1.0'\n" * (BLANKS // 40) + "}\n"
    hostile_text = "dependencies {\n  implementation" + "\n" * BLANKS + "}\n"
    honest = child(LAYOUT, str(_repository(tmp_path / "honest", honest_text)), timeout=120)
    if honest.timed_out or honest.returncode != 0:
        pytest.fail(f"the control layout did not run: {honest.stderr[-2000:]}")
    baseline = honest.last_json()
    if baseline["main"] != ["src/main/java/shop/Cart.java"] or not baseline["unresolved"]:
        pytest.fail(f"the control's layout is not the expected one: {baseline}")
    hostile = child(LAYOUT, str(_repository(tmp_path / "hostile", hostile_text)), timeout=120)
    assert not hostile.timed_out, "java_layout did not finish in 120 s"
    assert hostile.returncode == 0, hostile.stderr[-2000:]
    found = hostile.last_json()
    print(json.dumps({"honest": baseline, "hostile": found}))
    assert found["cpu"] < 10 * baseline["cpu"] + 0.3, (found["cpu"], baseline["cpu"])
