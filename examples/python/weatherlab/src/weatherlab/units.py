"""Unit conversions used across the package."""

from __future__ import annotations

from enum import Enum

KNOTS_PER_MS = 1.943844
HPA_PER_INHG = 33.8639


class TemperatureUnit(Enum):
    CELSIUS = "C"
    FAHRENHEIT = "F"
    KELVIN = "K"

    @classmethod
    def from_symbol(cls, symbol: str) -> "TemperatureUnit":
        cleaned = symbol.strip().upper().lstrip("°")
        for unit in cls:
            if unit.value == cleaned:
                return unit
        raise ValueError(f"unknown temperature unit {symbol!r}")


def to_celsius(value: float, unit: TemperatureUnit) -> float:
    if unit is TemperatureUnit.CELSIUS:
        return value
    if unit is TemperatureUnit.FAHRENHEIT:
        return (value - 32.0) * 5.0 / 9.0
    return value - 273.15


def celsius_to_fahrenheit(value: float) -> float:
    return value * 9.0 / 5.0 + 32.0


def ms_to_knots(speed: float) -> float:
    return speed * KNOTS_PER_MS


def inhg_to_hpa(pressure: float) -> float:
    return pressure * HPA_PER_INHG


def dew_point(temperature_c: float, humidity_percent: float) -> float:
    """Magnus formula; good to about 0.35 degC for -45..60 degC."""
    import math

    a, b = 17.62, 243.12
    gamma = math.log(max(humidity_percent, 1e-6) / 100.0) + a * temperature_c / (b + temperature_c)
    return b * gamma / (a - gamma)
