package com.example.recipes;

/** A named ingredient with the quantity a recipe needs and its energy per base unit. */
public class Ingredient {
    private final String name;
    private final Quantity quantity;
    private final double kcalPerBaseUnit;

    public Ingredient(String name, Quantity quantity, double kcalPerBaseUnit) {
        this.name = name;
        this.quantity = quantity;
        this.kcalPerBaseUnit = kcalPerBaseUnit;
    }

    public String getName() {
        return name;
    }

    public Quantity getQuantity() {
        return quantity;
    }

    /** Energy of the whole quantity. */
    public double calories() {
        return quantity.amount() * quantity.unit().factor() * kcalPerBaseUnit;
    }

    /** The same ingredient with its quantity multiplied. */
    public Ingredient scaled(double factor) {
        return new Ingredient(name, quantity.times(factor), kcalPerBaseUnit);
    }
}
