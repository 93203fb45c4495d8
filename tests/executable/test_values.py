"""Checked values compared on the host (sandbox/values.py) and the bounded verdict channel."""

from __future__ import annotations

import json
import sys

from crossfile_datasets.sandbox import Sandbox, SandboxLimits, values
from crossfile_datasets.sandbox.channel import parse_records
from crossfile_datasets.sandbox.pytest_runs import run_pytest

PROGRAM = '''"""A test program."""
from __future__ import annotations

from m import f, g


def helper():
    assert f(1) == 2


def test_a():
    x = f(1)
    assert x == 2
    assert 3 == f(
        2)
    assert f(3) == g(3)
    assert f(0)
    assert not g(1)
    assert (y := f(5)) == 10
    assert f(1) == 2, "message é"


class TestX:
    def test_b(self):
        self.assertEqual(f(2), [1, (2, 3)])
        self.assertEqual("é", g(2))
'''


def test_sites_are_the_literal_and_truth_assertions_of_test_functions():
    sites = values.value_sites(PROGRAM)
    assert [(s.kind, s.expected) for s in sites] == [
        ("equal", 2), ("equal", 3), ("truthy", None), ("falsy", None), ("equal", 10), ("equal", 2),
        ("equal", [1, (2, 3)]), ("equal", "é")]
    new, count = values.instrument(PROGRAM)
    assert count == 8
    assert new.splitlines()[2] == values.HELPER_IMPORT  # after the docstring and __future__
    assert "assert __cfd_value__(0, (x)) == 2" in new and "assert f(3) == g(3)" in new
    assert "assert __cfd_value__(2, (f(0)), True)" in new and "assert not __cfd_value__(3, (g(1)), True)" in new
    assert "assert (__cfd_value__(4, (y := f(5)))) == 10" in new
    assert "self.assertEqual('é', __cfd_value__(7, (g(2))))" in new or 'self.assertEqual("é", __cfd_value__(7, (g(2))))' in new
    assert "def helper():\n    assert f(1) == 2" in new  # not a test function
    assert values.instrument("def test_x(:\n") == ("def test_x(:\n", 0)


def test_host_only_sites_leave_their_expected_values_out_of_the_program():
    """Red team row 6: a site compared on the host is not compared in the process at all, and
    its literal is not in the program (an ``__eq__`` is never handed the expected value)."""
    new, count = values.instrument(PROGRAM, host_only={0, 1, 2, 4, 5, 6})
    assert count == 8
    body = new.split("class TestX")[0].split("def test_a():")[1]
    assert "__cfd_value__(0, (x))\n" in body and "== 2" not in body and "message" not in body
    assert "3 ==" not in body and "== 10" not in body
    assert "__cfd_value__(1, (f(\n        2)))" in new  # a multi-line value keeps its lines
    assert "__cfd_value__(2, (f(0)), True)\n" in body  # a truth site asks for the value's truth
    assert "assert not __cfd_value__(3, (g(1)), True)" in new  # not host-only: wrapped as before
    assert "__cfd_value__(6, (f(2)))\n" in new and "(2, 3)" not in new
    assert 'self.assertEqual("é", __cfd_value__(7, (g(2))))' in new
    assert compile(new, "p.py", "exec")


def test_decoding_builds_only_plain_values():
    enc = ["dict", [[["str", "a"], ["tuple", [["int", "1"], ["float", "nan"], ["bytes", "ff00"]]]],
                    [["frozenset", [["int", "2"]]], ["list", [["none"], ["bool", True]]]]]]
    value = values.decode(enc)
    assert value["a"][0] == 1 and value["a"][2] == b"\xff\x00" and value[frozenset({2})] == [None, True]
    for bad in (["opaque", "x.Liar"], ["int", "1", "2"], ["code", "print(1)"], "str", ["list", "x"], ["int", "x" * 6000]):
        try:
            values.decode(bad)
        except values.Opaque:
            continue
        raise AssertionError(f"{bad} decoded")


def refusal(report: object) -> str | None:
    """Why ``decode`` refuses a report (the :class:`values.Opaque` message), None if it decodes."""
    try:
        values.decode(report)
    except values.Opaque as refused:
        return str(refused)
    return None


