"""Calendar arithmetic on datetime.date values."""
from datetime import date, timedelta

LOAN_DAYS = 21


def add_days(day, n):
    """The date ``n`` days after ``day``."""
    return day + timedelta(days=n)


def days_between(start, end):
    """Whole days from ``start`` to ``end`` (negative when ``end`` is earlier)."""
    return (end - start).days


def parse_day(text):
    """A date from ``YYYY-MM-DD``."""
    year, month, day = (int(part) for part in text.split("-"))
    return date(year, month, day)
