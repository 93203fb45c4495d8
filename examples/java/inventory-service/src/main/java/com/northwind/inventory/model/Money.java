package com.northwind.inventory.model;

import java.util.Objects;

/**
 * An amount of money in minor units (cents) of one currency.
 *
 * <p>Amounts are immutable; arithmetic returns new instances and refuses to mix currencies,
 * because a silent conversion is the classic source of wrong stock valuations.
 */
public final class Money implements Comparable<Money> {
    public static final String DEFAULT_CURRENCY = "EUR";
    public static final Money ZERO = new Money(0, DEFAULT_CURRENCY);

    private final long cents;
    private final String currency;

    public Money(long cents, String currency) {
        this.cents = cents;
        this.currency = Objects.requireNonNull(currency, "currency");
    }

    public static Money ofCents(long cents) {
        return new Money(cents, DEFAULT_CURRENCY);
    }

    /** Parses "12.5", "12.50 EUR" or "3 USD". */
    public static Money parse(String text) {
        String[] parts = text.trim().split("\\s+");
        String currency = parts.length > 1 ? parts[1] : DEFAULT_CURRENCY;
        String[] units = parts[0].split("\\.");
        long whole = Long.parseLong(units[0]);
        long fraction = units.length > 1 ? Long.parseLong((units[1] + "0").substring(0, 2)) : 0;
        return new Money(whole * 100 + (whole < 0 ? -fraction : fraction), currency);
    }

    public long cents() {
        return cents;
    }

    public String currency() {
        return currency;
    }

    public Money plus(Money other) {
        requireSameCurrency(other);
        return new Money(cents + other.cents, currency);
    }

    public Money minus(Money other) {
        requireSameCurrency(other);
        return new Money(cents - other.cents, currency);
    }

    public Money times(int quantity) {
        return new Money(cents * quantity, currency);
    }

    /** The given percentage of this amount, rounded half up to the cent. */
    public Money percent(int percent) {
        return new Money(Math.round(cents * percent / 100.0), currency);
    }

    public boolean isNegative() {
        return cents < 0;
    }

    public boolean isGreaterThan(Money other) {
        return compareTo(other) > 0;
    }

    private void requireSameCurrency(Money other) {
        if (!currency.equals(other.currency)) {
            throw new IllegalArgumentException("currency mismatch: " + currency + " vs " + other.currency);
        }
    }

    @Override
    public int compareTo(Money other) {
        requireSameCurrency(other);
        return Long.compare(cents, other.cents);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Money)) {
            return false;
        }
        Money that = (Money) o;
        return cents == that.cents && currency.equals(that.currency);
    }

    @Override
    public int hashCode() {
        return Objects.hash(cents, currency);
    }

    @Override
    public String toString() {
        return String.format("%d.%02d %s", cents / 100, Math.abs(cents % 100), currency);
    }
}