def test_decoded_sets_and_dicts_keep_python_equality_with_a_bounded_number_of_collisions():
    """Red team 2, row 12: a set or dict whose values share a hash is rebuilt on the host only
    while few distinct values share one (each insertion compares with every earlier one of its
    hash); past that the value is opaque, not a quadratic rebuild. Equality keeps Python's
    semantics: -1 and -2 share a hash and stay two; 1, 1.0 and True are one key, so a report
    holding more than one of them collapses when rebuilt: not a plain value (red team
    2026-11-29b row 1, test below)."""
    ints = lambda *numbers: [["int", str(n)] for n in numbers]
    assert values.decode(["set", ints(1, -1, -2)]) == {1, -1, -2}
    assert values.decode(["frozenset", ints(*[k * (2 ** 61 - 1) for k in range(8)])]) == \
        frozenset(k * (2 ** 61 - 1) for k in range(8))  # 8 distinct values of hash 0
    for collapsing in (["set", ints(1, 1, -1, -2) + [["float", "1.0"], ["bool", True]]],
                       ["frozenset", ints(*[k * (2 ** 61 - 1) for k in range(8)] * 50)],  # repeated: still linear
                       ["dict", [[["int", "1"], ["str", "a"]], [["float", "1.0"], ["str", "b"]]]]):
        assert refusal(collapsing) == "duplicate_elements", collapsing[0]
    for colliding in (["set", ints(*[k * (2 ** 61 - 1) for k in range(9)])],
                      ["frozenset", [["tuple", [["int", "0"], ["int", str(k * (2 ** 61 - 1))]]] for k in range(9)]],
                      ["dict", [[["int", str(k * (2 ** 61 - 1))], ["none"]] for k in range(9)]]):
        assert refusal(colliding) == "colliding_hashes", colliding[0]
    site = values.value_sites("def test_a():\n    assert f() == {1, 2}\n")
    source = "def test_a():\n    assert f() == {1, 2}\n"
    seen = values.observe(["t.py"], [source], [{"nodeid": "t.py::test_a", "site": 0, "value": ["set", ints(2, 1)]},
                                               {"nodeid": "t.py::test_a", "site": 2 ** 61 - 1, "value": ["none"]}])
    assert len(site) == 1 and seen == {"t.py": {0: (values.OBSERVED_EQUAL, "")}}


LIKE_PROGRAM = '''def __cfd_like__(shown, want):
    return True


def test_doctest_f():
    assert __cfd_like__(__cfd_shown__(lambda: f(3)), 'three is odd, ...')
'''


def test_an_elided_doctest_output_is_matched_on_the_host_and_left_out_of_the_program():
    """Red team 2026-11-28e row 3: the match of an example's shown text with its elided output
    (``...``) is made by the harness's doctest, from the shown text the site reports; a host-only
    site's program has neither the elided text nor the in-process match."""
    (site,) = values.value_sites(LIKE_PROGRAM)
    assert (site.kind, site.expected) == ("like", "three is odd, ...")
    new, count = values.instrument(LIKE_PROGRAM, host_only={0})
    assert count == 1 and "three is odd" not in new and "__cfd_value__(0, (__cfd_shown__(lambda: f(3))))" in new
    paths = ["t/test_d.py"]

    def seen(value: object) -> str:
        records = [{"nodeid": "t/test_d.py::test_doctest_f", "site": 0, "value": value}]
        return values.observe(paths, [LIKE_PROGRAM], records)["t/test_d.py"][0][0]

    assert seen(["str", "three is odd, squared 9"]) == values.OBSERVED_EQUAL
    assert seen(["str", "three   is odd,\nsquared 9"]) == values.OBSERVED_EQUAL  # whitespace normalized
    assert seen(["str", "three is even, squared 9"]) == values.OBSERVED_UNEQUAL
    assert seen(["none"]) == values.OBSERVED_UNEQUAL  # what the patched checker's completion shows
    assert seen(["opaque", "m.Liar"]) == values.OBSERVED_OPAQUE


