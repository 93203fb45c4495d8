"""The example rules: where a cursor may go, where the reference ends, the seeded choice, and
every drop reason of ``make_example`` (issue 21: comments as cursor positions, the zero-width
delimiter check, a seed that ignores the usage and ``usages_in_range`` ignoring where the entity
ends all went unnoticed). Real grammars, hand-written files whose every position is known."""

from __future__ import annotations

from dataclasses import replace

import random
from pathlib import Path

import pytest

from crossfile_datasets.builders.completion.examples import (
    CompletionExample,
    entity_offset,
    make_example,
    usage_record,
    usage_seed,
    usages_in_range,
)
from crossfile_datasets.core.records import CrossFileUsage, Repository, SourceFile
from crossfile_datasets.lang import get_language
from crossfile_datasets.lang.base import end_after_first_delimiter

REPO = Repository(name="shop", root=Path("/nonexistent"), url="https://github.com/o/shop", commit="c0ffee",
                  license="MIT")


def facts_of(lang: str, path: str, text: str):
    language = get_language(lang)
    return language, language.analyze_files("/nonexistent", [SourceFile(path, text)])[path]


def usage_at(facts, entity: str, nth: int = 0, member: bool = True, **kw) -> CrossFileUsage:
    """A usage of ``entity`` at its ``nth`` occurrence in the file (as a member, or as the name)."""
    text = facts.file.text
    offset = -1
    for _ in range(nth + 1):
        offset = text.index(entity, offset + 1)
    row, col = facts.file.index.row_col(offset)
    fields = dict(repository="shop", file=facts.file.path, line=row + 1, column=col,
                  imported_name="Lib" if member else entity, member=entity if member else None,
                  stubbed_import="Lib", tool="t", code="E", message="m")
    fields.update(kw)
    return CrossFileUsage(**fields)


def texts_at(text: str, offsets) -> list[str]:
    return [text[o:o + 5] for o in offsets]


# ------------------------------------------------------------------------- cursor positions --
JAVA_MISSING_SEMICOLON = "class A { void f() { int a = 1 int b = Lib.bar(); } }\n"


def test_zero_width_tokens_are_not_cursor_positions_nor_delimiters():
    # tree-sitter inserts a zero-width `;` after `1`: it is no token, so it neither is a cursor
    # position nor cuts the candidates before it
    language, facts = facts_of("java", "A.java", JAVA_MISSING_SEMICOLON)
    offset = JAVA_MISSING_SEMICOLON.index("Lib")
    got = language.cursor_candidates(facts, offset)
    assert texts_at(JAVA_MISSING_SEMICOLON, got) == ["int a", "a = 1", "= 1 i", "1 int", "int b", "b = L", "= Lib", "Lib.b"]


def test_stop_tokens_cut_the_candidates_before_them():
    text = "class A { void f() { g(); Lib.bar(); } }\n"
    language, facts = facts_of("java", "A.java", text)
    assert texts_at(text, language.cursor_candidates(facts, text.index("Lib"))) == ["Lib.b"]
    text = "class A { void f() { g(); x = Lib.bar(); } }\n"
    language, facts = facts_of("java", "A.java", text)
    assert texts_at(text, language.cursor_candidates(facts, text.index("Lib"))) == ["x = L", "= Lib", "Lib.b"]
    # the stop token at the entity itself does not cut (a `{` entity of its own is no use, but
    # candidates stop cutting at the entity)
    text = "let a = 1; let b = Lib.bar\n"
    language, facts = facts_of("typescript", "a.ts", text)
    assert texts_at(text, language.cursor_candidates(facts, text.index("Lib"))) == ["let b", "b = L", "= Lib", "Lib.b"]


