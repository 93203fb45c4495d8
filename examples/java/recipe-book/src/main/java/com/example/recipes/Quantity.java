package com.example.recipes;

import java.util.Locale;

/** An amount in a unit; immutable. */
public final class Quantity {
    private final double amount;
    private final Unit unit;

    public Quantity(double amount, Unit unit) {
        if (amount < 0) {
            throw new IllegalArgumentException("negative amount: " + amount);
        }
        this.amount = amount;
        this.unit = unit;
    }

    public double amount() {
        return amount;
    }

    public Unit unit() {
        return unit;
    }

    /** The same quantity expressed in {@code target}. */
    public Quantity convertTo(Unit target) {
        if (!unit.compatibleWith(target)) {
            throw new IllegalArgumentException("cannot convert " + unit + " to " + target);
        }
        return new Quantity(amount * unit.factor() / target.factor(), target);
    }

    /** The sum, in this quantity's unit. */
    public Quantity plus(Quantity other) {
        Quantity converted = other.convertTo(unit);
        return new Quantity(amount + converted.amount, unit);
    }

    public Quantity times(double factor) {
        return new Quantity(amount * factor, unit);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Quantity)) {
            return false;
        }
        Quantity q = (Quantity) o;
        return unit == q.unit && Math.abs(amount - q.amount) < 1e-9;
    }

    @Override
    public int hashCode() {
        return unit.hashCode() * 31 + Long.hashCode(Math.round(amount * 1000));
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%.2f %s", amount, unit.symbol());
    }
}
