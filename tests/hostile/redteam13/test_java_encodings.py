"""A Java repository's build files on the host: every Java run (``JavaRunner``: the class build's
suite, its gates, each generation of the class evaluation in Java) starts ``_recode``, which
calls ``declared_encodings`` on the run's copy: ``build.xml``, ``pom.xml``, ``build.gradle`` and
``build.gradle.kts`` are read (1 MiB each) and scanned in the builder's process with
``_ANT_ENCODING`` / ``_GRADLE_ENCODING`` (``sandbox/suites/java.py``). Red team 11 row 2's fix
made ``_GRADLE_DEPENDENCY`` linear; these two patterns of the same file were left quadratic."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.hostile.redteam11._git import commit_all

pytestmark = pytest.mark.slow

# declared_encodings of one repository in a fresh interpreter; prints its CPU time and the result
ENCODINGS = """
import json, sys, time
from pathlib import Path
from crossfile_datasets.sandbox.suites.java import declared_encodings
started = time.process_time()
found = declared_encodings(Path(sys.argv[1]))
print(json.dumps({"cpu": time.process_time() - started, "found": found}))
"""

REPEATS = 6_000  # `compileJava ` x 6,000: 72 kB; `<javac ` x 6,000: 42 kB (the cap is 1 MiB per file)

CASES = {
    # a Gradle file: compileJava named again and again on one line, never options.encoding
    "gradle": ("build.gradle", "compileJava " * REPEATS + "\n",
               "compileJava { options.encoding = 'UTF-8' }\n"
               + "// a comment line of the build file\n" * (REPEATS * 12 // 37)),
    # an Ant file: <javac opened again and again, never closed by '>'
    "ant": ("build.xml", "<project>" + "<javac " * REPEATS + "\n",
            '<project><javac srcdir="src" encoding="UTF-8"/>'
            + "<!-- a comment -->\n" * (REPEATS * 7 // 19) + "</project>\n"),
}


def _repository(root: Path, name: str, text: str) -> Path:
    (root / "src" / "main" / "java" / "shop").mkdir(parents=True)
    (root / "src" / "main" / "java" / "shop" / "Cart.java").write_text(
        "package shop;\n\npublic class Cart {\n    public int total() { return 1; }\n}\n")
    (root / name).write_text(text)
    commit_all(root)
    return root


@pytest.mark.parametrize("kind", sorted(CASES))
def test_repeated_build_file_words_do_not_stall_every_java_run(tmp_path, child, kind):
    """Host hang (CPU). ``build.gradle``: ``compileJava `` 6,000 times on one line (72 kB), or
    ``build.xml``: ``<javac `` 6,000 times (42 kB). ``(?:\\b(compileJava|compileTestJava)\\b[^\\n]*?)?
    \\boptions\\.encoding...`` tries, from every ``compileJava``, each later position of the line
    for ``options.encoding``; ``<javac\\b[^>]*?\\bencoding`` does the same up to the next ``>``.
    Measured alone: 2,000 / 4,000 / 8,000 repeats 0.52 / 1.98 / 8.0 s (Gradle) and 0.27 / 1.1 /
    4.1 s (Ant) of CPU; a 1 MiB file (87,000 / 150,000 repeats) is about 16 / 24 minutes, for
    every Java run of the repository: the class build's suite and each gate run, and every
    generation the class evaluation judges (thousands), in the builder's or evaluator's process,
    where no time limit applies. Control: a build file of the same size declaring its encoding.
    Safe behaviour: a linear scan (find ``options.encoding`` first, then look back on its line for
    the task name; ``<javac[^>]*>`` then the attribute inside), the hostile file costs about what
    the control does."""
    name, hostile_text, honest_text = CASES[kind]
    honest = child(ENCODINGS, str(_repository(tmp_path / "honest", name, honest_text)), timeout=120)
    if honest.timed_out or honest.returncode != 0:
        pytest.fail(f"the control did not run: {honest.stderr[-2000:]}")
    baseline = honest.last_json()
    if baseline["found"].get("main") != "UTF-8":
        pytest.fail(f"the control's declared encoding was not read: {baseline}")
    hostile = child(ENCODINGS, str(_repository(tmp_path / "hostile", name, hostile_text)), timeout=240)
    assert not hostile.timed_out, "declared_encodings did not finish in 240 s"
    if hostile.returncode != 0:
        pytest.fail(f"the hostile run failed otherwise: {hostile.stderr[-2000:]}")
    found = hostile.last_json()
    print(json.dumps({"kind": kind, "honest": baseline, "hostile": found}))
    assert found["cpu"] < 10 * baseline["cpu"] + 0.3, (found["cpu"], baseline["cpu"])
