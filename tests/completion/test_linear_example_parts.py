"""The per-file precomputations of example making give what the per-example scans gave (issue 20)."""

from __future__ import annotations

import random
import re

from crossfile_datasets.builders.completion.examples import LocatedUsages, entity_offset
from crossfile_datasets.core.records import CrossFileUsage, SourceFile
from crossfile_datasets.lang import get_language
from crossfile_datasets.lang.java.stubs import blank_spans

JAVA = """package shop;

import shop.model.Item;
import shop.model.Tax;

public class Cart {
    private final Item item = new Item();

    public double total() {
        double t = item.price() + Tax.rate(item);

        return t * item.count();
    }
}
"""


def _usages(text: str, path: str) -> list[CrossFileUsage]:
    out = []
    for m in re.finditer(r"\b(price|rate|count|Item|Tax)\b", text):
        row = text.count("\n", 0, m.start())
        col = m.start() - (text.rfind("\n", 0, m.start()) + 1)
        member = m.group(1) if m.group(1)[0].islower() else None
        out.append(CrossFileUsage("r", path, row + 1, col, "Item" if member else m.group(1), member, "", "t", "c", "m"))
    # one that is not where it claims to be, and one of another file: never in range
    out.append(CrossFileUsage("r", path, 3, 0, "Nowhere", None, "", "t", "c", "m"))
    out.append(CrossFileUsage("r", "Other.java", 10, 15, "Item", "price", "", "t", "c", "m"))
    return out


def _naive(usages, facts, start, end):
    found = [u for u in usages if u.file == facts.file.path and (off := entity_offset(facts, u)) is not None
             and start <= off and off + len(u.member or u.imported_name) <= end]
    return sorted(found, key=lambda u: (u.line, u.column, u.imported_name, u.member or ""))


def test_located_usages_match_the_per_example_scan_on_every_range():
    java = get_language("java")
    facts = java.analyze_files("/nonexistent", [SourceFile("shop/Cart.java", JAVA)])["shop/Cart.java"]
    usages = _usages(JAVA, "shop/Cart.java")
    located = LocatedUsages(usages, facts)
    rng = random.Random(7)
    ranges = [(a, b) for a in range(0, len(JAVA) + 1, 3) for b in (a, a + 1, a + 5, a + 40, len(JAVA) + 1)]
    ranges += [tuple(sorted(rng.sample(range(len(JAVA) + 2), 2))) for _ in range(300)]
    for start, end in ranges:
        assert located.in_range(start, end) == _naive(usages, facts, start, end), (start, end)
    assert located.in_range(0, len(JAVA)) != []  # the fixture has usages in range at all


def test_prompt_code_lines_from_the_per_file_counts_equal_counting_each_prompt():
    java = get_language("java")
    facts = java.analyze_files("/nonexistent", [SourceFile("shop/Cart.java", JAVA)])["shop/Cart.java"]
    skipped = facts.import_rows | getattr(facts, "package_rows", frozenset())
    for cursor in range(len(JAVA) + 1):
        prompt = JAVA[:cursor]
        slow = sum(1 for row, line in enumerate(prompt.split("\n")) if line.strip() and row not in skipped)
        assert java.prompt_code_lines(facts, prompt) == slow, cursor
    # a prompt that is not the file's own head is counted line by line
    other = "x\ny\nz\nw\nv\nint a;\n\nint b;"
    assert java.prompt_code_lines(facts, other) == sum(
        1 for row, line in enumerate(other.split("\n")) if line.strip() and row not in skipped) == 4


def test_blank_spans_keeps_newlines_and_lengths():
    text = "ab\ncd\n\nef\u00e9g"
    for spans in ([(1, 5), (7, 8)], [(0, len(text))], [(2, 3), (2, 6)], [(4, 4)]):
        out = blank_spans(text, spans)
        assert len(out) == len(text)
        for i, ch in enumerate(text):
            inside = any(s <= i < e for s, e in spans)
            assert out[i] == (ch if not inside or ch == "\n" else " ")
