"""A global of a library the repository's types name but the machine lacks (Jest's ``expect``
without ``@types/jest``: jeffijoe/awilix @ f72d175, held-out 17). It is undefined in the original
file too (TS2304 "Cannot find name 'expect'."), and once a project import is removed tsc suggests
another name in scope (TS2552 "... Did you mean 'expected'?"): a new message at the same place,
counted as the loss ``usages/unattributed_TS2552`` although no project name is behind it. It is
the note ``usages/undefined_before_stubbing`` now (awilix: unattributed_TS2552 2 -> 0).

The diagnostics below are the language service's own, captured from the build of awilix
(``src/__tests__/camel-case.test.ts:71``, the original run and the remove-mode round)."""
from __future__ import annotations

from crossfile_datasets.core.records import Diagnostic
from crossfile_datasets.core.reasons import Kind, lookup
from crossfile_datasets.lang.typescript import split_resuggested

PATH = "src/__tests__/camel-case.test.ts"
ORIGINAL = [Diagnostic(file=PATH, line=71, column=4, code="TS2304", message="Cannot find name 'expect'.",
                       end_line=71, end_column=10, severity="error")]
STUBBED = Diagnostic(file=PATH, line=71, column=4, code="TS2552",
                     message="Cannot find name 'expect'. Did you mean 'expected'?", end_line=71, end_column=10,
                     severity="error")


def test_a_name_undefined_before_stubbing_is_set_apart():
    kept, resuggested = split_resuggested(ORIGINAL, [STUBBED], {"camelCase"})
    assert (kept, resuggested) == ([], [STUBBED])


def test_a_stubbed_name_or_a_new_place_is_kept():
    elsewhere = Diagnostic(file=PATH, line=72, column=4, code="TS2304", message="Cannot find name 'expect'.")
    stubbed = Diagnostic(file=PATH, line=71, column=4, code="TS2552", message="Cannot find name 'camelCase'. Did you mean 'camelcase'?")
    member = Diagnostic(file=PATH, line=71, column=11, code="TS2339", message="Property 'x' does not exist on type 'Foo'.")
    kept, resuggested = split_resuggested(ORIGINAL, [elsewhere, stubbed, member], {"camelCase"})
    assert (kept, resuggested) == ([elsewhere, stubbed, member], [])
    # a name the stubbing removed is never set apart, even where the original had it undefined
    kept, resuggested = split_resuggested(ORIGINAL, [STUBBED], {"expect"})
    assert (kept, resuggested) == ([STUBBED], [])


def test_the_note_is_registered_as_a_note():
    assert lookup("usages/undefined_before_stubbing").kind == Kind.NOTE
