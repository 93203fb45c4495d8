"""Weather stations and a registry to look them up."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Dict, Iterator, List, Optional

EARTH_RADIUS_KM = 6371.0


@dataclass(frozen=True)
class Coordinates:
    latitude: float
    longitude: float

    def distance_km(self, other: "Coordinates") -> float:
        lat1, lat2 = math.radians(self.latitude), math.radians(other.latitude)
        dlat = lat2 - lat1
        dlon = math.radians(other.longitude - self.longitude)
        h = math.sin(dlat / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin(dlon / 2) ** 2
        return 2 * EARTH_RADIUS_KM * math.asin(math.sqrt(h))


@dataclass
class Station:
    station_id: str
    name: str
    location: Coordinates
    elevation_m: float = 0.0
    tags: List[str] = field(default_factory=list)

    def is_mountain(self) -> bool:
        return self.elevation_m >= 1500.0


class StationRegistry:
    def __init__(self) -> None:
        self._stations: Dict[str, Station] = {}

    def register(self, station: Station) -> None:
        if station.station_id in self._stations:
            raise ValueError(f"duplicate station {station.station_id}")
        self._stations[station.station_id] = station

    def get(self, station_id: str) -> Optional[Station]:
        return self._stations.get(station_id)

    def __iter__(self) -> Iterator[Station]:
        return iter(sorted(self._stations.values(), key=lambda s: s.station_id))

    def __len__(self) -> int:
        return len(self._stations)

    def nearest(self, point: Coordinates, limit: int = 3) -> List[Station]:
        ranked = sorted(self, key=lambda s: s.location.distance_km(point))
        return ranked[:limit]

    def tagged(self, tag: str) -> List[Station]:
        return [s for s in self if tag in s.tags]
