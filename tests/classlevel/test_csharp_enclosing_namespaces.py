"""C# names declared in an enclosing namespace resolve as the compiler resolves them (held-out 20,
issue 29: ByteDev.Encoding's `source.Length.IsMultipleOf(8)` in namespace
`ByteDev.Encoding.Base32` calls `IntExtensions.IsMultipleOf` of namespace `ByteDev.Encoding`,
visible with no `using`; the resolver answered None and Base32StringExtensions was
`no_external_reference`, silently). What still stays unresolved is counted
(`references/unresolved_repository_name`)."""
from __future__ import annotations

from crossfile_datasets.analyzers.graph import ScopeResolver, build_graph
from crossfile_datasets.builders.classlevel.candidates import external_references
from crossfile_datasets.core.records import SourceFile
from crossfile_datasets.lang import Lang, get_language
from crossfile_datasets.lang.classes import extractor_for
from crossfile_datasets.lang.csharp.extensions import FrameworkMembers

FILES = {
    "src/IntExtensions.cs": (
        "namespace Coder\n{\n    internal static class IntExtensions\n    {\n"
        "        public static bool IsMultipleOf(this int source, int value) { return source % value == 0; }\n"
        "    }\n    public interface IEncoder { string Encode(string s); }\n"
        "    public class Padding { public const char Pad = '='; }\n}\n"),
    "src/Base32/Base32Encoder.cs": (
        "using System;\n\nnamespace Coder.Base32\n{\n"
        "    public class Base32Encoder : IEncoder\n    {\n"
        "        public string Encode(string s) { return s.Length.IsMultipleOf(8) ? s : s + Padding.Pad; }\n"
        "    }\n}\n"),
    "src/Base32/Tables.cs": "namespace Coder.Base32\n{\n    public static class Tables { public const int Width = 5; }\n}\n",
    "src/Factory.cs": (
        "namespace Coder\n{\n    public class Factory\n    {\n"
        "        public int Width() { return Base32.Tables.Width; }\n    }\n}\n"),
    # a `using` of another namespace with a same-named type: the enclosing namespace's wins
    "src/Shadow/Padding.cs": "namespace Shadow\n{\n    public class Padding { public const char Pad = '-'; }\n}\n",
    "src/Deep/Inner/Use.cs": (
        "using Shadow;\n\nnamespace Coder.Deep.Inner\n{\n"
        "    public class Use\n    {\n        public char P() { return Padding.Pad; }\n    }\n}\n"),
    # a namespace that sees neither: the names stay unresolved, and are counted
    "src/Other/Lone.cs": (
        "namespace Elsewhere\n{\n    public class Lone\n    {\n"
        "        public bool Even(int n) { IEncoder e = null; return n.IsMultipleOf(2) && e == null; }\n"
        "    }\n}\n"),
}


def _setup():
    facts = get_language(Lang.CSHARP).analyze_files("/nonexistent", [SourceFile(p, t) for p, t in FILES.items()])
    graph = build_graph("r", "csharp", facts, [])
    from crossfile_datasets.lang.csharp import extensions

    # the framework probe (mcs) answers that `int` has no member IsMultipleOf (CS1061)
    extensions._FRAMEWORK[graph] = FrameworkMembers(
        lambda text, first_row: {i: {"CS1061"} for i, line in
                                 enumerate(l for l in text.splitlines() if "static void P" in l)})
    return facts, graph, ScopeResolver(facts, graph)


def _refs(path):
    facts, graph, resolver = _setup()
    [info] = extractor_for(Lang.CSHARP)(facts[path])
    unresolved: set[str] = set()
    refs = external_references(info, facts[path], graph, resolver, unresolved)
    return {r.symbol for r in refs}, unresolved


def test_a_type_of_an_enclosing_namespace_resolves():
    _, _, resolver = _setup()
    assert resolver.resolve("src/Base32/Base32Encoder.cs", "IntExtensions") == "sym:src/IntExtensions.cs#IntExtensions"
    assert resolver.resolve("src/Base32/Base32Encoder.cs", "IEncoder") == "sym:src/IntExtensions.cs#IEncoder"


def test_extension_calls_and_bases_of_the_enclosing_namespace_are_external_references():
    refs, unresolved = _refs("src/Base32/Base32Encoder.cs")
    assert refs == {"IEncoder", "IntExtensions.IsMultipleOf", "Padding.Pad"}
    assert unresolved == set()


def test_a_name_qualified_from_an_enclosing_namespace_resolves():
    refs, _ = _refs("src/Factory.cs")
    assert refs == {"Tables.Width"}


def test_the_enclosing_namespace_comes_before_the_usings():
    """C#: `Coder.Padding` (an enclosing namespace's) shadows `Shadow.Padding` (a using's)."""
    _, _, resolver = _setup()
    assert resolver.resolve("src/Deep/Inner/Use.cs", "Padding") == "sym:src/IntExtensions.cs#Padding"


def test_what_stays_unresolved_is_counted():
    refs, unresolved = _refs("src/Other/Lone.cs")
    assert refs == set()
    assert unresolved == {"IEncoder", ".IsMultipleOf()"}


def test_java_packages_do_not_see_their_parents():
    """Java has no enclosing packages: `a.b.C` does not see `a.D` without an import."""
    files = {"a/D.java": "package a;\npublic class D { public static int f() { return 1; } }\n",
             "a/b/C.java": "package a.b;\npublic class C { int g() { return D.f(); } }\n"}
    facts = get_language(Lang.JAVA).analyze_files("/nonexistent", [SourceFile(p, t) for p, t in files.items()])
    graph = build_graph("r", "java", facts, [])
    assert ScopeResolver(facts, graph).resolve("a/b/C.java", "D") is None
