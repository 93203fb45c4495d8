"""What a Java wrong class costs in the gates (tuning case of 2026-11-27: the wrong-class gate took
3,762 s of commons-codec's 4,473 s). Each wrong class (the throwing stub, each mutant) and each
generation the evaluation judges is placed with ``harness.class_runs.run_placed``; on 40ba762
that built the copy twice for Java (``compile_only``, then again inside ``run``: two javac runs of
the main set and two of the tests per wrong class). Now the runner compiles in its run, once, and
says ``COMPILE_FAILED`` there as ``compile_only`` did; javac runs with C1 only. Real javac, JUnit
runner and bubblewrap; the spy counts calls of the real build, it replaces nothing."""
from __future__ import annotations

import pytest

from crossfile_datasets.harness.class_runs import run_placed
from crossfile_datasets.sandbox import SandboxLimits
from crossfile_datasets.sandbox.suites import SuiteStatus
from crossfile_datasets.sandbox.suites import TestOutcome as Outcome
from crossfile_datasets.sandbox.suites.java import RUNNER, JavaRunner

from .test_java_runner import write_repo

pytestmark = pytest.mark.javac

FILES = {
    "src/main/java/demo/Calc.java": """package demo;
public class Calc {
    public int add(int a, int b) { return a + b; }
}
""",
    "src/test/java/demo/CalcTest.java": """package demo;
import org.junit.Test;
import static org.junit.Assert.assertEquals;
public class CalcTest {
    @Test public void adds() { assertEquals(3, new Calc().add(1, 2)); }
}
""",
}
TASK = {"language": "java", "file": "src/main/java/demo/Calc.java", "class_name": "Calc",
        "class_signature": "public class Calc", "file_without_class": "package demo;\n", "insertion_offset": 14,
        "expected_to_pass": ["demo.CalcTest#adds"]}


def test_a_placed_class_is_built_once(tmp_path, monkeypatch):
    root = write_repo(tmp_path / "repo", FILES)
    setup = RUNNER.setup(root)
    builds = []
    real = JavaRunner._build

    def counting(self, box, limits):
        builds.append(box.root)
        return real(self, box, limits)

    monkeypatch.setattr(JavaRunner, "_build", counting)
    gold = "public class Calc {\n    public int add(int a, int b) { return a + b; }\n}\n"
    compiled, run = run_placed(TASK, gold, root, SandboxLimits(), setup)
    assert run is not None and run.outcomes() == {"demo.CalcTest#adds": Outcome.PASSED}, compiled.log[-2000:]
    assert len(builds) == 1
    wrong = "public class Calc {\n    public int add(int a, int b) { return a - b; }\n}\n"
    _, run = run_placed(TASK, wrong, root, SandboxLimits(), setup, first_failure=True)
    assert run.outcomes() == {"demo.CalcTest#adds": Outcome.FAILED}
    # a class that does not compile against its tests is still "not compiled"
    missing = "public class Calc {\n    public int sub(int a, int b) { return a - b; }\n}\n"
    compiled, run = run_placed(TASK, missing, root, SandboxLimits(), setup)
    assert run is None and compiled.status is SuiteStatus.COMPILE_FAILED, compiled.log[-2000:]
    assert len(builds) == 3


@pytest.fixture
def javac_runs(monkeypatch) -> list:
    """The result of every javac the runner starts (the real javac; the spy only records)."""
    seen: list = []
    real = JavaRunner._javac

    def spy(self, box, out, sources, classpath, argfile):
        res = real(self, box, out, sources, classpath, argfile)
        seen.append(res.result)
        return res

    monkeypatch.setattr(JavaRunner, "_javac", spy)
    return seen


def test_javac_runs_with_c1_only(tmp_path, javac_runs):
    root = write_repo(tmp_path / "repo", FILES)
    seen = javac_runs
    assert JavaRunner().compile_only(root).status is SuiteStatus.OK
    assert len(seen) == 2 and all(r.ok for r in seen)  # main, tests
    assert all("-J-XX:TieredStopAtLevel=1" in r.argv for r in seen), seen[0].argv


