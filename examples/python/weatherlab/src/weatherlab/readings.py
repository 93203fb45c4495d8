"""A single observation and a time series of them."""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Iterable, List, Optional


@dataclass(frozen=True)
class Reading:
    station_id: str
    at: datetime
    temperature_c: float
    humidity: float = 50.0
    wind_ms: float = 0.0
    pressure_hpa: float = 1013.25

    def is_freezing(self) -> bool:
        return self.temperature_c <= 0.0


class Series:
    """Readings of one station, kept sorted by time."""

    def __init__(self, station_id: str, readings: Iterable[Reading] = ()) -> None:
        self.station_id = station_id
        self._items: List[Reading] = []
        for reading in readings:
            self.add(reading)

    def add(self, reading: Reading) -> None:
        if reading.station_id != self.station_id:
            raise ValueError("reading belongs to another station")
        index = bisect_left([r.at for r in self._items], reading.at)
        self._items.insert(index, reading)

    def __len__(self) -> int:
        return len(self._items)

    def values(self, attribute: str = "temperature_c") -> List[float]:
        return [getattr(r, attribute) for r in self._items]

    def window(self, start: datetime, length: timedelta) -> "Series":
        end = start + length
        return Series(self.station_id, (r for r in self._items if start <= r.at < end))

    def latest(self) -> Optional[Reading]:
        return self._items[-1] if self._items else None

    def readings(self) -> List[Reading]:
        return list(self._items)
