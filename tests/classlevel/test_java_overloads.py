"""Java: a class's methods are measured one by one, overloads (constructors included) apart
(held-out 2026-11-28d, parsington). Selection kept each method's body lines in a dict by name, so
of several constructors only the last one's lines counted: DefaultStackEvaluator, whose tests run
its first constructor's ``super()``, was ``not_covered_by_tests``. And the 2/3 share counted
distinct names over all methods, so a class with overloads could not reach it whatever its tests
ran: ExpressionParser (6 constructors and 5 methods, every one run) was 6/11.
A real javac + JUnit suite under JaCoCo per-test coverage in the sandbox, then selection."""
from __future__ import annotations

import pytest

from crossfile_datasets.lang import Lang
from tests.classlevel.fixture import selected
from tests.conftest import write_tree

MAIN = "src/main/java/com/ex/"
TEST = "src/test/java/com/ex/"

TREE = {
    MAIN + "Chars.java": """package com.ex;
public final class Chars {
    private Chars() {}
    public static String[] split(String text, String sep) { return text.split(java.util.regex.Pattern.quote(sep)); }
}
""",
    # three constructors, each delegating to the next: `new Parser()` runs all of them
    MAIN + "Parser.java": """package com.ex;
public class Parser {
    private final String sep;
    private final int max;
    public Parser() {
        this(",");
    }
    public Parser(String sep) {
        this(sep, 10);
    }
    public Parser(String sep, int max) {
        this.sep = sep;
        this.max = max;
    }
    public String[] parse(String text) {
        String[] parts = Chars.split(text, sep);
        return parts.length > max ? java.util.Arrays.copyOf(parts, max) : parts;
    }
    public int count(String text) {
        return parse(text).length;
    }
}
""",
    MAIN + "BaseEvaluator.java": """package com.ex;
public abstract class BaseEvaluator {
    private final Parser parser;
    protected BaseEvaluator() {
        this(new Parser());
    }
    protected BaseEvaluator(Parser parser) {
        this.parser = parser;
    }
    public int evaluate(String text) {
        return parser.count(text);
    }
}
""",
    # two constructors; the tests run only the first one
    MAIN + "DefaultEvaluator.java": """package com.ex;
public class DefaultEvaluator extends BaseEvaluator {
    public DefaultEvaluator() {
        super();
    }
    public DefaultEvaluator(final Parser parser) {
        super(parser);
    }
}
""",
    TEST + "ParserTest.java": """package com.ex;
import org.junit.Assert;
import org.junit.Test;
public class ParserTest {
    @Test public void parses() { Assert.assertArrayEquals(new String[] {"a", "b"}, new Parser().parse("a,b")); }
    @Test public void counts() { Assert.assertEquals(3, new Parser().count("a,b,c")); }
}
""",
    TEST + "DefaultEvaluatorTest.java": """package com.ex;
import org.junit.Assert;
import org.junit.Test;
public class DefaultEvaluatorTest {
    @Test public void evaluates() { Assert.assertEquals(2, new DefaultEvaluator().evaluate("x,y")); }
    @Test public void evaluatesOne() { Assert.assertEquals(1, new DefaultEvaluator().evaluate("x")); }
    @Test public void evaluatesThree() { Assert.assertEquals(3, new DefaultEvaluator().evaluate("x,y,z")); }
}
""",
}


@pytest.mark.javac
@pytest.mark.slow
def test_overloads_are_measured_one_by_one(tmp_path):
    _, _, cands, report = selected(write_tree(tmp_path, TREE), Lang.JAVA, 5)
    samples = {k: v for k, v in report.samples.items() if k.startswith("classes/")}
    # every one of Parser's 5 methods runs (its 3 constructors through `new Parser()`): 5/5, not 3 names of 5
    assert "Parser" in cands, samples
    assert sorted(cands["Parser"].covered_methods) == ["Parser", "Parser", "Parser", "count", "parse"]
    # DefaultEvaluator is covered (its first constructor's `super()` runs); its second
    # constructor never runs, so it is 1 of 2 methods, below the share -- not `not_covered_by_tests`
    assert not any("DefaultEvaluator" in str(s) for s in samples.get("classes/not_covered_by_tests", [])), samples
    assert any(str(s).startswith(MAIN + "DefaultEvaluator.java::DefaultEvaluator: 1/2 methods")
               for s in samples.get("classes/below_java_method_share", [])), samples


@pytest.mark.javac
@pytest.mark.slow
def test_a_named_overload_that_never_runs_is_not_counted(tmp_path):
    """With per-test coverage a name stands for its overloads no more: only those the tests ran
    count (a test writing `new DefaultEvaluator()` runs one constructor of two)."""
    tree = dict(TREE)
    tree[TEST + "DefaultEvaluatorTest.java"] = tree[TEST + "DefaultEvaluatorTest.java"].replace(
        "new DefaultEvaluator().evaluate(\"x\")", "new DefaultEvaluator(new Parser(\",\", 1)).evaluate(\"x,y\")")
    _, _, cands, report = selected(write_tree(tmp_path, tree), Lang.JAVA, 5)
    # both constructors run now: 2/2
    assert "DefaultEvaluator" in cands, dict(report.samples)
    assert sorted(cands["DefaultEvaluator"].covered_methods) == ["DefaultEvaluator", "DefaultEvaluator"]
