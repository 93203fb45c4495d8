package com.northwind.inventory.repo;

import com.northwind.inventory.model.Category;
import com.northwind.inventory.model.Product;
import com.northwind.inventory.model.Sku;

import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;

/** Where products are kept; the service never cares whether it is memory or a database. */
public interface ProductRepository {
    Optional<Product> findBySku(Sku sku);

    List<Product> findByCategory(Category category);

    List<Product> all();

    void save(Product product);

    boolean remove(Sku sku);

    /** The product with this SKU; a missing product is a caller error, not an empty result. */
    default Product require(Sku sku) {
        return findBySku(sku).orElseThrow(() -> new NoSuchElementException("unknown product " + sku.code()));
    }

    default int count() {
        return all().size();
    }
}
