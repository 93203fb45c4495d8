"""bench/prompt_names.py: the 95th percentile of a few prompt sizes (held-out 15: the middle of
python-slugify's three sizes, 597 of 164 / 597 / 3,375, was printed as its p95)."""

from __future__ import annotations

from bench.prompt_names import nearest_rank


def test_p95_of_few_values_is_the_largest():
    assert nearest_rank([164, 597, 3375], 0.95) == 3375
    assert nearest_rank([5], 0.95) == 5
    assert nearest_rank([], 0.95) == 0


def test_p95_of_many_values():
    values = list(range(1, 101))
    assert nearest_rank(values, 0.95) == 95
    assert nearest_rank(values, 0.5) == 50
    assert nearest_rank(list(range(1, 39)), 0.95) == 37  # 38 values: ceil(36.1) = 37th
