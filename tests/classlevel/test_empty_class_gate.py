"""The emptied-class gate of the class-level builder (builders/classlevel/build.py:
empty_class_gate) and the test-file rule for runners without per-test coverage
(builders/classlevel/candidates.py): a task is kept only with tests that fail when its class is
emptied, so the evaluation's empty class scores 0. Real pytest / javac + JUnit runs in the sandbox
on fixture repositories."""
from __future__ import annotations

import json

import pytest

from crossfile_datasets.builders.classlevel.build import build_class_split
from crossfile_datasets.core.records import Repository
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.evaluation.classlevel import evaluate_class
from crossfile_datasets.harness.class_runs import empty_class, place_class
from tests.classlevel.fixture import SHOP
from tests.conftest import require_tool, write_tree

# Audit's only test passes whatever Audit does (it swallows every error); Cart gets one more test
# of that kind beside its real ones.
SMOKE = {
    **SHOP,
    "pkg/audit.py": '''"""An audit trail of amounts."""
from pkg.money import round_money, with_tax


class Audit:
    """Records amounts."""

    def __init__(self):
        self.entries = []

    def record(self, value):
        self.entries.append(round_money(value))
        return self

    def taxed(self):
        return [with_tax(v) for v in self.entries]
''',
    "tests/test_smoke.py": '''import contextlib

from pkg.audit import Audit
from pkg.cart import Cart


def test_audit_runs():
    with contextlib.suppress(Exception):
        Audit().record(1.234).taxed()


def test_cart_runs():
    with contextlib.suppress(Exception):
        Cart({"a": 1.0}).add("a").total()
''',
}


def _build(tmp_path, lang, root, name):
    report = BuildReport()
    records, stats = build_class_split(lang, [Repository(name, root, "", "", "MIT")], tmp_path / "out",
                                       allow_execution=True, report=report)
    return records, stats, report


def test_empty_class_is_the_signature_placed_like_a_generation():
    py = {"language": "python", "class_signature": "class Cart(Base):", "file_without_class": "import x\n\n\n",
          "insertion_offset": len("import x\n\n")}
    assert place_class(py, empty_class(py)) == "import x\n\nclass Cart(Base):\n    pass\n"
    java = {"language": "java", "class_signature": "public final class Cart extends Base",
            "file_without_class": "package a;\n\n", "insertion_offset": len("package a;\n\n")}
    assert place_class(java, empty_class(java)) == "package a;\n\npublic final class Cart extends Base { }"


@pytest.mark.slow
def test_python_class_whose_tests_pass_without_it_is_dropped(tmp_path):
    root = write_tree(tmp_path / "shop", SMOKE)
    records, stats, report = _build(tmp_path, "python", root, "shop")
    by_name = {r["class_name"]: r for r in records}
    assert "Audit" not in by_name
    assert report.counts["tasks/tests_pass_without_class"] == 1
    assert any("Audit" in s for s in report.samples["tasks/tests_pass_without_class"])
    # Cart is kept with its real tests; its smoke test is left out
    assert by_name["Cart"]["expected_to_pass"] == ["tests/test_cart.py::test_subtotal",
                                                   "tests/test_cart.py::test_total_and_describe"]
    assert report.counts["tests/passes_without_class"] == 2  # test_audit_runs, test_cart_runs
    gate = stats["per_repository"][0]["empty_class_gate"]
    assert gate["tests_dropped"] == 2 and gate["tasks_before"] == gate["tasks_kept"] + 1 == len(records) + 1
    # what the gate promises: the evaluation's empty class scores 0 on every kept task
    preds = tmp_path / "preds.jsonl"
    preds.write_text("".join(json.dumps({"task_id": r["id"], "generations": [r["class_source"], empty_class(r)]}) + "\n"
                             for r in records))
    summary = evaluate_class(tmp_path / "out" / "python" / "class.jsonl", preds, ks=(1,))
    assert [g["passed"] for g in summary["generations"]] == [True, False] * len(records)


