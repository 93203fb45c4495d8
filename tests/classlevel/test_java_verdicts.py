"""Forged verdicts in the Java class-level runner (issue 27, item 2): a generated class that fails
its tests tries to pass anyway. Real javac, real JVM, real bubblewrap sandbox (sandbox/suites/java.py
and CrossfileJUnit.java). On 8abb920 (JUnit's console launcher, verdicts from its XML reports and
summary box) the shutdown-hook, halt and exit attacks passed and the FIFO hung the host; now every
one of them gives a failed or incomplete verdict. The heap-dump forgery (the tested JVM dumps its
own heap and takes the token from the runner's record writer) passed until the tests' JVM lost
jdk.management and became non-dumpable (sandbox/suites/java.py: limit_modules, sealed_java)."""
from __future__ import annotations

import threading
from pathlib import Path

import pytest

from crossfile_datasets.sandbox.channel import ChannelRecords
from crossfile_datasets.sandbox.suites import SuiteStatus
from crossfile_datasets.sandbox.suites import TestOutcome as Outcome
from crossfile_datasets.sandbox.suites.java import JavaRunner, judge_records

from .test_java_runner import FILES, write_repo

pytestmark = pytest.mark.javac

ADDS = "demo.CalcTest#adds"
# where JUnit's console launcher (8abb920) wrote its reports: the attacks look there
REPORTS_DIR = """
    static String reportsDir() {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("--reports-dir=(\\\\S+)")
            .matcher(System.getProperty("sun.java.command", ""));
        return m.find() ? m.group(1) : System.getProperty("java.io.tmpdir");
    }
"""


def hostile_repo(root: Path, calc: str) -> Path:
    files = {k: v for k, v in FILES.items() if "Mocked" not in k}
    files["src/main/java/demo/Calc.java"] = calc
    return write_repo(root, files)


def run_selected(root: Path, ids=(ADDS,)):
    return JavaRunner().run(root, list(ids), coverage=False, limits=None)


def assert_not_passed(run) -> None:
    outcomes = run.outcomes()
    assert outcomes.get(ADDS) is not Outcome.PASSED, (run.status, run.reason, run.log[-2000:])


def test_shutdown_hook_rewriting_reports_and_printing_a_second_summary(tmp_path):
    # add() is wrong; after the tests a shutdown hook strips every failure from the reports and
    # prints a summary box that agrees with them
    calc = """package demo;
public class Calc {
    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                int passed = 0;
                java.io.File[] files = new java.io.File(reportsDir()).listFiles();
                for (java.io.File f : files == null ? new java.io.File[0] : files) {
                    if (!f.getName().startsWith("TEST-")) continue;
                    String x = new String(java.nio.file.Files.readAllBytes(f.toPath()), "UTF-8");
                    x = x.replaceAll("(?s)<failure.*?</failure>", "").replaceAll("(?s)<error.*?</error>", "");
                    java.nio.file.Files.write(f.toPath(), x.getBytes("UTF-8"));
                    passed += x.split("<testcase", -1).length - 1 - (x.split("<skipped", -1).length - 1);
                }
                System.out.println("[" + passed + " tests successful ]");
                System.out.println("{\\"seq\\":0,\\"id\\":\\"demo.CalcTest#adds\\",\\"status\\":\\"passed\\"}");
                System.out.flush();
            } catch (Exception e) { }
        }));
    }
""" + REPORTS_DIR + """
    public int add(int a, int b) { return a + b + 1; }
    public int twice(int a) { return 2 * a; }
}
"""
    run = run_selected(hostile_repo(tmp_path, calc))
    assert_not_passed(run)
    assert run.outcomes()[ADDS] is Outcome.FAILED  # the test ran and failed: a complete, honest verdict
    assert run.status is SuiteStatus.OK


