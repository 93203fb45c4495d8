"""Strings from inputs shown on a terminal as text (red team 9 rows 2 and 3): controls made
visible, rich markup never parsed, in every command's error and summary lines."""

from __future__ import annotations

import io

from rich.console import Console

from crossfile_datasets.core.terminal import error_line, plain, visible

HOSTILE = "t/2\x1b[1A\x1b[2K\x1b]52;c;cHduZWQ=\x1b\\\x9b2J\u202e[/red][link=http://x]"


def test_controls_are_escaped_and_markup_is_text():
    shown = visible(HOSTILE)
    assert "\x1b" not in shown and "\x9b" not in shown and "\u202e" not in shown
    assert "\\x1b[1A" in shown and "\\x9b" in shown and "\\u202e" in shown and "[/red]" in shown
    assert visible("a\tb\nc", lines=True) == "a\tb\nc" and visible("a\tb\nc") == "a\\x09b\\x0ac"


def _rendered(renderable) -> str:
    out = io.StringIO()
    Console(file=out, force_terminal=True, width=200).print(renderable, highlight=False)
    return out.getvalue()


def test_rich_prints_them_as_text():
    for renderable in (plain(HOSTILE), error_line(f"task ids not in the split: {HOSTILE}")):
        text = _rendered(renderable)
        assert "[/red]" in text and "]8;" not in text  # no hyperlink, no MarkupError
        assert "\x1b]52" not in text and "\x1b[1A" not in text and "\x1b[2K" not in text


def test_the_build_summary_prints_a_failure_text_as_text(capsys):
    """A failed repository's text (a git server's ``remote:`` line, a repository's name) in the
    build summary: it ended the summary with ``MarkupError`` (red team 9, left aside there)."""
    from crossfile_datasets.builders.cli import _print_summary

    _print_summary({"python": {"repositories": 1, "examples": 0, "dropped_examples": {},
                               "failed_repositories": [{"repository": "evil[/bold]",
                                                        "reason": "clone_failed",
                                                        "error": "remote: [/x]\x1b[2K\x1b]52;c;eA==\x07"}]}})
    out = capsys.readouterr().out
    assert "evil[/bold]" in out and "remote: [/x]\\x1b[2K" in out and "\x1b]52" not in out


def test_the_generation_command_error_is_text():
    import pytest
    import typer

    from crossfile_datasets.evaluation import generate

    buffer = io.StringIO()
    console, generate.console = generate.console, Console(file=buffer, force_terminal=True, width=200)
    try:
        with pytest.raises(typer.Exit):
            generate._fail("endpoint said [/red]\x1b[2K")
    finally:
        generate.console = console
    assert "[/red]\\x1b[2K" in buffer.getvalue()
