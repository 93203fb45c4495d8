import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.discovery.ClassNameFilter;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * The JUnit runner of the class-level split (sandbox/suites/java.py): runs a repository's JUnit
 * 3/4/5 tests and sends one record per finished test over the harness's verdict channel.
 *
 * Why it exists: JUnit's console launcher writes its verdicts (XML reports, a summary box on
 * stdout) from the JVM that runs the code under test, which can rewrite them in a shutdown hook or
 * write them itself and halt. This runner reads the channel's token from a pipe before any test
 * class is loaded, keeps it in memory only, and prefixes every record with it; the records are
 * numbered; the last one says how many tests were recorded. After the last record the JVM halts at
 * once: no shutdown hook of the code under test ever runs. The harness counts a run only when the
 * end record arrived, numbered after every test record, with no line lacking the token.
 *
 * Usage: java ... CrossfileJUnit ARGFILE, where ARGFILE holds one option per line:
 *   scan=DIR            run every test class under DIR (a compiled test classes folder)
 *   class=NAME          run this test class (repeatable; instead of scan)
 *   timeout=SECONDS     JUnit Jupiter's default per-test time-out
 *   coverage=FILE       append JaCoCo's execution data per test to FILE (the agent must be loaded): a
 *                       session "test-SEQ" per test (SEQ: its record's number), "before-tests" for
 *                       what ran during discovery, "outside:CLASS" for what ran between the
 *                       previous test and the next one, of test class CLASS
 *   failfast=1          end the run (with its end record) after the first test that does not pass
 * The channel's file descriptors come from CROSSFILE_CHANNEL ("tokenfd:recordfd").
 */
public final class CrossfileJUnit {
    private CrossfileJUnit() {}

    public static void main(String[] args) throws Exception {
        String channel = System.getenv("CROSSFILE_CHANNEL");
        if (channel == null || !channel.contains(":") || args.length != 1) {
            System.err.println("usage: CROSSFILE_CHANNEL=tokenfd:recordfd java CrossfileJUnit ARGFILE");
            Runtime.getRuntime().halt(2);
        }
        String[] fds = channel.split(":");
        java.io.ByteArrayOutputStream tokenBytes = new java.io.ByteArrayOutputStream();
        try (InputStream in = new FileInputStream("/proc/self/fd/" + fds[0])) {
            // a loop, not readAllBytes(): JDK 17's FileInputStream.readAllBytes seeks, and a pipe cannot
            byte[] buf = new byte[256];
            for (int n; (n = in.read(buf)) > 0; ) tokenBytes.write(buf, 0, n);
        }
        byte[] token = tokenBytes.toByteArray();
        // the record channel: a Unix socket on standard input (the harness puts it there), which
        // no code of this process can open again through /proc/self/fd to read the records and
        // their token (a pipe's write end can be: red team 2, row 3); else the named pipe
        OutputStream out;
        java.nio.channels.Channel inherited = System.inheritedChannel();
        if (inherited instanceof java.nio.channels.SocketChannel) {
            out = new java.io.BufferedOutputStream(
                java.nio.channels.Channels.newOutputStream((java.nio.channels.SocketChannel) inherited), 1 << 16);
            System.setIn(new java.io.ByteArrayInputStream(new byte[0]));
        } else {
            out = new FileOutputStream("/proc/self/fd/" + fds[1]);
        }
        Records records = new Records(out, token);
        List<String> classes = new ArrayList<>();
        String scan = null;
        String timeout = "60";
        String coverage = null;
        boolean failfast = false;
        for (String line : Files.readAllLines(Paths.get(args[0]), StandardCharsets.UTF_8)) {
            int eq = line.indexOf('=');
            if (eq < 0) continue;
            String key = line.substring(0, eq), value = line.substring(eq + 1);
            switch (key) {
                case "scan": scan = value; break;
                case "class": classes.add(value); break;
                case "timeout": timeout = value; break;
                case "coverage": coverage = value; break;
                case "failfast": failfast = "1".equals(value); break;
                default: break;
            }
        }
        LauncherDiscoveryRequestBuilder request = LauncherDiscoveryRequestBuilder.request()
            .configurationParameter("junit.jupiter.execution.timeout.default", timeout + "s")
            // one test at a time: per-test coverage and the order of records depend on it
            .configurationParameter("junit.jupiter.execution.parallel.enabled", "false")
            .configurationParameter("junit.jupiter.extensions.autodetection.enabled", "false");
        if (scan != null) {
            Set<Path> roots = new HashSet<>();
            roots.add(Paths.get(scan));
            request.selectors(DiscoverySelectors.selectClasspathRoots(roots))
                .filters(ClassNameFilter.includeClassNamePatterns(".*"));
        } else {
            List<DiscoverySelector> selectors = new ArrayList<>();
            for (String c : classes) selectors.add(DiscoverySelectors.selectClass(c));
            request.selectors(selectors);
        }
        // only our listener and JUnit's own engines: no listener, filter or engine a jar of the
        // repository registers as a service may take part
        LauncherConfig config = LauncherConfig.builder()
            .enableTestEngineAutoRegistration(false)
            .enableTestExecutionListenerAutoRegistration(false)
            .enableLauncherSessionListenerAutoRegistration(false)
            .enableLauncherDiscoveryListenerAutoRegistration(false)
            .enablePostDiscoveryFilterAutoRegistration(false)
            .addTestEngines(new org.junit.jupiter.engine.JupiterTestEngine(),
                            new org.junit.vintage.engine.VintageTestEngine())
            .build();
        Launcher launcher = LauncherFactory.create(config);
        Listener listener = new Listener(records, coverage == null ? null : Coverage.open(coverage), failfast);
        LauncherDiscoveryRequest built = request.build();
        try {
            launcher.execute(built, listener);
        } catch (Throwable t) {
            records.event("launcher_failed", "message", String.valueOf(t));
        }
        records.end();
        // no shutdown hook, finalizer or leftover thread of the code under test runs after this
        Runtime.getRuntime().halt(0);
    }

    /** The numbered, token-prefixed records of one run, written in order. */
    static final class Records {
        private final OutputStream out;
        private final byte[] token;
        private long seq = 0;
        private long tests = 0;
        private final long pid = ProcessHandle.current().pid();

        Records(OutputStream out, byte[] token) {
            this.out = out;
            this.token = token;
        }

        private final java.util.Set<String> reportedUids = new java.util.HashSet<>();

        synchronized boolean reported(String uid) {
            return reportedUids.contains(uid);
        }

        synchronized void test(String id, String status, double seconds, String message, String uid) {
            reportedUids.add(uid);
            write("{\"seq\":" + seq + ",\"id\":" + json(id) + ",\"status\":" + json(status) + ",\"seconds\":"
                  + String.format(java.util.Locale.ROOT, "%.4f", seconds) + ",\"message\":" + json(message)
                  + ",\"uid\":" + json(uid) + "}");
            seq++;
            tests++;
        }

        synchronized void event(String name, String key, String value) {
            write("{\"event\":" + json(name) + ",\"seq\":" + seq + "," + json(key) + ":" + json(value) + "}");
            seq++;
        }

        synchronized void end() {
            write("{\"event\":\"session_end\",\"seq\":" + seq + ",\"tests\":" + tests + "}");
            try {
                out.flush();
            } catch (IOException e) {
                // nothing to do: the harness sees no end record
            }
        }

        private void write(String record) {
            // every record names the process that sent it: the host keeps only the runner's
            record = record.substring(0, record.length() - 1) + ",\"pid\":" + pid + "}";
            try {
                out.write(token);
                out.write('\t');
                out.write(record.getBytes(StandardCharsets.UTF_8));
                out.write('\n');
                out.flush();
            } catch (IOException e) {
                // a closed channel: the harness sees an incomplete run
            }
        }
    }

    static String json(String s) {
        return CrossfileJson.write(s == null ? "" : s);
    }

    /** Per-test execution data of the JaCoCo agent, appended to one file (one session per test). */
    static final class Coverage {
        private final Object agent;
        private final Method reset, data, session;
        private final OutputStream out;

        private Coverage(Object agent, Method reset, Method data, Method session, OutputStream out) {
            this.agent = agent;
            this.reset = reset;
            this.data = data;
            this.session = session;
            this.out = out;
        }

        static Coverage open(String file) {
            try {
                Class<?> rt = Class.forName("org.jacoco.agent.rt.RT");
                Class<?> api = Class.forName("org.jacoco.agent.rt.IAgent");
                Object agent = rt.getMethod("getAgent").invoke(null);
                return new Coverage(agent, api.getMethod("reset"), api.getMethod("getExecutionData", boolean.class),
                                    api.getMethod("setSessionId", String.class), new FileOutputStream(file, true));
            } catch (Throwable t) {
                System.err.println("crossfile: no JaCoCo agent: " + t);
                return null;
            }
        }

        /** A test starts: what ran since the last test ended (test discovery, a class's static
         *  initializers, {@code @BeforeClass}: code the test may depend on and no test's window
         *  saw) is written as the session "outside:" + its class, and the agent is reset. */
        void start(String testClass) {
            dump("outside:" + testClass);
        }

        /** Before the first test: what ran during discovery (a Parameterized class's
         *  {@code @Parameters} data, the enums its rows name), the session "before-tests". */
        void discovered() {
            dump("before-tests");
        }

        void finish(long seq) {
            dump("test-" + seq);
        }

        private void dump(String name) {
            try {
                session.invoke(agent, name);
                out.write((byte[]) data.invoke(agent, true));  // written, then reset
                out.flush();
            } catch (Throwable t) {
                // coverage of this window is lost; the verdict is not
                try {
                    reset.invoke(agent);
                } catch (Throwable ignored) {
                    // nothing more to do
                }
            }
        }
    }

    /** Turns JUnit Platform events into records: one per finished or skipped test. */
    static final class Listener implements TestExecutionListener {
        private final Records records;
        private final Coverage coverage;
        private final Map<String, Long> started = new ConcurrentHashMap<>();
        private TestPlan plan;

        private final boolean failfast;

        Listener(Records records, Coverage coverage, boolean failfast) {
            this.records = records;
            this.coverage = coverage;
            this.failfast = failfast;
        }

        @Override
        public void testPlanExecutionStarted(TestPlan testPlan) {
            plan = testPlan;
            if (coverage != null) coverage.discovered();
        }

        @Override
        public void executionStarted(TestIdentifier id) {
            if (!id.isTest()) return;
            started.put(id.getUniqueId(), System.nanoTime());
            if (coverage != null) {
                String test = testId(id);
                coverage.start(test.substring(0, Math.max(0, test.indexOf('#'))));
            }
        }

        @Override
        public void executionSkipped(TestIdentifier id, String reason) {
            if (id.isTest()) {
                records.test(testId(id), "skipped", 0.0, reason, id.getUniqueId());
                return;
            }
            if (plan != null) {
                for (TestIdentifier d : plan.getDescendants(id)) {
                    if (d.isTest()) records.test(testId(d), "skipped", 0.0, reason, d.getUniqueId());
                }
            }
        }

        @Override
        public void executionFinished(TestIdentifier id, TestExecutionResult result) {
            if (!id.isTest()) {
                if (result.getStatus() != TestExecutionResult.Status.SUCCESSFUL) containerFailed(id, result);
                return;
            }
            Long t0 = started.remove(id.getUniqueId());
            double seconds = t0 == null ? 0.0 : (System.nanoTime() - t0) / 1e9;
            String status;
            switch (result.getStatus()) {
                case SUCCESSFUL: status = "passed"; break;
                case ABORTED: status = "skipped"; break;
                default:
                    status = result.getThrowable().map(t -> t instanceof AssertionError).orElse(false) ? "failed" : "error";
            }
            long seq = records.seq;
            if (coverage != null) coverage.finish(seq);
            records.test(testId(id), status, seconds, message(result), id.getUniqueId());
            if (failfast && !"passed".equals(status)) {
                // the caller only needs one test that does not pass: end the run here, complete
                records.end();
                Runtime.getRuntime().halt(0);
            }
        }

        /** A class (or engine) whose setup or teardown failed: each of its tests that has no
         *  record yet (it never ran) gets an error record with the container's failure, so the
         *  run stays complete and those tests count as not passing. */
        private void containerFailed(TestIdentifier id, TestExecutionResult result) {
            if (plan == null) return;
            String why = id.getDisplayName() + ": " + message(result);
            boolean any = false;
            for (TestIdentifier d : plan.getDescendants(id)) {
                if (d.isTest() && !records.reported(d.getUniqueId())) {
                    records.test(testId(d), "error", 0.0, why, d.getUniqueId());
                    any = true;
                }
            }
            if (any && failfast) {
                records.end();
                Runtime.getRuntime().halt(0);
            }
        }

        private static String message(TestExecutionResult result) {
            Optional<Throwable> t = result.getThrowable();
            if (!t.isPresent()) return "";
            String s;
            try {
                s = String.valueOf(t.get());
            } catch (Throwable e) {  // a hostile toString()
                s = t.get().getClass().getName();
            }
            return s.length() > 500 ? s.substring(0, 500) : s;
        }

        /** {@code pkg.Outer$Nested#method}: the nearest method source up the tree (dynamic and
         * parameterized invocations fold into their method), else the class and display name. */
        private String testId(TestIdentifier id) {
            TestIdentifier cur = id;
            String className = null;
            while (cur != null) {
                Optional<TestSource> source = cur.getSource();
                if (source.isPresent() && source.get() instanceof MethodSource) {
                    MethodSource m = (MethodSource) source.get();
                    return m.getClassName() + "#" + stripParameters(m.getMethodName());
                }
                if (className == null && source.isPresent() && source.get() instanceof ClassSource) {
                    className = ((ClassSource) source.get()).getClassName();
                }
                cur = plan == null ? null : plan.getParent(cur).orElse(null);
            }
            return (className == null ? "" : className) + "#" + stripParameters(id.getLegacyReportingName());
        }

        private static String stripParameters(String name) {
            int cut = name.length();
            for (char c : new char[] {'(', '['}) {
                int i = name.indexOf(c);
                if (i >= 0 && i < cut) cut = i;
            }
            String s = name.substring(0, cut).trim();
            return s.isEmpty() ? name : s;
        }
    }
}
