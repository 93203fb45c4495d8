"""Estimators: percentile bootstrap intervals and the unbiased pass@k.

Both are deterministic: the bootstrap draws from a generator seeded by the user's seed and
the group's name, so adding a language to a split does not move another language's interval.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from crossfile_datasets.evaluation.constants import BOOTSTRAP_CHUNK


@dataclass(frozen=True)
class Estimate:
    mean: float
    ci_low: float
    ci_high: float

    def to_dict(self, digits: int = 4) -> dict:
        return {"mean": round(self.mean, digits), "ci_low": round(self.ci_low, digits), "ci_high": round(self.ci_high, digits)}


def bootstrap(
    values: Sequence[Sequence[float]],
    *,
    resamples: int,
    confidence: float,
    seed: int,
    group: str,
) -> list[Estimate]:
    """Mean and percentile-bootstrap interval of each column of ``values`` (rows = examples).

    All columns are resampled with the same example indices (paired), so the intervals of
    related metrics are consistent with each other.
    """
    data = np.asarray(values, dtype=float)
    if data.ndim != 2 or data.shape[0] == 0:
        raise ValueError("bootstrap needs at least one example")
    n, m = data.shape
    means = data.mean(axis=0)
    if resamples <= 0 or n == 1:
        return [Estimate(float(v), float(v), float(v)) for v in means]
    rng = np.random.default_rng(np.random.SeedSequence([seed, zlib.crc32(group.encode("utf-8"))]))
    sampled = np.empty((resamples, m))
    per_call = max(1, BOOTSTRAP_CHUNK // n)
    for start in range(0, resamples, per_call):
        count = min(per_call, resamples - start)
        idx = rng.integers(0, n, size=(count, n))
        sampled[start : start + count] = data[idx].mean(axis=1)
    alpha = (1.0 - confidence) / 2.0
    low = np.quantile(sampled, alpha, axis=0)
    high = np.quantile(sampled, 1.0 - alpha, axis=0)
    return [Estimate(float(a), float(lo), float(hi)) for a, lo, hi in zip(means, low, high)]


def pass_at_k(n: int, c: int, k: int) -> float:
    """Unbiased estimate of pass@k from ``n`` samples of which ``c`` pass (Chen et al. 2021).

    ``1 - C(n-c, k) / C(n, k)`` computed as ``1 - prod_{i=n-c+1}^{n} (1 - k/i)``, which never
    forms the (huge) binomial coefficients.
    """
    if not 0 <= c <= n:
        raise ValueError(f"need 0 <= c <= n, got n={n}, c={c}")
    if k <= 0 or k > n:
        raise ValueError(f"pass@{k} is undefined with {n} samples")
    if n - c < k:
        return 1.0
    product = 1.0
    for i in range(n - c + 1, n + 1):
        product *= 1.0 - k / i
    return 1.0 - product
