"""Storage of products and stock, in memory (a database adapter would mirror this API)."""

from __future__ import annotations

from typing import Dict, Iterable, List, Optional

from .models import Order, Product, StockItem
from .utils import money


class NotFound(KeyError):
    pass


class InventoryRepository:
    """Keeps products, their stock levels and placed orders."""

    def __init__(self) -> None:
        self._stock: Dict[str, StockItem] = {}
        self._orders: Dict[str, Order] = {}

    def add_product(self, product: Product, on_hand: int = 0, reorder_level: int = 5) -> StockItem:
        item = StockItem(product, on_hand=on_hand, reorder_level=reorder_level)
        self._stock[product.sku] = item
        return item

    def stock(self, sku: str) -> StockItem:
        try:
            return self._stock[sku]
        except KeyError:
            raise NotFound(sku) from None

    def find_product(self, sku: str) -> Optional[Product]:
        item = self._stock.get(sku)
        return item.product if item else None

    def all_items(self) -> Iterable[StockItem]:
        return sorted(self._stock.values(), key=lambda item: item.product.sku)

    def by_category(self, category: str) -> List[StockItem]:
        return [item for item in self.all_items() if item.product.category == category]

    def save_order(self, order: Order) -> None:
        self._orders[order.order_id] = order

    def order(self, order_id: str) -> Order:
        if order_id not in self._orders:
            raise NotFound(order_id)
        return self._orders[order_id]

    def orders(self) -> List[Order]:
        return list(self._orders.values())

    def stock_value(self, currency: str = "EUR"):
        """Value of everything on hand, at unit price."""
        values = [
            item.product.unit_price.times(item.on_hand)
            for item in self.all_items()
            if item.product.unit_price.currency == currency
        ]
        return money.total(values, currency)
