"""The round engine shared by Java, TypeScript and C# (analyzers/crossfile.py: stub_rounds, drive)."""

from __future__ import annotations

import pytest

from crossfile_datasets.analyzers.crossfile import RoundOutcome, drive, stub_rounds, usage_at


class ScriptedRounds:
    """Hooks whose checker answers are scripted: answer r lists the uses round r reveals."""

    def __init__(self, answers, *, retry_on=(), stop_on=(), none_after=None):
        self.answers, self.retry_on, self.stop_on, self.none_after = answers, set(retry_on), set(stop_on), none_after
        self.restored: list[str] = []
        self.checked: list[int] = []
        self.variants: list[int] = []

    def variant(self, round_no):
        if self.none_after is not None and round_no > self.none_after:
            return None
        self.variants.append(round_no)
        return round_no

    def check(self, variant):
        self.checked.append(variant)
        if variant in self.retry_on:
            self.retry_on.discard(variant)
            return "retry"
        return self.answers[variant - 1] if variant - 1 < len(self.answers) else []

    def observe(self, round_no, variant, answer):
        if answer == "retry":
            return RoundOutcome(retry=True)
        if round_no in self.stop_on:
            return RoundOutcome(found=list(answer), stop=True)
        return RoundOutcome([u for u in answer if u not in self.restored])

    def restore(self, found):
        new = [u for u in found if u not in self.restored]
        self.restored.extend(new)
        return bool(new)


def run(hooks, max_rounds):
    return drive(stub_rounds(hooks, max_rounds), hooks.check)


def test_rounds_go_on_while_each_round_finds_something_new():
    hooks = ScriptedRounds([["a"], ["a", "b"], ["a", "b"], ["c"]])
    assert run(hooks, 10) == ["a", "b"]
    assert hooks.checked == [1, 2, 3]  # round 3 found nothing new: no round 4


def test_max_rounds_bounds_the_checks_and_the_last_round_restores_nothing():
    hooks = ScriptedRounds([["a"], ["b"], ["c"], ["d"]])
    assert run(hooks, 2) == ["a", "b"]
    assert hooks.checked == [1, 2]
    assert hooks.restored == ["a"]  # nothing is given back after the last round


def test_zero_rounds_check_nothing():
    hooks = ScriptedRounds([["a"]])
    assert run(hooks, 0) == []
    assert hooks.checked == []


def test_a_retry_checks_the_same_round_again_without_using_up_a_round():
    hooks = ScriptedRounds([["a"], ["b"]], retry_on={1})
    assert run(hooks, 2) == ["a", "b"]
    assert hooks.checked == [1, 1, 2]
    assert hooks.variants == [1, 1, 2]


def test_stop_keeps_what_the_round_found_and_ends_the_rounds():
    hooks = ScriptedRounds([["a"], ["b"], ["c"]], stop_on={2})
    assert run(hooks, 5) == ["a", "b"]
    assert hooks.checked == [1, 2]


def test_no_variant_ends_the_rounds():
    hooks = ScriptedRounds([["a"], ["b"], ["c"]], none_after=1)
    assert run(hooks, 5) == ["a"]


def test_restore_deciding_nothing_changed_ends_the_rounds_even_with_uses():
    class NothingToGiveBack(ScriptedRounds):
        def restore(self, found):
            return False

    hooks = NothingToGiveBack([["a"], ["b"]])
    assert run(hooks, 5) == ["a"]


def test_a_checker_exception_is_thrown_into_the_rounds_which_may_handle_it():
    def failing_check(variant):
        raise OSError("disk full")

    def rounds_that_count_failures():
        try:
            yield from stub_rounds(ScriptedRounds([["a"]]), 3)
        except OSError as exc:
            return f"counted: {exc}"
        return "no failure"

    assert drive(rounds_that_count_failures(), failing_check) == "counted: disk full"
    with pytest.raises(OSError):  # not handled by the rounds: it reaches the caller
        drive(stub_rounds(ScriptedRounds([["a"]]), 3), failing_check)


def test_usage_at_gives_one_based_lines_and_the_entity_end():
    u = usage_at("r", "a.py", 4, 8, imported_name="Config", member="timeout", stubbed_import="from x import Config",
                 tool="pylint", code="E1101", message="m", mode="empty_class", round_no=2)
    assert (u.line, u.column, u.end_line, u.end_column, u.round) == (5, 8, 5, 15, 2)
    bare = usage_at("r", "a.py", 0, 3, imported_name="Config", member=None, stubbed_import="", tool="t", code="c",
                    message="m", mode="remove")
    assert (bare.line, bare.end_column, bare.round) == (1, 9, 1)
    named = usage_at("r", "A.java", 2, 4, imported_name="Foo", member="bar", stubbed_import="", tool="t", code="c",
                     message="m", mode="resolved", entity="Foo", round_no=0)
    assert named.end_column == 7
