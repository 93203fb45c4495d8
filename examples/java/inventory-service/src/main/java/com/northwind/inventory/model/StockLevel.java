package com.northwind.inventory.model;

/**
 * Units of one SKU in the warehouse: what is physically on hand and what is already promised
 * to open orders. Only the difference can be sold or reserved again.
 */
public final class StockLevel {
    private int onHand;
    private int reserved;

    public StockLevel(int onHand) {
        if (onHand < 0) {
            throw new IllegalArgumentException("negative stock: " + onHand);
        }
        this.onHand = onHand;
    }

    public int onHand() {
        return onHand;
    }

    public int reserved() {
        return reserved;
    }

    public int available() {
        return onHand - reserved;
    }

    public void receive(int quantity) {
        requirePositive(quantity);
        onHand += quantity;
    }

    /** Reserves {@code quantity} units if that many are available; returns whether it did. */
    public boolean reserve(int quantity) {
        requirePositive(quantity);
        if (quantity > available()) {
            return false;
        }
        reserved += quantity;
        return true;
    }

    public void release(int quantity) {
        requirePositive(quantity);
        reserved = Math.max(0, reserved - quantity);
    }

    /** Ships reserved units: they leave both the reservation and the shelf. */
    public void ship(int quantity) {
        requirePositive(quantity);
        if (quantity > reserved) {
            throw new IllegalStateException("shipping " + quantity + " but only " + reserved + " reserved");
        }
        reserved -= quantity;
        onHand -= quantity;
    }

    public boolean isBelow(int level) {
        return available() < level;
    }

    private static void requirePositive(int quantity) {
        if (quantity <= 0) {
            throw new IllegalArgumentException("quantity must be positive: " + quantity);
        }
    }

    @Override
    public String toString() {
        return onHand + " on hand, " + reserved + " reserved";
    }
}
