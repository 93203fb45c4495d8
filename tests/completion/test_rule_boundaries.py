"""Every completion filter at its boundary: just below, at and just above each threshold, and
each filter on and off (issue 21: halving a threshold or switching a filter off went unnoticed).

The files are parsed with the real tree-sitter grammars; token counts come from the bundled
StarCoder tokenizer where the pipeline uses it, and from a word counter where a test needs a
reference of an exact length (the filter reads only the number).
"""

from __future__ import annotations

import pytest

from crossfile_datasets.builders.completion.examples import CompletionExample
from crossfile_datasets.builders.completion.filters import (
    DEFAULT_FILTERS,
    DuplicateReference,
    FilterContext,
    GroundtruthInPrompt,
    MinPromptLines,
    ReferenceLength,
    StringLiteralDominated,
    VerbatimElsewhere,
    WordIndex,
    apply_filters,
)
from crossfile_datasets.core import constants as C
from crossfile_datasets.core.records import SourceFile
from crossfile_datasets.lang import Lang, get_language


def words(text: str) -> int:
    return len(text.split())


def context(texts: dict[str, str], lang: str = "python", count_tokens=words, **kw) -> FilterContext:
    language = get_language(lang)
    facts = language.analyze_files("/nonexistent", [SourceFile(p, t) for p, t in sorted(texts.items())])
    return FilterContext(language=language, facts=facts, count_tokens=count_tokens, **kw)


def example_at(ctx: FilterContext, path: str, cursor: int, end: int) -> CompletionExample:
    """The example a cursor at ``cursor`` with the reference ending at ``end`` gives."""
    text = ctx.facts[path].file.text
    return CompletionExample(prompt=text[:cursor], groundtruth=text[cursor:end], right_context=text[end:], file=path,
                             repository="r", language=ctx.language.lang.value, repository_url="", commit="",
                             license="", groundtruth_start_lineno=0, right_context_start_lineno=0, usage=None,
                             cursor=cursor, end=end)


def example_of(ctx: FilterContext, path: str, groundtruth: str) -> CompletionExample:
    """The example whose reference is the (only) occurrence of ``groundtruth`` in the file."""
    text = ctx.facts[path].file.text
    start = text.index(groundtruth)
    assert text.count(groundtruth) == 1
    return example_at(ctx, path, start, start + len(groundtruth))


# ----------------------------------------------------------------------- prompt lines --
def test_crosscodeeval_prompt_line_minimums_per_language():
    # CrossCodeEval (Ding et al. 2023, section 2.2): 10 / 20 / 30 / 5 non-import lines
    assert {lang: get_language(lang).min_prompt_lines for lang in Lang} == {
        Lang.PYTHON: 10, Lang.JAVA: 20, Lang.TYPESCRIPT: 30, Lang.CSHARP: 5}


@pytest.mark.parametrize("code_lines, keep", [(9, False), (10, True), (11, True)])
def test_min_prompt_lines_boundary_python(code_lines, keep):
    # imports and blank lines before the cursor do not count
    head = "import os\nfrom pkg import helper\n\n"
    body = "".join(f"v{i} = {i}\n\n" for i in range(code_lines))
    text = head + body + "result = helper.run()\n"
    ctx = context({"m.py": text})
    ex = example_of(ctx, "m.py", "helper.run()")
    assert ctx.language.prompt_code_lines(ctx.facts["m.py"], ex.prompt) == code_lines + 1  # `result = ` too
    ex = example_of(ctx, "m.py", "result = helper.run()")
    assert MinPromptLines().check(ex, ctx) == ((True, "") if keep else (False, "too_few_prompt_lines"))


# (head, one counted line, tail up to and after the reference, counted lines besides the k
# repeated ones): package/import/using rows and C#'s namespace name row do not count
LAYOUTS = {
    "java": ("p/A.java", "package p;\nimport q.B;\nimport q.C;\n\nclass A {\n", "  int f{i} = {i};\n",
             "  void g() {\n    B.run();\n  }\n}\n", 2),  # `class A {`, `void g() {`
    "typescript": ("a.ts", "import { B } from './b';\nimport * as C from './c';\n\n", "const f{i} = {i};\n",
                   "function g() {\n  B.run();\n}\n", 1),
    "csharp": ("A.cs", "using System;\nusing Q;\nnamespace P {\n  class A {\n", "    int f{i} = {i};\n",
               "    void G() {\n      B.run();\n    }\n  }\n}\n", 2),  # `class A {`, `void G() {`
}


