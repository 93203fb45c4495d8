package com.northwind.inventory.service;

import com.northwind.inventory.model.Category;
import com.northwind.inventory.model.Money;
import com.northwind.inventory.model.Product;
import com.northwind.inventory.util.Dates;

import java.time.LocalDate;
import java.util.EnumMap;
import java.util.Map;

/**
 * Prices order lines: category discounts, a bulk discount above a quantity threshold, and
 * clearance prices for perishable goods close to their expiry date.
 */
public class PricingService {
    public static final int BULK_THRESHOLD = 50;
    public static final int BULK_DISCOUNT = 5;
    private static final int MAX_DISCOUNT = 40;

    private final Map<Category, Integer> categoryDiscounts = new EnumMap<>(Category.class);

    public PricingService withCategoryDiscount(Category category, int percent) {
        if (percent < 0 || percent > MAX_DISCOUNT) {
            throw new IllegalArgumentException("discount out of range: " + percent);
        }
        categoryDiscounts.put(category, percent);
        return this;
    }

    public int discountPercent(Product product, int quantity) {
        int discount = categoryDiscounts.getOrDefault(product.category(), 0);
        if (quantity >= BULK_THRESHOLD) {
            discount += BULK_DISCOUNT;
        }
        return Math.min(discount, MAX_DISCOUNT);
    }

    public Money priceFor(Product product, int quantity) {
        Money gross = product.valueOf(quantity);
        Money discount = gross.percent(discountPercent(product, quantity));
        return gross.minus(discount);
    }

    /**
     * Perishable goods lose 10% of their price per day in their last three days; goods that
     * do not expire keep their price.
     */
    public Money clearancePrice(Product product, LocalDate received, LocalDate today) {
        Category category = product.category();
        if (!category.expires()) {
            return product.unitPrice();
        }
        LocalDate expiry = Dates.expiryDate(received, category.shelfLifeDays());
        long daysLeft = Dates.daysBetween(today, expiry);
        if (daysLeft > 3) {
            return product.unitPrice();
        }
        int cut = (int) Math.min(MAX_DISCOUNT, (4 - Math.max(daysLeft, 0)) * 10);
        return product.unitPrice().minus(product.unitPrice().percent(cut));
    }

    public boolean isLossMaking(Product product, Money purchasePrice) {
        return purchasePrice.isGreaterThan(product.unitPrice());
    }
}
