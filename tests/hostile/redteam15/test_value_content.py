"""Verdicts of the executable evaluation (``evaluate_executable`` -> ``run_problem_tests``) on
problems built the real way (``build_executable_split``: the suite under coverage, validation,
the gold and mutation gates), from a committed git repository, judged with bubblewrap, pytest
and the harness plugin. Every checked site of these problems is host-only: the ``assert`` is gone
from the program the sandbox runs, the plugin encodes the value with the built-in types' own
methods and the host decodes it and judges it (``sandbox/values.py``). The answers below only
*return values* (instances of small subclasses of built-in types, defined inside the function):
no patching, no access to the plugin, the token or the channel."""

from __future__ import annotations

import json
import sys

import pytest

from crossfile_datasets.builders.executable.build import build_executable_split
from crossfile_datasets.builders.repos import RepoSpec, resolve
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.core.repository_roots import without_root, write_roots
from crossfile_datasets.evaluation.executable import RunSettings, evaluate_executable
from tests.hostile.redteam11._git import commit_all

pytestmark = pytest.mark.slow

WORDS = '''"""Words of a text."""

import re


def distinct_words(text):
    """The distinct words of ``text`` (split on white space), as a set."""
    found = set()
    for word in text.split():
        found.add(word.lower())
    return found


def word_counts(text):
    """How many times each word of ``text`` occurs, as a dict."""
    counts = {}
    for word in text.split():
        counts[word.lower()] = counts.get(word.lower(), 0) + 1
    return counts


def is_blank(text):
    """Whether ``text`` holds nothing but white space."""
    return len(text.strip()) == 0


def is_number(text):
    """Whether ``text`` is a run of ASCII digits."""
    return re.fullmatch(r"[0-9]+", text) is not None
'''
WORDS_TESTS = '''from words.core import distinct_words, is_blank, is_number, word_counts


def test_distinct_words():
    assert distinct_words("b a B c") == {"a", "b", "c"}


def test_word_counts():
    assert word_counts("b a B c") == {"a": 1, "b": 2, "c": 1}


def test_blank():
    assert is_blank("  \\t ")


def test_not_blank():
    assert not is_blank(" x ")


def test_number():
    assert is_number("2026")


def test_not_number():
    assert not is_number("20x6")
'''

# Row 1: the right words plus, for each word of the text, an instance of a ``str`` subclass holding the same
# text with identity hashing: a set of 7 elements for ``"b a B c"`` (``len`` 7, ``!= {"a", "b", "c"}`` in Python).
# The plugin encodes each element by its text; the host rebuilds a set from the texts: 3 elements.
SET_PADDED = '''def distinct_words(text):
    class Word(str):
        __hash__ = object.__hash__

        def __eq__(self, other):
            return self is other

    found = {word.lower() for word in text.split()}
    found.update(Word(word.lower()) for word in text.split())
    return found
'''
# Row 1, dict: every word first with a wrong count (99) under a ``str`` subclass key of the same
# text, then the right counts under plain keys: 7 entries, ``counts["a"]`` in Python is 1 but
# iteration, ``len``, ``items()`` and ``==`` see the 99s. The host's ``dict(pairs)`` keeps the
# last pair of each text: the right dict.
DICT_PADDED = '''def word_counts(text):
    class Word(str):
        __hash__ = object.__hash__

        def __eq__(self, other):
            return self is other

    counts = {Word(word.lower()): 99 for word in text.split()}
    for word in text.split():
        counts[word.lower()] = counts.get(word.lower(), 0) + 1
    return counts
'''
# Row 2: an ``int`` subclass whose truth is always true: ``is_blank(" x ")`` is truthy wherever
# the program uses it (``if is_blank(...)``, ``not is_blank(...)`` is False) but its content is 0.
ALWAYS_TRUE = '''def is_blank(text):
    class Flag(int):
        def __bool__(self):
            return True

    return Flag(len(text.strip()) == 0)
'''
# Row 3: a *correct* answer, as idiomatic Python writes a predicate: the match (truthy) or None.
# Every caller's ``if``/``not`` and the repository's own tests behave as with the reference.
MATCH = '''def is_number(text):
    import re

    return re.fullmatch(r"[0-9]+", text)
'''
# Controls: the same wrong values as plain values fail.
SET_WRONG = '''def distinct_words(text):
    return {word.lower() for word in text.split()} | {"A"}
'''
DICT_WRONG = '''def word_counts(text):
    return {word.lower(): 99 for word in text.split()}
'''
BLANK_WRONG = '''def is_blank(text):
    return True
'''
NUMBER_WRONG = '''def is_number(text):
    return True
'''


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    base = tmp_path_factory.mktemp("redteam15-exec")
    files = {"words/__init__.py": "", "words/core.py": WORDS, "tests/test_core.py": WORDS_TESTS}
    for rel, text in files.items():
        (base / "words" / rel).parent.mkdir(parents=True, exist_ok=True)
        (base / "words" / rel).write_text(text)
    commit_all(base / "words")
    out = base / "out"
    records = build_executable_split([resolve(RepoSpec(path=str(base / "words")))], out, allow_execution=True, seed=3,
                                     workers=1, report=BuildReport(), use_pynguin=False, mutants=4)
    by_name = {r["entry_point"]: r for r in records}
    if not {"distinct_words", "word_counts", "is_blank", "is_number"} <= set(by_name):
        stats = out / "python" / "executable_stats.json"
        pytest.fail(f"the problems were not built: {sorted(by_name)}; {stats.read_text()[:3000] if stats.exists() else ''}")
    for name, record in by_name.items():
        if not record.get("value_checks"):
            pytest.fail(f"{name}: no host-checked site: {record.get('value_checks')}")
    split = base / "split" / "executable.jsonl"
    split.parent.mkdir()
    split.write_text("".join(json.dumps(without_root(r)) + "\n" for r in records))
    write_roots(split.parent, records, name_key="project")
    return by_name, split


