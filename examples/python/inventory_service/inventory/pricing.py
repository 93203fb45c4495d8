"""Pricing rules: category discounts, coupons and tax."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Optional

from .models import Order, OrderLine
from .utils.money import Money, total as sum_money

DEFAULT_TAX_RATE = 19.0


@dataclass(frozen=True)
class Coupon:
    code: str
    percent_off: float = 0.0
    amount_off_cents: int = 0
    minimum_items: int = 0


@dataclass
class Quote:
    subtotal: Money
    discount: Money
    tax: Money

    @property
    def grand_total(self) -> Money:
        return self.subtotal - self.discount + self.tax


class PriceCalculator:
    """Computes order quotes from category discounts, an optional coupon and tax."""

    def __init__(self, tax_rate: float = DEFAULT_TAX_RATE) -> None:
        self.tax_rate = tax_rate
        self.category_discounts: Dict[str, float] = {}
        self.coupons: Dict[str, Coupon] = {}

    def set_category_discount(self, category: str, percent: float) -> None:
        if not 0 <= percent <= 100:
            raise ValueError("discount must be a percentage")
        self.category_discounts[category] = percent

    def register_coupon(self, coupon: Coupon) -> None:
        self.coupons[coupon.code.upper()] = coupon

    def line_discount(self, line: OrderLine) -> Money:
        rate = self.category_discounts.get(line.product.category, 0.0)
        return line.subtotal().percent(rate)

    def coupon_for(self, order: Order) -> Optional[Coupon]:
        if not order.coupon:
            return None
        coupon = self.coupons.get(order.coupon.upper())
        if coupon and order.item_count() >= coupon.minimum_items:
            return coupon
        return None

    def quote(self, order: Order, currency: str = "EUR") -> Quote:
        subtotal = sum_money((line.subtotal() for line in order.lines), currency)
        discount = sum_money((self.line_discount(line) for line in order.lines), currency)
        coupon = self.coupon_for(order)
        if coupon is not None:
            discount = discount + (subtotal - discount).percent(coupon.percent_off)
            discount = discount + Money(coupon.amount_off_cents, currency)
        if (subtotal - discount).is_negative():
            discount = subtotal
        tax = (subtotal - discount).percent(self.tax_rate)
        return Quote(subtotal, discount, tax)