@pytest.mark.parametrize("lang, path, text", [
    ("java", "A.java", "class A { void f() { /* note */ Lib.bar(); } }\n"),
    ("typescript", "a.ts", "/* note */ Lib.bar()\n"),
    ("csharp", "A.cs", "class A { void F() { /* note */ Lib.Bar(); } }\n"),
])
def test_comments_are_never_cursor_positions(lang, path, text):
    language, facts = facts_of(lang, path, text)
    got = language.cursor_candidates(facts, text.index("Lib"))
    assert texts_at(text, got) == ["Lib.b" if lang != "csharp" else "Lib.B"]


def test_entity_in_a_comment_has_no_cursor_and_no_example():
    text = "x = 1\n# see Lib.bar for details\n"
    language, facts = facts_of("python", "a.py", text)
    assert language.cursor_candidates(facts, text.index("Lib")) == []
    assert make_example(language, facts, usage_at(facts, "bar"), REPO, 0) == (None, "no_cursor_token")


def test_positions_inside_string_literals_are_skipped():
    text = 'class A { void f() { s = "a b" + Lib.bar(); } }\n'
    language, facts = facts_of("java", "A.java", text)
    got = language.cursor_candidates(facts, text.index("Lib"))
    assert texts_at(text, got) == ['s = "', '= "a ', '"a b"', "+ Lib", "Lib.b"]  # the opening quote, not `a b`
    text = 'x = f"a {y} b" + Lib.bar\n'
    language, facts = facts_of("python", "a.py", text)
    got = language.cursor_candidates(facts, text.index("Lib"))
    assert texts_at(text, got) == ["x = f", '= f"a', 'f"a {', "+ Lib", "Lib.b"]  # not `{y}` inside it


@pytest.mark.parametrize("text", ["a = 1\nb = Lib.bar", "a = 1\nb = Lib.bar\n", "b = Lib.bar\nc = 2"])
def test_candidates_on_the_last_and_first_lines(text):
    language, facts = facts_of("python", "a.py", text)
    assert texts_at(text, language.cursor_candidates(facts, text.index("Lib"))) == ["b = L", "= Lib", "Lib.b"]


def test_candidates_are_on_the_entity_line_and_not_after_it():
    text = "a = 1\nb = c + Lib.bar + d\ne = 2\n"
    language, facts = facts_of("python", "a.py", text)
    offset = text.index("Lib")
    assert texts_at(text, language.cursor_candidates(facts, offset)) == ["b = c", "= c +", "c + L", "+ Lib", "Lib.b"]
    # a multi-line token that starts on an earlier line is no candidate of this line
    text = 'x = """doc\nmore""" + Lib.bar\n'
    language, facts = facts_of("python", "a.py", text)
    assert texts_at(text, language.cursor_candidates(facts, text.index("Lib"))) == ["+ Lib", "Lib.b"]


# ------------------------------------------------------------------------------ statement end --
def test_statement_end_skips_zero_width_delimiters():
    text = "class A { void f() { int b = Lib.bar()\n int c = 2; } }\n"
    language, facts = facts_of("java", "A.java", text)
    offset = text.index("Lib")
    assert text[offset:end_after_first_delimiter(facts, offset)] == "Lib.bar()\n int c = 2;"
    assert language.statement_end(facts, offset) == end_after_first_delimiter(facts, offset)


def test_statement_end_skips_a_zero_width_delimiter_right_after_the_entity():
    text = "class A { void f() { int b = Lib.bar() int c = 2; } }\n"  # tree-sitter adds a `;` of width 0
    _, facts = facts_of("java", "A.java", text)
    offset = text.index("Lib")
    assert text[offset:end_after_first_delimiter(facts, offset)] == "Lib.bar() int c = 2;"


@pytest.mark.parametrize("text, reference", [
    ("class A { void f() { run(Lib -> { x(); }); } }\n", "Lib -> {"),  # the entity's own next sibling
    ("class A { void f() { if (Lib.ok()) { g(); } } }\n", "Lib.ok()) {"),
    ("class A { void f() { Lib.bar(); g(); } }\n", "Lib.bar();"),
    ("class A { int x = Lib.bar() }", "Lib.bar() }"),
])
def test_statement_end_is_the_first_real_delimiter(text, reference):
    _, facts = facts_of("java", "A.java", text)
    offset = text.index("Lib")
    assert text[offset:end_after_first_delimiter(facts, offset)] == reference


