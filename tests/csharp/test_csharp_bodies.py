"""Files that cannot observe the defining file are compiled without their method bodies, and a
blocked shared compilation is retried without the files that blocked it: same uses as the
unoptimised path (every defining file alone, every file with its bodies).

A method body is private to its file: other files compile against declarations only, so a
file outside F's observers (``ProjectIndex.dependents``) contributes the same to the others'
diagnostics with ``{throw null;}`` bodies, and its own errors, the baseline's, were never
counted. Its closure then needs only what its declarations name.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.bench_csharp import generate_csharp_repo
from crossfile_datasets.core.records import SourceFile
from crossfile_datasets.lang.csharp import CSharpSupport
from crossfile_datasets.lang.csharp.syntax import body_ranges, strip_bodies
from crossfile_datasets.lang.csharp.usages import CSharpChecker
from tests.conftest import require_tool, write_tree
from tests.csharp.test_csharp_faults import checked as run_checker
from tests.csharp.test_csharp_usages import MODEL, PROJECT, SHADOW, SHOP

SAMPLES = Path(__file__).resolve().parents[2] / "examples" / "csharp"

CODE = """namespace N
{
    public class A : B
    {
        int x = new[] { 1 }.Length;
        static System.Func<int, int> twice = v => { return v * 2; };
        public A(int y) : base(y) { x = y; }
        public int X { get { return x; } set { x = value; } }
        public int Y => x + 1;
        public int Twice(int v) { int Local() { return v; } return Local() * 2; }
        public System.Collections.Generic.IEnumerable<int> All() { yield return x; }
        public void Guarded()
        {
#if DEBUG
            x++;
#endif
        }
        public abstract class Inner { public abstract void M(); public void N() { M(); } }
        public static A operator +(A a, A b) { return a; }
        ~A() { x = 0; }
    }
}
"""


def test_strip_bodies_keeps_declarations_lines_and_bodies_with_directives():
    tree = CSharpSupport().parse(CODE)
    index = SourceFile("A.cs", CODE).index
    out = strip_bodies(CODE, body_ranges(tree, index))
    assert out.count("\n") == CODE.count("\n")
    for kept in ("int x = new[] { 1 }.Length;", "v => { return v * 2; }", "public A(int y) : base(y) {throw null;}",
                 "get {throw null;} set {throw null;}", "public int Y => x + 1;", "Twice(int v) {throw null;}",
                 "All() {throw null;}", "x++;", "public abstract void M(); public void N() {throw null;}",
                 "operator +(A a, A b) {throw null;}", "~A() {throw null;}"):
        assert kept in out, kept
    assert "Local()" not in out and "yield" not in out


BOX = "namespace S { public class Box { public class Inner { } public int Size; } }\n"
USE_BOX = "namespace S { public class UseBox { public Box.Inner Make() { return null; } public int SizeOf(Box b) { return b.Size; } } }\n"
CAT = "namespace S { public class Cat { public string Name; public int Age; } }\n"
USE_CAT = "namespace S { public class UseCat { public string NameOf(Cat c) { return c.Name + c.Age; } } }\n"
DOG = "namespace S { public class Dog { public string Bark() { return \"w\"; } } }\n"
USE_DOG = "namespace S { public class UseDog { public string BarkOf(Dog d) { return d.Bark(); } } }\n"


def checked(root: Path, **options):
    usages, report = run_checker(root, CSharpChecker(**options))
    counts = {k: v for k, v in report.counts.items() if not k.startswith("checker/mcs_")}
    return usages, counts, report


@pytest.mark.mcs
@pytest.mark.slow
def test_optimised_checker_gives_the_uses_of_the_unoptimised_path(tmp_path):
    require_tool("mcs")
    generate_csharp_repo(tmp_path / "layered", files=48, layers=4, seed=3)
    write_tree(tmp_path / "store", {"Store.csproj": PROJECT, "Model/Product.cs": MODEL, "App/Shop.cs": SHOP,
                                    "Other/Shadow.cs": SHADOW})
    # Box's emptied copy blocks the declarations of UseBox (a removed nested type in a signature):
    # the shared round of Box, Cat and Dog is repeated for Box alone and for Cat and Dog together
    write_tree(tmp_path / "blocked", {"Model/Box.cs": BOX, "Model/Cat.cs": CAT, "Model/Dog.cs": DOG,
                                      "App/UseBox.cs": USE_BOX, "App/UseCat.cs": USE_CAT, "App/UseDog.cs": USE_DOG})
    roots = [tmp_path / "layered", tmp_path / "store", tmp_path / "blocked",
             *sorted(p for p in SAMPLES.iterdir() if p.is_dir())]
    for root in roots:
        plain, plain_counts, plain_report = checked(root, batch_files=1, strip_bodies=False)
        fast, fast_counts, report = checked(root)
        assert fast == plain, root.name
        assert fast_counts == plain_counts, root.name
        assert report.metrics["checker/mcs_compilations"] <= plain_report.metrics["checker/mcs_compilations"]
    usages, _, blocked = checked(tmp_path / "blocked")
    assert {u.member for u in usages} >= {"Inner", "Size", "Name", "Age", "Bark"}
    # rounds 1 and 2 (Box's subset falls back to the whole unit and retries round 1): the shared
    # try stops before the bodies, Box is compiled alone, Cat and Dog share a compilation again
    assert blocked.counts["checker/mcs_batch_alone"] == 2
    assert blocked.metrics["checker/mcs_batched_rounds"] == 4


def test_a_bodiless_copy_is_compiled_in_the_place_of_the_file_it_replaces():
    # mcs 6.8 crashes on some code depending on the order of its sources (Stateless: an async
    # method with `out var` crashed whenever one bodiless copy was sorted ahead of the library)
    from crossfile_datasets.lang.csharp.usages import BODILESS_DIR, SENTINEL_PATH, source_order

    sources = [f"{BODILESS_DIR}b/B.cs", "c/C.cs", SENTINEL_PATH, "a/A.cs", "__crossfile__/variant0.cs"]
    assert sorted(sources, key=source_order) == [
        "__crossfile__/sentinel.cs", "__crossfile__/variant0.cs", "a/A.cs", f"{BODILESS_DIR}b/B.cs", "c/C.cs"]
