"""The flakiness check in proportion: programs of functions that use randomness run the full
number of times, the others fewer, and a program is not run again once it failed (tuning
2026-11-27e: thefuzz's 43 programs ran 10 times, 734 s, and the build ran out of time)."""

from __future__ import annotations

import pytest

from crossfile_datasets.builders.executable.build import ExecSettings, build_repository
from crossfile_datasets.builders.executable.testgen import uses_randomness
from crossfile_datasets.core.report import BuildReport
from tests.executable.conftest import make_repo

RND = {
    "rnd/__init__.py": "",
    "rnd/core.py": '''"""Shuffling and doubling."""
import random


def shuffle_copy(items: list, seed: int = 0) -> list:
    """Shuffle a copy of the items with the seed given."""
    rng = random.Random(seed)
    out = list(items)
    rng.shuffle(out)
    return out


def double(n: int) -> int:
    """Double the number given."""
    return n * 2
''',
    "tests/test_core.py": '''from rnd.core import double, shuffle_copy


def test_double():
    assert double(2) == 4


def test_shuffle_keeps_items():
    assert sorted(shuffle_copy([3, 1, 2], 5)) == [1, 2, 3]


def test_shuffle_one_seed():
    assert shuffle_copy(list(range(8)), 7) == [6, 7, 2, 4, 0, 3, 1, 5]
''',
}


@pytest.mark.slow
def test_runs_in_proportion(tmp_path):
    repo = make_repo(tmp_path / "rnd", RND, "rnd")
    report = BuildReport()
    records, stats = build_repository(repo, ExecSettings(use_pynguin=False, use_inputs=False, mutants=0, workers=1,
                                                         flaky_runs=4, flaky_runs_deterministic=2), report)
    # run 1: all three; run 2: all three (shuffle_copy's programs with another seed: the
    # one-seed test fails and is not run again); runs 3 and 4: the randomness program left
    assert stats["flakiness_runs"] == [3, 3, 1, 1]
    assert sorted(r["qualname"] for r in records) == ["double", "shuffle_copy"]
    assert any("test_shuffle_one_seed" in s for s in report.samples.get("tests/flaky", []))


def test_randomness_is_what_the_module_imports_not_a_word():
    thefuzz_like = "from rapidfuzz import process\n"
    extract = 'def extract(query, choices, limit=5):\n    """Best matches among the choices (a sample)."""\n' \
              "    return process.extract(query, choices, limit=limit)\n"
    assert not uses_randomness(extract, thefuzz_like)
    assert uses_randomness("def pick(xs):\n    return choice(xs)\n", "from random import choice\n")
    assert uses_randomness("def roll():\n    return rnd.randint(1, 6)\n", "import random as rnd\n")
    assert uses_randomness("def noise(n):\n    return np.random.rand(n)\n", "import numpy as np\n")
    assert uses_randomness("def token():\n    return os.urandom(8)\n", "import os\n")
    assert uses_randomness("def key():\n    return str(uuid.uuid4())\n", "import uuid\n")
