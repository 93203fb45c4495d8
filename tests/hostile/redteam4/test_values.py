"""Work the host does on the literals of a test program: every checked assertion's expected
value is rebuilt on the host with ``ast.literal_eval`` (``sandbox/values.py:value_sites``),
before and after every run of a problem's tests."""

from __future__ import annotations

import pytest

from tests.hostile.redteam2.conftest import growth

# ints that are distinct but all hash to 0 (Python hashes ints modulo 2**61 - 1)
M = 2 ** 61 - 1


def program(numbers) -> str:
    """A generated-test-shaped program: one test asserting a call's value against a set literal."""
    return "def test_totals():\n    assert totals() == {" + ", ".join(map(str, numbers)) + "}\n"


@pytest.mark.slow
def test_a_set_literal_of_colliding_ints_in_a_test_does_not_stall_the_host():
    """Host hang (build: the test programs come from the repository's tests and are parsed in
    testgen, the gold gate and every mutant's run; executable evaluation: every generation's run
    parses the problem's programs twice, ``instrument`` and ``observe``, and a published split's
    programs are anyone's text). ``_literal`` hands each side of ``assert x == <literal>`` to
    ``ast.literal_eval``, which builds the set: 8,000 ints of hash 0 (195 kB) take 0.9 s against
    0.05 s for 8,000 ordinary ints, 40,000 (a 1 MB test module) 49 s against 0.5 s, per parse, outside
    every time limit. Growth ratios (8 times the ints: about 8 when linear, 64 when quadratic),
    CPU time, collector off. Contained: ``core.literals.literal_eval`` refuses a set or dict of
    more than ``MAX_SAME_HASH`` distinct keys of one hash (not a literal: the site is not checked
    on the host) before building it."""
    from crossfile_datasets.sandbox.values import value_sites

    colliding = growth(value_sites, lambda n: program(k * M for k in range(1, n)), 1000)
    ordinary = growth(value_sites, lambda n: program(k * M + k for k in range(1, n)), 1000)
    if ordinary >= 24:
        pytest.fail(f"an ordinary set literal already grows {ordinary:.1f}x for 8x the ints: the measure is off")
    assert colliding < 24, (colliding, ordinary)
