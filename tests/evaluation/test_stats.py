"""pass@k estimator and bootstrap intervals."""

from __future__ import annotations

from math import comb

import pytest

from crossfile_datasets.evaluation.stats import bootstrap, pass_at_k


@pytest.mark.parametrize(
    ("n", "c", "k", "expected"),
    [
        (10, 3, 1, 0.3),  # pass@1 = c / n
        (10, 3, 5, 1 - 21 / 252),  # 1 - C(7,5) / C(10,5)
        (10, 0, 5, 0.0),
        (5, 5, 5, 1.0),
        (10, 8, 5, 1.0),  # fewer than k failures: some k-subset always passes
        (2, 1, 1, 0.5),
        (4, 1, 2, 0.5),  # 1 - C(3,2)/C(4,2) = 1 - 3/6
    ],
)
def test_pass_at_k_hand_computed(n, c, k, expected):
    assert pass_at_k(n, c, k) == pytest.approx(expected)


def test_pass_at_k_matches_binomial_definition():
    for n in range(1, 21):
        for c in range(n + 1):
            for k in range(1, n + 1):
                exact = 1 - comb(n - c, k) / comb(n, k)
                assert pass_at_k(n, c, k) == pytest.approx(exact, abs=1e-12)


def test_pass_at_k_is_stable_for_large_n():
    # C(1000, 500) overflows a float; the product form does not need it
    assert pass_at_k(1000, 1, 500) == pytest.approx(0.5)


def test_pass_at_k_undefined_cases_raise():
    with pytest.raises(ValueError):
        pass_at_k(3, 1, 5)
    with pytest.raises(ValueError):
        pass_at_k(3, 4, 1)


def test_bootstrap_constant_and_seeded():
    (est,) = bootstrap([[7.0]] * 5, resamples=100, confidence=0.95, seed=0, group="g")
    assert (est.mean, est.ci_low, est.ci_high) == (7.0, 7.0, 7.0)
    values = [[float(i % 2), float(i)] for i in range(40)]
    a = bootstrap(values, resamples=500, confidence=0.9, seed=3, group="x")
    b = bootstrap(values, resamples=500, confidence=0.9, seed=3, group="x")
    c = bootstrap(values, resamples=500, confidence=0.9, seed=3, group="y")
    assert a == b and a != c
    assert a[0].mean == pytest.approx(0.5) and a[0].ci_low < 0.5 < a[0].ci_high
    assert a[1].mean == pytest.approx(19.5) and a[1].ci_low < 19.5 < a[1].ci_high
