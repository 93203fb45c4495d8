"""Hostile C# code against the host side of the C# test runner (issue 27): real mcs, mono and
bubblewrap runs on the two-project fixture of ``test_csharp_runner.py``.

Each attack is what a repository's tests or a model's class can do inside the sandbox to the
code of ours that runs on the host before or after it: write through a planted link, or forge
the verdict (a summary line printed before the runner's own, a rewritten result file, an early
exit). None may escape, and none may turn a wrong class into a pass.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from crossfile_datasets.lang import Lang
from crossfile_datasets.sandbox.suites import SuiteStatus, runner_for
from crossfile_datasets.sandbox.suites import TestOutcome as Outcome
from tests.classlevel.test_csharp_runner import FILES, write_repo

pytestmark = pytest.mark.mcs

# P/Invoke helpers every attack below uses (mono resolves "libc" to the C library)
NATIVE = """
    static class Native
    {
        [System.Runtime.InteropServices.DllImport("libc", SetLastError = true)]
        public static extern int symlink(string target, string link);
        [System.Runtime.InteropServices.DllImport("libc", SetLastError = true)]
        public static extern int unlink(string path);
        [System.Runtime.InteropServices.DllImport("libc")]
        public static extern void _exit(int status);
        [System.Runtime.InteropServices.DllImport("libc", EntryPoint = "write")]
        static extern System.IntPtr write(int fd, byte[] buffer, System.IntPtr count);
        /// <summary>A line on the channel's record pipe, found in the environment the process
        /// started with (/proc/self/environ keeps it after the host cleared its variable).</summary>
        public static void OnChannel(string line)
        {
            string environ;
            using (var r = new System.IO.StreamReader("/proc/self/environ")) environ = r.ReadToEnd();
            foreach (var entry in environ.Split('\\0'))
                if (entry.StartsWith("CROSSFILE_CHANNEL="))
                {
                    var bytes = System.Text.Encoding.UTF8.GetBytes(line);
                    write(int.Parse(entry.Split(':')[1]), bytes, (System.IntPtr)bytes.Length);
                }
        }
        public static void Raw(int fd, string text)
        {
            var handle = new Microsoft.Win32.SafeHandles.SafeFileHandle((System.IntPtr)fd, false);
            using (var s = new System.IO.FileStream(handle, System.IO.FileAccess.Write))
            {
                var bytes = System.Text.Encoding.UTF8.GetBytes(text);
                s.Write(bytes, 0, bytes.Length);
            }
        }
        public static string Arg(string prefix)
        {
            foreach (var a in System.Environment.GetCommandLineArgs())
                if (a.StartsWith(prefix)) return a.Substring(prefix.Length);
            return null;
        }
    }
"""


def _with_calc(body: str, static_ctor: str) -> dict[str, str]:
    """The fixture with ``Calc`` replaced: ``body`` inside the class, ``static_ctor`` as its static
    constructor (runs inside the sandbox the first time a test touches Calc)."""
    files = dict(FILES)
    files["Calc/Calc.cs"] = f"""namespace Demo
{{
    public class Calc
    {{
        static Calc()
        {{
{static_ctor}
        }}
{body}
    }}

    internal static class Helper {{ internal static int Plus(int a, int b) {{ return a + b; }} }}
{NATIVE}
}}
"""
    return files


WRONG_BODY = """
        public int Add(int a, int b) { return a - b; }
        public int Mul(int a, int b) { return 0; }
