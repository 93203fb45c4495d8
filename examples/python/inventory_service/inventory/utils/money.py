"""Exact money arithmetic on integer cents."""

from __future__ import annotations

from dataclasses import dataclass

CURRENCY_DIGITS = {"EUR": 2, "USD": 2, "JPY": 0}


class CurrencyMismatch(ValueError):
    """Raised when two amounts in different currencies are combined."""


@dataclass(frozen=True)
class Money:
    cents: int
    currency: str = "EUR"

    @classmethod
    def parse(cls, text: str, currency: str = "EUR") -> "Money":
        whole, _, frac = text.strip().partition(".")
        digits = CURRENCY_DIGITS.get(currency, 2)
        frac = (frac + "0" * digits)[:digits]
        sign = -1 if whole.startswith("-") else 1
        return cls(sign * (abs(int(whole or 0)) * 10**digits + int(frac or 0)), currency)

    @classmethod
    def zero(cls, currency: str = "EUR") -> "Money":
        return cls(0, currency)

    def _check(self, other: "Money") -> None:
        if other.currency != self.currency:
            raise CurrencyMismatch(f"{self.currency} != {other.currency}")

    def __add__(self, other: "Money") -> "Money":
        self._check(other)
        return Money(self.cents + other.cents, self.currency)

    def __sub__(self, other: "Money") -> "Money":
        self._check(other)
        return Money(self.cents - other.cents, self.currency)

    def times(self, quantity: int) -> "Money":
        return Money(self.cents * quantity, self.currency)

    def percent(self, rate: float) -> "Money":
        return Money(round_half_even(self.cents * rate / 100.0), self.currency)

    def is_negative(self) -> bool:
        return self.cents < 0

    def format(self) -> str:
        digits = CURRENCY_DIGITS.get(self.currency, 2)
        if digits == 0:
            return f"{self.cents} {self.currency}"
        sign = "-" if self.cents < 0 else ""
        whole, frac = divmod(abs(self.cents), 10**digits)
        return f"{sign}{whole}.{frac:0{digits}d} {self.currency}"


def round_half_even(value: float) -> int:
    """Banker's rounding, as accountants expect for tax amounts."""
    return int(round(value))


def total(amounts, currency: str = "EUR") -> Money:
    result = Money.zero(currency)
    for amount in amounts:
        result = result + amount
    return result
