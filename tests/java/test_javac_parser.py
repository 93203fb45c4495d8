"""The pure javac parsers, on output captured from the real javac 17 (tests/java/data/).

``javac_*.txt`` are what ``javac`` printed (default format); ``helper_answer_*.json`` are answer
lines of ``CrossfileJavac`` for the texts saved next to them (``*.java.txt``).
"""

from __future__ import annotations

from pathlib import Path

from crossfile_datasets.analyzers.javac import (
    parse_helper_answer,
    parse_javac_output,
    split_message,
    utf16_converter,
    utf16_to_char_column,
)

DATA = Path(__file__).parent / "data"


def read(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def test_cannot_find_symbol_blocks_with_tabs_emoji_and_other_files():
    diags = parse_javac_output(read("javac_cannot_find_symbol.txt"))
    assert len(diags) == 8  # the trailer says "8 errors"
    first_other = diags[1]
    assert first_other.file == "src/shop/model/Price.java"  # an error in another file than the checked one
    assert (first_other.line, first_other.column) == (9, 11)
    assert first_other.symbol == "class Missing" and first_other.location == "class Price"

    of = diags[2]
    assert of.file == "src/shop/app/Checkout.java" and of.line == 10
    # the caret line copies the two leading tabs: the column is a character index
    assert "\t\tPrice sum = Price.of(0);"[of.column] == "."
    assert of.message == "cannot find symbol\n  symbol:   method of(int)\n  location: class Price"
    assert (of.symbol, of.location) == ("method of(int)", "class Price")

    emoji_line = '\t\tString label = "😀 total: " + sum.cents(); String s2 = label + sum.cents();'
    on_emoji_line = [d for d in diags if d.line == 14]
    # javac counts the emoji as two UTF-16 units; our columns count it as one character
    assert [d.column for d in on_emoji_line] == [emoji_line.index(".cents"), emoji_line.rindex(".cents")]
    assert on_emoji_line[0].location == "variable sum of type Price"

    ctor = diags[6]
    heading, symbol, location = split_message(ctor.message)
    assert heading == "constructor Price in class Price cannot be applied to given types;"
    assert (symbol, location) == ("", "")
    assert ctor.message.splitlines()[1:] == [
        "  required: no arguments",
        "  found:    int,int",
        "  reason: actual and formal argument lists differ in length",
    ]
    assert all(d.severity == "error" and d.code == "" for d in diags)


def test_notes_and_trailer_are_not_diagnostics():
    diags = parse_javac_output(read("javac_notes.txt"))
    assert [(d.file, d.line, d.symbol) for d in diags] == [("src/p/User.java", 7, "variable undefinedName")]


def test_warnings_with_where_clauses_keep_their_details():
    diags = parse_javac_output(read("javac_warnings.txt"))
    assert [d.severity for d in diags] == ["warning", "warning", "warning", "error", "warning", "warning"]
    rawtype = diags[0]
    assert rawtype.message.splitlines() == [
        "[rawtypes] found raw type: List",
        "  missing type arguments for generic class List<E>",
        "  where E is a type-variable:",
        "    E extends Object declared in interface List",
    ]
    assert diags[3].symbol == "variable undefinedName" and diags[3].location == "class User"
    assert diags[4].file == "src/p/Old.java"


def test_parse_error_and_usage_error():
    (syntax,) = parse_javac_output(read("javac_parse_error.txt"))
    assert syntax.message == "';' expected" and (syntax.line, syntax.column) == (5, 17)
    (usage,) = parse_javac_output(read("javac_usage_error.txt"))
    assert (usage.file, usage.line, usage.message) == ("", 0, "file not found: src/p/Nope.java")


def test_helper_answer_positions_become_character_columns():
    text = read("Checkout.java.txt")
    target = "/tmp/cap/src/shop/app/Checkout.java"  # the path the answer was captured with
    answer = parse_helper_answer(read("helper_answer_checkout.json").strip(), {target: text})
    assert answer.ok and answer.parse_errors == 0
    lines = text.split("\n")
    located = [(d.line, lines[d.line - 1][d.column:]) for d in answer.diagnostics]
    assert located[0] == (4, ".Thing;")  # "package ... does not exist" points at the dot before the class
    assert located[1] == (10, ".of(0);")
    # after the emoji (two UTF-16 units) the column still lands on the '.'
    assert [rest[:6] for line, rest in located if line == 14] == [".cents", ".cents"]
    ctor = [d for d in answer.diagnostics if d.code == "compiler.err.cant.apply.symbol"]
    assert lines[ctor[0].line - 1][ctor[0].column:].startswith("new Price(1, 2)")
    # javax.tools prints qualified names (javac's command line prints them relative)
    assert answer.diagnostics[1].location == "class shop.app.Price"


def test_helper_answer_references_become_character_offsets_in_the_target():
    text = read("Use.java.txt")
    target = "/tmp/hjava/cap/src/q/Use.java"  # the path the answer was captured with
    answer = parse_helper_answer(read("helper_answer_references.json").strip(), {target: text}, target)
    assert answer.ok and answer.diagnostics == []
    # after a tab and an emoji (two UTF-16 units), every offset still lands on its name
    assert [(r.name, r.kind, text[r.offset:r.offset + len(r.name)]) for r in answer.references] == [
        ("count", "METHOD", "count"), ("size", "FIELD", "size"), ("size", "FIELD", "size"),
        ("Tools", "CONSTRUCTOR", "Tools")]
    assert {(r.owner, r.file) for r in answer.references} == {("q.Tools", "/tmp/hjava/cap/src/q/Tools.java")}
    # not asked for (or no target text): no references, positions never guessed
    assert parse_helper_answer(read("helper_answer_checkout.json").strip(), {}).references == []


def test_helper_answer_with_an_error_in_another_file():
    text = read("Uses.java.txt")
    target = "/tmp/cap/src/shop/app/Uses.java"
    answer = parse_helper_answer(read("helper_answer_other_file.json").strip(), {target: text})
    other, own = answer.diagnostics
    assert other.file == "/tmp/cap/src/shop/model/Price.java" and other.line == 9
    assert other.column == 0  # no text for that file: line only
    assert own.file == target and own.symbol == "method missing()"
    assert text.split("\n")[own.line - 1][own.column:].startswith(".missing()")
    assert answer.scoped  # only the checked file's classes were attributed


def test_failed_answer_and_garbage():
    failed = parse_helper_answer('{"ok": false, "error": "java.lang.StackOverflowError: null"}', {})
    assert not failed.ok and "StackOverflowError" in failed.error
    try:
        parse_helper_answer('["not", "an", "answer"]', {})
    except ValueError:
        pass
    else:  # pragma: no cover - the assertion below documents the failure
        raise AssertionError("a non-answer must raise ValueError")


def test_utf16_columns():
    assert utf16_to_char_column("abc", 2) == 2
    assert utf16_to_char_column("😀x", 2) == 1  # the emoji is one character, two UTF-16 units
    assert utf16_to_char_column("é😀😀x", 5) == 3


def test_utf16_converter_agrees_with_the_walk_at_every_character_boundary():
    text = "\tpublic int f() { return \"\U0001F600\u00e9\" + g(\"\u4e2d\U0001F600\"); }\n// \U0001F600"
    for plain in ("int x = 1;\n", "int \u00e9 = 1; // \u4e2d"):  # no astral character: offsets agree
        assert [utf16_converter(plain)(p) for p in range(len(plain) + 2)] == list(range(len(plain) + 2))
    convert = utf16_converter(text)
    units = 0
    for i, ch in enumerate(text + " "):  # every boundary, and one past the end
        assert convert(units) == utf16_to_char_column(text, units) == i
        units += 2 if ord(ch) > 0xFFFF else 1
