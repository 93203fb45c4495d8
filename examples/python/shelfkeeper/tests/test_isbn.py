import pytest

from shelfkeeper.isbn import checksum_ok, digits_of, normalize_isbn, pretty_isbn


def test_digits_and_checksum():
    assert digits_of("978-0-306-40615-7") == "9780306406157"
    assert checksum_ok("9780306406157")
    assert not checksum_ok("9780306406158")
    assert not checksum_ok("978030640615")


def test_normalize_and_pretty():
    assert normalize_isbn(" 978 0 306 40615 7 ") == "9780306406157"
    assert pretty_isbn("9780306406157") == "978-0-30-640615-7"
    with pytest.raises(ValueError):
        normalize_isbn("123")
