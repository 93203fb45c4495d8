"""Reading station metadata and observations from JSON documents."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any, Dict, List

from weatherlab import stations as st
from weatherlab.readings import Reading
from weatherlab.units import TemperatureUnit


class JsonFormatError(ValueError):
    pass


def _require(obj: Dict[str, Any], key: str, context: str) -> Any:
    if key not in obj:
        raise JsonFormatError(f"{context}: missing '{key}'")
    return obj[key]


def _coordinates(obj: Dict[str, Any], context: str):
    location = _require(obj, "location", context)
    if not isinstance(location, dict):
        raise JsonFormatError(f"{context}: location must be an object")
    latitude = float(_require(location, "lat", context))
    longitude = float(_require(location, "lon", context))
    if not (-90 <= latitude <= 90 and -180 <= longitude <= 180):
        raise JsonFormatError(f"{context}: coordinates out of range")
    return st.Coordinates(latitude, longitude)


def load_stations(text: str) -> st.StationRegistry:
    """Build a registry from ``{"stations": [...]}``."""
    document = json.loads(text)
    registry = st.StationRegistry()
    for position, entry in enumerate(_require(document, "stations", "document")):
        context = f"stations[{position}]"
        station = st.Station(
            station_id=str(_require(entry, "id", context)),
            name=str(entry.get("name", "")),
            location=_coordinates(entry, context),
            elevation_m=float(entry.get("elevation", 0.0)),
            tags=list(entry.get("tags", [])),
        )
        registry.register(station)
    return registry


def load_observations(text: str) -> List[Reading]:
    document = json.loads(text)
    unit = TemperatureUnit.from_symbol(document.get("unit", "C"))
    readings = []
    for position, entry in enumerate(_require(document, "observations", "document")):
        context = f"observations[{position}]"
        value = float(_require(entry, "temperature", context))
        if unit is not TemperatureUnit.CELSIUS:
            value = (value - 32.0) * 5.0 / 9.0 if unit is TemperatureUnit.FAHRENHEIT else value - 273.15
        readings.append(Reading(str(_require(entry, "station", context)),
                                datetime.fromisoformat(_require(entry, "time", context)), value))
    return readings
