"""Java parsing and project knowledge (tree-sitter only, no javac): imports, definitions,
source roots, statement ends, prompt line counting."""

from __future__ import annotations

from crossfile_datasets.lang import Lang, get_language
from crossfile_datasets.core.records import SourceFile
from crossfile_datasets.lang.java.project import JavaProject, source_root

JAVA = get_language(Lang.JAVA)

MONEY = """package com.acme.model;

import java.util.Objects;

public final class Money implements Comparable<Money>, java.io.Serializable {
    public static final Money ZERO = new Money(0);
    private final long cents, extra;

    public Money(long cents) { this.cents = cents; this.extra = 0; }

    public static Money of(long cents) { return new Money(cents); }

    public <T extends Number> Money plus(Money other, T unused) { return new Money(cents + other.cents); }

    public int compareTo(Money o) { return Long.compare(cents, o.cents); }

    public static class Parser { public Money parse(String s) { return of(Long.parseLong(s)); } }

    enum Rounding { UP, DOWN; int factor() { return 1; } }
}

class MoneyFormat { static String format(Money m) { return m.toString(); } }
"""

SHAPE = """package com.acme.model;

public interface Shape extends Comparable<Shape> {
    double area();
    int SIDES = 0;
}
"""

POINT = """package com.acme.geo;

public record Point<N extends Number>(N x, N y) implements Cloneable {
    public Point<N> self() { return this; }
}
"""

APP = """package com.acme.app;

import static com.acme.model.Money.of;
import static com.acme.model.Money.*;
import com.acme.model.*;
import com.acme.model.Money.Parser;
import com.acme.geo.Point;
import java.util.List;

public class App<K> {
    List<Point<Integer>> points;
    Money total = of(3);
    Shape shape;
    Parser parser;

    void run() {
        String s = "a;{}";  // a comment with ; { }
        Money m = Money.of(1).plus(ZERO, 2);
        if (m.compareTo(ZERO) > 0) {
            System.out.println(s);
        }
    }
}
"""


def analyze(files: dict[str, str]):
    sources = [SourceFile(path, text) for path, text in sorted(files.items())]
    return JAVA.analyze_files("/nonexistent", sources)


def test_imports_resolve_to_project_files_by_package_and_root():
    facts = analyze({
        "src/main/java/com/acme/model/Money.java": MONEY,
        "src/main/java/com/acme/model/Shape.java": SHAPE,
        "geo/src/com/acme/geo/Point.java": POINT,
        "src/test/java/com/acme/app/App.java": APP,
    })
    app = facts["src/test/java/com/acme/app/App.java"]
    assert app.package == "com.acme.app"
    by_local = {(b.local_name, b.kind): b for b in app.imports}
    money_file = "src/main/java/com/acme/model/Money.java"
    # static single import: the member inside the class
    assert by_local[("of", "symbol")].target_file == money_file
    assert by_local[("of", "symbol")].target_symbol == "Money.of"
    # static on-demand and package on-demand imports
    wildcards = [b for b in app.imports if b.kind == "wildcard"]
    assert [(b.module, b.target_file) for b in wildcards] == [("com.acme.model.Money", money_file), ("com.acme.model", None)]
    # the package on-demand import also binds the project classes the file mentions
    assert by_local[("Shape", "symbol")].target_file == "src/main/java/com/acme/model/Shape.java"
    assert by_local[("Money", "symbol")].imported_name == "com.acme.model.Money"
    assert ("MoneyFormat", "symbol") not in by_local  # not mentioned in App
    # nested class import
    assert (by_local[("Parser", "symbol")].target_file, by_local[("Parser", "symbol")].target_symbol) == (money_file, "Money.Parser")
    # another root (plain layout inside a module folder)
    assert by_local[("Point", "symbol")].target_file == "geo/src/com/acme/geo/Point.java"
    assert by_local[("List", "symbol")].target_file is None  # JDK
    # import and package lines are not prompt code
    assert app.import_rows == frozenset(range(2, 8))
    assert app.package_rows == frozenset({0})


def test_definitions_with_signatures_bases_and_nesting():
    facts = analyze({"src/com/acme/model/Money.java": MONEY, "src/com/acme/geo/Point.java": POINT})
    defs = {d.qualified_name: d for d in facts["src/com/acme/model/Money.java"].definitions}
    assert defs["Money"].kind == "class" and defs["Money"].bases == ("Comparable", "java.io.Serializable")
    assert defs["Money"].namespace == "com.acme.model"
    assert defs["Money.ZERO"].kind == "constant"
    assert {defs["Money.cents"].kind, defs["Money.extra"].kind} == {"field"}
    assert defs["Money.plus"].signature == "public <T extends Number> Money plus(Money other, T unused)"
    assert defs["Money.Money"].kind == "method"  # the constructor
    assert defs["Money.Parser.parse"].kind == "method"
    assert defs["Money.Rounding"].kind == "enum" and defs["Money.Rounding.UP"].kind == "constant"
    assert defs["MoneyFormat"].kind == "class"  # non-public top-level class
    point = {d.qualified_name: d for d in facts["src/com/acme/geo/Point.java"].definitions}
    assert point["Point"].kind == "record" and point["Point.x"].kind == "field"
    types = {t.qualified: t for t in facts["src/com/acme/geo/Point.java"].types}
    assert types["Point"].type_params == ("N",) and types["Point"].members == {"x", "y", "self"}


def test_source_roots_of_common_layouts():
    assert source_root("src/main/java/a/b/C.java", "a.b") == "src/main/java"
    assert source_root("module/src/test/java/a/C.java", "a") == "module/src/test/java"
    assert source_root("a/b/C.java", "a.b") == ""
    assert source_root("scripts/Tool.java", "") == "scripts"
    assert source_root("src/x/C.java", "a.b") is None  # path does not match the package
    facts = analyze({
        "core/src/main/java/com/acme/model/Money.java": MONEY,
        "core/src/test/java/com/acme/model/Shape.java": SHAPE,
        "com/acme/geo/Point.java": POINT,
        "misplaced/Money.java": MONEY,
    })
    project = JavaProject(facts)
    assert project.roots == ["", "core/src/main/java", "core/src/test/java"]
    assert project.mismatched == ["misplaced/Money.java"]
    # the same class in two files is ambiguous: never resolved
    assert project.type("com.acme.model.Money") is None
    assert project.duplicate_files == {"core/src/main/java/com/acme/model/Money.java", "misplaced/Money.java"}


def test_statement_end_skips_strings_and_comments():
    facts = analyze({"src/com/acme/app/App.java": APP})
    ff = facts["src/com/acme/app/App.java"]
    text = ff.file.text
    use = text.index("of(1).plus")
    assert text[use : JAVA.statement_end(ff, use)] == "of(1).plus(ZERO, 2);"
    cond = text.index("compareTo(ZERO)")
    assert text[cond : JAVA.statement_end(ff, cond)] == "compareTo(ZERO) > 0) {"
    string_line = text.index('"a;{}"')
    assert text[string_line : JAVA.statement_end(ff, string_line)] == '"a;{}";'


def test_prompt_code_lines_ignore_package_and_imports():
    facts = analyze({"src/com/acme/app/App.java": APP})
    ff = facts["src/com/acme/app/App.java"]
    prompt = ff.file.text[: ff.file.text.index("    Shape shape;")]
    # the package line and 6 imports are not code; the class header and two fields are
    assert JAVA.prompt_code_lines(ff, prompt) == 3
