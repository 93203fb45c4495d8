"""Uses that stubbing cannot reveal, found through javac's own resolution of the unmodified file.

Regression tests for issue 14 (Java): members reached through a field or a return value whose
type the file never names, no-argument constructors, enum constants in ``case`` labels, the
true first use when a stub round masks it, and the declaring file of inherited members. The
fixture repository below was written for these tests.
"""

from __future__ import annotations

import pytest

from crossfile_datasets.analyzers.crossfile import first_uses
from crossfile_datasets.lang.java import RESOLVED_MODE, JavaSupport
from tests.conftest import require_tool
from tests.java.test_java_usages import build

pytestmark = pytest.mark.javac

SRC = "src/main/java/org/kiln"

FILES = {
    f"{SRC}/core/Glaze.java": """package org.kiln.core;

public class Glaze {
    public String tint = "blue";

    public Glaze brighter() {
        return this;
    }

    public int layers() {
        return 2;
    }
}
""",
    f"{SRC}/core/Firing.java": """package org.kiln.core;

public class Firing {
    public final Glaze glaze = new Glaze();

    public Glaze glazeFor(int cone) {
        return glaze;
    }
}
""",
    f"{SRC}/core/Hearth.java": """package org.kiln.core;

public class Hearth {
    protected int heat(int cone) {
        return cone * 100;
    }
}
""",
    f"{SRC}/core/Furnace.java": """package org.kiln.core;

public class Furnace extends Hearth {
    protected Firing firing = new Firing();
    protected static final int MAX_CONE = 10;

    public static Furnace open() {
        return new Furnace();
    }

    public Firing current() {
        return firing;
    }
}
""",
    f"{SRC}/core/Mode.java": """package org.kiln.core;

public enum Mode {
    BISQUE, GLAZE, RAKU
}
""",
    f"{SRC}/core/Kilnware.java": """package org.kiln.core;

public class Kilnware implements Cloneable {
    private final int weight;

    public Kilnware(int weight) {
        this.weight = weight;
    }

    public static Kilnware of(int weight) {
        return new Kilnware(weight);
    }

    public int weight() {
        return weight;
    }

    @Override
    public String toString() {
        return "ware " + weight;
    }

    @Override
    public Kilnware clone() {
        return new Kilnware(weight);
    }

    public enum Finish {
        MATTE, GLOSS
    }
}
""",
    f"{SRC}/core/Label.java": """package org.kiln.core;

import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;

@Retention(RetentionPolicy.RUNTIME)
public @interface Label {
    String value() default "";

    String shelf() default "";
}
""",
    f"{SRC}/core/Options.java": """package org.kiln.core;

public class Options {
    public boolean slow;
}
""",
    # every name the checks below are about is written in this file; its imports name only
    # Furnace, Mode, Kilnware, Label and Options: Firing and Glaze are never named
    f"{SRC}/app/Studio.java": """package org.kiln.app;

import org.kiln.core.Furnace;
import org.kiln.core.Kilnware;
import org.kiln.core.Label;
import org.kiln.core.Mode;
import org.kiln.core.Options;

@Label("studio")
class Studio extends Furnace {
    @Label(shelf = "top")
    String describe(Mode mode) {
        Options options = new Options();
        String tint = Furnace.open().current().glazeFor(3).brighter().tint;
        int layers = firing.glaze.layers() + heat(3) + MAX_CONE;
        switch (mode) {
            case RAKU:
                options.slow = true;
                break;
            default:
                break;
        }
        long first = Kilnware.of(7).weight();
        Kilnware ware = Kilnware.of(2);
        Class<?> type = Kilnware.class;
        // with Kilnware empty: "clone() has protected access in java.lang.Object" and
        // "package Kilnware.Finish does not exist", no "cannot find symbol"
        Object copy = ware.clone();
        Object finish = Kilnware.Finish.GLOSS;
        return tint + layers + first + ware.weight() + ware.toString() + ware.hashCode() + type;
    }
}
""",
}


@pytest.fixture(scope="module")
def studio(tmp_path_factory):
    require_tool("javac")
    facts, usages, report = build(tmp_path_factory.mktemp("kiln"), FILES)
    studio_path = f"{SRC}/app/Studio.java"
    lines = facts[studio_path].file.text.split("\n")
    return [u for u in usages if u.file == studio_path], lines, report


def row_of(lines: list[str], needle: str) -> int:
    return next(i for i, line in enumerate(lines, 1) if needle in line)


def test_members_through_values_whose_type_the_file_never_names(studio):
    usages, lines, _ = studio
    found = {(u.member or u.imported_name, u.line, u.definition_file.rsplit("/", 1)[-1]) for u in usages}
    chain = row_of(lines, "brighter()")
    assert {("open", chain, "Furnace.java"), ("current", chain, "Furnace.java"), ("glazeFor", chain, "Firing.java"),
            ("brighter", chain, "Glaze.java"), ("tint", chain, "Glaze.java")} <= found
    inherited = row_of(lines, "firing.glaze")
    assert {("firing", inherited, "Furnace.java"), ("glaze", inherited, "Firing.java"), ("layers", inherited, "Glaze.java"),
            ("heat", inherited, "Hearth.java"), ("MAX_CONE", inherited, "Furnace.java")} <= found