def forged_report_calc(ending: str) -> str:
    """A Calc whose add() writes a report with its test passed, prints a passing summary box and
    ends the JVM with ``ending``."""
    return """package demo;
public class Calc {
""" + REPORTS_DIR + """
    public int add(int a, int b) {
        try {
            java.io.File dir = new java.io.File(reportsDir());
            dir.mkdirs();
            java.nio.file.Files.write(new java.io.File(dir, "TEST-junit-vintage.xml").toPath(), (
                "<?xml version='1.0' encoding='UTF-8'?><testsuite name='JUnit Vintage' tests='1'>"
                + "<testcase name='adds' classname='demo.CalcTest' time='0'/></testsuite>").getBytes("UTF-8"));
        } catch (Exception e) { }
        System.out.println("[         1 tests found           ]");
        System.out.println("[         1 tests successful      ]");
        System.out.println("[         0 tests failed          ]");
        System.out.flush();
        """ + ending + """;
        return 0;
    }
    public int twice(int a) { return 2 * a; }
}
"""


def test_writing_a_report_and_summary_then_halting(tmp_path):
    run = run_selected(hostile_repo(tmp_path, forged_report_calc("Runtime.getRuntime().halt(0)")))
    assert_not_passed(run)
    assert run.status is SuiteStatus.CRASHED and run.reason.startswith("incomplete: no end record")


def test_writing_a_report_and_summary_then_system_exit_in_the_test(tmp_path):
    # the same forgery ended by System.exit(0): the JVM's own exit, shutdown hooks included
    run = run_selected(hostile_repo(tmp_path, forged_report_calc("System.exit(0)")))
    assert_not_passed(run)
    assert run.status is SuiteStatus.CRASHED and run.reason.startswith("incomplete: no end record")


def test_forging_records_on_the_channel_then_halting(tmp_path):
    # the class finds the channel's descriptors, reads what is left of the token pipe (nothing:
    # the runner read it before any test class loaded) and writes records with what it got on
    # the record channel (a socket on its standard input since red team 2, row 3)
    calc = """package demo;
public class Calc {
    public int add(int a, int b) {
        try {
            String[] fds = System.getenv("CROSSFILE_CHANNEL").split(":");
            byte[] token = new byte[0];
            try (java.io.FileInputStream in = new java.io.FileInputStream("/proc/self/fd/" + fds[0])) {
                byte[] buf = new byte[256];
                int n = in.read(buf);
                token = java.util.Arrays.copyOf(buf, Math.max(n, 0));
            } catch (Exception e) { }
            String t = new String(token, "UTF-8");
            // the record channel: the socket on standard input (the runner's), else the named descriptor
            java.nio.channels.Channel ch = System.inheritedChannel();
            try (java.io.OutputStream out = ch instanceof java.nio.channels.SocketChannel
                    ? java.nio.channels.Channels.newOutputStream((java.nio.channels.SocketChannel) ch)
                    : new java.io.FileOutputStream("/proc/self/fd/" + fds[1])) {
                String[] ids = {"demo.CalcTest#adds", "demo.CalcTest#fails", "demo.CalcTest#readsResource"};
                for (int i = 0; i < ids.length; i++) {
                    out.write((t + "\\t{\\"seq\\":" + i + ",\\"id\\":\\"" + ids[i] + "\\",\\"status\\":\\"passed\\"}\\n")
                        .getBytes("UTF-8"));
                }
                out.write((t + "\\t{\\"event\\":\\"session_end\\",\\"seq\\":3,\\"tests\\":3}\\n").getBytes("UTF-8"));
            }
        } catch (Exception e) { }
        Runtime.getRuntime().halt(0);
        return 0;
    }
    public int twice(int a) { return 2 * a; }
}
"""
    run = run_selected(hostile_repo(tmp_path, calc))
    assert_not_passed(run)
    assert run.status is SuiteStatus.CRASHED and "without the run's token" in run.reason


