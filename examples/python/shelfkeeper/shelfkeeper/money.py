"""Amounts in cents and their display."""

FINE_PER_DAY_CENTS = 25
MAX_FINE_CENTS = 1000


def capped_fine(days_late):
    """The fine for ``days_late`` days, never negative and never above the cap."""
    return max(0, min(days_late * FINE_PER_DAY_CENTS, MAX_FINE_CENTS))


def format_cents(cents):
    """``1234`` -> ``"$12.34"``."""
    sign = "-" if cents < 0 else ""
    cents = abs(cents)
    return f"{sign}${cents // 100}.{cents % 100:02d}"
