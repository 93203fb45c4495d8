"""How the checker wrappers read an exit status, and the parsers' edge cases (issue 21: ignoring
Pylint's usage-error bit went unnoticed).

Pylint's status is a bit field (1 fatal, 2 error, 4 warning, 8 refactor, 16 convention,
32 usage error); mcs exits 0 or 1 when it ran to the end. The mcs cases run real processes (a
shell that exits, is killed or sleeps) through the project's runner in place of mcs, so the
status handling is tested on real exit statuses, without a compiler that can be made to crash.
"""

from __future__ import annotations

import shlex

import pytest

from crossfile_datasets.analyzers.mcs import compile_result, compile_sources, parse_mcs_output, to_diagnostics
from crossfile_datasets.analyzers.pylint import PylintParse, exit_status_problem, parse_pylint_json
from crossfile_datasets.analyzers.run import run
from crossfile_datasets.analyzers.tsc import parse_server_answer, parse_tsc_text

# ---------------------------------------------------------------------------- Pylint --
CLEAN = PylintParse()
ERRORS = PylintParse(types={"error"})
FATAL = PylintParse(types={"fatal"})
BOTH = PylintParse(types={"fatal", "error"})


@pytest.mark.parametrize("status, parsed, problem", [
    (None, CLEAN, "checker_crash"),            # no status at all (killed before it started)
    (-1, CLEAN, "checker_crash"),              # a signal
    (0, CLEAN, None),
    (63, BOTH, "checker_usage_error"),         # the highest status inside the bit field
    (64, BOTH, "checker_crash"),               # outside it
    (32, CLEAN, "checker_usage_error"),
    (32 | 2, ERRORS, "checker_usage_error"),   # the usage bit wins over agreeing message bits
    (32, None, "checker_usage_error"),         # ... and over a report that could not be read
    (0, None, "checker_crash"),
    (2, ERRORS, None),
    (1, FATAL, None),
    (1 | 2, BOTH, None),
    (4 | 8 | 16, CLEAN, None),                 # warning / refactor / convention: not ours to check
    (2, CLEAN, "checker_crash"),               # the status admits errors the report does not have
    (0, ERRORS, "checker_crash"),              # and the other way round
    (1, CLEAN, "checker_crash"),
    (0, FATAL, "checker_crash"),
    (2, BOTH, "checker_crash"),                # fatal message without the fatal bit
    (1, BOTH, "checker_crash"),                # error message without the error bit
])
def test_pylint_exit_status(status, parsed, problem):
    assert exit_status_problem(status, parsed) == problem


def test_pylint_json_after_a_preamble_and_failures():
    text = ('Some banner line\n[{"type": "error", "message-id": "E0602", "path": "a.py", "line": 3, "column": 4, '
            '"message": "Undefined variable \'X\'", "symbol": "undefined-variable", "endLine": 3, "endColumn": 5},'
            '{"type": "error", "message-id": "E0001", "path": "b.py", "line": 1, "column": 0, "message": "x"},'
            '{"type": "fatal", "message-id": "F0002", "path": "c.py", "symbol": "astroid-error"},'
            '{"type": "error", "message-id": "F0010", "path": "d.py", "symbol": "parse-error"},'
            '{"type": "error", "message-id": "E1101", "path": "e.py", "line": null, "column": null}]')
    parsed = parse_pylint_json(text)
    assert parsed.failed == {"b.py": "pylint_syntax_error", "c.py": "pylint_fatal:F0002:astroid-error",
                             "d.py": "pylint_fatal:F0010:parse-error"}
    assert parsed.types == {"error", "fatal"}
    first, second = parsed.diagnostics
    assert (first.file, first.line, first.column, first.code, first.message, first.end_line, first.end_column,
            first.severity, first.symbol) == ("a.py", 3, 4, "E0602", "Undefined variable 'X'", 3, 5, "error",
                                              "undefined-variable")
    assert (second.line, second.column, second.message, second.symbol) == (0, 0, "", "")
    with pytest.raises(ValueError, match="no JSON array"):
        parse_pylint_json('{"type": "error"}')
    with pytest.raises(ValueError, match="empty"):
        parse_pylint_json("  \n")


# ------------------------------------------------------------------------------- mcs --
def through(script: str, **kw):
    """A runner that runs ``sh -c script`` in place of the mcs command line."""
    def runner(argv, **options):
        options.update(kw)
        return run(["sh", "-c", script], **options)
    return runner


def compile_with(script: str, timeout: float = 30, **kw):
    return compile_sources(".", ["A.cs"], {"A.cs": "class A {}\n"}, "/tmp/none.dll", timeout, runner=through(script, **kw))


MCS_ERROR = "A.cs(1,7): error CS0246: The type or namespace name `B' could not be found\nCompilation failed: 1 error(s), 0 warnings"