def test_judging_uses_the_records_of_each_program_and_site():
    paths, programs = ["t/test_a.py"], [PROGRAM]
    records = [{"nodeid": "t/test_a.py::test_a", "site": 0, "value": ["int", "2"]},
               {"nodeid": "t/test_a.py::test_a", "site": 1, "value": ["bool", True]},  # 3 == True: no
               {"nodeid": "t/test_a.py::test_a", "site": 2, "value": ["opaque", "m.Liar"]},
               {"nodeid": "t/test_a.py::test_a", "site": 3, "value": ["list", []], "truth": False},
               {"nodeid": "t/test_a.py::TestX::test_b", "site": 6, "value": ["list", [["int", "1"], ["tuple", [["int", "2"], ["int", "3"]]]]]},
               {"nodeid": "t/other.py::test_a", "site": 4, "value": ["int", "10"]}]
    seen = values.observe(paths, programs, records)["t/test_a.py"]
    assert seen[0][0] == seen[3][0] == seen[6][0] == values.OBSERVED_EQUAL
    assert seen[1][0] == values.OBSERVED_UNEQUAL and seen[2][0] == values.OBSERVED_OPAQUE
    assert seen[4][0] == seen[5][0] == seen[7][0] == values.OBSERVED_MISSING
    checks = values.reference_checks(values.observe(paths, programs, records))
    assert checks == [{"test_path": "t/test_a.py", "site": i} for i in (0, 3, 6)]
    assert values.judge_values(checks, values.observe(paths, programs, records)) == []
    failures = values.judge_values([*checks, {"test_path": "t/test_a.py", "site": 1}], seen and
                                   values.observe(paths, programs, records))
    assert failures == ["t/test_a.py assertion 1: got True, expected 3"]


MODULE = '''import enum, typing


class Point(typing.NamedTuple):
    x: int
    y: int


class Color(enum.IntEnum):
    RED = 1


class Liar(int):
    def __eq__(self, other):
        return True
    __hash__ = int.__hash__


class Shifty(list):
    def __getitem__(self, i):
        return 99
    def __len__(self):
        return 0


class Anything:
    def __eq__(self, other):
        return True


def point():
    return Point(1, 2)


def color():
    return Color.RED


def liar():
    return Liar(0)


def shifty():
    return Shifty([1, 2])


def anything():
    return Anything()


def nested():
    return {"k": [1.5, None, (b"\\x00", frozenset({3}))]}
'''

TESTS = '''from m import anything, color, liar, nested, point, shifty


def test_values():
    assert point() == (1, 2)
    assert color() == 1
    assert liar() == 5
    assert shifty() == [1, 2]
    assert anything() == 7
    assert nested() == {"k": [1.5, None, (b"\\x00", {3})]}
'''


def test_the_plugin_encodes_with_the_builtin_types_own_methods(tmp_path):
    """A real sandboxed run: subclasses are reported by their real content, whatever their
    overrides say; other objects are opaque."""
    root = tmp_path / "repo"
    root.mkdir()
    (root / "m.py").write_text(MODULE)
    program, count = values.instrument(TESTS)
    assert count == 6
    with Sandbox(root, python=sys.executable, limits=SandboxLimits(timeout=60)) as box:
        box.write("test_v.py", program)
        prun = run_pytest(box, ["test_v.py"])
    assert prun.outcomes == {"test_v.py::test_values": "passed"}  # in the process, every assert passed
    seen = values.observe(["test_v.py"], [TESTS], prun.channel.values)["test_v.py"]
    states = [seen[i][0] for i in range(6)]
    assert states == [values.OBSERVED_EQUAL, values.OBSERVED_EQUAL, values.OBSERVED_UNEQUAL, values.OBSERVED_EQUAL,
                      values.OBSERVED_OPAQUE, values.OBSERVED_EQUAL], seen
    assert seen[2][1] == "got 0, expected 5" and "m.Anything" in seen[4][1]


def test_the_channel_keeps_bounded_memory_and_detects_cheap_forgeries():
    token = "t" * 32
    line = lambda rec: f"{token}\t{json.dumps(rec)}\n"  # noqa: E731
    outcome = {"pid": 2, "nodeid": "a::b", "when": "call", "outcome": "passed"}
    junk = "x" * 100 + "\n"
    text = junk * 1000 + line(outcome) * 50 + line({"pid": 7, "nodeid": "a::c", "when": "call", "outcome": "passed"}) \
        + "y" * 5000 + "\n" + line({"pid": 2, "event": "session_end", "exitstatus": 0, "collected": 1})
    records = parse_records(text, token, expected_pid=2, max_bytes=len(line(outcome)) * 10, max_line=4096)
    assert records.forged == 1001 and records.overflow == 41 and len(records.records) == 10
    assert records.complete and not records.tampered
    twice = parse_records(text + line({"pid": 2, "event": "session_end", "exitstatus": 0}), token, expected_pid=2)
    assert twice.tampered and not twice.complete
    after = parse_records(text + line(outcome), token, expected_pid=2)
    assert after.tampered == "records after the end-of-session record"
    first = parse_records(line({**outcome, "pid": 5}) + line({**outcome, "pid": 6}), token)  # no pid expected: the first
    assert len(first.records) == 1 and first.forged == 1
    chunked = parse_records(b"", token)
    assert not chunked.complete