def test_statement_end_without_delimiter_is_the_end_of_the_line():
    text = "class A {\n  int x = Lib.bar\n"  # cut file: no delimiter after the entity
    _, facts = facts_of("java", "A.java", text)
    offset = text.index("Lib")
    assert text[offset:end_after_first_delimiter(facts, offset)] == "Lib.bar"


def test_python_statement_ends():
    text = "if Lib.ok(a,\n        b): pass\nx = [Lib.bar(1),\n     2]\n"
    language, facts = facts_of("python", "a.py", text)
    first, second = text.index("Lib"), text.index("Lib", 5)
    assert text[first:language.statement_end(facts, first)] == "Lib.ok(a,\n        b):"
    assert text[second:language.statement_end(facts, second)] == "Lib.bar(1),\n     2]"


# --------------------------------------------------------------------------- the example --
PY = "".join(f"v{i} = {i}\n" for i in range(3)) + "total = Lib.price(item) + Lib.tax(item)\nrest = 1\n"


def test_make_example_splits_the_file_at_cursor_and_statement_end():
    language, facts = facts_of("python", "shop/cart.py", PY)
    usage = usage_at(facts, "tax")
    ex, reason = make_example(language, facts, usage, REPO, seed=7)
    assert reason == ""
    candidates = language.cursor_candidates(facts, PY.index("tax"))
    assert ex.cursor == random.Random(usage_seed(7, usage, REPO.canonical_id)).choice(candidates)
    assert ex.prompt == PY[:ex.cursor] and ex.prompt + ex.groundtruth + ex.right_context == PY
    assert ex.end == PY.index("\nrest") and ex.groundtruth.endswith("Lib.tax(item)")
    assert (ex.groundtruth_start_lineno, ex.right_context_start_lineno) == (3, 3)
    assert (ex.file, ex.repository, ex.language, ex.repository_url, ex.commit, ex.license, ex.usage) == (
        "shop/cart.py", "shop", "python", REPO.url, "c0ffee", "MIT", usage)
    assert ex.is_test_file is False
    _, test_facts = facts_of("python", "tests/test_cart.py", PY)
    assert make_example(language, test_facts, usage_at(test_facts, "tax"), REPO, 7)[0].is_test_file is True


def test_right_context_line_of_a_multi_line_reference():
    text = "a = 1\nx = [Lib.bar(1),\n     2]\ny = 3\n"
    language, facts = facts_of("python", "a.py", text)
    ex, _ = make_example(language, facts, usage_at(facts, "bar"), REPO, 0)
    assert (ex.groundtruth_start_lineno, ex.right_context_start_lineno) == (1, 2)
    assert ex.right_context == "\ny = 3\n"


def test_cursor_is_reproducible_and_depends_on_the_usage():
    # many usages on lines with the same number of candidates: a seed that ignored the usage
    # would put every cursor at the same candidate index
    text = "".join(f"r{i} = a + b + Lib.m{i}\n" for i in range(40))
    language, facts = facts_of("python", "a.py", text)
    picks = []
    for i in range(40):
        usage = usage_at(facts, f"m{i}\n")
        usage = CrossFileUsage(**{**usage.__dict__, "member": f"m{i}"})
        ex, _ = make_example(language, facts, usage, REPO, seed=1)
        again, _ = make_example(language, facts, usage, REPO, seed=1)
        assert (ex.cursor, ex.groundtruth) == (again.cursor, again.groundtruth)
        line_start = facts.file.index.line_starts[i]
        candidates = language.cursor_candidates(facts, text.index(f"Lib.m{i}\n") + 4)
        assert len(candidates) == 9
        picks.append(candidates.index(ex.cursor))
        assert ex.cursor >= line_start
    assert len(set(picks)) >= 4
    # another build seed moves some cursors
    other = [make_example(language, facts, CrossFileUsage(**{**usage_at(facts, f"m{i}\n").__dict__, "member": f"m{i}"}),
                          REPO, seed=2)[0].cursor for i in range(40)]
    firsts = [make_example(language, facts, CrossFileUsage(**{**usage_at(facts, f"m{i}\n").__dict__, "member": f"m{i}"}),
                           REPO, seed=1)[0].cursor for i in range(40)]
    assert other != firsts


