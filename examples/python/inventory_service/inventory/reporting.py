"""Human-readable reports over stock and orders."""

from __future__ import annotations

from collections import Counter
from typing import List

from . import repository as repo_module
from .models import OrderStatus
from .pricing import PriceCalculator, Quote
from .utils.money import Money, CurrencyMismatch


def _rule(width: int) -> str:
    return "-" * width


def _pad(text: str, width: int) -> str:
    return text[:width].ljust(width)


class StockReport:
    """Tabular stock overview with low-stock highlighting."""

    def __init__(self, repository, width: int = 60) -> None:
        self.repository = repository
        self.width = width

    def header(self) -> List[str]:
        return [_pad("SKU", 12) + _pad("NAME", 30) + "AVAILABLE", _rule(self.width)]

    def rows(self) -> List[str]:
        lines = []
        for item in self.repository.all_items():
            flag = " !" if item.needs_reorder() else ""
            lines.append(_pad(item.product.sku, 12) + _pad(item.product.name, 30) + f"{item.available}{flag}")
        return lines

    def render(self) -> str:
        body = self.header() + self.rows()
        body.append(_rule(self.width))
        value = self.repository.stock_value()
        body.append(f"stock value: {value.format()}")
        return "\n".join(body)


def order_summary(repository, calculator: PriceCalculator) -> dict:
    """Counts orders by status and sums the value of placed and shipped orders."""
    by_status = Counter(order.status for order in repository.orders())
    revenue = Money.zero()
    skipped = 0
    for order in repository.orders():
        if order.status not in (OrderStatus.PLACED, OrderStatus.SHIPPED):
            continue
        quote: Quote = calculator.quote(order)
        try:
            revenue = revenue + quote.grand_total
        except CurrencyMismatch:
            skipped += 1
    return {
        "orders": sum(by_status.values()),
        "cancelled": by_status.get(OrderStatus.CANCELLED, 0),
        "revenue": revenue.format(),
        "skipped_currencies": skipped,
    }


def empty_repository_report() -> str:
    return StockReport(repo_module.InventoryRepository()).render()
