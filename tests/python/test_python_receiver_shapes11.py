"""Receivers typed without running code, eleventh set: the Python misses of held-out 17
(python-attrs/cattrs, now a tuning case), written here from scratch:

- members of a name unpacked from a project call whose return annotation is a fixed-length
  tuple (``done, rest = job.split()`` with ``-> tuple[list[tuple[str, Mark]], list[str]]``), and
  of the names of a loop over such a value (``for text, mark in done: mark.offset``), after an
  ``isinstance`` narrowing of the call's receiver;
- members of an unannotated fixture parameter whose fixture calls a class handed out by another
  fixture parametrized over classes (``params=(Plain, Fancy)``, ``return request.param``): the
  first class stands for both, as for ``isinstance(x, (A, B))``.

Checked with the real Pylint and our plugins.
"""

from __future__ import annotations

import pytest

from tests.python.helpers import usages_of

pytestmark = pytest.mark.pylint

FIXTURE = {
    "marks/__init__.py": "",
    "marks/kinds.py": (
        "from __future__ import annotations\n"
        "class Mark(str):\n"
        "    offset: int\n"
        "    label: str\n"
        "    def __new__(cls, text: str, offset: int, label: str) -> 'Mark':\n"
        "        made = str.__new__(cls, text)\n"
        "        made.offset = offset\n"
        "        made.label = label\n"
        "        return made\n"
        "class Job:\n"
        "    def __init__(self, items) -> None:\n"
        "        self.items = items\n"
        "    def split(self) -> tuple[list[tuple[str, Mark]], list[str]]:\n"
        "        done = []\n"
        "        rest = []\n"
        "        for item in self.items:\n"
        "            (done if isinstance(item, tuple) else rest).append(item)\n"
        "        return done, rest\n"
        "    def pair(self) -> tuple[Mark, 'Job']:\n"
        "        return getattr(self, 'first')(), self\n"
    ),
    "marks/report.py": (
        "from __future__ import annotations\n"
        "from marks.kinds import Job\n"
        "def render(job: Job | int) -> list[str]:\n"
        "    lines = []\n"
        "    if isinstance(job, Job):\n"
        "        done, rest = job.split()\n"
        "        for text, mark in done:\n"
        "            lines.append(f'{text} {mark.offset}')\n"         # 8: offset
        "            lines.append(mark.label)\n"                      # 9: label
        "        lines.extend(rest)\n"
        "        first, again = job.pair()\n"
        "        lines.append(first.label)\n"                         # 12: label
        "        lines.append(str(len(again.items)))\n"               # 13: items
        "    return lines\n"
    ),
    "marks/engines.py": (
        "class Plain:\n"
        "    def __init__(self, strict: bool = False) -> None:\n"
        "        self.strict = strict\n"
        "    def run(self, text: str) -> str:\n"
        "        return text\n"
        "class Fancy(Plain):\n"
        "    def run(self, text: str) -> str:\n"
        "        return text.upper()\n"
    ),
    "tests/__init__.py": "",
    "tests/conftest.py": (
        "import pytest\n"
        "from marks.engines import Fancy, Plain\n"
        "@pytest.fixture(params=(True, False))\n"
        "def engine(request, engine_cls):\n"
        "    return engine_cls(strict=request.param)\n"
        "@pytest.fixture(params=(Plain, Fancy))\n"
        "def engine_cls(request):\n"
        "    return request.param\n"
        "@pytest.fixture(params=(1, 2))\n"
        "def number(request):\n"
        "    return request.param\n"
    ),
    "tests/test_engines.py": (
        "from marks.engines import Plain\n"
        "def test_run(engine):\n"
        "    assert engine.run('a')\n"                                # 3: run
        "    assert engine.strict in (True, False)\n"                 # 4: strict
        "def test_class(engine_cls):\n"
        "    assert engine_cls.run\n"                                 # 6: run (the class itself)
        "def test_number(number):\n"
        "    assert number.real\n"                                    # 8: int, not the project's
        "def test_typed(engine: Plain):\n"                            # 9: Plain
        "    assert engine.run('b')\n"
    ),
}

EXPECTED = {
    ("marks/report.py", 8, "offset"): "marks/kinds.py",
    ("marks/report.py", 9, "label"): "marks/kinds.py",
    ("marks/report.py", 12, "label"): "marks/kinds.py",
    ("marks/report.py", 13, "items"): "marks/kinds.py",
    ("marks/report.py", 6, "split"): "marks/kinds.py",
    ("marks/report.py", 11, "pair"): "marks/kinds.py",
    ("tests/test_engines.py", 3, "run"): "marks/engines.py",
    ("tests/test_engines.py", 4, "strict"): "marks/engines.py",
    ("tests/test_engines.py", 6, "run"): "marks/engines.py",
    ("tests/test_engines.py", 10, "run"): "marks/engines.py",
}


@pytest.fixture(scope="module")
def found(tmp_path_factory):
    usages, report, _ = usages_of(tmp_path_factory.mktemp("shapes11") / "repo", FIXTURE)
    assert not [k for k in report.counts if k.startswith("files/checker")], dict(report.counts)
    return {(u.file, u.line, u.member): u for u in usages
            if u.file in ("marks/report.py", "tests/test_engines.py") and u.member}


@pytest.mark.slow
def test_unpacked_tuple_returns_and_parametrized_class_fixtures(found):
    assert {key: u.definition_file for key, u in found.items()} == EXPECTED
    assert found[("tests/test_engines.py", 3, "run")].definition_symbol == "Plain.run"
    assert found[("marks/report.py", 8, "offset")].definition_symbol == "Mark.offset"