@pytest.mark.parametrize("lang", sorted(LAYOUTS))
def test_min_prompt_lines_boundary_other_languages(lang):
    path, head, line, tail, extra = LAYOUTS[lang]
    minimum = get_language(lang).min_prompt_lines
    for counted, keep in ((minimum - 1, False), (minimum, True), (minimum + 1, True)):
        k = counted - extra
        text = head + "".join(line.format(i=i) for i in range(k)) + tail
        ctx = context({path: text}, lang)
        ex = example_of(ctx, path, "B.run();")
        assert ctx.language.prompt_code_lines(ctx.facts[path], ex.prompt) == counted
        assert MinPromptLines().check(ex, ctx) == ((True, "") if keep else (False, "too_few_prompt_lines")), (lang, counted)


# -------------------------------------------------------------------- reference length --
def test_crosscodeeval_reference_length_bounds():
    assert (C.MIN_GROUNDTRUTH_TOKENS, C.MAX_GROUNDTRUTH_TOKENS) == (3, 30)


@pytest.mark.parametrize("n, outcome", [
    (2, (False, "reference_too_short")), (3, (True, "")), (4, (True, "")),
    (29, (True, "")), (30, (True, "")), (31, (False, "reference_too_long")),
])
def test_reference_length_boundary(n, outcome):
    reference = " ".join(f"w{i}" for i in range(n))
    ctx = context({"m.py": f"x = 1\n{reference}\n"})
    ex = example_of(ctx, "m.py", reference)
    assert ReferenceLength().check(ex, ctx) == outcome
    assert ex.num_groundtruth_tokens == n


@pytest.mark.parametrize("n, keep", [(2, False), (3, True), (30, True), (31, False)])
def test_reference_length_counts_starcoder_tokens(n, keep, starcoder_tokenizer):
    # the pipeline's counter: `x x x ...` is one StarCoder token per word
    reference = "x" + " x" * (n - 1)
    assert starcoder_tokenizer.count(reference) == n
    ctx = context({"m.py": f"y = 1\n{reference}\n"}, count_tokens=starcoder_tokenizer.count)
    ex = example_of(ctx, "m.py", reference)
    assert ReferenceLength().check(ex, ctx)[0] is keep
    assert ex.num_groundtruth_tokens == n


# ------------------------------------------------------------------------ string literal --
def literal_example(name_len: int, literal_len: int):
    """``<name>("...")`` with a name of ``name_len`` chars and a literal (quotes included) of
    ``literal_len`` chars."""
    name = "f" * name_len
    literal = '"' + "s" * (literal_len - 2) + '"'
    reference = f"{name}({literal})"
    ctx = context({"m.py": f"x = 1\n{reference}\n"})
    return ctx, example_of(ctx, "m.py", reference)


def test_string_literal_constants():
    assert (C.STRING_LITERAL_MIN_CHARS, C.STRING_LITERAL_DOMINANCE) == (12, 0.5)


@pytest.mark.parametrize("name_len, literal_len, keep", [
    (1, 11, True),    # 11 of 14 chars in the literal: dominant, but shorter than 12
    (1, 12, False),   # 12 of 15: dropped
    (10, 12, True),   # 12 of 24: exactly half is not "more than half"
    (9, 12, False),   # 12 of 23: just over half
    (9, 13, False),
])
def test_string_literal_boundary(name_len, literal_len, keep):
    ctx, ex = literal_example(name_len, literal_len)
    assert ctx.language.string_literal_chars(ctx.facts["m.py"], ex.cursor, ex.end) == literal_len
    assert StringLiteralDominated().check(ex, ctx) == ((True, "") if keep else (False, "reference_string_literal"))


def test_string_literal_counts_only_the_reference_part():
    # the cursor inside a long literal: only the literal's chars after the cursor count
    text = 'x = 1\ny = g("' + "s" * 30 + '")\n'
    ctx = context({"m.py": text})
    cursor = text.index("s" * 30) + 25  # 5 s + `")` remain: 6 chars of literal of 7
    ex = example_at(ctx, "m.py", cursor, len(text) - 1)
    assert ctx.language.string_literal_chars(ctx.facts["m.py"], ex.cursor, ex.end) == 6
    assert StringLiteralDominated().check(ex, ctx) == (True, "")


