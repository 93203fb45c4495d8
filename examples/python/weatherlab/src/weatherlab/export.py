"""Exporting summaries as CSV and Markdown tables."""

from __future__ import annotations

import csv
import io
from typing import Dict, Iterable, List

from weatherlab.analysis import stats as statistics_module
from weatherlab.analysis.stats import Summary, daily_means
from weatherlab.readings import Series
from weatherlab.stations import StationRegistry

COLUMNS = ("station", "count", "mean", "min", "max", "stdev")


def _fmt(value: float) -> str:
    return "nan" if value != value else f"{value:.2f}"


def summary_row(station_id: str, summary: Summary) -> List[str]:
    return [
        station_id,
        str(summary.count),
        _fmt(summary.mean),
        _fmt(summary.minimum),
        _fmt(summary.maximum),
        _fmt(summary.stdev),
    ]


def to_csv(series_by_station: Dict[str, Series]) -> str:
    """One row per station with descriptive statistics of its temperatures."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(COLUMNS)
    for station_id in sorted(series_by_station):
        summary = statistics_module.summarize(series_by_station[station_id])
        writer.writerow(summary_row(station_id, summary))
    return buffer.getvalue()


def to_markdown(series_by_station: Dict[str, Series], registry: StationRegistry) -> str:
    lines = ["| " + " | ".join(COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
    for station_id in sorted(series_by_station):
        station = registry.get(station_id)
        label = station.name if station is not None else station_id
        row = summary_row(label, statistics_module.summarize(series_by_station[station_id]))
        lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines) + "\n"


def daily_table(series: Series) -> Iterable[str]:
    yield "date,mean_c"
    for day, value in daily_means(series):
        yield f"{day.isoformat()},{value}"
