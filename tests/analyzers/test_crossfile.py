"""The language-neutral core of usage detection: the diagnostic diff is a multiset diff, first
uses and de-duplication pick the right use (issue 21: a set diff and a de-duplication keyed by
mode went unnoticed). (``map_to_original`` and ``row_map`` are left out: no language fills a row
map, and issue 21 lists them as dead code to remove.)"""

from __future__ import annotations

from crossfile_datasets.analyzers.crossfile import (
    dedupe_usages,
    first_uses,
    new_diagnostics,
)
from crossfile_datasets.core.records import CrossFileUsage, Diagnostic


def diag(line: int, code: str = "E0602", message: str = "Undefined variable 'X'", file: str = "a.py", **kw) -> Diagnostic:
    return Diagnostic(file=file, line=line, column=kw.pop("column", 4), code=code, message=message, **kw)


def use(line: int, column: int = 0, name: str = "X", member: str | None = None, file: str = "a.py", **kw) -> CrossFileUsage:
    return CrossFileUsage(repository="r", file=file, line=line, column=column, imported_name=name, member=member,
                          stubbed_import=name, tool="pylint", code="E", message="m", **kw)


# ------------------------------------------------------------------------------- the diff --
def test_new_diagnostics_is_a_multiset_difference():
    same = diag(3)
    # the original already has one such error; stubbing adds a second identical one
    assert new_diagnostics([same], [same, same]) == [same]
    assert new_diagnostics([same, same], [same, same]) == []
    assert new_diagnostics([same, same], [same]) == []
    assert new_diagnostics([], [same, same]) == [same, same]


def test_new_diagnostics_keeps_the_stubbed_order_and_compares_by_key():
    a, b, c = diag(1), diag(2), diag(3, code="E1101")
    assert new_diagnostics([b], [c, b, a]) == [c, a]
    # what is not part of the key (severity, symbol, ends) does not make a diagnostic new
    assert new_diagnostics([a], [diag(1, severity="warning", symbol="x", end_line=9, end_column=2)]) == []
    for changed in (diag(1, file="b.py"), diag(1, column=5), diag(1, code="E0001"), diag(1, message="other"), diag(9)):
        assert new_diagnostics([a], [changed]) == [changed]


# ------------------------------------------------------------------------- first uses --
def test_first_uses_picks_the_earliest_position_per_name_and_member():
    late, early, same_line_earlier = use(5, 2), use(3, 9), use(3, 1)
    member = use(4, 0, member="m")
    other_file = use(1, 0, file="b.py")
    got = first_uses([late, early, same_line_earlier, member, other_file])
    assert got == [same_line_earlier, member, other_file]  # file, then position order
    # a tie keeps the first one seen
    twin = use(3, 1, mode="other")
    assert first_uses([same_line_earlier, twin]) == [same_line_earlier]
    assert first_uses([twin, same_line_earlier]) == [twin]


def test_a_name_use_sorts_before_its_members_at_one_place():
    name_only, member = use(2, 0, name="A"), use(2, 0, name="A", member="A")
    assert first_uses([member, name_only]) == [name_only, member]
    assert dedupe_usages([member, name_only]) == [name_only, member]


def test_first_uses_orders_by_file_line_column_and_names():
    a, b = use(2, 0, name="B"), use(2, 0, name="A")
    m1, m2 = use(2, 0, name="A", member="z"), use(2, 0, name="A", member="b")
    assert first_uses([a, m1, b, m2]) == [b, m2, m1, a]
    assert first_uses([use(1, 3), use(1, 3, file="0.py"), use(1, 2, name="Y")]) == [use(1, 3, file="0.py"), use(1, 2, name="Y"), use(1, 3)]


# ------------------------------------------------------------------------ de-duplication --
def test_dedupe_ignores_mode_and_round():
    removed = use(3, 4, mode="remove", round=1)
    emptied = use(3, 4, mode="empty_class", round=1)
    later = use(3, 4, mode="remove", round=2)
    # one use found by two stubbing modes and by two rounds is one use: the earliest round, then mode order
    assert dedupe_usages([later, removed, emptied]) == [emptied]
    assert dedupe_usages([later, use(3, 4, mode="zzz", round=1)]) == [use(3, 4, mode="zzz", round=1)]


def test_dedupe_keeps_distinct_uses():
    uses = [use(3, 4), use(3, 4, member="m"), use(3, 5), use(4, 4), use(3, 4, name="Y"), use(3, 4, file="b.py")]
    got = dedupe_usages(list(reversed(uses)))
    assert len(got) == len(uses) and set(got) == set(uses)
    assert got == sorted(uses, key=lambda u: (u.file, u.line, u.column, u.imported_name, u.member or ""))


# ------------------------------------------------------------------- usage factory, rounds --
def test_usage_at_fills_every_field():
    from crossfile_datasets.analyzers.crossfile import usage_at

    got = usage_at("repo", "a.py", 2, 4, imported_name="Lib", member="price", stubbed_import="from lib import Lib",
                   tool="javac", code="c", message="msg", mode="remove", round_no=2, definition_file="lib.py",
                   definition_symbol="Lib.price")
    assert got == CrossFileUsage(repository="repo", file="a.py", line=3, column=4, imported_name="Lib", member="price",
                                 stubbed_import="from lib import Lib", tool="javac", code="c", message="msg",
                                 definition_file="lib.py", definition_symbol="Lib.price", end_line=3, end_column=9,
                                 mode="remove", round=2)
    named = usage_at("repo", "a.py", 0, 0, imported_name="Lib", member=None, stubbed_import="s", tool="t", code="c",
                     message="m", mode="m")
    assert (named.end_column, named.round, named.definition_file, named.definition_symbol) == (3, 1, None, None)
    assert usage_at("repo", "a.py", 0, 0, imported_name="Lib", member="x", stubbed_import="s", tool="t", code="c",
                    message="m", mode="m", entity="Lib.x").end_column == 5


def test_rounds_see_their_own_variant_and_answer():
    from crossfile_datasets.analyzers.crossfile import RoundOutcome, drive, stub_rounds

    class Hooks:
        def __init__(self):
            self.seen = []

        def variant(self, round_no):
            return f"v{round_no}" if round_no <= 2 else None

        def observe(self, round_no, variant, answer):
            self.seen.append((round_no, variant, answer))
            return RoundOutcome(found=[f"{variant}:{answer}"])

        def restore(self, found):
            return True

    hooks = Hooks()
    assert drive(stub_rounds(hooks, 5), lambda v: v.upper()) == ["v1:V1", "v2:V2"]
    assert hooks.seen == [(1, "v1", "V1"), (2, "v2", "V2")]


def test_drive_goes_on_after_the_rounds_handle_a_checker_error():
    from crossfile_datasets.analyzers.crossfile import drive

    def rounds():
        try:
            answer = yield "first"
        except ValueError:
            answer = yield "again"
        return answer

    def check(request):
        if request == "first":
            raise ValueError("checker failed")
        return request.upper()

    assert drive(rounds(), check) == "AGAIN"
