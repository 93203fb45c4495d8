"""C#'s class extractor and NUnit test-method discovery (lang/csharp/classes.py) on written files."""
from __future__ import annotations

from crossfile_datasets.core.records import SourceFile
from crossfile_datasets.lang import Lang, get_language
from crossfile_datasets.lang.classes import extractor_for
from crossfile_datasets.lang.csharp.classes import nunit_test_methods, removable_at

SOURCE = '''using System;
using System.Collections.Generic;

namespace Shop.Model
{
    /// <summary>A cart of items.</summary>
    /// <remarks>Priced by <see cref="Pricing"/>.</remarks>
    [Serializable, Obsolete("old")]
    [DebuggerDisplay("{Name}")]
    public sealed partial class Cart<T> : CartBase, IEnumerable<T> where T : Item
    {
        // not a doc comment
        private static readonly int Limit = 10, Spare;
        private readonly List<T> items = new List<T>();
        public string Name { get; set; } = "caf\u00e9";
        public int Count => items.Count;
        public event EventHandler Changed;

        /// <summary>A named cart.</summary>
        public Cart(string name) : base(name)
        {
            Name = name;
        }

        [Pure]
        public static decimal Total(IEnumerable<T> xs) { return 0m; }

        public int Twice(int x) => x * 2;

        public abstract void Clear();

        public T this[int i] { get { return items[i]; } }

        public static Cart<T> operator +(Cart<T> a, T b) { return a; }

        private class Line { int qty; void Bump() { } }
    }

    struct Point { public int X; }

    namespace Inner
    {
        interface IThing { void Do(); }
    }
}
'''

TESTS = '''using NUnit.Framework;
namespace Shop.Tests;

[TestFixture]
public class CartTests
{
    private Cart<Item> cart;

    [SetUp] public void Init() { cart = new Cart<Item>("a"); }

    [Test]
    public void Twices() { Assert.AreEqual(4, cart.Twice(2)); }

    [TestCase(1), TestCase(2)]
    public void Totals(int n) { Cart<Item>.Total(null); }

    [NUnit.Framework.TestAttribute]
    public void Counts() { Assert.That(cart.Count, Is.EqualTo(0)); }

    public void Helper() { cart.Clear(); }

    public class Nested { [Test] public void Names() { var c = new Cart<Item>("b"); Assert.IsNotNull(c.Name); } }
}
'''


def _facts(path: str, text: str):
    f = SourceFile(path, text)
    return get_language(Lang.CSHARP).analyze_files("/nonexistent", [f])[path]


def test_top_level_types_in_namespaces():
    classes = extractor_for(Lang.CSHARP)(_facts("Shop/Cart.cs", SOURCE))
    assert [(c.name, c.kind) for c in classes] == [("Cart", "class"), ("Point", "struct"), ("IThing", "interface")]
    for c in classes:
        assert SOURCE[c.start_byte:c.end_byte] == c.source  # character offsets, after non-ASCII text too


def test_cart_metadata():
    cart = extractor_for(Lang.CSHARP)(_facts("Shop/Cart.cs", SOURCE))[0]
    assert cart.source.startswith("/// <summary>A cart of items.</summary>") and cart.source.endswith("void Bump() { } }\n    }")
    assert cart.docstring == "/// <summary>A cart of items.</summary>\n    /// <remarks>Priced by <see cref=\"Pricing\"/>.</remarks>"
    assert cart.decorators == ('[Serializable, Obsolete("old")]', '[DebuggerDisplay("{Name}")]')
    assert cart.signature == "public sealed partial class Cart<T> : CartBase, IEnumerable<T> where T : Item"
    assert cart.bases == ("CartBase", "IEnumerable<T>")
    assert (cart.start_line, cart.end_line) == (6, 37)
    fields = {v.name: v for v in cart.member_variables}
    assert list(fields) == ["Limit", "Spare", "items", "Name", "Changed"]
    assert fields["Limit"].initializer == "10" and fields["Limit"].is_static and fields["Limit"].type == "int"
    assert fields["Spare"].initializer == "" and fields["Spare"].declaration == "private static readonly int Limit = 10, Spare;"
    assert fields["items"].type == "List<T>" and fields["items"].initializer == "new List<T>()"
    assert fields["Name"].initializer == '"caf\u00e9"' and fields["Name"].type == "string"  # auto-property
    assert fields["Changed"].type == "EventHandler"
    methods = {m.name: m for m in cart.methods}
    assert list(methods) == ["Count", "Cart", "Total", "Twice", "Clear", "this", "operator +"]
    assert methods["Count"].body == "=> items.Count" and methods["Count"].signature == "public int Count"
    ctor = methods["Cart"]
    assert ctor.is_constructor and ctor.signature == "public Cart(string name) : base(name)"
    assert ctor.docstring == "/// <summary>A named cart.</summary>"
    assert ctor.body == "{\n            Name = name;\n        }" and (ctor.start_line, ctor.end_line) == (20, 23)
    total = methods["Total"]
    assert total.decorators == ("[Pure]",) and total.is_static and total.start_line == 25
    assert total.signature == "public static decimal Total(IEnumerable<T> xs)"
    assert methods["Twice"].body == "=> x * 2"
    assert methods["Clear"].is_abstract and methods["Clear"].body == ""
    assert methods["this"].body == "{ get { return items[i]; } }"
    assert "Bump" not in methods  # the nested class's


def test_nunit_test_methods_have_the_runners_ids():
    methods = nunit_test_methods(_facts("Shop.Tests/CartTests.cs", TESTS))
    # [SetUp] and Helper are not tests; [NUnit.Framework.TestAttribute] is; nested fixtures join with '+'
    assert set(methods) == {"Shop.Tests.CartTests.Twices", "Shop.Tests.CartTests.Totals",
                            "Shop.Tests.CartTests.Counts", "Shop.Tests.CartTests+Nested.Names"}


def test_removable_declarations_for_compile_errors():
    ff = _facts("Shop.Tests/CartTests.cs", TESTS)
    lines = TESTS.split("\n")

    def at(text: str, column_of: str | None = None):
        line = next(i for i, l in enumerate(lines, 1) if text in l)
        column = lines[line - 1].index(column_of) if column_of else 0
        return removable_at(ff, line, column)

    twices = at("cart.Twice(2)", "cart.Twice")  # a test method: only it goes
    assert (twices.kind, twices.name, twices.tests) == ("member", "Shop.Tests.CartTests.Twices", ("Shop.Tests.CartTests.Twices",))
    assert TESTS[twices.start:twices.end].startswith("[Test]") and TESTS[twices.start:twices.end].endswith("}")
    helper = at("public void Helper()", "cart.Clear")  # a helper method: it goes, no test with it
    assert (helper.kind, helper.name, helper.tests) == ("member", "Shop.Tests.CartTests.Helper", ())
    # set-up and fields change how the other tests run: their whole class goes
    for text in ("cart = new Cart<Item>", "private Cart<Item> cart"):
        whole = at(text)
        assert (whole.kind, whole.name) == ("type", "Shop.Tests.CartTests") and len(whole.tests) == 4
    nested = at("var c = new Cart<Item>", "var c")
    assert (nested.kind, nested.name) == ("member", "Shop.Tests.CartTests+Nested.Names")
    assert at("using NUnit.Framework;") is None  # outside every type: the file goes
    assert removable_at(ff, 999) is None