def test_string_literal_chars_adds_every_literal_of_the_range_only():
    text = 'x = 1\nr = f("abcdefgh", y, "ijklmnop") + "qr"\nz = "after"\n'
    ctx = context({"m.py": text})
    facts = ctx.facts["m.py"]
    start, end = text.index('f("'), text.index(' + "qr"')
    assert ctx.language.string_literal_chars(facts, start, end) == 20  # both literals, quotes included
    assert ctx.language.string_literal_chars(facts, start, len(text)) == 20 + 4 + 7
    inside = text.index("cdef")
    assert ctx.language.string_literal_chars(facts, inside, inside) == 0  # an empty range
    assert ctx.language.string_literal_chars(facts, inside, inside + 3) == 3


def test_blank_reference_is_not_string_dominated():
    ctx = context({"m.py": 'x = 1\n\n\ny = "' + "s" * 20 + '"\n'})
    ex = example_at(ctx, "m.py", 6, 8)  # the two newlines
    assert ex.groundtruth == "\n\n"
    assert StringLiteralDominated().check(ex, ctx) == (True, "")


# -------------------------------------------------------------------- verbatim elsewhere --
def test_verbatim_elsewhere_on_and_off():
    texts = {
        "a.py": "x = 1\nvalue = helper.compute(a, b)\n",
        "b.py": "other = helper.compute(a, b)\n",          # the reference, verbatim
        "c.py": "y = helper.compute(a, c)\n",
    }
    ctx = context(texts)
    ex = example_of(ctx, "a.py", "value = helper.compute(a, b)")
    assert VerbatimElsewhere().check(ex, ctx) == (True, "")  # `value = ` is nowhere else
    ex = example_of(ctx, "a.py", "helper.compute(a, b)\n")  # stripped: found in b.py
    assert VerbatimElsewhere().check(ex, ctx) == (False, "reference_in_other_file")
    ex = example_of(ctx, "a.py", "x = 1")  # only in its own file
    assert VerbatimElsewhere().check(ex, ctx) == (True, "")


def test_verbatim_elsewhere_ignores_the_own_file():
    texts = {"a.py": "z = helper.compute(a, b)\nvalue = helper.compute(a, b)\n", "b.py": "pass\n"}
    ctx = context(texts)
    ex = example_at(ctx, "a.py", texts["a.py"].rindex("helper"), len(texts["a.py"]) - 1)
    assert VerbatimElsewhere().check(ex, ctx) == (True, "")


def test_word_index_candidates():
    index = WordIndex({"a.py": "foo.bar(x)", "b.py": "foo = bar", "c.py": "baz"})
    assert index.candidates(".bar(") == {"a.py", "b.py"}  # inner word `bar`
    assert index.candidates("foo.bar") == index.texts  # no inner word: every file
    assert index.candidates("(zzz)") == set()
    assert index.contains_elsewhere("foo.bar(", "b.py") and not index.contains_elsewhere("foo.bar(", "a.py")


# ------------------------------------------------------------------------------ duplicates --
def test_duplicate_reference_on_and_off():
    ctx = context({"m.py": "x = 1\n"})
    dup = DuplicateReference()
    first = example_at(ctx, "m.py", 0, 5)
    assert dup.check(first, ctx) == (True, "")
    assert ctx.seen_references == {"x = 1"}
    again = example_at(ctx, "m.py", 0, 6)  # the same reference once stripped
    assert dup.check(again, ctx) == (False, "duplicate_reference")
    other = example_at(ctx, "m.py", 1, 5)
    assert dup.check(other, ctx) == (True, "")
    assert ctx.seen_references == {"x = 1", "= 1"}


def test_duplicates_are_counted_per_context():
    # one FilterContext per repository: another repository may repeat a reference
    a, b = context({"m.py": "x = 1\n"}), context({"m.py": "x = 1\n"})
    assert DuplicateReference().check(example_at(a, "m.py", 0, 5), a) == (True, "")
    assert DuplicateReference().check(example_at(b, "m.py", 0, 5), b) == (True, "")


# -------------------------------------------------------------------------- the chain --
def test_default_filters_in_order():
    assert [type(f) for f in DEFAULT_FILTERS] == [MinPromptLines, ReferenceLength, StringLiteralDominated,
                                                  GroundtruthInPrompt, VerbatimElsewhere, DuplicateReference]
    assert [f.name for f in DEFAULT_FILTERS] == ["prompt_lines", "reference_tokens", "string_literal",
                                                 "groundtruth_in_prompt", "verbatim_elsewhere", "duplicate"]


PROMPT = "".join(f"v{i} = {i}\n" for i in range(12))


