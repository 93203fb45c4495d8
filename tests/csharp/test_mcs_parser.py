"""The mcs message parser, on output captured from the real compiler (tests/csharp/data)."""

from __future__ import annotations

from pathlib import Path

from crossfile_datasets.analyzers.mcs import parse_mcs_output, to_diagnostics
from crossfile_datasets.core.text import utf16_col_to_char_col

DATA = Path(__file__).parent / "data"


def captured(case: str) -> tuple[str, dict[str, str]]:
    folder = DATA / case
    texts = {p.name: p.read_text(encoding="utf-8") for p in folder.glob("*.cs")}
    return (folder / "mcs_output.txt").read_text(encoding="utf-8"), texts


def test_member_errors_are_parsed_with_codes_positions_and_related_locations():
    out, texts = captured("members")
    parsed = parse_mcs_output(out)
    assert parsed.summary.startswith("Compilation failed: 12 error(s)")
    assert len(parsed.messages) == 12
    codes = [m.code for m in parsed.messages]
    assert codes.count("CS1061") == 5 and {"CS0117", "CS1729", "CS0411", "CS0428", "CS1501", "CS0103"} <= set(codes)
    price = parsed.messages[0]
    assert (price.file, price.line, price.column, price.code) == ("Uses.cs", 9, 46, "CS1061")
    assert price.message.startswith("Type `Shop.Model.Item' does not contain a definition for `Price'")
    assert price.related == ("Model.cs(3,18)",)
    append = next(m for m in parsed.messages if m.code == "CS1501")
    assert append.related == ("/usr/lib/mono/4.5/System.Core.dll",)
    assert not parsed.crashed and not parsed.unlocated


def test_columns_are_one_based_utf16_with_tabs_counting_one():
    out, texts = captured("members")
    diags = to_diagnostics(parse_mcs_output(out).messages, texts)
    lines = texts["Uses.cs"].split("\n")
    for d in diags:
        name = d.message.split("`")[2].split("'")[0] if d.code in ("CS1061", "CS0117") else None
        if name:
            # the indentation is two tabs: a tab counts as one column
            assert lines[d.line - 1][d.column:].startswith(name), (d.line, d.column, name)
    quantity = next(d for d in diags if d.code == "CS0103")
    assert lines[quantity.line - 1][quantity.column:].startswith("Quantity")


def test_non_ascii_columns_are_converted_from_utf16_units():
    out, texts = captured("columns")
    diags = {d.message.split("`")[-1].rstrip("'"): d for d in to_diagnostics(parse_mcs_output(out).messages, texts)}
    lines = texts["Unicode.cs"].split("\n")
    zed = diags["Zed"]
    # "héllo😀" holds an astral character: 2 UTF-16 units, 1 Python character
    assert lines[zed.line - 1][zed.column:].startswith("Zed")
    zed2 = diags["Zed2"]
    assert lines[zed2.line - 1][zed2.column:].startswith("Zed2")
    assert utf16_col_to_char_col("a😀b", 3) == 2


def test_columns_past_254_are_reported_as_clamped():
    out, texts = captured("columns")
    far = next(m for m in parse_mcs_output(out).messages if "Far" in m.message)
    assert far.clamped and far.column == 255
    diag = next(d for d in to_diagnostics([far], texts))
    assert diag.symbol == "column_clamped"
    assert texts["Long.cs"].index("Far") > 254  # the real column is unknown to mcs


def test_syntax_newer_than_7_2_gives_parse_errors():
    out, _ = captured("too_new")
    codes = [m.code for m in parse_mcs_output(out).messages]
    assert codes == ["CS1525", "CS1514", "CS1525"]


def test_unresolvable_usings_and_missing_types_are_cs0246_at_their_lines():
    out, texts = captured("blocking")
    parsed = parse_mcs_output(out)
    assert [(m.line, m.code) for m in parsed.messages] == [(2, "CS0246"), (3, "CS0246"), (7, "CS0246"), (9, "CS0246")]
    # mcs stopped before bodies: the body error on line 10 is not reported
    assert all(m.line != 10 for m in parsed.messages)


def test_duplicate_definition_and_unlocated_errors():
    out, _ = captured("duplicate")
    dup = parse_mcs_output(out).messages
    assert [m.code for m in dup] == ["CS0101"] and dup[0].related == ("Duplicate.cs(3,18)",)
    out, _ = captured("unlocated")
    parsed = parse_mcs_output(out)
    assert parsed.messages == [] and parsed.unlocated == [("error", "CS2001", "Source file `Absent.cs' could not be found")]


def test_a_compiler_out_of_its_heap_is_a_memory_limit_not_a_crash():
    """Red team 2026-11-28e row 4: mono runs mcs with its heap capped (``MONO_GC_PARAMS``);
    an ``OutOfMemoryException`` past it is its own status (counted ``checker_memory_limit``)."""
    from crossfile_datasets.analyzers.mcs import CompileStatus, compile_result, mono_env
    from crossfile_datasets.core import constants as C

    output = ("Internal compiler error: System.OutOfMemoryException: Insufficient memory to continue the "
              "execution of the program.\n  at (wrapper alloc) System.Object.AllocVector(intptr,intptr)\n")
    res = compile_result(output, {}, 1.0)
    assert res.status is CompileStatus.MEMORY and res.compiler_error and "512 MB" in res.detail
    env = mono_env({"MONO_GC_PARAMS": "nursery-size=8m,max-heap-size=9g", "PATH": "/bin"})
    assert env["MONO_GC_PARAMS"] == f"nursery-size=8m,max-heap-size={C.MCS_HEAP_MB}m" and env["PATH"] == "/bin"
