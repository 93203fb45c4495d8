"""The tsc diagnostics parsers on captured real output (tests/typescript/data/, see capture.py).

Both runners must give the same diagnostics: ``tsc --pretty false`` text and the JSON answers of
``lang/typescript/tsc_server.js`` were captured on the same project (``data/capture``).
"""

from pathlib import Path

import pytest

from crossfile_datasets.analyzers.tsc import parse_server_answer, parse_tsc_text, to_char_columns
from crossfile_datasets.core.text import utf16_col_to_char_col

DATA = Path(__file__).parent / "data"
MAIN = "tests/typescript/data/capture/src/main.ts"


def _text_diags():
    return parse_tsc_text((DATA / "tsc_pretty_false.txt").read_text(encoding="utf-8"))


def _server_answers():
    return (DATA / "server_answers.jsonl").read_text(encoding="utf-8").splitlines()


def test_text_format_positions_codes_and_messages():
    diags = _text_diags()
    assert [(d.line, d.column, d.code) for d in diags] == [
        (4, 36, "TS2339"), (5, 33, "TS2322"), (5, 71, "TS2322"), (6, 30, "TS2304"),
        (7, 22, "TS2552"), (8, 6, "TS2339"), (10, 10, "TS2345"),
    ]
    assert {d.file for d in diags} == {MAIN}
    assert diags[4].message == "Cannot find name 'Request'. Did you mean 'requested'?"
    assert diags[0].severity == "error"


def test_text_format_joins_message_chains():
    chained = _text_diags()[-1]
    assert chained.message.split("\n") == [
        "Argument of type '{ sku: number; }' is not assignable to parameter of type 'Item'.",
        "  Type '{ sku: number; }' is missing the following properties from type 'Item': quantity, tags",
    ]


def test_text_format_error_without_file():
    diags = parse_tsc_text((DATA / "tsc_global_error.txt").read_text(encoding="utf-8"))
    assert len(diags) == 1
    d = diags[0]
    assert (d.file, d.line, d.code) == ("", 0, "TS2688")
    assert d.message.startswith("Cannot find type definition file for 'crossfile-missing-types'.\n  The file is in the program")


def test_text_format_ignores_summary_lines():
    text = "src/a.ts(1,1): error TS2304: Cannot find name 'x'.\n\nFound 1 error in src/a.ts:1\n"
    assert [(d.file, d.code) for d in parse_tsc_text(text)] == [("src/a.ts", "TS2304")]
    assert parse_tsc_text("") == []


def test_server_answers():
    hello, project, check, unknown = (parse_server_answer(line, "src/main.ts") for line in _server_answers())
    assert hello.ok and hello.payload["version"].startswith("5.")
    assert project.ok and project.payload["option_errors"] == []
    assert not unknown.ok and unknown.error == "unknown_project"
    first = check.diagnostics[0]
    assert (first.file, first.line, first.column, first.end_line, first.end_column) == ("src/main.ts", 4, 36, 4, 38)


def test_server_and_text_format_agree():
    check = parse_server_answer(_server_answers()[2], MAIN)
    assert [d.key() for d in check.diagnostics] == [d.key() for d in _text_diags()]


def test_server_answer_garbage_raises():
    with pytest.raises(ValueError):
        parse_server_answer("Error: Cannot find module 'typescript'")
    with pytest.raises(ValueError):
        parse_server_answer("[1, 2]")


def test_utf16_columns_become_character_columns():
    text = (DATA / "capture" / "src" / "main.ts").read_text(encoding="utf-8")
    check = parse_server_answer(_server_answers()[2], "src/main.ts")
    converted = to_char_columns(check.diagnostics, {"src/main.ts": text})
    member = converted[0]  # `store.ad(` after two 📦 (each two UTF-16 units)
    line = text.split("\n")[member.line - 1]
    assert member.column == 34 and line[member.column : member.end_column] == "ad"
    assert converted[3].column == check.diagnostics[3].column  # ASCII line: unchanged
    assert utf16_col_to_char_col("a😀b", 3) == 2
    assert utf16_col_to_char_col("abc", 2) == 2