def test_usage_seed_depends_on_every_part_of_the_usage():
    _, facts = facts_of("python", "a.py", PY)
    usage = usage_at(facts, "tax")
    base = usage_seed(3, usage, "o/shop")
    assert base == usage_seed(3, usage, "o/shop")
    assert 0 <= base < 2**64
    changed = [usage_seed(4, usage, "o/shop"), usage_seed(3, usage, "o/other")]
    for field, value in (("file", "b.py"), ("line", 9), ("column", 1), ("imported_name", "Other"), ("member", "vat")):
        changed.append(usage_seed(3, CrossFileUsage(**{**usage.__dict__, field: value}), "o/shop"))
    assert base not in changed and len(set(changed)) == len(changed)
    # what is not the usage's identity does not move the cursor
    for field, value in (("message", "other text"), ("code", "E2"), ("tool", "x"), ("round", 2), ("mode", "remove")):
        assert usage_seed(3, CrossFileUsage(**{**usage.__dict__, field: value}), "o/shop") == base


# ------------------------------------------------------------------------------ drop reasons --
def test_entity_not_located():
    language, facts = facts_of("python", "a.py", PY)
    good = usage_at(facts, "tax")
    assert entity_offset(facts, good) == PY.index("tax")
    for field, value in (("line", 0), ("line", PY.count("\n") + 2), ("column", good.column + 1), ("member", "vat")):
        bad = CrossFileUsage(**{**good.__dict__, field: value})
        assert entity_offset(facts, bad) is None, (field, value)
        assert make_example(language, facts, bad, REPO, 0) == (None, "entity_not_located")
    # the last line (row num_lines - 1) is still a line
    text = "x = 1\ny = Lib.tax"
    _, facts = facts_of("python", "a.py", text)
    assert entity_offset(facts, usage_at(facts, "tax")) == text.index("tax")


def test_entity_is_the_member_or_else_the_name():
    language, facts = facts_of("python", "a.py", PY)
    name_use = usage_at(facts, "Lib", nth=1, member=False)
    assert entity_offset(facts, name_use) == PY.index("Lib", PY.index("Lib") + 1)
    ex, _ = make_example(language, facts, name_use, REPO, 0)
    assert ex.cursor <= PY.index("Lib.tax")


def test_statement_ends_before_entity():
    # a usage whose entity runs past its statement (here a name spanning `a; b`) cannot be cut
    text = "x = 1\ny = a; b()\n"
    language, facts = facts_of("python", "a.py", text)
    usage = usage_at(facts, "a; b", member=False)
    assert entity_offset(facts, usage) == text.index("a; b")
    assert make_example(language, facts, usage, REPO, 0) == (None, "statement_ends_before_entity")
    # an entity ending exactly at its statement's end is kept
    text = "x = 1\ny = a.b\n"
    language, facts = facts_of("python", "a.py", text)
    ex, reason = make_example(language, facts, usage_at(facts, "a.b", member=False), REPO, 0)
    assert reason == "" and ex.groundtruth.endswith("a.b") and ex.end == len(text) - 1