JAVA = {
    "src/main/java/demo/Util.java": '''package demo;

public final class Util {
    public static String clean(String s) { return s.trim(); }
    public static String shout(String s) { return s.toUpperCase() + "!"; }
}
''',
    # a ListLinks-like class: its methods are called trim and print, like String's and PrintStream's
    "src/main/java/demo/Greeter.java": '''package demo;

public class Greeter {
    public String trim(String s) { return Util.clean(s); }
    public void print(String s) { System.out.println(Util.shout(s)); }
}
''',
    "src/main/java/demo/Formatter.java": '''package demo;

public class Formatter {
    public String trim(String s) { return Util.clean(s); }
    public String shout(String s) { return Util.shout(s); }
}
''',
    "src/main/java/demo/Counter.java": '''package demo;

public class Counter {
    private int total;

    public Counter add(String s) {
        if (s != null) {  // a site for the mutant gate: one test and no mutant is no task
            total += Util.clean(s).length();
        }
        return this;
    }

    public int total() { return total; }
}
''',
    "src/test/java/demo/GreeterTest.java": '''package demo;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;

import org.junit.Test;

public class GreeterTest {
    @Test
    public void greeterNeedsNoSetup() throws Exception {
        // runs Greeter.print (per-test coverage sees it) but passes without it too
        try {
            Greeter.class.getMethod("print", String.class).invoke(new Greeter(), "x");
        } catch (NoSuchMethodException e) {
            assertNotNull(e);
        }
        assertEquals("a", " a ".trim());
        System.out.print("");
    }
}
''',
    "src/test/java/demo/StringsTest.java": '''package demo;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class StringsTest {
    @Test
    public void strings() {
        assertEquals("a", " a ".trim());
        assertEquals("A!", Util.shout("a"));
    }
}
''',
    "src/test/java/demo/CounterTest.java": '''package demo;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class CounterTest {
    @Test
    public void counts() {
        assertEquals(3, new Counter().add(" ab ").add("c").total());
    }

    @Test
    public void countsNothing() {  // a task needs CLASS_MIN_TESTS (2) tests
        assertEquals(0, new Counter().add(null).total());
    }
}
''',
}


@pytest.mark.javac
@pytest.mark.slow
def test_java_class_whose_tests_pass_without_it_is_dropped(tmp_path):
    require_tool("javac")
    root = write_tree(tmp_path / "demo", JAVA)
    records, stats, report = _build(tmp_path, "java", root, "demo")
    assert [(r["class_name"], r["expected_to_pass"]) for r in records] == [("Counter", ["demo.CounterTest#counts",
                                                                                   "demo.CounterTest#countsNothing"])]
    # Greeter: GreeterTest runs it, names it and its methods, and passes with `public class Greeter { }`
    assert report.counts["tasks/tests_pass_without_class"] == 1
    assert any("Greeter" in s for s in report.samples["tasks/tests_pass_without_class"])
    assert report.counts["tests/passes_without_class"] == 1
    # Formatter: StringsTest calls trim() and Util.shout() but never runs Formatter (per-test coverage)
    rejected = report.samples["classes/not_covered_by_tests"]
    assert any("Formatter" in s for s in rejected) and not any("Greeter" in s for s in rejected)
    gate = stats["per_repository"][0]["empty_class_gate"]
    assert gate == {**gate, "tasks_before": 2, "tasks_kept": 1, "runs": 2, "not_compiled": 1, "tests_dropped": 1}


@pytest.mark.slow
def test_threshold_is_applied_again_to_the_tests_the_gate_keeps(tmp_path):
    """Ledger's methods `post` and `taxed` are both covered only together with the smoke test;
    its real test covers `post` alone: 1 covered method with an external reference < 2."""
    files = {
        **SHOP,
        "pkg/ledger.py": '''from pkg.money import round_money, with_tax


class Ledger:
    def __init__(self):
        self.rows = []

    def post(self, value):
        self.rows.append(round_money(value))
        return self

    def taxed(self):
        return [with_tax(v) for v in self.rows]
''',
        "tests/test_ledger.py": '''import contextlib

from pkg.ledger import Ledger


def test_post():
    assert Ledger().post(1.234).rows == [1.23]


def test_ledger_runs():
    with contextlib.suppress(Exception):
        Ledger().post(1.0).taxed()
''',
    }
    root = write_tree(tmp_path / "shop", files)
    records, _, report = _build(tmp_path, "python", root, "shop")
    assert "Ledger" not in {r["class_name"] for r in records}
    assert report.counts["tasks/below_threshold_after_gates"] == 1
    sample = report.samples["tasks/below_threshold_after_gates"][0]
    assert "Ledger" in sample and "below_python_method_threshold" in sample
    assert any("test_ledger_runs" in s for s in report.samples["tests/passes_without_class"])
