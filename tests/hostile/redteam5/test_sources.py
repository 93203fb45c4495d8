"""Attacks by a repository's own source files on the host's parser, in the languages red team 3
(row 5: Python's indented comments) did not try: every split parses every source file (up to
``MAX_FILE_BYTES``, 1 MB) with tree-sitter on the host, before any sandbox and with no time limit."""

from __future__ import annotations

import gc
import time

import pytest

from crossfile_datasets.core.records import SourceFile
from crossfile_datasets.lang import Lang, get_language

UNITS = 6000  # 12 kB of `F<`


def _cpu(work) -> float:
    """CPU time of ``work()``, the collector off; only ever used in ratios."""
    gc.disable()
    try:
        started = time.process_time()
        work()
        return time.process_time() - started
    finally:
        gc.enable()


FILES = {
    Lang.JAVA: ("src/main/java/demo/Ledger.java",
                lambda unit: "package demo;\n\nclass Ledger {\n    Object x = " + unit * UNITS + ";\n}\n"),
    Lang.CSHARP: ("Demo/Ledger.cs",
                  lambda unit: "namespace Demo\n{\n    class Ledger\n    {\n        object x = " + unit * UNITS + ";\n    }\n}\n"),
}


@pytest.mark.parametrize("lang", [Lang.JAVA, Lang.CSHARP], ids=lambda lang: lang.value)
def test_a_source_file_of_open_generic_brackets_does_not_stall_the_analysis(lang: Lang):
    """Host hang (every split's ``analyze_files`` of a Java or C# repository; the completion
    evaluation parses ``prompt + prediction`` too: a prediction of ``F<`` repeated, or a published
    prompt, costs the same). Both grammars keep every way to read ``F < F < ...`` (a comparison
    chain or nested type arguments) open until the end, re-examined at each ``<``: 8,000 units
    (16 kB) 1.5 s (Java) and 2.2 s (C#), 16,000 units 5.3 s and 9.6 s; the 1 MB cap is 500,000
    units. (TypeScript: ``x = a < b, a < b, ...;`` as a statement, 112 kB 19 s.) A ratio, in CPU
    time, to the same file with ``F+`` (the same size, linear), through the real ``analyze_files``.
    Contained: all of that time is one parse step, where tree-sitter calls no callback; a run
    of ``<`` is parsed first in a forked child the kernel ends past a CPU budget
    (``lang.base.bounded_parse``), and the file is dropped and counted (``files/parse_timeout``)."""
    support = get_language(lang)
    path, make = FILES[lang]
    honest = [SourceFile(path, make("F+"))]
    hostile = [SourceFile(path, make("F<"))]
    facts = support.analyze_files("/nonexistent", honest)
    if path not in facts or not any(d.name == "Ledger" for d in facts[path].definitions):
        pytest.fail(f"the honest file should define Ledger: {facts.get(path)}")
    ordinary = min(_cpu(lambda: support.analyze_files("/nonexistent", honest)) for _ in range(3))
    attacked = _cpu(lambda: support.analyze_files("/nonexistent", hostile))
    assert attacked < 5 * max(ordinary, 0.01), f"{attacked:.2f} s against {ordinary:.4f} s for a file of the same size"
    assert hostile_facts_dropped(support, path, hostile)


def hostile_facts_dropped(support, path, files) -> bool:
    """The file past the budget is marked (``parse_timeout``: dropped and counted downstream)."""
    facts = support.analyze_files("/nonexistent", files)
    return path not in facts or facts[path].parse_timeout
