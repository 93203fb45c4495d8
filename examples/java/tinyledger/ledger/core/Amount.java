package ledger.core;

/**
 * A signed amount in minor units. Positive amounts are debits, negative amounts credits, so
 * a balanced transaction is one whose amounts sum to zero.
 */
public final class Amount implements Comparable<Amount> {
    public static final Amount NONE = new Amount(0);
    private static final int SCALE = 100;

    private final long minor;

    private Amount(long minor) {
        this.minor = minor;
    }

    public static Amount ofMinor(long minor) {
        return minor == 0 ? NONE : new Amount(minor);
    }

    /** Parses "125.40", "-3", "(12.00)" (accounting notation for negatives). */
    public static Amount parse(String text) {
        String clean = text.trim().replace(",", "");
        boolean negative = clean.startsWith("(") && clean.endsWith(")") || clean.startsWith("-");
        clean = clean.replace("(", "").replace(")", "").replace("-", "");
        String[] parts = clean.split("\\.", 2);
        long whole = parts[0].isEmpty() ? 0 : Long.parseLong(parts[0]);
        long cents = parts.length == 2 ? Long.parseLong((parts[1] + "00").substring(0, 2)) : 0;
        long minor = whole * SCALE + cents;
        return ofMinor(negative ? -minor : minor);
    }

    public long minor() {
        return minor;
    }

    public Amount plus(Amount other) {
        return ofMinor(minor + other.minor);
    }

    public Amount negate() {
        return ofMinor(-minor);
    }

    public Amount abs() {
        return minor < 0 ? negate() : this;
    }

    public boolean isZero() {
        return minor == 0;
    }

    public boolean isDebit() {
        return minor > 0;
    }

    @Override
    public int compareTo(Amount other) {
        return Long.compare(minor, other.minor);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Amount && ((Amount) o).minor == minor;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(minor);
    }

    /** "1,234.50", negative amounts in parentheses. */
    public String format() {
        long units = Math.abs(minor);
        String text = String.format("%,d.%02d", units / SCALE, units % SCALE);
        return minor < 0 ? "(" + text + ")" : text;
    }

    @Override
    public String toString() {
        return format();
    }
}