@pytest.mark.slow
def test_wrong_classes_reuse_the_original_build(tmp_path, monkeypatch):
    """Tuning case of 2026-11-27c (the gate built main and tests once per wrong class: commons-codec,
    semver4j, json-simple): a wrong class of the gate (``reuse_build``) is one javac run of its own
    file against the original tree's classes, test classes reused; what it does is still judged."""
    root = write_repo(tmp_path / "repo", {**FILES, "src/main/java/demo/Twice.java": """package demo;
public class Twice {
    public int of(int a) { return new Calc().add(a, a); }
}
""", "src/test/java/demo/TwiceTest.java": """package demo;
import org.junit.Test;
import static org.junit.Assert.assertEquals;
public class TwiceTest {
    @Test public void doubles() { assertEquals(4, new Twice().of(2)); }
}
"""})
    runner = JavaRunner()
    monkeypatch.setattr("crossfile_datasets.sandbox.suites.java.RUNNER", runner)
    monkeypatch.setattr("crossfile_datasets.harness.class_runs.runner_for", lambda lang: runner)
    first = runner.run(root, None)
    assert first.status is SuiteStatus.OK and len(first.outcomes()) == 2, first.log[-2000:]
    compiled = []
    real = JavaRunner._javac

    def spy(self, box, out, sources, classpath, argfile):
        compiled.append([s.rsplit("/", 1)[-1] for s in sources])
        return real(self, box, out, sources, classpath, argfile)

    monkeypatch.setattr(JavaRunner, "_javac", spy)
    task = {**TASK, "expected_to_pass": ["demo.CalcTest#adds", "demo.TwiceTest#doubles"]}
    setup = runner.setup(root)
    wrong = "public class Calc {\n    public int add(int a, int b) { return a - b; }\n}\n"
    _, run = run_placed(task, wrong, root, SandboxLimits(), setup, reuse_build=True)
    assert run.outcomes() == {"demo.CalcTest#adds": Outcome.FAILED, "demo.TwiceTest#doubles": Outcome.FAILED}
    assert compiled == [["Calc.java"]]  # not main (2 files) then tests (2 files)
    stub = 'public class Calc {\n    public int add(int a, int b) { throw new UnsupportedOperationException("x"); }\n}\n'
    _, run = run_placed(task, stub, root, SandboxLimits(), setup, reuse_build=True)
    assert Outcome.PASSED not in run.outcomes().values() and len(run.outcomes()) == 2
    gold = "public class Calc {\n    public int add(int a, int b) { return a + b; }\n}\n"
    _, run = run_placed(task, gold, root, SandboxLimits(), setup, reuse_build=True)
    assert set(run.outcomes().values()) == {Outcome.PASSED}
    broken = "public class Calc {\n    public int add(int a, int b) { return a +; }\n}\n"
    compiled_run, run = run_placed(task, broken, root, SandboxLimits(), setup, reuse_build=True)
    assert run is None and compiled_run.status is SuiteStatus.COMPILE_FAILED
    assert all(c == ["Calc.java"] for c in compiled), compiled
    # without reuse_build (the evaluation) the placed tree is built whole
    compiled.clear()
    run_placed(task, wrong, root, SandboxLimits(), setup)
    assert sorted(map(len, compiled)) == [2, 2]


def test_javac_loads_itself_from_a_class_data_sharing_archive(tmp_path, javac_runs):
    """2026-11-28g: javac of one changed file (each wrong class of the gates) spends most of its
    time loading javac; an archive of javac's classes, made once per JDK from a file of ours, is
    mapped by every javac of the runner, in the sandbox too (``-Xshare:on`` fails when it is not)."""
    import sys

    from crossfile_datasets.sandbox import Sandbox
    from crossfile_datasets.sandbox.suites.java import JAVAC_JVM_OPTIONS, JVM_ENV, default_javac_archive, javac_archive

    archive = default_javac_archive()
    assert archive is not None and archive.is_file()
    assert javac_archive(archive.parent.parent) == archive  # made once, then found
    root = write_repo(tmp_path / "repo", FILES)
    seen = javac_runs
    assert JavaRunner().compile_only(root).status is SuiteStatus.OK
    assert seen and all(f"-J-XX:SharedArchiveFile={archive}" in r.argv for r in seen), seen[0].argv
    with Sandbox(root, python=sys.executable, read_only=(str(archive.parent),)) as box:
        res = box.run(["javac", *JAVAC_JVM_OPTIONS, "-J-Xshare:on", f"-J-XX:SharedArchiveFile={archive}",
                       "-d", str(box.control / "out"), "src/main/java/demo/Calc.java"], env=JVM_ENV)
    assert res.result.ok, res.result.stdout + res.result.stderr


def test_a_damaged_javac_archive_is_ignored(tmp_path):
    """An archive of another JDK or a damaged one must not cost a build: the JVM ignores it."""
    import subprocess

    from crossfile_datasets.sandbox.suites.java import JAVAC_JVM_OPTIONS, javac_archive

    archive = javac_archive(tmp_path / "cache")
    assert archive is not None
    archive.chmod(0o644)
    archive.write_bytes(b"not an archive" * 100)
    root = write_repo(tmp_path / "repo", FILES)
    res = subprocess.run(["javac", *JAVAC_JVM_OPTIONS, f"-J-XX:SharedArchiveFile={archive}", "-d", str(tmp_path / "out"),
                          str(root / "src/main/java/demo/Calc.java")], capture_output=True, text=True, timeout=120)
    assert res.returncode == 0 and (tmp_path / "out" / "demo" / "Calc.class").is_file(), res.stdout + res.stderr
