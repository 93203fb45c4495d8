package com.example.recipes;

/** Units a quantity can be measured in, with their size in the base unit of their kind. */
public enum Unit {
    GRAM("g", 1.0, true),
    KILOGRAM("kg", 1000.0, true),
    MILLILITER("ml", 1.0, false),
    LITER("l", 1000.0, false),
    PIECE("pc", 1.0, false);

    private final String symbol;
    private final double factor;
    private final boolean mass;

    Unit(String symbol, double factor, boolean mass) {
        this.symbol = symbol;
        this.factor = factor;
        this.mass = mass;
    }

    public String symbol() {
        return symbol;
    }

    public double factor() {
        return factor;
    }

    public boolean isMass() {
        return mass;
    }

    /** Whether amounts of the two units can be added up. */
    public boolean compatibleWith(Unit other) {
        if (this == PIECE || other == PIECE) {
            return this == other;
        }
        return mass == other.mass;
    }
}
