import java.io.BufferedInputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.jacoco.core.analysis.Analyzer;
import org.jacoco.core.analysis.CoverageBuilder;
import org.jacoco.core.analysis.IClassCoverage;
import org.jacoco.core.analysis.ICounter;
import org.jacoco.core.data.ExecutionData;
import org.jacoco.core.data.ExecutionDataReader;
import org.jacoco.core.data.ExecutionDataStore;

/**
 * Per-test line coverage from the execution data CrossfileJUnit appended (one JaCoCo session per
 * test, named "test-SEQ"), for the classes of one folder (the repository's compiled main code).
 *
 * Why it exists: the class-level split chooses a class's EXPECTED_TO_PASS tests by what they
 * execute, not by the names written in their bodies (a test of java.util.BitSet is not a test of
 * the repository's BitSet). It runs in the sandbox, in a JVM of its own after the tests' JVM.
 *
 * Usage: java -cp jacoco-core:asm... CrossfileCoverage EXECFILE CLASSESDIR
 * Output (stdout), JSON lines: first {"coverable": {"pkg/Name.java": [[first,last],...]}}, the lines
 * holding code; then per test with coverage {"session": "test-SEQ", "lines": {"pkg/Name.java": [...]}}.
 * A source is named by its package folder and the source file name the class file records.
 */
public final class CrossfileCoverage {
    private CrossfileCoverage() {}

    public static void main(String[] args) throws IOException {
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        Path classes = Paths.get(args[1]);
        Map<String, byte[]> bytesByName = new HashMap<>();  // VM name "pkg/Name" -> class bytes
        try (Stream<Path> walk = Files.walk(classes)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                String rel = classes.relativize(p).toString().replace('\\', '/');
                if (rel.endsWith(".class") && Files.isRegularFile(p)) {
                    bytesByName.put(rel.substring(0, rel.length() - 6), Files.readAllBytes(p));
                }
            }
        }
        Map<String, TreeSet<Integer>> coverable = new TreeMap<>();
        for (Map.Entry<String, byte[]> e : bytesByName.entrySet()) {
            for (IClassCoverage cc : analyze(new ExecutionDataStore(), e.getValue(), e.getKey())) {
                TreeSet<Integer> lines = coverable.computeIfAbsent(source(cc), k -> new TreeSet<>());
                for (int i = cc.getFirstLine(); i >= 0 && i <= cc.getLastLine(); i++) {
                    if (cc.getLine(i).getStatus() != ICounter.EMPTY) lines.add(i);
                }
            }
        }
        out.println("{\"coverable\":" + files(coverable) + "}");
        // one session per test, in the order written
        Map<String, List<ExecutionData>> sessions = new LinkedHashMap<>();
        String[] current = {""};
        try (InputStream in = new BufferedInputStream(new FileInputStream(args[0]))) {
            ExecutionDataReader reader = new ExecutionDataReader(in);
            reader.setSessionInfoVisitor(info -> {
                current[0] = info.getId();
                sessions.computeIfAbsent(current[0], k -> new ArrayList<>());
            });
            reader.setExecutionDataVisitor(data -> {
                if (data.hasHits() && bytesByName.containsKey(data.getName())) {
                    sessions.computeIfAbsent(current[0], k -> new ArrayList<>()).add(data);
                }
            });
            try {
                reader.read();
            } catch (IOException | RuntimeException e) {
                System.err.println("crossfile: execution data cut short: " + e);
            }
        }
        Map<String, Map<String, TreeSet<Integer>>> cache = new HashMap<>();  // class + probes -> lines per source
        for (Map.Entry<String, List<ExecutionData>> s : sessions.entrySet()) {
            Map<String, TreeSet<Integer>> lines = new TreeMap<>();
            for (ExecutionData data : s.getValue()) {
                String key = data.getName() + ":" + Long.toHexString(data.getId()) + ":" + Arrays.toString(data.getProbes());
                Map<String, TreeSet<Integer>> hit = cache.get(key);
                if (hit == null) {
                    hit = new TreeMap<>();
                    ExecutionDataStore store = new ExecutionDataStore();
                    store.put(data);
                    for (IClassCoverage cc : analyze(store, bytesByName.get(data.getName()), data.getName())) {
                        TreeSet<Integer> covered = hit.computeIfAbsent(source(cc), k -> new TreeSet<>());
                        for (int i = cc.getFirstLine(); i >= 0 && i <= cc.getLastLine(); i++) {
                            int status = cc.getLine(i).getStatus();
                            if (status == ICounter.FULLY_COVERED || status == ICounter.PARTLY_COVERED) covered.add(i);
                        }
                    }
                    cache.put(key, hit);
                }
                for (Map.Entry<String, TreeSet<Integer>> h : hit.entrySet()) {
                    lines.computeIfAbsent(h.getKey(), k -> new TreeSet<>()).addAll(h.getValue());
                }
            }
            lines.values().removeIf(TreeSet::isEmpty);
            if (!lines.isEmpty()) {
                out.println("{\"session\":" + CrossfileJson.write(s.getKey()) + ",\"lines\":" + files(lines) + "}");
            }
        }
        out.flush();
    }

    private static List<IClassCoverage> analyze(ExecutionDataStore store, byte[] bytes, String name) {
        CoverageBuilder builder = new CoverageBuilder();
        try {
            new Analyzer(store, builder).analyzeClass(bytes, name);
        } catch (IOException | RuntimeException e) {
            System.err.println("crossfile: cannot analyze " + name + ": " + e);
        }
        return new ArrayList<>(builder.getClasses());
    }

    private static String source(IClassCoverage cc) {
        String pkg = cc.getPackageName();
        String file = cc.getSourceFileName() == null ? "" : cc.getSourceFileName();
        return pkg.isEmpty() ? file : pkg + "/" + file;
    }

    /** {"pkg/Name.java": [[first, last], ...]}: line sets as ranges. */
    private static String files(Map<String, TreeSet<Integer>> lines) {
        StringBuilder b = new StringBuilder("{");
        for (Map.Entry<String, TreeSet<Integer>> e : lines.entrySet()) {
            if (b.length() > 1) b.append(',');
            b.append(CrossfileJson.write(e.getKey())).append(":[");
            int start = -1, prev = -2;
            boolean first = true;
            for (int line : e.getValue()) {
                if (line != prev + 1) {
                    if (start >= 0) {
                        b.append(first ? "" : ",").append('[').append(start).append(',').append(prev).append(']');
                        first = false;
                    }
                    start = line;
                }
                prev = line;
            }
            if (start >= 0) b.append(first ? "" : ",").append('[').append(start).append(',').append(prev).append(']');
            b.append(']');
        }
        return b.append('}').toString();
    }
}