ATTACKS = {"distinct_words": SET_PADDED, "word_counts": DICT_PADDED, "is_blank": ALWAYS_TRUE, "is_number": MATCH}
PLAIN_WRONG = {"distinct_words": SET_WRONG, "word_counts": DICT_WRONG, "is_blank": BLANK_WRONG,
               "is_number": NUMBER_WRONG}


@pytest.fixture(scope="module")
def judged(built, tmp_path_factory):
    """One evaluation of the split: every problem's gold (``gold``), a plain wrong value
    (``plain_wrong``) and the attack (``attack``): {(entry point, context): result row}."""
    by_name, split = built
    names = {r["id"]: name for name, r in by_name.items()}
    contexts = {"gold": {n: r["solution"] for n, r in by_name.items()}, "plain_wrong": PLAIN_WRONG, "attack": ATTACKS}
    work = tmp_path_factory.mktemp("redteam15-judged")
    preds = work / "preds.jsonl"
    preds.write_text("".join(json.dumps({"task_id": by_name[name]["id"], "context_size": context,
                                         "generations": [code]}) + "\n"
                             for context, codes in contexts.items() for name, code in codes.items()))
    results = work / "results.jsonl"
    evaluate_executable(split, preds, results, settings=RunSettings(timeout=120, test_timeout=60, python=sys.executable))
    rows = {(names[row["task_id"]], row["context_size"]): row for row in map(json.loads, results.read_text().splitlines())}
    print(json.dumps({f"{k[0]}@{k[1]}": {f: v.get(f) for f in ("passed", "status", "tests_passed", "detail")}
                      for k, v in rows.items()}, indent=1)[:6000])
    return rows


def verdicts(judged, name: str) -> dict[str, dict]:
    """{context: row} of one problem, after its controls: gold passes, the plain wrong value fails."""
    rows = {context: row for (n, context), row in judged.items() if n == name}
    if not rows["gold"]["passed"]:
        pytest.fail(f"gold does not pass: {rows['gold']}")
    if rows["plain_wrong"]["passed"]:
        pytest.fail(f"the plain wrong answer passes: {rows['plain_wrong']}")
    return rows


def real_value(code: str, name: str, *args):
    """What the answer returns, as the program (and any caller) sees it."""
    scope: dict = {}
    exec(compile(code, "<answer>", "exec"), scope)  # noqa: S102 - our own test constant
    return scope[name](*args)


