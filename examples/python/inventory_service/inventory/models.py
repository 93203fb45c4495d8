"""Domain objects: products, stock items, orders."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import Enum
from typing import List, Optional

from .utils.money import Money


class OrderStatus(Enum):
    DRAFT = "draft"
    PLACED = "placed"
    SHIPPED = "shipped"
    CANCELLED = "cancelled"


@dataclass
class Product:
    sku: str
    name: str
    unit_price: Money
    category: str = "general"
    weight_grams: int = 0
    discontinued: bool = False

    def label(self) -> str:
        return f"{self.sku} {self.name} ({self.unit_price.format()})"

    def is_heavy(self) -> bool:
        return self.weight_grams >= 20_000


@dataclass
class StockItem:
    product: Product
    on_hand: int = 0
    reserved: int = 0
    reorder_level: int = 5

    @property
    def available(self) -> int:
        return max(0, self.on_hand - self.reserved)

    def reserve(self, quantity: int) -> bool:
        if quantity > self.available:
            return False
        self.reserved += quantity
        return True

    def release(self, quantity: int) -> None:
        self.reserved = max(0, self.reserved - quantity)

    def needs_reorder(self) -> bool:
        return self.available <= self.reorder_level


@dataclass
class OrderLine:
    product: Product
    quantity: int

    def subtotal(self) -> Money:
        return self.product.unit_price.times(self.quantity)


@dataclass
class Order:
    order_id: str
    customer: str
    lines: List[OrderLine] = field(default_factory=list)
    status: OrderStatus = OrderStatus.DRAFT
    created_at: datetime = field(default_factory=datetime.now)
    coupon: Optional[str] = None

    def add_line(self, product: Product, quantity: int) -> OrderLine:
        for line in self.lines:
            if line.product.sku == product.sku:
                line.quantity += quantity
                return line
        line = OrderLine(product, quantity)
        self.lines.append(line)
        return line

    def item_count(self) -> int:
        return sum(line.quantity for line in self.lines)

    def mark(self, status: OrderStatus) -> None:
        self.status = status
