from datetime import date

from shelfkeeper.dates import add_days, days_between, parse_day
from shelfkeeper.money import capped_fine, format_cents
from shelfkeeper.text import initials, title_case, tokenize


def test_text_helpers():
    assert tokenize("The Art of Electronics!") == ["art", "electronics"]
    assert title_case("the art OF electronics") == "The Art of Electronics"
    assert initials(" grace  hopper ") == "GH"


def test_dates():
    assert add_days(date(2024, 2, 28), 2) == date(2024, 3, 1)
    assert days_between(date(2024, 3, 1), date(2024, 2, 28)) == -2
    assert parse_day("2024-03-01") == date(2024, 3, 1)


def test_money():
    assert capped_fine(-3) == 0 and capped_fine(2) == 50 and capped_fine(100) == 1000
    assert format_cents(1234) == "$12.34" and format_cents(-5) == "-$0.05"
