"""What Python's wrong classes cost (tuning case of 2026-11-27c: python-semver 3.0.4's one task
spent 478 s of its 569 s build in the wrong-class gate). The time was not the test runs: the
mutants of ``Version`` (39 methods) were all made -- up to 6 per covered method, each a fresh
libcst parse, copy and position pass of the 600-line class -- for the 6 the round robin kept.
Now the k-th mutant of a method is made only when the round robin reaches it, and one parse of a
class serves every site. Deterministic counts, no clock."""
from __future__ import annotations

import libcst
import pytest

from crossfile_datasets.lang.classes import ClassInfo, WrongClass, round_robin
from crossfile_datasets.lang.python import mutation
from crossfile_datasets.lang.python.wrong_classes import method_mutants

METHODS = 20
SOURCE = "class Wide:\n" + "".join(
    f"    def m{i}(self, x):\n        if x > {i}:\n            return x * {i} - 1\n        return x + {i}\n\n"
    for i in range(METHODS))


def _info(source: str = SOURCE) -> ClassInfo:  # method_mutants reads the class text only
    return ClassInfo(language="python", file="c.py", name="C", qualified_name="C", start_byte=0,
                     end_byte=len(source), start_line=1, end_line=source.count("\n"), signature="class C:",
                     source=source)


@pytest.mark.slow
def test_mutants_are_made_as_the_round_robin_takes_them(monkeypatch):
    names = [f"m{i}" for i in range(METHODS)]
    # what the gate ran before: every method's full list, then the round robin
    expected = round_robin([[WrongClass("mutant", m.code, n, f"{n}: {m.description} ({m.operator})")
                             for m in mutation.mutants(SOURCE, limit=6, seed=0, only=n)] for n in names], 6)
    if hasattr(mutation, "_wrapper"):
        mutation._wrapper.cache_clear()
    parses = []
    real = libcst.parse_module

    def counting(code, *a, **k):
        parses.append(code)
        return real(code, *a, **k)

    monkeypatch.setattr(libcst, "parse_module", counting)
    got = method_mutants(_info(), names, limit=6, seed=0)
    assert [(w.method, w.description, w.source) for w in got] == [(w.method, w.description, w.source) for w in expected]
    assert len(got) == 6 and [w.method for w in got] == names[:6]
    # one parse of the class for all its sites (it was 1 + one per site tried, for all 20 methods)
    assert len(parses) == 1, len(parses)


def test_a_method_without_sites_is_skipped_and_later_rounds_fill_the_limit():
    source = "class Two:\n    def a(self, x):\n        return x + 1 if x > 0 else x - 1\n\n    def b(self):\n        pass\n"
    got = method_mutants(_info(source), ["b", "a"], limit=3, seed=0)
    assert [w.method for w in got] == ["a", "a", "a"]
    assert [w.source for w in got] == [m.code for m in mutation.mutants(source, limit=3, seed=0, only="a")]


# -- the gates' runs (tuning of 2026-11-27g: python-hyper/hpack gave no task in 20 minutes and
# tobgu/pyrsistent took more; the time went to the gates, each a sandboxed pytest process) --------
import functools  # noqa: E402
import os  # noqa: E402
import stat  # noqa: E402
from pathlib import Path  # noqa: E402

from crossfile_datasets.builders.classlevel.build import ClassSettings, build_class_split  # noqa: E402
from crossfile_datasets.core.records import Repository  # noqa: E402
from crossfile_datasets.core.report import BuildReport  # noqa: E402
from crossfile_datasets.lang import Lang  # noqa: E402
from crossfile_datasets.sandbox.suites import TestOutcome as Outcome  # noqa: E402
from crossfile_datasets.sandbox.suites import runner_for  # noqa: E402
from tests.classlevel.test_wrong_class_gate import METERS  # noqa: E402
from tests.conftest import write_tree  # noqa: E402


def test_staging_puts_back_the_file_placed_before_another_and_copies_once(tmp_path):
    from crossfile_datasets.harness.class_runs import Staging

    root = write_tree(tmp_path / "r", {"a.py": "A = 1\n", "b/b.py": "B = 2\n", "run.sh": "#!/bin/sh\n"})
    os.chmod(root / "run.sh", 0o755)
    with Staging(root) as staging:
        first = staging.place("a.py", "A = 'wrong'\n")
        assert (first / "a.py").read_text() == "A = 'wrong'\n"
        assert staging.place("a.py", "A = 'other'\n") == first
        staging.after_run()
        copy = staging.place("run.sh", "exit 1\n")
        assert copy == first and staging.copies == 1
        assert (copy / "a.py").read_text() == "A = 1\n"  # put back before another file is placed
        staging.place("b/b.py", "B = 0\n")
        assert (copy / "run.sh").read_text() == "#!/bin/sh\n"
        assert stat.S_IMODE(os.stat(copy / "run.sh").st_mode) == 0o755
    assert not copy.exists()
    assert (root / "a.py").read_text() == "A = 1\n" and (root / "b/b.py").read_text() == "B = 2\n"