# ----------------------------------------------------------------------------- usages in range --
def test_usages_in_range_respects_where_the_entity_ends():
    _, facts = facts_of("python", "a.py", PY)
    price, tax = usage_at(facts, "price"), usage_at(facts, "tax")
    start, end = PY.index("price"), PY.index("tax") + len("tax")
    assert usages_in_range([tax, price], facts, start, end) == [price, tax]  # position order
    assert usages_in_range([tax, price], facts, start, end - 1) == [price]  # `ta` of tax only
    assert usages_in_range([tax, price], facts, start + 1, end) == [tax]
    assert usages_in_range([tax, price], facts, start, start + len("price")) == [price]
    assert usages_in_range([tax, price], facts, start, start + len("price") - 1) == []
    elsewhere = CrossFileUsage(**{**tax.__dict__, "file": "b.py"})
    lost = CrossFileUsage(**{**tax.__dict__, "column": tax.column + 1})
    assert usages_in_range([elsewhere, lost], facts, 0, len(PY)) == []
    assert usages_in_range([elsewhere, lost, tax, price], facts, 0, len(PY)) == [price, tax]


def test_usages_in_range_sorts_by_line_column_and_names():
    text = "x = Lib.a + Lib.a\n"
    _, facts = facts_of("python", "a.py", text)
    second = usage_at(facts, "a", nth=1)
    first = usage_at(facts, "a", nth=0)
    as_name = CrossFileUsage(**{**first.__dict__, "imported_name": "Aaa"})
    assert usages_in_range([second, first, as_name], facts, 0, len(text)) == [as_name, first, second]
    member_less = usage_at(facts, "Lib", nth=0, member=False)
    same_place = CrossFileUsage(**{**member_less.__dict__, "member": "Lib"})  # the same entity
    assert usages_in_range([same_place, member_less], facts, 0, len(text)) == [member_less, same_place]


# ------------------------------------------------------------------------------- the record --
def test_record_fields():
    language, facts = facts_of("python", "shop/cart.py", PY)
    usage = usage_at(facts, "tax")
    ex, _ = make_example(language, facts, usage, REPO, 0)
    ex.task_id, ex.num_prompt_tokens, ex.num_groundtruth_tokens = "shop/0", 11, 5
    ex.crossfile_usages = [usage_record(usage, {"start_line": 1, "end_line": 2}, "lib.py::tax")]
    ex.model_filter = {"model": "m", "completion": "c"}
    record = ex.to_record()
    assert record == {
        "prompt": ex.prompt, "groundtruth": ex.groundtruth, "right_context": ex.right_context,
        "crossfile_context": {"text": "", "list": [], "ranked": []},
        "metadata": {"task_id": "shop/0", "repository": "shop", "file": "shop/cart.py", "context_start_lineno": 0,
                     "groundtruth_start_lineno": 3, "right_context_start_lineno": 3,
                     "model_filter": {"model": "m", "completion": "c"}},
        "language": "python", "repository_url": REPO.url, "commit": "c0ffee", "license": "MIT",
        "snapshot": f"sha256:{REPO.snapshot_sha256}" if REPO.snapshot_sha256 else "",
        "crossfile_usages": [{"imported_name": "Lib", "member": "tax", "line": 4, "column": usage.column,
                              "definition_file": None, "definition_span": {"start_line": 1, "end_line": 2},
                              "definition_node": "lib.py::tax", "tool": "t", "code": "E", "message": "m"}],
        "num_prompt_tokens": 11, "num_groundtruth_tokens": 5, "is_test_file": False,
    }
    assert record["metadata"]["model_filter"] is not ex.model_filter  # a copy
    named, _ = make_example(language, facts, usage, replace(REPO, snapshot_sha256="ab12"), 0)
    assert named.to_record()["snapshot"] == "sha256:ab12"  # the --snapshots rows it was built from
    fresh = CompletionExample(prompt="", groundtruth="", right_context="", file="", repository="", language="",
                              repository_url="", commit="", license="", groundtruth_start_lineno=0,
                              right_context_start_lineno=0, usage=None)
    assert (fresh.model_filter, fresh.crossfile_context, fresh.crossfile_usages) == (
        {"model": "", "completion": ""}, {"text": "", "list": [], "ranked": []}, [])
    assert usage_record(usage) == {**record["crossfile_usages"][0], "definition_span": None, "definition_node": None}
