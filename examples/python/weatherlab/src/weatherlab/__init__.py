"""Weather station data processing."""

__version__ = "0.3.0"
