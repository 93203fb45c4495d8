package com.northwind.inventory.repo;

import com.northwind.inventory.model.Sku;
import com.northwind.inventory.model.StockLevel;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Stock per SKU plus a journal of every movement, so that a stock level can always be
 * explained by the receipts, reservations and shipments that produced it.
 */
public class StockLedger {
    private final Map<Sku, StockLevel> levels = new HashMap<>();
    private final List<String> journal = new ArrayList<>();

    public StockLevel levelOf(Sku sku) {
        return levels.computeIfAbsent(sku, key -> new StockLevel(0));
    }

    public void receive(Sku sku, int quantity) {
        levelOf(sku).receive(quantity);
        record("IN", sku, quantity);
    }

    public boolean reserve(Sku sku, int quantity) {
        StockLevel level = levelOf(sku);
        boolean reserved = level.reserve(quantity);
        record(reserved ? "RSV" : "RSV-FAIL", sku, quantity);
        return reserved;
    }

    public void release(Sku sku, int quantity) {
        levelOf(sku).release(quantity);
        record("REL", sku, quantity);
    }

    public void ship(Sku sku, int quantity) {
        StockLevel level = levelOf(sku);
        level.ship(quantity);
        record("OUT", sku, quantity);
    }

    public int available(Sku sku) {
        StockLevel level = levels.get(sku);
        return level == null ? 0 : level.available();
    }

    public int totalOnHand() {
        int total = 0;
        for (StockLevel level : levels.values()) {
            total += level.onHand();
        }
        return total;
    }

    public List<String> journal() {
        return Collections.unmodifiableList(journal);
    }

    private void record(String kind, Sku sku, int quantity) {
        journal.add(String.format("%-8s %s %5d", kind, sku.code(), quantity));
    }
}
