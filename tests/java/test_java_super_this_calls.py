"""`super.m(...)` / `this.m(...)` of a method inherited from a project class in another file
(ThreeTen/threeten-extra @ 56445ea, issue 28: `AccountingDate.java:423` `super.with(...)`,
`BritishCutoverDate.java:498` `this.plusMonths(...)`). javac 17 writes `symbol:` and no
`location:` line for them (captured in tests/java/data/javac_super_this_no_location.txt, javac
17.0.15 on a two-file fixture whose base class is empty), so they were counted
`usages/unparsed_symbol_or_location` (70 on threeten-extra)."""
from __future__ import annotations

from pathlib import Path

import pytest

from crossfile_datasets.analyzers.javac import parse_javac_output, split_message
from tests.conftest import require_tool
from tests.java.test_java_usages import build

DATA = Path(__file__).parent / "data"


def test_captured_javac_output_has_no_location_line():
    diags = parse_javac_output((DATA / "javac_super_this_no_location.txt").read_text(encoding="utf-8"))
    assert [(d.line, d.column, split_message(d.message)[1:]) for d in diags] == [
        (4, 21, ("method with(int)", "")),
        (5, 19, ("method plusMonths(int)", "")),
        (5, 40, ("method until(int,String)", "")),
    ]


FILES = {
    "src/p/AbstractDate.java": """package p;

public abstract class AbstractDate {
    public int with(int field) { return field; }
    public int plusMonths(int months) { return months; }
    public int until(int end, String unit) { return end; }
    public int length = 3;
}
""",
    "src/p/CopticDate.java": """package p;

public final class CopticDate extends AbstractDate {
    private final int day = 1;

    public int with(int field) {
        int a = super.with(field);
        return this.plusMonths(a) + this.until(2, "x") + super.length;
    }

    public Runnable later() {
        return new Runnable() {
            public void run() { this.hashCode(); }
        };
    }
}
""",
}


@pytest.mark.slow
def test_super_and_this_calls_are_attributed_to_the_base_in_another_file(tmp_path: Path):
    require_tool("javac")
    _, usages, report = build(tmp_path, FILES)
    got = {(u.line, u.column, u.member, u.definition_file) for u in usages if u.file == "src/p/CopticDate.java"}
    base = "src/p/AbstractDate.java"
    assert {(7, 22, "with", base), (8, 20, "plusMonths", base), (8, 41, "until", base),
            (8, 63, "length", base)} <= got
    assert "usages/unparsed_symbol_or_location" not in report.counts
