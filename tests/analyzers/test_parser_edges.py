"""Edges of the checker parsers that captured outputs do not reach: fields a helper answer may
leave out, lines at the end of the text, columns at the UTF-16 boundaries (U+FFFF is one unit,
U+10000 two), the first and last line of a file, and every field a column conversion must keep.
Found by mutation testing (bench/mutation.py): each test here failed a surviving mutant."""

from __future__ import annotations

import json

import pytest

from crossfile_datasets.analyzers import pylint as pylint_mod
from crossfile_datasets.analyzers import tsc as tsc_mod
from crossfile_datasets.analyzers.mcs import CompileResult, compile_result, compile_sources, mcs_argv, parse_mcs_output, to_diagnostics
from crossfile_datasets.analyzers.javac import (
    HelperAnswer,
    Reference,
    parse_helper_answer,
    parse_javac_output,
    split_message,
    utf16_converter,
    utf16_to_char_column,
)
from crossfile_datasets.analyzers.run import run
from crossfile_datasets.core.records import Diagnostic


# ------------------------------------------------------------------------------- javac --
def answer(**data) -> str:
    return json.dumps(data)


A = "/p/A.java"
TEXT = "class A {\n  int x = B.y;\n}\n"


def test_helper_answer_defaults_and_fields():
    assert parse_helper_answer(answer(ok=True), {}) == HelperAnswer(True)
    full = parse_helper_answer(answer(ok=True, parse_errors=2, scoped=True, millis=5, cpu_millis=3,
                                      references_error="scan failed"), {})
    assert (full.parse_errors, full.scoped, full.millis, full.cpu_millis, full.references_error) == (
        2, True, 5, 3, "scan failed")
    failed = parse_helper_answer(answer(ok=False), {})
    assert failed == HelperAnswer(False) and failed.ok is False
    assert parse_helper_answer(answer(ok=False, error="boom"), {}).error == "boom"
    for garbage in ("[1]", '{"x": 1}', '"ok"'):
        with pytest.raises(ValueError, match="^not a CrossfileJavac answer$"):
            parse_helper_answer(garbage, {})


def test_helper_diagnostic_positions_and_missing_fields():
    diags = [
        {},                                                                   # nothing given
        {"file": A, "line": 7, "position": 0, "code": "c", "kind": "WARNING", "message": "at 0"},
        {"file": A, "line": 7, "position": 3, "message": "first line"},
        {"file": A, "line": 7, "position": TEXT.index("B"), "message": "second line"},
        {"file": A, "line": 9, "position": -1, "message": "no position"},
        {"file": A, "line": 8, "message": "position left out"},
        {"file": "/p/Other.java", "line": 4, "position": 5, "message": "file not checked"},
    ]
    got = parse_helper_answer(answer(ok=True, diagnostics=diags), {A: TEXT}).diagnostics
    assert [(d.file, d.line, d.column, d.code, d.severity, d.message) for d in got] == [
        ("", 0, 0, "", "error", ""),
        (A, 1, 0, "c", "warning", "at 0"),
        (A, 1, 3, "", "error", "first line"),
        (A, 2, 10, "", "error", "second line"),
        (A, 9, 0, "", "error", "no position"),
        (A, 8, 0, "", "error", "position left out"),
        ("/p/Other.java", 4, 0, "", "error", "file not checked"),
    ]
    # the same file twice, with an emoji: positions are UTF-16 units
    text = 'class A { String s = "😀"; int x = B.y; }\n'
    two = [{"file": A, "position": len('class A { String s = "😀"; int x = ') + 1}, {"file": A, "position": 2}]
    got = parse_helper_answer(answer(ok=True, diagnostics=two), {A: text}).diagnostics
    assert [d.column for d in got] == [text.index("B.y"), 2]


def test_helper_messages_keep_leading_space_and_lose_trailing_space():
    message = "  heading  \n    symbol:   class B   \n    location: class A\n\n"
    got = parse_helper_answer(answer(ok=True, diagnostics=[{"file": A, "message": message}]), {A: TEXT}).diagnostics[0]
    assert got.message == "  heading\n    symbol:   class B\n    location: class A"
    assert (got.symbol, got.location) == ("class B", "class A")
    assert split_message("  heading  \n symbol: x") == ("  heading", "x", "")