def test_no_argument_constructor_and_enum_case_label(studio):
    usages, lines, _ = studio
    found = {(u.imported_name, u.member, u.line) for u in usages}
    assert ("Options", None, row_of(lines, "new Options()")) in found
    raku = next(u for u in usages if u.member == "RAKU")
    assert raku.line == row_of(lines, "case RAKU") and raku.definition_file.endswith("core/Mode.java")
    assert raku.definition_symbol == "Mode.RAKU"
    slow = next(u for u in usages if u.member == "slow")
    assert slow.definition_file.endswith("core/Options.java")


def test_first_use_is_not_lost_behind_a_masking_error(studio):
    usages, lines, _ = studio
    # round 1 reports only `of` on this line (the call on its result is not attributed); round 2
    # restores `weight` because round 1 reported it on a later line: the first use was never reported
    weights = sorted(u.line for u in usages if u.member == "weight")
    assert weights[0] == row_of(lines, "Kilnware.of(7).weight()")
    first = [u for u in first_uses(usages) if u.member == "weight"]
    assert [u.line for u in first] == [row_of(lines, "Kilnware.of(7).weight()")]
    # one first-use key for the member whichever way it was found
    assert len({(u.imported_name, u.member) for u in usages if u.member == "weight"}) == 1


def test_uses_behind_other_messages_than_cannot_find_symbol(studio):
    usages, lines, report = studio
    found = {(u.member or u.imported_name, u.line, u.definition_symbol) for u in usages}
    assert ("clone", row_of(lines, "ware.clone()"), "Kilnware.clone") in found
    assert ("GLOSS", row_of(lines, "Finish.GLOSS"), "Kilnware.Finish.GLOSS") in found


def test_inherited_members_are_defined_by_the_declaring_class(studio):
    usages, _, _ = studio
    # Studio extends Furnace extends Hearth: the stub of Furnace reveals `heat`, Hearth declares it
    heat = next(u for u in usages if u.member == "heat")
    assert heat.imported_name == "Furnace" and heat.mode == "empty_class"
    assert heat.definition_file.endswith("core/Hearth.java") and heat.definition_symbol == "Hearth.heat"


def test_only_written_project_members(studio):
    usages, lines, report = studio
    names = {u.member or u.imported_name for u in usages}
    # an override of a JDK method declared in the project is a use; an inherited JDK method is not
    assert "toString" in names and "hashCode" not in names
    assert "class" not in names  # Kilnware.class selects no declaration of the project
    # `@Label("studio")` names no element: javac's implicit `value` is not a written use;
    # `shelf = "top"` is
    assert "value" not in names and "shelf" in names
    assert report.counts.get("usages/reference_not_located", 0) == 0
    # types written as types are uses too (a stubbed class keeps its name: only javac's resolution
    # sees them), defined by the type's file; import statements are not uses
    types = {(u.imported_name, u.line, u.definition_file.rsplit("/", 1)[-1]) for u in usages
             if u.mode == RESOLVED_MODE and u.member is None}
    assert {("Mode", row_of(lines, "describe(Mode mode)"), "Mode.java"),
            ("Kilnware", row_of(lines, "Kilnware ware"), "Kilnware.java")} <= types, types
    assert not {u for u in usages if lines[u.line - 1].startswith("import ")}
    for u in usages:
        entity = u.member or u.imported_name
        assert lines[u.line - 1][u.column : u.column + len(entity)] == entity, u
        assert u.stubbed_import and u.definition_file != u.file


@pytest.mark.slow
def test_more_stub_rounds_find_nothing_the_resolution_misses(tmp_path, studio):
    """Rounds > 1 (restoring reported members to unmask others) are now optional: same uses."""
    usages, _, _ = studio
    _, more, report = build(tmp_path / "rounds", FILES, JavaSupport(max_rounds=3))
    more = [u for u in more if u.file.endswith("app/Studio.java")]
    assert report.metrics["checker/javac_round_2_uses"] >= 1  # the rounds still run and report
    assert {(u.line, u.column, u.member) for u in more} == {(u.line, u.column, u.member) for u in usages}


NESTING = 1500  # nested classes: valid Java that a recursive walk of the tree cannot take


@pytest.mark.slow
def test_deeply_nested_classes_do_not_sink_the_repository(tmp_path):
    """Issue 15, item 3: the declarations of 1500 nested classes are read without recursion."""
    require_tool("javac")
    deep = (f"package org.kiln.app;\n\nimport org.kiln.core.Kilnware;\n\nclass Deep {{\n"
            + "".join(f"static class N{i} {{\n" for i in range(NESTING))
            + "long w = Kilnware.of(1).weight();\n" + "}\n" * NESTING + "}\n")
    files = {k: v for k, v in FILES.items() if "/core/" in k}
    files[f"{SRC}/app/Deep.java"] = deep
    files[f"{SRC}/app/Fine.java"] = "package org.kiln.app;\nclass Fine { int f() { return new org.kiln.core.Options().slow ? 1 : 0; } }\n"
    facts, usages, report = build(tmp_path / "deep", files)
    deep_types = facts[f"{SRC}/app/Deep.java"].types
    assert len(deep_types) == NESTING + 1 and deep_types[-1].qualified.count(".") == NESTING
    found = {(u.file.rsplit("/", 1)[-1], u.member or u.imported_name) for u in usages}
    assert {("Deep.java", "of"), ("Deep.java", "weight"), ("Fine.java", "Options"), ("Fine.java", "slow")} <= found