"""
FORGED_XML = ('<?xml version="1.0" encoding="utf-8"?><test-results total="1" errors="0" failures="0">'
              '<test-suite type="Assembly" name="Suite.dll" executed="True" result="Success" success="True"><results>'
              '<test-case name="Demo.Tests.CalcTests.Adds" executed="True" result="Success" success="True" time="0.001"/>'
              '</results></test-suite></test-results>')
SUMMARY = "Tests run: 1, Errors: 0, Failures: 0, Inconclusive: 0, Time: 0.01 seconds\\n"


@pytest.mark.slow
def test_control_file_replaced_by_a_link_is_never_written_through(tmp_path):
    """A fixture's static constructor replaces ``<control>/covfilter`` with a link to a host file
    during the whole-suite run (8abb920 wrote the filter again for each per-fixture coverage
    rerun, through the link); here it replaces every file of the sandbox folder but the
    assemblies, and plants links where a later run's files could go."""
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n", encoding="utf-8")
    ctor = f"""
            var root = System.Environment.GetEnvironmentVariable("CROSSFILE_SANDBOX_ROOT");
            var targets = new System.Collections.Generic.List<string>();
            foreach (var name in new[] {{ "covfilter", "control/covfilter", "control/filter", "build/covfilter",
                                          "control/fixture-0.xml", "control/fixture-0-result.xml" }})
                targets.Add(System.IO.Path.Combine(root, name));
            foreach (var dir in new[] {{ root, System.IO.Path.Combine(root, "control"), System.IO.Path.Combine(root, "build") }})
                if (System.IO.Directory.Exists(dir))
                    foreach (var f in System.IO.Directory.GetFiles(dir))
                        if (!f.EndsWith(".dll") && !f.EndsWith(".exe") && !f.EndsWith(".mdb")) targets.Add(f);
            foreach (var path in targets)
            {{
                System.IO.Directory.CreateDirectory(System.IO.Path.GetDirectoryName(path));
                Native.unlink(path);
                Native.symlink("{victim}", path);
            }}
"""
    files = _with_calc("""
        public int Add(int a, int b) { return a + b; }
        public int Mul(int a, int b) { var r = 0; for (var i = 0; i < b; i++) r = Helper.Plus(r, a); return r; }
""", ctor)
    root = write_repo(tmp_path / "repo", files)
    run = runner_for(Lang.CSHARP).run(root, None, coverage=True, limits=None)
    assert victim.read_text(encoding="utf-8") == "precious\n"
    assert not victim.is_symlink()
    assert run.status is SuiteStatus.OK, run.log  # the suite itself still ran


def test_summary_line_and_result_file_rewritten_at_exit_do_not_pass_a_wrong_class(tmp_path):
    """A wrong class prints a passing summary on raw fd 1 before the runner's own and rewrites the
    runner's result file in a ProcessExit handler."""
    ctor = f"""
            Native.Raw(1, "{SUMMARY}");
            var xml = Native.Arg("-xml=");
            System.AppDomain.CurrentDomain.ProcessExit += (s, e) =>
            {{
                if (xml != null) System.IO.File.WriteAllText(xml, @"{FORGED_XML.replace('"', '""')}");
                Native.Raw(1, "{SUMMARY}");
            }};
"""
    root = write_repo(tmp_path, _with_calc(WRONG_BODY, ctor))
    run = runner_for(Lang.CSHARP).run(root, ["Demo.Tests.CalcTests.Adds"], coverage=False, limits=None)
    assert [r.outcome for r in run.results] != [Outcome.PASSED], run.log
    assert all(r.outcome is not Outcome.PASSED for r in run.results)


def test_forged_result_file_and_summary_then_exit_zero_is_incomplete(tmp_path):
    """The same forgery written at once, then ``Environment.Exit(0)``: the run never finished."""
    ctor = f"""
            var xml = Native.Arg("-xml=");
            if (xml != null) System.IO.File.WriteAllText(xml, @"{FORGED_XML.replace('"', '""')}");
            Native.Raw(1, "{SUMMARY}");
            System.Environment.Exit(0);
"""
    root = write_repo(tmp_path, _with_calc(WRONG_BODY, ctor))
    run = runner_for(Lang.CSHARP).run(root, ["Demo.Tests.CalcTests.Adds"], coverage=False, limits=None)
    assert run.status is SuiteStatus.CRASHED, run.log
    assert all(r.outcome is not Outcome.PASSED for r in run.results)


def test_a_linked_content_file_is_not_copied_beside_the_assembly(tmp_path):
    """The host copies the files a project copies to its output folder before the tests run: a
    repository whose content file is a link to a host file gets the link refused and counted,
    never the host file's bytes beside its assembly."""
    from tests.classlevel.test_csharp_frameworks import FILES_BESIDE
    from tests.conftest import write_tree

    secret = tmp_path / "secret.txt"
    secret.write_text("host secret\n", encoding="utf-8")
    files = dict(FILES_BESIDE)
    files["tests/Shapes.Tests/Shapes.Tests.csproj"] = files["tests/Shapes.Tests/Shapes.Tests.csproj"].replace(
        'Update="Data/radii.txt"', 'Update="Data/*.txt"')
    files["tests/Shapes.Tests/LeakTests.cs"] = """using System.IO;
using NUnit.Framework;
namespace Shapes.Tests
{
    public class LeakTests
    {
        [Test] public void NoSecret() { Assert.IsFalse(File.Exists(Path.Combine(TestContext.CurrentContext.TestDirectory, "Data", "leak.txt"))); }
    }
}
"""
    root = write_tree(tmp_path / "repo", files)
    os.symlink(secret, root / "tests/Shapes.Tests/Data/leak.txt")
    run = runner_for(Lang.CSHARP).run(root, None, coverage=False, limits=None)
    assert run.status is SuiteStatus.OK, run.log
    assert run.outcomes()["Shapes.Tests.LeakTests.NoSecret"] is Outcome.PASSED
    assert run.outcomes()["Shapes.Tests.FileTests.Beside"] is Outcome.PASSED
    # the link leaves the repository: the run's copy already drops it (sandbox.copy_repository;
    # the build counts it as host_files/copy_link_outside), so the content-file copy never sees it
    from crossfile_datasets.sandbox import copy_repository

    assert copy_repository(root, tmp_path / "copy").links_outside == ["tests/Shapes.Tests/Data/leak.txt"]
    assert not os.path.lexists(tmp_path / "copy" / "tests/Shapes.Tests/Data/leak.txt")
    assert "host secret" not in run.log