def test_helper_references():
    text = 'class A { String s = "😀"; int x = B.y; }\n'
    refs = [{"name": "y", "position": text.index("B.y") + 3, "kind": "FIELD", "owner": "p.B", "file": "/p/B.java"},
            {"name": "skipped", "position": -1},
            {"name": "no position either"},
            {"position": 0},
            {"name": "z", "position": 1}]
    got = parse_helper_answer(answer(ok=True, references=refs), {A: text}, target=A)
    assert got.references == [Reference("y", text.index("B.y") + 2, "FIELD", "p.B", "/p/B.java"),
                              Reference("", 0, "", "", ""), Reference("z", 1, "", "", "")]
    # a target javac did not compile: offsets as given
    assert parse_helper_answer(answer(ok=True, references=[{"position": 4}]), {}, target="/p/Gone.java").references == [
        Reference("", 4, "", "", "")]
    assert parse_helper_answer(answer(ok=True), {A: text}, target=A).references == []


def test_javac_text_edges():
    crlf = "A.java:2: error: cannot find symbol\r\n  int x = B.y;\r\n          ^\r\n  symbol:   variable B\r\n1 error\r\n"
    (d,) = parse_javac_output(crlf)
    assert (d.file, d.line, d.column, d.message, d.symbol) == ("A.java", 2, 10, "cannot find symbol\n  symbol:   variable B",
                                                               "variable B")
    # a line that is no diagnostic before one; an error without a file; no caret line
    text = "Note: Some input files use unchecked operations.\nerror: invalid flag: -foo\nA.java:3: error: x\n\tdetail with a tab\nB.java:1: error: last"
    flag, tabbed, last = parse_javac_output(text)
    assert (flag.file, flag.line, flag.column, flag.code, flag.message) == ("", 0, 0, "", "invalid flag: -foo")
    assert (tabbed.file, tabbed.line, tabbed.column, tabbed.message) == ("A.java", 3, 0, "x\n\tdetail with a tab")
    assert (last.file, last.line, last.column) == ("B.java", 1, 0)
    # the caret on the very last line, and a header followed by one last line
    (d,) = parse_javac_output("A.java:1: error: e\nint x = B.y;\n        ^")
    assert d.column == 8
    (d,) = parse_javac_output("A.java:1: error: e\n  symbol: x")
    assert (d.column, d.symbol) == (0, "x")


@pytest.mark.parametrize("line, column, expected", [
    ("é", 3, 3),                 # past the end of a non-ASCII line: counted on
    ("\uffffx", 2, 2),           # U+FFFF is one unit
    ("\U00010000x", 2, 1),       # U+10000 is two
    ("😀x", 1, 1),               # inside the pair: the next character
    ("éx", 0, 0),
    ("éx", -2, 0),
    ("ab", 5, 5),
])
def test_utf16_columns_at_the_boundaries(line, column, expected):
    assert utf16_to_char_column(line, column) == expected


@pytest.mark.parametrize("text, position, expected", [
    ("😀x", 1, 1), ("😀x", 2, 1), ("😀x", 3, 2), ("😀x", 5, 4),
    ("\uffff😀", 2, 2), ("\uffff😀", 1, 1),
    ("\U00010000x", 2, 1), ("\U00010000x", 3, 2),
    ("ab", 7, 7),
])
def test_utf16_converter_at_the_boundaries(text, position, expected):
    assert utf16_converter(text)(position) == expected


# ------------------------------------------------------------------------------ Pylint --
def test_pylint_columns_convert_only_what_they_can():
    text = "é = 1\nx = 'ü'.y\nlast = 'ö'.z"  # three lines, no newline at the end
    other = "ää.b\n"
    d = lambda line, col, end_line=None, end_col=None, file="a.py": Diagnostic(  # noqa: E731
        file, line, col, "E1101", f"msg {line}", end_line, end_col, "error", "no-member", "loc")
    given = [d(1, 0, file="gone.py"), d(1, 4, file="ascii.py"), d(2, 7, 2, 9), d(3, 12, 3, 13), d(0, 12, 0, 12),
             d(4, 7, 4, 7), d(2, 9, None, 6), d(2, 9, 2, None), d(1, 4, file="b.py")]
    got = pylint_mod.to_char_columns(given, {"a.py": text, "ascii.py": "x = y\n", "b.py": other})
    assert got[:2] == given[:2]
    assert [(g.line, g.column, g.end_line, g.end_column) for g in got[2:]] == [
        (2, 6, 2, 8),     # after 'ü' (2 bytes)
        (3, 11, 3, 12),   # the last line
        (0, 12, 0, 12),   # no such line: unchanged
        (4, 7, 4, 7),
        (2, 8, None, 6),  # no end line: the end column stays
        (2, 8, 2, None),
        (1, 2, None, None),  # another file, another index (4 bytes of `ää`)
    ]
    assert all((g.file, g.code, g.message, g.severity, g.symbol, g.location) ==
               (o.file, o.code, o.message, o.severity, o.symbol, o.location) for g, o in zip(got, given))


