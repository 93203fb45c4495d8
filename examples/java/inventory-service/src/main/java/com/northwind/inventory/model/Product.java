package com.northwind.inventory.model;

import java.util.Objects;

/**
 * A product the warehouse stocks: identity, category, current unit price and the reorder
 * parameters (reorder when available stock drops below the level; order the quantity).
 */
public class Product {
    private final Sku sku;
    private final String name;
    private final Category category;
    private Money unitPrice;
    private int reorderLevel;
    private int reorderQuantity = 1;

    public Product(Sku sku, String name, Category category, Money unitPrice) {
        this.sku = Objects.requireNonNull(sku, "sku");
        this.name = Objects.requireNonNull(name, "name");
        this.category = Objects.requireNonNull(category, "category");
        this.unitPrice = Objects.requireNonNull(unitPrice, "unitPrice");
    }

    public Sku sku() {
        return sku;
    }

    public String name() {
        return name;
    }

    public Category category() {
        return category;
    }

    public Money unitPrice() {
        return unitPrice;
    }

    public int reorderLevel() {
        return reorderLevel;
    }

    public int reorderQuantity() {
        return reorderQuantity;
    }

    public Product withReorder(int level, int quantity) {
        if (level < 0 || quantity <= 0) {
            throw new IllegalArgumentException("bad reorder parameters: " + level + "/" + quantity);
        }
        this.reorderLevel = level;
        this.reorderQuantity = quantity;
        return this;
    }

    public void reprice(Money newPrice) {
        if (newPrice.isNegative()) {
            throw new IllegalArgumentException("negative price for " + sku.code() + ": " + newPrice);
        }
        this.unitPrice = newPrice;
    }

    public Money valueOf(int quantity) {
        return unitPrice.times(quantity);
    }

    public boolean needsColdStorage() {
        return category.requiresColdChain();
    }

    public boolean isPerishable() {
        return category == Category.PERISHABLE;
    }

    public String label() {
        return sku.code() + " " + name;
    }

    @Override
    public String toString() {
        return label() + " (" + category + ", " + unitPrice + ")";
    }
}