@pytest.mark.parametrize("text, reference, reason", [
    (PROMPT + "r = helper.compute(a, b)\n", "helper.compute(a, b)", ""),
    ("v = 1\nr = helper.compute(a, b)\n", "helper.compute(a, b)", "too_few_prompt_lines"),
    (PROMPT + "r = helper.c(a)\n", "a)", "reference_too_short"),
    (PROMPT + "r = f(" + ", ".join(f"a{i}" for i in range(40)) + ")\n", "f(", "reference_too_long"),
    (PROMPT + 'r = helper.c("' + "s" * 20 + '")\n', "helper.c(", "reference_string_literal"),
    (PROMPT + "r = helper.compute(a, b)\nq = helper.compute(a, b)\n", "helper.compute(a, b)", "groundtruth_in_prompt"),
    (PROMPT + "r = helper.compute(a, b, c)\n", "helper.compute(a, b, c)", "reference_in_other_file"),
])
def test_each_default_filter_is_on(text, reference, reason, starcoder_tokenizer):
    texts = {"m.py": text, "other.py": "z = helper.compute(a, b, c)\n"}
    ctx = context(texts, count_tokens=starcoder_tokenizer.count)
    start = text.rindex(reference)
    end = text.index("\n", start)
    ex = example_at(ctx, "m.py", start, end)
    assert apply_filters(ex, ctx) == (not reason, reason)
    # the prompt's tokens are counted for kept examples only (the cost of a whole-file prefix)
    assert ex.num_prompt_tokens == (starcoder_tokenizer.count(ex.prompt) if not reason else 0)


def test_duplicate_is_the_last_filter_and_a_dropped_example_does_not_claim_its_reference(starcoder_tokenizer):
    text = PROMPT + "r = helper.compute(a, b)\n"
    short = context({"m.py": "v = 1\n" + "r = helper.compute(a, b)\n", "n.py": text}, count_tokens=starcoder_tokenizer.count)
    too_early = example_of(short, "m.py", "helper.compute(a, b)")
    assert apply_filters(too_early, short) == (False, "too_few_prompt_lines")
    assert short.seen_references == set()
    later = example_at(short, "n.py", text.index("helper"), len(text) - 1)
    # found verbatim in m.py now: the filter before `duplicate` drops it, so nothing is claimed
    assert apply_filters(later, short) == (False, "reference_in_other_file")
    assert short.seen_references == set()
    ctx = context({"n.py": text, "o.py": text.replace("r = ", "s = ")}, count_tokens=starcoder_tokenizer.count)
    first = example_at(ctx, "n.py", text.index("r = helper"), len(text) - 1)
    assert apply_filters(first, ctx) == (True, "")
    second = example_at(ctx, "n.py", text.index("r = helper"), len(text) - 1)
    assert apply_filters(second, ctx) == (False, "duplicate_reference")


def test_prompt_tokens_with_and_without_the_prefix_counter(starcoder_tokenizer):
    text = "# café\n" + PROMPT + "r = helper.compute(a, b)\n"
    plain = context({"m.py": text}, count_tokens=starcoder_tokenizer.count)
    fast = context({"m.py": text}, count_tokens=starcoder_tokenizer.count,
                   prefix_counter=starcoder_tokenizer.prefix_counter)
    for cursor in (0, 3, len(text) // 2, text.index("helper"), len(text)):
        expected = starcoder_tokenizer.count(text[:cursor])
        assert plain.prompt_tokens(example_at(plain, "m.py", cursor, len(text))) == expected
        assert fast.prompt_tokens(example_at(fast, "m.py", cursor, len(text))) == expected
    assert list(fast._prefix_counts) == ["m.py"]
    # one prefix counter per file, made once and reused for every prompt of that file
    made = []

    def prefix_counter(text):
        made.append(text)
        return starcoder_tokenizer.prefix_counter(text)

    other = context({"m.py": text, "n.py": text}, count_tokens=starcoder_tokenizer.count, prefix_counter=prefix_counter)
    for path in ("m.py", "n.py", "m.py", "n.py"):
        assert other.prompt_tokens(example_at(other, path, 9, len(text))) == starcoder_tokenizer.count(text[:9])
    assert made == [text, text]
    # a prompt that is not the file's prefix (edited text) is counted as it is
    odd = example_at(fast, "m.py", 10, len(text))
    odd.prompt = "something else entirely"
    assert fast.prompt_tokens(odd) == starcoder_tokenizer.count("something else entirely")
