package com.northwind.inventory.service;

import com.northwind.inventory.model.Product;
import com.northwind.inventory.model.StockLevel;
import com.northwind.inventory.repo.StockLedger;
import com.northwind.inventory.util.Dates;

import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns low stock into purchase orders. Cold-chain products go to the refrigerated supplier,
 * everything else to the general one; orders are dated on the next working day.
 */
public class ReorderPlanner {
    public static final String COLD_SUPPLIER = "polar-logistics";
    public static final String GENERAL_SUPPLIER = "central-wholesale";

    private final InventoryService inventory;
    private final ReorderPolicy policy;
    private final Clock clock;

    public ReorderPlanner(InventoryService inventory, ReorderPolicy policy, Clock clock) {
        this.inventory = inventory;
        this.policy = policy;
        this.clock = clock;
    }

    public Map<String, PurchaseOrder> plan() {
        LocalDate orderDate = Dates.nextWorkingDay(Dates.today(clock));
        Map<String, PurchaseOrder> orders = new LinkedHashMap<>();
        StockLedger ledger = inventory.ledger();
        for (Product product : inventory.belowReorderLevel()) {
            StockLevel level = ledger.levelOf(product.sku());
            int quantity = policy.quantityToOrder(product, level);
            if (quantity <= 0) {
                continue;
            }
            String supplier = product.needsColdStorage() ? COLD_SUPPLIER : GENERAL_SUPPLIER;
            orders.computeIfAbsent(supplier, name -> new PurchaseOrder(name, orderDate)).addLine(product, quantity);
        }
        return orders;
    }

    public List<String> describe(Map<String, PurchaseOrder> orders) {
        List<String> lines = new ArrayList<>();
        for (PurchaseOrder order : orders.values()) {
            lines.add(order.summary());
            for (PurchaseOrder.Line line : order.lines()) {
                lines.add("  " + line.product().label() + " x" + line.quantity() + " = " + line.total());
            }
        }
        return lines;
    }

    public int totalUnits(Map<String, PurchaseOrder> orders) {
        int units = 0;
        for (PurchaseOrder order : orders.values()) {
            units += order.units();
        }
        return units;
    }
}
