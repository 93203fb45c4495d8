"""Descriptive statistics over series of readings."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import List, Sequence

from weatherlab.readings import Series
from weatherlab.units import celsius_to_fahrenheit


@dataclass(frozen=True)
class Summary:
    count: int
    mean: float
    minimum: float
    maximum: float
    stdev: float

    def spread(self) -> float:
        return self.maximum - self.minimum


def mean(values: Sequence[float]) -> float:
    if not values:
        raise ValueError("mean of empty data")
    return math.fsum(values) / len(values)


def stdev(values: Sequence[float]) -> float:
    if len(values) < 2:
        return 0.0
    center = mean(values)
    return math.sqrt(math.fsum((v - center) ** 2 for v in values) / (len(values) - 1))


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        raise ValueError("percentile of empty data")
    position = (len(ordered) - 1) * q / 100.0
    low, high = math.floor(position), math.ceil(position)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def summarize(series: Series, attribute: str = "temperature_c") -> Summary:
    """Summary statistics of one attribute of a series."""
    values = series.values(attribute)
    if not values:
        return Summary(0, math.nan, math.nan, math.nan, math.nan)
    return Summary(len(values), mean(values), min(values), max(values), stdev(values))


def daily_means(series: Series) -> List[tuple]:
    buckets = {}
    for reading in series.readings():
        buckets.setdefault(reading.at.date(), []).append(reading.temperature_c)
    return [(day, round(mean(values), 2)) for day, values in sorted(buckets.items())]


def fahrenheit_summary(series: Series) -> Summary:
    base = summarize(series)
    convert = celsius_to_fahrenheit
    return Summary(base.count, convert(base.mean), convert(base.minimum), convert(base.maximum), base.stdev * 9.0 / 5.0)
