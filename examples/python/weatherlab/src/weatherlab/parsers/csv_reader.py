"""Reading observations from the stations' CSV exports."""

from __future__ import annotations

import csv
import io
from datetime import datetime
from typing import Dict, Iterable, List, Tuple

from weatherlab.readings import Reading, Series
from weatherlab.units import TemperatureUnit, to_celsius, inhg_to_hpa

REQUIRED_COLUMNS = ("station", "time", "temperature")
TIME_FORMATS = ("%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M", "%d.%m.%Y %H:%M")


class CsvFormatError(ValueError):
    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line


def parse_time(text: str, line: int) -> datetime:
    for fmt in TIME_FORMATS:
        try:
            return datetime.strptime(text.strip(), fmt)
        except ValueError:
            continue
    raise CsvFormatError(line, f"unrecognised time {text!r}")


def _float(row: Dict[str, str], key: str, default: float, line: int) -> float:
    raw = (row.get(key) or "").strip()
    if not raw:
        return default
    try:
        return float(raw.replace(",", "."))
    except ValueError:
        raise CsvFormatError(line, f"{key} is not a number: {raw!r}") from None


def read_csv(text: str, unit_symbol: str = "C") -> Tuple[List[Reading], List[CsvFormatError]]:
    """Parse a CSV export; bad rows are collected, not fatal."""
    reader = csv.DictReader(io.StringIO(text))
    missing = [c for c in REQUIRED_COLUMNS if c not in (reader.fieldnames or [])]
    if missing:
        raise CsvFormatError(1, f"missing columns {', '.join(missing)}")
    unit = TemperatureUnit.from_symbol(unit_symbol)
    readings, errors = [], []
    for number, row in enumerate(reader, start=2):
        try:
            at = parse_time(row["time"], number)
            temperature = to_celsius(_float(row, "temperature", 0.0, number), unit)
            pressure = _float(row, "pressure_inhg", 0.0, number)
            readings.append(Reading(
                station_id=row["station"].strip(),
                at=at,
                temperature_c=round(temperature, 2),
                humidity=_float(row, "humidity", 50.0, number),
                wind_ms=_float(row, "wind", 0.0, number),
                pressure_hpa=inhg_to_hpa(pressure) if pressure else 1013.25,
            ))
        except CsvFormatError as error:
            errors.append(error)
    return readings, errors


def group_by_station(readings: Iterable[Reading]) -> Dict[str, Series]:
    series: Dict[str, Series] = {}
    for reading in readings:
        if reading.station_id not in series:
            series[reading.station_id] = Series(reading.station_id)
        series[reading.station_id].add(reading)
    return series
