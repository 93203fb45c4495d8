"""Attacks by a repository's own source files on the host's parser: every split parses every
source file (up to ``MAX_FILE_BYTES``, 1 MB) with tree-sitter on the host, before any sandbox and
with no time limit (``LanguageSupport.parse``: no ``timeout_micros``, no progress callback)."""

from __future__ import annotations

import pytest

from tests.hostile.redteam3.conftest import seconds

LINES = 4000


def _module(line: str) -> str:
    return "def ledger():\n" + line * LINES + "    return 0\n"


def test_a_source_file_of_indented_comments_does_not_stall_the_analysis():
    """Host hang (every split: ``analyze_files`` parses each source file; the completion
    evaluation parses ``prompt + completion`` too, and a published split's prompt is anyone's
    text). One function whose body is ``LINES`` lines of ``    #`` (6 bytes each; the 1 MB file cap
    allows 166,000 of them: about two hours a parse, and a file is parsed more than once).
    Tree-sitter's Python grammar re-examines the pending comments at every line (its external
    scanner tracks indentation across them). A ratio to the same function with ``    x`` lines,
    the same size, through the real ``analyze_files``. Contained: ``lang.base.bounded_parse``
    counts the bytes the lexer reads and ends the parse past ``PARSE_READ_FACTOR`` times the
    file; the file is marked ``parse_timeout`` and counted (``files/parse_timeout``)."""
    from crossfile_datasets.core.records import SourceFile
    from crossfile_datasets.lang import Lang, get_language

    python = get_language(Lang.PYTHON)
    honest = [SourceFile("pkg/ledger.py", _module("    x\n"))]
    hostile = [SourceFile("pkg/ledger.py", _module("    #\n"))]
    facts = python.analyze_files("/nonexistent", honest)
    if [d.name for d in facts["pkg/ledger.py"].definitions][:1] != ["ledger"]:
        pytest.fail(f"the honest module should define ledger: {facts['pkg/ledger.py'].definitions}")
    ordinary = seconds(lambda: python.analyze_files("/nonexistent", honest), repeat=3)
    attacked = seconds(lambda: python.analyze_files("/nonexistent", hostile))
    assert attacked < 5 * max(ordinary, 0.01), f"{attacked:.2f} s against {ordinary:.4f} s for as many statement lines"
    from crossfile_datasets.core.report import BuildReport
    from crossfile_datasets.lang.sources import count_parse_timeouts

    facts = python.analyze_files("/nonexistent", hostile)
    assert facts["pkg/ledger.py"].parse_timeout and facts["pkg/ledger.py"].has_syntax_error
    report = BuildReport()
    count_parse_timeouts(facts, report)
    assert report.counts == {"files/parse_timeout": 1}
