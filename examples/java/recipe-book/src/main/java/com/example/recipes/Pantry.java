package com.example.recipes;

import java.util.HashMap;
import java.util.Map;

/** What is in stock; tells what is missing for a shopping list's items. */
public class Pantry {
    private final Map<String, Quantity> stock = new HashMap<>();

    public void store(String name, Quantity quantity) {
        String key = name.toLowerCase();
        Quantity have = stock.get(key);
        stock.put(key, have == null ? quantity : have.plus(quantity));
    }

    public boolean has(String name, Quantity wanted) {
        Quantity have = stock.get(name.toLowerCase());
        return have != null && have.convertTo(wanted.unit()).amount() + 1e-9 >= wanted.amount();
    }

    /** How much of {@code wanted} is missing (zero in its unit when in stock). */
    public Quantity missing(String name, Quantity wanted) {
        Quantity have = stock.get(name.toLowerCase());
        if (have == null) {
            return wanted;
        }
        double inStock = have.convertTo(wanted.unit()).amount();
        return new Quantity(Math.max(0, wanted.amount() - inStock), wanted.unit());
    }
}