FORGED_RECORD = '{\\"id\\": \\"Demo.Tests.CalcTests.Adds\\", \\"fixture\\": \\"Demo.Tests.CalcTests\\", \\"outcome\\": \\"passed\\"}\\n'


def test_exit_handlers_writing_records_summaries_and_results_leave_the_run_incomplete(tmp_path):
    """A wrong class prints a passing summary on fd 1 before the runner's own and registers
    ProcessExit and DomainUnload handlers that print it again, rewrite the result file
    nunit-console was given and write passing records on the channel (its descriptor is in
    /proc/self/environ; it cannot know the token). The host's end-of-session record was already
    sent: the lines after it make the run untrusted, and nothing passes (8abb920: the rewritten
    result file passed the wrong class)."""
    ctor = f"""
            Native.Raw(1, "{SUMMARY}");
            var xml = Native.Arg("-xml=");
            System.EventHandler forge = (s, e) =>
            {{
                if (xml != null) System.IO.File.WriteAllText(xml, @"{FORGED_XML.replace('"', '""')}");
                Native.Raw(1, "{SUMMARY}");
                Native.OnChannel("{FORGED_RECORD}");
            }};
            System.AppDomain.CurrentDomain.ProcessExit += forge;
            System.AppDomain.CurrentDomain.DomainUnload += forge;
"""
    root = write_repo(tmp_path, _with_calc(WRONG_BODY, ctor))
    run = runner_for(Lang.CSHARP).run(root, ["Demo.Tests.CalcTests.Adds"], coverage=False, limits=None)
    assert run.status is SuiteStatus.CRASHED, run.log
    assert all(r.outcome is not Outcome.PASSED for r in run.results), run.log
    assert "forged lines" in run.log


XUNIT_EXIT = {
    "src/Calc/Calc.csproj": '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>netstandard2.0'
                            "</TargetFramework></PropertyGroup></Project>\n",
    "src/Calc/Calc.cs": """namespace Demo
{
    public class Calc
    {
        public int Add(int a, int b) { return a + b; }
        public int Mul(int a, int b)
        {
            var xml = Native.Arg("-xml=");
            if (xml != null) System.IO.File.WriteAllText(xml, @"FORGED");
            Native.Raw(1, "SUMMARY");
            Native._exit(0);
            return 0;
        }
    }
NATIVE
}
""".replace("FORGED", FORGED_XML.replace('"', '""')).replace("SUMMARY", SUMMARY).replace("NATIVE", NATIVE),
    "tests/Calc.Tests/Calc.Tests.csproj": '<Project Sdk="Microsoft.NET.Sdk"><ItemGroup>'
                                          '<PackageReference Include="xunit" Version="2.5.0" />'
                                          '<ProjectReference Include="../../src/Calc/Calc.csproj" /></ItemGroup></Project>\n',
    "tests/Calc.Tests/CalcFacts.cs": """using Xunit;
namespace Demo.Tests
{
    public class CalcFacts
    {
        [Fact] public void Adds() { Assert.Equal(3, new Calc().Add(1, 2)); }
        [Fact] public void Muls() { Assert.Equal(6, new Calc().Mul(2, 3)); }
    }
}
""",
}


def test_an_xunit_test_that_ends_the_process_after_a_forged_summary_passes_nothing(tmp_path):
    """xUnit through the host's own executor: a class prints a passing summary, writes a result
    file and ends the process with the C library's ``_exit(0)`` (no managed exit handler, no
    end-of-session record) while another test already passed: the run is incomplete and
    nothing in it passes, not even the test that ran before (8abb920: xUnit was
    ``framework_unavailable``)."""
    from tests.conftest import write_tree

    root = write_tree(tmp_path, XUNIT_EXIT)
    run = runner_for(Lang.CSHARP).run(root, ["Demo.Tests.CalcFacts.Adds", "Demo.Tests.CalcFacts.Muls"],
                                      coverage=False, limits=None)
    assert run.status is SuiteStatus.CRASHED, run.log
    assert run.results and all(r.outcome is not Outcome.PASSED for r in run.results), run.log