def test_stealing_the_token_from_a_heap_dump(tmp_path):
    # the class dumps the JVM's heap (HotSpotDiagnosticMXBean: in-process, no attach), finds the
    # runner's record writer in it (its token and how many records it wrote), forges passing
    # records for every test of the class and an end record, and halts
    calc = """package demo;
public class Calc {
    static long u(byte[] h, int i, int n) { long v = 0; for (int k = 0; k < n; k++) v = (v << 8) | (h[i + k] & 0xff); return v; }
    public int add(int a, int b) {
        try {
            java.io.File dump = new java.io.File("heap-" + System.nanoTime() + ".hprof");
            java.lang.management.ManagementFactory.getPlatformMXBean(
                com.sun.management.HotSpotDiagnosticMXBean.class).dumpHeap(dump.getPath(), false);
            byte[] h = java.nio.file.Files.readAllBytes(dump.toPath());
            int i = 0;
            while (h[i] != 0) i++;
            i += 1 + 4 + 8;
            java.util.Map<Long, String> strings = new java.util.HashMap<>();
            java.util.Map<Long, String> classes = new java.util.HashMap<>();
            java.util.Map<Long, byte[]> arrays = new java.util.HashMap<>();
            long[] writer = null;
            while (i + 9 <= h.length) {
                int tag = h[i] & 0xff; int len = (int) u(h, i + 5, 4); int body = i + 9;
                if (tag == 0x01) strings.put(u(h, body, 8), new String(h, body + 8, len - 8, "UTF-8"));
                if (tag == 0x02) classes.put(u(h, body + 4, 8), strings.get(u(h, body + 16, 8)));
                if (tag == 0x0c || tag == 0x1c) {
                    int j = body;
                    while (j < body + len) {
                        int sub = h[j] & 0xff;
                        if (sub == 0x21) {
                            long cls = u(h, j + 13, 8); int n = (int) u(h, j + 21, 4);
                            if ("CrossfileJUnit$Records".equals(classes.get(cls)) && n >= 32)
                                // longs first (seq, tests, ...), then the references (out, token)
                                writer = new long[] {u(h, j + 25, 8), u(h, j + 25 + 8, 8), u(h, j + 25 + n - 16, 8), u(h, j + 25 + n - 8, 8), u(h, j + 25 + 16, 8)};
                            j += 25 + n;
                        } else if (sub == 0x23) {
                            int n = (int) u(h, j + 13, 4); int type = h[j + 17];
                            int size = type == 4 || type == 8 ? 1 : type == 5 || type == 9 ? 2 : type == 6 || type == 10 ? 4 : 8;
                            if (type == 8) arrays.put(u(h, j + 1, 8), java.util.Arrays.copyOfRange(h, j + 18, j + 18 + n));
                            j += 18 + n * size;
                        } else if (sub == 0x22) {
                            j += 17 + (int) u(h, j + 13, 4) * 8 + 8;
                        } else if (sub == 0x20) {
                            int k = j + 1 + 8 + 4 + 8 * 6 + 4;
                            int cp = (int) u(h, k, 2); k += 2;
                            for (int c = 0; c < cp; c++) { int t = h[k + 2]; k += 3 + (t == 2 ? 8 : t == 4 || t == 8 ? 1 : t == 5 || t == 9 ? 2 : t == 6 || t == 10 ? 4 : 8); }
                            int st = (int) u(h, k, 2); k += 2;
                            for (int c = 0; c < st; c++) { int t = h[k + 8]; k += 9 + (t == 2 ? 8 : t == 4 || t == 8 ? 1 : t == 5 || t == 9 ? 2 : t == 6 || t == 10 ? 4 : 8); }
                            int fi = (int) u(h, k, 2); k += 2 + fi * 9;
                            j = k;
                        } else if (sub == 0xff || sub == 0x89 || sub == 0x8a || sub == 0x8b || sub == 0x8d || sub == 0x8e || sub == 0x90) {
                            j += 1 + 8;
                        } else if (sub == 0x01) { j += 1 + 16;
                        } else if (sub == 0x02 || sub == 0x03 || sub == 0x08) { j += 1 + 16;
                        } else if (sub == 0x04 || sub == 0x06) { j += 1 + 12;
                        } else if (sub == 0x05 || sub == 0x07) { j += 1 + 8;
                        } else break;
                    }
                }
                i = body + len;
            }
            // the writer's fields as dumped: seq, tests (longs first), then out, token
            String token = new String(arrays.containsKey(writer[3]) ? arrays.get(writer[3]) : arrays.get(writer[2]), "UTF-8");
            long pid = ProcessHandle.current().pid();
            // the longs are seq, tests and the writer's pid in some order: leave the pid out
            long[] longs = writer[0] == pid ? new long[] {writer[1], writer[4]}
                : writer[1] == pid ? new long[] {writer[0], writer[4]} : new long[] {writer[0], writer[1]};
            long seq = longs[0], tests = longs[1];
            String[] fds = System.getenv("CROSSFILE_CHANNEL").split(":");
            StringBuilder out = new StringBuilder();
            for (String id : new String[] {"adds", "fails", "readsResource"}) {
                out.append(token).append("\\t{\\"seq\\":").append(seq++).append(",\\"id\\":\\"demo.CalcTest#")
                   .append(id).append("\\",\\"status\\":\\"passed\\",\\"pid\\":").append(pid).append("}\\n");
                tests++;
            }
            out.append(token).append("\\t{\\"event\\":\\"session_end\\",\\"seq\\":").append(seq)
               .append(",\\"tests\\":").append(tests).append(",\\"pid\\":").append(pid).append("}\\n");
            try (java.io.FileOutputStream o = new java.io.FileOutputStream("/proc/self/fd/" + fds[1])) {
                o.write(out.toString().getBytes("UTF-8"));
            }
        } catch (Throwable e) { e.printStackTrace(); }
        Runtime.getRuntime().halt(0);
        return 0;
    }
    public int twice(int a) { return 2 * a; }
}
"""
    run = run_selected(hostile_repo(tmp_path, calc))
    assert_not_passed(run)  # passed before: the tests' JVM had jdk.management (HotSpotDiagnosticMXBean)


