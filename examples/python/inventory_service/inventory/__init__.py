"""Inventory and order management."""

from .models import Product, StockItem, Order, OrderLine
from .utils.money import Money

__all__ = ["Product", "StockItem", "Order", "OrderLine", "Money"]
