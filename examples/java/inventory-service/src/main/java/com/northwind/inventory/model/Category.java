package com.northwind.inventory.model;

import java.util.Locale;

/**
 * Storage category of a product. The category decides shelf life and whether the product
 * needs the cold chain, which drives both pricing (clearance) and reorder planning.
 */
public enum Category {
    PERISHABLE("P", 7, true),
    FROZEN("F", 180, true),
    DRY_GOODS("D", 365, false),
    NON_FOOD("N", 0, false);

    private final String code;
    private final int shelfLifeDays;
    private final boolean coldChain;

    Category(String code, int shelfLifeDays, boolean coldChain) {
        this.code = code;
        this.shelfLifeDays = shelfLifeDays;
        this.coldChain = coldChain;
    }

    public String code() {
        return code;
    }

    public int shelfLifeDays() {
        return shelfLifeDays;
    }

    public boolean requiresColdChain() {
        return coldChain;
    }

    /** Non-food items never expire. */
    public boolean expires() {
        return shelfLifeDays > 0;
    }

    public static Category fromCode(String code) {
        String wanted = code.trim().toUpperCase(Locale.ROOT);
        for (Category category : values()) {
            if (category.code.equals(wanted)) {
                return category;
            }
        }
        throw new IllegalArgumentException("unknown category code: " + code);
    }
}
