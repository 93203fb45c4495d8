package com.northwind.inventory.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.northwind.inventory.model.Category;
import com.northwind.inventory.model.Money;
import com.northwind.inventory.model.Product;
import com.northwind.inventory.model.Sku;

import java.time.LocalDate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Discounts and clearance prices, checked on a small fixed catalogue. */
class PricingServiceTest {
    private PricingService pricing;
    private Product rice;
    private Product milk;

    @BeforeEach
    void setUp() {
        pricing = new PricingService().withCategoryDiscount(Category.DRY_GOODS, 10);
        rice = new Product(Sku.of("DRY-0001"), "Rice 1kg", Category.DRY_GOODS, Money.parse("2.00"));
        milk = new Product(Sku.of("DAI-0007"), "Milk 1l", Category.PERISHABLE, Money.parse("1.20"));
    }

    @Test
    void categoryDiscountApplies() {
        assertEquals(Money.ofCents(1800), pricing.priceFor(rice, 10));
        assertEquals(10, pricing.discountPercent(rice, 1));
    }

    @Test
    void bulkDiscountAddsUp() {
        int discount = pricing.discountPercent(rice, PricingService.BULK_THRESHOLD);
        assertEquals(10 + PricingService.BULK_DISCOUNT, discount);
        Money bulk = pricing.priceFor(rice, PricingService.BULK_THRESHOLD);
        assertTrue(bulk.isGreaterThan(Money.ZERO));
    }

    @Test
    void clearanceStartsThreeDaysBeforeExpiry() {
        LocalDate received = LocalDate.of(2026, 3, 2);
        Money early = pricing.clearancePrice(milk, received, received.plusDays(1));
        assertEquals(milk.unitPrice(), early);
        Money late = pricing.clearancePrice(milk, received, received.plusDays(Category.PERISHABLE.shelfLifeDays() - 1));
        assertTrue(milk.unitPrice().isGreaterThan(late));
    }

    @Test
    void riceNeverGoesOnClearance() {
        LocalDate received = LocalDate.of(2026, 1, 5);
        assertEquals(rice.unitPrice(), pricing.clearancePrice(rice, received, received.plusDays(400)));
        assertTrue(pricing.isLossMaking(rice, Money.parse("2.50")));
    }
}
