"""shelfkeeper: a small lending library."""

__version__ = "0.1.0"
