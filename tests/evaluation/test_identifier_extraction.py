"""Identifier extraction on unfinished code (issue 16): the last identifier of an unfinished C#
argument list and TypeScript destructuring shorthands count, as they do in Java."""

from __future__ import annotations

import pytest

from tests.evaluation.identifiers import identifiers_of


@pytest.mark.parametrize("lang", ["csharp", "java"])
def test_unfinished_argument_list_keeps_its_last_identifier(lang):
    context = "class Runner {\n    void Run() {\n        var report = model"
    assert identifiers_of(lang, ".Evaluate(smoothed", context) == ["Evaluate", "smoothed"]
    assert identifiers_of(lang, ".Evaluate(smoothed, window", context) == ["Evaluate", "smoothed", "window"]


def test_csharp_skipped_tokens_are_names_only():
    context = "var report = model"
    # numbers, strings and keywords swallowed by error recovery are not identifiers
    assert identifiers_of("csharp", '.Evaluate(smoothed, 1e5, "label", this', context) == ["Evaluate", "smoothed"]
    assert identifiers_of("csharp", ".Evaluate(@event", context) == ["Evaluate", "@event"]


def test_typescript_destructuring_shorthand_is_an_identifier():
    assert identifiers_of("typescript", "{ width, height } = box.size;", "const ") == ["width", "height", "box", "size"]
    assert identifiers_of("typescript", "{ width, height };", "const size = ") == ["width", "height"]
