"""A C# type whose declaration the parser cannot hold is counted, not lost in silence (held-out 21,
NStack: tree-sitter-c-sharp cannot parse ``*(long*)a`` -- a dereference of a parenthesized
expression -- in ``ustring``'s unsafe ``EqualsHelper``; the whole declaration fell apart, the
extractor found only the three classes nested in it, and ``ustring`` was in no count). With fewer
such lines only the namespace falls apart around a class declaration that loses its members after
the error: named all the same."""
from __future__ import annotations

from crossfile_datasets.core.records import SourceFile
from crossfile_datasets.lang import Lang, get_language
from crossfile_datasets.lang.classes import extractor_for, unparsed_types

TEXT = """using System;

namespace Demo
{
    public abstract class ustring : IComparable<ustring>, IEquatable<ustring>
    {
        class IntPtrUString : ustring
        {
            public override int Length() { return 0; }
        }

        public abstract int Length();

        unsafe static bool EqualsHelper(byte* a, byte* b, int length)
        {
            while (length >= 8) {
                if (*(long*)a != *(long*)b) return false;
                a += 8; b += 8; length -= 8;
            }
            return true;
        }

        public int CompareTo(ustring other) { return 0; }
        public bool Equals(ustring other) { return true; }
    }
}
"""


LOOSE = TEXT.replace("                if (*(long*)a != *(long*)b) return false;", "\n".join(
    f"                if (*(int*)(a + {i}) != *(int*)(b + {i})) return false;" for i in range(6)))


def _facts(text: str):
    return get_language(Lang.CSHARP).analyze_files("/nonexistent", [SourceFile("Lib/ustring.cs", text)])["Lib/ustring.cs"]


def test_a_type_declared_in_a_namespace_the_parser_could_not_close_is_named():
    # one dereference: the class declaration stands (its members after the error are lost), the
    # namespace around it is an ERROR the extractor does not enter
    ff = _facts(TEXT)
    assert ff.has_syntax_error and [c.name for c in extractor_for(Lang.CSHARP)(ff)] == []
    assert unparsed_types(Lang.CSHARP, ff) == [("ustring", "class", 5)]


def test_a_type_header_the_parser_left_loose_is_named_and_its_nested_types_are_not_classes():
    # six of them (ustring.cs's EqualsHelper has 15): the header itself is left loose
    ff = _facts(LOOSE)
    assert unparsed_types(Lang.CSHARP, ff) == [("ustring", "class", 5)]
    # IntPtrUString, nested in it, is not read as a top-level class
    assert [c.name for c in extractor_for(Lang.CSHARP)(ff)] == []


def test_a_file_that_parses_names_nothing():
    # control: the same type without the dereference parses; nothing is counted
    ff = _facts(TEXT.replace("*(long*)a != *(long*)b", "a[0] != b[0]"))
    assert not ff.has_syntax_error
    assert [c.name for c in extractor_for(Lang.CSHARP)(ff)] == ["ustring"]
    assert unparsed_types(Lang.CSHARP, ff) == []
