"""Quality filters for completion examples (CrossCodeEval's, plus ours).

Each filter is a small class with a ``name`` and one method ``check(example, ctx)`` returning
``(keep, reason)``; the pipeline applies them in order and counts every drop by reason.
Filters that need repository-wide knowledge read it from :class:`FilterContext`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable, Mapping, Protocol

from crossfile_datasets.core import constants as C
from crossfile_datasets.builders.completion.examples import CompletionExample
from crossfile_datasets.core.records import FileFacts
from crossfile_datasets.lang.base import LanguageSupport


@dataclass
class FilterContext:
    language: LanguageSupport
    facts: dict[str, FileFacts]
    count_tokens: Callable[[str], int]
    # TokenCounter.prefix_counter: counts a prompt (a file's prefix) without encoding it again
    prefix_counter: "Callable[[str], Callable[[int], int]] | None" = None
    seen_references: set[str] = field(default_factory=set)
    _words: "WordIndex | None" = field(default=None, repr=False)
    _prefix_counts: dict = field(default_factory=dict, repr=False)

    def prompt_tokens(self, example: CompletionExample) -> int:
        """Tokens of ``example.prompt``; the same number as ``count_tokens(example.prompt)``."""
        facts = self.facts.get(example.file)
        if self.prefix_counter is None or facts is None or not facts.file.text.startswith(example.prompt):
            return self.count_tokens(example.prompt)
        counter = self._prefix_counts.get(example.file)
        if counter is None:
            counter = self._prefix_counts[example.file] = self.prefix_counter(facts.file.text)
        return counter(len(example.prompt))

    @property
    def words(self) -> "WordIndex":
        """The repository's word index (built on first use, once per repository)."""
        if self._words is None:
            self._words = WordIndex({path: ff.file.text for path, ff in self.facts.items()})
        return self._words


_WORD = re.compile(r"\w+")


class WordIndex:
    """Which files contain each maximal word (``\\w+`` run): finds the files that may contain a
    text without scanning every file for every example.

    A word of a needle that touches neither end of the needle is, in any occurrence of the
    needle, a maximal word of the containing text too (the characters around it are the
    needle's own non-word characters). So only files holding every such inner word can contain
    the needle; those few are then searched as before. A needle without inner words is searched
    in every file. Same answers as scanning every file, in time that grows with the candidate
    files rather than with all files.
    """

    def __init__(self, texts: Mapping[str, str]) -> None:
        self.texts = dict(texts)
        self.files_with: dict[str, set[str]] = {}
        for path, text in self.texts.items():
            for word in set(_WORD.findall(text)):
                self.files_with.setdefault(word, set()).add(path)

    def candidates(self, needle: str) -> set[str] | dict[str, str]:
        """Files that may contain ``needle`` (a superset of those that do)."""
        inner = {m.group() for m in _WORD.finditer(needle) if m.start() > 0 and m.end() < len(needle)}
        if not inner:
            return self.texts
        return set.intersection(*sorted((self.files_with.get(w, set()) for w in inner), key=len))

    def contains_elsewhere(self, needle: str, path: str) -> bool:
        """Does a file other than ``path`` contain ``needle``?"""
        return any(other != path and needle in self.texts[other] for other in self.candidates(needle))


class ExampleFilter(Protocol):
    name: str

    def check(self, example: CompletionExample, ctx: FilterContext) -> tuple[bool, str]: ...


class MinPromptLines:
    """CrossCodeEval: enough non-import code before the cursor (10/20/30/5 for Py/Java/TS/C#)."""

    name = "prompt_lines"

    def check(self, example, ctx):
        lines = ctx.language.prompt_code_lines(ctx.facts[example.file], example.prompt)
        if lines < ctx.language.min_prompt_lines:
            return False, "too_few_prompt_lines"
        return True, ""


class ReferenceLength:
    """CrossCodeEval: references of 3 to 30 StarCoder tokens (also fills the reference's token
    count; the prompt's, a whole file prefix, is counted by :func:`apply_filters` for kept
    examples only)."""

    name = "reference_tokens"

    def check(self, example, ctx):
        example.num_groundtruth_tokens = ctx.count_tokens(example.groundtruth)
        if example.num_groundtruth_tokens < C.MIN_GROUNDTRUTH_TOKENS:
            return False, "reference_too_short"
        if example.num_groundtruth_tokens > C.MAX_GROUNDTRUTH_TOKENS:
            return False, "reference_too_long"
        return True, ""


class StringLiteralDominated:
    """A reference that is mostly one long string literal tests copying text, not code."""

    name = "string_literal"

    def check(self, example, ctx):
        facts = ctx.facts[example.file]
        inside = ctx.language.string_literal_chars(facts, example.cursor, example.end)
        body = len(example.groundtruth.strip())
        if body and inside >= C.STRING_LITERAL_MIN_CHARS and inside / body > C.STRING_LITERAL_DOMINANCE:
            return False, "reference_string_literal"
        return True, ""


class GroundtruthInPrompt:
    """A reference already written verbatim in its own prompt can be copied from the prompt.

    It happens when two receivers reach one definition (``Left.case(...)`` and later
    ``Right.case(...)`` both call ``Either.case``): the later first use repeats an earlier line."""

    name = "groundtruth_in_prompt"

    def check(self, example, ctx):
        needle = example.groundtruth.strip()
        if needle and needle in example.prompt:
            return False, "groundtruth_in_prompt"
        return True, ""


class VerbatimElsewhere:
    """A reference found verbatim in another file can be copied instead of inferred."""

    name = "verbatim_elsewhere"

    def check(self, example, ctx):
        if ctx.words.contains_elsewhere(example.groundtruth.strip(), example.file):
            return False, "reference_in_other_file"
        return True, ""


class DuplicateReference:
    """Only the first example with a given reference (stripped) is kept per repository."""

    name = "duplicate"

    def check(self, example, ctx):
        key = example.groundtruth.strip()
        if key in ctx.seen_references:
            return False, "duplicate_reference"
        ctx.seen_references.add(key)
        return True, ""


DEFAULT_FILTERS: tuple[ExampleFilter, ...] = (
    MinPromptLines(),
    ReferenceLength(),
    StringLiteralDominated(),
    GroundtruthInPrompt(),
    VerbatimElsewhere(),
    DuplicateReference(),  # last: a dropped example must not claim its reference
)


def apply_filters(example: CompletionExample, ctx: FilterContext, filters=DEFAULT_FILTERS) -> tuple[bool, str]:
    for f in filters:
        keep, reason = f.check(example, ctx)
        if not keep:
            return False, reason
    example.num_prompt_tokens = ctx.prompt_tokens(example)
    return True, ""
