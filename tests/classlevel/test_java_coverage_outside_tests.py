"""Java per-test coverage keeps what ran outside every test's window (tuning case of held-out 19:
HaraldWalker/user-agent-utils). Its parameterized tests name `Browser.SAFARI9` ... in their
`@Parameters` rows, so the Browser enum -- whose constants build the version fetchers -- is
initialized during discovery; the runner reset the JaCoCo agent when each test started, so the
fetchers' constructors counted as never run (`below_java_method_share`), although every version
the tests assert comes from them. What runs during discovery (session `before-tests`) and between
two tests (`outside:CLASS`: a test class's static initializers, `@BeforeClass`) is now written
too, and added to a test's lines in the files the test itself executes."""
from __future__ import annotations

from pathlib import Path

import pytest

from crossfile_datasets.sandbox.suites.java import JavaLayout, JavaRunner, parse_coverage, source_files


def test_lines_run_outside_the_tests_go_to_the_tests_that_use_their_files():
    layout = JavaLayout(main=["src/demo/Kind.java", "src/demo/Fetcher.java", "src/demo/Table.java"],
                        packages={"src/demo/Kind.java": "demo", "src/demo/Fetcher.java": "demo",
                                  "src/demo/Table.java": "demo"})
    sources = source_files(layout)
    text = "\n".join([
        '{"coverable":{"demo/Kind.java":[[2,9]],"demo/Fetcher.java":[[2,6]],"demo/Table.java":[[2,3]]}}',
        # discovery: the enum's constants build fetchers, which read the table
        '{"session":"before-tests","lines":{"demo/Kind.java":[[2,4]],"demo/Fetcher.java":[[2,3]],"demo/Table.java":[[2,3]]}}',
        '{"session":"outside:demo.KindTest","lines":{"demo/Fetcher.java":[[6,6]]}}',  # KindTest's @BeforeClass
        '{"session":"test-0","lines":{"demo/Kind.java":[[8,8]],"demo/Fetcher.java":[[5,5]]}}',
        '{"session":"outside:demo.OtherTest","lines":{"demo/Kind.java":[[9,9]]}}',
        '{"session":"test-1","lines":{"demo/Kind.java":[[8,8]]}}',
    ])
    per_test, coverable = parse_coverage(text, {"test-0": "demo.KindTest#parses", "test-1": "demo.OtherTest#reads"},
                                         sources)
    assert per_test == {
        # discovery's lines of the files it runs, and its class's between-tests lines
        "demo.KindTest#parses": {"src/demo/Kind.java": {2, 3, 4, 8}, "src/demo/Fetcher.java": {2, 3, 5, 6}},
        # not Fetcher.java (it runs none of it), not KindTest's @BeforeClass
        "demo.OtherTest#reads": {"src/demo/Kind.java": {2, 3, 4, 8, 9}},
    }
    assert "src/demo/Table.java" in coverable
    # without those sessions, as before
    plain = "\n".join(line for line in text.splitlines() if "before-tests" not in line and "outside:" not in line)
    assert parse_coverage(plain, {"test-0": "demo.KindTest#parses"}, sources)[0] == {
        "demo.KindTest#parses": {"src/demo/Kind.java": {8}, "src/demo/Fetcher.java": {5}}}


FILES = {
    "pom.xml": "<project/>\n",
    "src/main/java/demo/Fetcher.java": """package demo;
public class Fetcher {
    private final String prefix;
    public Fetcher(String prefix) {
        this.prefix = Table.lookup(prefix);
    }
    public String fetch(String agent) {
        return agent.startsWith(prefix) ? agent.substring(prefix.length()) : null;
    }
}
""",
    "src/main/java/demo/Table.java": """package demo;
final class Table {
    private Table() { }
    static String lookup(String key) {
        return key + "/";
    }
}
""",
    "src/main/java/demo/Kind.java": """package demo;
public enum Kind {
    ALPHA(new Fetcher("alpha")),
    BETA(new Fetcher("beta"));
    private final Fetcher fetcher;
    Kind(Fetcher fetcher) { this.fetcher = fetcher; }
    public String version(String agent) { return fetcher.fetch(agent); }
}
""",
    "src/test/java/demo/KindTest.java": """package demo;
import java.util.Arrays;
import java.util.Collection;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;
import static org.junit.Assert.assertEquals;
@RunWith(Parameterized.class)
public class KindTest {
    @Parameterized.Parameters
    public static Collection<Object[]> rows() {
        return Arrays.asList(new Object[][] {{Kind.ALPHA, "alpha/1.0", "1.0"}, {Kind.BETA, "beta/2.1", "2.1"}});
    }
    private final Kind kind;
    private final String agent, expected;
    public KindTest(Kind kind, String agent, String expected) {
        this.kind = kind;
        this.agent = agent;
        this.expected = expected;
    }
    @Test public void version() { assertEquals(expected, kind.version(agent)); }
}
""",
}


@pytest.mark.javac
@pytest.mark.slow
def test_an_enum_initialized_during_discovery_counts_for_the_tests_that_use_it(tmp_path):
    root = Path(tmp_path)
    for rel, text in FILES.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    run = JavaRunner().run(root, None, coverage=True, limits=None)
    assert [(r.test_id, r.outcome.value) for r in run.results] == [("demo.KindTest#version", "passed")], run.log
    lines = run.per_test_coverage["demo.KindTest#version"]
    # the fetchers' constructor (lines 4-6) and the table ran while the enum initialized, during
    # discovery: on 20d8c71 the test had Fetcher.java {8} and Kind.java {7} only
    assert {4, 5, 8} <= lines["src/main/java/demo/Fetcher.java"], lines
    assert {3, 4, 7} <= lines["src/main/java/demo/Kind.java"], lines
    # Table.java: no line of it runs inside the test's window, so it is not the test's
    assert "src/main/java/demo/Table.java" not in lines
