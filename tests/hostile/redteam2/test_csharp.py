"""Forged verdicts in the C# class-level runner (CrossfileTestHost.cs) without reading the
process's memory: a generated class takes the channel's token off the record pipe itself."""

from __future__ import annotations

from pathlib import Path

import pytest

from crossfile_datasets.lang import Lang
from crossfile_datasets.sandbox.suites import runner_for
from crossfile_datasets.sandbox.suites import TestOutcome as Outcome
from tests.classlevel.test_csharp_runner import write_repo

pytestmark = [pytest.mark.mcs, pytest.mark.slow]

# The generated Calc: Add is right, Mul and Neg are wrong (Mul takes 1 s, Neg 5 s: the harness's
# reader has long taken Add's record, alone, when Mul's is written). Its static
# constructor starts a thread that opens /proc/self/fd/<record fd> -- the write end of the
# verdict pipe, inherited by the test host -- for *reading* (Linux opens the pipe itself, in the
# mode asked for) and blocks there. The harness's reader thread was waiting first, so it gets the
# first record (Adds, passed); pipe readers wait exclusively, in order, so the next record
# (Muls, failed) goes to the thief alone: the harness never sees it. The record starts with the
# token; the thief writes "passed" records for Muls and Neg and the end record with it, and
# leaves with libc _exit(0) while Neg sleeps. The host writes each record with one write(), so
# no record is ever split between the two readers.
CALC = r'''namespace Demo
{
    public class Calc
    {
        static Calc()
        {
            var t = new System.Threading.Thread(Thief.Steal);
            t.IsBackground = true;
            t.Start();
            while (!Thief.Waiting) System.Threading.Thread.Sleep(10);
            System.Threading.Thread.Sleep(300);  // the thief waits on the pipe before the first record
        }

        public int Add(int a, int b) { return a + b; }
        public int Mul(int a, int b) { System.Threading.Thread.Sleep(1000); return 0; }
        public int Neg(int a) { System.Threading.Thread.Sleep(5000); return a; }
    }

    // its own type (a thread touching Calc's statics would wait for Calc's static constructor)
    static class Thief
    {
        public static volatile bool Waiting;

        [System.Runtime.InteropServices.DllImport("libc", SetLastError = true)]
        static extern int open(string path, int flags);
        [System.Runtime.InteropServices.DllImport("libc", SetLastError = true)]
        static extern System.IntPtr read(int fd, byte[] buffer, System.IntPtr count);
        [System.Runtime.InteropServices.DllImport("libc", SetLastError = true)]
        static extern System.IntPtr write(int fd, byte[] buffer, System.IntPtr count);
        [System.Runtime.InteropServices.DllImport("libc")]
        static extern void _exit(int status);

        static void Send(int fd, string text)
        {
            var b = System.Text.Encoding.UTF8.GetBytes(text);
            write(fd, b, (System.IntPtr)b.Length);
        }

        public static void Steal()
        {
            string environ;
            using (var r = new System.IO.StreamReader("/proc/self/environ")) environ = r.ReadToEnd();
            int fd = -1;
            foreach (var e in environ.Split('\0'))
                if (e.StartsWith("CROSSFILE_CHANNEL=")) fd = int.Parse(e.Split(':')[1]);
            // the record pipe's write end, opened again for reading through /proc (a socket
            // cannot be: then the descriptor itself is read)
            int rd = open("/proc/self/fd/" + fd, 0);
            if (rd < 0) rd = fd;
            var buf = new byte[65536];
            Waiting = true;
            long n = (long)read(rd, buf, (System.IntPtr)buf.Length);
            string got = n > 0 ? System.Text.Encoding.UTF8.GetString(buf, 0, (int)n) : "";
            if (got.IndexOf('\t') < 0) return;  // nothing taken: the tests run as they are
            string token = got.Substring(0, got.IndexOf('\t'));
            int pid = System.Diagnostics.Process.GetCurrentProcess().Id;
            foreach (var name in new[] { "Muls", "Negs" })
                Send(fd, token + "\t{\"id\": \"Demo.Tests.CalcTests." + name + "\", \"fixture\": \"Demo.Tests.CalcTests\", "
                     + "\"outcome\": \"passed\", \"message\": \"\", \"seconds\": 0.01, \"pid\": " + pid + "}\n");
            Send(fd, token + "\t{\"event\": \"session_end\", \"tests\": 3, \"pid\": " + pid + "}\n");
            _exit(0);
        }
    }
}
'''
TESTS = '''using NUnit.Framework;
namespace Demo.Tests
{
    [TestFixture]
    public class CalcTests
    {
        [Test] public void Adds() { Assert.AreEqual(3, new Calc().Add(1, 2)); }
        [Test] public void Muls() { Assert.AreEqual(6, new Calc().Mul(2, 3)); }
        [Test] public void Negs() { Assert.AreEqual(-2, new Calc().Neg(2)); }
    }
}
'''
FILES = {
    "Calc/Calc.csproj": '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net472</TargetFramework>'
                        "</PropertyGroup></Project>\n",
    "Calc/Calc.cs": CALC,
    "Calc.Tests/Calc.Tests.csproj": '<Project Sdk="Microsoft.NET.Sdk"><ItemGroup><ProjectReference Include="../Calc/Calc.csproj" />'
                                    "</ItemGroup></Project>\n",
    "Calc.Tests/CalcTests.cs": TESTS,
}
IDS = ["Demo.Tests.CalcTests.Adds", "Demo.Tests.CalcTests.Muls", "Demo.Tests.CalcTests.Negs"]


def test_a_class_reading_the_record_pipe_cannot_forge_its_verdict(tmp_path: Path):
    """Forged verdict (class evaluation and class build gates, C#), no memory read, no
    reflection: every attempt passed every test (7 of 7) while the record channel was a pipe.
    Contained since the channel is a Unix socket pair (``ResultChannel(socket=True)``): it
    cannot be opened through ``/proc/self/fd`` (ENXIO), and a read on the host's descriptor
    gives end of file (the harness's end never sends); the thief takes nothing."""
    run = runner_for(Lang.CSHARP).run(write_repo(tmp_path / "repo", FILES), IDS, coverage=False, limits=None)
    outcomes = run.outcomes()
    if outcomes.get("Demo.Tests.CalcTests.Adds") is not Outcome.PASSED:  # the right method must pass: else not this attack
        pytest.fail(f"Adds did not pass: {run.status} {run.reason} {run.log[-2000:]}")
    assert outcomes.get("Demo.Tests.CalcTests.Muls") is not Outcome.PASSED
    assert outcomes.get("Demo.Tests.CalcTests.Negs") is not Outcome.PASSED
