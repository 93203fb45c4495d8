"""The Pylint JSON parser on captured real output (tests/python/data/pylint_mixed.json).

Captured with: pylint --disable=all --enable=E1101,E0602,E0001 --output-format=json on a
package with stubbed names, a syntax error, a non-ASCII line and a missing file.
"""

from pathlib import Path

import pytest

from crossfile_datasets.analyzers.pylint import (
    exit_status_problem,
    parse_pylint_json,
    python_source_roots,
    to_char_columns,
)

DATA = Path(__file__).parent / "data"


def test_parses_messages_and_failures():
    parsed = parse_pylint_json((DATA / "pylint_mixed.json").read_text())
    assert parsed.failed == {"pkg/missing.py": "pylint_fatal:F0001:fatal", "pkg/d.py": "pylint_syntax_error"}
    by_key = {(d.file, d.line, d.code): d for d in parsed.diagnostics}
    member = by_key[("pkg/b.py", 6, "E1101")]
    assert (member.column, member.end_column, member.message) == (4, 9, "Instance of 'Foo' has no 'bar' member")
    assert by_key[("pkg/c.py", 3, "E0602")].message == "Undefined variable 'helper'"
    assert len(parsed.diagnostics) == 8


def test_byte_columns_become_character_columns():
    parsed = parse_pylint_json((DATA / "pylint_mixed.json").read_text())
    text = 's = "ä"; Foo = type("Foo", (), {}); x = Foo().bär\ny = Foo.zap; print(undefined_thing)\n'
    converted = {(d.line, d.code): d for d in to_char_columns([d for d in parsed.diagnostics if d.file == "pkg/e.py"], {"pkg/e.py": text})}
    d = converted[(1, "E1101")]
    assert text[d.column:].startswith("Foo().bär")
    assert text[d.end_column - 3 : d.end_column] == "bär"
    assert converted[(2, "E0602")].column == 19  # ASCII line: unchanged


def test_empty_and_garbage_output():
    assert parse_pylint_json("[]\n").diagnostics == []  # what Pylint prints when all is well
    # empty stdout is what a Pylint that died at start-up prints (e.g. a repository's types.py
    # shadowing the standard library's): not "no findings"
    with pytest.raises(ValueError):
        parse_pylint_json("")
    with pytest.raises(ValueError):
        parse_pylint_json("Traceback (most recent call last):\n  astroid crashed")


def test_exit_status_must_agree_with_the_report():
    mixed = parse_pylint_json((DATA / "pylint_mixed.json").read_text())  # fatal + error messages
    clean = parse_pylint_json("[]")
    assert exit_status_problem(0, clean) is None
    assert exit_status_problem(1 | 2, mixed) is None
    assert exit_status_problem(1 | 2 | 4 | 16, mixed) is None  # warning/convention bits: not ours to check
    assert exit_status_problem(32, clean) == "checker_usage_error"
    assert exit_status_problem(1, clean) == "checker_crash"  # Python start-up failure: exit 1, no fatal message
    assert exit_status_problem(0, mixed) == "checker_crash"  # messages the status does not admit
    assert exit_status_problem(2, clean) == "checker_crash"
    assert exit_status_problem(-9, clean) == "checker_crash"
    assert exit_status_problem(120, clean) == "checker_crash"
    assert exit_status_problem(0, None) == "checker_crash"


def test_source_roots():
    paths = ["src/pkg/__init__.py", "src/pkg/a.py", "lib/tool/__init__.py", "lib/tool/x.py", "top.py"]
    assert python_source_roots(paths) == ["", "lib", "src"]
