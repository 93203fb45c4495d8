"""Restocking: find items below their reorder level and produce purchase orders."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Dict, List

from inventory.events import EventBus
from inventory.models import StockItem
from inventory.repository import InventoryRepository
from inventory.utils.money import Money
import inventory.utils.money as money_utils


@dataclass
class PurchaseLine:
    sku: str
    quantity: int
    cost: object


@dataclass
class PurchaseOrder:
    supplier: str
    lines: List[PurchaseLine]

    def cost(self):
        return money_utils.total((line.cost for line in self.lines))


class RestockPlanner:
    """Plans purchase orders so every item gets back above its reorder level."""

    def __init__(self, repository: InventoryRepository, bus: EventBus, pack_size: int = 10) -> None:
        self.repository = repository
        self.bus = bus
        self.pack_size = pack_size
        self.suppliers: Dict[str, str] = {}

    def assign_supplier(self, category: str, supplier: str) -> None:
        self.suppliers[category] = supplier

    def shortfall(self, item) -> int:
        target = item.reorder_level * 2
        missing = target - item.available
        return max(0, missing)

    def packs_needed(self, quantity: int) -> int:
        return math.ceil(quantity / self.pack_size) if quantity > 0 else 0

    def plan(self) -> List[PurchaseOrder]:
        grouped: Dict[str, List[PurchaseLine]] = {}
        for item in self.repository.all_items():
            if item.product.discontinued or not item.needs_reorder():
                continue
            quantity = self.packs_needed(self.shortfall(item)) * self.pack_size
            if quantity == 0:
                continue
            supplier = self.suppliers.get(item.product.category, "default-supplier")
            cost = item.product.unit_price.times(quantity).percent(60.0)
            grouped.setdefault(supplier, []).append(PurchaseLine(item.product.sku, quantity, cost))
        orders = [PurchaseOrder(name, lines) for name, lines in sorted(grouped.items())]
        for order in orders:
            self.bus.publish("restock.planned", supplier=order.supplier, lines=len(order.lines))
        return orders

    def receive(self, order: PurchaseOrder) -> int:
        received = 0
        for line in order.lines:
            item: StockItem = self.repository.stock(line.sku)
            item.on_hand += line.quantity
            received += line.quantity
        self.bus.publish("restock.received", supplier=order.supplier, units=received)
        return received

    def budget_left(self, budget, orders: List[PurchaseOrder]):
        spent = Money.zero(budget.currency)
        for order in orders:
            spent = spent + order.cost()
        return budget - spent
