"""C# gate runs that must end (phatcher/CsvReader, tuning of 2026-11-28): an emptied class whose
tests fail to compile by the thousand, and a build that runs past its time.

Before 2026-11-28 the runner read a test file's types and test methods again for every compile
error it left out (``removable_at`` per error): with CsvReader's 2,500-line partial class emptied,
its 3,000-line fixture's errors kept the emptied-class gate busy in-process for over half an hour,
with no reason counted. Real mcs, mono and bubblewrap runs; nothing mocked (the counting wrapper
below calls the real function)."""
from __future__ import annotations

from pathlib import Path

import pytest

from crossfile_datasets.builders.classlevel.build import empty_class_gate
from crossfile_datasets.builders.classlevel.candidates import Candidate
from crossfile_datasets.core.records import Repository
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.lang import Lang, get_language
from crossfile_datasets.lang.csharp import classes as csharp_classes
from crossfile_datasets.lang.csharp.classes import extract_classes
from crossfile_datasets.lang.sources import list_sources
from crossfile_datasets.sandbox.suites import SuiteStatus, runner_for
from crossfile_datasets.sandbox.suites import TestOutcome as Outcome
from crossfile_datasets.sandbox.suites.csharp import CSharpRunner

BROKEN = 120  # test methods that do not compile (each with two errors)


def _files() -> dict[str, str]:
    broken = "\n".join(
        f"        [Test] public void Broken{n}() {{ Assert.AreEqual({n}, new Lib().Gone{n % 7}()); "
        f"Assert.IsNull(new Lib().Lost{n % 5}); }}" for n in range(BROKEN))
    return {
        "Lib/Lib.csproj": '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net472</TargetFramework>'
                          "</PropertyGroup></Project>\n",
        "Lib/Lib.cs": "namespace Demo\n{\n    public class Lib\n    {\n        public int One() { return 1; }\n"
                      "        public int Two() { return One() + 1; }\n    }\n}\n",
        "Lib.Tests/Lib.Tests.csproj": '<Project Sdk="Microsoft.NET.Sdk"><ItemGroup>'
                                      '<ProjectReference Include="../Lib/Lib.csproj" /></ItemGroup></Project>\n',
        "Lib.Tests/LibTests.cs": "using NUnit.Framework;\nnamespace Demo.Tests\n{\n    [TestFixture]\n"
                                 "    public class LibTests\n    {\n"
                                 "        [Test] public void Works() { Assert.AreEqual(2, new Lib().Two()); }\n"
                                 f"{broken}\n    }}\n}}\n",
    }


def _write(root: Path) -> Path:
    for rel, text in _files().items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return root


@pytest.mark.mcs
@pytest.mark.slow
def test_errors_of_one_test_file_read_its_declarations_once(tmp_path, monkeypatch):
    calls = []
    real = csharp_classes.nunit_test_methods

    def counting(ff):
        calls.append(ff.file.path)
        return real(ff)

    monkeypatch.setattr(csharp_classes, "nunit_test_methods", counting)
    run = runner_for(Lang.CSHARP).run(_write(tmp_path), None, coverage=False, limits=None)
    assert run.status is SuiteStatus.OK, run.log[-2000:]
    assert {r.test_id: r.outcome for r in run.results} == {"Demo.Tests.LibTests.Works": Outcome.PASSED}
    assert len(run.adjustments["left_out_tests"]) == BROKEN
    # one reading per leaving-out round (and the runner's discovery), not one per error: 2 x 120
    # errors read the file 240 times before
    assert calls.count("Lib.Tests/LibTests.cs") <= 4, len(calls)


@pytest.mark.mcs
@pytest.mark.slow
def test_a_build_past_its_time_is_counted_by_the_emptied_class_gate(tmp_path, monkeypatch):
    root = _write(tmp_path)
    monkeypatch.setattr(CSharpRunner, "build_seconds", 0.0)
    # the runner alone: a compile_timeout, never a stall
    run = runner_for(Lang.CSHARP).run(root, ["Demo.Tests.LibTests.Works"], coverage=False, limits=None)
    assert (run.status, run.reason) == (SuiteStatus.TIMEOUT, "compile_timeout"), run.log[-2000:]
    # the gate: the candidate is dropped under a named reason, and the timed-out run is counted
    language = get_language(Lang.CSHARP)
    repo = Repository("demo", root, "", "", "MIT")
    files, _ = list_sources(repo, language, BuildReport())
    facts = language.analyze_files(str(root), files)
    info = next(c for c in extract_classes(facts["Lib/Lib.cs"]) if c.name == "Lib")
    cand = Candidate(info, [], expected_to_pass=["Demo.Tests.LibTests.Works"])
    report, gate = BuildReport(), {}
    kept = empty_class_gate(Lang.CSHARP, repo, facts, [cand], report, "demo:", gate=gate)
    assert kept == []
    assert gate["timed_out"] == 1
    assert report.counts["tasks/empty_class_gate_timed_out"] == 1, report.counts
    assert report.counts["tasks/gate_run_timed_out"] == 1

