"""Inputs and tests that reach what a function does (held-out 15, python-slugify): a function
whose callers pass a module-level name (``add_uppercase_char(_CYRILLIC)``) gets that literal, a
container annotation gets values of its element types, parameters with defaults get other
values, a suite test calling a function that calls the target is a test of it, and over the
per-problem cap the tests are chosen by what they add, not by name."""

from __future__ import annotations

import ast

from crossfile_datasets.builders.executable.testgen import (
    TestProgram,
    annotation_inputs,
    call_graph,
    call_site_inputs,
    callers_of,
    input_programs,
    select_programs,
    static_reason,
)

SPECIAL = '''
def with_capitals(pairs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Each (letter, spelling) pair followed by its capital form."""
    result = []
    for pair in pairs:
        letter, spelling = pair
        result += [pair, (letter.upper(), spelling.title())]
    return result


_NORDIC = [('å', 'aa'), ('ø', 'oe')]
NORDIC = with_capitals(_NORDIC)
'''

TRUNCATE = '''
def shorten(text: str, limit: int = 0, whole_words: bool = False, glue: str = " ") -> str:
    """Shorten a text to a limit of characters, keeping whole words if asked."""
    if limit <= 0 or len(text) <= limit:
        return text
    if whole_words:
        kept = []
        for word in text.split(glue):
            if len(glue.join(kept + [word])) > limit:
                break
            kept.append(word)
        return glue.join(kept)
    return text[:limit]
'''


def run_input(source: str, name: str, args: str):
    scope: dict = {}
    exec(source, scope)  # noqa: S102 - the fixture above, written for this test
    return eval(f"{name}({args})", scope)  # noqa: S307


def test_a_module_level_name_stands_for_its_literal():
    calls = call_site_inputs("with_capitals", [ast.parse(SPECIAL)])
    assert calls == ["[('å', 'aa'), ('ø', 'oe')]"]
    assert run_input(SPECIAL, "with_capitals", calls[0])[:2] == [("å", "aa"), ("Å", "Aa")]


def test_container_annotations_give_values_of_their_elements():
    inputs = annotation_inputs(SPECIAL.split("\n\n\n")[0].strip() + "\n")
    assert inputs and all(ast.literal_eval(i) == [] or all(isinstance(t, tuple) and len(t) == 2
                                                            and all(isinstance(x, str) for x in t)
                                                            for t in ast.literal_eval(i)) for i in inputs)
    # every input unpacks and some enter the loop (the old values, ``[1, 2, 3]`` and ``['a', 'b']``, erred)
    results = [run_input(SPECIAL, "with_capitals", i) for i in inputs]
    assert any(results)


def test_defaulted_parameters_get_other_values():
    source = TRUNCATE.strip() + "\n"
    inputs = annotation_inputs(source, 6)
    assert any("limit=" in i and "limit=0" not in i for i in inputs)
    # some input gets past the early returns into the word loop
    tree = ast.parse(source)
    fn = tree.body[0]
    loop_line = next(n.lineno for n in ast.walk(fn) if isinstance(n, ast.For))
    reached = []

    def tracer(frame, event, arg):
        if frame.f_code.co_name == "shorten" and event == "line":
            reached.append(frame.f_lineno)
        return tracer

    import sys
    scope: dict = {}
    exec(compile(tree, "<shorten>", "exec"), scope)  # noqa: S102
    sys.settrace(tracer)
    try:
        for args in inputs:
            eval(f"shorten({args})", scope)  # noqa: S307
    finally:
        sys.settrace(None)
    assert loop_line in reached
    programs, why = input_programs("pkg.text", "shorten", "shorten", None, source, [])
    assert why == "" and any("limit=7" in p.source for p in programs)


SUITE_TEST = '''
from pkg.text import slugify


def test_max_length():
    assert slugify("hello big world", max_length=9) == "hello-big"
'''

MODULE = '''
def truncate(text, n):
    """Cut."""
    return text[:n]


def slugify(text, max_length=0):
    """Slug."""
    return truncate(text.replace(" ", "-"), max_length) if max_length else text.replace(" ", "-")
'''


def test_a_suite_test_reaching_the_target_through_a_caller_calls_it():
    program = TestProgram(SUITE_TEST, "tests/test_cfd_1.py", "repository", "tests/test_x.py::test_max_length")
    callers = callers_of("truncate", call_graph([ast.parse(MODULE), ast.parse(SUITE_TEST)]))
    assert "slugify" in callers
    assert static_reason(program, "truncate") == "does_not_call_target"  # alone, as before
    assert static_reason(program, "truncate", callers=callers) is None
    generated = TestProgram(SUITE_TEST, "test_cfd_2.py", "inputs", "inputs:x")
    assert static_reason(generated, "truncate", callers=callers) == "does_not_call_target"  # generated: direct only
    assert static_reason(program, "truncate", executed=True) is None  # its coverage: it ran the body
    assert static_reason(generated, "truncate", executed=True) == "does_not_call_target"


def _program(i: int, literal: str) -> TestProgram:
    source = f"from m import f\n\n\ndef test_{i}():\n    assert f({literal}) == 1\n"
    return TestProgram(source, f"t{i}.py", "repository", f"tests/test_m.py::test_{i:02d}")


def test_over_the_cap_tests_are_chosen_by_what_they_add():
    # 30 tests by name; the first 20 all execute lines 1-2 with the same input, the later ones
    # reach lines 3, 4, 5 (stop words, replacements, a word boundary)
    programs = [_program(i, "'a'") for i in range(20)] + [_program(20 + i, f"'x{i}'") for i in range(10)]
    lines = {p.origin_test: frozenset({1, 2}) for p in programs[:20]}
    lines.update({programs[20].origin_test: frozenset({1, 2, 3}), programs[25].origin_test: frozenset({1, 4}),
                  programs[29].origin_test: frozenset({5})})
    chosen = select_programs(programs, 5, lambda p: lines.get(p.origin_test, frozenset()))
    names = [p.origin_test for p in chosen]
    assert len(chosen) == 5
    assert {programs[20].origin_test, programs[25].origin_test, programs[29].origin_test} <= set(names)
    assert names == sorted(names)  # the given order kept
    # distinct inputs after the lines: no two copies of ``f('a')`` while other inputs are left
    assert sum(1 for p in chosen if "f('a')" in p.source) == 1
    assert select_programs(programs[:3], 5, lambda p: frozenset()) == programs[:3]