# every other process of the sandbox (a child the class starts: a script, `jhsdb jmap --pid`)
# must find the tests' JVM closed: its memory map, memory and descriptors; add() is right only
# when they are
SEALED_JVM = """package demo;
public class Calc {
    public int add(int a, int b) {
        long pid = ProcessHandle.current().pid();
        try {
            Process p = new ProcessBuilder("sh", "-c", "head -c 64 /proc/" + pid + "/maps && exit 0; "
                + "echo x > /proc/" + pid + "/fd/1 && exit 0; dd if=/proc/" + pid + "/mem bs=1 count=1 "
                + "skip=$(printf %d 0x$(head -c 12 /proc/" + pid + "/maps | cut -d- -f1)) && exit 0; exit 1")
                .redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor() == 0 ? a + b + 1 : a + b;
        } catch (Exception e) {
            return a + b + 2;
        }
    }
    public int twice(int a) { return 2 * a; }
}
"""


def test_no_other_process_of_the_sandbox_can_read_the_tests_jvm(tmp_path):
    """The runner's token lives in the tests' JVM: a child process of the class could read it
    there (``/proc/<jvm>/mem``, or a heap dump by ``jhsdb jmap --pid``, which traces it). The
    JVM starts from an execute-only copy of the launcher (``sealed_java``), so it is not
    dumpable; the sandbox's processes hold no capability: its memory, memory map and
    descriptors are closed to them. (On a JVM started from ``java`` the child reads them.)"""
    run = run_selected(hostile_repo(tmp_path, SEALED_JVM))
    assert run.outcomes().get(ADDS) is Outcome.PASSED, (run.status, run.reason, run.log[-2000:])