def test_a_set_with_extra_elements_of_the_same_text_does_not_pass(judged):
    """Forged verdict (executable evaluation; the gates and the Python class evaluation decode the
    same way). ``distinct_words("b a B c")`` returns 7 elements: ``!= {"a", "b", "c"}`` in any
    Python, ``len`` 7. The plugin encodes a ``str`` subclass by its text (so that it cannot lie
    about its content) and the host's ``decode`` builds ``set(items)``: the duplicates of the
    same text collapse, the host sees ``{"a", "b", "c"}``: **passed**. Safe: a set or dict whose
    decoded elements (keys) collapse is not the value the program returned: opaque, not held."""
    wrong = real_value(SET_PADDED, "distinct_words", "b a B c")
    if wrong == {"a", "b", "c"} or len(wrong) != 7:
        pytest.fail(f"the padded set is not wrong in Python: {wrong!r}")
    rows = verdicts(judged, "distinct_words")
    assert not rows["attack"]["passed"], rows["attack"].get("detail")


def test_a_dict_with_extra_keys_of_the_same_text_does_not_pass(judged):
    """Forged verdict, the dict side of row 1: ``word_counts("b a B c")`` returns 7 entries, the
    first three (``Word`` keys) with the wrong count 99: ``!=`` the expected dict in Python, and
    ``for word, n in counts.items()`` sees the 99s. The host's ``dict(pairs)`` keeps the last
    pair of each text: the expected dict, **passed**. The same 99s as plain keys fail."""
    wrong = real_value(DICT_PADDED, "word_counts", "b a B c")
    if wrong == {"a": 1, "b": 2, "c": 1} or 99 not in wrong.values():
        pytest.fail(f"the padded dict is not wrong in Python: {wrong!r}")
    rows = verdicts(judged, "word_counts")
    assert not rows["attack"]["passed"], rows["attack"].get("detail")


def test_an_always_true_flag_does_not_pass_a_falsy_site(judged):
    """Forged verdict (executable evaluation; the Python class evaluation judges truthy/falsy sites
    the same way). ``is_blank(" x ")`` returns ``Flag(0)`` whose ``__bool__`` is true: the
    repository's own ``assert not is_blank(" x ")`` fails in plain pytest and every ``if
    is_blank(...)`` of a caller takes the blank branch; the host judges ``bool(0)``: **passed**.
    ``return True`` fails (control). Safe: the truth of a value whose type overrides
    ``__bool__``/``__len__`` is not judged from its content (the plugin reports the value's own
    truth for truthy/falsy sites, or such a value is opaque there)."""
    if not real_value(ALWAYS_TRUE, "is_blank", " x "):
        pytest.fail("the flag is not truthy in Python")
    rows = verdicts(judged, "is_blank")
    assert not rows["attack"]["passed"], rows["attack"].get("detail")


def test_a_repository_truth_test_passed_by_a_match_counts_as_passed(judged):
    """Test pass rate understated (executable evaluation's ``tests_passed`` / ``test_pass_rate``;
    the Python class evaluation judges a class task's host-only sites the same way, test by test).
    ``is_number`` returns ``re.fullmatch(...)``: the match (truthy) or ``None``, as idiomatic
    Python writes a predicate. The repository's own ``assert is_number("2026")`` and ``assert not
    is_number("20x6")`` pass with it in plain Python (checked here, in this process). The problem's
    generated input programs pin the reference's exact value (``== True``, ``== False``, assertion
    repair): those fail in plain pytest too, so the problem is rightly failed. But both repository
    tests' sites are host-only (the reference returned a ``bool``), and the truthy site's value is
    a ``re.Match``, which the plugin encodes as ``opaque``, never held: ``test_number`` is counted
    failed (``tests_passed`` 1, plain pytest passes 2). Safe: a truthy or falsy site is judged on
    the value's truth (``bool(value)`` in the tested process, reported as a plain bool)."""
    scope: dict = {}
    exec(compile(MATCH, "<answer>", "exec"), scope)  # noqa: S102 - our own test constant
    if not (scope["is_number"]("2026") and not scope["is_number"]("20x6")):
        pytest.fail("the match answer does not pass the repository's tests in plain Python")
    rows = verdicts(judged, "is_number")
    if rows["attack"]["passed"] or not isinstance(rows["attack"].get("tests_passed"), int):
        pytest.fail(f"the problem's pinned input programs should fail the match answer: {rows['attack']}")
    # plain pytest passes the two repository tests (``tests/test_cfd_*``: ``test_number`` and
    # ``test_not_number``); every pinned ``== True`` / ``== False`` program fails
    assert rows["attack"]["tests_passed"] >= 2, (rows["attack"]["tests_passed"], rows["attack"].get("detail"))