def test_a_quiet_run_has_the_same_outcomes_and_messages_without_failure_reports(tmp_path):
    root = write_tree(tmp_path / "q", {
        "pkg/__init__.py": "", "pkg/m.py": "def f(x):\n    return x + 1\n",
        "tests/test_m.py": "from pkg.m import f\n\n\ndef test_ok():\n    assert f(1) == 2\n\n\n"
                           "def test_wrong():\n    value = f(2)\n    assert value == 99, 'mismatch'\n"})
    runner = runner_for(Lang.PYTHON)
    ids = ["tests/test_m.py::test_ok", "tests/test_m.py::test_wrong"]
    loud = runner.run(root, ids, coverage=False)
    quiet = runner.run(root, ids, coverage=False, quiet=True)
    assert [(r.test_id, r.outcome, r.message) for r in quiet.results] == \
        [(r.test_id, r.outcome, r.message) for r in loud.results]
    assert quiet.outcomes()["tests/test_m.py::test_wrong"] is Outcome.FAILED
    assert "value = f(2)" in loud.log and "value = f(2)" not in quiet.log  # the long report, only in the loud log


def test_compile_only_compiles_a_file_once_per_text(tmp_path, monkeypatch):
    from crossfile_datasets.sandbox.suites import python as runner_module

    root = write_tree(tmp_path / "c", {"pkg/__init__.py": "", **{f"pkg/m{i}.py": f"X = {i}\n" for i in range(5)}})
    compiled: list[str] = []
    compile_errors = runner_module.compile_errors

    def counting(texts):
        compiled.extend(path for path, _ in texts)
        return compile_errors(texts)

    monkeypatch.setattr(runner_module, "compile_errors", counting)
    monkeypatch.setattr(runner_module, "_COMPILED", {})  # verdicts of earlier tests' trees left out
    runner = runner_for(Lang.PYTHON)
    assert runner.compile_only(root).status.value == "ok"
    first = len(compiled)
    assert first >= 6
    (root / "pkg/m3.py").write_text("X = (\n")
    broken = runner.compile_only(root)
    assert broken.status.value == "compile_failed" and "pkg/m3.py" in broken.reason
    assert compiled[first:] == ["pkg/m3.py"]  # the unchanged files are not compiled again
    assert runner.compile_only(root).status.value == "compile_failed"  # the cached verdict stands
    assert compiled[first + 1:] == []


@pytest.mark.slow
def test_the_gates_place_their_classes_in_one_copy_and_run_quietly(tmp_path, monkeypatch):
    """Same tasks, tests and mutant scores as test_wrong_class_gate's build; one staging copy of
    the repository for all the gates' runs (each still gets its own sandbox copy), every gate
    run quiet."""
    import crossfile_datasets.harness.class_runs as class_runs
    import crossfile_datasets.sandbox as sandbox

    staged: list[Path] = []
    boxes: list[Path] = []
    real_staged, real_box = class_runs.copy_repository, sandbox.copy_repository
    monkeypatch.setattr(class_runs, "copy_repository", lambda src, dest: (staged.append(dest), real_staged(src, dest))[1])
    monkeypatch.setattr(sandbox, "copy_repository", lambda src, dest: (boxes.append(dest), real_box(src, dest))[1])
    runner = runner_for(Lang.PYTHON)
    quiet_runs: list[bool] = []
    real_run = type(runner).run

    @functools.wraps(real_run)  # the signature run_placed reads its options from
    def spy(self, root, test_ids, **kwargs):
        if test_ids is not None and not kwargs.get("record_values"):
            quiet_runs.append(bool(kwargs.get("quiet")))
        return real_run(self, root, test_ids, **kwargs)

    monkeypatch.setattr(type(runner), "run", spy)
    root = write_tree(tmp_path / "meters", METERS)
    report = BuildReport()
    records, stats = build_class_split(Lang.PYTHON, [Repository("meters", root, "", "", "MIT")], tmp_path / "out",
                                       allow_execution=True, report=report, settings=ClassSettings(mutants=4))
    assert [r["class_name"] for r in records] == ["Meter"]
    assert records[0]["wrong_class_check"]["mutants_run"] == 4 and records[0]["mutant_score"] >= 0.5
    assert stats["dropped_tasks"]["tests_pass_with_throwing_stub"] == 1
    assert stats["dropped_tasks"]["mutants_survive"] == 1
    gate = stats["per_repository"][0]
    runs = gate["empty_class_gate"]["runs"] + gate["wrong_class_gate"]["stub_runs"] + gate["wrong_class_gate"]["mutants_run"]
    assert runs >= 8 and len(staged) == 1, (runs, staged)  # 2c4266e: one staging copy per run
    runs += gate["wrong_class_gate"]["controls_run"]  # the disguised controls (80eb97e) run quietly too
    assert len(quiet_runs) == runs and all(quiet_runs), quiet_runs
    assert len(boxes) >= runs  # every run still in a sandbox copy of its own
