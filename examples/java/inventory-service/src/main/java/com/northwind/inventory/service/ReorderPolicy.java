package com.northwind.inventory.service;

import com.northwind.inventory.model.Category;
import com.northwind.inventory.model.Product;
import com.northwind.inventory.model.StockLevel;

/**
 * Decides how many units of a product to order given its current stock. Policies compose:
 * {@link #perishableAware} caps any policy at what can be sold before the goods expire.
 */
@FunctionalInterface
public interface ReorderPolicy {
    int quantityToOrder(Product product, StockLevel level);

    /** Order the product's fixed reorder quantity once stock is below its reorder level. */
    static ReorderPolicy fixed() {
        return (product, level) -> level.isBelow(product.reorderLevel()) ? product.reorderQuantity() : 0;
    }

    /** Top stock up to {@code target} available units. */
    static ReorderPolicy topUp(int target) {
        return (product, level) -> Math.max(0, target - level.available());
    }

    /**
     * Never order more perishable units than sell within their shelf life, assuming
     * {@code dailySales} units leave the warehouse per day.
     */
    static ReorderPolicy perishableAware(ReorderPolicy base, int dailySales) {
        return (product, level) -> {
            int wanted = base.quantityToOrder(product, level);
            Category category = product.category();
            if (!category.expires() || !product.isPerishable()) {
                return wanted;
            }
            int sellable = dailySales * category.shelfLifeDays() - level.available();
            return Math.max(0, Math.min(wanted, sellable));
        };
    }

    default ReorderPolicy atLeast(int minimum) {
        return (product, level) -> {
            int wanted = quantityToOrder(product, level);
            return wanted == 0 ? 0 : Math.max(minimum, wanted);
        };
    }
}
