"""ISBN-13 normalization and validation."""

ISBN_LENGTH = 13


def digits_of(text):
    """Keep only the digits of an ISBN as written (hyphens and spaces dropped)."""
    return "".join(ch for ch in str(text) if ch.isdigit())


def checksum_ok(digits):
    """True when the ISBN-13 check digit matches the first twelve digits."""
    if len(digits) != ISBN_LENGTH:
        return False
    total = sum(int(d) * (1 if i % 2 == 0 else 3) for i, d in enumerate(digits[:12]))
    return (10 - total % 10) % 10 == int(digits[12])


def normalize_isbn(text):
    """The 13 digits of a valid ISBN-13; ValueError otherwise."""
    digits = digits_of(text)
    if not checksum_ok(digits):
        raise ValueError(f"not a valid ISBN-13: {text!r}")
    return digits


def pretty_isbn(digits):
    """978-0-00-000000-0 style grouping (prefix, group, publisher, title, check)."""
    return f"{digits[:3]}-{digits[3]}-{digits[4:6]}-{digits[6:12]}-{digits[12]}"