def test_pylint_message_fields_and_fatal_kinds():
    parsed = pylint_mod.parse_pylint_json(json.dumps([
        {},
        {"type": "fatal", "message-id": "E9999", "path": "f.py"},
        {"message-id": "F0001"},
        {"type": "warning", "message-id": "W0611", "path": "w.py", "message": "a [bracket] inside", "line": 2},
    ]))
    assert parsed.failed == {"f.py": "pylint_fatal:E9999:", "": "pylint_fatal:F0001:"}
    blank, warning = parsed.diagnostics
    assert (blank.file, blank.code, blank.severity, blank.message, blank.symbol) == ("", "", "", "", "")
    assert (warning.severity, warning.message, warning.line) == ("warning", "a [bracket] inside", 2)
    assert parsed.types == {"", "fatal", "warning"}
    with pytest.raises(ValueError, match="^empty output: Pylint printed no report$"):
        pylint_mod.parse_pylint_json("")
    with pytest.raises(ValueError, match="^no JSON array in Pylint output$"):
        pylint_mod.parse_pylint_json("Traceback")


def test_pylint_status_64_is_outside_the_bit_field():
    assert pylint_mod.exit_status_problem(64, pylint_mod.PylintParse()) == "checker_crash"


# --------------------------------------------------------------------------------- tsc --
def test_tsc_columns_convert_only_what_they_can():
    text = "let a = 1;\nlet s = '😀'; B.y;\nlet t = '😀'; C.z"
    d = lambda line, col, end_line=None, end_col=None, file="a.ts": Diagnostic(  # noqa: E731
        file, line, col, "TS2339", f"msg {line}", end_line, end_col, "error", "sym", "loc")
    given = [d(1, 0, file="gone.ts"), d(1, 4, file="ascii.ts"), d(0, 15), d(2, 15, 2, 18), d(3, 15, 3, 17),
             d(1, 4, 1, 5), d(4, 2, 4, 2), d(2, 15, None, 9), d(2, 15, 2, None), d(2, 15, 0, 9), d(1, 2, file="b.ts"),
             d(1, 2, 1, 4, file="b.ts")]
    got = tsc_mod.to_char_columns(given, {"a.ts": text, "ascii.ts": "x\n", "b.ts": "😀😀\n"})
    assert got[:3] == given[:3]
    assert [(g.line, g.column, g.end_line, g.end_column) for g in got[3:]] == [
        (2, 14, 2, 17), (3, 14, 3, 16), (1, 4, 1, 5), (4, 2, 4, 2), (2, 14, None, 9), (2, 14, 2, None),
        (2, 14, 0, 9), (1, 1, None, None), (1, 1, 1, 2)]
    assert all((g.file, g.code, g.message, g.severity, g.symbol, g.location) ==
               (o.file, o.code, o.message, o.severity, o.symbol, o.location) for g, o in zip(got, given))


def test_tsc_server_answer_defaults():
    failed = tsc_mod.parse_server_answer('{"ok": false, "error": "bad", "extra": 1}', file="x.ts")
    assert failed.payload == {"ok": False, "error": "bad", "extra": 1}
    ok = tsc_mod.parse_server_answer('{"ok": true, "diagnostics": [{}]}')
    assert ok.diagnostics[0].file == ""
    with pytest.raises(ValueError, match="^answer is not a JSON object$"):
        tsc_mod.parse_server_answer("3")


def test_tsc_text_line_endings_and_continuations():
    text = "a.ts(1,2): error TS1: X\r\n  chained X\r\nb.ts(3,4): error TS2: Y\n"
    first, second = tsc_mod.parse_tsc_text(text)
    assert first.message == "X\n  chained X" and second.message == "Y"
    # an indented line before any diagnostic continues nothing
    assert tsc_mod.parse_tsc_text("  stray\na.ts(1,1): error TS1: m\n")[0].message == "m"
    assert tsc_mod.parse_tsc_text("Version 5\n  stray") == []
    with_trailing = tsc_mod.parse_tsc_text("a.ts(1,1): error TS1: m  \n")
    assert with_trailing[0].message == "m  "