def test_per_test_checks_judge_each_test_at_its_own_sites():
    """The class split's repository tests (red team row 8): values are judged per test id."""
    source = "def test_a():\n    assert f() == 1\n\n\ndef test_b():\n    assert g()\n    assert h() == 'x'\n"
    programs = {"tests/test_m.py": source}
    gold = [{"nodeid": "tests/test_m.py::test_a", "site": 0, "value": ["int", "1"]},
            {"nodeid": "tests/test_m.py::test_b", "site": 1, "value": ["list", [["int", "1"]]], "truth": True},
            {"nodeid": "tests/test_m.py::test_b", "site": 2, "value": ["opaque", "m.Obj"]},
            {"nodeid": "tests/other.py::test_a", "site": 0, "value": ["int", "1"]}]  # not a program
    checks = values.per_test_checks(values.observe_per_test(programs, gold))
    assert checks == [{"test": "tests/test_m.py::test_a", "site": 0}, {"test": "tests/test_m.py::test_b", "site": 1}]
    assert values.host_only_sites(checks) == {"tests/test_m.py": {0, 1}}
    assert values.judge_per_test(checks, values.observe_per_test(programs, gold)) == {}
    always_equal = [{"nodeid": "tests/test_m.py::test_a", "site": 0, "value": ["opaque", "m.Same"]}]
    failures = values.judge_per_test(checks, values.observe_per_test(programs, always_equal))
    assert sorted(failures) == ["tests/test_m.py::test_a", "tests/test_m.py::test_b"]
    assert "not a plain value" in failures["tests/test_m.py::test_a"][0]
    assert "never reported" in failures["tests/test_m.py::test_b"][0]


# --- red team 2026-11-28f rows 1 and 2 (tests/hostile/redteam12: the same, end to end) -------------
PER_TEST = '''from m import f


def test_one():
    assert f(1) == 2


class TestMore:
    def test_two(self):
        assert f(2) == 4

    def test_three(self):
        for n in range(3):
            assert f(n)
'''


def _record(nodeid: str, site: int, value: object) -> dict:
    return {"nodeid": nodeid, "site": site, "value": ["int", str(value)] if type(value) is int else value}


def test_sites_are_owned_by_their_test_function_and_class():
    assert values.site_owners(PER_TEST) == {0: "test_one", 1: "TestMore::test_two", 2: "TestMore::test_three"}


def test_a_test_counts_as_passed_only_when_its_own_host_checked_sites_held():
    """Row 1: per test, whatever the run's status; a test that reported nothing at its own checked
    site is refused, another test's site does not count against it."""
    checks = [{"test_path": "tests/t.py", "site": i} for i in range(3)]
    records = [_record("tests/t.py::test_one", 0, 3),  # wrong
               _record("tests/t.py::TestMore::test_two", 1, 4),  # right
               ]  # test_three reported nothing at its own site
    tests = ["tests/t.py::test_one", "tests/t.py::TestMore::test_two", "tests/t.py::TestMore::test_three[x]"]
    failed = values.failed_tests_on_host(checks, ["tests/t.py"], [PER_TEST], records, tests)
    assert failed == {"tests/t.py::test_one", "tests/t.py::TestMore::test_three[x]"}
    assert values.failed_tests_on_host([], ["tests/t.py"], [PER_TEST], records, tests) == set()


def test_a_site_past_the_different_values_cap_never_holds():
    """Row 2: the plugin's opaque report past ``MAX_VALUES_PER_SITE`` different values fails the
    site (it is never dropped silently)."""
    site = values.value_sites(PER_TEST)[2]
    state, detail = values._site_state(site, [(["bool", True], True), (["opaque", values.TOO_MANY_VALUES], None)])
    assert state == values.OBSERVED_OPAQUE and "different values" in detail
    assert values._site_state(site, [(["bool", True], True)])[0] == values.OBSERVED_EQUAL