def test_mcs_exit_statuses():
    ok = compile_with(f"printf '%s\\n' {shlex.quote(MCS_ERROR)}; exit 1")
    assert ok.status == "ok" and [(d.line, d.column, d.code) for d in ok.diagnostics] == [(1, 6, "CS0246")]
    clean = compile_with("echo 'Compilation succeeded - 0 warning(s)'; exit 0")
    assert clean.status == "ok" and clean.diagnostics == ()
    for status in (2, 3, 127):
        bad = compile_with(f"printf '%s\\n' {shlex.quote(MCS_ERROR)}; echo oops >&2; exit {status}")
        assert (bad.status, bad.diagnostics) == ("crash", ()), status
        assert bad.detail == f"mcs exited with {status}: oops"
    killed = compile_with("kill -9 $$")
    assert killed.status == "crash" and killed.detail.startswith("mcs signaled")
    slow = compile_with("sleep 5", timeout=0.3)
    assert slow.status == "timeout" and slow.detail == "mcs timed out after 0s"
    cut = compile_with("yes error | head -c 100000; exit 1", output_cap=1000)
    assert cut.status == "crash"


def test_mcs_not_found():
    def missing(argv, **options):
        return run(["/nonexistent/mcs", *argv[1:]], **options)
    result = compile_sources(".", ["A.cs"], {}, "/tmp/none.dll", 10, runner=missing)
    assert result.status == "not_found" and result.diagnostics == ()


def test_mcs_internal_error_is_a_crash_and_unlocated_errors_are_kept():
    crashed = compile_result("error CS0000: x\nUnhandled Exception:\nSystem.Exception: boom\n  at Mono.CSharp.Driver.Main ()\n",
                             {}, 1.5)
    assert (crashed.status, crashed.compiler_error, crashed.duration) == ("crash", True, 1.5)
    assert crashed.detail == "Unhandled Exception:\nSystem.Exception: boom\n  at Mono.CSharp.Driver.Main ()"
    fine = compile_result("error CS2001: Source file `X.cs' could not be found\nwarning CS8029: w\n" + MCS_ERROR, {}, 0.1)
    assert fine.status == "ok" and fine.compiler_error is False
    assert fine.unlocated == (("error", "CS2001", "Source file `X.cs' could not be found"),)
    assert len(fine.diagnostics) == 1


def test_mcs_messages_warnings_and_related_lines():
    out = parse_mcs_output(
        "A.cs(3,5): warning CS0168: The variable `x' is declared but never used\r\n"
        "B.cs(2,255+): error CS1061: Type `B' does not contain a definition for `M'\n"
        "Lib.cs(9,14): (Location of the symbol related to previous error)\n"
        "/usr/lib/mono/4.5/System.dll (Location of the symbol related to previous error)\n"
        "\n"
        "error CS0006: Metadata file `X.dll' could not be found\n"
        "C.cs(1,1): (Location of the symbol related to previous error)\n"
        "something else\n"
        "Compilation failed: 2 error(s), 1 warnings\n")
    warning, error = out.messages
    assert (warning.severity, warning.code, warning.clamped, warning.related) == ("warning", "CS0168", False, ())
    assert (error.file, error.line, error.clamped) == ("B.cs", 2, True)
    assert error.related == ("Lib.cs(9,14)", "/usr/lib/mono/4.5/System.dll")  # the related line after an unlocated one is dropped
    assert out.unlocated == [("error", "CS0006", "Metadata file `X.dll' could not be found")]
    assert out.summary == "Compilation failed: 2 error(s), 1 warnings"
    assert out.other_lines == ["something else"] and not out.crashed
    diags = to_diagnostics(out.messages, {"B.cs": "x\n\tB b = null; b.M();\n"})
    assert [(d.file, d.code, d.symbol, d.location) for d in diags] == [
        ("B.cs", "CS1061", "column_clamped", "Lib.cs(9,14); /usr/lib/mono/4.5/System.dll")]


# ------------------------------------------------------------------------------- tsc --
def test_tsc_text_edge_cases():
    text = ("src/a.ts(3,10): error TS2304: Cannot find name 'X'.\r\n"
            "  Some chained detail.\n"
            "src\\b.ts(1,1): warning TS6133: 'y' is declared but its value is never read.\n"
            "error TS5023: Unknown compiler option 'foo'.\n"
            "Found 2 errors.\n"
            "  not a continuation after a summary\n")
    a, b, glob = parse_tsc_text(text)
    assert (a.file, a.line, a.column, a.code, a.severity, a.message) == (
        "src/a.ts", 3, 9, "TS2304", "error", "Cannot find name 'X'.\n  Some chained detail.")
    assert (b.file, b.column, b.severity) == ("src/b.ts", 0, "warning")
    assert b.message == "'y' is declared but its value is never read."
    assert (glob.file, glob.line, glob.column, glob.code, glob.message) == ("", 0, 0, "TS5023", "Unknown compiler option 'foo'.")


def test_tsc_server_answers():
    failed = parse_server_answer('{"ok": false}')
    assert (failed.ok, failed.error, failed.diagnostics) == (False, "unknown error", ())
    answer = parse_server_answer('{"ok": true, "diagnostics": [{"line": 2, "column": 3, "code": 2339, "message": "m", '
                                 '"end_line": 2, "end_column": 6, "category": "warning"}, {}]}', file="a.ts")
    first, empty = answer.diagnostics
    assert (first.file, first.line, first.column, first.code, first.message, first.end_line, first.end_column,
            first.severity) == ("a.ts", 2, 3, "2339", "m", 2, 6, "warning")
    assert (empty.line, empty.column, empty.code, empty.message, empty.severity) == (0, 0, "", "", "error")
    assert parse_server_answer('{"ok": true, "diagnostics": null}').diagnostics == ()
    with pytest.raises(ValueError):
        parse_server_answer("[1, 2]")