# --------------------------------------------------------------------------------- mcs --
def test_mcs_line_endings_paths_and_related_lines():
    out = parse_mcs_output(
        "Lib.cs(1,1): (Location of the symbol related to previous error)\n"  # nothing to relate to
        "src\\A.cs(1,1): error CS0103: The name `AX' does not exist  \r\n"
        "/opt/X (Location of the symbol related to previous error)\n"
        "A.cs(2,1): error CS0001: ends with X\r\n")
    msg, last = out.messages
    assert last.message == "ends with X"
    assert (msg.file, msg.message, msg.related) == ("src/A.cs", "The name `AX' does not exist  ", ("/opt/X",))


def test_mcs_columns_on_first_and_last_lines():
    text = "😀 x = B.y;\nint a;\n😀 z = C.w;"
    out = parse_mcs_output("A.cs(1,8): error CS1: m\nA.cs(3,8): error CS2: m\nA.cs(2,1): error CS3: m\n"
                           "A.cs(0,4): error CS4: m\nA.cs(2,1): warning CS5: w\nA.cs(2,3): error CS6: m\n")
    diags = to_diagnostics(out.messages, {"A.cs": text})
    assert [(d.line, d.column, d.code, d.severity, d.symbol) for d in diags] == [
        (1, 6, "CS1", "error", ""), (3, 6, "CS2", "error", ""), (2, 0, "CS3", "error", ""),
        (0, 3, "CS4", "error", ""), (2, 2, "CS6", "error", "")]


def recording(script: str):
    calls = []

    def runner(argv, **options):
        calls.append((list(argv), options.get("cwd")))
        return run(["sh", "-c", script], **options)
    return runner, calls


def test_mcs_runs_in_the_folder_with_its_argv(tmp_path):
    runner, calls = recording("pwd >&2; exit 2")
    result = compile_sources(tmp_path, ["A.cs", "B.cs"], {}, "out.dll", 30, runner=runner, defines=("X",))
    assert calls == [(mcs_argv(["A.cs", "B.cs"], "out.dll", ("X",)), tmp_path)]
    assert result.detail == f"mcs exited with 2: {tmp_path}"
    runner, calls = recording("exit 0")
    compile_sources(tmp_path, ["A.cs"], {}, "o.dll", 30, runner=runner)
    assert calls[0][0] == mcs_argv(["A.cs"], "o.dll", ("DEBUG", "TRACE"))


def test_mcs_results_carry_empty_tuples_durations_and_the_end_of_stderr(tmp_path):
    tail = "a" * 100 + "b" * 300
    for script, status, detail in (
        (f"printf '{tail}' >&2; exit 9", "crash", f"mcs exited with 9: {'b' * 300}"),
        (f"printf '{tail}' >&2; kill -9 $$", "crash", f"mcs signaled: {'b' * 300}"),
        ("sleep 5", "timeout", "mcs timed out after 0s"),
    ):
        runner, _ = recording(script)
        got = compile_sources(tmp_path, ["A.cs"], {}, "o.dll", 0.4 if status == "timeout" else 30, runner=runner)
        assert (got.status, got.diagnostics, got.unlocated, got.detail) == (status, (), (), detail)
        assert isinstance(got.duration, float) and got.duration > 0
    missing = compile_sources(tmp_path, ["A.cs"], {}, "o.dll", 30,
                              runner=lambda argv, **kw: run(["/nonexistent/mcs"], **kw))
    assert (missing.status, missing.diagnostics, missing.unlocated) == ("not_found", (), ())
    assert isinstance(missing.duration, float) and "/nonexistent/mcs" in missing.detail
    # stdout and stderr are read as separate lines
    runner, _ = recording("printf 'A.cs(1,1): error CS1: x'; printf 'A.cs(2,1): error CS2: y' >&2; exit 1")
    both = compile_sources(tmp_path, ["A.cs"], {}, "o.dll", 30, runner=runner)
    assert [(d.file, d.code, d.message) for d in both.diagnostics] == [("A.cs", "CS1", "x"), ("A.cs", "CS2", "y")]
    assert both.duration > 0


def test_mcs_crash_detail_is_the_first_five_lines_cut_at_500():
    lines = [f"line {i} " + "x" * 150 for i in range(7)]
    crashed = compile_result("Unhandled Exception:\n" + "\n".join(lines), {}, 2.0)
    assert crashed.detail == "\n".join(["Unhandled Exception:", *lines[:4]])[:500]
    assert len(crashed.detail) == 500
    assert (crashed.diagnostics, crashed.unlocated) == ((), ())
    assert compile_result("", {}, 3.5) == CompileResult("ok", (), (), 3.5)
    short = compile_result("\n".join(["Unhandled Exception:", *(f"l{i}" for i in range(7))]), {}, 1.0)
    assert short.detail == "Unhandled Exception:\nl0\nl1\nl2\nl3"
