"""Finding unusual readings: z-scores against a rolling baseline, sudden jumps, frost."""

from __future__ import annotations

from dataclasses import dataclass
from typing import List

from ..readings import Reading, Series
from . import stats
from .stats import summarize


@dataclass(frozen=True)
class Anomaly:
    reading: Reading
    kind: str
    score: float

    def describe(self) -> str:
        return f"{self.reading.station_id} {self.reading.at:%Y-%m-%d %H:%M} {self.kind} ({self.score:.1f})"


class AnomalyDetector:
    """Flags readings far from the recent baseline or changing too fast."""

    def __init__(self, window: int = 24, z_threshold: float = 3.0, max_jump: float = 8.0) -> None:
        if window < 3:
            raise ValueError("window must hold at least three readings")
        self.window = window
        self.z_threshold = z_threshold
        self.max_jump = max_jump

    def z_score(self, value: float, baseline: List[float]) -> float:
        spread = stats.stdev(baseline)
        if spread == 0:
            return 0.0
        return (value - stats.mean(baseline)) / spread

    def scan(self, series: Series) -> List[Anomaly]:
        found: List[Anomaly] = []
        readings = series.readings()
        for index, reading in enumerate(readings):
            baseline = [r.temperature_c for r in readings[max(0, index - self.window):index]]
            if len(baseline) >= 3:
                score = self.z_score(reading.temperature_c, baseline)
                if abs(score) >= self.z_threshold:
                    found.append(Anomaly(reading, "outlier", score))
            if index > 0:
                jump = reading.temperature_c - readings[index - 1].temperature_c
                if abs(jump) >= self.max_jump:
                    found.append(Anomaly(reading, "jump", jump))
            if reading.is_freezing() and reading.humidity > 90:
                found.append(Anomaly(reading, "icing", reading.humidity))
        return found

    def stable(self, series: Series) -> bool:
        summary = summarize(series)
        return summary.count > 0 and summary.spread() < self.max_jump
