package com.northwind.inventory.model;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A stock keeping unit: three letters naming the product family, a dash and four digits,
 * e.g. {@code FRZ-0042}. The family prefix implies the storage category.
 */
public final class Sku {
    private static final Pattern FORMAT = Pattern.compile("[A-Z]{3}-\\d{4}");

    private final String code;

    private Sku(String code) {
        this.code = code;
    }

    public static Sku of(String code) {
        String normalized = code.trim().toUpperCase(Locale.ROOT);
        if (!FORMAT.matcher(normalized).matches()) {
            throw new IllegalArgumentException("not a SKU: '" + code + "'");
        }
        return new Sku(normalized);
    }

    public static boolean isValid(String code) {
        return code != null && FORMAT.matcher(code.trim().toUpperCase(Locale.ROOT)).matches();
    }

    public String code() {
        return code;
    }

    public String family() {
        return code.substring(0, 3);
    }

    public int serial() {
        return Integer.parseInt(code.substring(4));
    }

    /** The category a product of this family is stored in unless told otherwise. */
    public Category impliedCategory() {
        switch (family()) {
            case "FRZ":
                return Category.FROZEN;
            case "FRS":
            case "DAI":
                return Category.PERISHABLE;
            case "HOU":
                return Category.NON_FOOD;
            default:
                return Category.DRY_GOODS;
        }
    }

    public Sku next() {
        return new Sku(String.format("%s-%04d", family(), serial() + 1));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Sku && ((Sku) o).code.equals(code);
    }

    @Override
    public int hashCode() {
        return code.hashCode();
    }

    @Override
    public String toString() {
        return code;
    }
}
