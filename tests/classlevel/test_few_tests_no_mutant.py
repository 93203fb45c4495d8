"""A task with one or two tests must show that they judge its class, or go (held-out
2026-11-28d: parsington's ``Unresolved`` -- a constructor passing its argument to ``Token`` --
and docopt.net's ``ArgumentNode`` / ``OptionNode`` / ``CommandNode`` were kept with 2 tests each
and no mutant: no operator has a site in them, so only the throwing stub had failed their tests).
A real javac + JUnit suite under JaCoCo per-test coverage, then the mutant gate."""
from __future__ import annotations

import pytest

from crossfile_datasets.builders.classlevel.build import ClassSettings, mutant_gate
from crossfile_datasets.core.records import Repository
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.lang import Lang
from tests.classlevel.fixture import selected
from tests.conftest import write_tree

MAIN = "src/main/java/com/ex/"
TEST = "src/test/java/com/ex/"

TREE = {
    MAIN + "Token.java": """package com.ex;
public class Token {
    private final int code;
    public Token(int code) { this.code = code; }
    public int code() { return code; }
}
""",
    MAIN + "Unresolved.java": """package com.ex;
public class Unresolved extends Token {
    public Unresolved(final int code) {
        super(code);
    }
}
""",
    MAIN + "Resolved.java": """package com.ex;
public class Resolved extends Token {
    public Resolved(final int code) {
        super(code);
    }
}
""",
    TEST + "UnresolvedTest.java": """package com.ex;
import org.junit.Assert;
import org.junit.Test;
public class UnresolvedTest {
    @Test public void keepsCode() { Assert.assertEquals(7, new Unresolved(7).code()); }
    @Test public void isToken() { Assert.assertTrue(new Unresolved(1) instanceof Token); }
}
""",
    TEST + "ResolvedTest.java": """package com.ex;
import org.junit.Assert;
import org.junit.Test;
public class ResolvedTest {
    @Test public void keepsCode() { Assert.assertEquals(7, new Resolved(7).code()); }
    @Test public void keepsZero() { Assert.assertEquals(0, new Resolved(0).code()); }
    @Test public void keepsNegative() { Assert.assertEquals(-2, new Resolved(-2).code()); }
}
""",
}


@pytest.mark.javac
@pytest.mark.slow
def test_few_tests_and_no_mutant_is_dropped_under_its_reason(tmp_path):
    root = write_tree(tmp_path, TREE)
    facts, suite, cands, report = selected(root, Lang.JAVA, 5)
    assert {"Unresolved", "Resolved"} <= set(cands), dict(report.samples)
    assert len(cands["Unresolved"].expected_to_pass) == 2 and len(cands["Resolved"].expected_to_pass) == 3
    report = BuildReport()
    kept = mutant_gate(Lang.JAVA, Repository("ex", root, "", "", ""), facts, [cands["Unresolved"], cands["Resolved"]],
                       suite, ClassSettings(), report, "")
    # 2 tests, no site for any operator: dropped under its reason; 3 tests: kept as before (a note)
    assert [c.info.name for c in kept] == ["Resolved"]
    assert report.stage("tasks") == {"few_tests_no_mutant": 1, "no_mutants": 1}, dict(report.samples)
    assert str(report.samples["tasks/few_tests_no_mutant"][0]).startswith(MAIN + "Unresolved.java::Unresolved: 2 tests")
