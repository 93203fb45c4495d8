"""``lang.base.bounded_parse``: the same trees as a plain tree-sitter parse, and a parse that
reads its text quadratically many times (tree-sitter-python on a block of indented comment
lines; red team 2026-11-27c, row 5) ends with ``ParseTimeout`` at a deterministic budget."""

from __future__ import annotations

import pytest
from tree_sitter import Parser

from crossfile_datasets.core import constants as C
from crossfile_datasets.lang import Lang, get_language
from crossfile_datasets.lang.base import ParseTimeout, bounded_parse, parse_reads

SAMPLES = {
    Lang.PYTHON: "import os\n\nclass A:\n    def f(self, x):\n        # note\n        return os.path.join(x, 'y')\n",
    Lang.JAVA: "package p;\nimport java.util.List;\nclass A { int f(List<String> x) { return x.size(); } }\n",
    Lang.TYPESCRIPT: "import { B } from './b';\nexport class A { f(x: B): number { return x.n; } }\n",
    Lang.CSHARP: "using System;\nnamespace N { class A { int F(string x) { return x.Length; } } }\n",
}


def hostile(lines: int) -> bytes:
    return ("def ledger():\n" + "    #\n" * lines + "    return 0\n").encode()


@pytest.mark.parametrize("lang", list(SAMPLES))
def test_the_same_tree_as_a_plain_parse(lang):
    grammar = get_language(lang).ts_language("")
    for text in (SAMPLES[lang] * 60, SAMPLES[lang][: len(SAMPLES[lang]) // 2], ""):
        data = text.encode()
        assert str(bounded_parse(Parser(grammar), data).root_node) == str(Parser(grammar).parse(data).root_node)
        assert parse_reads(Parser(grammar), data) <= 2 * len(data) + 4096  # real text is read about once


def test_a_quadratic_parse_ends_at_the_budget_and_the_parser_is_reusable(monkeypatch):
    grammar = get_language(Lang.PYTHON).ts_language("")
    parser = Parser(grammar)
    monkeypatch.setattr(C, "PARSE_MIN_READ_BYTES", 0)
    with pytest.raises(ParseTimeout):
        bounded_parse(parser, hostile(3000))  # reads ~1,000x its 18 kB
    # a cancelled parse is reset: the next one parses its own text, not the rest of the last
    assert str(bounded_parse(parser, b"x = 1\n").root_node) == str(Parser(grammar).parse(b"x = 1\n").root_node)
    assert not bounded_parse(parser, hostile(20)).root_node.has_error  # a short block is read a few times only
    # incremental parses (the completion evaluation's GrowingParse) keep working
    old = bounded_parse(parser, b"x = 1\n")
    old.edit(start_byte=5, old_end_byte=5, new_end_byte=6, start_point=(0, 5), old_end_point=(0, 5), new_end_point=(0, 6))
    assert str(bounded_parse(parser, b"x = 12\n", old).root_node) == str(Parser(grammar).parse(b"x = 12\n").root_node)


def test_the_language_parse_marks_a_file_past_the_budget():
    python = get_language(Lang.PYTHON)
    tree, timed_out = python.parse_source(hostile(6000).decode(), "m.py")
    assert timed_out and tree.root_node.end_byte == 0
    tree, timed_out = python.parse_source(SAMPLES[Lang.PYTHON], "m.py")
    assert not timed_out and tree.root_node.end_byte > 0


def test_a_run_of_open_angles_is_ended_by_the_kernel_within_its_cpu_budget():
    """Red team 2026-11-27e row 3: tree-sitter-java spends quadratic time on ``F<`` repeated
    inside ONE parse step (no read, no progress callback): 40 kB about 10 s of CPU. The guard's
    forked child is ended by the kernel past its CPU budget (its time, counted in this process's
    children's times, stays under the budget), the parse ends with ``ParseTimeout``; the same
    size of ``F+`` (guarded too: a run of ``<`` is what is flagged, and large texts) parses."""
    import os

    from crossfile_datasets.lang.base import guard_seconds, needs_guard

    grammar = get_language(Lang.JAVA).ts_language("")
    text = ("class L { Object x = " + "F<" * 12000 + "; }\n").encode()
    assert needs_guard(text) and not needs_guard(SAMPLES[Lang.JAVA].encode() * 100)
    before = os.times()
    with pytest.raises(ParseTimeout):
        bounded_parse(Parser(grammar), text)
    after = os.times()
    child = (after.children_user + after.children_system) - (before.children_user + before.children_system)
    assert child <= guard_seconds(len(text)) + 0.5, child
    plain = text.replace(b"F<", b"F+")
    assert str(bounded_parse(Parser(grammar), plain).root_node) == str(Parser(grammar).parse(plain).root_node)
