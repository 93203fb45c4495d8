"""Turning anomalies and thresholds into alerts for station operators."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Callable, Dict, List

import weatherlab.stations as stations_module
from weatherlab.analysis.anomalies import AnomalyDetector, Anomaly
from weatherlab.readings import Series
from weatherlab.units import ms_to_knots, dew_point

SEVERITIES = ("info", "warning", "critical")


@dataclass
class Alert:
    station_id: str
    severity: str
    text: str
    raised_at: datetime = field(default_factory=datetime.now)

    def __post_init__(self) -> None:
        if self.severity not in SEVERITIES:
            raise ValueError(f"unknown severity {self.severity}")


Notifier = Callable[[Alert], None]


class AlertCenter:
    """Collects alerts per station and forwards them to notifiers."""

    def __init__(self, registry, detector=None) -> None:
        self.registry = registry
        self.detector = detector or AnomalyDetector()
        self.notifiers: List[Notifier] = []
        self.raised: Dict[str, List[Alert]] = {}

    def subscribe(self, notifier: Notifier) -> None:
        self.notifiers.append(notifier)

    def _raise(self, alert: Alert) -> None:
        self.raised.setdefault(alert.station_id, []).append(alert)
        for notify in self.notifiers:
            notify(alert)

    def check_series(self, series: Series) -> int:
        station = self.registry.get(series.station_id)
        name = station.name if station else series.station_id
        count = 0
        for anomaly in self.detector.scan(series):
            severity = "critical" if anomaly.kind == "icing" else "warning"
            self._raise(Alert(series.station_id, severity, f"{name}: {anomaly.describe()}"))
            count += 1
        latest = series.latest()
        if latest is not None and ms_to_knots(latest.wind_ms) >= 34:
            self._raise(Alert(series.station_id, "critical", f"{name}: gale force wind"))
            count += 1
        if latest is not None and latest.temperature_c - dew_point(latest.temperature_c, latest.humidity) < 1.0:
            self._raise(Alert(series.station_id, "info", f"{name}: fog likely"))
            count += 1
        return count

    def worst(self, station_id: str) -> str:
        alerts = self.raised.get(station_id, [])
        if not alerts:
            return "none"
        return max(alerts, key=lambda a: SEVERITIES.index(a.severity)).severity


def mountain_alert_center() -> AlertCenter:
    """An alert center for mountain stations, with a more sensitive detector."""
    registry = stations_module.StationRegistry()
    detector = AnomalyDetector(window=12, z_threshold=2.5)
    center = AlertCenter(registry, detector)
    center.subscribe(lambda alert: None)
    return center


def summarize_anomalies(anomalies: List[Anomaly]) -> Dict[str, int]:
    counts: Dict[str, int] = {}
    for anomaly in anomalies:
        counts[anomaly.kind] = counts.get(anomaly.kind, 0) + 1
    return counts