# --- red team 2026-11-29b (tests/hostile/redteam15: the same, end to end) ---------------------------
def test_a_set_or_dict_whose_report_collapses_when_rebuilt_is_not_a_plain_value():
    """Row 1: ``str`` subclass elements with identity equality beside the same texts are reported
    by their texts; rebuilt, the set (the dict's keys) would shrink to the expected value, and a
    dict would keep the last pair of each key text. Fewer elements than reported: opaque, at
    any depth, on every path that decodes (the executable's ``observe``, the class split's and
    the gates' ``observe_per_test``)."""
    words = [["str", w] for w in ("a", "b", "c", "a", "b")]
    padded_set = ["set", words]
    padded_dict = ["dict", [[["str", "a"], ["int", "99"]], [["str", "a"], ["int", "1"]]]]
    for report in (padded_set, ["frozenset", words], padded_dict, ["list", [padded_set]],
                   ["dict", [[["str", "k"], padded_dict]]]):
        assert refusal(report) == "duplicate_elements", report
    assert values.decode(["set", words[:3]]) == {"a", "b", "c"}  # the same texts once: the plain set
    source = "def test_a():\n    assert f() == {'a', 'b', 'c'}\n    assert g() == {'a': 1}\n"
    records = [{"nodeid": "t.py::test_a", "site": 0, "value": padded_set},
               {"nodeid": "t.py::test_a", "site": 1, "value": padded_dict}]
    seen = values.observe(["t.py"], [source], records)["t.py"]
    collapsed = (values.OBSERVED_OPAQUE, "a set or dict with elements of equal content, not a plain value")
    assert seen[0] == seen[1] == collapsed
    per_test = values.observe_per_test({"t.py": source}, records)["t.py::test_a"]
    assert per_test == seen
    checks = [{"test_path": "t.py", "site": 0}, {"test_path": "t.py", "site": 1}]
    assert len(values.judge_values(checks, {"t.py": seen})) == 2
    assert values.failed_tests_on_host(checks, ["t.py"], [source], records, ["t.py::test_a"]) == {"t.py::test_a"}


TRUTHS = '''def test_t():
    assert f()
    assert not g()
    assert h() == 0
'''


def test_truth_sites_are_judged_on_the_reported_truth_and_equal_sites_on_the_content():
    """Rows 2 and 3: ``assert X`` / ``assert not X`` hold when the truth the tested process
    reported (``bool(value)``, the plugin's own evaluation) is the one wanted, whatever the
    content: an ``int`` subclass of content 0 whose ``__bool__`` is true fails a falsy site, a
    ``re.Match`` (opaque content) holds a truthy one. A report without a real ``bool`` truth
    (a record of another shape, ``1`` for ``True``) does not hold; an equal site ignores any
    ``truth`` and keeps the content rule."""
    sites = values.value_sites(TRUTHS)
    truthy, falsy, equal = sites
    assert (truthy.kind, falsy.kind, equal.kind) == ("truthy", "falsy", "equal")
    state = values._site_state
    assert state(falsy, [(["int", "0"], True)]) == (values.OBSERVED_UNEQUAL, "got 0 (truth True), expected falsy")
    assert state(falsy, [(["int", "0"], False)]) == (values.OBSERVED_EQUAL, "")
    assert state(truthy, [(["opaque", "re.Match"], True)]) == (values.OBSERVED_EQUAL, "")
    assert state(truthy, [(["opaque", "re.Match"], False)]) == \
        (values.OBSERVED_UNEQUAL, "got a re.Match object (truth False), expected truthy")
    assert state(falsy, [(["none"], False), (["list", [["int", "1"]]], True)])[0] == values.OBSERVED_UNEQUAL
    assert state(truthy, [(["int", "1"], True), (["int", "0"], False)])[0] == values.OBSERVED_UNEQUAL  # every report
    for truth in (None, 1, "True", [True]):
        assert state(truthy, [(["bool", True], truth)]) == \
            (values.OBSERVED_OPAQUE, "no truth reported for a truth test")
    assert state(equal, [(["int", "1"], False)])[0] == values.OBSERVED_UNEQUAL  # truth ignored: 1 != 0
    assert state(equal, [(["opaque", "m.Zero"], False)])[0] == values.OBSERVED_OPAQUE
    assert state(equal, [(["int", "0"], True)])[0] == values.OBSERVED_EQUAL
    records = [{"nodeid": "t.py::test_t", "site": 0, "value": ["opaque", "re.Match"], "truth": True},
               {"nodeid": "t.py::test_t", "site": 1, "value": ["int", "0"], "truth": True},  # an always-true Flag(0)
               {"nodeid": "t.py::test_t", "site": 2, "value": ["int", "0"], "truth": True}]
    seen = values.observe(["t.py"], [TRUTHS], records)["t.py"]
    assert [seen[i][0] for i in range(3)] == [values.OBSERVED_EQUAL, values.OBSERVED_UNEQUAL, values.OBSERVED_EQUAL]
    assert values.observe_per_test({"t.py": TRUTHS}, records)["t.py::test_t"] == seen  # the class split, the gates
    assert values.reference_checks({"t.py": seen}) == \
        [{"test_path": "t.py", "site": 0}, {"test_path": "t.py", "site": 2}]
    checks = [{"test_path": "t.py", "site": i} for i in range(3)]
    assert values.judge_values(checks, {"t.py": seen}) == ["t.py assertion 1: got 0 (truth True), expected falsy"]
    assert values.failed_tests_on_host(checks, ["t.py"], [TRUTHS], records, ["t.py::test_t"]) == {"t.py::test_t"}


