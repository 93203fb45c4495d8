package com.northwind.inventory.service;

import static com.northwind.inventory.util.Dates.isoDate;

import com.northwind.inventory.model.Category;
import com.northwind.inventory.model.Money;
import com.northwind.inventory.model.Product;
import com.northwind.inventory.model.Sku;
import com.northwind.inventory.model.StockLevel;
import com.northwind.inventory.repo.ProductRepository;
import com.northwind.inventory.repo.StockLedger;

import java.time.Clock;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The operations the warehouse staff perform: registering products, receiving deliveries,
 * reserving stock for customer orders and valuing what is on the shelves.
 */
public class InventoryService {
    private final ProductRepository products;
    private final StockLedger ledger;
    private final Clock clock;
    private final List<String> audit = new ArrayList<>();

    public InventoryService(ProductRepository products, StockLedger ledger, Clock clock) {
        this.products = products;
        this.ledger = ledger;
        this.clock = clock;
    }

    public Product register(String code, String name, String price) {
        Sku sku = Sku.of(code);
        Category category = sku.impliedCategory();
        Product product = new Product(sku, name, category, Money.parse(price));
        products.save(product);
        audit.add(isoDate(clock) + " registered " + product.label());
        return product;
    }

    public void receive(String code, int quantity) {
        Sku sku = Sku.of(code);
        Product product = products.require(sku);
        ledger.receive(sku, quantity);
        audit.add(isoDate(clock) + " received " + quantity + " x " + product.name());
    }

    /** Reserves stock for an order line; false when not enough is available. */
    public boolean reserve(String code, int quantity) {
        Sku sku = Sku.of(code);
        if (products.findBySku(sku).isEmpty()) {
            return false;
        }
        return ledger.reserve(sku, quantity);
    }

    public Money stockValue() {
        Money total = Money.ZERO;
        for (Product product : products.all()) {
            StockLevel level = ledger.levelOf(product.sku());
            total = total.plus(product.valueOf(level.onHand()));
        }
        return total;
    }

    public List<Product> belowReorderLevel() {
        List<Product> low = new ArrayList<>();
        for (Product product : products.all()) {
            if (ledger.levelOf(product.sku()).isBelow(product.reorderLevel())) {
                low.add(product);
            }
        }
        return low;
    }

    public Map<Category, Integer> unitsByCategory() {
        Map<Category, Integer> units = new EnumMap<>(Category.class);
        for (Product product : products.all()) {
            units.merge(product.category(), ledger.available(product.sku()), Integer::sum);
        }
        return units;
    }

    public int coldChainUnits() {
        int units = 0;
        for (Category category : Category.values()) {
            if (category.requiresColdChain()) {
                units += unitsByCategory().getOrDefault(category, 0);
            }
        }
        return units;
    }

    public StockLedger ledger() {
        return ledger;
    }

    public List<String> audit() {
        return List.copyOf(audit);
    }
}
