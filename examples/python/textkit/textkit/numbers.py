"""Writing numbers for people: ordinals, roman numerals, compact counts, byte sizes."""

_ROMAN = [
    (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
    (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
]
_SIZE_UNITS = ["B", "KiB", "MiB", "GiB", "TiB", "PiB"]
_COUNT_SUFFIXES = [(1_000_000_000, "B"), (1_000_000, "M"), (1_000, "k")]


def ordinal(n: int) -> str:
    """Return an English ordinal for an integer: 1 -> "1st", 12 -> "12th", 23 -> "23rd"."""
    if 10 <= abs(n) % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(abs(n) % 10, "th")
    return f"{n}{suffix}"


def to_roman(n: int) -> str:
    """Write an integer between 1 and 3999 as a roman numeral (raises ValueError otherwise)."""
    if not 0 < n < 4000:
        raise ValueError("roman numerals cover 1..3999")
    parts = []
    for value, symbol in _ROMAN:
        count, n = divmod(n, value)
        parts.append(symbol * count)
    return "".join(parts)


def from_roman(numeral: str) -> int:
    """Read a roman numeral (case-insensitive) back into an integer.

    The numeral must be canonical: "IIII" or "IC" raise ValueError, because writing the
    result back must give the same text.
    """
    text = numeral.strip().upper()
    total, i = 0, 0
    for value, symbol in _ROMAN:
        while text.startswith(symbol, i):
            total += value
            i += len(symbol)
    if i != len(text) or total == 0 or to_roman(total) != text:
        raise ValueError(f"not a roman numeral: {numeral!r}")
    return total


def humanize_count(n: int, precision: int = 1) -> str:
    """Write a count compactly: 950 -> "950", 1234 -> "1.2k", 5_600_000 -> "5.6M".

    Trailing ".0" is dropped ("2k", not "2.0k"); negative counts keep their sign.
    """
    sign = "-" if n < 0 else ""
    value = abs(n)
    for threshold, suffix in _COUNT_SUFFIXES:
        if value >= threshold:
            text = f"{value / threshold:.{precision}f}".rstrip("0").rstrip(".")
            return f"{sign}{text}{suffix}"
    return f"{sign}{value}"


def format_bytes(size: int) -> str:
    """Format a byte count with binary units: 1536 -> "1.5 KiB", 1023 -> "1023 B"."""
    if size < 0:
        raise ValueError("size must not be negative")
    value = float(size)
    for unit in _SIZE_UNITS:
        if value < 1024 or unit == _SIZE_UNITS[-1]:
            return f"{int(value)} {unit}" if unit == "B" else f"{value:.1f} {unit}"
        value /= 1024
    return f"{value:.1f} {_SIZE_UNITS[-1]}"