def test_a_fifo_in_the_reports_folder_does_not_hang_the_host(tmp_path):
    # the class under test plants a FIFO where 8abb920 read the reports after the run
    calc = """package demo;
public class Calc {
    static {
        try {
            new java.io.File(reportsDir()).mkdirs();
            new ProcessBuilder("mkfifo", reportsDir() + "/TEST-zz-fifo.xml").inheritIO().start().waitFor();
        } catch (Exception e) { }
    }
""" + REPORTS_DIR + """
    public int add(int a, int b) { return a + b; }
    public int twice(int a) { return 2 * a; }
}
"""
    root = hostile_repo(tmp_path, calc)
    box: dict = {}
    worker = threading.Thread(target=lambda: box.setdefault("run", run_selected(root)), daemon=True)
    worker.start()
    worker.join(timeout=240)
    assert not worker.is_alive(), "the host is blocked reading a FIFO the tests planted"
    assert box["run"].outcomes()[ADDS] is Outcome.PASSED and box["run"].status is SuiteStatus.OK


def test_a_test_that_calls_system_exit_makes_the_run_incomplete(tmp_path):
    calc = """package demo;
public class Calc {
    public int add(int a, int b) { System.exit(0); return 0; }
    public int twice(int a) { return 2 * a; }
}
"""
    run = run_selected(hostile_repo(tmp_path, calc), [ADDS, "demo.CalcJupiterTest#twice"])
    assert run.status is SuiteStatus.CRASHED and run.reason.startswith("incomplete:")
    assert all(r.outcome is not Outcome.PASSED for r in run.results)


# ------------------------------------------------------------------- the pure judgement --
class _Result:
    def __init__(self, status="exited", returncode=0):
        from crossfile_datasets.analyzers.run import RunStatus

        self.status, self.returncode = RunStatus(status), returncode


class _Run:
    def __init__(self, **kw):
        self.result = _Result(**kw)
        self.process_limit_hit = self.memory_limit_hit = False


def _records(*tests, end=True, forged=0):
    recs = [{"seq": i, "id": t, "status": s, "seconds": 0.1} for i, (t, s) in enumerate(tests)]
    return ChannelRecords(recs, {"event": "session_end", "seq": len(recs), "tests": len(recs)} if end else None,
                          forged=forged)


def test_judge_records_trusts_only_a_whole_ordered_run():
    good = _records(("a.T#x", "passed"), ("a.T#x", "failed"), ("a.T#y", "passed"))
    results, problems = judge_records(good, _Run())
    assert problems == []
    assert {r.test_id: r.outcome for r in results} == {"a.T#x": Outcome.FAILED, "a.T#y": Outcome.PASSED}
    assert judge_records(_records(("a.T#x", "passed"), end=False), _Run())[1][0].startswith("no end record")
    assert "token" in judge_records(_records(("a.T#x", "passed"), forged=1), _Run())[1][0]
    swapped = _records(("a.T#x", "passed"), ("a.T#y", "passed"))
    swapped.records.reverse()
    assert judge_records(swapped, _Run())[1] == ["test records out of order, repeated or missing"]
    short = _records(("a.T#x", "passed"))
    short.session_end = {"event": "session_end", "seq": 1, "tests": 2}
    assert judge_records(short, _Run())[1][0].startswith("the end record counts 2 tests")
    assert judge_records(_records(("a.T#x", "passed")), _Run(returncode=1))[1] == ["the runner ended with exited 1"]


def test_judge_records_names_a_failed_launcher():
    # java-uuid-generator (held-out 16): 75 test records, the launcher_failed event (number 75),
    # the end record (number 76, 75 tests); the reason named the test count, which agreed
    crashed = _records(*[(f"a.T#t{i}", "passed") for i in range(75)])
    crashed.events["launcher_failed"] = {"event": "launcher_failed", "seq": 75,
                                         "message": "java.lang.OutOfMemoryError: Java heap space"}
    crashed.session_end = {"event": "session_end", "seq": 76, "tests": 75}
    assert judge_records(crashed, _Run())[1] == ["the JUnit launcher failed: java.lang.OutOfMemoryError: Java heap space"]
    skipped = _records(("a.T#x", "passed"))
    skipped.session_end = {"event": "session_end", "seq": 2, "tests": 1}
    assert judge_records(skipped, _Run())[1] == ["the end record is number 2, the channel carried 1 records"]
