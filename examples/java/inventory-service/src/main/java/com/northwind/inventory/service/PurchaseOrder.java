package com.northwind.inventory.service;

import com.northwind.inventory.model.Money;
import com.northwind.inventory.model.Product;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** An order to one supplier: product lines with quantities, priced at the current unit price. */
public class PurchaseOrder {
    /** One product and how many units of it are ordered. */
    public static final class Line {
        private final Product product;
        private final int quantity;

        Line(Product product, int quantity) {
            this.product = product;
            this.quantity = quantity;
        }

        public Product product() {
            return product;
        }

        public int quantity() {
            return quantity;
        }

        public Money total() {
            return product.valueOf(quantity);
        }
    }

    private final String supplier;
    private final LocalDate created;
    private final List<Line> lines = new ArrayList<>();

    public PurchaseOrder(String supplier, LocalDate created) {
        this.supplier = supplier;
        this.created = created;
    }

    public void addLine(Product product, int quantity) {
        if (quantity <= 0) {
            throw new IllegalArgumentException("quantity must be positive for " + product.label());
        }
        lines.add(new Line(product, quantity));
    }

    public List<Line> lines() {
        return Collections.unmodifiableList(lines);
    }

    public String supplier() {
        return supplier;
    }

    public LocalDate created() {
        return created;
    }

    public Money total() {
        Money sum = Money.ZERO;
        for (Line line : lines) {
            sum = sum.plus(line.total());
        }
        return sum;
    }

    public int units() {
        return lines.stream().mapToInt(Line::quantity).sum();
    }

    public boolean isEmpty() {
        return lines.isEmpty();
    }

    public String summary() {
        return supplier + " " + created + ": " + lines.size() + " lines, " + units() + " units, " + total();
    }
}