TRUTH_MODULE = '''import re


class Flag(int):
    def __bool__(self):
        return True


class Word(str):
    __hash__ = object.__hash__

    def __eq__(self, other):
        return self is other


CALLS = []


class Counted:
    def __bool__(self):
        CALLS.append(1)
        return len(CALLS) == 1  # true the first time only


class Broken:
    def __bool__(self):
        raise ValueError("no truth")


def flag():
    return Flag(0)


def match():
    return re.fullmatch("[0-9]+", "2026")


def words():
    return {"a", Word("a")}


def counted():
    return Counted()


def broken():
    return Broken()
'''

TRUTH_TESTS = '''from m import broken, counted, flag, match, words


def test_flag():
    assert not flag()


def test_match():
    assert match()


def test_words():
    assert words() == {"a"}


def test_counted():
    for _ in range(3):
        assert counted()


def test_broken():
    assert broken()
'''


def test_the_plugin_reports_the_truth_python_evaluates_at_truth_sites_only(tmp_path):
    """A real sandboxed run, every site host-only (as the evaluation runs them): the plugin
    reports, beside the content, the truth of a truthy/falsy site's value as the interpreter
    evaluates it, once per evaluation of the site (``Counted`` is true the first time only: the
    second and third evaluations report ``False``); a truth that raises is the test's error (no
    report); the padded set's report collapses on the host."""
    root = tmp_path / "repo"
    root.mkdir()
    (root / "m.py").write_text(TRUTH_MODULE)
    program, count = values.instrument(TRUTH_TESTS, host_only=range(5))
    assert count == 5 and "assert" not in program
    with Sandbox(root, python=sys.executable, limits=SandboxLimits(timeout=60)) as box:
        box.write("test_t.py", program)
        prun = run_pytest(box, ["test_t.py"])
    assert prun.outcomes["test_t.py::test_broken"] == "error"  # bool() raised: the test's error, as in plain pytest
    assert all(prun.outcomes[f"test_t.py::test_{n}"] == "passed" for n in ("flag", "match", "words", "counted"))
    truths = {(r["nodeid"].split("::")[1], r["site"]): [] for r in prun.channel.values}
    for r in prun.channel.values:
        truths[(r["nodeid"].split("::")[1], r["site"])].append(r.get("truth", "absent"))
    assert truths == {("test_flag", 0): [True], ("test_match", 1): [True], ("test_words", 2): ["absent"],
                      ("test_counted", 3): [True, False]}  # one report per truth and test
    seen = values.observe(["test_t.py"], [TRUTH_TESTS], prun.channel.values)["test_t.py"]
    assert seen[0] == (values.OBSERVED_UNEQUAL, "got 0 (truth True), expected falsy")
    assert seen[1] == (values.OBSERVED_EQUAL, "")
    assert seen[2][0] == values.OBSERVED_OPAQUE and "equal content" in seen[2][1]
    assert seen[3][0] == values.OBSERVED_UNEQUAL and seen[4][0] == values.OBSERVED_MISSING
