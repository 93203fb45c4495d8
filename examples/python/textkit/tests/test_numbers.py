import pytest

from textkit.numbers import format_bytes, from_roman, humanize_count, ordinal, to_roman


@pytest.mark.parametrize("n, expected", [(1, "1st"), (2, "2nd"), (3, "3rd"), (11, "11th"), (22, "22nd"), (113, "113th")])
def test_ordinal(n, expected):
    assert ordinal(n) == expected


def test_roman_round_trip():
    assert to_roman(1994) == "MCMXCIV"
    assert from_roman("mcmxciv") == 1994
    with pytest.raises(ValueError):
        from_roman("IIII")
    with pytest.raises(ValueError):
        to_roman(0)


def test_humanize_count():
    assert humanize_count(950) == "950"
    assert humanize_count(1234) == "1.2k"
    assert humanize_count(2000) == "2k"
    assert humanize_count(-5_600_000) == "-5.6M"


def test_format_bytes():
    assert format_bytes(1023) == "1023 B"
    assert format_bytes(1536) == "1.5 KiB"
    assert format_bytes(5 * 1024**3) == "5.0 GiB"
