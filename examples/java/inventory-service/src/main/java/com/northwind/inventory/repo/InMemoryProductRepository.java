package com.northwind.inventory.repo;

import com.northwind.inventory.model.Category;
import com.northwind.inventory.model.Product;
import com.northwind.inventory.model.Sku;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A repository backed by an insertion-ordered map. Listing is sorted by SKU so that reports
 * are stable between runs.
 */
public class InMemoryProductRepository implements ProductRepository {
    private final Map<Sku, Product> bySku = new LinkedHashMap<>();
    private int writes;

    @Override
    public Optional<Product> findBySku(Sku sku) {
        return Optional.ofNullable(bySku.get(sku));
    }

    @Override
    public List<Product> findByCategory(Category category) {
        List<Product> found = new ArrayList<>();
        for (Product product : bySku.values()) {
            if (product.category() == category) {
                found.add(product);
            }
        }
        found.sort(Comparator.comparing(p -> p.sku().code()));
        return found;
    }

    @Override
    public List<Product> all() {
        List<Product> everything = new ArrayList<>(bySku.values());
        everything.sort(Comparator.comparing(product -> product.sku().serial()));
        return everything;
    }

    @Override
    public void save(Product product) {
        Sku key = product.sku();
        if (bySku.containsKey(key) && bySku.get(key) != product) {
            throw new IllegalStateException("another product already uses " + key.code());
        }
        bySku.put(key, product);
        writes++;
    }

    @Override
    public boolean remove(Sku sku) {
        writes++;
        return bySku.remove(sku) != null;
    }

    public int writes() {
        return writes;
    }

    /** Families (SKU prefixes) present in the repository, in first-seen order. */
    public List<String> families() {
        List<String> families = new ArrayList<>();
        for (Sku sku : bySku.keySet()) {
            String family = sku.family();
            if (!families.contains(family)) {
                families.add(family);
            }
        }
        return families;
    }

    public boolean hasColdChainProducts() {
        return bySku.values().stream().anyMatch(Product::needsColdStorage);
    }
}
