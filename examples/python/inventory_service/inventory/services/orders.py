"""Placing, shipping and cancelling orders."""

from __future__ import annotations

import itertools
import logging
from typing import Iterable, List, Tuple

from ..events import EventBus
from ..models import Order, OrderStatus
from ..pricing import PriceCalculator
from ..repository import InventoryRepository, NotFound

log = logging.getLogger(__name__)


class OrderError(RuntimeError):
    """An order cannot be placed or changed."""


class OrderService:
    """Coordinates stock reservations, pricing and notifications for orders."""

    _ids = itertools.count(1)

    def __init__(self, repository, pricing=None, bus=None) -> None:
        self.repository = repository
        self.pricing = pricing
        self.bus = bus
        self.failed: List[Tuple[str, str]] = []

    def new_order(self, customer: str, items: Iterable[Tuple[str, int]], coupon=None):
        order_id = f"ORD-{next(self._ids):05d}"
        if not customer.strip():
            raise OrderError("customer is required")
        order = Order(order_id, customer.strip(), coupon=coupon)
        for sku, quantity in items:
            if quantity <= 0:
                raise OrderError(f"bad quantity {quantity} for {sku}")
            product = self.repository.find_product(sku)
            if product is None:
                raise OrderError(f"unknown product {sku}")
            order.add_line(product, quantity)
        return order

    def place(self, order):
        reserved = []
        for line in order.lines:
            item = self.repository.stock(line.product.sku)
            if not item.reserve(line.quantity):
                for done_line in reserved:
                    self.repository.stock(done_line.product.sku).release(done_line.quantity)
                self.failed.append((order.order_id, line.product.sku))
                raise OrderError(f"not enough {line.product.sku}")
            reserved.append(line)
        quote = self.pricing.quote(order)
        order.mark(OrderStatus.PLACED)
        self.repository.save_order(order)
        self.bus.publish("order.placed", order_id=order.order_id, total=quote.grand_total.format())
        log.info("placed %s for %s", order.order_id, order.customer)
        return quote

    def ship(self, order_id: str):
        try:
            order = self.repository.order(order_id)
        except NotFound:
            raise OrderError(f"no such order {order_id}") from None
        if order.status is not OrderStatus.PLACED:
            raise OrderError(f"{order_id} is {order.status.value}")
        for line in order.lines:
            item = self.repository.stock(line.product.sku)
            item.on_hand -= line.quantity
            item.release(line.quantity)
        order.mark(OrderStatus.SHIPPED)
        self.bus.publish("order.shipped", order_id=order_id)
        return order

    def cancel(self, order_id: str) -> None:
        order = self.repository.order(order_id)
        if order.status is OrderStatus.SHIPPED:
            raise OrderError("shipped orders cannot be cancelled")
        for line in order.lines:
            self.repository.stock(line.product.sku).release(line.quantity)
        order.mark(OrderStatus.CANCELLED)
        self.bus.publish("order.cancelled", order_id=order_id)


def default_service() -> OrderService:
    """A ready-to-use service with an empty repository and default prices."""
    repository = InventoryRepository()
    calculator = PriceCalculator()
    calculator.set_category_discount("clearance", 30.0)
    bus = EventBus()
    bus.subscribe("order.placed", lambda event: log.debug(event.describe()))
    return OrderService(repository, calculator, bus)
