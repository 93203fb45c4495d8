"""Java's class extractor and JUnit test-method discovery (lang/java/classes.py) on written files."""
from __future__ import annotations

from crossfile_datasets.core.records import SourceFile
from crossfile_datasets.lang import Lang, get_language
from crossfile_datasets.lang.classes import extractor_for
from crossfile_datasets.lang.java.classes import junit_test_methods

SOURCE = '''package shop.model;

import java.util.ArrayList;
import java.util.List;

/** A cart of items, priced by a {@link Pricing}. */
@Deprecated
@SuppressWarnings("unchecked")
public final class Cart<T extends Item> extends Base implements Iterable<T>, Cloneable {
    // not a doc comment
    private static final int LIMIT = 10, SPARE;
    /** The items. */
    protected final List<T> items = new ArrayList<>();
    private String name;

    /**
     * A named cart.
     * @param name its name
     */
    public Cart(String name) {
        this.name = name;
    }

    @Override
    public java.util.Iterator<T> iterator() { return items.iter\u00e9(); }

    public static <R> R convert(Object o) throws IllegalStateException {
        return (R) o;
    }

    abstract int size();

    static class Line { int qty; void bump() {} }
}

enum Color { RED, GREEN; private int shade = 1; int shade() { return shade; } }

record Point(int x, int y) { Point { assert x >= 0; } }
'''

TESTS = '''package shop.model;

import org.junit.Test;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.params.ParameterizedTest;

public class CartTest {
    private Cart<Item> cart;

    @Test
    public void addsItems() {
        cart = new Cart<>("a");
        assertEquals(0, cart.size());
    }

    @ParameterizedTest
    void converts(int x) { Cart.convert(x); }

    public void helper() { cart.iterator(); }

    @Nested
    class Deeper {
        @org.junit.jupiter.api.Test
        void iterates() { cart.iterator(); }
    }
}
'''

JUNIT3 = '''import junit.framework.TestCase;
public class OldTest extends TestCase {
    public void testSum() { new Summer().sum(); }
    public void helper(int x) { }
    private void testPrivate() { }
}
'''


def _facts(path: str, text: str):
    f = SourceFile(path, text)
    return get_language(Lang.JAVA).analyze_files("/nonexistent", [f])[path]


def test_top_level_classes_with_the_papers_metadata():
    ff = _facts("src/main/java/shop/model/Cart.java", SOURCE)
    classes = extractor_for(Lang.JAVA)(ff)
    assert [(c.name, c.kind) for c in classes] == [("Cart", "class"), ("Color", "enum"), ("Point", "record")]
    cart = classes[0]
    assert SOURCE[cart.start_byte:cart.end_byte] == cart.source
    assert cart.source.startswith("/** A cart of items") and cart.source.endswith("void bump() {} }\n}")
    assert cart.docstring == "/** A cart of items, priced by a {@link Pricing}. */"
    assert cart.decorators == ("@Deprecated", '@SuppressWarnings("unchecked")')
    assert cart.signature == "public final class Cart<T extends Item> extends Base implements Iterable<T>, Cloneable"
    assert cart.bases == ("Base", "Iterable<T>", "Cloneable")
    assert (cart.start_line, cart.end_line) == (6, 34)
    fields = {v.name: v for v in cart.member_variables}
    assert list(fields) == ["LIMIT", "SPARE", "items", "name"]
    assert fields["LIMIT"].initializer == "10" and fields["LIMIT"].is_static and fields["LIMIT"].type == "int"
    assert fields["SPARE"].initializer == "" and fields["SPARE"].declaration == "private static final int LIMIT = 10, SPARE;"
    assert fields["items"].type == "List<T>" and fields["items"].initializer == "new ArrayList<>()"
    assert not fields["items"].is_static
    methods = {m.name: m for m in cart.methods}
    assert list(methods) == ["Cart", "iterator", "convert", "size"]  # the nested Line's bump is not Cart's
    ctor = methods["Cart"]
    assert ctor.is_constructor and ctor.signature == "public Cart(String name)"
    assert ctor.docstring.startswith("/**\n     * A named cart.") and ctor.body == "{\n        this.name = name;\n    }"
    assert (ctor.start_line, ctor.end_line) == (20, 22)
    it = methods["iterator"]
    assert it.decorators == ("@Override",) and it.signature == "public java.util.Iterator<T> iterator()"
    assert it.body == "{ return items.iter\u00e9(); }" and it.start_line == 24
    conv = methods["convert"]
    assert conv.is_static and conv.signature == "public static <R> R convert(Object o) throws IllegalStateException"
    assert methods["size"].is_abstract and methods["size"].body == ""


def test_spans_are_character_offsets_after_non_ascii_text():
    ff = _facts("Cart.java", SOURCE)
    color = extractor_for(Lang.JAVA)(ff)[1]
    assert SOURCE[color.start_byte:color.end_byte] == color.source
    assert color.source.startswith("enum Color")
    assert [v.name for v in color.member_variables] == ["shade"]
    assert [m.name for m in color.methods] == ["shade"]
    point = extractor_for(Lang.JAVA)(ff)[2]
    assert [v.name for v in point.member_variables] == ["x", "y"]
    assert point.methods[0].is_constructor and point.methods[0].body == "{ assert x >= 0; }"


def test_junit_test_methods_have_the_runners_ids():
    methods = junit_test_methods(_facts("src/test/java/shop/model/CartTest.java", TESTS))
    # helper() has no test annotation; the nested class joins with '$' like the launcher's reports
    assert set(methods) == {"shop.model.CartTest#addsItems", "shop.model.CartTest#converts",
                            "shop.model.CartTest$Deeper#iterates"}
    assert methods["shop.model.CartTest#converts"].type == "method_declaration"


def test_junit3_test_methods_are_public_no_argument_test_methods_of_a_testcase():
    assert set(junit_test_methods(_facts("test/OldTest.java", JUNIT3))) == {"OldTest#testSum"}
