"""Host disk taken by the C# runner's own copies, before any sandboxed code runs: the files a
repository's projects copy beside their assembly (``CopyToOutputDirectory``) are read and
written by the host, one copy per destination."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from crossfile_datasets.lang import Lang
from crossfile_datasets.sandbox import hostfs
from crossfile_datasets.sandbox.suites import TestOutcome, runner_for
from tests.classlevel.test_csharp_runner import write_repo

pytestmark = [pytest.mark.mcs, pytest.mark.slow]

PROJECTS = 40
DATA = 1 << 20


def _repository(root: Path) -> Path:
    """A library, its test project, and ``PROJECTS`` small projects the tests reference, each
    copying the same ``data/big.bin`` to its output under a name of its own (``Link``)."""
    project = '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net472</TargetFramework></PropertyGroup>{}</Project>\n'
    refs = "".join(f'<ProjectReference Include="../Data{i}/Data{i}.csproj" />' for i in range(PROJECTS))
    files = {
        "Calc/Calc.csproj": project.format(""),
        "Calc/Calc.cs": "namespace Demo { public class Calc { public int Add(int a, int b) { return a + b; } } }\n",
        "Calc.Tests/Calc.Tests.csproj": project.format(f'<ItemGroup><ProjectReference Include="../Calc/Calc.csproj" />{refs}</ItemGroup>'),
        "Calc.Tests/CalcTests.cs": "using NUnit.Framework;\nnamespace Demo.Tests { [TestFixture] public class CalcTests { "
                                   "[Test] public void Adds() { Assert.AreEqual(3, new Demo.Calc().Add(1, 2)); } } }\n",
    }
    for i in range(PROJECTS):
        other = '<None Include="../data/other.bin" CopyToOutputDirectory="Always" />' if i == 0 else ""
        files[f"Data{i}/Data{i}.csproj"] = project.format(
            f'<ItemGroup><None Include="../data/big.bin" Link="copy{i}.bin" CopyToOutputDirectory="Always" />{other}</ItemGroup>')
    write_repo(root, files)
    (root / "data").mkdir()
    (root / "data" / "big.bin").write_bytes(os.urandom(DATA))
    (root / "data" / "other.bin").write_bytes(os.urandom(DATA))  # a second file: past the test's budget
    return root


def test_output_copies_do_not_multiply_a_repository_file_on_the_host_disk(tmp_path: Path, monkeypatch):
    """Host resource (disk), every C# run (class build, its gates, every generation of the class
    evaluation): ``_output_folder`` writes each ``(source, destination)`` of the layout's content
    (deduplicated by destination only, at most ``max_content_files`` = 2,000, each up to
    ``HOST_READ_MAX_BYTES`` = 64 MiB) through ``hostfs``, on the host, before the sandboxed run and
    outside its limits (``RLIMIT_FSIZE``, the memory cgroup). 40 projects linking one 1 MiB file
    write 40 MiB; at the caps, one 64 MiB file (a few kB in git: zeros compress) and 2,000
    project files of 200 bytes write 125 GiB into the host's temporary folder, per run.
    Measured by wrapping the real ``hostfs.write_new`` (it still writes). Contained: one copy per
    source file (the other destinations are hard links of it) and a total budget
    (``CSHARP_OUTPUT_COPY_MAX_BYTES``; here 1.5 MiB, so the second 1 MiB file is left out and
    counted as ``host_files/output_copies_too_large``)."""
    root = _repository(tmp_path / "repo")
    repository_bytes = sum(p.stat().st_size for p in root.rglob("*") if p.is_file())
    written = []
    real = hostfs.write_new

    def counting(anchor, rel, data, *args, **kwargs):
        written.append(len(data))
        return real(anchor, rel, data, *args, **kwargs)

    monkeypatch.setattr(hostfs, "write_new", counting)
    runner = runner_for(Lang.CSHARP)
    monkeypatch.setattr(runner, "output_copy_max_bytes", DATA * 3 // 2)
    run = runner.run(root, ["Demo.Tests.CalcTests.Adds"], coverage=False, limits=None)
    if run.outcomes().get("Demo.Tests.CalcTests.Adds") is not TestOutcome.PASSED:
        pytest.fail(f"the repository's test did not run: {run.status} {run.reason} {run.log[-2000:]}")
    assert sum(written) <= 2 * repository_bytes, (
        f"{len(written)} copies, {sum(written) >> 20} MiB written for a repository of {repository_bytes >> 20} MiB")
    assert sum(written) <= DATA * 3 // 2, written
    refused = [e for e in run.adjustments.get("host_files", []) if e.startswith("host_files/output_copies_too_large: ")]
    assert len(refused) == 1 and refused[0].endswith(".bin"), run.adjustments
